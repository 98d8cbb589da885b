//! Replays `tests/golden/one_hot.json` (TensorFlow's `tf.one_hot`) through `tf_one_hot`, with
//! the indices in the integer type TensorFlow was given (`int32`, `int64`, `uint8`, `int8`).

use ndarray_tfslice::prelude::*;
use num_traits::PrimInt;
use serde_json::Value;

use crate::common;
use common::{compare, int_array, replay};

fn run<I: PrimInt + TryFrom<i64>>(case: &Value) -> Result<(), String> {
    let indices = int_array::<I>(&case["indices"]);
    let depth = case["depth"].as_u64().expect("a depth") as usize;
    let on = case["on"].as_i64().expect("on");
    let off = case["off"].as_i64().expect("off");
    let axis = case["axis"].as_i64().expect("an axis") as isize;
    compare(tf_one_hot(&indices, depth, on, off, axis), &case["expect"])
}

#[test]
fn one_hot_matches_tensorflow() {
    replay("one_hot.json", 100, |case| {
        match case["indices"]["dtype"].as_str() {
            Some("int32") => run::<i32>(case),
            Some("int64") => run::<i64>(case),
            Some("uint8") => run::<u8>(case),
            Some("int8") => run::<i8>(case),
            other => Err(format!("unknown dtype {other:?}")),
        }
    });
}
