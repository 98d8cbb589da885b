//! Replays `tests/golden/split.json` (TensorFlow's `Split`, `SplitV` and `Unpack`) through
//! `tf_split` and `tf_unstack`.

use ndarray::{ArrayView, Dimension};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

mod common;
use common::{arange, compare_array, compare_error, ints, replay, shape_of};

/// Every part has TF's shape and values, or the `Err` is TF's.
fn compare_parts<D: Dimension>(
    result: Result<Vec<ArrayView<'_, i64, D>>, Error>,
    expect: &Value,
) -> Result<(), String> {
    match (result, expect.get("error")) {
        (Ok(parts), None) => {
            let want = expect["outputs"].as_array().expect("an outputs array");
            if parts.len() != want.len() {
                return Err(format!("{} parts, TF {}", parts.len(), want.len()));
            }
            for (i, (part, tf)) in parts.iter().zip(want).enumerate() {
                compare_array(&part.to_owned().into_dyn(), tf)
                    .map_err(|why| format!("part {i}: {why}"))?;
            }
            Ok(())
        }
        (Err(err), Some(tf)) => compare_error(&err, tf),
        (Ok(parts), Some(tf)) => Err(format!("Ok with {} parts, TF raised {tf}", parts.len())),
        (Err(err), None) => Err(format!("Err({err}), TF returned {expect}")),
    }
}

fn axis(case: &Value) -> isize {
    case["axis"].as_i64().expect("an axis") as isize
}

#[test]
fn split_matches_tensorflow() {
    let cases = common::load("split.json");
    let count = cases.iter().filter(|c| c["op"] == "split").count();
    assert!(count >= 100, "{count} split cases");
    replay("split.json", 200, |case| {
        if case["op"] != "split" {
            return Ok(());
        }
        let x = arange(&shape_of(&case["shape"]));
        let sizes;
        let split = match case.get("num_split") {
            Some(n) => Split::Num(n.as_u64().expect("a count") as usize),
            None => {
                sizes = ints(&case["size_splits"]);
                Split::Sizes(&sizes)
            }
        };
        compare_parts(x.tf_split(split, axis(case)), &case["expect"])
    });
}

#[test]
fn unstack_matches_tensorflow() {
    let cases = common::load("split.json");
    let count = cases.iter().filter(|c| c["op"] == "unstack").count();
    assert!(count >= 100, "{count} unstack cases");
    replay("split.json", 200, |case| {
        if case["op"] != "unstack" {
            return Ok(());
        }
        let x = arange(&shape_of(&case["shape"]));
        compare_parts(x.tf_unstack(axis(case)), &case["expect"])
    });
}
