//! Writing the result in row-major order, in runs as long as the layout allows.
//!
//! The input is read as one row-major slice (a copy is made first only if it is not laid out that
//! way) and grouped as `[outer, first, middle, second, inner]`, where `first` and `second` are the
//! sequence and batch axes in axis order and each other group is the product of the axes it
//! spans. Walking it is offset arithmetic:
//! - batch axis first: each `second * inner` chunk belongs to one batch element; it is its first
//!   `len` rows of `inner` elements backwards, then the rest in one `extend_from_slice`;
//! - sequence axis first: output row `j` (of `second * inner` elements) is input row `j` except
//!   for the batch elements whose length exceeds `j`, which come from row `len - 1 - j`: the
//!   row is copied whole, then those blocks overwritten.

use ndarray::ArrayViewD;

use super::Plan;
use crate::error::Error;
use crate::util::owned::c_order;

/// The elements of the result, in row-major order of `x`'s shape.
pub(super) fn reversed<A: Clone>(x: ArrayViewD<'_, A>, plan: &Plan) -> Result<Vec<A>, Error> {
    if x.is_empty() {
        return Ok(Vec::new());
    }
    let data = c_order(&x)?;
    let data: &[A] = &data;
    let shape = x.shape();
    let (seq, batch) = (plan.seq_axis, plan.batch_axis);
    let (first, second) = (seq.min(batch), seq.max(batch));
    let product = |axes: &[usize]| axes.iter().product::<usize>();
    let groups = Groups {
        first: shape.get(first).copied().ok_or_else(bug)?,
        middle: product(shape.get(first + 1..second).ok_or_else(bug)?),
        second: shape.get(second).copied().ok_or_else(bug)?,
        inner: product(shape.get(second + 1..).ok_or_else(bug)?),
    };
    let mut out = Vec::with_capacity(data.len());
    if batch < seq {
        batch_first(&mut out, data, groups, &plan.lengths)?;
    } else {
        sequence_first(&mut out, data, groups, &plan.lengths)?;
    }
    Ok(out)
}

/// The lengths of the groups after `outer` (all non-zero: the input is not empty).
#[derive(Clone, Copy)]
struct Groups {
    first: usize,
    middle: usize,
    second: usize,
    inner: usize,
}

fn batch_first<A: Clone>(
    out: &mut Vec<A>,
    data: &[A],
    g: Groups,
    lengths: &[usize],
) -> Result<(), Error> {
    let chunk = g.second * g.inner;
    if chunk == 0 || g.middle == 0 || lengths.len() != g.first {
        return Err(bug());
    }
    for (c, sequence) in data.chunks_exact(chunk).enumerate() {
        let len = lengths[(c / g.middle) % g.first];
        let (head, tail) = sequence.split_at_checked(len * g.inner).ok_or_else(bug)?;
        if g.inner == 1 {
            out.extend(head.iter().rev().cloned());
        } else {
            for row in head.chunks_exact(g.inner).rev() {
                append(out, row);
            }
        }
        out.extend_from_slice(tail);
    }
    Ok(())
}

fn sequence_first<A: Clone>(
    out: &mut Vec<A>,
    data: &[A],
    g: Groups,
    lengths: &[usize],
) -> Result<(), Error> {
    let row_len = g.second * g.inner;
    if row_len == 0 || g.middle == 0 || g.first == 0 || lengths.len() != g.second {
        return Err(bug());
    }
    // Row r (of `row_len` elements) has sequence index j = (r / middle) % first; the row with
    // the same outer and middle indices and sequence index t is r + (t - j) * middle. Each row is
    // copied whole, then its reversed batch elements overwritten: cheaper than copying the
    // stretches between them one by one when they are short. (Column by column instead, to reuse
    // cache lines, was 3.5 times slower on a (512, 2048) input: one page per row, so TLB misses.)
    for (r, row) in data.chunks_exact(row_len).enumerate() {
        let j = (r / g.middle) % g.first;
        let row_zero = r - j * g.middle;
        let start = out.len();
        out.extend_from_slice(row);
        let written = out.get_mut(start..).ok_or_else(bug)?;
        for (b, &len) in lengths.iter().enumerate() {
            if j >= len {
                continue;
            }
            let source = (row_zero + (len - 1 - j) * g.middle) * row_len + b * g.inner;
            let block = data.get(source..source + g.inner).ok_or_else(bug)?;
            let target = written
                .get_mut(b * g.inner..(b + 1) * g.inner)
                .ok_or_else(bug)?;
            overwrite(target, block);
        }
    }
    Ok(())
}

fn append<A: Clone>(out: &mut Vec<A>, block: &[A]) {
    match block {
        // One element: a `memcpy` call would cost more than the copy.
        [x] => out.push(x.clone()),
        _ => out.extend_from_slice(block),
    }
}

fn overwrite<A: Clone>(target: &mut [A], block: &[A]) {
    match (target, block) {
        ([t], [x]) => *t = x.clone(),
        (target, block) => target.clone_from_slice(block),
    }
}

fn bug() -> Error {
    Error::Internal(String::from(
        "reverse_sequence: validated length out of range",
    ))
}
