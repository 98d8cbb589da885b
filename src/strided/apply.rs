//! Applying resolved steps to a view: axis by axis in place where that is cheapest, through
//! ndarray's `slice_move` otherwise. Either way only validated, canonical values reach ndarray.

use ndarray::{ArrayBase, Axis, Dimension, IxDyn, RawData};
use num_traits::PrimInt;

use crate::error::Error;
use crate::strided::elems::Elems;
use crate::strided::masks::Masks;
use crate::strided::resolve::{AxisStep, StepSink, range_to_slice, rank_changes, resolve};

/// Resolves the spec against `shape` (the shape of `view`) and applies it to `view`.
#[inline]
pub(crate) fn slice_view<S: RawData, B: PrimInt, N: PrimInt, T: PrimInt>(
    view: ArrayBase<S, IxDyn>,
    shape: &[usize],
    begin: &[B],
    end: &[N],
    strides: &[T],
    masks: Masks,
) -> Result<ArrayBase<S, IxDyn>, Error> {
    if in_place_suits(rank_changes(masks, strides.len())) {
        let mut in_place = InPlace::new(view);
        resolve(shape, begin, end, strides, masks, &mut in_place)?;
        return Ok(in_place.finish());
    }
    let mut elems = Elems::new();
    resolve(shape, begin, end, strides, masks, &mut elems)?;
    Ok(view.slice_move(elems.as_slice()))
}

/// The spec as ndarray elements, validated against the shape: in range and canonical, so
/// ndarray's slicing cannot panic on them.
impl StepSink for Elems {
    #[inline(always)]
    fn push(&mut self, step: AxisStep) {
        Elems::push(self, step.to_elem())
    }
}

/// The one rank change an [`InPlace`] view may carry (see [`in_place_suits`]).
#[derive(Clone, Copy)]
enum RankChange {
    /// Input axis `axis` fixed at `index` and dropped.
    Shrink { axis: usize, index: usize },
    /// A new length-1 axis at output position `position`.
    NewAxis { position: usize },
}

/// A view updated axis by axis as the spec resolves: ranges are sliced where they stand (untouched
/// axes cost nothing), and the spec's one shrink or new axis, if any, is applied at the end by
/// `index_axis_move` / `insert_axis`. This skips building ndarray elements and ndarray's rebuild of
/// every axis in `slice_move`; [`in_place_suits`] keeps it to the specs where that is cheaper.
pub(crate) struct InPlace<S: RawData> {
    view: ArrayBase<S, IxDyn>,
    /// Output axes produced so far: where a new axis lands.
    out_axes: usize,
    change: Option<RankChange>,
}

/// Whether a spec whose rank-changing entries are `changes` (a bit mask) is best applied in place:
/// with no rank change it is pure per-axis slicing; with one, a single `index_axis_move` / `insert_axis`
/// builds the new shape, which allocates exactly when `slice_move` would. Each further change
/// would rebuild the shape again (measured: two changes already cost more than one `slice_move`,
/// even at rank 1), so those go through `slice_move`.
#[inline]
pub(crate) fn in_place_suits(changes: u64) -> bool {
    changes & changes.wrapping_sub(1) == 0
}

impl<S: RawData> InPlace<S> {
    #[inline]
    pub(crate) fn new(view: ArrayBase<S, IxDyn>) -> Self {
        InPlace {
            view,
            out_axes: 0,
            change: None,
        }
    }

    /// Applies the recorded rank change, if any.
    #[inline]
    pub(crate) fn finish(self) -> ArrayBase<S, IxDyn> {
        match self.change {
            None => self.view,
            Some(RankChange::Shrink { axis, index }) => {
                self.view.index_axis_move(Axis(axis), index)
            }
            Some(RankChange::NewAxis { position }) => self.view.insert_axis(Axis(position)),
        }
    }
}

/// A resolved range step applied to `view`'s axis `axis` in place; a whole-axis range (the
/// commonest entry, `:`) costs a comparison and no slicing.
#[inline(always)]
pub(crate) fn slice_range_in_place<S: RawData, D: Dimension>(
    view: &mut ArrayBase<S, D>,
    axis: usize,
    begin: i64,
    end: i64,
    stride: i64,
) {
    let whole = begin == 0 && stride == 1 && end as usize == view.len_of(Axis(axis));
    if !whole {
        view.as_layout_ref_mut()
            .slice_axis_inplace(Axis(axis), range_to_slice(begin, end, stride));
    }
}

impl<S: RawData> StepSink for InPlace<S> {
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
            // `in_place_suits` admits at most one of these per spec.
            AxisStep::Index { axis, index, .. } => {
                self.change = Some(RankChange::Shrink { axis, index });
            }
            AxisStep::NewAxis { .. } => {
                self.change = Some(RankChange::NewAxis {
                    position: self.out_axes,
                });
                self.out_axes += 1;
            }
        }
    }
}
