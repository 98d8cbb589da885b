//! Applying resolved steps to a view: axis by axis in place where that is cheapest, through
//! ndarray's `slice_move` otherwise. Either way only validated, canonical values reach ndarray.

use ndarray::{ArrayBase, Axis, IxDyn, RawData};
use num_traits::PrimInt;

use crate::elems::Elems;
use crate::error::Error;
use crate::masks::Masks;
use crate::resolve::{AxisStep, StepSink, range_to_slice, rank_changes, resolve};

/// Resolves the spec against `shape` (the shape of `view`) and applies it to `view`.
#[inline]
pub(crate) fn slice_view<S: RawData, I: PrimInt>(
    view: ArrayBase<S, IxDyn>,
    shape: &[usize],
    begin: &[I],
    end: &[I],
    strides: &[I],
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

/// Most axes dropped or added by a spec applied in place (see [`in_place_suits`]).
const IN_PLACE_CHANGES: usize = 1;

/// A view updated axis by axis as the spec resolves: ranges are sliced where they stand (untouched
/// axes cost nothing), shrinks and new axes are recorded and applied at the end by
/// `index_axis_move` / `insert_axis`. This skips building ndarray elements and ndarray's rebuild of
/// every axis in `slice_move`, but each rank change builds a new `IxDyn`, which allocates above
/// rank 4; [`in_place_suits`] keeps it to the specs where that costs no more than `slice_move`.
pub(crate) struct InPlace<S: RawData> {
    view: ArrayBase<S, IxDyn>,
    /// Output axes produced so far: where the next new axis lands.
    out_axes: usize,
    /// Shrinks as (input axis, index), in axis order.
    shrinks: [(usize, usize); IN_PLACE_CHANGES],
    n_shrinks: usize,
    /// Output positions of new axes, ascending.
    new_axes: [usize; IN_PLACE_CHANGES],
    n_new_axes: usize,
}

/// Whether a spec whose rank-changing entries are `changes` (a bit mask) is best applied in place:
/// with no rank change it is pure per-axis slicing; with one, a single `index_axis_move` / `insert_axis`
/// builds the new shape, which allocates exactly when `slice_move` would. Each further change
/// would rebuild the shape again (measured: two changes already cost more than one `slice_move`,
/// even at rank 1), so those go through `slice_move`. Bounds the records of [`InPlace`].
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
            shrinks: [(0, 0); IN_PLACE_CHANGES],
            n_shrinks: 0,
            new_axes: [0; IN_PLACE_CHANGES],
            n_new_axes: 0,
        }
    }

    /// Drops the shrunk axes (highest first, so lower axis numbers stay valid), then inserts the
    /// new axes at their output positions (lowest first, so each lands where it belongs).
    #[inline]
    pub(crate) fn finish(self) -> ArrayBase<S, IxDyn> {
        let mut view = self.view;
        for &(axis, index) in self.shrinks[..self.n_shrinks].iter().rev() {
            view = view.index_axis_move(Axis(axis), index);
        }
        for &position in &self.new_axes[..self.n_new_axes] {
            view = view.insert_axis(Axis(position));
        }
        view
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
                let whole =
                    begin == 0 && stride == 1 && end as usize == self.view.len_of(Axis(axis));
                if !whole {
                    let slice = range_to_slice(begin, end, stride);
                    self.view
                        .as_layout_ref_mut()
                        .slice_axis_inplace(Axis(axis), slice);
                }
                self.out_axes += 1;
            }
            // `in_place_suits` bounds both counts by IN_PLACE_CHANGES, so the slots always exist.
            AxisStep::Index { axis, index, .. } => {
                if let Some(slot) = self.shrinks.get_mut(self.n_shrinks) {
                    *slot = (axis, index);
                    self.n_shrinks += 1;
                }
            }
            AxisStep::NewAxis { .. } => {
                if let Some(slot) = self.new_axes.get_mut(self.n_new_axes) {
                    *slot = self.out_axes;
                    self.n_new_axes += 1;
                }
                self.out_axes += 1;
            }
        }
    }
}
