//! `TfSliceMoveExt`: strided slicing by value, ndarray's `_move` convention: an owned array (or a
//! view) becomes its own slice without copying any element.

use ndarray::{ArrayBase, Dimension, IxDyn, RawData};
use num_traits::PrimInt;

use crate::error::Error;
use crate::strided::elems::Elems;
use crate::strided::masks::Masks;
use crate::strided::resolve::resolve;
use crate::strided::spec::StridedSlice;
use crate::util::sealed::{private_decl, private_impl};

/// Strided slicing that consumes the array: `Array` stays an `Array` (keeping its whole buffer, as
/// ndarray's `slice_move` does), a view stays a view with the input's lifetime.
///
/// The spec is validated before the array is touched, but the array has been moved in: on `Err`
/// it is dropped. Resolve a [`Plan`](crate::Plan) first, or slice a view, to keep it.
pub trait TfSliceMoveExt<S: RawData, D: Dimension>: Sized {
    /// [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice) by value.
    ///
    /// # Errors
    /// As [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice).
    ///
    /// # Example
    /// ```
    /// use ndarray::{array, Array, ArrayD};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = Array::from_iter(0..12).into_shape_with_order((3, 4)).unwrap();
    /// let buffer = x.as_ptr();
    /// // x[-1, ::-1], keeping ownership, without a copy.
    /// let m = Masks { begin: 0b10, end: 0b10, shrink_axis: 0b01, ..Masks::NONE };
    /// let last_row: ArrayD<i32> = x.tf_strided_slice_move(&[-1, 0], &[0, 0], &[1, -1], m)?;
    /// assert_eq!(last_row, array![11, 10, 9, 8].into_dyn());
    /// assert_eq!(&last_row[[3]] as *const i32, buffer.wrapping_add(8));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_strided_slice_move<I: PrimInt>(
        self,
        begin: &[I],
        end: &[I],
        strides: &[I],
        masks: Masks,
    ) -> Result<ArrayBase<S, IxDyn>, Error>;

    /// [`tf_index`](crate::TfSliceExt::tf_index) by value.
    ///
    /// # Errors
    /// As [`tf_index`](crate::TfSliceExt::tf_index).
    ///
    /// # Example
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    /// let x = array![[1, 2], [3, 4]];
    /// let view = x.view().tf_index_move(&"..., 0".parse()?)?;
    /// assert_eq!(view, array![1, 3].into_dyn());
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_index_move(self, spec: &StridedSlice) -> Result<ArrayBase<S, IxDyn>, Error>;

    private_decl! {}
}

impl<S: RawData, D: Dimension> TfSliceMoveExt<S, D> for ArrayBase<S, D> {
    fn tf_strided_slice_move<I: PrimInt>(
        self,
        begin: &[I],
        end: &[I],
        strides: &[I],
        masks: Masks,
    ) -> Result<ArrayBase<S, IxDyn>, Error> {
        let mut elems = Elems::new();
        resolve(
            self.as_layout_ref().shape(),
            begin,
            end,
            strides,
            masks,
            &mut elems,
        )?;
        Ok(self.into_dyn().slice_move(elems.as_slice()))
    }

    fn tf_index_move(self, spec: &StridedSlice) -> Result<ArrayBase<S, IxDyn>, Error> {
        self.tf_strided_slice_move(spec.begin(), spec.end(), spec.strides(), spec.masks())
    }

    private_impl! {}
}
