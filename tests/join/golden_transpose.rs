//! Replays `tests/golden/transpose.json` (TensorFlow's `Transpose`) through `tf_transpose`.

use ndarray_tfslice::prelude::*;

use crate::common;
use common::{arange, compare, replay, shape_of};

#[test]
fn transpose_matches_tensorflow() {
    replay("transpose.json", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        // No perm: TensorFlow's default, the axes reversed.
        let perm = if case["perm"].is_null() {
            (0..x.ndim()).rev().collect()
        } else {
            shape_of(&case["perm"])
        };
        let result = x.tf_transpose(&perm).map(|v| v.to_owned());
        compare(result, &case["expect"])
    });
}
