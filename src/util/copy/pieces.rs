//! Rows made of pieces of unequal width: the data of a concat on an inner axis whose inputs are
//! in C order and differ in width there (YOLO's decoded boxes, 2 + 1 + 80 wide, joined on the
//! last axis). Row `o` of the result is the `o`-th run of every input, in order. The same
//! kernel takes pieces a step apart in their data or the same piece every row
//! ([`interleave_stepped`]): a padded image's rows (the constant, mirrored pixels, the row) and
//! rows tiled along an inner axis.
//!
//! Written straight into the result's spare capacity, a block of rows (about 8 KiB, so it stays
//! in L1) at a time, and within a block one input at a time, the widest first
//! ([`widest_first`]): each input's pieces go down the block's rows in one loop whose piece
//! length is the same every time, and a compile-time constant for pieces of 1 to 4 elements (a
//! box's coordinates, a confidence), so such a piece is one move ([`put_unit`]). Row by row,
//! every piece paid a loop of its own with a run-time length, and rows of a few short pieces
//! spent most of their time there.
//!
//! Measured (AMD EPYC family 26, pinned, best of 20 × 20 calls, `f32` 4×52×52×3 inputs, the
//! two builds back to back twice; ratios to a `to_vec` of the result's bytes), row by row ->
//! by blocks:
//!
//! | widths | row by row | by blocks |
//! |---|---|---|
//! | 2, 2, 1, 20 (YOLO on VOC) | 3.81x-3.97x | 1.91x-1.97x |
//! | 2, 1, 20 | 3.08x-3.09x | 1.82x-1.84x |
//! | 2, 1, 80 (YOLO on COCO) | 1.42x-1.45x | 1.19x-1.28x |
//! | 2, 2, 1, 80 | 1.55x-1.60x | 1.31x-1.39x |
//! | 40, 43 | 1.48x-1.59x | 1.15x-1.17x |
//!
//! Not kept: the same loops compiled a second time with AVX2 (as [`super::simd`] does) were
//! slower on the 80-wide pieces (1.52x-1.65x for 2, 1, 80) and no faster on the rest; a piece
//! of 5 or more elements written as two overlapping fixed-size moves (3.2x-3.8x a `to_vec`), or
//! as moves of 4 elements and a fixed-size remainder (2.5x-3.6x), was far slower than the
//! compiler's own loop for a run-time length. (Those were safe slice moves; the raw byte moves
//! of `raw::column_plain`, for pieces of 16 to 127 bytes, later measured faster: see
//! [`column_of`].) Before the
//! row loop (an `extend` per piece: a capacity check, a length update and, from 64 elements, a
//! `memcpy` call for each), 2, 1, 80 was 1.66x on an earlier machine.

use std::mem::MaybeUninit;

use super::raw::{append_with, column_plain};
use crate::error::Error;
use crate::util::runs::{run_len, to_array};

/// One input's share of every row of [`interleave_stepped`]: row `o`'s piece is the `len`
/// elements of `data` from `offset + o * step`. `step == len` (from `offset` 0): the input cut
/// into consecutive pieces (a concat); a larger step: a column of a wider array (the unit a
/// mirror pad copies from each input row); `step == 0`: the same piece in every row (a pad's
/// constant).
#[derive(Debug)]
pub(crate) struct Piece<'a, A> {
    pub(crate) data: &'a [A],
    pub(crate) offset: usize,
    pub(crate) step: usize,
    pub(crate) len: usize,
}

// By hand: a derive would ask for `A: Copy`, and a piece only borrows its data.
impl<A> Clone for Piece<'_, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A> Copy for Piece<'_, A> {}

/// Appends `outer` rows to `out`, row `o` being `sources[i][o * runs[i]..(o + 1) * runs[i]]` for
/// every `i` in order. `Err` (nothing appended) if a source is shorter than `outer` runs or the
/// sizes overflow: callers compute the runs from validated shapes, so that is a bug of this
/// crate, not a user error.
pub(crate) fn interleave_pieces<A: Clone>(
    out: &mut Vec<A>,
    sources: &[&[A]],
    runs: &[usize],
    outer: usize,
) -> Result<(), Error> {
    if sources.len() != runs.len() {
        return Err(outside(runs, outer));
    }
    let pieces: Vec<Piece<'_, A>> = sources
        .iter()
        .zip(runs)
        .map(|(&data, &len)| Piece {
            data,
            offset: 0,
            step: len,
            len,
        })
        .collect();
    interleave_stepped(out, &pieces, outer)
}

fn outside(what: impl std::fmt::Debug, outer: usize) -> Error {
    Error::Internal(format!("pieces {what:?} x {outer} outside their sources"))
}

/// Appends `outer` rows to `out`, row `o` being every piece's `o`-th piece in order
/// ([`Piece`]). `Err` (nothing appended) if a piece passes the end of its data or the sizes
/// overflow: callers compute the pieces from validated shapes, so that is a bug of this crate,
/// not a user error.
pub(crate) fn interleave_stepped<A: Clone>(
    out: &mut Vec<A>,
    pieces: &[Piece<'_, A>],
    outer: usize,
) -> Result<(), Error> {
    let bad = || {
        outside(
            pieces
                .iter()
                .map(|p| (p.offset, p.step, p.len))
                .collect::<Vec<_>>(),
            outer,
        )
    };
    let mut row = 0usize;
    for p in pieces {
        // The end of the last row's piece (nothing is read when there are no rows).
        let end = match outer.checked_sub(1) {
            None => Some(0),
            Some(last) => last
                .checked_mul(p.step)
                .and_then(|s| s.checked_add(p.offset))
                .and_then(|s| s.checked_add(p.len)),
        };
        if end.is_none_or(|end| end > p.data.len()) {
            return Err(bad());
        }
        row = row.checked_add(p.len).ok_or_else(bad)?;
    }
    let total = row.checked_mul(outer).ok_or_else(bad)?;
    if total == 0 {
        return Ok(());
    }
    // Rows per block: about BLOCK_BYTES of the result, at least one row.
    let row_bytes = row.saturating_mul(std::mem::size_of::<A>()).max(1);
    let block = (BLOCK_BYTES / row_bytes).max(1).saturating_mul(row);
    // Each piece with the slot it starts at in a row, widest first (`widest_first`).
    let mut order: Vec<(usize, &Piece<'_, A>)> = Vec::with_capacity(pieces.len());
    let mut at = 0;
    for p in pieces {
        order.push((at, p));
        at += p.len;
    }
    widest_first(&mut order);
    let fill = |spare: &mut [MaybeUninit<A>]| {
        // `total > 0`, so `row > 0`; `spare` is exactly `outer` rows, so every block is whole
        // rows (`block` is a multiple of `row`; the last block may have fewer).
        for (b, rows) in spare.chunks_mut(block).enumerate() {
            let first = b * (block / row);
            let count = rows.len() / row;
            for &(at, p) in &order {
                // Checked above: the pieces of rows `first..first + count` are inside `data`.
                let start = p.offset + first * p.step;
                if p.step == p.len {
                    let part = &p.data[start..start + count * p.len];
                    match p.len {
                        0 => {}
                        1 => column::<A, 1>(rows, row, at, part),
                        2 => column::<A, 2>(rows, row, at, part),
                        3 => column::<A, 3>(rows, row, at, part),
                        4 => column::<A, 4>(rows, row, at, part),
                        _ => column_of(rows, row, at, p.len, part),
                    }
                } else {
                    let (data, step, len) = (p.data, p.step, p.len);
                    match len {
                        0 => {}
                        1 => stepped::<A, 1>(rows, [row, at], data, [start, step, len]),
                        2 => stepped::<A, 2>(rows, [row, at], data, [start, step, len]),
                        3 => stepped::<A, 3>(rows, [row, at], data, [start, step, len]),
                        4 => stepped::<A, 4>(rows, [row, at], data, [start, step, len]),
                        _ => stepped::<A, 0>(rows, [row, at], data, [start, step, len]),
                    }
                }
            }
        }
    };
    // SAFETY: `fill` writes every one of the `total` slots. The slots are `outer` rows of `row`
    // elements, taken in blocks of whole rows. In each block, piece `i` writes slots
    // `at_i..at_i + len_i` of every row, where `at_i` is the sum of the lengths before it in
    // `pieces` (`order` holds each piece once, with its `at_i`; the order they go in does not
    // matter): the pieces tile each row (they sum to `row`), and each row of the block is zipped
    // with exactly one piece of the data (`count` rows, `count` pieces). The indexing is in bounds
    // by the checks above; if it were not, it would panic rather than skip a slot, and a panic
    // leaks the written slots, which is safe.
    unsafe { append_with(out, total, fill) };
    Ok(())
}

/// Orders a block's pieces widest first (a stable sort: equal widths keep their order). Each
/// block's first piece is the first to write the block's cache lines, so each line it touches is
/// fetched for writing then: the widest piece does that in long runs, one row's lines after the
/// other, which the hardware prefetchers follow, and the narrow pieces after it find their lines
/// in L1. In row order, a padded row's first piece (one mirrored pixel, or VOC's 2-wide box
/// `xy`) touched one line per row, a row apart, and each of those writes waited for its line.
/// The pieces write disjoint slots, so the order changes no result.
/// Measured (AMD EPYC family 23, pinned, best of 30 × 10 calls, min and median of 12, the two
/// orders in alternating processes): VOC's `concat` of pieces 2, 2, 1, 20 on 4×52×52×3 `f32`
/// 309-319 -> 260-282 us; 2, 1, 80 2053-2080 -> 1764-1809 us; a symmetric `pad` of 16×224×224×1
/// by 2 (pieces 1, 1, 224, 1, 1) 319-344 -> 269-314 us; a reflect `pad` of 16×224×224×3 by 1
/// 1764-1842 -> 1610-1640 us; in L2 (1×20×20×3 VOC, 4×64×64×1 pad) 7.9-8.5 -> 7.5 us and level.
fn widest_first<P>(order: &mut [(usize, &Piece<'_, P>)]) {
    order.sort_by_key(|&(_, p)| std::cmp::Reverse(p.len));
}

/// The result bytes written per block of rows: inside L1 with the inputs' parts beside them.
/// Rows of 100 and 332 bytes measured best between 4 and 8 KiB (16 rows of 332 bytes beat 64;
/// 64 rows of 100 bytes beat 8).
const BLOCK_BYTES: usize = 8 << 10;

/// Writes `part`'s pieces of `N` elements down `rows` (whole rows of `row` slots): piece `k` to
/// slots `at..at + N` of row `k`. `N` is a compile-time constant, so each piece is one move.
/// [`column_of`] called with a constant length, inlined, measured about 8% slower on pieces of
/// 2, 2 and 1 elements (`chunks_exact` of a const generic is what the compiler unrolls).
#[inline(always)]
fn column<A: Clone, const N: usize>(
    rows: &mut [MaybeUninit<A>],
    row: usize,
    at: usize,
    part: &[A],
) {
    for (dst, piece) in rows.chunks_exact_mut(row).zip(part.chunks_exact(N)) {
        put_unit::<A, N>(&mut dst[at..at + N], piece);
    }
}

/// Writes the `N` elements of `src` into the `N` slots of `dst` (lengths the callers' slices
/// guarantee) as one clone of a fixed-size array, which std makes one move for `Copy` types (as
/// `raw::append_units`' kernels rely on): a piece of 2 `f32` (a box's `xy`) is one 8-byte move,
/// 3 `u8` (an RGB pixel) a 2- and a 1-byte one, where a clone per element was a move per
/// element. Other types clone element by element, as before.
/// Measured (AMD EPYC family 23, pinned, best of 30 × 10 calls, min and median of 15, the
/// builds before and after in alternating processes; the byte copy this safe form replaced
/// measured level with it, 7.72-7.77 against 7.75-7.94 us in L2): VOC's `concat` of pieces 2,
/// 2, 1, 20 wide on 4×52×52×3 `f32` inputs 310-359 -> 284-316 us, the same on 1×20×20×3 (in
/// L2) 8.8-8.9 -> 8.0 us; a reflect `pad` of 16×224×224×3 by one pixel (mirrored units of 3
/// `f32`) 1847-1898 -> 1801-1837 us; pieces 2, 1, 80 level (2156-2186 -> 2098-2165 us).
#[inline(always)]
fn put_unit<A: Clone, const N: usize>(dst: &mut [MaybeUninit<A>], src: &[A]) {
    let unit: [A; N] = to_array(src);
    match dst.first_chunk_mut::<N>() {
        Some(slots) => *slots = unit.map(MaybeUninit::new),
        // Never taken (`dst` has `N` slots; the compiler sees it), as in `to_array`.
        None => dst.iter_mut().zip(unit).for_each(|(slot, x)| {
            slot.write(x);
        }),
    }
}

/// [`column()`] for a piece length known only at run time (`run > 0`). Pieces of primitives of 16
/// to 127 bytes go by `raw::column_plain` (64- and 16-byte moves, the last one overlapping):
/// the compiler's loop leaves a piece of 20 `f32` mostly to its loop of single elements (VOC's
/// 2, 2, 1, 20: 1.83x-1.86x -> 1.35x-1.67x a `to_vec`; 17, 5: 2.0x -> 1.6x; pinned, best of 8 ×
/// 8 calls, the two builds back to back).
#[inline(always)]
fn column_of<A: Clone>(rows: &mut [MaybeUninit<A>], row: usize, at: usize, run: usize, part: &[A]) {
    if column_plain(rows, [row, at, run], part) {
        return;
    }
    for (dst, piece) in rows.chunks_exact_mut(row).zip(part.chunks_exact(run)) {
        for (slot, x) in dst[at..at + run].iter_mut().zip(piece) {
            slot.write(x.clone());
        }
    }
}

/// [`column()`] for pieces `step` apart in `data` (not consecutive): piece `k` is the `len`
/// elements from `start + k * step` (`N` = `len`, or 0 for a length known only at run time).
#[inline(always)]
fn stepped<A: Clone, const N: usize>(
    rows: &mut [MaybeUninit<A>],
    [row, at]: [usize; 2],
    data: &[A],
    [start, step, len]: [usize; 3],
) {
    let len = run_len::<N>(len);
    if N > 0 {
        // Pieces of a compile-time length (a mirrored pixel, or with `step` 0 a constant one):
        // one array each.
        for (k, dst) in rows.chunks_exact_mut(row).enumerate() {
            let from = start + k * step;
            put_unit::<A, N>(&mut dst[at..at + N], &data[from..from + N]);
        }
        return;
    }
    if step == 0 {
        // The same piece in every row: sliced once.
        let piece = &data[start..start + len];
        for dst in rows.chunks_exact_mut(row) {
            for (slot, x) in dst[at..at + len].iter_mut().zip(piece) {
                slot.write(x.clone());
            }
        }
        return;
    }
    for (k, dst) in rows.chunks_exact_mut(row).enumerate() {
        let from = start + k * step;
        for (slot, x) in dst[at..at + len].iter_mut().zip(&data[from..from + len]) {
            slot.write(x.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rows built one element at a time.
    fn naive<A: Clone>(sources: &[&[A]], runs: &[usize], outer: usize) -> Vec<A> {
        let mut v = Vec::new();
        for o in 0..outer {
            for (s, &r) in sources.iter().zip(runs) {
                v.extend(s[o * r..(o + 1) * r].iter().cloned());
            }
        }
        v
    }

    #[test]
    fn rows_of_unequal_pieces_match_the_naive_rows() {
        for runs in [
            vec![2, 1, 80],
            vec![1],
            vec![0, 3],
            vec![5, 0, 2],
            vec![3, 3],
            vec![2, 2, 1, 20],
            vec![4, 1, 3, 2, 7],
        ] {
            // 100 and 5,000 rows: several blocks of rows, the last one partial.
            for outer in [0, 1, 7, 100, 5000] {
                let sources: Vec<Vec<u32>> = runs
                    .iter()
                    .enumerate()
                    .map(|(i, &r)| (0..r * outer).map(|k| (i * 1000 + k) as u32).collect())
                    .collect();
                let refs: Vec<&[u32]> = sources.iter().map(Vec::as_slice).collect();
                let mut out = vec![9u32];
                interleave_pieces(&mut out, &refs, &runs, outer).unwrap();
                let mut want = vec![9u32];
                want.extend(naive(&refs, &runs, outer));
                assert_eq!(out, want, "{runs:?} x {outer}");
            }
        }
    }

    /// `outer` rows of the pieces `runs`, each element naming its source and position.
    fn check<A: Clone + PartialEq + std::fmt::Debug>(
        runs: &[usize],
        outer: usize,
        make: fn(u32) -> A,
    ) {
        let sources: Vec<Vec<A>> = runs
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                (0..r * outer)
                    .map(|k| make((i * 100_000 + k) as u32))
                    .collect()
            })
            .collect();
        let refs: Vec<&[A]> = sources.iter().map(Vec::as_slice).collect();
        let mut out = vec![make(u32::MAX)];
        interleave_pieces(&mut out, &refs, runs, outer).unwrap();
        let mut want = vec![make(u32::MAX)];
        want.extend(naive(&refs, runs, outer));
        assert_eq!(out, want, "{runs:?} x {outer}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        /// Any widths (0 to 40, so the fixed-size pieces and the run-time ones, and empty
        /// inputs), row counts from one to several blocks of rows, and elements of 1 and 8
        /// bytes (blocks of 8 KiB hold other row counts for each).
        #[test]
        fn any_widths_and_row_counts_match_the_naive_rows(
            runs in prop::collection::vec(prop::sample::select(vec![0usize, 1, 2, 3, 4, 5, 7, 20, 40]), 1..=5),
            outer in 0usize..1200,
        ) {
            check(&runs, outer, |k| k as u8);
            check(&runs, outer, |k| u64::from(k) << 7);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        /// Pieces apart in their data (a column of a wider array), the same piece every row
        /// (`step` 0) and consecutive ones, against the rows built one element at a time.
        #[test]
        fn stepped_pieces_match_the_naive_rows(
            pieces in prop::collection::vec(
                (0usize..5, prop::sample::select(vec![0usize, 1, 2, 3, 4, 5, 9, 30]), 0usize..40),
                1..=5,
            ),
            outer in 0usize..700,
        ) {
            // (offset, len, extra): step = len + extra, or 0 where `extra` is 0 and len odd.
            let specs: Vec<(usize, usize, usize)> = pieces
                .iter()
                .map(|&(offset, len, extra)| {
                    let step = if extra == 0 && len % 2 == 1 { 0 } else { len + extra };
                    (offset, step, len)
                })
                .collect();
            let datas: Vec<Vec<u8>> = specs
                .iter()
                .enumerate()
                .map(|(i, &(offset, step, len))| {
                    let n = offset + outer * step + len;
                    (0..n).map(|k| (k * 7 + i * 31) as u8).collect()
                })
                .collect();
            let list: Vec<Piece<'_, u8>> = specs
                .iter()
                .zip(&datas)
                .map(|(&(offset, step, len), data)| Piece { data, offset, step, len })
                .collect();
            let mut want = vec![1u8];
            for o in 0..outer {
                for p in &list {
                    want.extend_from_slice(&p.data[p.offset + o * p.step..][..p.len]);
                }
            }
            let mut got = vec![1u8];
            interleave_stepped(&mut got, &list, outer).unwrap();
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn stepped_pieces_past_their_data_are_errors_with_nothing_appended() {
        let a = [1, 2, 3, 4, 5];
        let piece = |offset, step, len| Piece {
            data: &a[..],
            offset,
            step,
            len,
        };
        let mut out = vec![0];
        // Row 2's piece ends at 2 * 2 + 1 + 1 = 6 > 5.
        assert!(interleave_stepped(&mut out, &[piece(1, 2, 1)], 3).is_err());
        assert!(interleave_stepped(&mut out, &[piece(0, usize::MAX, 1)], 2).is_err());
        assert!(interleave_stepped(&mut out, &[piece(5, 0, 1)], 1).is_err());
        assert_eq!(out, [0]);
        // The same pieces with no rows read nothing.
        interleave_stepped(&mut out, &[piece(1, 2, 1)], 0).unwrap();
        interleave_stepped(&mut out, &[piece(4, 0, 1)], 3).unwrap();
        assert_eq!(out, [0, 5, 5, 5]);
    }

    #[test]
    fn strings_are_cloned_once_and_in_order() {
        let a: Vec<String> = (0..4).map(|i| format!("a{i}")).collect();
        let b: Vec<String> = (0..6).map(|i| format!("b{i}")).collect();
        let mut out = Vec::new();
        interleave_pieces(&mut out, &[&a, &b], &[2, 3], 2).unwrap();
        assert_eq!(
            out,
            ["a0", "a1", "b0", "b1", "b2", "a2", "a3", "b3", "b4", "b5"]
        );
    }

    #[test]
    fn short_sources_and_mismatched_lists_are_errors_with_nothing_appended() {
        let a = [1, 2, 3];
        let mut out = vec![0];
        assert!(interleave_pieces(&mut out, &[&a[..]], &[2], 2).is_err());
        assert!(interleave_pieces(&mut out, &[&a[..]], &[1, 1], 1).is_err());
        assert!(interleave_pieces(&mut out, &[&a[..]], &[usize::MAX], 2).is_err());
        assert_eq!(out, [0]);
    }
}
