//! `tf.transpose`: the axes permuted, as a zero-copy view.

use ndarray::{ArrayRef, ArrayView, Dimension};

use crate::error::Error;
use crate::util::axis_set::AxisSet;
use crate::util::sealed::{private_decl, private_impl};

/// `tf.transpose` as a method of every ndarray array: a zero-copy view with permuted axes.
///
/// The view costs O(rank). `perm` is checked in TensorFlow's order before ndarray is called, so no
/// input makes this panic.
pub trait TransposeExt<A, D: Dimension> {
    /// `tf.transpose(self, perm)`: output axis `i` is input axis `perm[i]`. `None` reverses the
    /// axes (TensorFlow's default), the ordinary matrix transpose on 2-D arrays.
    ///
    /// Unlike [`permuted_axes`](ndarray::ArrayBase::permuted_axes), a `perm` that is not a
    /// permutation is an error, not a panic. Any rank works (TensorFlow's kernel handles any rank
    /// too). TensorFlow also accepts negative entries (`-1` for the last axis); `&[usize]` cannot
    /// hold them.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::PermLength`]: `perm` does not have one entry per axis.
    /// - [`Error::PermOutOfRange`]: the first entry that is not an axis (`>= rank`).
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
    /// assert_eq!(x.tf_transpose(None)?, array![[1, 4], [2, 5], [3, 6]]);
    /// // Equivalently
    /// assert_eq!(x.tf_transpose(Some(&[1, 0]))?, array![[1, 4], [2, 5], [3, 6]]);
    ///
    /// // perm is more useful for n-dimensional tensors, for n > 2: transpose the matrices in
    /// // dimension 0.
    /// let x = array![[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]];
    /// assert_eq!(
    ///     x.tf_transpose(Some(&[0, 2, 1]))?,
    ///     array![[[1, 4], [2, 5], [3, 6]], [[7, 10], [8, 11], [9, 12]]]
    /// );
    ///
    /// // A view: no element was copied.
    /// let t = x.tf_transpose(Some(&[2, 0, 1]))?;
    /// assert!(std::ptr::eq(&t[[2, 1, 0]], &x[[1, 0, 2]]));
    ///
    /// let err = x.tf_transpose(Some(&[0, 0, 1])).unwrap_err();
    /// assert!(err.to_string().starts_with("2 is missing from {0,0,1}."));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_transpose(&self, perm: Option<&[usize]>) -> Result<ArrayView<'_, A, D>, Error>;

    private_decl! {}
}

impl<A, D: Dimension> TransposeExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn tf_transpose(&self, perm: Option<&[usize]>) -> Result<ArrayView<'_, A, D>, Error> {
        let view = self.view();
        match perm {
            None => Ok(view.reversed_axes()),
            Some(perm) => Ok(view.permuted_axes(check_perm::<D>(perm, self.ndim())?)),
        }
    }

    private_impl! {}
}

/// TensorFlow's checks on `perm` (its `Transpose` kernel), in its order: `perm` as a `D`.
#[inline]
fn check_perm<D: Dimension>(perm: &[usize], rank: usize) -> Result<D, Error> {
    if perm.len() != rank {
        return Err(Error::PermLength {
            rank,
            len: perm.len(),
        });
    }
    // Every entry is range-checked before any axis is looked for.
    let mut used = AxisSet::new(rank);
    for (index, &value) in perm.iter().enumerate() {
        if value >= rank {
            return Err(Error::PermOutOfRange { index, value, rank });
        }
        used.insert(value);
    }
    if let Some(missing) = used.first_missing(rank) {
        return Err(Error::PermNotPermutation {
            missing,
            perm: perm.to_vec(),
        });
    }
    // The array's own rank, so `perm` fits.
    let mut axes = D::zeros(rank);
    axes.slice_mut().copy_from_slice(perm);
    Ok(axes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::IxDyn;

    #[test]
    fn tf_order_of_checks() {
        let check = |perm: &[usize], rank| check_perm::<IxDyn>(perm, rank);
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
            check(&[usize::MAX], 1).map(|_| ()).unwrap_err().to_string(),
            { format!("{} is out of range [0 .. 1) (perm[0])", usize::MAX) }
        );
        assert_eq!(check(&[], 0), Ok(IxDyn(&[])));
        assert_eq!(check(&[1, 2, 0], 3), Ok(IxDyn(&[1, 2, 0])));
    }
}
