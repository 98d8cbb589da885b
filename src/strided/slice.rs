//! Resolution of `tf.slice(input, begin, size)` (tensorflow/core/kernels/slice_op.cc).
//!
//! Unlike strided slice, `tf.slice` is strict: no negative indices and no clamping; only
//! `size = -1` ("to the end") is special.

use ndarray::Slice;
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::util::values::Values;

/// Checks `begin`/`size` against `shape` in TF's order and calls `emit` with each axis and the
/// ndarray slice selecting `size` elements from `begin`, in axis order. On `Err`, calls already
/// made must be discarded by the caller.
pub(crate) fn resolve_slice<B: PrimInt, Z: PrimInt>(
    shape: &[usize],
    begin: &[B],
    size: &[Z],
    mut emit: impl FnMut(usize, Slice),
) -> Result<(), Error> {
    let rank = shape.len();
    if begin.len() != rank || size.len() != rank {
        return Err(Error::SliceLengthMismatch {
            rank,
            begin_len: begin.len(),
            size_len: size.len(),
        });
    }
    let begin = Values::new(begin, Argument::Begin)?;
    let size = Values::new(size, Argument::Size)?;
    for (axis, &dim) in shape.iter().enumerate() {
        let d = dim as i64;
        let b = begin.get(axis);
        // TF rewrites -1 before checking anything, in int64; wrapping mirrors what it prints.
        let s = match size.get(axis) {
            -1 => d.wrapping_sub(b),
            s => s,
        };
        if dim == 0 {
            if b != 0 || s != 0 {
                return Err(Error::SliceEmptyAxis {
                    axis,
                    begin: b,
                    size: s,
                });
            }
        } else {
            if b < 0 || b > d {
                return Err(Error::SliceBeginOutOfRange {
                    axis,
                    begin: b,
                    dim,
                });
            }
            // Compared as `s <= d - b`, never `b + s <= d`, which could overflow (TF issue #126125).
            if s < 0 || s > d - b {
                return Err(Error::SliceSizeOutOfRange {
                    axis,
                    size: s,
                    max: d - b,
                });
            }
        }
        emit(axis, Slice::from(b as isize..(b + s) as isize));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(shape: &[usize], b: &[i64], s: &[i64]) -> Result<Vec<Slice>, Error> {
        let mut v = Vec::new();
        resolve_slice(shape, b, s, |_, e| v.push(e)).map(|()| v)
    }

    #[test]
    fn size_minus_one_runs_to_the_end() {
        let v = run(&[3, 4], &[1, 1], &[-1, -1]).unwrap();
        assert_eq!(v[0], Slice::from(1..3));
        assert_eq!(v[1], Slice::from(1..4));
    }

    #[test]
    fn strict_bounds() {
        assert_eq!(
            run(&[3, 4], &[-1, 0], &[1, 1]).unwrap_err(),
            Error::SliceBeginOutOfRange {
                axis: 0,
                begin: -1,
                dim: 3
            }
        );
        assert_eq!(
            run(&[3, 4], &[2, 0], &[2, 1]).unwrap_err(),
            Error::SliceSizeOutOfRange {
                axis: 0,
                size: 2,
                max: 1
            }
        );
        assert!(run(&[3], &[3], &[i64::MAX]).is_err());
        assert!(run(&[3], &[3], &[0]).is_ok());
    }
}
