//! Views built directly from a resolved spec: the output's shape, strides and first element are
//! computed from the input's in one pass, and the view is made from them with
//! `ArrayView::from_shape_ptr` instead of one ndarray call per axis (`slice_move`, or
//! `index_axis_move` / `insert_axis`), each of which rebuilds the shape.
//!
//! This file, `ops/join/concat/spaced.rs` and the copy engine (`util/copy/`) hold the crate's
//! `unsafe`. Why here: a spec with a
//! shrink and a new axis together cost 1.2x to 1.8x ndarray's own slicing through those calls
//! (`benches/count.sh`; the README has the figures before and after), and no safe ndarray call
//! replaces an array's shape and strides at once.
//!
//! Soundness rests on this file alone, not on the resolution being right: [`Direct`] checks every
//! step it is given against the input's shape (input axes consumed once each, in order; every
//! coordinate a range or index reaches lies in its axis), and any step that fails a check makes
//! the whole build fail. So each output element is the input element at a multi-index that is in
//! bounds on every axis, and distinct output indices are distinct input multi-indices.

use ndarray::{
    ArrayRef, ArrayView, ArrayViewMut, Axis, Dimension, Ix0, Ix1, Ix2, Ix3, Ix4, Ix5, Ix6, IxDyn,
    LayoutRef, ShapeBuilder,
};

use crate::error::Error;
use crate::strided::masks::Masks;
use crate::strided::resolve::{AxisStep, StepSink, Steps, range_len, rank_changes, sparse_count};

/// The number of output axes a raw spec gives on an input of `rank` axes, if it resolves: the
/// rank, less the shrinks, plus the new axes (TF's precedence: ellipsis over new axis over
/// shrink; bits past the spec ignored). `None` where no spec could resolve (more shrinks than
/// axes), which resolution then reports.
#[inline]
pub(crate) fn out_ndim(masks: Masks, spec_len: usize, rank: usize) -> Option<usize> {
    out_ndim_of(rank_changes(masks, spec_len), masks.new_axis, rank)
}

/// [`out_ndim`] from the spec's rank changes ([`rank_changes`]), which the caller may already
/// hold.
#[inline(always)]
pub(crate) fn out_ndim_of(changes: u64, new_axis: u64, rank: usize) -> Option<usize> {
    // `sparse_count`, not `count_ones`: x86-64's baseline has no popcount instruction.
    let added = sparse_count(changes & new_axis);
    (rank + added).checked_sub(sparse_count(changes) - added)
}

/// The sink that turns resolved steps into the output's layout, checking each step against the
/// input (see the module doc). Only this file can make one, so the layout it holds always
/// belongs to the array passed to [`view`] / [`view_mut`].
pub(crate) struct Direct<'x, 'o, E: Dimension> {
    in_shape: &'x [usize],
    in_strides: &'x [isize],
    /// The output's shape and strides (strides as ndarray stores them, `isize` bits in `usize`),
    /// borrowed from the caller's locals rather than held here: they are written at a run-time
    /// index, and LLVM keeps any aggregate so written on the stack whole, so held here they
    /// kept every counter below on the stack too (an add of the offset and the shrink count
    /// became one 16-byte read-modify-write over two 8-byte stores, which the store buffer
    /// cannot forward). Apart, the counters live in registers.
    dim: &'o mut E,
    strides: &'o mut E,
    /// Output axes written so far.
    out: usize,
    /// Input axes consumed so far (every range and index takes the next one).
    next_axis: usize,
    /// Elements from the input's first element to the output's.
    offset: isize,
    shrinks: usize,
    new_axes: usize,
    /// An output axis of length 0.
    empty: bool,
    /// A step failed a check: nothing may be built.
    bad: bool,
}

/// The output's shape and strides, zeroed: `None` if `E` has a fixed rank other than
/// `out_ndim`, or `out_ndim` passes 64 (the negative axes are a `u64` set).
#[inline(always)]
fn layout<E: Dimension>(out_ndim: usize) -> Option<(E, E)> {
    if E::NDIM.is_some_and(|n| n != out_ndim) || out_ndim > 64 {
        return None;
    }
    Some((E::zeros(out_ndim), E::zeros(out_ndim)))
}

impl<'x, 'o, E: Dimension> Direct<'x, 'o, E> {
    /// A sink writing into `dim` and `strides` (from [`layout`]).
    #[inline(always)]
    fn new(
        in_shape: &'x [usize],
        in_strides: &'x [isize],
        dim: &'o mut E,
        strides: &'o mut E,
    ) -> Self {
        Direct {
            in_shape,
            in_strides,
            dim,
            strides,
            out: 0,
            next_axis: 0,
            offset: 0,
            shrinks: 0,
            new_axes: 0,
            empty: false,
            // Shape and strides of different lengths are no array's.
            bad: in_shape.len() != in_strides.len(),
        }
    }

    /// The next input axis, which the step must name: its length and stride.
    #[inline(always)]
    fn take_axis(&mut self, axis: usize) -> Option<(usize, isize)> {
        if axis != self.next_axis {
            return None;
        }
        self.next_axis += 1;
        Some((*self.in_shape.get(axis)?, *self.in_strides.get(axis)?))
    }

    /// Writes the next output axis.
    #[inline(always)]
    fn put(&mut self, len: usize, stride: isize) {
        let k = self.out;
        self.out += 1;
        match (
            self.dim.slice_mut().get_mut(k),
            self.strides.slice_mut().get_mut(k),
        ) {
            (Some(d), Some(s)) => {
                *d = len;
                *s = stride as usize;
            }
            _ => self.bad = true,
        }
    }

    /// Whether a view may be built: every step passed its checks, every input axis was
    /// consumed, every output axis written, with the expected `counts` of shrinks and new axes
    /// (if given), and the output is not empty.
    #[inline(always)]
    fn complete(&self, counts: Option<(usize, usize)>) -> bool {
        !self.bad
            && !self.empty
            && self.next_axis == self.in_shape.len()
            && self.out == self.dim.ndim()
            && counts.is_none_or(|c| c == (self.shrinks, self.new_axes))
    }

    /// Makes the strides non-negative (`from_shape_ptr` takes no other). Returns the offset (in
    /// elements, from the output's first element) of its element of lowest address (the last
    /// index on every axis of negative stride, 0 elsewhere), and the axes whose stride was
    /// negative, to be inverted back.
    #[inline(always)]
    fn lowest(&mut self) -> (isize, u64) {
        let mut shift = 0isize;
        let mut negative = 0u64;
        for (k, (&len, s)) in self
            .dim
            .slice()
            .iter()
            .zip(self.strides.slice_mut())
            .enumerate()
        {
            let stride = *s as isize;
            if stride < 0 {
                // len > 1 (a shorter axis has stride 0), so the product is within the extent.
                shift += (len as isize - 1) * stride;
                *s = stride.unsigned_abs();
                // k < 64: `new` refused more axes.
                negative |= 1 << k;
            }
        }
        (shift, negative)
    }
}

impl<E: Dimension> StepSink for Direct<'_, '_, E> {
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
                let Some((dim, in_stride)) = self.take_axis(axis) else {
                    self.bad = true;
                    return;
                };
                let len = range_len(begin, end, stride);
                if len == 0 {
                    self.empty = true;
                    return self.put(0, 0);
                }
                // `range_len` counts the coordinates `begin + i * stride` strictly before `end`
                // in the walk's direction. With `begin` in `[0, dim)` and `end` in `[-1, dim]`
                // they all lie in `[0, dim)`, and |stride| * (len - 1) < |end - begin| <= dim.
                if begin < 0 || begin as u64 >= dim as u64 || end < -1 || end > dim as i64 {
                    self.bad = true;
                    return;
                }
                // So `begin * in_stride` and `stride * in_stride` (len > 1) are at most the
                // input's extent on this axis, which ndarray keeps within isize.
                self.offset += begin as isize * in_stride;
                let out_stride = if len > 1 {
                    stride as isize * in_stride
                } else {
                    0
                };
                self.put(len, out_stride);
            }
            AxisStep::Index { axis, index, .. } => {
                let Some((dim, in_stride)) = self.take_axis(axis) else {
                    self.bad = true;
                    return;
                };
                if index >= dim {
                    self.bad = true;
                    return;
                }
                self.offset += index as isize * in_stride;
                self.shrinks += 1;
            }
            AxisStep::NewAxis { .. } => {
                self.new_axes += 1;
                self.put(1, 0);
            }
        }
    }
}

/// Inverts back the axes [`Direct::lowest`] made non-negative.
#[inline(always)]
fn invert_back<A, E: Dimension>(v: &mut LayoutRef<A, E>, mut negative: u64) {
    if let Some(rank) = E::NDIM {
        // A fixed rank: every axis index is a constant once the loop unrolls, so the view's
        // shape and strides stay in registers. Indexed by the set bits (a run-time index),
        // they went to the stack, and the view was then moved out of it with 16-byte loads
        // over the 8-byte stores just made, which do not forward.
        for k in 0..rank {
            if negative >> k & 1 != 0 {
                v.invert_axis(Axis(k));
            }
        }
        return;
    }
    while negative != 0 {
        let k = negative.trailing_zeros() as usize;
        negative &= negative - 1;
        v.invert_axis(Axis(k));
    }
}

/// What [`build`] gives: the view, or the input back where it declines; `Err` for the
/// resolution's error.
type Built<V, X> = Result<Result<V, X>, Error>;

/// The view of `x` that `steps` select, built directly, or `x` back where the direct build
/// declines (an empty output, `E` of another rank, more than 64 output axes, counts that
/// differ). `out_ndim` is the number of output axes the spec gives (`usize::MAX` if unknown);
/// `counts`, if given, the shrinks and new axes it must have. `Err` is the resolution's error.
#[inline(always)]
fn build<'a, A, D: Dimension, E: Dimension>(
    x: &'a ArrayRef<A, D>,
    out_ndim: usize,
    counts: Option<(usize, usize)>,
    steps: impl Steps,
) -> Built<ArrayView<'a, A, E>, &'a ArrayRef<A, D>> {
    let Some((mut dim, mut strides)) = layout::<E>(out_ndim) else {
        return Ok(Err(x));
    };
    let mut sink = Direct::new(x.shape(), x.strides(), &mut dim, &mut strides);
    steps.push_into(x.shape(), &mut sink)?;
    if !sink.complete(counts) {
        return Ok(Err(x));
    }
    let (shift, negative) = sink.lowest();
    let offset = sink.offset + shift;
    // SAFETY: the layout was checked by `Direct` against `x`'s own shape and strides: every input
    // axis consumed once, in order, at coordinates within the axis (ranges: first and last
    // coordinate in `[0, dim)`; indices: `< dim`), and the output is not empty. So `x` is not
    // empty either, `x.as_ptr()` is its element at index 0, and `offset` (with `shift`) is the sum over
    // input axes of (an in-range coordinate) * (the axis's stride): the address of an element of
    // `x`, which the pointer arithmetic stays within (`|offset|` is at most the sum of the axis extents, which
    // ndarray keeps within `isize::MAX` elements and bytes). Every element the new view reaches
    // from there, with the non-negative strides `lowest` gave, is likewise an element of `x` at
    // an in-range multi-index (the strides are the input's times the step, shrinks add nothing,
    // new axes have length 1), so all its pointers are in bounds of `x`'s allocation, and its
    // extent is within `x`'s. The view borrows `x` for `'a`, so the elements live and are not
    // mutated for `'a`; the elements are `x`'s, so they are aligned and initialised.
    let mut v = unsafe {
        let first = x.as_ptr().offset(offset);
        ArrayView::from_shape_ptr(dim.strides(strides), first)
    };
    invert_back(v.as_layout_ref_mut(), negative);
    Ok(Ok(v))
}

/// [`build`] as a mutable view.
#[inline(always)]
fn build_mut<'a, A, D: Dimension, E: Dimension>(
    x: &'a mut ArrayRef<A, D>,
    out_ndim: usize,
    counts: Option<(usize, usize)>,
    steps: impl Steps,
) -> Built<ArrayViewMut<'a, A, E>, &'a mut ArrayRef<A, D>> {
    let Some((mut dim, mut strides)) = layout::<E>(out_ndim) else {
        return Ok(Err(x));
    };
    let mut sink = Direct::new(x.shape(), x.strides(), &mut dim, &mut strides);
    steps.push_into(x.shape(), &mut sink)?;
    if !sink.complete(counts) {
        return Ok(Err(x));
    }
    let (shift, negative) = sink.lowest();
    let offset = sink.offset + shift;
    // SAFETY: in bounds exactly as in `view`: the layout was checked against `x`'s shape and
    // strides, read from `x` itself (`&mut ArrayRef` is already unshared, so `as_mut_ptr` moves
    // no data and the strides stay valid). No aliasing: distinct output indices are distinct
    // input multi-indices (a range of two or more elements has a non-zero step, the other axes
    // have length 1), and a mutable `ArrayRef` maps distinct multi-indices to distinct elements
    // (ndarray never makes a mutable array with overlapping strides; broadcasting gives only
    // read-only views). The view borrows `x` mutably for `'a`, so nothing else reaches those
    // elements for `'a`.
    let mut v = unsafe {
        let first = x.as_mut_ptr().offset(offset);
        ArrayViewMut::from_shape_ptr(dim.strides(strides), first)
    };
    invert_back(v.as_layout_ref_mut(), negative);
    Ok(Ok(v))
}

/// The view of `x` that `steps` select, built directly where [`build`] can, else by `safe(x)`.
#[inline(always)]
pub(crate) fn view<'a, A, D: Dimension, E: Dimension>(
    x: &'a ArrayRef<A, D>,
    out_ndim: usize,
    counts: Option<(usize, usize)>,
    steps: impl Steps,
    safe: impl FnOnce(&'a ArrayRef<A, D>) -> Result<ArrayView<'a, A, E>, Error>,
) -> Result<ArrayView<'a, A, E>, Error> {
    build(x, out_ndim, counts, steps)?.or_else(safe)
}

/// [`view`] as a mutable view.
#[inline(always)]
pub(crate) fn view_mut<'a, A, D: Dimension, E: Dimension>(
    x: &'a mut ArrayRef<A, D>,
    out_ndim: usize,
    counts: Option<(usize, usize)>,
    steps: impl Steps,
    safe: impl FnOnce(&'a mut ArrayRef<A, D>) -> Result<ArrayViewMut<'a, A, E>, Error>,
) -> Result<ArrayViewMut<'a, A, E>, Error> {
    build_mut(x, out_ndim, counts, steps)?.or_else(safe)
}

/// The view of `x` by `$build` ([`build`] or [`build_mut`]) in the fixed dimension type of the
/// output rank, returned from the arm that builds it (no `Result` around an `IxDyn` view to move
/// through: a move of one is a dozen instructions); the input back where the build declines.
macro_rules! by_rank {
    ($build:ident, $x:ident, $out_ndim:expr, $steps:ident) => {{
        macro_rules! arm {
            ($e:ty, $n:expr) => {
                match $build::<A, D, $e>($x, $n, None, $steps)? {
                    Ok(v) => return Ok(v.into_dyn()),
                    Err(x) => x,
                }
            };
        }
        match $out_ndim {
            None => $x,
            Some(0) => arm!(Ix0, 0),
            Some(1) => arm!(Ix1, 1),
            Some(2) => arm!(Ix2, 2),
            Some(3) => arm!(Ix3, 3),
            Some(4) => arm!(Ix4, 4),
            Some(5) => arm!(Ix5, 5),
            Some(6) => arm!(Ix6, 6),
            Some(n) => arm!(IxDyn, n),
        }
    }};
}

/// [`view`] for a raw spec, whose result is `IxDyn`: built in the fixed dimension type of its
/// rank (up to `Ix6`; indexing an `IxDyn` per axis costs more than the whole build) and
/// converted once. `out_ndim` as [`out_ndim`] gives it.
#[inline(always)]
pub(crate) fn view_dyn<'a, A, D: Dimension>(
    x: &'a ArrayRef<A, D>,
    out_ndim: Option<usize>,
    steps: impl Steps,
    safe: impl FnOnce(&'a ArrayRef<A, D>) -> Result<ArrayView<'a, A, IxDyn>, Error>,
) -> Result<ArrayView<'a, A, IxDyn>, Error> {
    let x = by_rank!(build, x, out_ndim, steps);
    safe(x)
}

/// [`view_dyn`] as a mutable view.
#[inline(always)]
pub(crate) fn view_dyn_mut<'a, A, D: Dimension>(
    x: &'a mut ArrayRef<A, D>,
    out_ndim: Option<usize>,
    steps: impl Steps,
    safe: impl FnOnce(&'a mut ArrayRef<A, D>) -> Result<ArrayViewMut<'a, A, IxDyn>, Error>,
) -> Result<ArrayViewMut<'a, A, IxDyn>, Error> {
    let x = by_rank!(build_mut, x, out_ndim, steps);
    safe(x)
}

#[cfg(test)]
#[path = "raw_view_tests.rs"]
mod tests;
