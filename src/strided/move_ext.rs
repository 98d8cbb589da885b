//! `TfSliceMoveExt`: strided slicing by value, ndarray's `_move` convention: an owned array (or a
//! view) becomes its own slice without copying any element.

use ndarray::{ArrayBase, Axis, Dimension, IxDyn, RawData};

use crate::error::Error;
use crate::int_list::IntList;
use crate::strided::elems::Elems;
use crate::strided::masks::Masks;
use crate::strided::resolve::resolve;
use crate::strided::slice::resolve_slice;
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
    fn tf_strided_slice_move<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayBase<S, IxDyn>, Error>;

    /// [`tf_slice`](crate::TfSliceExt::tf_slice) by value: the block keeps the input's
    /// dimension type and, for a view, its lifetime.
    ///
    /// # Errors
    /// As [`tf_slice`](crate::TfSliceExt::tf_slice).
    ///
    /// # Example
    /// A crop with run-time bounds in a helper that returns a view of its argument (with
    /// `tf_slice` it would not compile: the view would borrow the local `x`):
    /// ```
    /// use ndarray::{Array3, ArrayView3};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// fn crop<'a>(x: ArrayView3<'a, u8>, h: usize, w: usize, c: usize) -> Result<ArrayView3<'a, u8>, Error> {
    ///     // img[h:h + c, w:w + c, :]
    ///     x.tf_slice_move(&[h, w, 0], &[c as i64, c as i64, -1])
    /// }
    /// let img = Array3::<u8>::from_shape_fn((4, 4, 3), |(i, j, k)| (16 * i + 4 * j + k) as u8);
    /// let patch = crop(img.view(), 1, 2, 2)?;
    /// assert_eq!(patch.shape(), &[2, 2, 3]);
    /// assert!(std::ptr::eq(&patch[[0, 0, 0]], &img[[1, 2, 0]]));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_slice_move<B: IntList + ?Sized, Z: IntList + ?Sized>(
        self,
        begin: &B,
        size: &Z,
    ) -> Result<ArrayBase<S, D>, Error>;

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
    fn tf_strided_slice_move<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayBase<S, IxDyn>, Error> {
        let mut elems = Elems::new();
        resolve(
            self.as_layout_ref().shape(),
            &begin.__ints(),
            &end.__ints(),
            &strides.__ints(),
            masks,
            &mut elems,
        )?;
        Ok(self.into_dyn().slice_move(elems.as_slice()))
    }

    fn tf_slice_move<B: IntList + ?Sized, Z: IntList + ?Sized>(
        mut self,
        begin: &B,
        size: &Z,
    ) -> Result<ArrayBase<S, D>, Error> {
        let (begin, size) = (begin.__ints(), size.__ints());
        // The dimension, not a Vec: no allocation for fixed dimension types.
        let dim = self.as_layout_ref().raw_dim();
        resolve_slice(dim.slice(), &begin, &size, |axis, slice| {
            self.as_layout_ref_mut()
                .slice_axis_inplace(Axis(axis), slice)
        })?;
        Ok(self)
    }

    fn tf_index_move(self, spec: &StridedSlice) -> Result<ArrayBase<S, IxDyn>, Error> {
        self.tf_strided_slice_move(spec.begin(), spec.end(), spec.strides(), spec.masks())
    }

    private_impl! {}
}
