//! Replays `tests/golden/transpose.json` (TensorFlow's `Transpose`) through `tf_transpose`.

use ndarray_tfslice::prelude::*;

use crate::common;
use common::{arange, compare, replay, shape_of};

#[test]
fn transpose_matches_tensorflow() {
    replay("transpose.json", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let perm = (!case["perm"].is_null()).then(|| shape_of(&case["perm"]));
        let result = x.tf_transpose(perm.as_deref()).map(|v| v.to_owned());
        compare(result, &case["expect"])
    });
}
