//! The shape family's part of the overflow audit: every size, count or offset `src/ops/shape/`
//! computes from user input, its verdict (checked / bounded, as in the other families' audits)
//! and the test that pins it. No test allocates more than a few KiB: huge shapes fail before
//! anything is reserved.
//!
//! - `reshape.rs` `reshaped_dims`: sizes widened to `i64` (`Values`); the running count by
//!   `checked_mul` against `i64::MAX` (TensorFlow's check); `product` saturating (only past a
//!   `0`); the input's count `<= isize::MAX` (a real array); `missing = count / product` with
//!   `product >= 1`; the requested count by `checked_mul`; dims by `usize::try_from`. Then
//!   `check_size` (ndarray's rule: the non-zero dims multiply within `isize`). Checked:
//!   [`reshape_empty_shapes_past_isize_are_too_large`], golden `reshape-too-many*`.
//! - `reshape.rs` `view_possible`: products of input dims (saturating) and `d * stride` by
//!   `checked_mul`. Checked (a `false` only costs a copy).
//! - `expand_dims.rs` `expand_axis`, `squeeze.rs`, `roll.rs` `axis_shifts`: `rank + 1`, `axis +
//!   rank` by `checked_add` or in `i128`. Checked: `expand_dims.rs`
//!   `squeeze_and_expand_dims_round_trip` (`isize::MIN`, `i64::MAX`), [`roll_shifts_are_exact_where_tensorflow_truncates`].
//! - `roll.rs` `modulo`: any shift reduced in `i128`/`u128` (`rem_euclid`), sums of two values
//!   below the axis length. Checked: [`roll_shifts_are_exact_where_tensorflow_truncates`] (`u128::MAX`,
//!   `i64::MIN` twice). Copy offsets: inside the input. Bounded.
//! - `repeat.rs`: counts by `usize::try_from` (negative: an error), their sum by `checked_add`
//!   (saturating to `usize::MAX`, then `try_vec`'s `TooLarge`); block offsets inside the input,
//!   read with `get`. Checked: `repeat.rs` `repeat_rejects_every_negative_count`.
//! - `frame.rs`: the frame count (`div_ceil`, `checked_sub`), the last frame's end by `checked_*`,
//!   the view's frame stride by `checked_mul` (0 below two frames), the view itself checked by
//!   ndarray's `from_shape` (else a copy), the copy by `try_vec`; `f * frame_step + k` below the
//!   signal length plus a frame that fits; in the copy, `frame_length * inner` inside the checked
//!   result and each frame's start `f * frame_step * inner` inside the signal (never
//!   `frame_step * inner` alone, which a huge step overflows: a fuzz finding, fixed). Checked:
//!   [`frame_of_huge_frames_is_an_error_not_a_panic`], `tests/shape/frame.rs`
//!   `frame_huge_step_with_inner_axes`.
//! - `meshgrid.rs`: the grid's element count checked by ndarray's `broadcast` (`None`: `TooLarge`).
//!   Checked: [`meshgrid_limits_and_empty_lists`].
//! - `sequence_mask.rs`: lengths compared in `u128`; `maxlen` from the longest by `try_from`;
//!   the mask by `try_vec`. Checked: [`sequence_mask_limits`].

use ndarray::{Array1, Array2, ArrayD, IxDyn, arr0, array};
use ndarray_tfslice::prelude::*;

#[test]
fn reshape_empty_shapes_past_isize_are_too_large() {
    // TensorFlow accepts this shape for an empty input; ndarray cannot hold it.
    let x = Array2::<u8>::zeros((0, 3));
    let big = 1i64 << 62;
    assert!(matches!(
        x.tf_reshape([0, big, big]),
        Err(Error::TooLarge { .. })
    ));
    // TensorFlow's kernel divides by zero here (its product overflows to 0): an error here.
    assert!(x.tf_reshape([0, big, big, -1]).is_err());
    assert!(matches!(
        x.tf_reshape([u64::MAX]),
        Err(Error::ValueOutOfRange { .. })
    ));
}

#[test]
fn roll_shifts_are_exact_where_tensorflow_truncates() {
    let x = Array1::from_iter(0..10);
    // TF: 2^62 + 1 truncated to 32 bits is 1.
    let r = x.tf_roll(&[(1i64 << 62) + 1], &[0]).unwrap();
    assert_eq!(r, x.tf_roll(&[5], &[0]).unwrap());
    let r = x.tf_roll(&[u128::MAX], &[0]).unwrap();
    assert_eq!(r, x.tf_roll(&[(u128::MAX % 10) as i64], &[0]).unwrap());
    let r = x.tf_roll(&[i64::MIN, i64::MIN], &[0, 0]).unwrap();
    let net = ((i64::MIN as i128 * 2).rem_euclid(10)) as i64;
    assert_eq!(r, x.tf_roll(&[net], &[0]).unwrap());
    // An axis of 2^32 is not axis 0 (TF truncates it).
    assert!(matches!(
        x.tf_roll(&[1], &[1i64 << 32]),
        Err(Error::RollAxis { .. })
    ));
    assert!(matches!(
        arr0(1).tf_roll(&[0i32; 0], &[0i32; 0]),
        Err(Error::ScalarInput { .. })
    ));
}

#[test]
fn frame_of_huge_frames_is_an_error_not_a_panic() {
    let x = Array1::<u8>::zeros(4);
    assert!(matches!(
        x.tf_frame(usize::MAX, 1, true, 0, 0),
        Err(Error::TooLarge { .. })
    ));
    // No frame at all, but ndarray cannot hold a shape with an axis past isize even when empty.
    assert!(matches!(
        x.tf_frame(usize::MAX, 1, false, 0, 0),
        Err(Error::TooLarge { .. })
    ));
    assert_eq!(
        x.tf_frame(1 << 40, 1, false, 0, 0).unwrap().shape(),
        &[0, 1 << 40]
    );
    assert!(matches!(x.tf_frame(2, usize::MAX, true, 0, 0), Ok(f) if f.shape() == [1, 2]));
}

#[test]
fn sequence_mask_limits() {
    let l = array![i64::MAX];
    assert!(matches!(
        tf_sequence_mask(&l, None),
        Err(Error::TooLarge { .. })
    ));
    assert_eq!(
        tf_sequence_mask(&l, Some(3)).unwrap(),
        array![[true, true, true]]
    );
    let l = array![u128::MAX, 0];
    assert_eq!(
        tf_sequence_mask(&l, Some(2)).unwrap(),
        array![[true, true], [false, false]]
    );
    let empty = ArrayD::<i32>::zeros(IxDyn(&[2, 0]));
    assert_eq!(tf_sequence_mask(&empty, None).unwrap().shape(), &[2, 0, 0]);
}

#[test]
fn meshgrid_limits_and_empty_lists() {
    let none: [Array1<i32>; 0] = [];
    assert!(tf_meshgrid(&none, Indexing::Xy).unwrap().is_empty());
    let a = Array1::<u8>::zeros(1 << 20);
    let inputs = [a.view(), a.view(), a.view(), a.view()];
    assert!(matches!(
        tf_meshgrid(&inputs, Indexing::Ij),
        Err(Error::TooLarge { .. })
    ));
}
