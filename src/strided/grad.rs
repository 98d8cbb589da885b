//! `strided_slice_grad`: TensorFlow's `StridedSliceGrad`, the gradient of a strided slice.

use ndarray::{ArrayD, ArrayRef, Dimension};
use num_traits::{PrimInt, Zero};

use crate::error::Error;
use crate::strided::masks::Masks;
use crate::strided::plan::Plan;
use crate::strided::spec::StridedSlice;
use crate::util::alloc::zeros;

/// TensorFlow's `StridedSliceGrad`: zeros of `shape` (the forward input's shape) with `dy` written
/// where the forward `tf_strided_slice(begin, end, strides, masks)` read. Positions never repeat,
/// so nothing accumulates.
///
/// `dy` must have the forward slice's shape exactly: unlike assignment, the gradient does not
/// broadcast.
///
/// # Errors
/// - The errors of [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice) on an input of
///   `shape`.
/// - [`Error::GradShapeMismatch`]: `dy`'s shape is not the forward slice's.
/// - [`Error::TooLarge`]: `shape` has more elements (or bytes) than an allocation can hold.
///
/// # Example
/// ```
/// use ndarray::{arr0, array};
/// use ndarray_tfslice::prelude::*;
///
/// // The forward op took x[::2, -1] of a (3, 2) input.
/// let m = Masks { begin: 1, end: 1, shrink_axis: 2, ..Masks::NONE };
/// let dx = strided_slice_grad(&[3, 2], &[0, -1], &[0, 0], &[2, 1], m, &array![1.0, 2.0])?;
/// assert_eq!(dx, array![[0.0, 1.0], [0.0, 0.0], [0.0, 2.0]].into_dyn());
///
/// // dy of the wrong shape is an error in TensorFlow's words.
/// let err = strided_slice_grad(&[3, 2], &[0, -1], &[0, 0], &[2, 1], m, &arr0(1.0)).unwrap_err();
/// assert!(err.to_string().starts_with("shape of dy was [] instead of [2]"));
/// # Ok::<(), Error>(())
/// ```
pub fn strided_slice_grad<A, I, D>(
    shape: &[usize],
    begin: &[I],
    end: &[I],
    strides: &[I],
    masks: Masks,
    dy: &ArrayRef<A, D>,
) -> Result<ArrayD<A>, Error>
where
    A: Clone + Zero,
    I: PrimInt,
    D: Dimension,
{
    let plan = Plan::from_raw(shape, begin, end, strides, masks)?;
    if plan.shape() != dy.shape() {
        // The spec resolved, so it converts.
        let spec = StridedSlice::from_raw(begin, end, strides, masks)
            .map_or_else(|e| e.to_string(), |s| s.to_string());
        return Err(Error::GradShapeMismatch {
            dy_shape: dy.shape().to_vec(),
            expected: plan.shape().to_vec(),
            spec,
            input_shape: shape.to_vec(),
        });
    }
    let mut dx = zeros(shape)?;
    plan.apply_mut(&mut dx)?.assign(dy);
    Ok(dx)
}
