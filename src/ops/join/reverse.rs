//! `tf.reverse`: some axes walked backwards, as a zero-copy view (negative strides).

use ndarray::{ArrayRef, ArrayView, Axis, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::util::axis::resolve_axis;
use crate::util::axis_set::AxisSet;
use crate::util::sealed::{private_decl, private_impl};

/// `tf.reverse` as a method of every ndarray array: a zero-copy view with negative strides.
///
/// The view costs O(rank) plus O(length of `axis`); nothing is allocated below rank 129.
/// Each axis is checked, in TensorFlow's order, before ndarray sees it, so no input makes this
/// panic.
pub trait ReverseExt<A, D: Dimension> {
    /// `tf.reverse(self, axis)` (TensorFlow's `ReverseV2`): the elements in reverse order along
    /// each axis listed, in place along the others.
    ///
    /// Negative axes count from the end; an empty list gives the array unchanged. The result is
    /// ndarray's [`invert_axis`](ndarray::ArrayBase::invert_axis) on each listed axis.
    ///
    /// The axes are checked on every input. TensorFlow's eager kernel skips its checks when the
    /// input is a scalar or has no elements (`tf.reverse(tf.zeros([2, 0]), [5])` returns), but
    /// the same call inside a `tf.function` fails when the graph is built; this follows the graph,
    /// so an invalid axis is an error whatever the data. Unlike TensorFlow's kernel (which stops
    /// at rank 8), any rank works.
    ///
    /// # Errors
    /// Entry by entry, in order, as TensorFlow checks:
    /// - [`Error::AxisOutOfRange`]: `axis[i]` outside `[-rank, rank)`; `argument` is `"axis[i]"`.
    /// - [`Error::ReverseDuplicateAxis`]: `axis[i]` names the same axis as an earlier entry, also
    ///   through a negative alias (`[1, -2]` on rank 3).
    ///
    /// # Example
    /// TensorFlow's own examples. Its old `tf.reverse(t, dims)` took one `bool` per axis; today's
    /// `tf.reverse(t, axis)` lists the axes, so `dims = [False, False, False, True]` is
    /// `axis = [3]`, `[False, True, False, False]` is `[1]` and `[False, False, True, False]` is
    /// `[2]`.
    /// ```
    /// use ndarray::{array, Array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // t has shape [1, 2, 3, 4] and holds 0..24.
    /// let t = Array::from_iter(0..24).into_shape_with_order((1, 2, 3, 4)).unwrap();
    ///
    /// // dims [False, False, False, True]
    /// assert_eq!(
    ///     t.tf_reverse(&[3])?,
    ///     array![[[[3, 2, 1, 0], [7, 6, 5, 4], [11, 10, 9, 8]],
    ///             [[15, 14, 13, 12], [19, 18, 17, 16], [23, 22, 21, 20]]]]
    /// );
    /// // dims [False, True, False, False]
    /// assert_eq!(
    ///     t.tf_reverse(&[1])?,
    ///     array![[[[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]],
    ///             [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]]]
    /// );
    /// // dims [False, False, True, False]; -2 is the same axis.
    /// let expected = array![[[[8, 9, 10, 11], [4, 5, 6, 7], [0, 1, 2, 3]],
    ///                        [[20, 21, 22, 23], [16, 17, 18, 19], [12, 13, 14, 15]]]];
    /// assert_eq!(t.tf_reverse(&[2])?, expected);
    /// assert_eq!(t.tf_reverse(&[-2])?, expected);
    ///
    /// // A view: no element was copied.
    /// let r = t.tf_reverse(&[3])?;
    /// assert!(std::ptr::eq(&r[[0, 0, 0, 0]], &t[[0, 0, 0, 3]]));
    ///
    /// // The same axis twice is an error, even through a negative alias.
    /// assert!(matches!(t.tf_reverse(&[1, -3]), Err(Error::ReverseDuplicateAxis { axis: 1, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_reverse<L: IntList + ?Sized>(&self, axis: &L) -> Result<ArrayView<'_, A, D>, Error>;

    private_decl! {}
}

impl<A, D: Dimension> ReverseExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn tf_reverse<L: IntList + ?Sized>(&self, axis: &L) -> Result<ArrayView<'_, A, D>, Error> {
        let mut view = self.view();
        let axis = widen(axis, Argument::Axis)?;
        // An error drops the half-inverted view.
        reversed_axes(&axis, self.ndim(), |a| view.invert_axis(Axis(a)))?;
        Ok(view)
    }

    private_impl! {}
}

/// TensorFlow's checks on `axis`, in its order, calling `invert` with each axis to invert as it
/// is checked (on `Err`, calls already made must be discarded).
#[inline]
pub(crate) fn reversed_axes(
    axis: &[i64],
    rank: usize,
    mut invert: impl FnMut(usize),
) -> Result<(), Error> {
    {
        let mut seen = AxisSet::new(rank);
        // One pass, as TF checks: entry by entry, range then repeat. An error drops the view.
        for (i, &a) in axis.iter().enumerate() {
            let resolved = resolve_entry(i, to_isize(a), rank)?;
            if !seen.insert(resolved) {
                // Earlier entries all resolved; find the first that names this axis.
                let first = axis
                    .iter()
                    .position(|&b| resolve_entry(0, to_isize(b), rank) == Ok(resolved))
                    .unwrap_or(0);
                return Err(Error::ReverseDuplicateAxis {
                    axis: resolved,
                    first,
                    second: i,
                });
            }
            invert(resolved);
        }
        Ok(())
    }
}

/// An `i64` axis as `isize`, saturating (32-bit targets), where the range check rejects it.
fn to_isize(a: i64) -> isize {
    isize::try_from(a).unwrap_or(if a < 0 { isize::MIN } else { isize::MAX })
}

/// `axis[i]` as a non-negative axis, the error naming `axis[i]`.
#[inline]
fn resolve_entry(i: usize, axis: isize, rank: usize) -> Result<usize, Error> {
    resolve_axis("tf_reverse", "axis", axis, rank).map_err(|e| match e {
        Error::AxisOutOfRange {
            op, axis, min, max, ..
        } => Error::AxisOutOfRange {
            op,
            argument: format!("axis[{i}]"),
            axis,
            min,
            max,
        },
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::Array3;

    #[test]
    fn tf_order_of_checks() {
        let x = Array3::<u8>::zeros((2, 3, 4));
        // Entry by entry: a repeat before an out-of-range entry is reported first.
        assert_eq!(
            x.tf_reverse(&[0, 0, 5]).unwrap_err(),
            Error::ReverseDuplicateAxis {
                axis: 0,
                first: 0,
                second: 1
            }
        );
        let err = x.tf_reverse(&[0, 5, 0]).unwrap_err();
        assert_eq!(err.to_string(), "axis[1] = 5 not in [-3, 3) (tf_reverse)");
        assert_eq!(
            x.tf_reverse(&[2, 1, -2]).unwrap_err(),
            Error::ReverseDuplicateAxis {
                axis: 1,
                first: 1,
                second: 2
            }
        );
        assert!(x.tf_reverse(&[isize::MIN]).is_err());
    }
}
