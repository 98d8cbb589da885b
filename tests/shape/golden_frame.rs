//! tests/golden/shape.json replayed for `tf_frame`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common::{arange, compare, replay_op, shape_of};

const FILE: &str = "shape.json";

fn isize_of(v: &Value) -> isize {
    isize::try_from(v.as_i64().expect("an integer")).expect("fits isize")
}

#[test]
fn frame_matches_tensorflow() {
    replay_op(FILE, "frame", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let fl = usize::try_from(case["frame_length"].as_i64().expect("int")).expect("fits");
        let fs = usize::try_from(case["frame_step"].as_i64().expect("int")).expect("fits");
        let pad_end = case["pad_end"].as_bool().expect("bool");
        let pad_value = case["pad_value"].as_i64().expect("int");
        let axis = isize_of(&case["axis"]);
        let got = x.tf_frame(fl, fs, pad_end, pad_value, axis);
        compare(got.map(|c| c.into_owned()), &case["expect"])?;
        // The same in Fortran layout (a view too when unpadded).
        let f = x.t().as_standard_layout().into_owned();
        let ft = f.t();
        let got = ft.tf_frame(fl, fs, pad_end, pad_value, axis);
        compare(got.map(|c| c.into_owned()), &case["expect"])
    });
}
