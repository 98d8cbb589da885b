//! The view-returning ops of the chapter by value (ndarray's `_move` convention): a view goes in
//! and views with the input's lifetime come out, so a helper taking `ArrayView<'a, ..>` can
//! return what it cut.

use ndarray::{
    ArrayBase, ArrayView, ArrayViewMut, Axis, Dimension, RawData, RemoveAxis, Slice, ViewRepr,
};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::ops::join::reverse::reversed_axes;
use crate::ops::join::split::{NumOrSizeSplits, as_split, resolve_split};
use crate::ops::join::transpose::check_perm;
use crate::util::alloc::try_vec;
use crate::util::axis::resolve_axis;
use crate::util::sealed::{private_decl, private_impl};

/// [`tf_transpose`](crate::TransposeExt::tf_transpose) and
/// [`tf_reverse`](crate::ReverseExt::tf_reverse) consuming the array: a view stays a view with
/// the input's lifetime, an owned array stays owned (its axes permuted or inverted in place,
/// nothing copied).
///
/// The arguments are checked before the array is touched, but it has been moved in: on `Err` it
/// is dropped. Pass a view (`x.view()`) to keep an owned array.
pub trait ViewMoveExt<S: RawData, D: Dimension>: Sized {
    /// [`tf_transpose`](crate::TransposeExt::tf_transpose) by value.
    ///
    /// # Errors
    /// As [`tf_transpose`](crate::TransposeExt::tf_transpose).
    ///
    /// # Example
    /// A helper that returns a view of its argument (with `tf_transpose` it would not compile:
    /// the view would borrow the local `x`):
    /// ```
    /// use ndarray::{array, ArrayView3};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// fn nchw<'a>(x: ArrayView3<'a, u8>) -> Result<ArrayView3<'a, u8>, Error> {
    ///     x.tf_transpose_move(&[2, 0, 1])
    /// }
    /// let hwc = array![[[1u8, 2], [3, 4]]];
    /// let chw = nchw(hwc.view())?;
    /// assert_eq!(chw, array![[[1u8, 3]], [[2, 4]]]);
    /// assert!(std::ptr::eq(&chw[[1, 0, 1]], &hwc[[0, 1, 1]]));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_transpose_move<P: IntList + ?Sized>(self, perm: &P) -> Result<ArrayBase<S, D>, Error>;

    /// [`tf_reverse`](crate::ReverseExt::tf_reverse) by value.
    ///
    /// # Errors
    /// As [`tf_reverse`](crate::ReverseExt::tf_reverse).
    ///
    /// # Example
    /// ```
    /// use ndarray::{array, ArrayView2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // box_xy[..., ::-1] of a YOLO port, as a helper returning a view of its input.
    /// fn yx<'a>(xy: ArrayView2<'a, f32>) -> Result<ArrayView2<'a, f32>, Error> {
    ///     xy.tf_reverse_move(&[-1])
    /// }
    /// let xy = array![[1.0, 2.0], [3.0, 4.0]];
    /// assert_eq!(yx(xy.view())?, array![[2.0, 1.0], [4.0, 3.0]]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_reverse_move<L: IntList + ?Sized>(self, axis: &L) -> Result<ArrayBase<S, D>, Error>;

    private_decl! {}
}

impl<S: RawData, D: Dimension> ViewMoveExt<S, D> for ArrayBase<S, D> {
    fn tf_transpose_move<P: IntList + ?Sized>(self, perm: &P) -> Result<ArrayBase<S, D>, Error> {
        let axes = check_perm::<D>(&widen(perm, Argument::Perm)?, self.ndim())?;
        Ok(self.permuted_axes(axes))
    }

    fn tf_reverse_move<L: IntList + ?Sized>(mut self, axis: &L) -> Result<ArrayBase<S, D>, Error> {
        let axis = widen(axis, Argument::Axis)?;
        let rank = self.ndim();
        // An error drops the half-inverted array, which was moved in anyway.
        reversed_axes(&axis, rank, |a| self.invert_axis(Axis(a)))?;
        Ok(self)
    }

    private_impl! {}
}

/// [`tf_split`](crate::SplitExt::tf_split) and [`tf_unstack`](crate::SplitExt::tf_unstack) of a
/// view, by value: the parts keep the view's lifetime. Implemented for `ArrayView` (parts are
/// views) and `ArrayViewMut` (parts are disjoint mutable views, writable at once).
///
/// Only views: the parts of an owned array would each need their own buffer.
pub trait SplitMoveExt<S: RawData, D: Dimension>: Sized {
    /// [`tf_split`](crate::SplitExt::tf_split) by value.
    ///
    /// # Errors
    /// As [`tf_split`](crate::SplitExt::tf_split).
    ///
    /// # Example
    /// ```
    /// use ndarray::{array, ArrayView2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // YOLOv3's tf.split(feats, (2, 2, 1, -1), axis=-1), in a helper returning views.
    /// fn heads<'a>(feats: ArrayView2<'a, f32>) -> Result<Vec<ArrayView2<'a, f32>>, Error> {
    ///     feats.tf_split_move(&[2, 2, 1, -1], -1)
    /// }
    /// let feats = array![[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]];
    /// let parts = heads(feats.view())?;
    /// assert_eq!(parts[3], array![[5.0, 6.0]]);
    ///
    /// // Mutable parts, all alive at once.
    /// let mut x = array![[0, 0, 0], [0, 0, 0]];
    /// let mut parts = x.view_mut().tf_split_move(&[1, 2], 1)?;
    /// parts[0].fill(1);
    /// parts[1].fill(2);
    /// assert_eq!(x, array![[1, 2, 2], [1, 2, 2]]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_split_move<N: NumOrSizeSplits>(
        self,
        split: N,
        axis: isize,
    ) -> Result<Vec<ArrayBase<S, D>>, Error>;

    /// [`tf_unstack`](crate::SplitExt::tf_unstack) by value.
    ///
    /// # Errors
    /// As [`tf_unstack`](crate::SplitExt::tf_unstack).
    ///
    /// # Example
    /// ```
    /// use ndarray::{array, ArrayView1, ArrayView2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// fn columns<'a>(x: ArrayView2<'a, i32>) -> Result<Vec<ArrayView1<'a, i32>>, Error> {
    ///     x.tf_unstack_move(1)
    /// }
    /// let x = array![[1, 2], [3, 4]];
    /// assert_eq!(columns(x.view())?, vec![array![1, 3], array![2, 4]]);
    ///
    /// let mut y = array![[1, 2], [3, 4]];
    /// for (i, mut row) in y.view_mut().tf_unstack_move(0)?.into_iter().enumerate() {
    ///     row *= 10 * (i as i32 + 1);
    /// }
    /// assert_eq!(y, array![[10, 20], [60, 80]]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_unstack_move(self, axis: isize) -> Result<Vec<ArrayBase<S, D::Smaller>>, Error>
    where
        D: RemoveAxis;

    private_decl! {}
}

impl<'a, A, D: Dimension> SplitMoveExt<ViewRepr<&'a A>, D> for ArrayView<'a, A, D> {
    fn tf_split_move<N: NumOrSizeSplits>(
        self,
        split: N,
        axis: isize,
    ) -> Result<Vec<ArrayView<'a, A, D>>, Error> {
        let splits = split.__splits()?;
        let (axis, plan) = resolve_split(self.shape(), as_split(&splits), axis)?;
        let mut parts = try_vec(&[plan.count()])?;
        let mut start = 0;
        for size in plan.sizes() {
            // The sizes add up to the axis length, so each part is within it. Not `split_at`:
            // its empty parts keep their strides, and ndarray's `to_owned` of such a view fails
            // a debug assertion; slicing sets an empty axis's stride to 0. (`tf_split` is this
            // on a view of its input.)
            let end = start + size;
            parts.push(
                self.clone()
                    .slice_axis_move(Axis(axis), Slice::from(start..end)),
            );
            start = end;
        }
        Ok(parts)
    }

    fn tf_unstack_move(self, axis: isize) -> Result<Vec<ArrayView<'a, A, D::Smaller>>, Error>
    where
        D: RemoveAxis,
    {
        let axis = resolve_axis("tf_unstack", "axis", axis, self.ndim())?;
        let len = self.len_of(Axis(axis));
        let mut parts = try_vec(&[len])?;
        parts.extend((0..len).map(|i| self.clone().index_axis_move(Axis(axis), i)));
        Ok(parts)
    }

    private_impl! {}
}

impl<'a, A, D: Dimension> SplitMoveExt<ViewRepr<&'a mut A>, D> for ArrayViewMut<'a, A, D> {
    fn tf_split_move<N: NumOrSizeSplits>(
        self,
        split: N,
        axis: isize,
    ) -> Result<Vec<ArrayViewMut<'a, A, D>>, Error> {
        let splits = split.__splits()?;
        let (axis, plan) = resolve_split(self.shape(), as_split(&splits), axis)?;
        let mut parts = try_vec(&[plan.count()])?;
        // A mutable view cannot be cloned: the parts are split off the front one by one
        // (disjoint by construction). The sizes add up to the axis, so every split is in range.
        let mut rest = self;
        for size in plan.sizes() {
            let (mut part, tail) = rest.split_at(Axis(axis), size);
            // split_at keeps an empty part's stride; re-slicing the whole axis sets it to 0 as
            // slicing does, so an empty part behaves as tf_split's (see split.rs).
            part.slice_axis_inplace(Axis(axis), Slice::from(..));
            parts.push(part);
            rest = tail;
        }
        Ok(parts)
    }

    fn tf_unstack_move(self, axis: isize) -> Result<Vec<ArrayViewMut<'a, A, D::Smaller>>, Error>
    where
        D: RemoveAxis,
    {
        let axis = resolve_axis("tf_unstack", "axis", axis, self.ndim())?;
        let len = self.len_of(Axis(axis));
        let mut parts = try_vec(&[len])?;
        let mut rest = self;
        for _ in 0..len {
            // One index off the front; len was checked, so 1 <= the remaining length.
            let (head, tail) = rest.split_at(Axis(axis), 1);
            parts.push(head.index_axis_move(Axis(axis), 0));
            rest = tail;
        }
        Ok(parts)
    }

    private_impl! {}
}
