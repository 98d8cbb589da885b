//! Resolution of a [`TypedSpec`](crate::TypedSpec): the same rules as `resolve.rs`, written for a
//! spec of `N` entries known to have consistent lengths, at most one ellipsis and `i64` values
//! (what `tf_s!` guarantees), and inlined into the call, so that the masks `tf_s!` builds are
//! constants there and the per-entry branching folds away.
//!
//! Why a second copy of the walk: `resolve` is one out-of-line function for every spec, and for
//! `x.tf_index(tf_s![1:-1, 2:100, 3:])` on an `Array3` it was half of the instructions (362 of
//! 726 per call, callgrind), twice ndarray's whole static `s![..]`. The per-axis rules are
//! shared (`resolve_axis`, `full_range`); the spec-level check that can fail here (more real
//! entries than axes) hands over to `resolve` itself, so every error is the one `resolve` gives.

use crate::error::Error;
use crate::strided::masks::Masks;
use crate::strided::resolve::{
    AxisStep, StepSink, Steps, ellipsis_until, full_range, live_bits, resolve, resolve_axis,
};

/// A `tf_s!` spec's values and masks, resolved by [`resolve_typed`].
pub(crate) struct TypedSteps<'s, const N: usize> {
    pub(crate) begin: &'s [i64; N],
    pub(crate) end: &'s [i64; N],
    pub(crate) strides: &'s [i64; N],
    pub(crate) masks: Masks,
}

impl<const N: usize> Steps for TypedSteps<'_, N> {
    #[inline(always)]
    fn push_into(self, shape: &[usize], sink: &mut impl StepSink) -> Result<(), Error> {
        resolve_typed(shape, self.begin, self.end, self.strides, self.masks, sink)
    }
}

/// Resolves a `tf_s!` spec against `shape` into `sink`, exactly as `resolve` would.
#[inline(always)]
pub(crate) fn resolve_typed<const N: usize>(
    shape: &[usize],
    begin: &[i64; N],
    end: &[i64; N],
    strides: &[i64; N],
    masks: Masks,
    sink: &mut impl StepSink,
) -> Result<(), Error> {
    let rank = shape.len();
    let live = live_bits(N);
    let ellipsis = masks.ellipsis & live;
    let real = !(ellipsis | masks.new_axis) & live;
    // tf_s! allows one ellipsis; a hand-made spec with more goes to `resolve` for its error.
    if real.count_ones() as usize > rank || ellipsis & ellipsis.wrapping_sub(1) != 0 {
        return spec_error(shape, begin, end, strides, masks);
    }
    let ellipsis_until = ellipsis_until(ellipsis, real, rank);
    let mut axis = 0usize;
    for i in 0..N {
        let is = |mask: u64| (mask >> i) & 1 == 1;
        if is(ellipsis) {
            while axis < ellipsis_until {
                let Some(&dim) = shape.get(axis) else { break };
                sink.push(full_range(Some(i), axis, dim));
                axis += 1;
            }
        } else if is(masks.new_axis) {
            sink.push(AxisStep::NewAxis { entry: i });
        } else {
            // Fewer real entries than axes was checked above.
            let Some(&dim) = shape.get(axis) else {
                return spec_error(shape, begin, end, strides, masks);
            };
            sink.push(resolve_axis(
                i,
                axis,
                dim,
                (begin[i], end[i], strides[i]),
                masks,
            )?);
            axis += 1;
        }
    }
    while let Some(&dim) = shape.get(axis) {
        sink.push(full_range(None, axis, dim));
        axis += 1;
    }
    Ok(())
}

/// The error `resolve` reports for a spec that fails before any axis is resolved.
#[cold]
#[inline(never)]
fn spec_error<const N: usize>(
    shape: &[usize],
    begin: &[i64; N],
    end: &[i64; N],
    strides: &[i64; N],
    masks: Masks,
) -> Result<(), Error> {
    struct Discard;
    impl StepSink for Discard {
        fn push(&mut self, _: AxisStep) {}
    }
    resolve(shape, begin, end, strides, masks, &mut Discard)?;
    Err(Error::Internal(String::from(
        "typed resolution refused a spec that resolves",
    )))
}
