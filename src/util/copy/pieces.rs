//! Rows made of pieces of unequal width: the data of a concat on an inner axis whose inputs are
//! in C order and differ in width there (YOLO's decoded boxes, 2 + 1 + 80 wide, joined on the
//! last axis). Row `o` of the result is the `o`-th run of every input, in order.
//!
//! Written straight into the result's spare capacity, row by row: per piece a bounds-checked
//! slice and one clone loop (a vectorised move for `Copy` types), where the earlier
//! `extend`/`extend_from_slice` per piece paid a capacity check, a length update and, from 64
//! elements, a `memcpy` call for each of the three pieces of every row (1.66x a `memcpy` of
//! the result's bytes for the widths 2, 1 and 80).

use std::mem::MaybeUninit;

use super::raw::append_with;
use crate::error::Error;

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
    let bad = || Error::Internal(format!("pieces {runs:?} x {outer} outside their sources"));
    if sources.len() != runs.len() {
        return Err(bad());
    }
    let mut row = 0usize;
    for (source, &run) in sources.iter().zip(runs) {
        if run.checked_mul(outer).is_none_or(|n| n > source.len()) {
            return Err(bad());
        }
        row = row.checked_add(run).ok_or_else(bad)?;
    }
    let total = row.checked_mul(outer).ok_or_else(bad)?;
    if total == 0 {
        return Ok(());
    }
    let fill = |spare: &mut [MaybeUninit<A>]| {
        // `total > 0`, so `row > 0` and `spare` is exactly `outer` rows.
        for (o, mut rest) in spare.chunks_exact_mut(row).enumerate() {
            for (source, &run) in sources.iter().zip(runs) {
                let (piece, tail) = std::mem::take(&mut rest).split_at_mut(run);
                // Checked above: `(o + 1) * run <= source.len()`.
                let part = &source[o * run..(o + 1) * run];
                for (slot, x) in piece.iter_mut().zip(part) {
                    slot.write(x.clone());
                }
                rest = tail;
            }
        }
    };
    // SAFETY: `fill` writes every one of the `total` slots: the slots are `outer` rows of `row`
    // elements (`chunks_exact_mut` of exactly `outer * row` slots), each row is split into the
    // pieces `runs` in order, which sum to `row`, and each piece is zipped with a source part of
    // exactly its length (in bounds by the checks above; `split_at_mut` and the indexing would
    // panic rather than skip a slot, and a panic leaks the written slots, which is safe).
    unsafe { append_with(out, total, fill) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ] {
            for outer in [0, 1, 7] {
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
