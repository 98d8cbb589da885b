//! The overflow audit of issue 9, strided slice, slice, plans, gradient and assignment: every place in `src/` where a size, offset, count, index or
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
//! ## Strided slice, slice, plans, gradient, assignment
//! - `util/values.rs` `Values::new`: user integers widened to `i64` by `to_i64`. Checked:
//!   [`strided_slice_values_past_i64`], [`tf_slice_at_i64_limits`].
//! - `strided/resolve.rs` `resolve_axis`: `x + dim` for negative `x`, clamps to `[-1, dim]`. Bounded:
//!   `x < 0` and `0 <= dim <= isize::MAX`. [`strided_slice_spec_at_i64_limits`],
//!   [`shrink_at_i64_limits`], [`strided_slice_on_an_axis_of_isize_max`].
//! - `strided/resolve.rs` `range_len`, `range_to_slice`: `end - begin`, `begin + 1`, `end + 1`, the
//!   `isize` casts. Bounded: both ends are clamped into `[-1, dim]`; a one-element range gets step
//!   1, so a stride of `i64::MIN` never reaches ndarray. Same tests.
//! - `strided/resolve.rs` `resolve_axis`: `dim as i64` on a shape given as numbers. **Fixed**
//!   (`check_dims`): a dim of 2^63 wrapped to a negative `i64` and `StridedSlice::resolve`
//!   returned an empty plan, `explain` an empty walk-through, `tf_strided_slice_grad` a
//!   `GradShapeMismatch` against a wrong, empty slice shape; now `TooLarge` first.
//!   [`plan_for_a_dim_past_isize`], [`explain_a_dim_past_isize`], [`grad_dim_past_isize`].
//! - `util/alloc.rs` `zeros`, `check_size`, `try_vec`: element and byte counts. Checked:
//!   [`grad_dim_past_isize`]; `tests/strided/assign.rs` `grad_too_large_is_an_error` pins the order
//!   (spec errors and the `dy` check before the element count).
//! - `strided/slice.rs` `resolve_slice`: `size = -1` becomes `dim - begin` with wrapping, as TF's
//!   int64 does (the value is only printed); `dim - begin` with `begin` in `[0, dim]`;
//!   `begin + size <= dim`. Checked/bounded: [`tf_slice_at_i64_limits`],
//!   [`tf_slice_size_minus_one_wraps_like_tensorflow`], [`tf_slice_on_an_axis_of_isize_max`].
//! - `strided/parse.rs` `decimal`, `Cursor::operand`, `Builder::entry`: digits by `checked_mul`/`add`,
//!   sign in `i128`, a shrink index's `index + 1` by `checked_add`. Checked:
//!   [`parse_at_i64_limits`] (and `src/strided/parse.rs` unit tests).
//! - `strided/apply.rs` `InPlace::push`: `end as usize` is only compared. Bounded.
//! - `strided/assign.rs` `broadcast_strides`: `value.len() - shape.len()` saturating. Checked:
//!   [`assign_of_a_huge_broadcast_value`], [`assign_into_a_huge_empty_array`].
//! - `util/owned.rs` `owned_copy` (`tf_strided_slice_to_owned`, `tf_index_to_owned`,
//!   `Plan::apply_to_owned`) and `c_order` (every op that copies its input in C order): the copy
//!   of a view that repeats elements (a broadcast view) can have more bytes than `isize::MAX`.
//!   **Fixed**: `from_elem` panicked ("capacity overflow"); now `TooLarge`.
//!   [`to_owned_of_a_broadcast_view`] and a broadcast test per op below.
//!

use ndarray::{Array1, ArrayViewMut, SliceInfoElem, array};
use ndarray_tfslice::prelude::*;

use crate::common::extreme::{ISIZE_MAX, empty, repeated};

/// No strided-slice spec mask.
const NONE: Masks = Masks::NONE;

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
    let dy = one
        .broadcast(ISIZE_MAX)
        .expect("a broadcast view of any length");
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
    assert_eq!(x, Array1::<f32>::zeros(2));
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
