//! Resolution: a TensorFlow strided-slice spec plus an input shape become one [`AxisStep`] per
//! output axis (and per dropped index), already canonical for ndarray.
//!
//! This is TensorFlow's `ValidateStridedSliceOp` (tensorflow/core/util/strided_slice_op.cc): every
//! check TF makes happens here, in TF's order, so the first error TF would report is the one
//! returned. Nothing here touches elements and nothing here can panic.

use ndarray::{Slice, SliceInfoElem};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::strided::masks::{Masks, bit};
use crate::util::values::Values;

/// The most entries a spec may have: one bit per entry in a `u64` mask. (TensorFlow's masks are
/// `int32`, so its specs stop at 31.)
///
/// ```
/// use ndarray::arr0;
/// use ndarray_tfslice::{prelude::*, MAX_SPEC_LEN};
/// // 64 new axes on a scalar.
/// let zeros = vec![0i64; MAX_SPEC_LEN];
/// let ones = vec![1i64; MAX_SPEC_LEN];
/// let scalar = arr0(1.0);
/// let v = scalar.tf_strided_slice(&zeros, &zeros, &ones, Masks { new_axis: u64::MAX, ..Masks::NONE })?;
/// assert_eq!(v.ndim(), 64);
/// # Ok::<(), Error>(())
/// ```
pub const MAX_SPEC_LEN: usize = 64;

/// [`Error::TooLarge`] if a dim of `shape` passes `isize::MAX`, so that no array can have it.
///
/// Resolution computes in `i64` and hands ndarray `isize` values, which is exact for every dim of
/// a real array (ndarray keeps the product of the non-zero dims within `isize::MAX`). A shape
/// given as numbers (`StridedSlice::resolve`, `tf_strided_slice_grad`, `explain`) is checked here
/// first: a dim of 2^63 would otherwise wrap to a negative `i64` and resolve to a wrong, empty
/// range. Only single dims are checked, so that a spec error on a shape whose element count
/// overflows is still reported as the spec error (`tf_strided_slice_grad` checks the count later).
pub(crate) fn check_dims(shape: &[usize]) -> Result<(), Error> {
    if shape.iter().all(|&d| isize::try_from(d).is_ok()) {
        Ok(())
    } else {
        Err(Error::TooLarge {
            shape: shape.to_vec(),
        })
    }
}

/// One step of a resolved spec, in output order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AxisStep {
    /// Input axis `axis` walked from `begin` by `stride` while short of `end`. The three are
    /// TensorFlow's canonical values after masks and clamping (`end` may be -1, "before 0", when
    /// walking down). `entry` is the spec entry, or `None` for the implicit trailing ellipsis.
    /// The length is not stored: it takes a division, which ndarray does anyway when slicing.
    Range {
        entry: Option<usize>,
        axis: usize,
        begin: i64,
        end: i64,
        stride: i64,
    },
    /// Input axis `axis` fixed at `index` and dropped (shrink).
    Index {
        entry: usize,
        axis: usize,
        index: usize,
    },
    /// A new output axis of length 1.
    NewAxis { entry: usize },
}

impl AxisStep {
    /// The spec entry this step comes from (`None` for the implicit trailing ellipsis).
    pub(crate) fn entry(&self) -> Option<usize> {
        match *self {
            AxisStep::Range { entry, .. } => entry,
            AxisStep::Index { entry, .. } | AxisStep::NewAxis { entry } => Some(entry),
        }
    }

    /// The ndarray element selecting the same elements in the same order.
    #[inline(always)]
    pub(crate) fn to_elem(self) -> SliceInfoElem {
        match self {
            AxisStep::Range {
                begin, end, stride, ..
            } => range_to_slice(begin, end, stride).into(),
            AxisStep::Index { index, .. } => SliceInfoElem::Index(index as isize),
            AxisStep::NewAxis { .. } => SliceInfoElem::NewAxis,
        }
    }
}

/// The ndarray slice walking TF's canonical range `begin`, `begin + stride`, ... short of `end`.
///
/// ndarray takes a negative-step range back to front (`s![1..4;-1]` is 3, 2, 1) where TF starts
/// at `begin` and walks down, so TF `(b, e, s < 0)` is ndarray `(e + 1)..(b + 1)` with step `s`.
/// Ranges of at most one element get step 1, so no huge stride ever reaches ndarray's stride
/// arithmetic; with two or more elements `|stride| < dim` and everything fits in `isize`.
#[inline]
pub(crate) fn range_to_slice(begin: i64, end: i64, stride: i64) -> Slice {
    // begin and end are clamped into [-1, dim], so the span cannot overflow.
    let span = end - begin;
    let (start, stop, step) = if span == 0 || (span < 0) != (stride < 0) {
        (0, 0, 1)
    } else if span.unsigned_abs() <= stride.unsigned_abs() {
        (begin, begin + 1, 1)
    } else if stride > 0 {
        (begin, end, stride)
    } else {
        (end + 1, begin + 1, stride)
    };
    Slice::new(start as isize, Some(stop as isize), step as isize)
}

/// The entries of a spec of `spec_len` entries that drop an axis (shrink) or add one (new axis),
/// as a bit mask, counting only live bits and TF's precedence (ellipsis over new axis over
/// shrink). Meaningful only for specs that resolve.
#[inline]
pub(crate) fn rank_changes(masks: Masks, spec_len: usize) -> u64 {
    let live = live_bits(spec_len);
    (masks.new_axis | masks.shrink_axis) & live & !masks.ellipsis
}

/// Bits `0..n` set: the mask bits TF reads for a spec of `n <= 64` entries.
#[inline]
pub(crate) fn live_bits(n: usize) -> u64 {
    // A shift by 64 (n = 0) is `None`: a conditional move, not a branch.
    u64::MAX.checked_shr(64 - n.min(64) as u32).unwrap_or(0)
}

/// Where resolved steps go, in output order: a list of ndarray elements, a view sliced in place,
/// a plan. A trait rather than a closure so that each sink's `push` is inlined into the loop.
pub(crate) trait StepSink {
    fn push(&mut self, step: AxisStep);
}

/// The steps themselves, for plans and explanations.
impl StepSink for Vec<AxisStep> {
    fn push(&mut self, step: AxisStep) {
        Vec::push(self, step)
    }
}

/// A spec to resolve against a shape into a sink: a method, not a closure, so that it can be
/// forced inline where its caller is generic over the sink (`raw_view.rs`), letting a typed
/// spec's masks fold.
pub(crate) trait Steps {
    fn push_into(self, shape: &[usize], sink: &mut impl StepSink) -> Result<(), Error>;
}

/// A raw spec: `begin`, `end`, `strides`, `masks`, resolved by [`resolve`].
pub(crate) struct RawSpec<'s, B, N, T> {
    pub(crate) begin: &'s [B],
    pub(crate) end: &'s [N],
    pub(crate) strides: &'s [T],
    pub(crate) masks: Masks,
}

impl<B: PrimInt, N: PrimInt, T: PrimInt> Steps for RawSpec<'_, B, N, T> {
    #[inline(always)]
    fn push_into(self, shape: &[usize], sink: &mut impl StepSink) -> Result<(), Error> {
        // Inlined into the direct view builds (`raw_view.rs`), so that the sink's fields stay in
        // registers instead of being written through a pointer at every step.
        resolve_inline(shape, self.begin, self.end, self.strides, self.masks, sink)
    }
}

/// A raw spec resolved by the out-of-line [`resolve`] (one copy per sink type, not one per
/// call site), where inlining the resolution buys nothing: the sink is a view sliced in place
/// (`apply.rs`), which lives in memory anyway.
pub(crate) struct Outlined<'s, B, N, T>(pub(crate) RawSpec<'s, B, N, T>);

impl<B: PrimInt, N: PrimInt, T: PrimInt> Steps for Outlined<'_, B, N, T> {
    #[inline(always)]
    fn push_into(self, shape: &[usize], sink: &mut impl StepSink) -> Result<(), Error> {
        let s = self.0;
        resolve(shape, s.begin, s.end, s.strides, s.masks, sink)
    }
}

/// Resolves `begin`/`end`/`strides`/`masks` against `shape`, pushing one step per output axis (and
/// per dropped index) into `sink`, in output order. On `Err`, steps already pushed must be
/// discarded by the caller.
pub(crate) fn resolve<B: PrimInt, N: PrimInt, T: PrimInt>(
    shape: &[usize],
    begin: &[B],
    end: &[N],
    strides: &[T],
    masks: Masks,
    sink: &mut impl StepSink,
) -> Result<(), Error> {
    resolve_inline(shape, begin, end, strides, masks, sink)
}

/// [`resolve`], always inlined.
#[inline(always)]
fn resolve_inline<B: PrimInt, N: PrimInt, T: PrimInt>(
    shape: &[usize],
    begin: &[B],
    end: &[N],
    strides: &[T],
    masks: Masks,
    sink: &mut impl StepSink,
) -> Result<(), Error> {
    // Step 0 (E1, E2): lengths, then at most one ellipsis bit anywhere in the mask.
    let n = strides.len();
    if begin.len() != n || end.len() != n {
        return Err(Error::SpecLengthMismatch {
            begin_len: begin.len(),
            end_len: end.len(),
            strides_len: n,
        });
    }
    if n > MAX_SPEC_LEN {
        return Err(Error::SpecTooLong {
            len: n,
            max: MAX_SPEC_LEN,
        });
    }
    // More than one bit set: clearing the lowest leaves some (no popcount on the hot path).
    if masks.ellipsis & masks.ellipsis.wrapping_sub(1) != 0 {
        let first = masks.ellipsis.trailing_zeros() as usize;
        let rest = masks.ellipsis & (masks.ellipsis - 1);
        return Err(Error::MultipleEllipses {
            ellipsis_mask: masks.ellipsis,
            first,
            second: rest.trailing_zeros() as usize,
        });
    }
    let begin = Values::new(begin, Argument::Begin)?;
    let end = Values::new(end, Argument::End)?;
    let strides = Values::new(strides, Argument::Strides)?;
    let rank = shape.len();

    // Step 1-2, checks only (E3, E4): TF builds the dense spec before checking any dim, so running
    // out of input axes is reported before any stride or bounds problem. It happens exactly when
    // there are more real (range or index) entries than axes, at the (rank + 1)-th of them. Bits
    // at or past `n` are dead; `n <= 64` and E2 leave at most one ellipsis bit.
    let live = live_bits(n);
    let ellipsis = masks.ellipsis & live;
    let real = !(ellipsis | masks.new_axis) & live;
    // A spec no longer than the rank cannot run out of axes: skip the count.
    if n > rank && more_bits_than(real, rank) {
        let index = nth_set_bit(real, rank);
        return Err(if rank == 0 {
            Error::SliceScalar { index }
        } else {
            Error::TooManyIndices {
                index,
                axis: rank,
                rank,
            }
        });
    }
    let ellipsis_until = ellipsis_until(ellipsis, real, rank);

    // Step 2-3: walk the sparse entries, filling input axes in order (so checks run axis by axis,
    // as in TF).
    let mut axis = 0usize;
    for i in 0..n {
        let is = |mask: u64| (mask >> i) & 1 == 1;
        if is(ellipsis) {
            while axis < ellipsis_until {
                sink.push(full_range(Some(i), axis, shape[axis]));
                axis += 1;
            }
        } else if is(masks.new_axis) {
            sink.push(AxisStep::NewAxis { entry: i });
        } else {
            sink.push(resolve_axis(
                i,
                axis,
                shape[axis],
                (begin.get(i), end.get(i), strides.get(i)),
                masks,
            )?);
            axis += 1;
        }
    }
    while axis < rank {
        sink.push(full_range(None, axis, shape[axis]));
        axis += 1;
    }
    Ok(())
}

/// The position of the `k`-th (from 0) set bit of `bits`, which has more than `k` bits set.
fn nth_set_bit(mut bits: u64, k: usize) -> usize {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

#[inline(always)]
pub(crate) fn full_range(entry: Option<usize>, axis: usize, dim: usize) -> AxisStep {
    AxisStep::Range {
        entry,
        axis,
        begin: 0,
        end: dim as i64,
        stride: 1,
    }
}

/// Step 3 for one real entry: E5, E6, E7, then TF's canonical begin/end (Python's
/// `slice.indices(dim)`) and the length.
#[inline(always)]
pub(crate) fn resolve_axis(
    entry: usize,
    axis: usize,
    dim: usize,
    (b, e, s): (i64, i64, i64),
    masks: Masks,
) -> Result<AxisStep, Error> {
    if s == 0 {
        return Err(Error::ZeroStride { index: entry, axis });
    }
    // `dim` is an array's (at most isize::MAX) or passed `check_dims`, so it fits in i64.
    let d = dim as i64;
    // A negative index counts from the end, once; it cannot overflow because it is negative.
    let forward = |x: i64| if x < 0 { x + d } else { x };
    if bit(masks.shrink_axis, entry) {
        if s < 0 {
            return Err(Error::ShrinkNegativeStride {
                index: entry,
                axis,
                stride: s,
            });
        }
        // begin_mask and end_mask are ignored when shrinking: TF reads the raw begin.
        let shifted = forward(b);
        if shifted < 0 || shifted >= d {
            return Err(Error::ShrinkOutOfBounds {
                index: entry,
                axis,
                begin: b,
                shifted,
                dim,
            });
        }
        return Ok(AxisStep::Index {
            entry,
            axis,
            index: shifted as usize,
        });
    }
    // Walking up, begin and end clamp to [0, d]; walking down, to [-1, d - 1] (-1 is "before 0").
    let (lo, hi) = if s > 0 { (0, d) } else { (-1, d - 1) };
    let (first, last) = if s > 0 { (lo, hi) } else { (hi, lo) };
    let begin = if bit(masks.begin, entry) {
        first
    } else {
        forward(b).max(lo).min(hi)
    };
    let end = if bit(masks.end, entry) {
        last
    } else {
        forward(e).max(lo).min(hi)
    };
    Ok(AxisStep::Range {
        entry: Some(entry),
        axis,
        begin,
        end,
        stride: s,
    })
}

/// `ceil((end - begin) / stride)` when that is positive, else 0. Both ends are clamped into
/// `[-1, dim]`, so the difference cannot overflow; `unsigned_abs` keeps `i64::MIN` strides exact.
pub(crate) fn range_len(begin: i64, end: i64, stride: i64) -> usize {
    let span = end - begin;
    if span == 0 || (span < 0) != (stride < 0) {
        return 0;
    }
    let (span, step) = (span.unsigned_abs(), stride.unsigned_abs());
    if step == 1 {
        // The usual stride; a 64-bit division costs more than the rest of the axis.
        return span as usize;
    }
    (span / step + u64::from(span % step != 0)) as usize
}

/// The input axis the ellipsis stops at: the ellipsis, explicit or implicit at the end, takes
/// every axis that the real entries after it leave over. `ellipsis` is its one bit (0 for none),
/// `real` the bits of the entries that consume an axis; at most `rank` of them (checked first).
#[inline(always)]
pub(crate) fn ellipsis_until(ellipsis: u64, real: u64, rank: usize) -> usize {
    if ellipsis == 0 {
        return rank;
    }
    // Every bit above the ellipsis bit.
    let above = !(ellipsis | ellipsis.wrapping_sub(1));
    rank - sparse_count(real & above)
}

/// The number of set bits of every byte, worked out at compile time. A `const`, not a `static`:
/// each crate that inlines a look-up gets the table itself, so a look-up of a constant (the masks
/// of a `tf_s!` spec) folds away, where a `static` of another crate is an opaque load.
const BYTE_BITS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    table
};

/// The set bits of `bits`. x86-64's baseline has no popcount instruction (`count_ones` is a
/// dozen instructions however few bits are set), and specs rarely reach past their eighth entry:
/// a table look-up for those, one loop turn per bit past it.
#[inline(always)]
pub(crate) fn sparse_count(mut bits: u64) -> usize {
    let mut count = BYTE_BITS[(bits & 0xff) as usize] as usize;
    bits >>= 8;
    while bits != 0 {
        bits &= bits - 1;
        count += 1;
    }
    count
}

/// Whether `bits` has more than `k` bits set: a table look-up for a word within its first byte,
/// else clearing at most `k` bits (rather than [`sparse_count`]`(bits) > k`, which costs the
/// rank-1 mixed row of `benches/count.sh` 5 instructions more: 506 -> 511).
#[inline(always)]
fn more_bits_than(mut bits: u64, k: usize) -> bool {
    if bits < 256 {
        return BYTE_BITS[bits as usize] as usize > k;
    }
    for _ in 0..k {
        if bits == 0 {
            return false;
        }
        bits &= bits - 1;
    }
    bits != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(
        shape: &[usize],
        b: &[i64],
        e: &[i64],
        s: &[i64],
        m: Masks,
    ) -> Result<Vec<AxisStep>, Error> {
        let mut out = Vec::new();
        resolve(shape, b, e, s, m, &mut out).map(|()| out)
    }

    #[test]
    fn range_len_matches_ceil_division() {
        assert_eq!(range_len(0, 5, 2), 3);
        assert_eq!(range_len(4, -1, -2), 3);
        assert_eq!(range_len(4, -1, i64::MIN), 1);
        assert_eq!(range_len(0, 5, i64::MAX), 1);
        assert_eq!(range_len(3, 3, 1), 0);
        assert_eq!(range_len(3, 1, 1), 0);
        assert_eq!(range_len(1, 3, -1), 0);
    }

    #[test]
    fn negative_stride_maps_to_ndarray_back_to_front() {
        // TF x[3:0:-1] on length 5 is 3, 2, 1: ndarray 1..4 step -1.
        let st = steps(&[5], &[3], &[0], &[-1], Masks::NONE).unwrap();
        assert_eq!(
            st[0].to_elem(),
            SliceInfoElem::Slice {
                start: 1,
                end: Some(4),
                step: -1
            }
        );
        // TF x[::-2] on length 5 is 4, 2, 0: begin 4, end -1.
        let m = Masks {
            begin: 1,
            end: 1,
            ..Masks::NONE
        };
        let st = steps(&[5], &[0], &[0], &[-2], m).unwrap();
        assert_eq!(
            st[0],
            AxisStep::Range {
                entry: Some(0),
                axis: 0,
                begin: 4,
                end: -1,
                stride: -2,
            }
        );
        assert_eq!(
            st[0].to_elem(),
            SliceInfoElem::Slice {
                start: 0,
                end: Some(5),
                step: -2
            }
        );
    }

    #[test]
    fn errors_come_in_tf_order() {
        // Too many real entries beats a zero stride earlier in the spec.
        let err = steps(&[2], &[0, 0], &[1, 1], &[0, 1], Masks::NONE).unwrap_err();
        assert_eq!(
            err,
            Error::TooManyIndices {
                index: 1,
                axis: 1,
                rank: 1
            }
        );
        // The lower axis reports first.
        let m = Masks {
            shrink_axis: 0b10,
            ..Masks::NONE
        };
        let err = steps(&[2, 2], &[0, 5], &[1, 1], &[0, 1], m).unwrap_err();
        assert_eq!(err, Error::ZeroStride { index: 0, axis: 0 });
    }

    #[test]
    fn sparse_bit_counts_match_count_ones() {
        // Words with few and many bits set, edges included (a small xorshift for the rest).
        let mut words = vec![0u64, 1, u64::MAX, 1 << 63, 0b1011, u64::MAX - 1];
        let mut r = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            words.push(r);
            words.push(r & (r >> 17) & (r >> 31));
        }
        for w in words {
            let ones = w.count_ones() as usize;
            assert_eq!(sparse_count(w), ones, "{w:#x}");
            for k in [0, 1, 2, ones.saturating_sub(1), ones, ones + 1, 64] {
                assert_eq!(more_bits_than(w, k), ones > k, "{w:#x} > {k}");
            }
        }
    }
}
