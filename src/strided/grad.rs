//! `tf_strided_slice_grad`: TensorFlow's `StridedSliceGrad`, the gradient of a strided slice.

use ndarray::{ArrayD, ArrayRef, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::strided::assign::assign_into;
use crate::strided::masks::Masks;
use crate::strided::plan::Plan;
use crate::strided::spec::StridedSlice;
use crate::util::alloc::zeros;

/// TensorFlow's `StridedSliceGrad`: zeros (`A::default()`, the crate's fill value) of `shape` (the
/// forward input's shape) with `dy` written where the forward
/// `tf_strided_slice(begin, end, strides, masks)` read. Positions never repeat, so nothing
/// accumulates.
///
/// `shape`, `begin`, `end` and `strides` are [`IntList`]s: any primitive integer type, in a
/// slice, `Vec`, fixed array or 1-D ndarray array.
///
/// `dy` must have the forward slice's shape exactly: unlike assignment, the gradient does not
/// broadcast.
///
/// # Errors
/// - The errors of [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice) on an input of
///   `shape`.
/// - [`Error::NegativeDimension`]: an entry of `shape` is negative.
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
/// let dx = tf_strided_slice_grad(&[3, 2], &[0, -1], &[0, 0], &[2, 1], m, &array![1.0, 2.0])?;
/// assert_eq!(dx, array![[0.0, 1.0], [0.0, 0.0], [0.0, 2.0]].into_dyn());
///
/// // dy of the wrong shape is an error in TensorFlow's words.
/// let err = tf_strided_slice_grad(&[3, 2], &[0, -1], &[0, 0], &[2, 1], m, &arr0(1.0)).unwrap_err();
/// assert!(err.to_string().starts_with("shape of dy was [] instead of [2]"));
/// # Ok::<(), Error>(())
/// ```
pub fn tf_strided_slice_grad<A, D, H, B, N, T>(
    shape: &H,
    begin: &B,
    end: &N,
    strides: &T,
    masks: Masks,
    dy: &ArrayRef<A, D>,
) -> Result<ArrayD<A>, Error>
where
    A: Clone + Default,
    D: Dimension,
    H: IntList + ?Sized,
    B: IntList + ?Sized,
    N: IntList + ?Sized,
    T: IntList + ?Sized,
{
    let shape = dims(&widen(shape, Argument::Shape)?)?;
    let shape = &shape[..];
    // Borrowed, not widened: the spec's errors come in the forward slice's order.
    let (begin, end, strides) = (begin.__ints(), end.__ints(), strides.__ints());
    let (begin, end, strides) = (&begin[..], &end[..], &strides[..]);
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
    // The shapes match (checked above), so the value needs no broadcasting.
    assign_into(&mut dx, |dx| plan.apply_mut(dx), dy.view().into_dyn())?;
    Ok(dx)
}

/// The old name of [`tf_strided_slice_grad`].
///
/// # Errors
/// As [`tf_strided_slice_grad`].
///
/// # Example
/// ```
/// # #![allow(deprecated)]
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
/// let dx = strided_slice_grad(&[2], &[1], &[2], &[1], Masks::NONE, &array![5])?;
/// assert_eq!(dx, array![0, 5].into_dyn());
/// # Ok::<(), Error>(())
/// ```
#[deprecated(
    since = "0.1.0",
    note = "renamed to `tf_strided_slice_grad` (the crate's `tf_` names)"
)]
pub fn strided_slice_grad<A, D, H, B, N, T>(
    shape: &H,
    begin: &B,
    end: &N,
    strides: &T,
    masks: Masks,
    dy: &ArrayRef<A, D>,
) -> Result<ArrayD<A>, Error>
where
    A: Clone + Default,
    D: Dimension,
    H: IntList + ?Sized,
    B: IntList + ?Sized,
    N: IntList + ?Sized,
    T: IntList + ?Sized,
{
    tf_strided_slice_grad(shape, begin, end, strides, masks, dy)
}

/// A shape given as integers, as dims: TensorFlow's `Dimension -1 must be >= 0` for a negative
/// entry.
fn dims(shape: &[i64]) -> Result<Vec<usize>, Error> {
    shape
        .iter()
        .enumerate()
        .map(|(index, &value)| {
            // i64 fits in u64 when non-negative; past usize (32-bit targets) is too large.
            let dim =
                u64::try_from(value).map_err(|_| Error::NegativeDimension { index, value })?;
            usize::try_from(dim).map_err(|_| Error::TooLarge {
                shape: vec![usize::MAX],
            })
        })
        .collect()
}
