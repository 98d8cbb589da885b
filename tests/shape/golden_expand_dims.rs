//! tests/golden/shape.json replayed for `tf_expand_dims`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common::{arange, compare, replay_op, shape_of};

const FILE: &str = "shape.json";

fn isize_of(v: &Value) -> isize {
    isize::try_from(v.as_i64().expect("an integer")).expect("fits isize")
}

#[test]
fn expand_dims_matches_tensorflow() {
    replay_op(FILE, "expand_dims", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let got = x
            .tf_expand_dims(isize_of(&case["axis"]))
            .map(|v| v.to_owned());
        compare(got, &case["expect"])
    });
}
