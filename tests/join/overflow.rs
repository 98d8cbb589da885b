//! The overflow audit of issue 9, joining family: every place in `src/` where a size, offset, count, index or
//! stride is computed from user input (array shapes included), its verdict, and the test that
//! pins it. Each test calls the public API with arguments at the limits and asserts the exact
//! `Err` (or, where TensorFlow clamps, the exact result). No test allocates more than 32 KiB:
//! huge inputs are zero-size views (`ArrayView::from_shape` over an empty slice), broadcast
//! views of one element (stride 0, no copy), or arrays of a zero-sized type, and every case fails
//! before it allocates.
//!
//! Verdicts: **checked** (checked/saturating arithmetic or `try_from`, ending in the documented
//! `Err`), **bounded** (the operands are already known to be small enough; the reason is given,
//! and in `src/` where it is not obvious), **fixed** (was a bug: a panic or a wrong answer).
//!
//! Where a test elsewhere already pins a case exactly it is named instead of repeated here;
//! `tests/strided/limits.rs` (`extreme_values_never_panic`) runs every `i64` extreme through
//! `tf_strided_slice` and `tf_slice` without asserting results, which the tests below do.
//!
//!
//! ## Split, concat, stack, tile, pad, reverse_sequence, axes
//! - `util/axis.rs` `resolve_axis`, `non_negative_axis`: `axis + rank` by `checked_add`, rank by
//!   `try_from`. Checked: [`axes_at_isize_limits`].
//! - `ops/join/split.rs` `resolve_sizes`: the sum of the sizes in `i128`, exact (fewer than 2^61 sizes
//!   below 2^63). Checked: [`split_sizes_summing_past_i64_and_usize`],
//!   [`split_sizes_on_an_axis_of_isize_max`]. Parts: `try_vec`. Checked:
//!   [`split_and_unstack_into_more_views_than_memory`]. `start + size`: bounded by the axis.
//! - `ops/join/concat.rs` `tf_concat`: the joined length by `saturating_add` (it saturates only where
//!   the size check fails anyway); `outer`, `inner`, runs: bounded by the checked result.
//!   Checked: [`concat_lengths_summing_past_usize`]. The single-input copy: **fixed** (was
//!   `to_owned` of a broadcast view, a panic): [`concat_of_one_broadcast_view`].
//! - `ops/join/concat.rs` `tf_stack`: `rank + 1` saturating, the count as a new axis, `check_size`.
//!   Checked: [`stack_count_times_size_past_isize`].
//! - `ops/join/tile.rs` `tiled_dim`: `dim * multiple` by `checked_mul`, then `check_size`. Checked:
//!   [`tile_multiples_past_usize`], [`tile_multiples_past_isize`]. `compact`, `tile_into`,
//!   `repeat_tail`: products of input dims or parts of the checked result. Bounded.
//! - `ops/join/pad.rs` `output_shape`: `dim + before + after` and the running count by `checked_*`,
//!   then `check_size`. Checked: [`pad_lengths_summing_past_usize`],
//!   [`pad_count_past_usize_and_isize`], [`pad_bytes_past_isize`],
//!   [`mirror_paddings_at_usize_max`]. `pad/fill.rs`: offsets inside the input, lengths inside
//!   the checked result. Bounded.
//! - `ops/join/reverse_sequence.rs` `resolve`: lengths by `usize::try_from` and compared with the
//!   axis; `check_size` of the input (`tests/join/reverse_sequence.rs` `errors`, a broadcast input).
//!   Checked: [`reverse_sequence_lengths_at_i64_limits`]. `reverse_sequence/fill.rs`: offsets
//!   inside the input. Bounded.
//! - `ops/join/reverse.rs`, `ops/join/transpose.rs`, `util/axis_set.rs`: axes only (`checked_shl`).
//!   Checked: [`axes_at_isize_limits`], `tests/join/reverse.rs` `long_lists_stop_at_the_first_problem`,
//!   `src/ops/join/transpose.rs` unit tests.
//!

use ndarray::{Array1, Array2, array};
use ndarray_tfslice::prelude::*;

use crate::common::extreme::{ISIZE_MAX, empty, repeated};

#[test]
fn axes_at_isize_limits() {
    let x = Array2::<f32>::zeros((2, 3));
    assert_eq!(
        x.tf_split(Split::Num(1), isize::MIN).unwrap_err(),
        Error::AxisOutOfRange {
            op: "tf_split",
            argument: String::from("axis"),
            axis: isize::MIN,
            min: -2,
            max: 2
        }
    );
    assert_eq!(
        tf_stack(&[x.view()], isize::MAX).unwrap_err(),
        Error::AxisOutOfRange {
            op: "tf_stack",
            argument: String::from("axis"),
            axis: isize::MAX,
            min: -3,
            max: 3
        }
    );
    assert_eq!(
        x.tf_reverse_sequence(&[0, 0], 1, isize::MIN).unwrap_err(),
        Error::AxisOutOfRange {
            op: "tf_reverse_sequence",
            argument: String::from("batch_axis"),
            axis: isize::MIN,
            min: 0,
            max: 2
        }
    );
    assert_eq!(
        tf_one_hot(&array![0], 2, 1.0, 0.0, isize::MIN).unwrap_err(),
        Error::OneHotAxis {
            axis: isize::MIN,
            max: 2
        }
    );
    assert_eq!(
        x.tf_gather(&array![0], 1, isize::MIN).unwrap_err(),
        Error::BatchDimsOutOfRange {
            batch_dims: isize::MIN,
            min: -1,
            max: 1
        }
    );
}

#[test]
fn split_sizes_summing_past_i64_and_usize() {
    let x = Array1::<f32>::zeros(4);
    let split = |sizes: &[i64]| x.tf_split(Split::Sizes(sizes), 0).map(|p| p.len());
    // The sum is exact (in i128); a sum past i64 is reported saturated.
    let mismatch = |total| {
        Err(Error::SplitSizesMismatch {
            axis: 0,
            dim: 4,
            total,
        })
    };
    assert_eq!(split(&[i64::MAX, i64::MAX, 2]), mismatch(i64::MAX));
    assert_eq!(split(&[i64::MAX, i64::MAX, -1]), mismatch(i64::MAX));
    assert_eq!(split(&[i64::MIN, i64::MIN]), mismatch(i64::MIN));
    // Far below the axis, so it "fits" with a -1: the negative size is the error.
    assert_eq!(
        split(&[i64::MIN, i64::MIN, -1]),
        Err(Error::SplitNegativeSize {
            index: 0,
            size: i64::MIN
        })
    );
    // Sums that wrap around u64 to exactly the axis would have matched in wrapping arithmetic.
    assert_eq!(split(&[i64::MAX, i64::MAX, 6]), mismatch(i64::MAX));
}

#[test]
fn split_sizes_on_an_axis_of_isize_max() {
    let x = empty::<u8>(&[ISIZE_MAX, 0]);
    let parts = x.tf_split(Split::Sizes(&[i64::MAX, 0]), 0).unwrap();
    assert_eq!(parts[0].shape(), [ISIZE_MAX, 0]);
    assert_eq!(parts[1].shape(), [0, 0]);
    assert_eq!(
        x.tf_split(Split::Sizes(&[i64::MAX, 1]), 0).unwrap_err(),
        Error::SplitSizesMismatch {
            axis: 0,
            dim: ISIZE_MAX,
            total: i64::MAX
        }
    );
}

#[test]
fn split_and_unstack_into_more_views_than_memory() {
    let x = empty::<f64>(&[0, 3]);
    assert_eq!(
        x.tf_split(Split::Num(usize::MAX), 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX]
        }
    );
    let long = empty::<u8>(&[ISIZE_MAX, 0]);
    assert_eq!(
        long.tf_unstack(0).unwrap_err(),
        Error::TooLarge {
            shape: vec![ISIZE_MAX]
        }
    );
}

#[test]
fn concat_lengths_summing_past_usize() {
    let half = empty::<u8>(&[0, ISIZE_MAX]);
    // 2 * isize::MAX fits in usize but not in isize.
    assert_eq!(
        tf_concat(&[half.view(), half.view()], 1).unwrap_err(),
        Error::TooLarge {
            shape: vec![0, usize::MAX - 1]
        }
    );
    // 3 * isize::MAX does not fit in usize: the length saturates.
    assert_eq!(
        tf_concat(&[half.view(), half.view(), half.view()], 1).unwrap_err(),
        Error::TooLarge {
            shape: vec![0, usize::MAX]
        }
    );
    // Along the empty axis it stays empty.
    let y = tf_concat(&[half.view(), half.view(), half.view()], 0).unwrap();
    assert_eq!(y.shape(), [0, ISIZE_MAX]);
}

#[test]
fn concat_of_one_broadcast_view() {
    // Fixed: the one input was copied without a size check, and the copy panicked.
    let one = array![7u64];
    let x = repeated(&one, &[1 << 62]);
    assert_eq!(
        tf_concat(&[x], 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62]
        }
    );
    let small = repeated(&one, &[3]);
    assert_eq!(tf_concat(&[small], 0).unwrap(), array![7, 7, 7].into_dyn());
}

#[test]
fn stack_count_times_size_past_isize() {
    let one = array![1u8];
    let x = repeated(&one, &[1 << 62]);
    assert_eq!(
        tf_stack(&[x.view(), x.view()], 1).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62, 2]
        }
    );
    let half = empty::<u8>(&[0, ISIZE_MAX]);
    assert_eq!(
        tf_stack(&[half.view(), half.view()], 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![2, 0, ISIZE_MAX]
        }
    );
}

#[test]
fn tile_multiples_past_usize() {
    // One axis: 3 * i64::MAX, reported as usize::MAX.
    assert_eq!(
        array![1u8, 2, 3].tf_tile(&[i64::MAX]).unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX]
        }
    );
    // Two axes that each fit, whose product is 2^64.
    assert_eq!(
        array![[1u8]].tf_tile(&[1usize << 32, 1 << 32]).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 32, 1 << 32]
        }
    );
    // An empty input stays empty, however many copies.
    let y = Array1::<u8>::zeros(0).tf_tile(&[i64::MAX]).unwrap();
    assert_eq!(y.shape(), [0]);
}

#[test]
fn tile_multiples_past_isize() {
    // Elements past isize::MAX.
    assert_eq!(
        array![1u8, 2].tf_tile(&[1i64 << 62]).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 63]
        }
    );
    // Multiples past i64 (TensorFlow's widest) are named as such.
    assert!(matches!(
        array![1u8].tf_tile(&[1usize << 63]).unwrap_err(),
        Error::ValueOutOfRange {
            argument: Argument::Multiples,
            ..
        }
    ));
    // Elements that fit, bytes that do not.
    assert_eq!(
        array![1u64].tf_tile(&[1usize << 61]).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 61]
        }
    );
}

#[test]
fn pad_lengths_summing_past_usize() {
    let x = array![[1u8]];
    // 1 + 2 * i64::MAX is usize::MAX: past isize.
    let paddings = [[i64::MAX, i64::MAX], [0, 0]];
    assert_eq!(
        x.tf_pad(&paddings, PadMode::Constant, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX, 1]
        }
    );
    // Symmetric paddings up to the dim are allowed: on an isize::MAX axis their sum overflows.
    let long = empty::<u8>(&[ISIZE_MAX, 0]);
    let paddings = [[ISIZE_MAX, ISIZE_MAX], [0, 0]];
    assert_eq!(
        long.tf_pad(&paddings, PadMode::Symmetric, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX, 0]
        }
    );
}

#[test]
fn pad_count_past_usize_and_isize() {
    let x = array![[1u8]];
    let big = (1 << 32) + 1;
    // Each length fits; their product passes usize.
    assert_eq!(
        x.tf_pad(&[[1usize << 32, 0], [1 << 32, 0]], PadMode::Constant, 0)
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![big, big]
        }
    );
    // ... or only isize.
    assert_eq!(
        x.tf_pad(&[[1usize << 31, 0], [1 << 32, 0]], PadMode::Constant, 0)
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![(1 << 31) + 1, big]
        }
    );
}

#[test]
fn pad_bytes_past_isize() {
    assert_eq!(
        array![1u64]
            .tf_pad(&[[1usize << 61, 0]], PadMode::Constant, 0)
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![(1 << 61) + 1]
        }
    );
}

#[test]
fn mirror_paddings_at_usize_max() {
    let x = array![1u8, 2, 3];
    assert_eq!(
        x.tf_pad(&[[i64::MAX, 0]], PadMode::Reflect, 0).unwrap_err(),
        Error::ReflectPaddingTooLarge {
            axis: 0,
            before: ISIZE_MAX,
            after: 0,
            dim: 3
        }
    );
    assert_eq!(
        x.tf_pad(&[[0, i64::MAX]], PadMode::Symmetric, 0)
            .unwrap_err(),
        Error::SymmetricPaddingTooLarge {
            axis: 0,
            before: 0,
            after: ISIZE_MAX,
            dim: 3
        }
    );
}

#[test]
fn reverse_sequence_lengths_at_i64_limits() {
    let x = Array2::<f32>::zeros((2, 3));
    assert_eq!(
        x.tf_reverse_sequence(&[i64::MAX, 0], 1, 0).unwrap_err(),
        Error::SeqLengthTooLong {
            index: 0,
            length: i64::MAX,
            seq_axis: 1,
            dim: 3
        }
    );
    assert_eq!(
        x.tf_reverse_sequence(&[0, i64::MIN], 1, 0).unwrap_err(),
        Error::SeqLengthNegative {
            index: 1,
            length: i64::MIN
        }
    );
}
