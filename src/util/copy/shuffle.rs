//! Rows of units in reverse order (a flipped width axis of pixels, `x[:, :, ::-1]` of an NHWC
//! image) by hand-written AVX2 shuffles, for primitive element types: the copy engine's
//! third `unsafe` module (after [`super::raw`] and [`super::stream`]).
//!
//! Why by hand: the safe loop compiled for AVX2 ([`super::units::units_reversed_flat`]) reverses
//! a block into an array on the stack and reads it back unit by unit; for RGB `f32` that is about
//! three instructions a pixel plus a block's bookkeeping, and the RGB `f32` flip of a 16×224×224×3
//! batch ran at 1.85x a `memcpy` of its bytes (target 1.5x), the `u8` one at 1.63x. Here each
//! vector is one load, one shuffle and one store, straight from the source row to the result:
//! - a vector holds `g` whole units of the source row (its `window`: `g` units of `d` lanes,
//!   `g * d <= LANES`), loaded so that the window is at its top (the load ends where the window
//!   ends, so it never reads past the row's end), and one shuffle puts those units in reverse
//!   order at the vector's bottom;
//! - the vector is stored whole where the window's units go in the result, so its top
//!   `LANES - g * d` lanes spill past them into slots the next store (the next group of the row,
//!   or the next row's first) writes again: stores go forwards, so every slot's last write is
//!   the right one;
//! - the row's last group (its lowest units) is loaded from the row's start with the window at
//!   the vector's bottom, as many units as are left; in the result's last row, whose spill would
//!   leave the result, a group that does not fill the vector is copied unit by unit.
//!
//! The lanes are bytes (`pshufb` on 16 bytes: 5 RGB `u8` pixels, 2 RGB `u16` pixels per
//! vector) for one- and two-byte elements, and 32-bit words (`vpermd` on 32 bytes: 2 RGB `f32`
//! pixels, 4 pairs, 2 RGBA pixels) for four- and eight-byte ones. Units of one element (a grey
//! image's width flipped, the copy engine's `Kernel::Reversed`) take the same loops: 2.4 MB
//! batches of 64×64 grey images, pinned, `u8` 115 -> 71 µs (2.7x -> 2.0x a `memcpy`), `u16`
//! 1.9x -> 1.4x, `f32` 1.5x -> 1.2x; the listed `f32` 16×224×224×1 flip, criterion A/B,
//! 58.3-59.7 -> 54.4-55.3 µs.
//!
//! Each row is read from its end down, which the CPU's prefetchers do not follow (they see
//! rows start forwards, then every line of a row read backwards): a flipped batch too large
//! for L2 waited on its loads. So about once per 64 bytes of groups the loop prefetches
//! (`prefetcht0`) the line at the same place in the next row, one row ahead (the next row's
//! address, so crops and height flips are prefetched right too). Measured (16×224×224×C,
//! pinned best of 60-100 beside a `to_vec` of the result's bytes in the same process): f32
//! RGB (9.6 MB) 1.37-1.42x -> 1.11-1.14x that `memcpy`; f64 RGB 1.50x -> 1.13-1.21x; u16 RGB
//! 1.38-1.41x -> 1.11-1.12x; u8 RGB 1.53-1.64x -> 1.41-1.44x; the same with the prefetch two
//! rows ahead; a u8 batch that stays in L2 unchanged.
//!
//! Not done, measured (before the prefetch): full, 32-byte aligned, non-overlapping stores
//! (per vector two loads, two `vpermd` and a `vpblendvb`, or one `vpermd` of a blend of two
//! loads) ran the f32 batch at 1.6-1.7x, and a 1.2 MB one at 1.85x against 1.35x
//! (instructions per call 170,684 -> 288,266): the extra loads, shuffles and blends cost more
//! than the quarter of each store that spills. The stores were not what the 9.6 MB batch
//! waited on either: with the shuffle taken out, the overlapping stores alone ran at 1.37x,
//! like the shuffled ones (1.35-1.42x); the backward reads were.
//!
//! RGB bytes (units of 3) in rows of at least 16 units now take that other form after all
//! ([`x86::bytes_in_blocks`]): blocks of 16 pixels, each output vector two 16-byte windows
//! shuffled and or-ed and stored whole (`pshufb` is cheap where `vpermd` is not). On an AMD
//! EPYC of family 23 (Zen 1; pinned, best of 30 × 20 calls beside a `to_vec` of the result's
//! bytes, this build against the one before in alternating processes): 16×224×224×3 1.71-1.92x
//! -> 1.26-1.52x that `memcpy` (156-191 -> 115-153 µs), one 224×224×3 image 2.26-2.80x ->
//! 1.90-1.92x, 16×100×100×3 2.26x -> 1.78-1.80x, 4×512×512×3 1.28-1.34x -> 1.05-1.25x; rows
//! of 20 pixels level (3.8-4.0x). `u16` RGB (units of 6 bytes) in a standalone prototype of
//! the blocks: 1.19-1.40x against the spilling loop's 1.15x, so not taken.
//!
//! Soundness, for every block below: the element type is a primitive
//! ([`super::stream::is_plain`]: its clone is a copy of its bytes, every byte initialised, any
//! copied bytes of a slot a valid value), so copying bytes is cloning; every load reads `LANES` lanes inside one source row (a shared
//! slice of `row` elements) and every store writes `LANES` lanes inside the result (`dst`, a
//! `&mut` slice of `rows * row` slots, written only through its one pointer): the bounds are
//! proven where each pointer is made. The CPU has AVX2 (detected before the
//! `#[target_feature]` function is called).

use std::mem::MaybeUninit;

/// Whether [`units_reversed_rows`] copies rows of `row` elements in units of `N` elements of
/// `A` on this CPU: a primitive of 1, 2, 4 or 8 bytes whose units fit a vector, rows of at
/// least one vector, and AVX2.
#[inline]
pub(super) fn takes<A, const N: usize>(row: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let Some((lanes, _, d)) = geometry::<A, N>() else {
            return false;
        };
        super::stream::is_plain::<A>()
            && row.is_multiple_of(N.max(1))
            && row / N.max(1) * d >= lanes
            && std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = row;
        false
    }
}

/// The vector for units of `N` elements of `A`: lanes per vector, bytes per lane, and the lanes
/// of one unit (`d`); `None` where no kernel here applies. Units of whole 32-bit words take
/// `vpermd` (RGBA bytes too: 35,889 instructions for a 224×224 flip by words, 49,664 by
/// bytes), the others `pshufb`.
#[cfg(target_arch = "x86_64")]
fn geometry<A, const N: usize>() -> Option<(usize, usize, usize)> {
    let size = std::mem::size_of::<A>();
    // Left to the safe loop, which is as fast or faster (instructions for a flip of a 224×224
    // image): pairs of 2-byte elements (35,900 against 35,622) and units of four 8-byte
    // elements, a whole vector each, so a copy with nothing to shuffle (161,823 against
    // 149,825).
    if !matches!(size, 1 | 2 | 4 | 8)
        || !(1..=4).contains(&N)
        || matches!((size, N), (2, 2) | (8, 4))
    {
        return None;
    }
    // Units of whole 32-bit words by `vpermd`, others (2, 3 or 6 bytes) by `pshufb`.
    match size * N {
        unit if unit % 4 == 0 => Some((8, 4, unit / 4)),
        unit => Some((16, 1, unit)),
    }
}

/// Rows of units of `N` elements, each row's units in reverse order (the loop of
/// [`super::simd::units_reversed_rows`]): `sources` yields `dst.len() / row` rows of `row`
/// elements and each is written, units reversed, to the next `row` slots of `dst`. Every slot
/// of `dst` is written. Only for what [`takes`] accepts; it panics otherwise, and on a row of
/// another length or too few rows (before returning, so the caller never sees a slot unwritten).
pub(super) fn units_reversed_rows<'s, A: 's, const N: usize>(
    row: usize,
    sources: impl Iterator<Item = &'s [A]>,
    dst: &mut [MaybeUninit<A>],
) {
    // Each row as a pointer, after checking its length: the kernels read only the `row`
    // elements from it.
    let sources = sources.map(|src: &[A]| {
        assert_eq!(src.len(), row, "a row of shuffle::units_reversed_rows");
        src.as_ptr()
    });
    // SAFETY: each pointer starts a live shared slice of `row` elements (asserted above).
    unsafe { rows_from::<A, N>(row, sources, dst) }
}

/// [`units_reversed_rows`] for rows `stride` elements apart from `first` (the copy engine's
/// rows: no slice and no length check per row, which cost a tenth of a `u8` RGB flip).
///
/// # Safety
/// For `r < dst.len() / row`, the `row` elements from `first + r * stride` are initialised
/// elements of one allocation, not written during the call.
pub(super) unsafe fn units_reversed_strided<A, const N: usize>(
    row: usize,
    first: *const A,
    stride: isize,
    dst: &mut [MaybeUninit<A>],
) {
    let rows = dst.len() / row.max(1);
    let sources = (0..rows).map(move |r| first.wrapping_offset(r as isize * stride));
    // SAFETY: row r < rows starts at `first + r * stride`, `row` readable elements (the
    // contract), and the kernel reads rows only while r < rows.
    unsafe { rows_from::<A, N>(row, sources, dst) }
}

/// The body of [`units_reversed_rows`] and [`units_reversed_strided`].
///
/// # Safety
/// Each pointer `sources` yields (of the first `dst.len() / row`) starts `row` initialised
/// elements of one allocation, not written during the call.
unsafe fn rows_from<A, const N: usize>(
    row: usize,
    sources: impl Iterator<Item = *const A>,
    dst: &mut [MaybeUninit<A>],
) {
    assert!(
        takes::<A, N>(row),
        "shuffle::units_reversed_rows for a kernel it lacks"
    );
    #[cfg(target_arch = "x86_64")]
    {
        let (lanes, lane, d) = geometry::<A, N>().unwrap_or((1, 1, 1));
        assert_eq!(
            dst.len() % row,
            0,
            "shuffle::units_reversed_rows: whole rows"
        );
        let rows = dst.len() / row;
        let sources = sources.map(|src| src.cast::<u8>());
        let out = dst.as_mut_ptr().cast::<u8>();
        let row_lanes = row * std::mem::size_of::<A>() / lane;
        // SAFETY: `takes` held: the CPU has AVX2, `A` is plain, and the row holds at least one
        // vector (`row / N * d >= lanes`, `row_lanes = row / N * d`); `d <= lanes` by
        // `geometry`. Each source pointer starts `row` readable elements (this function's
        // contract): `row_lanes * lane` readable bytes. `out` is `dst`'s `rows * row` slots,
        // borrowed mutably for the call: `rows * row_lanes * lane` writable bytes, and no
        // other reference to them is used while the kernel runs.
        let done = unsafe {
            match (lanes, d) {
                (16, 1) => x86::bytes::<1>(sources, rows, row_lanes, out),
                (16, 2) => x86::bytes::<2>(sources, rows, row_lanes, out),
                (16, 3) if row_lanes >= 16 * 3 => {
                    x86::bytes_in_blocks::<3>(sources, rows, row_lanes, out)
                }
                (16, 3) => x86::bytes::<3>(sources, rows, row_lanes, out),
                (16, 6) => x86::bytes::<6>(sources, rows, row_lanes, out),
                (8, 1) => x86::words::<1>(sources, rows, row_lanes, out),
                (8, 2) => x86::words::<2>(sources, rows, row_lanes, out),
                (8, 3) => x86::words::<3>(sources, rows, row_lanes, out),
                (8, 4) => x86::words::<4>(sources, rows, row_lanes, out),
                (8, 6) => x86::words::<6>(sources, rows, row_lanes, out),
                // No other unit comes out of `geometry`; nothing written, and the assert
                // below panics.
                _ => 0,
            }
        };
        assert_eq!(done, rows, "too few rows for shuffle::units_reversed_rows");
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (sources, dst);
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::prefetch::prefetch;
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm_or_si128, _mm_shuffle_epi8, _mm_storeu_si128,
        _mm256_broadcastsi128_si256, _mm256_castsi256_si128, _mm256_extracti128_si256,
        _mm256_loadu_si256, _mm256_permutevar8x32_epi32, _mm256_set_m128i, _mm256_shuffle_epi8,
        _mm256_storeu_si256,
    };

    /// The index of the source lane for each lane of a vector: the `g` units of `d` lanes that
    /// start at lane `from` of the loaded vector, in reverse unit order, at the vector's
    /// bottom; `spill` for the lanes above them (their value does not matter: overwritten).
    fn indices<const LANES: usize>(g: usize, d: usize, from: usize, spill: u8) -> [u8; LANES] {
        std::array::from_fn(|j| {
            if j < g * d {
                let (i, e) = (j / d, j % d);
                // Below LANES: from + g * d <= LANES (the window is in the vector).
                (from + (g - 1 - i) * d + e) as u8
            } else {
                spill
            }
        })
    }

    /// The rows by 16-byte `pshufb`: `sources` yields row pointers, `rows` rows of `row` lanes
    /// (bytes) each, units of `D` bytes; returns the rows done.
    ///
    /// # Safety
    /// The CPU has AVX2; each source pointer is readable for `row` bytes; `out` is writable
    /// for `rows * row` bytes and not otherwise accessed during the call; `1 <= D <= 16`,
    /// `row % D == 0`, `row >= 16`.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn bytes<const D: usize>(
        sources: impl Iterator<Item = *const u8>,
        rows: usize,
        row: usize,
        out: *mut u8,
    ) -> usize {
        let d = D;
        let (hi, lo, g, gl) = masks::<16>(row, d, 0x80);
        // SAFETY: both are 16 readable bytes (arrays of 16 `u8`).
        let (hi, lo) = unsafe {
            (
                _mm_loadu_si128(hi.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(lo.as_ptr().cast::<__m128i>()),
            )
        };
        let step = |src: *const u8, dst: *mut u8, mask: __m128i| {
            // SAFETY: the caller of `step` (`drive`) passes 16 readable bytes at `src` and 16
            // writable bytes at `dst` (its contract); unaligned loads and stores.
            unsafe {
                let v = _mm_loadu_si128(src.cast::<__m128i>());
                _mm_storeu_si128(dst.cast::<__m128i>(), _mm_shuffle_epi8(v, mask));
            }
        };
        let group = g * d;
        // Two full groups in one 32-byte shuffle (`pshufb` works in 16-byte halves): the group
        // at `src` in the low half, the one `group` bytes below it in the high half, each half
        // stored where its group goes (the second `group` bytes after the first).
        let hi2 = _mm256_broadcastsi128_si256(hi);
        let pair = |src: *const u8, dst: *mut u8| {
            // SAFETY: the caller of `pair` (`drive`) passes 16 readable bytes at `src` and at
            // `src - group`, 16 writable bytes at `dst` and at `dst + group` (its contract).
            unsafe {
                let a = _mm_loadu_si128(src.cast::<__m128i>());
                let b = _mm_loadu_si128(src.wrapping_sub(group).cast::<__m128i>());
                let v = _mm256_shuffle_epi8(_mm256_set_m128i(b, a), hi2);
                _mm_storeu_si128(dst.cast::<__m128i>(), _mm256_castsi256_si128(v));
                _mm_storeu_si128(
                    dst.wrapping_add(group).cast::<__m128i>(),
                    _mm256_extracti128_si256::<1>(v),
                );
            }
        };
        // SAFETY: forwarded from this function's contract; `step` moves 16 bytes, `pair` two
        // groups' 16 bytes.
        unsafe {
            drive::<16, D, 1, _, _>(
                sources,
                rows,
                row,
                gl,
                out,
                |s, o, high| step(s, o, if high { hi } else { lo }),
                pair,
            )
        }
    }

    /// [`bytes`] for rows of at least `16 * D` bytes, in blocks of 16 units (`D` vectors):
    /// output block `j` of a row is the source block that ends `j` blocks before the row's
    /// end, its units reversed; each output vector is two 16-byte windows of that block
    /// shuffled and or-ed ([`block_program`]), stored whole, no byte spilling past its slots.
    /// Where 16 units do not divide the row, one more block ends the output row: the row's
    /// first 16 units reversed, overlapping the block before it (those bytes written twice,
    /// the same both times). Prefetches the next row at the same place once per block.
    ///
    /// # Safety
    /// The CPU has AVX2; each source pointer is readable for `row` bytes; `out` is writable
    /// for `rows * row` bytes and not otherwise accessed during the call; `row >= 16 * D`,
    /// `row % D == 0`; `block_program::<D>().fits` holds (its windows lie in the block).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn bytes_in_blocks<const D: usize>(
        sources: impl Iterator<Item = *const u8>,
        rows: usize,
        row: usize,
        out: *mut u8,
    ) -> usize {
        let BlockProgram {
            fits,
            windows,
            masks,
        } = const { block_program::<D>() };
        let block = 16 * D;
        assert!(fits && row >= block, "a row of shuffle::bytes_in_blocks");
        // SAFETY: 16 readable bytes each (arrays of 16 `u8`).
        let masks: [[__m128i; 2]; D] = masks
            .map(|pair| pair.map(|m| unsafe { _mm_loadu_si128(m.as_ptr().cast::<__m128i>()) }));
        // Output vectors `o .. o + block` from the source block at `s`.
        let reversed = |s: *const u8, o: *mut u8| {
            for v in 0..D {
                let [w0, w1] = windows[v];
                // SAFETY: the caller passes a source block of `block` readable bytes at `s`
                // (both windows lie in it: `fits`) and `block` writable bytes at `o`;
                // unaligned loads and stores.
                unsafe {
                    let a = _mm_loadu_si128(s.add(w0).cast::<__m128i>());
                    let b = _mm_loadu_si128(s.add(w1).cast::<__m128i>());
                    let x = _mm_or_si128(
                        _mm_shuffle_epi8(a, masks[v][0]),
                        _mm_shuffle_epi8(b, masks[v][1]),
                    );
                    _mm_storeu_si128(o.add(16 * v).cast::<__m128i>(), x);
                }
            }
        };
        let blocks = row / block;
        let mut done = 0;
        for (r, src, ahead) in with_next(sources, rows) {
            // r < rows: this row's `row` bytes of `out`.
            let dst = out.wrapping_add(r * row);
            // Block j (j < blocks): source bytes row - (j + 1) block .. row - j block, inside
            // the row; output bytes j block .. (j + 1) block, inside this row of `out`.
            let mut s = src.wrapping_add(row - block);
            let mut o = dst;
            for _ in 0..blocks {
                prefetch(s.wrapping_add(ahead));
                reversed(s, o);
                s = s.wrapping_sub(block);
                o = o.wrapping_add(block);
            }
            if !row.is_multiple_of(block) {
                // The row's first 16 units (row >= block) to the output row's last block.
                reversed(src, dst.wrapping_add(row - block));
            }
            done += 1;
        }
        done
    }

    /// [`bytes`] by 32-byte `vpermd` on 32-bit lanes: rows of `row` lanes (4 bytes each),
    /// units of `D` lanes.
    ///
    /// # Safety
    /// As for [`bytes`], in lanes of 4 bytes: `1 <= D <= 8`, `row % D == 0`, `row >= 8`.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn words<const D: usize>(
        sources: impl Iterator<Item = *const u8>,
        rows: usize,
        row: usize,
        out: *mut u8,
    ) -> usize {
        let d = D;
        let (hi, lo, g, gl) = masks::<8>(row, d, 0);
        let hi: [u32; 8] = hi.map(u32::from);
        let lo: [u32; 8] = lo.map(u32::from);
        // SAFETY: both are 32 readable bytes (arrays of 8 `u32`).
        let (hi, lo) = unsafe {
            (
                _mm256_loadu_si256(hi.as_ptr().cast::<__m256i>()),
                _mm256_loadu_si256(lo.as_ptr().cast::<__m256i>()),
            )
        };
        let step = |src: *const u8, dst: *mut u8, mask: __m256i| {
            // SAFETY: the caller of `step` (`drive`) passes 32 readable bytes at `src` and 32
            // writable bytes at `dst` (its contract); unaligned loads and stores.
            unsafe {
                let v = _mm256_loadu_si256(src.cast::<__m256i>());
                _mm256_storeu_si256(dst.cast::<__m256i>(), _mm256_permutevar8x32_epi32(v, mask));
            }
        };
        let group = g * d * 4;
        // SAFETY: forwarded from this function's contract; `step` moves 32 bytes, and the pair
        // is two steps, at `src` and `src - group` to `dst` and `dst + group`.
        unsafe {
            drive::<8, D, 4, _, _>(
                sources,
                rows,
                row,
                gl,
                out,
                |s, o, high| step(s, o, if high { hi } else { lo }),
                |s, o| {
                    step(s, o, hi);
                    step(s.wrapping_sub(group), o.wrapping_add(group), hi);
                },
            )
        }
    }

    /// The program of [`bytes_in_blocks`] for 16 units of `D` bytes reversed (a block of
    /// `16 * D` bytes, `D` output vectors): output byte `q` is source byte
    /// [`reversed_source`]`(q, D)` of the block. Each vector's two windows start at its lowest
    /// source byte and end at its highest; its bytes in reach of the first window take it, the
    /// others the second (mask lanes of the other window have the high bit set: zero). `fits`:
    /// every byte is in reach of its window (the vector's bytes span at most 32 source bytes:
    /// every `D <= 9`).
    pub(super) const fn block_program<const D: usize>() -> BlockProgram<D> {
        let mut windows = [[0; 2]; D];
        let mut masks = [[[0x80; 16]; 2]; D];
        let mut fits = D > 0 && D <= 16;
        let mut v = 0;
        while fits && v < D {
            let (mut low, mut high) = (usize::MAX, 0);
            let mut i = 0;
            while i < 16 {
                let q = 16 * v + i;
                let at = reversed_source(q, D);
                if at < low {
                    low = at;
                }
                if at > high {
                    high = at;
                }
                i += 1;
            }
            // The vector's 16 bytes come from 16 different source bytes: high >= low + 15.
            let second = high - 15;
            windows[v] = [low, second];
            let mut i = 0;
            while i < 16 {
                let q = 16 * v + i;
                let at = reversed_source(q, D);
                if at < low + 16 {
                    masks[v][0][i] = (at - low) as u8;
                } else if at >= second {
                    masks[v][1][i] = (at - second) as u8;
                } else {
                    fits = false;
                }
                i += 1;
            }
            v += 1;
        }
        BlockProgram {
            fits,
            windows,
            masks,
        }
    }

    /// The byte of a block of 16 units of `d` bytes that output byte `q` of the block, its
    /// units reversed, copies: byte `q % d` of unit `15 - q / d` (`q < 16 * d`).
    pub(super) const fn reversed_source(q: usize, d: usize) -> usize {
        (15 - q / d) * d + q % d
    }

    /// [`block_program`]'s result.
    pub(super) struct BlockProgram<const D: usize> {
        /// Whether every byte is in reach of its window.
        pub fits: bool,
        /// Each output vector's two windows (offsets in the block).
        pub windows: [[usize; 2]; D],
        /// Each output vector's `pshufb` masks, one per window.
        pub masks: [[[u8; 16]; 2]; D],
    }

    /// The first `rows` row pointers of `sources` (fewer if it ends), each with its row's index
    /// and how far the next row's source is from it in bytes (0 for the last row), which the
    /// row loops add to their source addresses to prefetch the next row at the same place.
    fn with_next(
        sources: impl Iterator<Item = *const u8>,
        rows: usize,
    ) -> impl Iterator<Item = (usize, *const u8, usize)> {
        let mut sources = sources.peekable();
        (0..rows).map_while(move |r| {
            let src = sources.next()?;
            let ahead = match sources.peek() {
                Some(&next) if r + 1 < rows => (next as usize).wrapping_sub(src as usize),
                _ => 0,
            };
            Some((r, src, ahead))
        })
    }

    /// The shuffle indices for rows of `row` lanes in units of `d`: the full groups' (`g` units,
    /// window at the vector's top) and the last group's (`gl` units, window at the bottom),
    /// with `g` and `gl`.
    fn masks<const LANES: usize>(
        row: usize,
        d: usize,
        spill: u8,
    ) -> ([u8; LANES], [u8; LANES], usize, usize) {
        let g = LANES / d;
        let units = row / d;
        let gl = if units.is_multiple_of(g) {
            g
        } else {
            units % g
        };
        (
            indices::<LANES>(g, d, LANES - g * d, spill),
            indices::<LANES>(gl, d, 0, spill),
            g,
            gl,
        )
    }

    /// The loop over rows and groups: `step(src, dst, high)` shuffles the `LANES` lanes at
    /// `src` with the full groups' mask (`high`) or the last group's and stores them at `dst`;
    /// `pair(src, dst)` does two full groups: `step(src, dst, true)`, then
    /// `step(src - group, dst + group, true)` (`group` the bytes of a full group).
    /// Returns the rows done (as many as `sources` yields, at most `rows`).
    ///
    /// # Safety
    /// `step` reads `LANES * lane` bytes at `src` and writes as many at `dst`, nothing else, and
    /// `pair` does what its two steps do;
    /// each source pointer is readable for `row * lane` bytes; `out` is writable for
    /// `rows * row * lane` bytes; `1 <= d <= LANES`, `row % d == 0`, `row >= LANES`,
    /// `gl` the units left for the last group (`1..=g`, `(row / d - gl) % g == 0`), where
    /// `d = D`, `lane = LANE` and `g = LANES / D`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    unsafe fn drive<
        const LANES: usize,
        const D: usize,
        const LANE: usize,
        F: Fn(*const u8, *mut u8, bool),
        P: Fn(*const u8, *mut u8),
    >(
        sources: impl Iterator<Item = *const u8>,
        rows: usize,
        row: usize,
        gl: usize,
        out: *mut u8,
        step: F,
        pair: P,
    ) -> usize {
        // Compile-time sizes: the groups' offsets become displacements of the moves.
        let (d, lane, g) = (D, LANE, LANES / D);
        let units = row / d;
        // The full groups before the last: `h * g + gl = units`.
        let h = (units - gl) / g;
        let group = g * d * lane;
        let unit = d * lane;
        // Whether the last group of the result's last row may be stored whole (it fills the
        // vector, so nothing spills).
        let fills = gl * d == LANES;
        let mut done = 0;
        // Each pair of groups prefetches the next row's bytes at the same place.
        for (r, src, ahead) in with_next(sources, rows) {
            // r < rows: this row's `row * lane` bytes of `out`.
            let dst = out.wrapping_add(r * row * lane);
            // Full group k (k < h) has the source units units - (k + 1) g .. units - k g: it
            // loads the LANES lanes ending at lane (units - k g) d and stores at lane k g d.
            // Bounds: the load starts at lane (units - k g) d - LANES
            // >= (gl + g) d - LANES > 0 (as (g + 1) d > LANES) and ends inside the row; the
            // store ends at lane k g d + LANES <= (units - gl - g) d + LANES < units d, inside
            // this row.
            let mut s = src.wrapping_add((row - LANES) * lane);
            let mut o = dst;
            // One prefetch per `per` pairs, about a line's worth (two pairs of 30 bytes for
            // RGB `u8`: one per pair cost 5% on a batch that stays in L2).
            let per = (64 / (2 * group)).max(1);
            let pairs = h / 2;
            for _ in 0..pairs / per {
                prefetch(s.wrapping_add(ahead));
                for _ in 0..per {
                    pair(s, o);
                    s = s.wrapping_sub(2 * group);
                    o = o.wrapping_add(2 * group);
                }
            }
            for _ in 0..pairs % per {
                pair(s, o);
                s = s.wrapping_sub(2 * group);
                o = o.wrapping_add(2 * group);
            }
            if h % 2 == 1 {
                step(s, o, true);
            }
            // The last group: source units 0 .. gl, loaded from the row's start (LANES lanes,
            // row >= LANES), stored at lane (units - gl) d, which ends at lane
            // (units - gl) d + LANES: inside `out` when another row follows (row >= LANES),
            // or when the group fills the vector (gl d == LANES). Otherwise copied unit by
            // unit, the last thing written (its spill would leave `out`).
            let last = dst.wrapping_add((units - gl) * unit);
            if r + 1 < rows || fills {
                step(src, last, false);
            } else {
                for i in 0..gl {
                    // SAFETY: unit gl - 1 - i of the row (below gl <= units) to unit
                    // units - gl + i of the result's row (below units): `unit` bytes each,
                    // inside the source row and `out`; different allocations.
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            src.add((gl - 1 - i) * unit),
                            last.add(i * unit),
                            unit,
                        )
                    };
                }
            }
            done += 1;
        }
        done
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::x86::{BlockProgram, block_program, reversed_source};

    /// `pshufb` of two windows or-ed, in scalars, against the reversal of 16 units.
    fn program_reverses<const D: usize>() -> bool {
        let BlockProgram {
            fits,
            windows,
            masks,
        } = block_program::<D>();
        let block: Vec<u8> = (0..16 * D).map(|i| i as u8).collect();
        let mut got = vec![0u8; 16 * D];
        for v in 0..D {
            for i in 0..16 {
                let mut byte = 0;
                for w in 0..2 {
                    let m = masks[v][w][i];
                    if m & 0x80 == 0 {
                        assert!(windows[v][w] + 16 <= 16 * D, "a window past the block");
                        byte |= block[windows[v][w] + usize::from(m & 15)];
                    }
                }
                got[16 * v + i] = byte;
            }
        }
        let want: Vec<u8> = (0..16 * D).map(|q| block[reversed_source(q, D)]).collect();
        assert!(!fits || got == want, "D = {D}");
        fits
    }

    #[test]
    fn block_programs_reverse_sixteen_units() {
        // Two windows reach every byte while a vector's bytes span at most 32 (always for
        // D <= 9).
        assert!(program_reverses::<3>());
        assert!(program_reverses::<1>());
        assert!(program_reverses::<6>());
        assert!(program_reverses::<9>());
        // Units of 11 bytes: a vector can take bytes of three units, 38 source bytes apart.
        assert!(!program_reverses::<11>());
    }
}
