//! Applying resolved steps to a view: axis by axis in place where that is cheapest, through
//! ndarray's `slice_move` otherwise. Either way only validated, canonical values reach ndarray.

use ndarray::{ArrayBase, Axis, Dimension, IxDyn, RawData};
use num_traits::PrimInt;

use crate::error::Error;
use crate::strided::elems::Elems;
use crate::strided::masks::Masks;
use crate::strided::resolve::{
    AxisStep, Outlined, RawSpec, StepSink, Steps, range_to_slice, rank_changes, resolve,
    sparse_count,
};

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
    let changes = rank_changes(masks, strides.len());
    if in_place_suits(changes) {
        let mut in_place = InPlace::new(view);
        resolve(shape, begin, end, strides, masks, &mut in_place)?;
        return Ok(in_place.finish());
    }
    if balances(changes, masks.new_axis, shape.len()) {
        let spec = RawSpec {
            begin,
            end,
            strides,
            masks,
        };
        return slice_balanced(|| view, shape, Outlined(spec));
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
/// even at rank 1), so those go through `slice_move` or a shape built directly (`raw_view.rs`),
/// unless they [`balance`](balances).
#[inline]
pub(crate) fn in_place_suits(changes: u64) -> bool {
    changes & changes.wrapping_sub(1) == 0
}

/// Whether a spec whose rank-changing entries are `changes`, the new axes among them those in
/// `new_axis`, has as many shrinks as new axes, on an input of at most 64 axes: then
/// [`slice_balanced`] applies it in place with no shape built at all. Asked only where
/// [`in_place_suits`] said no, so that the commoner specs pay nothing for it.
#[inline]
pub(crate) fn balances(changes: u64, new_axis: u64, rank: usize) -> bool {
    let added = changes & new_axis;
    rank <= 64 && sparse_count(added) == sparse_count(changes & !added)
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

/// A resolved range step applied in place to `view`, whose output-axis count is `out_axes`
/// ([`InPlace`] and [`InPlaceBalanced`] alike); other steps are left to the caller.
#[inline(always)]
fn push_range<S: RawData>(view: &mut ArrayBase<S, IxDyn>, out_axes: &mut usize, step: AxisStep) {
    if let AxisStep::Range {
        axis,
        begin,
        end,
        stride,
        ..
    } = step
    {
        slice_range_in_place(view, axis, begin, end, stride);
        *out_axes += 1;
    }
}

impl<S: RawData> StepSink for InPlace<S> {
    #[inline(always)]
    fn push(&mut self, step: AxisStep) {
        match step {
            range @ AxisStep::Range { .. } => push_range(&mut self.view, &mut self.out_axes, range),
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

/// Applies `steps`, resolved against `shape` (the shape of `view`), to `view` in place, for a
/// spec that [`balances`]. Out of line: inlined beside [`InPlace`]'s copy of the resolution, it
/// cost the far commoner specs without a rank change 23 to 30 more instructions
/// (`benches/count.sh`, `rank1_plain`, `rank3_plain`) and 2 to 4 ns.
///
/// The view is made by `view` in the `Result` this returns and sliced where it lies, never
/// moved after its axes are written: a move copies the view 16 bytes at a time, and a 16-byte
/// load of lengths and strides just written 8 bytes at a time (by ndarray's `view()`, by the
/// slicing) cannot be served from the store buffer and waits for the stores to retire. Moving
/// it into a sink, out again and into the `Ok` cost `x[1, ..., None, ::-2]` 75-82 ns against
/// ndarray's 58-62 on an AMD EPYC of family 25 (Zen 4; criterion, three alternating runs);
/// made in place, 62-68 ns (and `x[None, ..., 5]` 41-54 -> 35-38 ns). The Zen 1 measured
/// before showed no such stall.
#[inline(never)]
pub(crate) fn slice_balanced<S: RawData>(
    view: impl FnOnce() -> ArrayBase<S, IxDyn>,
    shape: &[usize],
    steps: impl Steps,
) -> Result<ArrayBase<S, IxDyn>, Error> {
    let mut out = Ok(view());
    if let Ok(view) = &mut out {
        let mut sink = InPlaceBalanced::new(view);
        match steps.push_into(shape, &mut sink) {
            Ok(()) => {
                let (collapsed, new_axes) = (sink.collapsed, sink.new_axes);
                move_collapsed(view, collapsed, new_axes);
            }
            Err(e) => out = Err(e),
        }
    }
    out
}

/// A view sliced in place like [`InPlace`] (borrowed, so it stays where [`slice_balanced`]
/// made it), for a spec with as many shrinks as new axes: each
/// shrink collapses its axis to length 1 where it stands (`collapse_axis`), and at the end those
/// length-1 axes are moved to where the new axes go ([`move_collapsed`]). The rank never
/// changes, so no shape is built: `x[None, ..., 5]` and `x[1, ..., None, ::-2]` cost 1.25x
/// ndarray's own slicing through a shape built in a fixed dimension type and converted to
/// `IxDyn` (two out-of-line copies through memory), and less than ndarray this way (README).
struct InPlaceBalanced<'v, S: RawData> {
    /// The view, sliced in place as [`InPlace`] does, and its output-axis count.
    view: &'v mut ArrayBase<S, IxDyn>,
    out_axes: usize,
    /// The input axes collapsed by shrinks, and the output positions of the new axes, as bit
    /// sets ([`balances`] admits only inputs of at most 64 axes, so of at most 64 outputs).
    collapsed: u64,
    new_axes: u64,
}

impl<'v, S: RawData> InPlaceBalanced<'v, S> {
    #[inline]
    fn new(view: &'v mut ArrayBase<S, IxDyn>) -> Self {
        InPlaceBalanced {
            view,
            out_axes: 0,
            collapsed: 0,
            new_axes: 0,
        }
    }
}

impl<S: RawData> StepSink for InPlaceBalanced<'_, S> {
    #[inline(always)]
    fn push(&mut self, step: AxisStep) {
        match step {
            AxisStep::Index { axis, index, .. } => {
                self.view.collapse_axis(Axis(axis), index);
                self.collapsed |= 1u64.checked_shl(axis as u32).unwrap_or(0);
            }
            AxisStep::NewAxis { .. } => {
                self.new_axes |= 1u64.checked_shl(self.out_axes as u32).unwrap_or(0);
                self.out_axes += 1;
            }
            range @ AxisStep::Range { .. } => push_range(self.view, &mut self.out_axes, range),
        }
    }
}

/// Moves the length-1 axes of `view` at positions `from` to positions `to` (bit sets of as many
/// positions, all below `view.ndim()`), keeping the order of the other axes, by swapping
/// neighbours. A length-1 axis reaches one element, so which of them lands where, and with which
/// stride, changes no element (ndarray gives a new axis stride 0; this keeps the shrunk axis's).
///
/// Position by position from 0, every position below `p` already right: at the first `p` where
/// the sets differ, the nearest axis above `p` of the kind `p` wants is moved down to `p`, past
/// axes all of the other kind, so each kind keeps its order. That axis exists below
/// `view.ndim()`: the sets agree below `p` and have as many members in all, so above `p` the
/// current set has a member (or a non-member) where `to` has one at `p` and the current set
/// has not.
#[inline]
fn move_collapsed<S: RawData>(view: &mut ArrayBase<S, IxDyn>, from: u64, to: u64) {
    let mut at = from;
    while at != to {
        let p = (at ^ to).trailing_zeros();
        let want_collapsed = to >> p & 1 == 1;
        let above = u64::MAX << p;
        let kind = if want_collapsed { at } else { !at };
        let q = (kind & above).trailing_zeros();
        for i in (p as usize..q as usize).rev() {
            view.swap_axes(i, i + 1);
        }
        // Bits p..=q now: the moved axis at p, the axes it passed (the other kind) above it.
        let span = (u64::MAX >> (63 - q)) & above;
        let moved = if want_collapsed {
            1 << p
        } else {
            span & !(1 << p)
        };
        at = (at & !span) | moved;
    }
}

#[cfg(test)]
#[path = "apply_tests.rs"]
mod tests;
