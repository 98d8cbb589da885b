//! Replays tests/golden/concat.json: `tf_concat` and `tf_stack` against TensorFlow 2.21.
//!
//! Input `k` of a case is `arange(shapes[k]) + offset_k`, `offset_k` being the number of elements
//! of the inputs before it (the format is in tests/golden/gen_concat.py).

use crate::common;

use common::{arange, compare, replay, shape_of};
use ndarray::{ArrayD, ArrayViewD};
use ndarray_tfslice::{tf_concat, tf_stack};
use serde_json::Value;

fn inputs(case: &Value) -> Vec<ArrayD<i64>> {
    let mut offset = 0;
    let shapes = case["shapes"].as_array().expect("shapes");
    shapes
        .iter()
        .map(|s| {
            let x = arange(&shape_of(s)) + offset;
            offset += x.len() as i64;
            x
        })
        .collect()
}

fn run(case: &Value) -> Result<(), String> {
    let owned = inputs(case);
    let views: Vec<ArrayViewD<'_, i64>> = owned.iter().map(|x| x.view()).collect();
    let axis = case["axis"].as_i64().expect("axis") as isize;
    let result = match case["op"].as_str().expect("op") {
        "concat" => tf_concat(&views, axis),
        "stack" => tf_stack(&views, axis),
        op => return Err(format!("unknown op {op}")),
    };
    compare(result, &case["expect"])
}

#[test]
fn concat_and_stack_match_tensorflow() {
    replay("concat.json", 300, run);
}

#[test]
fn each_op_has_enough_cases() {
    common::assert_op_counts("concat.json", &["concat", "stack"], 100);
}
