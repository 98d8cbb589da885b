//! The overflow audit of issue 9, space family: every place in `src/` where a size, offset, count, index or
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
//! ## space_to_depth, depth_to_space, space_to_batch, batch_to_space, extract_image_patches
//! - `util/shape.rs` `element_count`, `ops/space/nhwc.rs` `output_shape`: `checked_mul`, a `None` dim reported as
//!   `usize::MAX`, then `check_size`.
//! - `ops/space/space_to_depth.rs` `space_to_depth_shape`: `depth * block²`. Checked:
//!   [`space_to_depth_block_near_usize_max`]. `depth_to_space_shape`: `block²` and
//!   `height * block`, `width * block`. Checked: [`depth_to_space_block_square_overflow`],
//!   [`depth_to_space_height_times_block_past_usize`]. The copies: runs inside the input (a
//!   block divides a non-empty axis, so `block² <= h * w`). Bounded.
//! - `ops/space/space_to_batch/plan.rs` `space_to_batch_plan`: `dim + before + after` by `checked_add`,
//!   `batch * prod(block)` by `checked_mul`. Checked: [`space_to_batch_paddings_past_usize`],
//!   [`space_to_batch_paddings_past_isize`], [`space_to_batch_block_product_past_usize`].
//! - `ops/space/space_to_batch/plan.rs` `batch_to_space_plan`: `prod(block)` saturating (a saturated
//!   product divides only a batch of 0), `grid * block - crops` in `i128`. Checked:
//!   [`batch_to_space_crops_past_usize`], [`batch_to_space_grid_times_block_past_usize`];
//!   `tests/space/space_to_batch.rs` `sizes_past_isize_are_errors_not_panics` (the saturated product).
//! - `ops/space/space_to_batch/copy.rs`: positions inside the input or the checked result (the padded
//!   length is at most the result's element count). Bounded. The input copy: **fixed**
//!   (`c_order`): [`batch_to_space_of_a_broadcast_view`].
//! - `ops/space/extract_image_patches.rs` `Window::resolve`: the effective size `k + (k - 1)(r - 1)` and the output
//!   size in `u128` (at most 2^128 - 2^66 + 2^64 + 3 < 2^128), the negative size saturated to
//!   `i128::MIN`. Checked: [`patches_effective_size_past_u64`]. `Window::taps`: `o * stride +
//!   i * rate - pad` in `u128`, checked; their list: **fixed** (`Vec::with_capacity` of
//!   `output * ksize` taps, a panic for a zero-sized element type): [`patches_taps_past_isize`].
//!   The input copy: **fixed** (`c_order`): [`patches_of_a_broadcast_view`]. A depth past
//!   `usize`: `tests/space/extract_image_patches.rs` `too_large`.
//! - `ops/space/required_space_to_batch_paddings.rs`: `input + start + end`, `end + extra` and the
//!   padded size `full + extra` by `checked_add` in `i64` (TensorFlow's type; the values are
//!   checked non-negative first), then each result by `usize::try_from` (`TooLarge`, the
//!   dimension marked `usize::MAX`);
//!   `block - full % block` with `block > 0` checked first. Checked:
//!   [`required_paddings_past_usize`].
//! - Result buffers of tile, pad, concat/stack (C-order inputs), gather, gather_nd,
//!   space_to_batch/batch_to_space and patches: reserved with `try_vec`, so a result that fits
//!   `isize` but no address space is `TooLarge`, not an allocation-failure abort:
//!   [`results_past_the_address_space_are_too_large`]. Not covered: ndarray's own allocations
//!   (concat/stack of non-C-order inputs, `owned_copy`'s fill, grad's zeros) still abort there.

use ndarray::{Array2, Array4, ArrayD, ArrayView, IxDyn, array};
use ndarray_tfslice::prelude::*;

use crate::common::extreme::{ISIZE_MAX, empty, repeated};

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
        x.tf_batch_to_space_nd(&[1usize << 33], &[[0, 0]])
            .unwrap_err(),
        Error::TooLarge {
            shape: vec![0, usize::MAX, 1]
        }
    );
    // 2^31 * 2^32 = 2^63: fits in usize, not in isize.
    let x = empty::<u8>(&[0, 1 << 31, 1]);
    assert_eq!(
        x.tf_batch_to_space_nd(&[1usize << 32], &[[0, 0]])
            .unwrap_err(),
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

#[test]
fn required_paddings_past_usize() {
    // The padded size must be an i64 (TensorFlow's) and a usize.
    for (input, block, base) in [
        (i64::MAX, 1, [1, 0]),
        (i64::MAX - 1, 4, [0, 0]),
        (5, 3, [0, i64::MAX]),
        (i64::MAX, 1, [i64::MAX, i64::MAX]),
    ] {
        let err = tf_required_space_to_batch_paddings(&[3, input], &[1, block], &[[0, 0], base])
            .unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                shape: vec![3, usize::MAX]
            }
        );
    }
}
