//! Replays `tests/golden/space_batch.json` (TensorFlow 2.21's `SpaceToBatchND`, `BatchToSpaceND`
//! and the 4-D `tf.compat.v1` forms; `gen_space_batch.py`) against this crate.

mod common;

use common::{arange, compare, ints, replay, shape_of};
use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

fn rows(v: &Value) -> Vec<[usize; 2]> {
    v.as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let r = shape_of(r);
            [r[0], r[1]]
        })
        .collect()
}

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

fn replay_op(op: &'static str, min_cases: usize) {
    let file = format!("space_batch.json#{op}");
    let cases: Vec<Value> = common::load("space_batch.json")
        .into_iter()
        .filter(|c| c["op"] == op)
        .collect();
    assert!(
        cases.len() >= min_cases,
        "{file}: {} cases, expected at least {min_cases}",
        cases.len()
    );
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            check(c, op)
                .err()
                .map(|why| format!("{}: {why}", c["name"]))
        })
        .collect();
    assert!(failures.is_empty(), "{file}:\n{}", failures.join("\n"));
}

#[test]
fn golden_space_to_batch_nd() {
    replay_op("space_to_batch_nd", 100);
}

#[test]
fn golden_batch_to_space_nd() {
    replay_op("batch_to_space_nd", 100);
}

#[test]
fn golden_space_to_batch() {
    replay_op("space_to_batch", 50);
}

#[test]
fn golden_batch_to_space() {
    replay_op("batch_to_space", 50);
}

#[test]
fn golden_file_is_whole() {
    replay("space_batch.json", 400, |case| {
        let op = case["op"].as_str().ok_or("no op")?;
        check(case, op)
    });
}
