//! `tf.transpose`: the axes permuted, as a zero-copy view.

use ndarray::{ArrayRef, ArrayView, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::util::axis_set::AxisSet;
use crate::util::sealed::{private_decl, private_impl};

/// `tf.transpose` as a method of every ndarray array: a zero-copy view with permuted axes.
///
/// The view costs O(rank). `perm` is checked in TensorFlow's order before ndarray is called, so no
/// input makes this panic.
pub trait TransposeExt<A, D: Dimension> {
    /// `tf.transpose(self, perm)`: output axis `i` is input axis `perm[i]`.
    ///
    /// `perm` is an [`IntList`] (any primitive integer type; slice, `Vec`, fixed
    /// array or 1-D ndarray array). As in TensorFlow, a negative entry counts from the end (`-1`
    /// is the last axis). TensorFlow's default `perm` (reversed axes, `tf.transpose(x)`) is
    /// ndarray's own [`t`](ndarray::ArrayRef::t) / [`reversed_axes`](ndarray::ArrayBase::reversed_axes).
    ///
    /// Unlike [`permuted_axes`](ndarray::ArrayBase::permuted_axes), a `perm` that is not a
    /// permutation is an error, not a panic. Any rank works (TensorFlow's kernel handles any rank
    /// too). To keep the input's lifetime (a view in, a view out), use
    /// [`tf_transpose_move`](crate::ViewMoveExt::tf_transpose_move).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::PermLength`]: `perm` does not have one entry per axis.
    /// - [`Error::PermOutOfRange`]: the first entry that is not an axis (outside `[-rank, rank)`).
    /// - [`Error::ValueOutOfRange`]: an entry does not fit in `i64`.
    /// - [`Error::PermNotPermutation`]: an axis repeats, so the smallest missing one is named
    ///   (`perm [0, 0, 1]` on rank 3: `2 is missing from {0,0,1}.`).
    ///
    /// # Example
    /// TensorFlow's own examples:
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = array![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(x.tf_transpose(&[1, 0])?, array![[1, 4], [2, 5], [3, 6]]);
    /// // Equivalently: TensorFlow's default perm is ndarray's t(), and -1 is the last axis.
    /// assert_eq!(x.t(), array![[1, 4], [2, 5], [3, 6]]);
    /// assert_eq!(x.tf_transpose(&[-1, 0])?, array![[1, 4], [2, 5], [3, 6]]);
    ///
    /// // perm is more useful for n-dimensional tensors, for n > 2: transpose the matrices in
    /// // dimension 0.
    /// let x = array![[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]];
    /// assert_eq!(
    ///     x.tf_transpose(&[0, 2, 1])?,
    ///     array![[[1, 4], [2, 5], [3, 6]], [[7, 10], [8, 11], [9, 12]]]
    /// );
    ///
    /// // A view: no element was copied.
    /// let t = x.tf_transpose(&[2, 0, 1])?;
    /// assert!(std::ptr::eq(&t[[2, 1, 0]], &x[[1, 0, 2]]));
    ///
    /// let err = x.tf_transpose(&[0, 0, 1]).unwrap_err();
    /// assert!(err.to_string().starts_with("2 is missing from {0,0,1}."));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_transpose<P: IntList + ?Sized>(&self, perm: &P) -> Result<ArrayView<'_, A, D>, Error>;

    private_decl! {}
}

impl<A, D: Dimension> TransposeExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn tf_transpose<P: IntList + ?Sized>(&self, perm: &P) -> Result<ArrayView<'_, A, D>, Error> {
        let axes = check_perm::<D>(&widen(perm, Argument::Perm)?, self.ndim())?;
        Ok(self.view().permuted_axes(axes))
    }

    private_impl! {}
}

/// TensorFlow's checks on `perm` (its `Transpose` kernel), in its order: `perm` as a `D`, each
/// negative entry counted from the end first (TF reports the entry after that shift).
#[inline]
pub(crate) fn check_perm<D: Dimension>(perm: &[i64], rank: usize) -> Result<D, Error> {
    if perm.len() != rank {
        return Err(Error::PermLength {
            rank,
            len: perm.len(),
        });
    }
    // Every entry is range-checked before any axis is looked for.
    let mut used = AxisSet::new(rank);
    // The array's own rank, so `perm` fits.
    let mut axes = D::zeros(rank);
    let r = i64::try_from(rank).unwrap_or(i64::MAX);
    for (index, (&entry, slot)) in perm.iter().zip(axes.slice_mut()).enumerate() {
        let value = if entry < 0 { entry + r } else { entry };
        match usize::try_from(value) {
            Ok(axis) if axis < rank => {
                used.insert(axis);
                *slot = axis;
            }
            _ => return Err(Error::PermOutOfRange { index, value, rank }),
        }
    }
    if let Some(missing) = used.first_missing(rank) {
        return Err(Error::PermNotPermutation {
            missing,
            perm: axes.slice().to_vec(),
        });
    }
    Ok(axes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::IxDyn;

    #[test]
    fn tf_order_of_checks() {
        let check = |perm: &[i64], rank| check_perm::<IxDyn>(perm, rank);
        assert_eq!(
            check(&[0, 1], 3),
            Err(Error::PermLength { rank: 3, len: 2 })
        );
        // Out of range beats a repeat wherever they are.
        assert_eq!(
            check(&[0, 0, 3], 3),
            Err(Error::PermOutOfRange {
                index: 2,
                value: 3,
                rank: 3
            })
        );
        assert_eq!(
            check(&[3, 1, 5], 3),
            Err(Error::PermOutOfRange {
                index: 0,
                value: 3,
                rank: 3
            })
        );
        assert_eq!(
            check(&[2, 2, 0], 3),
            Err(Error::PermNotPermutation {
                missing: 1,
                perm: vec![2, 2, 0]
            })
        );
        assert_eq!(
            check(&[i64::MAX], 1).map(|_| ()).unwrap_err().to_string(),
            { format!("{} is out of range [0 .. 1) (perm[0])", i64::MAX) }
        );
        // Negative entries count from the end; TF names the shifted value.
        assert_eq!(check(&[-1, 0], 2), Ok(IxDyn(&[1, 0])));
        assert_eq!(
            check(&[-3, 0], 2).map(|_| ()).unwrap_err().to_string(),
            "-1 is out of range [0 .. 2) (perm[0])"
        );
        assert_eq!(
            check(&[-1, 1], 2),
            Err(Error::PermNotPermutation {
                missing: 0,
                perm: vec![1, 1]
            })
        );
        assert_eq!(check(&[], 0), Ok(IxDyn(&[])));
        assert_eq!(check(&[1, 2, 0], 3), Ok(IxDyn(&[1, 2, 0])));
    }
}
