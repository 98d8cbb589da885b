//! Replays `tests/golden/partition.json` (TensorFlow's `tf.dynamic_partition` and
//! `tf.dynamic_stitch`) through `tf_dynamic_partition` and `tf_dynamic_stitch`, with the index
//! arrays as `i32` (TensorFlow's type) and again as `i64`.

use ndarray::{ArrayD, ArrayViewD};
use ndarray_tfslice::prelude::*;
use num_traits::PrimInt;
use serde_json::Value;

use crate::common;
use common::{arange, compare, compare_outputs, int_array, replay_op, shape_of};

fn partition_case<I: PrimInt + TryFrom<i64>>(case: &Value) -> Result<(), String> {
    let data = arange(&shape_of(&case["shape"]));
    let partitions = int_array::<I>(&case["partitions"]);
    let n = case["num_partitions"].as_u64().expect("a count") as usize;
    compare_outputs(data.tf_dynamic_partition(&partitions, n), &case["expect"])
}

/// TF prints a negative stitch index's C-order position within its array (`indices[3] is out
/// of range`); ours must be the same position.
fn same_negative_position(err: &Error, case: &Value) -> Result<(), String> {
    let (
        Error::StitchIndexNegative {
            array, position, ..
        },
        Some(tf),
    ) = (err, case["expect"]["error"]["tf_message"].as_str())
    else {
        return Ok(());
    };
    let shape = shape_of(&case["indices"][*array]["shape"]);
    let flat = position.iter().zip(&shape).fold(0, |f, (p, d)| f * d + p);
    if tf.starts_with(&format!("indices[{flat}] is out of range")) {
        Ok(())
    } else {
        Err(format!("{err}: position {flat}, TF {tf:?}"))
    }
}

fn stitch_case<I: PrimInt + TryFrom<i64>>(case: &Value) -> Result<(), String> {
    let indices: Vec<ArrayD<I>> = case["indices"]
        .as_array()
        .expect("indices")
        .iter()
        .map(int_array::<I>)
        .collect();
    let data: Vec<ArrayD<i64>> = case["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|d| arange(&shape_of(&d["shape"])) + d["start"].as_i64().expect("a start"))
        .collect();
    let indices: Vec<ArrayViewD<'_, I>> = indices.iter().map(|a| a.view()).collect();
    let data: Vec<ArrayViewD<'_, i64>> = data.iter().map(|a| a.view()).collect();
    let result = tf_dynamic_stitch(&indices, &data);
    if let Err(err) = &result {
        same_negative_position(err, case)?;
    }
    compare(result, &case["expect"])
}

#[test]
fn dynamic_partition_matches_tensorflow() {
    replay_op("partition.json", "dynamic_partition", 100, |case| {
        partition_case::<i32>(case).map_err(|why| format!("i32: {why}"))?;
        partition_case::<i64>(case).map_err(|why| format!("i64: {why}"))
    });
}

#[test]
fn dynamic_stitch_matches_tensorflow() {
    replay_op("partition.json", "dynamic_stitch", 100, |case| {
        stitch_case::<i32>(case).map_err(|why| format!("i32: {why}"))?;
        stitch_case::<i64>(case).map_err(|why| format!("i64: {why}"))
    });
}
