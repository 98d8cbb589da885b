//! The overflow audit of issue 9, gathering family: every place in `src/` where a size, offset, count, index or
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
//! ## gather, gather_nd, boolean_mask, dynamic_partition, dynamic_stitch, one_hot
//! - `ops/gather/gather.rs` `GatherPlan::new`: `outer`, `inner`, `count` by `checked_mul`, then
//!   `check_size`. Checked: [`gather_result_past_usize`]. Index values by `to_i64` and
//!   `usize::try_from`: `tests/gather/gather.rs` `any_integer_type_and_array_kind` (`u64::MAX`).
//!   `GatherPlan::copy`: `checked_*`. The picks: **fixed** (`Vec::with_capacity` of a broadcast
//!   index count, a panic): [`gather_with_broadcast_indices`]. The params copy: **fixed**
//!   (`c_order`): [`gather_from_a_broadcast_view`].
//! - `ops/gather/gather_nd.rs` `NdPlan::new`: every product and stride by `checked_mul`, then
//!   `check_size`. Checked: [`gather_nd_result_past_usize`]. Index values: `to_usize`, then
//!   `widen` for the message: `tests/gather/gather_nd.rs` `any_integer_type_and_array_kind`.
//!   `NdPlan::gather`: `offset += index * stride` with `index < len`, inside `params`. Bounded.
//!   The indices copy: **fixed** (`c_order`): [`gather_nd_with_broadcast_indices`].
//! - `ops/gather/boolean_mask.rs` `MaskPlan::new`: products of an existing array's dims; positions
//!   below the mask's length. Bounded. The input copy: **fixed** (`c_order`):
//!   [`boolean_mask_of_a_broadcast_view`].
//! - `ops/gather/dynamic_partition.rs` `tf_dynamic_partition`: `num_partitions` counts by `try_vec`. Checked:
//!   [`partition_into_more_outputs_than_memory`]. Values: `tests/gather/dynamic_partition.rs`
//!   `partition_errors` (`u64::MAX`). The partition numbers: **fixed** (`Vec::with_capacity` of a broadcast count,
//!   a panic): [`partition_with_broadcast_partitions`].
//! - `ops/gather/dynamic_stitch.rs` `tf_dynamic_stitch`: `max + 1` rows by `try_from`/`checked_add`, then
//!   `try_vec`. Checked: [`stitch_index_at_i64_max`]. The widened indices: **fixed**
//!   (`Vec::with_capacity`, a panic): [`stitch_with_broadcast_indices`]. The zero slice for
//!   missing rows: **fixed** (built even with no rows, so a `[0, 2^62]` data array panicked):
//!   [`stitch_with_no_rows_and_huge_slices`].
//! - `ops/gather/one_hot.rs` `tf_one_hot`: the shape with `depth` by `try_vec`; positions inside the
//!   result. Checked: [`one_hot_depth_usize_max`], [`one_hot_depth_times_indices_past_isize`].
//! - `ops/gather/scatter_nd.rs` `output_shape`: `shape` values by `Values::new` (past `i64`:
//!   `ValueOutOfRange`) and `usize::try_from` (negative: `NegativeDimension`), then the
//!   output by `try_vec`. Checked: [`scatter_nd_output_past_usize`],
//!   `tests/gather/scatter_nd.rs` `huge_shapes_and_values`. `Geometry::new`: `vectors` and `slice`
//!   by `checked_product`; the strides saturate, and are used only once the output exists (a
//!   saturated stride belongs to an output `try_vec` refused). `Geometry::offsets`: the index
//!   copy by `c_order` and the offsets reserved with `try_reserve_exact`. Checked:
//!   [`scatter_with_broadcast_indices`]. `vector_offset`: `offset += index * stride` with
//!   `index < len`, inside the output. Bounded. `apply`: `offset + slice` with the offset of a
//!   slice inside the output. Bounded. The updates copy: `c_order`, after the output exists:
//!   [`scatter_with_broadcast_updates`]. Not covered (as for the other ops' `owned_copy`): a
//!   broadcast `indices`, `updates` or tensor whose C-order copy fits `isize` but not in memory
//!   still aborts in ndarray's fill.
//! - `ops/gather/unique.rs`, `ops/gather/setdiff1d.rs`: results no longer than the input, counts
//!   at most its length. Bounded.
//!

use ndarray::{Array1, arr0, array};
use ndarray_tfslice::prelude::*;

use crate::common::extreme::{empty, repeated};

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
        params.tf_gather(&array![0, 0], 0, 0).unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62]
        }
    );
    // Indices that step evenly are a view of params, copied without copying params first.
    assert_eq!(
        params.tf_gather(&array![5, 4, 3], 0, 0).unwrap(),
        array![7u64, 7, 7].into_dyn()
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

#[test]
fn scatter_nd_output_past_usize() {
    let err = tf_scatter_nd(&array![[0, 0]], &array![1u8], &[1u64 << 62, 1 << 62]).unwrap_err();
    assert_eq!(
        err,
        Error::TooLarge {
            shape: vec![1 << 62, 1 << 62]
        }
    );
}

#[test]
fn scatter_with_broadcast_indices() {
    // 2^62 index vectors: their C-order copy (2^65 bytes of i64) cannot exist.
    let x = Array1::from_elem(1, 0u8);
    let (zero, one) = (array![0i64], array![1u8]);
    let indices = repeated(&zero, &[1 << 62, 1]);
    let updates = repeated(&one, &[1 << 62]);
    assert_eq!(
        x.tf_tensor_scatter_nd_update(&indices, &updates)
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![1 << 62, 1]
        }
    );
}

#[test]
fn scatter_with_broadcast_updates() {
    // One index vector whose update is a broadcast row of 2^62 u64: the output (2^65 bytes) is
    // refused before the updates would be copied into C order.
    let one = array![1u64];
    let updates = repeated(&one, &[1, 1 << 62]);
    let err = tf_scatter_nd(&array![[0]], &updates, &[1u64, 1 << 62]).unwrap_err();
    assert_eq!(
        err,
        Error::TooLarge {
            shape: vec![1, 1 << 62]
        }
    );
}
