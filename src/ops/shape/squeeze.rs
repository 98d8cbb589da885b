//! `tf.squeeze`: axes of length 1 removed, as a zero-copy view.

use ndarray::{ArrayRef, ArrayView, Axis, Dimension, IxDyn};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::int_list::IntList;
use crate::util::sealed::{private_decl, private_impl};
use crate::util::values::Values;

/// `tf.squeeze` as a method of every ndarray array: a view without some axes of length 1.
pub trait SqueezeExt<A, D: Dimension> {
    /// `tf.squeeze(self, axis)`: `self` without the listed axes, each of which must have length 1;
    /// an empty `axis` removes every axis of length 1. Negative axes count from the end, and an
    /// axis may be listed twice (TensorFlow accepts that too).
    ///
    /// The result is a view of dimension type [`IxDyn`](type@ndarray::IxDyn), since its rank depends on the values in
    /// `axis` (or on the data); `.into_dimensionality::<Ix2>()?` gives a typed one.
    ///
    /// # Errors
    /// In TensorFlow's order: every entry's range first, then the sizes, in axis order.
    /// - [`Error::ValueOutOfRange`]: an entry does not fit in `i64`.
    /// - [`Error::SqueezeAxis`]: an entry outside `[-rank, rank)` (the last such entry, as
    ///   TensorFlow reports it).
    /// - [`Error::SqueezeNotOne`]: a listed axis whose length is not 1 (the lowest such axis).
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.squeeze` documentation):
    /// ```
    /// use ndarray::{Array, Ix2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // 't' is a tensor of shape [1, 2, 1, 3, 1, 1]
    /// let t = Array::<f32, _>::zeros((1, 2, 1, 3, 1, 1));
    /// assert_eq!(t.tf_squeeze(&[0; 0])?.shape(), &[2, 3]);
    /// assert_eq!(t.tf_squeeze(&[2, 4])?.shape(), &[1, 2, 3, 1]);
    ///
    /// // A typed result from the IxDyn one:
    /// let m = t.tf_squeeze(&[0; 0])?.into_dimensionality::<Ix2>()?;
    /// assert_eq!(m.dim(), (2, 3));
    ///
    /// let err = t.tf_squeeze(&[1]).unwrap_err();
    /// assert_eq!(err.to_string(), "Can not squeeze dim[1], expected a dimension of 1, got 2");
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_squeeze<L: IntList + ?Sized>(&self, axis: &L) -> Result<ArrayView<'_, A, IxDyn>, Error>;

    private_decl! {}
}

impl<A, D: Dimension> SqueezeExt<A, D> for ArrayRef<A, D> {
    fn tf_squeeze<L: IntList + ?Sized>(&self, axis: &L) -> Result<ArrayView<'_, A, IxDyn>, Error> {
        let shape = self.shape();
        let rank = shape.len();
        let squeezed = squeezed_axes(shape, &axis.__ints())?;
        let mut view = self.view().into_dyn();
        // From the last axis down, so the earlier axes keep their numbers.
        for a in (0..rank).rev() {
            if squeezed.get(a) == Some(&true) {
                view = view.index_axis_move(Axis(a), 0);
            }
        }
        Ok(view)
    }

    private_impl! {}
}

/// For each axis, whether it goes: TensorFlow's `Squeeze` checks.
fn squeezed_axes<I: PrimInt>(shape: &[usize], axis: &[I]) -> Result<Vec<bool>, Error> {
    let rank = shape.len();
    if axis.is_empty() {
        return Ok(shape.iter().map(|&d| d == 1).collect());
    }
    let values = Values::new(axis, Argument::Axis)?;
    let r = i64::try_from(rank).unwrap_or(i64::MAX);
    // TensorFlow names the last entry out of range, not the first.
    if let Some(index) = (0..axis.len())
        .rev()
        .find(|&i| !(-r..r).contains(&values.get(i)))
    {
        return Err(Error::SqueezeAxis {
            index,
            axis: values.get(index),
            rank,
        });
    }
    let mut listed = vec![false; rank];
    for index in 0..axis.len() {
        let a = values.get(index);
        let resolved = if a < 0 { a + r } else { a };
        if let Some(seen) = usize::try_from(resolved)
            .ok()
            .and_then(|i| listed.get_mut(i))
        {
            *seen = true;
        }
    }
    // Then the sizes, in axis order (not list order), as TensorFlow walks them.
    for (a, (&d, &l)) in shape.iter().zip(&listed).enumerate() {
        if l && d != 1 {
            return Err(Error::SqueezeNotOne { axis: a, dim: d });
        }
    }
    Ok(listed)
}
