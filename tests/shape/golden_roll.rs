//! tests/golden/shape.json replayed for `tf_roll`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;

use crate::common::{arange, compare, ints, replay_op, shape_of};

const FILE: &str = "shape.json";

#[test]
fn roll_matches_tensorflow() {
    replay_op(FILE, "roll", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let shift = ints(&case["shift"]);
        let axis = ints(&case["axis"]);
        compare(x.tf_roll(&shift, &axis), &case["expect"])
    });
}
