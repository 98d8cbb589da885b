//! `tf.split` and `tf.unstack`: one array into many views along an axis.

use ndarray::{ArrayRef, ArrayView, Axis, Dimension, RemoveAxis};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, Splits, widen};
use crate::ops::join::move_views::SplitMoveExt;
use crate::util::alloc::try_vec;
use crate::util::axis::resolve_axis;
use crate::util::sealed::{private_decl, private_impl};

/// How [`tf_split`](SplitExt::tf_split) divides the axis: TensorFlow's `num_or_size_splits`.
///
/// ```
/// use ndarray::Array2;
/// use ndarray_tfslice::prelude::*;
///
/// let x = Array2::<f32>::zeros((4, 6));
/// // tf.split(x, 3, axis=1): three equal parts.
/// assert_eq!(x.tf_split(Split::Num(3), 1)?.len(), 3);
/// // tf.split(x, [1, -1, 2], axis=1): the -1 takes what is left, here 3.
/// let parts = x.tf_split(Split::Sizes(&[1, -1, 2]), 1)?;
/// assert_eq!(parts[1].shape(), &[4, 3]);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Split<'a> {
    /// `n` equal parts (TensorFlow's `Split` op); `n` must divide the axis.
    Num(usize),
    /// Parts of these sizes (TensorFlow's `SplitV` op); at most one may be `-1`, which stands for
    /// whatever the others leave of the axis.
    Sizes(&'a [i64]),
}

/// TensorFlow's `num_or_size_splits`: a number of equal parts (`usize`), or the part sizes (any
/// [`IntList`]: `&[2, -1, 1]`, `&vec`, `&Array1<i32>`, ...), or a [`Split`].
///
/// ```
/// use ndarray::{array, Array1};
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![0, 1, 2, 3, 4, 5];
/// assert_eq!(x.tf_split(3, 0)?.len(), 3);
/// assert_eq!(x.tf_split(&[1, -1], 0)?[1], array![1, 2, 3, 4, 5]);
/// let sizes: Array1<i64> = array![4, 2];
/// assert_eq!(x.tf_split(&sizes, 0)?[1], array![4, 5]);
/// assert_eq!(x.tf_split(Split::Num(2), 0)?[1], array![3, 4, 5]);
/// # Ok::<(), Error>(())
/// ```
///
/// Sealed: implemented by `usize`, `&L` for every `L:` [`IntList`], and [`Split`].
pub trait NumOrSizeSplits {
    /// The split, sizes widened to `i64`.
    #[doc(hidden)]
    fn __splits(&self) -> Result<Splits, Error>;

    private_decl! {}
}

impl NumOrSizeSplits for usize {
    fn __splits(&self) -> Result<Splits, Error> {
        Ok(Splits::Num(*self))
    }

    private_impl! {}
}

impl<L: IntList + ?Sized> NumOrSizeSplits for &L {
    fn __splits(&self) -> Result<Splits, Error> {
        widen(*self, Argument::SizeSplits).map(Splits::Sizes)
    }

    private_impl! {}
}

impl NumOrSizeSplits for Split<'_> {
    fn __splits(&self) -> Result<Splits, Error> {
        match *self {
            Split::Num(n) => Ok(Splits::Num(n)),
            Split::Sizes(sizes) => widen(sizes, Argument::SizeSplits).map(Splits::Sizes),
        }
    }

    private_impl! {}
}

/// A read [`NumOrSizeSplits`] as the [`Split`] the checks take.
pub(crate) fn as_split(splits: &Splits) -> Split<'_> {
    match splits {
        Splits::Num(n) => Split::Num(*n),
        Splits::Sizes(sizes) => Split::Sizes(sizes),
    }
}

/// `tf.split` and `tf.unstack` as methods of every ndarray array: zero-copy views of the parts.
///
/// Each part costs O(rank); only the `Vec` holding the parts is allocated. Every argument is
/// checked in TensorFlow's order before ndarray is called, so no input makes these methods panic.
pub trait SplitExt<A, D: Dimension> {
    /// `tf.split(self, num_or_size_splits, axis)`: views of consecutive parts of `axis`, in order.
    ///
    /// `axis` is in `[-rank, rank)`; negative values count from the end. A rank-0 array has no
    /// axis to split.
    ///
    /// # Errors
    /// In the order TensorFlow checks:
    /// `split` is a [`NumOrSizeSplits`]: `3` (a `usize`: equal parts), `&[2, -1]` or any
    /// [`IntList`] (part sizes), or a [`Split`].
    ///
    /// - [`Error::SplitNoOutputs`]: `0` parts or no sizes (checked before the
    ///   axis, as TensorFlow checks its `num_split` attribute before running the op).
    /// - [`Error::AxisOutOfRange`]: `axis` outside `[-rank, rank)`, or any axis of a rank-0 array.
    /// - [`Error::SplitUneven`]: `Split::Num(n)` and `n` does not divide the axis.
    /// - [`Error::SplitOneOutput`]: `Split::Sizes(&[s])` and `s` is not the axis length (even
    ///   `-1`: TensorFlow rejects a lone `-1`).
    /// - [`Error::SplitMultipleInferred`]: two sizes are `-1`.
    /// - [`Error::SplitSizesMismatch`]: the sizes (the `-1` not counted) do not add up to the axis
    ///   length, or exceed it when there is a `-1`. Negative sizes count in this sum.
    /// - [`Error::SplitNegativeSize`]: a size below `-1` (only reached when the sum is right).
    /// - [`Error::TooLarge`]: so many parts that the `Vec` of views cannot be allocated
    ///   (`Split::Num(n)` with a huge `n` on an empty axis).
    ///
    /// # Example
    /// TensorFlow's own example: a `[5, 30]` tensor split 3 ways along axis 1 (the old
    /// `tf.split(1, 3, value)` argument order is today's `tf.split(value, 3, axis=1)`).
    /// ```
    /// use ndarray::{array, Array2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let value = Array2::<f32>::zeros((5, 30));
    /// let parts = value.tf_split(Split::Num(3), 1)?;
    /// assert_eq!(parts.len(), 3);
    /// assert_eq!(parts[0].shape(), &[5, 10]);
    ///
    /// // Sizes, with -1 inferred, and a negative axis.
    /// let x = array![[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]];
    /// let parts = x.tf_split(Split::Sizes(&[2, -1]), -1)?;
    /// assert_eq!(parts[0], array![[0, 1], [5, 6]]);
    /// assert_eq!(parts[1], array![[2, 3, 4], [7, 8, 9]]);
    /// // Views: no element was copied.
    /// assert!(std::ptr::eq(&parts[1][[0, 0]], &x[[0, 2]]));
    ///
    /// assert!(matches!(x.tf_split(Split::Num(2), 1), Err(Error::SplitUneven { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_split<S: NumOrSizeSplits>(
        &self,
        split: S,
        axis: isize,
    ) -> Result<Vec<ArrayView<'_, A, D>>, Error>;

    /// `tf.unstack(self, axis=axis)` (formerly `tf.unpack`): one view per index of `axis`, each
    /// with that axis removed.
    ///
    /// `axis` is in `[-rank, rank)`; negative values count from the end. An axis of length 0
    /// gives no views. TensorFlow's `num` argument is always the axis length here.
    ///
    /// # Errors
    /// - [`Error::AxisOutOfRange`]: `axis` outside `[-rank, rank)`; a rank-0 array (only possible
    ///   as `IxDyn`) has no axis, as in TensorFlow (`axis = 0 not in [0, 0)`).
    /// - [`Error::TooLarge`]: so many views that their `Vec` cannot be allocated (a huge axis of
    ///   an array with no elements).
    ///
    /// # Example
    /// TensorFlow's own examples: on a tensor of shape `(A, B, C, D)`, unstacking axis 0 gives
    /// `value[i, :, :, :]` of shape `(B, C, D)`, axis 1 gives `value[:, i, :, :]` of shape
    /// `(A, C, D)`; and `tf.unpack(x, n) = list(x)`.
    /// ```
    /// use ndarray::{array, s, Array4, Axis};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let value = Array4::<f32>::zeros((2, 3, 4, 5));
    /// let parts = value.tf_unstack(0)?;
    /// assert_eq!((parts.len(), parts[0].shape()), (2, &[3, 4, 5][..]));
    /// let parts = value.tf_unstack(1)?;
    /// assert_eq!((parts.len(), parts[0].shape()), (3, &[2, 4, 5][..]));
    ///
    /// // tf.unpack(x, n) = list(x): the rows.
    /// let x = array![[1, 4], [2, 5], [3, 6]];
    /// let rows: Vec<_> = x.outer_iter().collect();
    /// assert_eq!(x.tf_unstack(0)?, rows);
    ///
    /// // The seed's equivalence: [tf.squeeze(s, [axis]) for s in tf.split(axis, num_items, t)]
    /// // is tf.unpack(t, axis=axis).
    /// let t = array![[1, 2, 3], [4, 5, 6]];
    /// let squeezed: Vec<_> = t
    ///     .tf_split(Split::Num(3), 1)?
    ///     .into_iter()
    ///     .map(|s| s.index_axis_move(Axis(1), 0))
    ///     .collect();
    /// assert_eq!(t.tf_unstack(1)?, squeezed);
    /// assert_eq!(t.tf_unstack(-1)?[2], array![3, 6]);
    ///
    /// assert!(t.tf_unstack(2).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_unstack(&self, axis: isize) -> Result<Vec<ArrayView<'_, A, D::Smaller>>, Error>
    where
        D: RemoveAxis;

    private_decl! {}
}

impl<A, D: Dimension> SplitExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn tf_split<S: NumOrSizeSplits>(
        &self,
        split: S,
        axis: isize,
    ) -> Result<Vec<ArrayView<'_, A, D>>, Error> {
        // The view form, on a view of `self` (one body for both; see `tf_split_move` for why
        // parts are sliced rather than `split_at`).
        self.view().tf_split_move(split, axis)
    }

    #[inline]
    fn tf_unstack(&self, axis: isize) -> Result<Vec<ArrayView<'_, A, D::Smaller>>, Error>
    where
        D: RemoveAxis,
    {
        let axis = resolve_axis("tf_unstack", "axis", axis, self.ndim())?;
        let mut parts = try_vec(&[self.len_of(Axis(axis))])?;
        parts.extend(self.axis_iter(Axis(axis)));
        Ok(parts)
    }

    private_impl! {}
}

/// A validated split: the part sizes are known and add up to the axis length.
pub(crate) enum Parts<'s> {
    /// `Split::Num`: `count` parts of `size`.
    Even { size: usize, count: usize },
    /// `Split::Sizes`: every entry is `>= -1`, and the one `-1` (if any) stands for `fill`.
    Listed { sizes: &'s [i64], fill: usize },
}

impl Parts<'_> {
    pub(crate) fn count(&self) -> usize {
        match self {
            Parts::Even { count, .. } => *count,
            Parts::Listed { sizes, .. } => sizes.len(),
        }
    }

    /// The sizes, without allocating.
    pub(crate) fn sizes(&self) -> impl Iterator<Item = usize> + '_ {
        let (size, count, listed, fill) = match *self {
            Parts::Even { size, count } => (size, count, &[][..], 0),
            Parts::Listed { sizes, fill } => (0, 0, sizes, fill),
        };
        // Listed sizes are >= 0 except the one -1.
        let listed = listed
            .iter()
            .map(move |&s| usize::try_from(s).unwrap_or(fill));
        std::iter::repeat_n(size, count).chain(listed)
    }
}

/// TensorFlow's checks for `Split` and `SplitV`, in its order (see `tf_split`'s `# Errors`): the
/// non-negative axis and the parts.
pub(crate) fn resolve_split<'s>(
    shape: &[usize],
    split: Split<'s>,
    axis: isize,
) -> Result<(usize, Parts<'s>), Error> {
    // TF validates the `num_split` attribute before the kernel looks at the axis.
    if matches!(split, Split::Num(0) | Split::Sizes(&[])) {
        return Err(Error::SplitNoOutputs);
    }
    let axis = resolve_axis("tf_split", "axis", axis, shape.len())?;
    // In range: resolve_axis checked it.
    let dim = shape.get(axis).copied().unwrap_or(0);
    let parts = match split {
        Split::Num(n) if dim % n != 0 => {
            return Err(Error::SplitUneven {
                axis,
                dim,
                num_split: n,
            });
        }
        Split::Num(n) => Parts::Even {
            size: dim / n,
            count: n,
        },
        Split::Sizes(sizes) => Parts::Listed {
            sizes,
            fill: resolve_sizes(axis, dim, sizes)?,
        },
    };
    Ok((axis, parts))
}

/// `SplitV`'s checks on the sizes: the size the `-1` stands for (0 if there is none).
fn resolve_sizes(axis: usize, dim: usize, sizes: &[i64]) -> Result<usize, Error> {
    let dim_i64 = i64::try_from(dim).unwrap_or(i64::MAX);
    // One output is TF's special case: it must be the whole axis, and a lone -1 is not inferred.
    if let [size] = sizes {
        return if *size == dim_i64 {
            Ok(0)
        } else {
            Err(Error::SplitOneOutput {
                axis,
                dim,
                size: *size,
            })
        };
    }
    let mut inferred = None;
    // TF adds in its index type and can overflow (and then crash). In i128 the sum is exact:
    // fewer than 2^61 sizes of magnitude below 2^63.
    let mut total = 0i128;
    for (index, &size) in sizes.iter().enumerate() {
        if size == -1 {
            if let Some(first) = inferred {
                return Err(Error::SplitMultipleInferred {
                    first,
                    second: index,
                });
            }
            inferred = Some(index);
        } else {
            total += i128::from(size);
        }
    }
    let dim_i128 = i128::from(dim_i64);
    let fits = match inferred {
        None => total == dim_i128,
        Some(_) => total <= dim_i128,
    };
    if !fits {
        let total = i64::try_from(total).unwrap_or(if total < 0 { i64::MIN } else { i64::MAX });
        return Err(Error::SplitSizesMismatch { axis, dim, total });
    }
    // The only -1 is the inferred one, so any negative size here is below -1.
    if let Some((index, &size)) = sizes.iter().enumerate().find(|&(_, &s)| s < -1) {
        return Err(Error::SplitNegativeSize { index, size });
    }
    // Every other size is now >= 0, so 0 <= total <= dim.
    Ok(usize::try_from(dim_i128 - total).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(shape: &[usize], split: Split<'_>, axis: isize) -> Result<Vec<usize>, Error> {
        let (_, parts) = resolve_split(shape, split, axis)?;
        Ok(parts.sizes().collect())
    }

    #[test]
    fn tf_order_of_checks() {
        // No outputs beats a bad axis.
        assert_eq!(sizes(&[3], Split::Num(0), 9), Err(Error::SplitNoOutputs));
        assert_eq!(sizes(&[], Split::Sizes(&[]), 0), Err(Error::SplitNoOutputs));
        // A bad axis beats bad sizes.
        assert!(matches!(
            sizes(&[3, 4], Split::Sizes(&[-1, -1]), 5),
            Err(Error::AxisOutOfRange { .. })
        ));
        // Two -1s beat a mismatch; a mismatch beats a negative size.
        assert_eq!(
            sizes(&[3, 4], Split::Sizes(&[5, -1, -1]), 1),
            Err(Error::SplitMultipleInferred {
                first: 1,
                second: 2
            })
        );
        assert!(matches!(
            sizes(&[3, 4], Split::Sizes(&[-2, -3]), 1),
            Err(Error::SplitSizesMismatch { total: -5, .. })
        ));
        assert_eq!(
            sizes(&[3, 4], Split::Sizes(&[-1, -2]), 1),
            Err(Error::SplitNegativeSize { index: 1, size: -2 })
        );
        assert_eq!(
            sizes(&[3, 4], Split::Sizes(&[-1]), 1),
            Err(Error::SplitOneOutput {
                axis: 1,
                dim: 4,
                size: -1
            })
        );
    }

    #[test]
    fn sizes_fill_the_axis() {
        assert_eq!(sizes(&[3, 4], Split::Num(2), -1), Ok(vec![2, 2]));
        assert_eq!(sizes(&[0], Split::Num(3), 0), Ok(vec![0, 0, 0]));
        assert_eq!(sizes(&[3, 4], Split::Sizes(&[4, -1]), 1), Ok(vec![4, 0]));
        assert_eq!(
            sizes(&[3, 4], Split::Sizes(&[1, -1, 1]), 1),
            Ok(vec![1, 2, 1])
        );
        assert_eq!(sizes(&[3, 4], Split::Sizes(&[4]), 1), Ok(vec![4]));
    }

    #[test]
    fn overflowing_sizes_are_a_mismatch() {
        let big = [i64::MAX, i64::MAX, 2];
        assert!(matches!(
            sizes(&[4], Split::Sizes(&big), 0),
            Err(Error::SplitSizesMismatch {
                total: i64::MAX,
                ..
            })
        ));
        // An axis of isize::MAX (an array with no elements can have one): no saturation fakes a
        // match.
        let longest = [isize::MAX as usize];
        assert!(matches!(
            sizes(&longest, Split::Sizes(&[i64::MAX, 1]), 0),
            Err(Error::SplitSizesMismatch { .. })
        ));
        let low = [i64::MIN, i64::MIN, -1];
        assert!(matches!(
            sizes(&[4], Split::Sizes(&low), 0),
            Err(Error::SplitNegativeSize { index: 0, .. })
        ));
    }

    #[test]
    fn too_many_parts_is_an_error() {
        assert!(matches!(
            try_vec::<[u8; 64]>(&[usize::MAX]),
            Err(Error::TooLarge { .. })
        ));
    }
}
