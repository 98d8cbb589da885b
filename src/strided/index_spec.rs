//! `IndexSpec`: what [`tf_index`](crate::TfSliceExt::tf_index) and its `_mut`, `_move`,
//! `_to_owned` and `_assign` forms take, and the output dimension type each spec gives.
//!
//! Two kinds of spec: a `&StridedSlice` (built or parsed at run time, so its rank change is a
//! run-time value and the result is `IxDyn`), and a [`TypedSpec`] written with
//! [`tf_s!`](crate::tf_s), whose type records how many axes it drops and adds, so that an `IxN`
//! input gives `Ix(N - shrinks + new axes)` at compile time.

use ndarray::{ArrayBase, ArrayRef, ArrayView, ArrayViewMut, Dimension, IxDyn, RawData};

use crate::error::Error;
use crate::strided::apply::{balances, in_place_suits, slice_range_in_place, slice_view};
use crate::strided::rank::RankChain;
use crate::strided::raw_view::{self, out_ndim};
use crate::strided::resolve::{AxisStep, RawSpec, StepSink, rank_changes};
use crate::strided::spec::StridedSlice;
use crate::strided::typed_resolve::{TypedSteps, resolve_typed};
use crate::strided::typed_spec::TypedSpec;

pub(crate) mod sealed {
    /// Keeps [`IndexSpec`](super::IndexSpec) closed: only this crate's specs implement it.
    pub trait Sealed {}
}

/// A strided-slice spec that [`tf_index`](crate::TfSliceExt::tf_index) and its `_mut`, `_move`,
/// `_to_owned` and `_assign` forms accept for an input of dimension type `D`, and the dimension
/// type [`Out`](IndexSpec::Out) of their result.
///
/// Implemented (and only implementable) by:
/// - [`TypedSpec`], the value of [`tf_s!`](crate::tf_s): `Out` is `D` with one
///   [`Smaller`](Dimension::Smaller) per index (shrink) and then one
///   [`Larger`](Dimension::Larger) per new axis, so `Ix3` and `tf_s![..., 0]` give `Ix2`, and
///   `IxDyn` stays `IxDyn`;
/// - `&StridedSlice` (parsed or built at run time): `Out` is `IxDyn`.
///
/// ```
/// use ndarray::{Array3, ArrayView2, ArrayViewD};
/// use ndarray_tfslice::prelude::*;
///
/// let x = Array3::<f32>::zeros((4, 5, 6));
/// // Typed: the rank change is in tf_s!'s type.
/// let y: ArrayView2<f32> = x.tf_index(tf_s![..., 0])?;
/// assert_eq!(y.shape(), &[4, 5]);
/// // At run time: IxDyn.
/// let spec: StridedSlice = "..., 0".parse()?;
/// let z: ArrayViewD<f32> = x.tf_index(&spec)?;
/// assert_eq!(z, y.into_dyn());
/// # Ok::<(), Error>(())
/// ```
pub trait IndexSpec<D: Dimension>: sealed::Sealed {
    /// The dimension type of the result.
    type Out: Dimension;

    /// Resolves the spec against `x`'s shape and slices `x` by value.
    #[doc(hidden)]
    fn __slice<S: RawData>(&self, x: ArrayBase<S, D>) -> Result<ArrayBase<S, Self::Out>, Error>;

    /// [`__slice`](IndexSpec::__slice) of a borrowed array, as a view built directly from the
    /// resolved steps where that is possible (`raw_view.rs`).
    #[doc(hidden)]
    fn __view<'a, A>(&self, x: &'a ArrayRef<A, D>) -> Result<ArrayView<'a, A, Self::Out>, Error>;

    /// [`__view`](IndexSpec::__view) as a mutable view.
    #[doc(hidden)]
    fn __view_mut<'a, A>(
        &self,
        x: &'a mut ArrayRef<A, D>,
    ) -> Result<ArrayViewMut<'a, A, Self::Out>, Error>;

    /// The spec in Python index syntax, for error messages.
    #[doc(hidden)]
    fn __python(&self) -> String;
}

impl sealed::Sealed for &StridedSlice {}

impl<D: Dimension> IndexSpec<D> for &StridedSlice {
    type Out = IxDyn;

    #[inline]
    fn __slice<S: RawData>(&self, x: ArrayBase<S, D>) -> Result<ArrayBase<S, IxDyn>, Error> {
        let spec: &StridedSlice = self;
        let (begin, end, strides, masks) = (spec.begin(), spec.end(), spec.strides(), spec.masks());
        let shape = ShapeCopy::of(x.shape());
        slice_view(x.into_dyn(), shape.as_slice(), begin, end, strides, masks)
    }

    #[inline]
    fn __view<'a, A>(&self, x: &'a ArrayRef<A, D>) -> Result<ArrayView<'a, A, IxDyn>, Error> {
        let spec: &StridedSlice = self;
        let (begin, end, strides, masks) = (spec.begin(), spec.end(), spec.strides(), spec.masks());
        let changes = rank_changes(masks, strides.len());
        if in_place_suits(changes) || balances(changes, masks.new_axis, x.ndim()) {
            // Sliced in place (as `tf_strided_slice`).
            return self.__slice(x.view());
        }
        raw_view::view_dyn(
            x,
            out_ndim(masks, strides.len(), x.ndim()),
            RawSpec {
                begin,
                end,
                strides,
                masks,
            },
            |x| self.__slice(x.view()),
        )
    }

    #[inline]
    fn __view_mut<'a, A>(
        &self,
        x: &'a mut ArrayRef<A, D>,
    ) -> Result<ArrayViewMut<'a, A, IxDyn>, Error> {
        let spec: &StridedSlice = self;
        let (begin, end, strides, masks) = (spec.begin(), spec.end(), spec.strides(), spec.masks());
        raw_view::view_dyn_mut(
            x,
            out_ndim(masks, strides.len(), x.ndim()),
            RawSpec {
                begin,
                end,
                strides,
                masks,
            },
            |x| self.__slice(x.view_mut()),
        )
    }

    fn __python(&self) -> String {
        self.to_string()
    }
}

impl<R, const N: usize> sealed::Sealed for TypedSpec<R, N> {}

impl<D: Dimension, R: RankChain<D>, const N: usize> IndexSpec<D> for TypedSpec<R, N> {
    type Out = R::Out;

    // Inlined into the caller, so the masks tf_s! built are constants for `resolve_typed`.
    #[inline(always)]
    fn __slice<S: RawData>(&self, x: ArrayBase<S, D>) -> Result<ArrayBase<S, R::Out>, Error> {
        self.check_bounds()?;
        let (begin, end, strides) = self.arrays();
        if D::NDIM.is_some() {
            // A fixed dimension is a small array: copying it is cheaper than `ShapeCopy`.
            let dim = x.raw_dim();
            let mut sink = Typed::<S, D, N>::new(x);
            resolve_typed(dim.slice(), begin, end, strides, self.masks(), &mut sink)?;
            return sink.finish::<R>();
        }
        let shape = ShapeCopy::of(x.shape());
        let mut sink = Typed::<S, D, N>::new(x);
        resolve_typed(
            shape.as_slice(),
            begin,
            end,
            strides,
            self.masks(),
            &mut sink,
        )?;
        sink.finish::<R>()
    }

    // Inlined for the same reason as `__slice`.
    #[inline(always)]
    fn __view<'a, A>(&self, x: &'a ArrayRef<A, D>) -> Result<ArrayView<'a, A, R::Out>, Error> {
        self.check_bounds()?;
        let (begin, end, strides) = self.arrays();
        let masks = self.masks();
        let n = (x.ndim() + R::NEW_AXES)
            .checked_sub(R::SHRINKS)
            .unwrap_or(usize::MAX);
        let counts = Some((R::SHRINKS, R::NEW_AXES));
        raw_view::view(
            x,
            n,
            counts,
            TypedSteps {
                begin,
                end,
                strides,
                masks,
            },
            |x| self.__slice(x.view()),
        )
    }

    #[inline(always)]
    fn __view_mut<'a, A>(
        &self,
        x: &'a mut ArrayRef<A, D>,
    ) -> Result<ArrayViewMut<'a, A, R::Out>, Error> {
        self.check_bounds()?;
        let (begin, end, strides) = self.arrays();
        let masks = self.masks();
        let n = (x.ndim() + R::NEW_AXES)
            .checked_sub(R::SHRINKS)
            .unwrap_or(usize::MAX);
        let counts = Some((R::SHRINKS, R::NEW_AXES));
        raw_view::view_mut(
            x,
            n,
            counts,
            TypedSteps {
                begin,
                end,
                strides,
                masks,
            },
            |x| self.__slice(x.view_mut()),
        )
    }

    fn __python(&self) -> String {
        self.to_string()
    }
}

/// A copy of an input's shape, so the input can move into a sink while resolution reads the
/// shape: on the stack up to rank 8 (TensorFlow's limit), where `raw_dim()` of an `IxDyn` past
/// rank 4 would allocate.
struct ShapeCopy {
    inline: [usize; 8],
    len: usize,
    spill: Vec<usize>,
}

impl ShapeCopy {
    #[inline(always)]
    fn of(shape: &[usize]) -> Self {
        let mut inline = [0; 8];
        match inline.get_mut(..shape.len()) {
            Some(head) => {
                head.copy_from_slice(shape);
                ShapeCopy {
                    inline,
                    len: shape.len(),
                    spill: Vec::new(),
                }
            }
            None => ShapeCopy {
                inline,
                len: shape.len(),
                spill: shape.to_vec(),
            },
        }
    }

    #[inline(always)]
    fn as_slice(&self) -> &[usize] {
        self.inline.get(..self.len).unwrap_or(&self.spill)
    }
}

/// The typed path's sink: ranges are sliced in place on the input's own dimension type, and the
/// shrinks and new axes are recorded, to be applied by the spec's [`RankChain`] (one
/// `index_axis_move` per shrink, then one `insert_axis` per new axis), each step typed. No `IxDyn`
/// is built, so a fixed-rank input allocates nothing. A spec of `N` entries has at most `N` of
/// each.
struct Typed<S: RawData, D: Dimension, const N: usize> {
    view: ArrayBase<S, D>,
    /// `(input axis, index)` of each shrink, in input-axis order.
    shrinks: [(usize, usize); N],
    n_shrinks: usize,
    /// Output position of each new axis, in output order.
    new_axes: [usize; N],
    n_new_axes: usize,
    /// Output axes produced so far: where a new axis lands.
    out_axes: usize,
}

impl<S: RawData, D: Dimension, const N: usize> Typed<S, D, N> {
    #[inline(always)]
    fn new(view: ArrayBase<S, D>) -> Self {
        Typed {
            view,
            shrinks: [(0, 0); N],
            n_shrinks: 0,
            new_axes: [0; N],
            n_new_axes: 0,
            out_axes: 0,
        }
    }

    #[inline(always)]
    fn finish<R: RankChain<D>>(self) -> Result<ArrayBase<S, R::Out>, Error> {
        let shrinks = self.shrinks.get(..self.n_shrinks).unwrap_or(&[]);
        let new_axes = self.new_axes.get(..self.n_new_axes).unwrap_or(&[]);
        // The chain's counts come from the same tf_s! call as the entries; checking them first
        // keeps every ndarray call below in range even for a hand-made TypedSpec.
        if shrinks.len() != R::SHRINKS || new_axes.len() != R::NEW_AXES {
            return Err(rank_mismatch::<R, D>(shrinks.len(), new_axes.len()));
        }
        R::__apply(self.view, shrinks, new_axes)
            .ok_or_else(|| Error::Internal(String::from("rank chain ran out of steps")))
    }
}

#[cold]
fn rank_mismatch<R: RankChain<D>, D: Dimension>(shrinks: usize, new_axes: usize) -> Error {
    Error::Internal(format!(
        "a TypedSpec whose type says {} shrinks and {} new axes has {shrinks} and {new_axes}",
        R::SHRINKS,
        R::NEW_AXES
    ))
}

impl<S: RawData, D: Dimension, const N: usize> StepSink for Typed<S, D, N> {
    #[inline(always)]
    fn push(&mut self, step: AxisStep) {
        match step {
            AxisStep::Range {
                axis,
                begin,
                end,
                stride,
                ..
            } => {
                slice_range_in_place(&mut self.view, axis, begin, end, stride);
                self.out_axes += 1;
            }
            AxisStep::Index { axis, index, .. } => {
                if let Some(slot) = self.shrinks.get_mut(self.n_shrinks) {
                    *slot = (axis, index);
                }
                self.n_shrinks += 1;
            }
            AxisStep::NewAxis { .. } => {
                if let Some(slot) = self.new_axes.get_mut(self.n_new_axes) {
                    *slot = self.out_axes;
                }
                self.n_new_axes += 1;
                self.out_axes += 1;
            }
        }
    }
}
