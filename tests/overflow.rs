//! The overflow audit of issue 9: every place in `src/` where a size, offset, count, index or
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
//! `tests/limits.rs` (`extreme_values_never_panic`) runs every `i64` extreme through
//! `tf_strided_slice` and `tf_slice` without asserting results, which the tests below do.
//!
//! ## Strided slice, slice, plans, gradient, assignment
//! - `values.rs` `Values::new`: user integers widened to `i64` by `to_i64`. Checked:
//!   [`strided_slice_values_past_i64`], [`tf_slice_at_i64_limits`].
//! - `resolve.rs` `resolve_axis`: `x + dim` for negative `x`, clamps to `[-1, dim]`. Bounded:
//!   `x < 0` and `0 <= dim <= isize::MAX`. [`strided_slice_spec_at_i64_limits`],
//!   [`shrink_at_i64_limits`], [`strided_slice_on_an_axis_of_isize_max`].
//! - `resolve.rs` `range_len`, `range_to_slice`: `end - begin`, `begin + 1`, `end + 1`, the
//!   `isize` casts. Bounded: both ends are clamped into `[-1, dim]`; a one-element range gets step
//!   1, so a stride of `i64::MIN` never reaches ndarray. Same tests.
//! - `resolve.rs` `resolve_axis`: `dim as i64` on a shape given as numbers. **Fixed**
//!   (`check_dims`): a dim of 2^63 wrapped to a negative `i64` and `StridedSlice::resolve`
//!   returned an empty plan, `explain` an empty walk-through, `tf_strided_slice_grad` a
//!   `GradShapeMismatch` against a wrong, empty slice shape; now `TooLarge` first.
//!   [`plan_for_a_dim_past_isize`], [`explain_a_dim_past_isize`], [`grad_dim_past_isize`].
//! - `grad.rs` `zeros`, `check_size`, `try_vec`: element and byte counts. Checked:
//!   [`grad_dim_past_isize`]; `tests/assign.rs` `grad_too_large_is_an_error` pins the order
//!   (spec errors and the `dy` check before the element count).
//! - `tf_slice.rs` `resolve_slice`: `size = -1` becomes `dim - begin` with wrapping, as TF's
//!   int64 does (the value is only printed); `dim - begin` with `begin` in `[0, dim]`;
//!   `begin + size <= dim`. Checked/bounded: [`tf_slice_at_i64_limits`],
//!   [`tf_slice_size_minus_one_wraps_like_tensorflow`], [`tf_slice_on_an_axis_of_isize_max`].
//! - `parse.rs` `decimal`, `Cursor::operand`, `Builder::entry`: digits by `checked_mul`/`add`,
//!   sign in `i128`, a shrink index's `index + 1` by `checked_add`. Checked:
//!   [`parse_at_i64_limits`] (and `src/parse.rs` unit tests).
//! - `apply.rs` `InPlace::push`: `end as usize` is only compared. Bounded.
//! - `assign.rs` `assign_broadcast`: `value.ndim() - target.ndim()` saturating. Checked:
//!   [`assign_of_a_huge_broadcast_value`], [`assign_into_a_huge_empty_array`].
//! - `owned.rs` `owned_copy` (`tf_strided_slice_to_owned`, `tf_index_to_owned`,
//!   `Plan::apply_to_owned`) and `c_order` (every op that copies its input in C order): the copy
//!   of a view that repeats elements (a broadcast view) can have more bytes than `isize::MAX`.
//!   **Fixed**: `from_elem` panicked ("capacity overflow"); now `TooLarge`.
//!   [`to_owned_of_a_broadcast_view`] and a broadcast test per op below.
//!
//! ## Split, concat, stack, tile, pad, reverse_sequence, axes
//! - `ops/axis.rs` `resolve_axis`, `non_negative_axis`: `axis + rank` by `checked_add`, rank by
//!   `try_from`. Checked: [`axes_at_isize_limits`].
//! - `ops/split.rs` `resolve_sizes`: the sum of the sizes in `i128`, exact (fewer than 2^61 sizes
//!   below 2^63). Checked: [`split_sizes_summing_past_i64_and_usize`],
//!   [`split_sizes_on_an_axis_of_isize_max`]. Parts: `try_vec`. Checked:
//!   [`split_and_unstack_into_more_views_than_memory`]. `start + size`: bounded by the axis.
//! - `ops/concat.rs` `tf_concat`: the joined length by `saturating_add` (it saturates only where
//!   the size check fails anyway); `outer`, `inner`, runs: bounded by the checked result.
//!   Checked: [`concat_lengths_summing_past_usize`]. The single-input copy: **fixed** (was
//!   `to_owned` of a broadcast view, a panic): [`concat_of_one_broadcast_view`].
//! - `ops/concat.rs` `tf_stack`: `rank + 1` saturating, the count as a new axis, `check_size`.
//!   Checked: [`stack_count_times_size_past_isize`].
//! - `ops/tile.rs` `tiled_dim`: `dim * multiple` by `checked_mul`, then `check_size`. Checked:
//!   [`tile_multiples_past_usize`], [`tile_multiples_past_isize`]. `compact`, `tile_into`,
//!   `repeat_tail`: products of input dims or parts of the checked result. Bounded.
//! - `ops/pad.rs` `output_shape`: `dim + before + after` and the running count by `checked_*`,
//!   then `check_size`. Checked: [`pad_lengths_summing_past_usize`],
//!   [`pad_count_past_usize_and_isize`], [`pad_bytes_past_isize`],
//!   [`mirror_paddings_at_usize_max`]. `pad/fill.rs`: offsets inside the input, lengths inside
//!   the checked result. Bounded.
//! - `ops/reverse_sequence.rs` `resolve`: lengths by `usize::try_from` and compared with the
//!   axis; `check_size` of the input (`tests/reverse_sequence.rs` `errors`, a broadcast input).
//!   Checked: [`reverse_sequence_lengths_at_i64_limits`]. `reverse_sequence/fill.rs`: offsets
//!   inside the input. Bounded.
//! - `ops/reverse.rs`, `ops/transpose.rs`, `ops/axis_set.rs`: axes only (`checked_shl`).
//!   Checked: [`axes_at_isize_limits`], `tests/reverse.rs` `long_lists_stop_at_the_first_problem`,
//!   `src/ops/transpose.rs` unit tests.
//!
//! ## gather, gather_nd, boolean_mask, dynamic_partition, dynamic_stitch, one_hot
//! - `ops/gather.rs` `GatherPlan::new`: `outer`, `inner`, `count` by `checked_mul`, then
//!   `check_size`. Checked: [`gather_result_past_usize`]. Index values by `to_i64` and
//!   `usize::try_from`: `tests/gather.rs` `any_integer_type_and_array_kind` (`u64::MAX`).
//!   `GatherPlan::copy`: `checked_*`. The picks: **fixed** (`Vec::with_capacity` of a broadcast
//!   index count, a panic): [`gather_with_broadcast_indices`]. The params copy: **fixed**
//!   (`c_order`): [`gather_from_a_broadcast_view`].
//! - `ops/gather_nd.rs` `NdPlan::new`: every product and stride by `checked_mul`, then
//!   `check_size`. Checked: [`gather_nd_result_past_usize`]. Index values: `to_usize`, then
//!   `widen` for the message: `tests/gather_nd.rs` `any_integer_type_and_array_kind`.
//!   `NdPlan::gather`: `offset += index * stride` with `index < len`, inside `params`. Bounded.
//!   The indices copy: **fixed** (`c_order`): [`gather_nd_with_broadcast_indices`].
//! - `ops/boolean_mask.rs` `MaskPlan::new`: products of an existing array's dims; positions
//!   below the mask's length. Bounded. The input copy: **fixed** (`c_order`):
//!   [`boolean_mask_of_a_broadcast_view`].
//! - `ops/partition.rs` `tf_dynamic_partition`: `num_partitions` counts by `try_vec`. Checked:
//!   [`partition_into_more_outputs_than_memory`]. Values: `tests/partition.rs`
//!   `partition_errors` (`u64::MAX`). The partition numbers: **fixed** (`Vec::with_capacity` of a broadcast count,
//!   a panic): [`partition_with_broadcast_partitions`].
//! - `ops/partition.rs` `tf_dynamic_stitch`: `max + 1` rows by `try_from`/`checked_add`, then
//!   `try_vec`. Checked: [`stitch_index_at_i64_max`]. The widened indices: **fixed**
//!   (`Vec::with_capacity`, a panic): [`stitch_with_broadcast_indices`]. The zero slice for
//!   missing rows: **fixed** (built even with no rows, so a `[0, 2^62]` data array panicked):
//!   [`stitch_with_no_rows_and_huge_slices`].
//! - `ops/one_hot.rs` `tf_one_hot`: the shape with `depth` by `try_vec`; positions inside the
//!   result. Checked: [`one_hot_depth_usize_max`], [`one_hot_depth_times_indices_past_isize`].
//!
//! ## space_to_depth, depth_to_space, space_to_batch, batch_to_space, extract_image_patches
//! - `ops/nhwc.rs` `product`, `output_shape`: `checked_mul`, a `None` dim reported as
//!   `usize::MAX`, then `check_size`.
//! - `ops/depth.rs` `space_to_depth_shape`: `depth * block²`. Checked:
//!   [`space_to_depth_block_near_usize_max`]. `depth_to_space_shape`: `block²` and
//!   `height * block`, `width * block`. Checked: [`depth_to_space_block_square_overflow`],
//!   [`depth_to_space_height_times_block_past_usize`]. The copies: runs inside the input (a
//!   block divides a non-empty axis, so `block² <= h * w`). Bounded.
//! - `ops/space_batch/plan.rs` `space_to_batch_plan`: `dim + before + after` by `checked_add`,
//!   `batch * prod(block)` by `checked_mul`. Checked: [`space_to_batch_paddings_past_usize`],
//!   [`space_to_batch_paddings_past_isize`], [`space_to_batch_block_product_past_usize`].
//! - `ops/space_batch/plan.rs` `batch_to_space_plan`: `prod(block)` saturating (a saturated
//!   product divides only a batch of 0), `grid * block - crops` in `i128`. Checked:
//!   [`batch_to_space_crops_past_usize`], [`batch_to_space_grid_times_block_past_usize`];
//!   `tests/space_batch.rs` `sizes_past_isize_are_errors_not_panics` (the saturated product).
//! - `ops/space_batch/copy.rs`: positions inside the input or the checked result (the padded
//!   length is at most the result's element count). Bounded. The input copy: **fixed**
//!   (`c_order`): [`batch_to_space_of_a_broadcast_view`].
//! - `ops/patches.rs` `Window::resolve`: the effective size `k + (k - 1)(r - 1)` and the output
//!   size in `u128` (at most 2^128 - 2^66 + 2^64 + 3 < 2^128), the negative size saturated to
//!   `i128::MIN`. Checked: [`patches_effective_size_past_u64`]. `Window::taps`: `o * stride +
//!   i * rate - pad` in `u128`, checked; their list: **fixed** (`Vec::with_capacity` of
//!   `output * ksize` taps, a panic for a zero-sized element type): [`patches_taps_past_isize`].
//!   The input copy: **fixed** (`c_order`): [`patches_of_a_broadcast_view`]. A depth past
//!   `usize`: `tests/patches.rs` `too_large`.
//! - Result buffers of tile, pad, concat/stack (C-order inputs), gather, gather_nd,
//!   space_to_batch/batch_to_space and patches: reserved with `try_vec`, so a result that fits
//!   `isize` but no address space is `TooLarge`, not an allocation-failure abort:
//!   [`results_past_the_address_space_are_too_large`]. Not covered: ndarray's own allocations
//!   (concat/stack of non-C-order inputs, `owned_copy`'s fill, grad's zeros) still abort there.

use ndarray::{
    Array1, Array2, Array4, ArrayD, ArrayView, ArrayViewD, ArrayViewMut, IxDyn, SliceInfoElem,
    arr0, array,
};
use ndarray_tfslice::prelude::*;


const ISIZE_MAX: usize = isize::MAX as usize;

/// A zero-size view of `shape` (some dim is 0): any dims whose non-zero product fits in `isize`,
/// over no memory.
fn empty<A>(shape: &[usize]) -> ArrayViewD<'static, A> {
    ArrayView::from_shape(IxDyn(shape), &[]).expect("a zero-size shape ndarray accepts")
}

/// `one[0]` repeated to `shape` by broadcasting (stride 0): no memory beyond `one`.
fn repeated<'a, A>(one: &'a Array1<A>, shape: &[usize]) -> ArrayViewD<'a, A> {
    one.broadcast(IxDyn(shape))
        .expect("a shape ndarray can broadcast to")
}

/// No strided-slice spec mask.
const NONE: Masks = Masks::NONE;

// ---- strided slice, slice, plans, gradient, assignment ----

#[test]
fn strided_slice_values_past_i64() {
    let x = Array1::<i32>::zeros(5);
    let err = x
        .tf_strided_slice(&[0u64], &[u64::MAX], &[1u64], NONE)
        .unwrap_err();
    assert_eq!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::End,
            index: 0,
            value: u64::MAX.to_string()
        }
    );
    // 2^63, one past i64::MAX, in the second stride.
    let err = x
        .tf_strided_slice(&[0u64, 0], &[1, 1], &[1u64, 1 << 63], NONE)
        .unwrap_err();
    assert_eq!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Strides,
            index: 1,
            value: (1u64 << 63).to_string()
        }
    );
}

#[test]
fn strided_slice_spec_at_i64_limits() {
    let x = array![0, 1, 2, 3, 4];
    let slice = |b: i64, e: i64, s: i64| -> Vec<i32> {
        let v = x.tf_strided_slice(&[b], &[e], &[s], NONE).unwrap();
        v.iter().copied().collect()
    };
    // begin and end clamp into the axis, whichever way the stride walks.
    assert_eq!(slice(i64::MIN, i64::MAX, 1), [0, 1, 2, 3, 4]);
    assert_eq!(slice(i64::MAX, i64::MIN, -1), [4, 3, 2, 1, 0]);
    // The extreme strides take the first element of the walk only.
    assert_eq!(slice(i64::MAX, i64::MIN, i64::MIN), [4]);
    assert_eq!(slice(i64::MIN, i64::MAX, i64::MAX), [0]);
    // Both ends clamp to the same place: empty.
    assert_eq!(slice(i64::MIN, i64::MIN, i64::MIN), Vec::<i32>::new());
    assert_eq!(slice(i64::MAX, i64::MAX, 1), Vec::<i32>::new());
}

#[test]
fn shrink_at_i64_limits() {
    let x = Array1::<i32>::zeros(5);
    let shrink = Masks {
        shrink_axis: 1,
        ..NONE
    };
    // A negative index has the dim added once (what TF prints as `shifted`): no overflow.
    let err = x
        .tf_strided_slice(&[i64::MIN], &[0], &[1], shrink)
        .unwrap_err();
    assert_eq!(
        err,
        Error::ShrinkOutOfBounds {
            index: 0,
            axis: 0,
            begin: i64::MIN,
            shifted: i64::MIN + 5,
            dim: 5
        }
    );
    let err = x
        .tf_strided_slice(&[i64::MAX], &[0], &[1], shrink)
        .unwrap_err();
    assert_eq!(
        err,
        Error::ShrinkOutOfBounds {
            index: 0,
            axis: 0,
            begin: i64::MAX,
            shifted: i64::MAX,
            dim: 5
        }
    );
    let err = x
        .tf_strided_slice(&[0], &[0], &[i64::MIN], shrink)
        .unwrap_err();
    assert_eq!(
        err,
        Error::ShrinkNegativeStride {
            index: 0,
            axis: 0,
            stride: i64::MIN
        }
    );
}

#[test]
fn strided_slice_on_an_axis_of_isize_max() {
    // The longest axis an array can have, as i64::MAX: every clamp and span at its limit.
    let x = empty::<f32>(&[ISIZE_MAX, 0]);
    let shape = |b: i64, e: i64, s: i64| {
        let v = x.tf_strided_slice(&[b], &[e], &[s], NONE).unwrap();
        v.shape().to_vec()
    };
    assert_eq!(shape(i64::MIN, i64::MAX, 1), [ISIZE_MAX, 0]);
    assert_eq!(shape(i64::MAX, i64::MIN, -1), [ISIZE_MAX, 0]);
    assert_eq!(shape(i64::MAX, i64::MIN, i64::MIN), [1, 0]);
    assert_eq!(shape(1, i64::MAX, i64::MAX), [1, 0]);
    assert_eq!(shape(-1, i64::MAX, 2), [1, 0]);
    // The plan hands ndarray the same range, back to front, in isize.
    let plan = "::-1".parse::<StridedSlice>().unwrap();
    let plan = plan.resolve(&[ISIZE_MAX]).unwrap();
    assert_eq!(plan.shape(), [ISIZE_MAX]);
    assert_eq!(
        plan.elems(),
        [SliceInfoElem::Slice {
            start: 0,
            end: Some(isize::MAX),
            step: -1
        }]
    );
}

#[test]
fn plan_for_a_dim_past_isize() {
    // Fixed: 2^63 wrapped to a negative i64 and "1:" resolved to an empty plan.
    let spec: StridedSlice = "1:".parse().unwrap();
    assert_eq!(
        spec.resolve(&[1 << 63]).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 63]
        }
    );
    assert_eq!(
        spec.resolve(&[3, usize::MAX]).unwrap_err(),
        Error::TooLarge {
            shape: vec![3, usize::MAX]
        }
    );
}

#[test]
fn explain_a_dim_past_isize() {
    // Fixed: the walk-through showed begin 1 "clamped to -9223372036854775808" and an empty
    // output.
    let spec: StridedSlice = "1:".parse().unwrap();
    let text = spec.explain(&[1 << 63]);
    let line = "No array has this shape: an array of shape [9223372036854775808] is too large";
    assert!(text.contains(line), "{text}");
    assert!(!text.contains("output shape"), "{text}");
}

#[test]
fn grad_dim_past_isize() {
    // Fixed: the plan of a usize::MAX axis was empty, so a 5-element dy was reported as the
    // wrong shape for an empty slice (`GradShapeMismatch { expected: [0] }`).
    let dy = Array1::<f32>::zeros(5);
    let m = Masks { end: 1, ..NONE };
    // Shapes are integer lists now: a dim past i64 (TensorFlow's widest) is named as such, and
    // the largest one that fits is too large to allocate.
    let err = tf_strided_slice_grad(&[usize::MAX], &[0], &[0], &[1], m, &dy).unwrap_err();
    assert!(matches!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Shape,
            index: 0,
            ..
        }
    ));
    let one = array![0f32];
    let dy = one.broadcast(ISIZE_MAX).expect("a broadcast view of any length");
    let err = tf_strided_slice_grad(&[i64::MAX], &[0], &[0], &[1], m, &dy).unwrap_err();
    assert_eq!(
        err,
        Error::TooLarge {
            shape: vec![ISIZE_MAX]
        }
    );
    // A dim that fits, in a shape whose element count does not: the spec resolves, so the
    // count is what fails (tests/assign.rs pins the order of the other checks).
    let shape = [ISIZE_MAX, 4];
    let dy = empty::<f32>(&[0, 4]);
    let err = tf_strided_slice_grad(&shape, &[0], &[0], &[1], NONE, &dy).unwrap_err();
    assert_eq!(
        err,
        Error::TooLarge {
            shape: shape.to_vec()
        }
    );
}

#[test]
fn tf_slice_at_i64_limits() {
    let x = Array1::<i32>::zeros(5);
    let slice = |b: i64, s: i64| x.tf_slice(&[b], &[s]).map(|v| v.len());
    assert_eq!(
        slice(i64::MAX, 1),
        Err(Error::SliceBeginOutOfRange {
            axis: 0,
            begin: i64::MAX,
            dim: 5
        })
    );
    // Compared as `size <= dim - begin`: `begin + size` would overflow.
    assert_eq!(
        slice(5, i64::MAX),
        Err(Error::SliceSizeOutOfRange {
            axis: 0,
            size: i64::MAX,
            max: 0
        })
    );
    assert_eq!(
        slice(0, i64::MIN),
        Err(Error::SliceSizeOutOfRange {
            axis: 0,
            size: i64::MIN,
            max: 5
        })
    );
    let err = x.tf_slice(&[u64::MAX], &[1]).unwrap_err();
    assert_eq!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Begin,
            index: 0,
            value: u64::MAX.to_string()
        }
    );
}

#[test]
fn tf_slice_size_minus_one_wraps_like_tensorflow() {
    // TF replaces -1 by `dim - begin` in int64 before any check, and prints what it got.
    let x = Array1::<i32>::zeros(5);
    assert_eq!(
        x.tf_slice(&[i64::MIN], &[-1]).unwrap_err(),
        Error::SliceBeginOutOfRange {
            axis: 0,
            begin: i64::MIN,
            dim: 5
        }
    );
    let none = Array1::<i32>::zeros(0);
    assert_eq!(
        none.tf_slice(&[i64::MIN], &[-1]).unwrap_err(),
        Error::SliceEmptyAxis {
            axis: 0,
            begin: i64::MIN,
            size: 0i64.wrapping_sub(i64::MIN)
        }
    );
}

#[test]
fn tf_slice_on_an_axis_of_isize_max() {
    let x = empty::<f32>(&[ISIZE_MAX, 0]);
    let v = x.tf_slice(&[0, 0], &[i64::MAX, 0]).unwrap();
    assert_eq!(v.shape(), [ISIZE_MAX, 0]);
    let v = x.tf_slice(&[1, 0], &[-1, -1]).unwrap();
    assert_eq!(v.shape(), [ISIZE_MAX - 1, 0]);
    assert_eq!(
        x.tf_slice(&[1, 0], &[i64::MAX, 0]).unwrap_err(),
        Error::SliceSizeOutOfRange {
            axis: 0,
            size: i64::MAX,
            max: i64::MAX - 1
        }
    );
}

#[test]
fn parse_at_i64_limits() {
    let spec: StridedSlice = "-9223372036854775808:9223372036854775807".parse().unwrap();
    assert_eq!(
        (spec.begin(), spec.end()),
        (&[i64::MIN][..], &[i64::MAX][..])
    );
    // A shrink index's end (index + 1) must fit.
    let err = "9223372036854775807".parse::<StridedSlice>().unwrap_err();
    assert!(
        matches!(err, Error::Parse { offset: 0, ref expected, .. }
            if expected == "an index whose end (index + 1) fits in i64"),
        "{err:?}"
    );
    let err = "9223372036854775808:".parse::<StridedSlice>().unwrap_err();
    assert!(
        matches!(err, Error::Parse { offset: 0, ref expected, .. }
            if expected == "an integer that fits in i64"),
        "{err:?}"
    );
}

#[test]
fn assign_of_a_huge_broadcast_value() {
    let mut x = Array1::<f32>::zeros(2);
    let one = array![1.0f32];
    let value = repeated(&one, &[1 << 62]);
    let m = Masks {
        begin: 1,
        end: 1,
        ..NONE
    };
    let err = x
        .tf_strided_slice_assign(&[0], &[0], &[1], m, &value)
        .unwrap_err();
    assert_eq!(
        err,
        Error::AssignBroadcast {
            value_shape: vec![1 << 62],
            final_shape: vec![2],
            spec: String::from(":"),
            input_shape: vec![2]
        }
    );
    assert_eq!(x, Array1::zeros(2));
}

#[test]
fn assign_into_a_huge_empty_array() {
    // An empty target is a no-op whatever the spec resolves to on its isize::MAX axis.
    let mut none: [f32; 0] = [];
    let mut x = ArrayViewMut::from_shape((ISIZE_MAX, 0), &mut none[..]).unwrap();
    let value = array![1.0f32];
    for s in [1, -1, i64::MAX, i64::MIN] {
        let b = if s > 0 { i64::MIN } else { i64::MAX };
        let e = if s > 0 { i64::MAX } else { i64::MIN };
        assert_eq!(
            x.tf_strided_slice_assign(&[b], &[e], &[s], NONE, &value),
            Ok(())
        );
    }
}

#[test]
fn to_owned_of_a_broadcast_view() {
    // Fixed: 2^62 u64s are 2^65 bytes, and the copy panicked ("capacity overflow").
    let one = array![7u64];
    let x = repeated(&one, &[1 << 62]);
    let all = Masks { end: 1, ..NONE };
    assert_eq!(
        x.tf_strided_slice_to_owned(&[0], &[0], &[1], all),
        Err(Error::TooLarge {
            shape: vec![1 << 62]
        })
    );
    assert_eq!(
        x.tf_index_to_owned(&"::2".parse().unwrap()),
        Err(Error::TooLarge {
            shape: vec![1 << 61]
        })
    );
    let plan = "::-1".parse::<StridedSlice>().unwrap();
    let plan = plan.resolve(&[1 << 62]).unwrap();
    assert_eq!(
        plan.apply_to_owned(&x),
        Err(Error::TooLarge {
            shape: vec![1 << 62]
        })
    );
    // A slice of it that fits is copied.
    let y = x
        .tf_strided_slice_to_owned(&[0], &[0], &[1i64 << 50], all)
        .unwrap();
    assert_eq!(y.len(), 1 << 12);
    assert!(y.iter().all(|&v| v == 7));
}

// ---- axes, split, concat, stack, tile, pad, reverse_sequence ----

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
        x.tf_pad(&[[i64::MAX, 0]], PadMode::Reflect, 0)
            .unwrap_err(),
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

// ---- gather, gather_nd, boolean_mask, dynamic_partition, dynamic_stitch, one_hot ----

#[test]
fn gather_result_past_usize() {
    let (one, zero) = (array![1u8], array![0i64]);
    let params = repeated(&one, &[1, 1 << 62]);
    let indices = repeated(&zero, &[1 << 62]);
    assert_eq!(
        params.tf_gather(&indices, 0, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62, 1 << 62]
        }
    );
}

#[test]
fn gather_with_broadcast_indices() {
    // Fixed: the checked indices went into a Vec<usize> of 2^62 (2^65 bytes) and panicked.
    // Zero-sized elements, so the result itself needs no memory.
    let params = Array1::from_elem(1, ());
    let zero = array![0i64];
    let indices = repeated(&zero, &[1 << 62]);
    assert_eq!(
        params.tf_gather(&indices, 0, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62]
        }
    );
}

#[test]
fn gather_from_a_broadcast_view() {
    // Fixed: params were copied into C order without a size check, and the copy panicked.
    let one = array![7u64];
    let params = repeated(&one, &[1 << 62]);
    assert_eq!(
        params.tf_gather(&array![0], 0, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62]
        }
    );
}

#[test]
fn gather_nd_result_past_usize() {
    let (one, zero) = (array![1u8], array![0i64]);
    let params = repeated(&one, &[1, 1 << 62]);
    let indices = repeated(&zero, &[1 << 62, 1]);
    assert_eq!(
        params.tf_gather_nd(&indices, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62, 1 << 62]
        }
    );
}

#[test]
fn gather_nd_with_broadcast_indices() {
    // Fixed: the indices were copied into C order (2^65 bytes of i64) and the copy panicked.
    let params = Array1::from_elem(1, ());
    let zero = array![0i64];
    let indices = repeated(&zero, &[1 << 62, 1]);
    assert_eq!(
        params.tf_gather_nd(&indices, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62, 1]
        }
    );
}

#[test]
fn boolean_mask_of_a_broadcast_view() {
    // Fixed: the tensor is copied into C order first, and that copy panicked.
    let one = array![7u64];
    let x = repeated(&one, &[2, 1 << 61]);
    assert_eq!(
        x.tf_boolean_mask(&array![false, false], 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![2, 1 << 61]
        }
    );
}

#[test]
fn partition_into_more_outputs_than_memory() {
    let data = array![1.0f32, 2.0];
    assert_eq!(
        data.tf_dynamic_partition(&array![0, 1], usize::MAX)
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX]
        }
    );
}

#[test]
fn partition_with_broadcast_partitions() {
    // Fixed: the partition numbers went into a Vec<usize> of 2^62 and panicked.
    let unit = array![()];
    let zero = array![0i32];
    let data = repeated(&unit, &[1 << 62]);
    let partitions = repeated(&zero, &[1 << 62]);
    assert_eq!(
        data.tf_dynamic_partition(&partitions, 1).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62]
        }
    );
}

#[test]
fn stitch_index_at_i64_max() {
    // i64::MAX + 1 rows of the 0-d index's slice, [2].
    let indices = arr0(i64::MAX).into_dyn();
    let data = array![1.0f32, 2.0].into_dyn();
    assert_eq!(
        tf_dynamic_stitch(&[indices.view()], &[data.view()]).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 63, 2]
        }
    );
}

#[test]
fn stitch_with_broadcast_indices() {
    // Fixed: each index array was widened into a Vec<i64> sized by its element count, and the
    // Vec of 2^62 panicked.
    let (zero, unit) = (array![0i64], array![()]);
    let indices = repeated(&zero, &[1 << 62]);
    let data = repeated(&unit, &[1 << 62]);
    assert_eq!(
        tf_dynamic_stitch(&[indices], &[data]).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62]
        }
    );
}

#[test]
fn stitch_with_no_rows_and_huge_slices() {
    // Fixed: the zero slice for missing rows (2^62 u64s) was built even with no row, and panicked.
    let indices = empty::<i64>(&[0]);
    let data = empty::<u64>(&[0, 1 << 62]);
    let y = tf_dynamic_stitch(&[indices], &[data]).unwrap();
    assert_eq!(y.shape(), [0, 1 << 62]);
}

#[test]
fn one_hot_depth_usize_max() {
    assert_eq!(
        tf_one_hot(&array![0, 1], usize::MAX, 1.0f32, 0.0, -1).unwrap_err(),
        Error::TooLarge {
            shape: vec![2, usize::MAX]
        }
    );
    // No index: still no array of that shape (a non-zero dim past isize::MAX).
    assert_eq!(
        tf_one_hot(&Array1::<i32>::zeros(0), usize::MAX, 1u8, 0, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX, 0]
        }
    );
}

#[test]
fn one_hot_depth_times_indices_past_isize() {
    let zero = array![0i32];
    let indices = repeated(&zero, &[1 << 40]);
    assert_eq!(
        tf_one_hot(&indices, 1 << 30, 1u8, 0, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 30, 1 << 40]
        }
    );
    // Elements that fit, bytes that do not.
    assert_eq!(
        tf_one_hot(&array![0], 1 << 61, 1.0f64, 0.0, -1).unwrap_err(),
        Error::TooLarge {
            shape: vec![1, 1 << 61]
        }
    );
}

// ---- space_to_depth, depth_to_space, space_to_batch, batch_to_space, extract_image_patches ----

#[test]
fn space_to_depth_block_near_usize_max() {
    // An empty image is divisible by any block; the depth c * block² is what overflows.
    let x = empty::<u8>(&[1, 0, 0, 1]);
    for block_size in [usize::MAX, 1 << 32] {
        assert_eq!(
            x.tf_space_to_depth(block_size).unwrap_err(),
            Error::TooLarge {
                shape: vec![1, 0, 0, usize::MAX]
            }
        );
    }
    assert_eq!(
        Array4::<u8>::zeros((1, 4, 4, 1))
            .tf_space_to_depth(usize::MAX)
            .unwrap_err(),
        Error::SpaceNotDivisible {
            width: 4,
            height: 4,
            block_size: usize::MAX
        }
    );
}

#[test]
fn depth_to_space_block_square_overflow() {
    let x = Array4::<u8>::zeros((1, 1, 1, 4));
    // 2^32 squared is the first square past usize: reported as usize::MAX.
    assert_eq!(
        x.tf_depth_to_space(1 << 32).unwrap_err(),
        Error::DepthNotDivisible {
            depth: 4,
            block_size_sq: usize::MAX
        }
    );
    assert_eq!(
        x.tf_depth_to_space((1 << 32) - 1).unwrap_err(),
        Error::DepthNotDivisible {
            depth: 4,
            block_size_sq: ((1 << 32) - 1) * ((1 << 32) - 1)
        }
    );
}

#[test]
fn depth_to_space_height_times_block_past_usize() {
    // A depth of 0 is divisible by an overflowing square; the height times the block is not a
    // size.
    let x = empty::<u8>(&[1, 2, 0, 0]);
    assert_eq!(
        x.tf_depth_to_space(usize::MAX).unwrap_err(),
        Error::TooLarge {
            shape: vec![1, usize::MAX, 0, 0]
        }
    );
    // Each fits, their product does not.
    let x = empty::<u8>(&[1, 1 << 20, 1 << 20, 0]);
    assert_eq!(
        x.tf_depth_to_space(1 << 20).unwrap_err(),
        Error::TooLarge {
            shape: vec![1, 1 << 40, 1 << 40, 0]
        }
    );
}

#[test]
fn space_to_batch_paddings_past_usize() {
    let x = Array2::<f32>::zeros((1, 2));
    assert_eq!(
        x.tf_space_to_batch_nd(&[1], &[[i64::MAX, i64::MAX]])
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![1, usize::MAX]
        }
    );
}

#[test]
fn space_to_batch_paddings_past_isize() {
    let x = Array2::<u8>::zeros((1, 2));
    // Padded to 2^63 + 2: divisible by 2, so 2 batches of 2^62 + 1.
    assert_eq!(
        x.tf_space_to_batch_nd(&[2], &[[1usize << 62, 1 << 62]])
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![2, (1 << 62) + 1]
        }
    );
    // A block of i64::MAX on a dim padded to exactly i64::MAX: one grid position, but
    // i64::MAX batches of 2 bytes.
    let x = Array2::<u16>::zeros((1, 1));
    assert_eq!(
        x.tf_space_to_batch_nd(&[i64::MAX], &[[i64::MAX - 1, 0]])
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![ISIZE_MAX, 1]
        }
    );
}

#[test]
fn space_to_batch_block_product_past_usize() {
    // Each block divides an empty dim; batch * 2^40 * 2^40 passes usize.
    let x = empty::<u8>(&[1, 0, 0]);
    assert_eq!(
        x.tf_space_to_batch_nd(&[1usize << 40, 1 << 40], &[[0, 0], [0, 0]])
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX, 0, 0]
        }
    );
    let x = Array4::<u8>::zeros((1, 1, 1, 1));
    let paddings = [[i64::MAX - 1, 0], [i64::MAX - 1, 0]];
    assert_eq!(
        x.tf_space_to_batch(&paddings, ISIZE_MAX).unwrap_err(),
        Error::TooLarge {
            shape: vec![usize::MAX, 1, 1, 1]
        }
    );
}

#[test]
fn batch_to_space_crops_past_usize() {
    // grid * block - crops is exact in i128: 1 * 2 - 2 * i64::MAX.
    let x = ndarray::Array3::<f32>::zeros((4, 1, 1));
    let crops = [[i64::MAX, i64::MAX], [0, 0]];
    assert_eq!(
        x.tf_batch_to_space_nd(&[2, 2], &crops).unwrap_err(),
        Error::CropsTooLarge {
            index: 0,
            cropped: 2 - 2 * i128::from(i64::MAX)
        }
    );
}

#[test]
fn batch_to_space_grid_times_block_past_usize() {
    // An empty batch is divisible by any block: 2^32 * 2^33 is the output dim.
    let x = empty::<u8>(&[0, 1 << 32, 1]);
    assert_eq!(
        x.tf_batch_to_space_nd(&[1usize << 33], &[[0, 0]]).unwrap_err(),
        Error::TooLarge {
            shape: vec![0, usize::MAX, 1]
        }
    );
    // 2^31 * 2^32 = 2^63: fits in usize, not in isize.
    let x = empty::<u8>(&[0, 1 << 31, 1]);
    assert_eq!(
        x.tf_batch_to_space_nd(&[1usize << 32], &[[0, 0]]).unwrap_err(),
        Error::TooLarge {
            shape: vec![0, 1 << 63, 1]
        }
    );
}

#[test]
fn batch_to_space_of_a_broadcast_view() {
    // Fixed: cropping leaves one element, but the input was copied into C order first (2^65
    // bytes) and the copy panicked.
    let one = array![7u64];
    let x = repeated(&one, &[1, 1 << 62, 1]);
    assert_eq!(
        x.tf_batch_to_space_nd(&[1], &[[0, (1usize << 62) - 1]])
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![1, 1 << 62, 1]
        }
    );
}

#[test]
fn patches_effective_size_past_u64() {
    let x = Array4::<f32>::zeros((1, 3, 3, 1));
    let big = usize::MAX;
    let k = u128::from(u64::MAX);
    // k + (k - 1) * (r - 1) with k = r = 2^64 - 1: past u64 and i128, exact in u128.
    let effective = k + (k - 1) * (k - 1);
    assert_eq!(
        x.tf_extract_image_patches([1, big, 1, 1], [1, 1, 1, 1], [1, big, 1, 1], Padding::Valid)
            .unwrap_err(),
        Error::PatchesOutputNegative {
            axis: 1,
            output_size: i128::MIN,
            input_size: 3,
            effective_ksize: effective,
            stride: 1
        }
    );
    // 2 + (r - 1) = 2^64: one past u64; the output size -(2^64 - 4) fits in i128.
    assert_eq!(
        x.tf_extract_image_patches([1, 1, 2, 1], [1, 1, 1, 1], [1, 1, big, 1], Padding::Valid)
            .unwrap_err(),
        Error::PatchesOutputNegative {
            axis: 2,
            output_size: -(i128::from(u64::MAX) - 3),
            input_size: 3,
            effective_ksize: 1 << 64,
            stride: 1
        }
    );
    // With a stride of usize::MAX, (3 + stride - 2^64) / stride rounds to 0 windows: empty.
    let y = x
        .tf_extract_image_patches([1, 1, 2, 1], [1, 1, big, 1], [1, 1, big, 1], Padding::Valid)
        .unwrap();
    assert_eq!(y.shape(), [1, 3, 0, 2]);
}

/// A zero-sized element type with a default (the crate's fill value), as
/// `tf_extract_image_patches` needs: its arrays of any length take no memory.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Nothing;

#[test]
fn patches_taps_past_isize() {
    // Fixed: 2^40 windows of 2^20 taps each (Option<usize>, 2^64 bytes) went into
    // Vec::with_capacity and panicked, though the result (2^60 zero-sized elements) fits.
    let image = [Nothing; 1 << 40];
    let x = ArrayView::from_shape((1, 1 << 40, 1, 1), &image[..]).unwrap();
    let err = x
        .tf_extract_image_patches([1, 1 << 20, 1, 1], [1; 4], [1; 4], Padding::Same)
        .unwrap_err();
    assert_eq!(
        err,
        Error::TooLarge {
            shape: vec![1 << 40, 1 << 20]
        }
    );
}

#[test]
fn patches_of_a_broadcast_view() {
    // Fixed: one window, but the input was copied into C order first (2^65 bytes) and the copy
    // panicked.
    let one = array![7u64];
    let x = repeated(&one, &[1, 1 << 31, 1 << 31, 1]);
    let strides = [1, 1 << 31, 1 << 31, 1];
    assert_eq!(
        x.tf_extract_image_patches([1; 4], strides, [1; 4], Padding::Valid)
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![1, 1 << 31, 1 << 31, 1]
        }
    );
}

#[test]
fn broadcast_inputs_whose_result_fits_still_work() {
    // The size checks above refuse only copies that cannot exist: the same kind of view, small.
    let one = array![7u64];
    let x = repeated(&one, &[4, 3]);
    let y = x.tf_gather(&array![1, 0], 0, 0).unwrap();
    assert_eq!(y, ArrayD::from_elem(IxDyn(&[2, 3]), 7));
    let y = x
        .tf_boolean_mask(&array![true, false, true, false], 0)
        .unwrap();
    assert_eq!(y.shape(), [2, 3]);
}

/// A result that fits in `isize` but in no address space (2^62 bytes; x86-64 user space is 2^47)
/// is reserved fallibly, so it is `TooLarge`, not an allocation-failure abort. Nothing is
/// allocated: the reservation itself fails.
#[test]
fn results_past_the_address_space_are_too_large() {
    let huge = 1usize << 62;
    let one = ndarray::array![7u8];
    assert_eq!(
        one.tf_tile(&[huge]),
        Err(Error::TooLarge { shape: vec![huge] })
    );
    assert_eq!(
        one.tf_pad(&[[huge, 0]], PadMode::Constant, 0),
        Err(Error::TooLarge {
            shape: vec![huge + 1]
        })
    );
    let image = ndarray::Array4::<u8>::zeros((1, 1, 1, 1));
    assert_eq!(
        image.tf_space_to_batch_nd(&[1], &[[huge, 0]]),
        Err(Error::TooLarge {
            shape: vec![1, huge + 1, 1, 1]
        })
    );
}
