//! Replays `tests/golden/space_batch.json` (TensorFlow 2.21's `SpaceToBatchND`, `BatchToSpaceND`
//! and the 4-D `tf.compat.v1` forms; `gen_space_batch.py`) against this crate.

use crate::common;

use common::{arange, compare, ints, replay, replay_op, rows, shape_of};
use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

fn input(case: &Value) -> ArrayD<i64> {
    let shape = shape_of(&case["shape"]);
    match case.get("input") {
        Some(values) => ArrayD::from_shape_vec(IxDyn(&shape), ints(values)).expect("input fits"),
        None => arange(&shape),
    }
}

fn check(case: &Value, op: &str) -> Result<(), String> {
    let x = input(case);
    let result = match op {
        "space_to_batch_nd" => {
            x.tf_space_to_batch_nd(&shape_of(&case["block_shape"]), &rows(&case["paddings"]))
        }
        "batch_to_space_nd" => {
            x.tf_batch_to_space_nd(&shape_of(&case["block_shape"]), &rows(&case["crops"]))
        }
        "space_to_batch" => {
            let bs = case["block_size"].as_u64().expect("block_size") as usize;
            x.tf_space_to_batch(&rows(&case["paddings"]), bs)
        }
        "batch_to_space" => {
            let bs = case["block_size"].as_u64().expect("block_size") as usize;
            x.tf_batch_to_space(&rows(&case["crops"]), bs)
        }
        other => return Err(format!("unknown op {other}")),
    };
    compare(result, &case["expect"])
}

#[test]
fn golden_space_to_batch_nd() {
    replay_op("space_batch.json", "space_to_batch_nd", 100, |case| {
        check(case, "space_to_batch_nd")
    });
}

#[test]
fn golden_batch_to_space_nd() {
    replay_op("space_batch.json", "batch_to_space_nd", 100, |case| {
        check(case, "batch_to_space_nd")
    });
}

#[test]
fn golden_space_to_batch() {
    replay_op("space_batch.json", "space_to_batch", 50, |case| {
        check(case, "space_to_batch")
    });
}

#[test]
fn golden_batch_to_space() {
    replay_op("space_batch.json", "batch_to_space", 50, |case| {
        check(case, "batch_to_space")
    });
}

#[test]
fn golden_file_is_whole() {
    replay("space_batch.json", 400, |case| {
        let op = case["op"].as_str().ok_or("no op")?;
        check(case, op)
    });
}
