//! Type-level rank changes: how a [`tf_s!`](crate::tf_s) spec changes the rank, written in its
//! type so that the result's dimension type is known at compile time.
//!
//! `tf_s![1, 2:4, None, ..., :-3:-1, :]` has type
//! `TypedSpec<Shrink<NewAxis<Keep>>, 6>`: one index (shrink), then one new axis. For an input of
//! dimension type `D` its result has dimension type
//! `<<D as Dimension>::Smaller as Dimension>::Larger`: every shrink first, then every new axis,
//! so that `Ix6` becomes `Ix5` and then `Ix6` (adding first would pass ndarray's largest fixed
//! rank, `Ix6`, and fall back to `IxDyn`). `IxDyn` stays `IxDyn`.
//!
//! Users never write these types: [`tf_s!`](crate::tf_s) does.
//!
//! ```
//! use ndarray::{Array6, ArrayView6};
//! use ndarray_tfslice::prelude::*;
//! use ndarray_tfslice::rank::{Keep, NewAxis, Shrink};
//!
//! let spec: TypedSpec<Shrink<NewAxis<Keep>>, 6> = tf_s![1, 2:4, None, ..., :-3:-1, :];
//! let foo = Array6::<u8>::zeros((5, 5, 5, 5, 5, 5));
//! let y: ArrayView6<u8> = foo.tf_index(spec)?;
//! assert_eq!(y.shape(), &[2, 1, 5, 5, 2, 5]);
//! # Ok::<(), Error>(())
//! ```

use std::marker::PhantomData;

use ndarray::{ArrayBase, Axis, Dimension, RawData, RemoveAxis};

mod sealed {
    pub trait Sealed {}
}

/// A chain of rank changes applied to dimension type `D`; [`Out`](RankChain::Out) is the
/// result's. Sealed: only [`Keep`], [`Shrink`] and [`NewAxis`] implement it.
pub trait RankChain<D: Dimension>: sealed::Sealed {
    /// The dimension type after every change of the chain.
    type Out: Dimension;
    /// How many axes the chain drops.
    const SHRINKS: usize;
    /// How many axes the chain adds.
    const NEW_AXES: usize;

    /// Drops `shrinks` (`(axis, index)` in increasing axis order, taken from the last so the
    /// earlier axes keep their numbers), then inserts `new_axes` (output positions, in
    /// increasing order). `None` if the lists are shorter than the chain; the caller checks
    /// the counts and that every axis and index is in range.
    #[doc(hidden)]
    fn __apply<S: RawData>(
        x: ArrayBase<S, D>,
        shrinks: &[(usize, usize)],
        new_axes: &[usize],
    ) -> Option<ArrayBase<S, Self::Out>>;
}

/// The end of a chain: no (further) rank change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keep;

/// One index (shrink) dropping an axis, then the rest of the chain `R`.
#[derive(Debug)]
pub struct Shrink<R>(PhantomData<R>);

/// One new axis of length 1, then the rest of the chain `R`.
#[derive(Debug)]
pub struct NewAxis<R>(PhantomData<R>);

/// Chains of new axes only: what may follow the last [`Shrink`], so that every axis is dropped
/// before any is added (the positions `tf_s!` records assume that order).
pub trait NewAxesOnly: sealed::Sealed {}
impl NewAxesOnly for Keep {}
impl<R: NewAxesOnly> NewAxesOnly for NewAxis<R> {}

impl sealed::Sealed for Keep {}
impl<R> sealed::Sealed for Shrink<R> {}
impl<R> sealed::Sealed for NewAxis<R> {}

impl<D: Dimension> RankChain<D> for Keep {
    type Out = D;
    const SHRINKS: usize = 0;
    const NEW_AXES: usize = 0;

    #[inline(always)]
    fn __apply<S: RawData>(
        x: ArrayBase<S, D>,
        _: &[(usize, usize)],
        _: &[usize],
    ) -> Option<ArrayBase<S, D>> {
        Some(x)
    }
}

impl<D: RemoveAxis, R: RankChain<D::Smaller>> RankChain<D> for Shrink<R> {
    type Out = R::Out;
    const SHRINKS: usize = 1 + R::SHRINKS;
    const NEW_AXES: usize = R::NEW_AXES;

    #[inline(always)]
    fn __apply<S: RawData>(
        x: ArrayBase<S, D>,
        shrinks: &[(usize, usize)],
        new_axes: &[usize],
    ) -> Option<ArrayBase<S, R::Out>> {
        let (&(axis, index), earlier) = shrinks.split_last()?;
        R::__apply(x.index_axis_move(Axis(axis), index), earlier, new_axes)
    }
}

impl<D: Dimension, R: RankChain<D::Larger> + NewAxesOnly> RankChain<D> for NewAxis<R> {
    type Out = R::Out;
    const SHRINKS: usize = R::SHRINKS;
    const NEW_AXES: usize = 1 + R::NEW_AXES;

    #[inline(always)]
    fn __apply<S: RawData>(
        x: ArrayBase<S, D>,
        shrinks: &[(usize, usize)],
        new_axes: &[usize],
    ) -> Option<ArrayBase<S, R::Out>> {
        let (&position, later) = new_axes.split_first()?;
        R::__apply(x.insert_axis(Axis(position)), shrinks, later)
    }
}
