//! `TfSliceExt`: TensorFlow's `strided_slice` and `slice` as zero-copy views of any ndarray array.

use ndarray::{Array, ArrayD, ArrayRef, ArrayView, ArrayViewMut, Axis, Dimension, IxDyn};
use num_traits::PrimInt;

use crate::error::Error;
use crate::int_list::IntList;
use crate::strided::apply::{InPlace, balances, in_place_suits, slice_balanced, slice_view};
use crate::strided::assign::{assign_into, with_context};
use crate::strided::elems::Elems;
use crate::strided::index_spec::IndexSpec;
use crate::strided::masks::Masks;
use crate::strided::raw_view::{self, out_ndim, out_ndim_of};
use crate::strided::resolve::{Outlined, RawSpec, rank_changes, resolve};
use crate::strided::slice::resolve_slice;
use crate::strided::spec::StridedSlice;
use crate::util::owned::owned_copy;
use crate::util::sealed::{private_decl, private_impl};

/// TensorFlow's slicing ops as methods of every ndarray array (owned, views, `ArcArray`,
/// `CowArray`; any dimension type; any element type).
///
/// Results are views into the input: no element is copied, and a view costs O(rank). Every spec is
/// validated and resolved before ndarray is called, so no input makes these methods panic: where
/// TensorFlow raises, they return [`Error`].
///
/// `begin`, `end`, `strides` and `size` take any primitive integer type (`i32`, `i64`, `usize`,
/// ...). Values are widened to `i64`, TensorFlow's widest index type.
pub trait TfSliceExt<A, D: Dimension> {
    /// `tf.strided_slice(self, begin, end, strides, **masks)`: a view of the elements TensorFlow
    /// would return, in TensorFlow's order and shape.
    ///
    /// All of TF's rules hold: negative indices count from the end; out-of-range `begin`/`end`
    /// clamp silently; a negative stride starts at `begin` and walks down; `masks.begin` /
    /// `masks.end` take the full range in the walk direction; an ellipsis (explicit, or implicit at
    /// the end) stands for the axes the other entries leave over; a new axis adds a length-1 axis;
    /// a shrink entry takes the single index `begin` (its masks and `end` ignored, any positive
    /// stride accepted) and drops the axis. Mask bits past the spec length are ignored.
    ///
    /// Unlike TensorFlow, inputs of any rank work (TF's kernel stops at 8) and specs may have up to
    /// 64 entries (TF stops at 31).
    ///
    /// `begin`, `end` and `strides` are [`IntList`]s: any primitive integer type, as a slice,
    /// `Vec`, fixed array or 1-D ndarray array or view (each its own type).
    ///
    /// The view borrows `self`, so a function cannot return a slice of a view it was given
    /// (`error[E0515]: cannot return value referencing function parameter`): consume the view
    /// with [`tf_strided_slice_move`](crate::TfSliceMoveExt::tf_strided_slice_move) (or
    /// [`tf_index_move`](crate::TfSliceMoveExt::tf_index_move)) to get a view with the input's
    /// lifetime. Written in Python syntax, [`tf_index`](TfSliceExt::tf_index) with
    /// [`tf_s!`](crate::tf_s) also gives a typed result.
    ///
    /// # Errors
    /// - [`Error::SpecLengthMismatch`]: `begin`, `end` and `strides` differ in length.
    /// - [`Error::SpecTooLong`]: more than 64 entries.
    /// - [`Error::MultipleEllipses`]: more than one bit of `masks.ellipsis` set.
    /// - [`Error::SliceScalar`] / [`Error::TooManyIndices`]: more range and index entries than
    ///   the input has axes.
    /// - [`Error::ZeroStride`]: a zero stride on a range or index entry.
    /// - [`Error::ShrinkNegativeStride`]: a shrink entry with a negative stride.
    /// - [`Error::ShrinkOutOfBounds`]: a shrink index outside its axis.
    /// - [`Error::ValueOutOfRange`]: a value that does not fit in `i64`.
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.strided_slice` documentation):
    /// ```
    /// use ndarray::{array, Array3};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let t = array![[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]];
    /// let none = Masks::NONE;
    /// assert_eq!(t.tf_strided_slice(&[1, 0, 0], &[2, 1, 3], &[1, 1, 1], none)?, array![[[3, 3, 3]]].into_dyn());
    /// assert_eq!(
    ///     t.tf_strided_slice(&[1, 0, 0], &[2, 2, 3], &[1, 1, 1], none)?,
    ///     array![[[3, 3, 3], [4, 4, 4]]].into_dyn()
    /// );
    /// assert_eq!(
    ///     t.tf_strided_slice(&[1, -1, 0], &[2, -3, 3], &[1, -1, 1], none)?,
    ///     array![[[4, 4, 4], [3, 3, 3]]].into_dyn()
    /// );
    ///
    /// // `foo[:, 3, :]` on a 7x8x9 tensor: shrink_axis_mask = 2.
    /// let foo = Array3::<f32>::zeros((7, 8, 9));
    /// let m = Masks { begin: 0b101, end: 0b101, shrink_axis: 0b010, ..Masks::NONE };
    /// assert_eq!(foo.tf_strided_slice(&[0, 3, 0], &[0, 4, 0], &[1, 1, 1], m)?.shape(), &[7, 9]);
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_strided_slice<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        &self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayView<'_, A, IxDyn>, Error>;

    /// [`tf_strided_slice`](TfSliceExt::tf_strided_slice) as a mutable view: writes through it
    /// change `self`.
    ///
    /// # Errors
    /// As [`tf_strided_slice`](TfSliceExt::tf_strided_slice).
    ///
    /// # Example
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let mut x = array![0, 1, 2, 3, 4, 5];
    /// // x[::-2] is 5, 3, 1.
    /// let m = Masks { begin: 1, end: 1, ..Masks::NONE };
    /// x.tf_strided_slice_mut(&[0], &[0], &[-2], m)?.fill(9);
    /// assert_eq!(x, array![0, 9, 2, 9, 4, 9]);
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_strided_slice_mut<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        &mut self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayViewMut<'_, A, IxDyn>, Error>;

    /// `tf.slice(self, begin, size)`: the block starting at `begin` with extent `size` on each axis;
    /// `size[i] = -1` means "to the end of axis i".
    ///
    /// TensorFlow's strict rules hold: `begin` and `size` have one entry per axis, there is no
    /// negative indexing, and nothing is clamped (`begin == dim` with size 0 is allowed).
    ///
    /// The rank never changes, so the result keeps the input's dimension type `D`. `begin` and
    /// `size` are [`IntList`]s. To return the block from a helper that takes a view, use
    /// [`tf_slice_move`](crate::TfSliceMoveExt::tf_slice_move).
    ///
    /// # Errors
    /// - [`Error::SliceLengthMismatch`]: `begin` or `size` is not one entry per axis.
    /// - [`Error::SliceEmptyAxis`]: on an axis of size 0, `begin` or `size` is not 0.
    /// - [`Error::SliceBeginOutOfRange`]: `begin[i]` outside `[0, dim]`.
    /// - [`Error::SliceSizeOutOfRange`]: `size[i]` outside `[0, dim - begin[i]]` (and not -1).
    /// - [`Error::ValueOutOfRange`]: a value that does not fit in `i64`.
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.slice` documentation):
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let input = array![[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]];
    /// assert_eq!(input.tf_slice(&[1, 0, 0], &[1, 1, 3])?, array![[[3, 3, 3]]]);
    /// assert_eq!(input.tf_slice(&[1, 0, 0], &[1, 2, 3])?, array![[[3, 3, 3], [4, 4, 4]]]);
    /// assert_eq!(input.tf_slice(&[1, 0, 0], &[2, 1, 3])?, array![[[3, 3, 3]], [[5, 5, 5]]]);
    /// // size -1: everything from begin on.
    /// assert_eq!(input.tf_slice(&[2, 1, 1], &[-1, -1, -1])?, array![[[6, 6]]]);
    /// // No negative indexing in tf.slice.
    /// assert!(input.tf_slice(&[-1, 0, 0], &[1, 1, 1]).is_err());
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_slice<B: IntList + ?Sized, Z: IntList + ?Sized>(
        &self,
        begin: &B,
        size: &Z,
    ) -> Result<ArrayView<'_, A, D>, Error>;

    /// `x[...]`: [`tf_strided_slice`](TfSliceExt::tf_strided_slice) with a spec written in
    /// Python index syntax, [`tf_s!`](crate::tf_s) (checked at compile time, typed result) or a
    /// `&`[`StridedSlice`] (parsed or built at run time, `IxDyn` result).
    ///
    /// With `tf_s!`, the result's dimension type follows from the input's at compile time
    /// (`Array3` and `tf_s![..., 0]` give `ArrayView2`; see [`IndexSpec`]); with a
    /// `&StridedSlice` it is `IxDyn`.
    ///
    /// The view borrows `self`. A function that takes a view and returns a slice of it (`fn
    /// crop<'a>(x: ArrayView3<'a, u8>) -> .. ArrayView3<'a, u8>`) needs the view to keep the
    /// input's lifetime: use [`tf_index_move`](crate::TfSliceMoveExt::tf_index_move) on the
    /// view, which consumes it.
    ///
    /// # Errors
    /// As [`tf_strided_slice`](TfSliceExt::tf_strided_slice) (a spec always has consistent
    /// lengths, so never [`Error::SpecLengthMismatch`]); [`Error::ValueOutOfRange`] for a
    /// `tf_s!` bound past `i64`.
    ///
    /// # Example
    /// ```
    /// use ndarray::{array, Array, ArrayView6, ArrayViewD};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // The Java StridedSlice page's example, foo[1, 2:4, None, ..., :-3:-1, :] on (5,5,5,5,5,5).
    /// let foo = Array::from_iter(0..5usize.pow(6)).into_shape_with_order([5; 6]).unwrap();
    /// let y: ArrayView6<usize> = foo.tf_index(tf_s![1, 2:4, None, ..., :-3:-1, :])?;
    /// assert_eq!(y.shape(), &[2, 1, 5, 5, 2, 5]);
    ///
    /// // YOLOv3's box_xy[..., ::-1]: swap the last axis.
    /// let box_xy = array![[1.0, 2.0], [3.0, 4.0]];
    /// assert_eq!(box_xy.tf_index(tf_s![..., ::-1])?, array![[2.0, 1.0], [4.0, 3.0]]);
    ///
    /// // A spec only known at run time (from a config file, say): IxDyn.
    /// let spec: StridedSlice = "..., ::-1".parse()?;
    /// let dynamic: ArrayViewD<f64> = box_xy.tf_index(&spec)?;
    /// assert_eq!(dynamic, array![[2.0, 1.0], [4.0, 3.0]].into_dyn());
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_index<P: IndexSpec<D>>(&self, spec: P) -> Result<ArrayView<'_, A, P::Out>, Error>;

    /// [`tf_index`](TfSliceExt::tf_index) as a mutable view: writes through it change `self`.
    ///
    /// # Errors
    /// As [`tf_index`](TfSliceExt::tf_index).
    ///
    /// # Example
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let mut x = array![[1, 2, 3], [4, 5, 6]];
    /// x.tf_index_mut(tf_s![-1, 1:])?.fill(0);
    /// assert_eq!(x, array![[1, 2, 3], [4, 0, 0]]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_index_mut<P: IndexSpec<D>>(
        &mut self,
        spec: P,
    ) -> Result<ArrayViewMut<'_, A, P::Out>, Error>;

    /// Slice assignment: writes `value` into `x[spec]`, as TensorFlow's
    /// `TensorStridedSliceUpdate` / `ResourceStridedSliceAssign` (`var[...].assign(value)`) do.
    ///
    /// `value` is any ndarray array of the same element type, and broadcasts one way into the
    /// slice's shape: shapes align from the right, each value dim equals the slice's or is 1, and
    /// value dims beyond the slice's rank must be leading 1s (a scalar always broadcasts). An empty
    /// slice is a no-op that never looks at the value's shape. On any error `self` is left exactly
    /// as it was.
    ///
    /// # Errors
    /// The errors of [`tf_strided_slice`](TfSliceExt::tf_strided_slice), and
    /// [`Error::AssignBroadcast`] when the value does not broadcast into the slice.
    ///
    /// # Example
    /// ```
    /// use ndarray::{arr0, array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let mut x = array![[0, 0, 0], [0, 0, 0]];
    /// // x[:, 1:] = [5, 6]: a row broadcast over both rows.
    /// let m = Masks { begin: 0b01, end: 0b11, ..Masks::NONE };
    /// x.tf_strided_slice_assign(&[0, 1], &[0, 0], &[1, 1], m, &array![5, 6])?;
    /// assert_eq!(x, array![[0, 5, 6], [0, 5, 6]]);
    /// // A scalar fills the slice.
    /// x.tf_strided_slice_assign(&[1], &[2], &[1], Masks::NONE, &arr0(9))?;
    /// assert_eq!(x, array![[0, 5, 6], [9, 9, 9]]);
    /// // A value that does not broadcast is an error in TensorFlow's words, and x is untouched.
    /// let err = x.tf_strided_slice_assign(&[0, 1], &[0, 0], &[1, 1], m, &array![1, 2, 3]).unwrap_err();
    /// assert!(err.to_string().starts_with("Cannot broadcast input shape [3] into final shape [2,2]"));
    /// assert_eq!(x, array![[0, 5, 6], [9, 9, 9]]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_strided_slice_assign<
        B: IntList + ?Sized,
        N: IntList + ?Sized,
        T: IntList + ?Sized,
        E: Dimension,
    >(
        &mut self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
        value: &ArrayRef<A, E>,
    ) -> Result<(), Error>
    where
        A: Clone;

    /// [`tf_strided_slice_assign`](TfSliceExt::tf_strided_slice_assign) with a spec in Python
    /// syntax ([`tf_s!`](crate::tf_s) or a `&`[`StridedSlice`]): `x[spec] = value`.
    ///
    /// # Errors
    /// As [`tf_strided_slice_assign`](TfSliceExt::tf_strided_slice_assign).
    ///
    /// # Example
    /// ```
    /// use ndarray::{array, Array2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let mut x = Array2::<f32>::zeros((3, 4));
    /// // x[::2, None, -1] = [[7.0]]: extra leading 1s in the value are fine.
    /// x.tf_index_assign(tf_s![::2, None, -1], &array![[[7.0]]])?;
    /// assert_eq!(x.column(3), array![7.0, 0.0, 7.0]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_index_assign<P: IndexSpec<D>, E: Dimension>(
        &mut self,
        spec: P,
        value: &ArrayRef<A, E>,
    ) -> Result<(), Error>
    where
        A: Clone;

    /// `tf.strided_slice` as TensorFlow returns it: a new array (C order) holding a copy of the
    /// elements [`tf_strided_slice`](TfSliceExt::tf_strided_slice) views.
    ///
    /// Prefer the view where it will do. Where an owned result is needed, this is the view's
    /// [`to_standard_layout`](crate::StandardLayoutExt::to_standard_layout) (the crate's copy
    /// engine: merged axes, whole runs as slices, short and reversed runs by their own kernels),
    /// not its `.to_owned()`: ndarray copies a strided view element by element, and keeps a
    /// reversed or transposed view's strides, so its result is not in C order. To copy a view
    /// made some other way (a [`tf_transpose`](crate::TransposeExt::tf_transpose), a
    /// [`Plan::apply`](crate::Plan::apply)), call `to_standard_layout` on it.
    ///
    /// # Errors
    /// As [`tf_strided_slice`](TfSliceExt::tf_strided_slice), and [`Error::TooLarge`] if the
    /// copy would have more bytes than an allocation can hold (a slice of a broadcast view can).
    ///
    /// # Example
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = array![[1, 2, 3], [4, 5, 6]];
    /// // x[::-1, ::2]
    /// let m = Masks { begin: 0b11, end: 0b11, ..Masks::NONE };
    /// let y = x.tf_strided_slice_to_owned(&[0, 0], &[0, 0], &[-1, 2], m)?;
    /// assert_eq!(y, array![[4, 6], [1, 3]].into_dyn());
    /// assert!(y.is_standard_layout());
    /// drop(x); // y owns its elements
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_strided_slice_to_owned<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        &self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayD<A>, Error>
    where
        A: Clone;

    /// [`tf_index`](TfSliceExt::tf_index) as an owned copy: `x[spec]` as TensorFlow returns it,
    /// in C order. The same as `x.tf_index(spec)?.to_standard_layout()`
    /// ([`StandardLayoutExt`](crate::StandardLayoutExt)), which is the form to use for a typed
    /// `tf_s!` spec (its static dimension is kept).
    ///
    /// # Errors
    /// As [`tf_index`](TfSliceExt::tf_index), and [`Error::TooLarge`] as for
    /// [`tf_strided_slice_to_owned`](TfSliceExt::tf_strided_slice_to_owned).
    ///
    /// # Example
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = array![[1.0, 2.0], [3.0, 4.0]];
    /// assert_eq!(x.tf_index_to_owned(tf_s![..., ::-1])?, array![[2.0, 1.0], [4.0, 3.0]]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_index_to_owned<P: IndexSpec<D>>(&self, spec: P) -> Result<Array<A, P::Out>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> TfSliceExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn tf_strided_slice<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        &self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayView<'_, A, IxDyn>, Error> {
        let (begin, end, strides) = (begin.__ints(), end.__ints(), strides.__ints());
        let changes = rank_changes(masks, strides.len());
        if !in_place_suits(changes) {
            if balances(changes, masks.new_axis, self.ndim()) {
                // As many shrinks as new axes: in place too, with no shape built (`apply.rs`).
                let spec = RawSpec {
                    begin: &begin,
                    end: &end,
                    strides: &strides,
                    masks,
                };
                return slice_balanced(|| self.view().into_dyn(), self.shape(), Outlined(spec));
            }
            return direct_view(self, &begin, &end, &strides, masks, changes);
        }
        // At most one rank change: sliced in place, which is cheaper on `IxDyn` than building a
        // shape (`apply.rs`).
        let mut in_place = InPlace::new(self.view().into_dyn());
        resolve(self.shape(), &begin, &end, &strides, masks, &mut in_place)?;
        Ok(in_place.finish())
    }

    #[inline]
    fn tf_strided_slice_mut<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        &mut self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayViewMut<'_, A, IxDyn>, Error> {
        let (begin, end, strides) = (begin.__ints(), end.__ints(), strides.__ints());
        raw_view::view_dyn_mut(
            self,
            out_ndim(masks, strides.len(), self.ndim()),
            RawSpec {
                begin: &begin,
                end: &end,
                strides: &strides,
                masks,
            },
            |x| {
                let mut elems = Elems::new();
                resolve(x.shape(), &begin, &end, &strides, masks, &mut elems)?;
                Ok(x.view_mut().into_dyn().slice_move(elems.as_slice()))
            },
        )
    }

    #[inline]
    fn tf_slice<B: IntList + ?Sized, Z: IntList + ?Sized>(
        &self,
        begin: &B,
        size: &Z,
    ) -> Result<ArrayView<'_, A, D>, Error> {
        let mut view = self.view();
        let (begin, size) = (begin.__ints(), size.__ints());
        resolve_slice(self.shape(), &begin, &size, |axis, slice| {
            view.as_layout_ref_mut()
                .slice_axis_inplace(Axis(axis), slice)
        })?;
        Ok(view)
    }

    #[inline(always)]
    fn tf_index<P: IndexSpec<D>>(&self, spec: P) -> Result<ArrayView<'_, A, P::Out>, Error> {
        spec.__view(self)
    }

    #[inline]
    fn tf_strided_slice_to_owned<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        &self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<ArrayD<A>, Error>
    where
        A: Clone,
    {
        self.tf_strided_slice(begin, end, strides, masks)
            .and_then(owned_copy)
    }

    #[inline]
    fn tf_index_to_owned<P: IndexSpec<D>>(&self, spec: P) -> Result<Array<A, P::Out>, Error>
    where
        A: Clone,
    {
        self.tf_index(spec).and_then(owned_copy)
    }

    #[inline(always)]
    fn tf_index_mut<P: IndexSpec<D>>(
        &mut self,
        spec: P,
    ) -> Result<ArrayViewMut<'_, A, P::Out>, Error> {
        spec.__view_mut(self)
    }

    fn tf_strided_slice_assign<
        B: IntList + ?Sized,
        N: IntList + ?Sized,
        T: IntList + ?Sized,
        E: Dimension,
    >(
        &mut self,
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
        value: &ArrayRef<A, E>,
    ) -> Result<(), Error>
    where
        A: Clone,
    {
        let value = value.view().into_dyn();
        assign_into(
            self,
            |x| x.tf_strided_slice_mut(begin, end, strides, masks),
            value,
        )
        .map_err(|e| {
            // The spec resolved, so it converts.
            let spec = || {
                StridedSlice::from_raw(begin, end, strides, masks)
                    .map_or_else(|e| e.to_string(), |s| s.to_string())
            };
            with_context(e, spec, self.shape())
        })
    }

    fn tf_index_assign<P: IndexSpec<D>, E: Dimension>(
        &mut self,
        spec: P,
        value: &ArrayRef<A, E>,
    ) -> Result<(), Error>
    where
        A: Clone,
    {
        let value = value.view().into_dyn();
        assign_into(
            self,
            |x| spec.__view_mut(x).map(ArrayViewMut::into_dyn),
            value,
        )
        .map_err(|e| with_context(e, || spec.__python(), self.shape()))
    }

    private_impl! {}
}

/// `tf_strided_slice` of a spec with two or more rank changes: the view built directly from the
/// resolved steps (`raw_view.rs`). Out of line, so that the in-place path keeps its code.
#[inline(never)]
fn direct_view<'a, A, D: Dimension, B: PrimInt, N: PrimInt, T: PrimInt>(
    x: &'a ArrayRef<A, D>,
    begin: &[B],
    end: &[N],
    strides: &[T],
    masks: Masks,
    changes: u64,
) -> Result<ArrayView<'a, A, IxDyn>, Error> {
    raw_view::view_dyn(
        x,
        out_ndim_of(changes, masks.new_axis, x.ndim()),
        RawSpec {
            begin,
            end,
            strides,
            masks,
        },
        |x| slice_view(x.view().into_dyn(), x.shape(), begin, end, strides, masks),
    )
}
