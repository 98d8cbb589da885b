//! A prefetch hint for copies whose reads the hardware prefetchers do not follow: backwards (they
//! see a row start, then its lines read from the end down), as in the flipped-pixel shuffles
//! ([`super::shuffle`]) and reversed rows (`raw.rs`), which ask for the next row's lines while
//! they copy the current one; many rows a few lines at a time, as in the patch rows of
//! `gather_runs` (`util/runs.rs`), which ask for each row's next run; and rows picked by index
//! (`tf_gather`, `tf_gather_nd`), whose next row is anywhere, which ask for it by
//! [`prefetch_ahead`] while they copy the current one.

/// Asks the CPU to bring the cache line of `p` into L1 (`prefetcht0` on x86-64; nothing
/// elsewhere). A hint: it reads nothing the program sees and never faults, whatever the address,
/// so `p` need not point into any allocation.
#[inline(always)]
pub(crate) fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: `prefetcht0` has no architectural effect for any address (no fault, no
        // value); SSE is in the x86_64 baseline. `p` is only passed, never dereferenced.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// A cache line's bytes on the machines this crate is tuned on.
pub(crate) const LINE: usize = 64;

/// The elements of rows of `len` elements at `row` before the first [`LINE`] boundary, where
/// every such row begins at the same place in a line (`len` elements a multiple of a line's
/// bytes) and that place is a whole number of elements in; else 0. At most `len`. The
/// kernels that write many rows far apart (pixels to planes, `units::planes_flat`; the tile
/// transposes' `Columns`) write these elements on their own, so that their other stores
/// begin on a line wherever `malloc` put the result. Only the address is used: `row` need not
/// point anywhere.
pub(crate) fn line_head<T>(row: *const T, len: usize) -> usize {
    let size = std::mem::size_of::<T>();
    let offset = (LINE - row as usize % LINE) % LINE;
    let laid = size > 0 && len.wrapping_mul(size).is_multiple_of(LINE);
    if laid && offset.is_multiple_of(size) {
        (offset / size).min(len)
    } else {
        0
    }
}

/// Asks for every line of the `bytes` bytes from `p` ([`prefetch`] per line, and the last byte's
/// line, one more where `p` is not at a line's start). A hint: `p` need not point anywhere.
#[inline(always)]
pub(crate) fn prefetch_bytes(p: *const u8, bytes: usize) {
    if bytes == 0 {
        return;
    }
    let mut k = 0;
    while k < bytes {
        prefetch(p.wrapping_add(k));
        k += LINE;
    }
    prefetch(p.wrapping_add(bytes - 1));
}

/// The most [`prefetch_ahead`] asks for: the first 12 lines of a row. The hardware prefetchers
/// follow a row once it is being read, so its first lines are what the next copy would wait
/// for; asking for more cost the current copy here, presumably because each request holds one
/// of the L1's few miss buffers until its line arrives and the current row's stores (their
/// lines fetched for writing) wait behind them. Measured on the AMD EPYC family 23 (pinned,
/// best of 30 × 5 calls, alternating runs 4 times each, the table on huge pages as in the
/// benches): `tf_gather` of 2048 random 3 KiB rows of the 94 MB BERT table 1256-1303 us asking
/// for whole rows (up to 4 KiB, this constant before), 1199-1240 us for 1 KiB, 1186-1212 us for
/// 768 bytes, 1164-1190 us for 512 bytes, 1176-1193 us asking for nothing (NumPy's `take`
/// 1248-1263 us standalone); 10,000 1 KiB rows of a 4 MiB table (`tf_gather` /
/// `tf_gather_nd`) level at 768 bytes against whole rows (1470-1496 / 1657-1698 us against
/// 1482-1498 / 1650-1694), 3% slower at 512. On the family 26 (below), asking for 12 lines was
/// no better than for whole rows; the two were not compared there since.
const AHEAD_BYTES: usize = 768;

/// Asks for the first `bytes` bytes from `p`, at most [`AHEAD_BYTES`] of them: the next of
/// several rows picked at random, asked for while the current one is copied, so that its
/// first lines' trip to memory overlaps that copy instead of following it. A hint: `p` need
/// not point anywhere.
///
/// Measured (AMD EPYC family 26, pinned criterion, builds without and with the hint back to
/// back, twice): `tf_gather` of 2048 random 3 KiB rows of the 94 MB BERT table 132-137 us ->
/// 126-127 us (NumPy's `take` 121-123 us standalone); `tf_gather_nd` of 10,000 1 KiB rows of a
/// 4 MiB table 202-205 us -> 194-198 us; `tf_gather` of the same rows 201-202 us -> 205-206 us
/// (within the run-to-run spread: toggled in one binary it was 205 -> 196-204 us). Asking two
/// or four rows ahead, or for only the first 4 or 12 lines, was no better.
#[inline(always)]
pub(crate) fn prefetch_ahead(p: *const u8, bytes: usize) {
    prefetch_bytes(p, bytes.min(AHEAD_BYTES));
}

/// Appends, for each pick `i` of `picks`, the `width` elements of `src` from `i * scale`, asking
/// for the next pick's row ([`prefetch_ahead`]) while each is copied: the row loop of
/// `tf_gather` (picks are rows, `scale` their length) and `tf_gather_nd` (picks are element
/// offsets, `scale` 1). `None`, with the rows before it appended, where a row leaves `src`.
#[inline]
pub(crate) fn extend_picked_rows<A: Clone>(
    out: &mut Vec<A>,
    src: &[A],
    picks: &[usize],
    scale: usize,
    width: usize,
) -> Option<()> {
    let bytes = width.saturating_mul(std::mem::size_of::<A>());
    for (n, &i) in picks.iter().enumerate() {
        // Picks are rows anywhere in `src`: ask for the next one early.
        if let Some(&next) = picks.get(n + 1) {
            let row = src.as_ptr().wrapping_add(next.wrapping_mul(scale));
            prefetch_ahead(row.cast(), bytes);
        }
        let start = i.checked_mul(scale)?;
        out.extend_from_slice(src.get(start..start.checked_add(width)?)?);
    }
    Some(())
}
