//! tests/golden/shape.json replayed for `tf_squeeze`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;

use crate::common::{arange, compare, ints, replay_op, shape_of};

const FILE: &str = "shape.json";

#[test]
fn squeeze_matches_tensorflow() {
    replay_op(FILE, "squeeze", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let axis = ints(&case["axis"]);
        compare(x.tf_squeeze(&axis).map(|v| v.to_owned()), &case["expect"])
    });
}
