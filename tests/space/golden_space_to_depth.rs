//! Replays `tests/golden/depth.json` (TensorFlow 2.21's `SpaceToDepth` / `DepthToSpace`, written
//! by `tests/golden/gen_depth.py`): every case's result or error must be TensorFlow's.

use crate::common;

use common::{arange, compare, replay, shape_of};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

fn check(case: &Value) -> Result<(), String> {
    let x = arange(&shape_of(&case["shape"]));
    let block_size = case["block_size"].as_u64().ok_or("block_size")? as usize;
    let result = match case["op"].as_str() {
        Some("space_to_depth") => x.tf_space_to_depth(block_size),
        Some("depth_to_space") => x.tf_depth_to_space(block_size),
        other => return Err(format!("unknown op {other:?}")),
    };
    compare(result, &case["expect"])
}

#[test]
fn golden_depth() {
    replay("depth.json", 200, check);
}

#[test]
fn golden_depth_per_op() {
    common::assert_op_counts("depth.json", &["space_to_depth", "depth_to_space"], 100);
}
