//! tests/golden/shape.json replayed for `tf_repeat`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;

use crate::common::{arange, compare, ints, replay_op, shape_of};

const FILE: &str = "shape.json";

#[test]
fn repeat_matches_tensorflow() {
    replay_op(FILE, "repeat", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let repeats = ints(&case["repeats"]);
        let axis = case["axis"]
            .as_i64()
            .map(|a| isize::try_from(a).expect("fits"));
        compare(x.tf_repeat(&repeats, axis), &case["expect"])
    });
}
