//! `tf.expand_dims`: a new axis of length 1, as a zero-copy view.

use ndarray::{ArrayRef, ArrayView, Axis, Dimension};

use crate::error::Error;
use crate::util::sealed::{private_decl, private_impl};

/// `tf.expand_dims` as a method of every ndarray array: a view with one more axis.
pub trait ExpandDimsExt<A, D: Dimension> {
    /// `tf.expand_dims(self, axis)`: `self` with an axis of length 1 inserted at `axis`, which
    /// may be anything from `-rank - 1` to `rank` (a negative axis counts from the end of the
    /// *result*, so `-1` appends). The result's dimension type is `D::Larger` and no element is
    /// copied (ndarray's [`insert_axis`](ndarray::ArrayBase::insert_axis), which panics where this
    /// returns an error).
    ///
    /// # Errors
    /// - [`Error::ExpandDimsAxis`]: `axis` outside `[-rank - 1, rank]`, in TensorFlow's words.
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.expand_dims` documentation):
    /// ```
    /// use ndarray::{arr0, array, Array3};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let image = Array3::<f32>::zeros((10, 10, 3));
    /// assert_eq!(image.tf_expand_dims(0)?.shape(), &[1, 10, 10, 3]);
    /// assert_eq!(image.tf_expand_dims(1)?.shape(), &[10, 1, 10, 3]);
    /// assert_eq!(image.tf_expand_dims(-1)?.shape(), &[10, 10, 3, 1]);
    ///
    /// // A scalar becomes a vector of one element.
    /// assert_eq!(arr0(5).tf_expand_dims(0)?, array![5]);
    ///
    /// let err = image.tf_expand_dims(4).unwrap_err();
    /// assert_eq!(err.to_string(), "Tried to expand dim index 4 for tensor with 3 dimensions.");
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_expand_dims(&self, axis: isize) -> Result<ArrayView<'_, A, D::Larger>, Error>;

    private_decl! {}
}

impl<A, D: Dimension> ExpandDimsExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn tf_expand_dims(&self, axis: isize) -> Result<ArrayView<'_, A, D::Larger>, Error> {
        let rank = self.ndim();
        let at = expand_axis(axis, rank)?;
        Ok(self.view().insert_axis(Axis(at)))
    }

    private_impl! {}
}

/// `axis` in `[-rank - 1, rank]` as the result's axis (TensorFlow adds `rank + 1` to a negative
/// one).
pub(crate) fn expand_axis(axis: isize, rank: usize) -> Result<usize, Error> {
    let out_rank = isize::try_from(rank).ok().and_then(|r| r.checked_add(1));
    let resolved = match (axis < 0, out_rank) {
        (true, Some(r)) => axis.checked_add(r),
        (false, _) => Some(axis),
        (true, None) => None,
    };
    match (resolved, out_rank) {
        (Some(a), Some(r)) if (0..r).contains(&a) => Ok(a.unsigned_abs()),
        _ => Err(Error::ExpandDimsAxis { axis, rank }),
    }
}
