//! Writing a padded array once, in row-major order, row by row.
//!
//! The input is read as one row-major slice (a copy is made first only if it is not laid out
//! that way), so walking it is offset arithmetic, not view construction. Each output row is the
//! padding before, the input row (one `extend_from_slice`) and the padding after; the padding of
//! outer axes is whole runs of the constant, or mirrored input rows written again. No element is
//! written twice, unlike `Array::from_elem` followed by an `assign` of the interior.

use ndarray::ArrayViewD;

use super::PadMode;
use crate::error::Error;
use crate::util::alloc::try_vec;
use crate::util::owned::c_order;

/// The elements of `x` padded by `paddings` in `mode`, in row-major order of `out_shape` (already
/// validated: same rank as `x`, element count and bytes fit, mirror paddings within limits).
pub(super) fn padded<A: Clone>(
    x: ArrayViewD<'_, A>,
    paddings: &[[usize; 2]],
    mode: PadMode,
    value: &A,
    out_shape: &[usize],
) -> Result<Vec<A>, Error> {
    let total = out_shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
    let total = total.ok_or_else(bug)?;
    if total == 0 {
        // Also skips walking an axis of, say, 2^62 padded rows of nothing.
        return Ok(Vec::new());
    }
    let data = c_order(&x)?;
    let mut padder = Padder {
        data: &data,
        shape: x.shape(),
        in_block: row_major_blocks(x.shape()),
        out_block: row_major_blocks(out_shape),
        paddings,
        mode,
        value,
        // Reserved fallibly: a result that fits isize but not in memory is an Err, not an abort.
        out: try_vec::<A>(out_shape)?,
    };
    padder.write(0, 0)?;
    Ok(padder.out)
}

struct Padder<'a, A> {
    /// The input, row-major.
    data: &'a [A],
    shape: &'a [usize],
    in_block: Vec<usize>,
    out_block: Vec<usize>,
    paddings: &'a [[usize; 2]],
    mode: PadMode,
    value: &'a A,
    out: Vec<A>,
}

impl<A: Clone> Padder<'_, A> {
    /// Appends the padded block of the input that starts at `offset` and spans axes `axis..`.
    fn write(&mut self, axis: usize, offset: usize) -> Result<(), Error> {
        let rank = self.shape.len();
        if axis == rank {
            // Only a rank-0 input gets here: its one element.
            let element = self.data.get(offset).ok_or_else(bug)?;
            self.out.push(element.clone());
            return Ok(());
        }
        let n = self.shape[axis];
        let [before, after] = self.paddings.get(axis).copied().ok_or_else(bug)?;
        if axis + 1 == rank {
            let row = self.data.get(offset..offset + n).ok_or_else(bug)?;
            return write_row(&mut self.out, row, before, after, self.mode, self.value);
        }
        let (stride, block) = (self.in_block[axis], self.out_block[axis]);
        if self.mode == PadMode::Constant {
            self.fill(before.checked_mul(block).ok_or_else(bug)?)?;
            for i in 0..n {
                self.write(axis + 1, offset + i * stride)?;
            }
            return self.fill(after.checked_mul(block).ok_or_else(bug)?);
        }
        let len = before.checked_add(n).and_then(|m| m.checked_add(after));
        for j in 0..len.ok_or_else(bug)? {
            match mirror(self.mode, j, before, n) {
                Some(i) if i < n => self.write(axis + 1, offset + i * stride)?,
                _ => return Err(bug()),
            }
        }
        Ok(())
    }

    fn fill(&mut self, count: usize) -> Result<(), Error> {
        let len = self.out.len().checked_add(count).ok_or_else(bug)?;
        self.out.resize(len, self.value.clone());
        Ok(())
    }
}

/// How many elements one index of each axis spans in row-major order (saturating: only the
/// blocks of arrays that exist are used).
pub(super) fn row_major_blocks(shape: &[usize]) -> Vec<usize> {
    let mut blocks = vec![1usize; shape.len()];
    for k in (1..shape.len()).rev() {
        blocks[k - 1] = blocks[k].saturating_mul(shape[k]);
    }
    blocks
}

/// Appends one input row with `before` and `after` elements of padding.
fn write_row<A: Clone>(
    out: &mut Vec<A>,
    row: &[A],
    before: usize,
    after: usize,
    mode: PadMode,
    value: &A,
) -> Result<(), Error> {
    let offset = match mode {
        PadMode::Constant => {
            out.resize(out.len() + before, value.clone());
            out.extend_from_slice(row);
            out.resize(out.len() + after, value.clone());
            return Ok(());
        }
        PadMode::Reflect => 1,
        PadMode::Symmetric => 0,
    };
    // Reflect mirrors about the edge element (skipping it), symmetric about the edge.
    let edge = row.len().checked_sub(offset);
    let head = before
        .checked_add(offset)
        .and_then(|end| row.get(offset..end));
    let tail = edge.and_then(|end| row.get(end.checked_sub(after)?..end));
    let (head, tail) = (head.ok_or_else(bug)?, tail.ok_or_else(bug)?);
    out.extend(head.iter().rev().cloned());
    out.extend_from_slice(row);
    out.extend(tail.iter().rev().cloned());
    Ok(())
}

/// The input index a mirror mode copies to output index `j` of an axis of length `n` padded by
/// `before`; `None` for the constant mode (which copies nothing) or an index out of range.
fn mirror(mode: PadMode, j: usize, before: usize, n: usize) -> Option<usize> {
    let offset = match mode {
        PadMode::Constant => return None,
        PadMode::Reflect => 1,
        PadMode::Symmetric => 0,
    };
    if j < before {
        Some(before - j - 1 + offset)
    } else if j - before < n {
        Some(j - before)
    } else {
        // The k-th element after the input copies n - 1 - k (symmetric) or n - 2 - k (reflect).
        let k = j - before - n;
        n.checked_sub(1 + offset)?.checked_sub(k)
    }
}

fn bug() -> Error {
    Error::Internal(String::from("pad: validated paddings out of range"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_indices() {
        let reflect: Vec<_> = (0..7).map(|j| mirror(PadMode::Reflect, j, 2, 3)).collect();
        assert_eq!(reflect, [2, 1, 0, 1, 2, 1, 0].map(Some));
        let symmetric: Vec<_> = (0..9)
            .map(|j| mirror(PadMode::Symmetric, j, 3, 3))
            .collect();
        assert_eq!(symmetric, [2, 1, 0, 0, 1, 2, 2, 1, 0].map(Some));
    }
}
