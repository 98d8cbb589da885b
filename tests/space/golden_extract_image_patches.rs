//! Replays `tests/golden/patches.json` (TensorFlow 2.21's `ExtractImagePatches`, written by
//! `tests/golden/gen_patches.py`): every case's result or error must be TensorFlow's.

use crate::common;

use common::{arange, compare, replay, shape_of};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

fn attr(case: &Value, key: &str) -> Result<[usize; 4], String> {
    shape_of(&case[key])
        .try_into()
        .map_err(|v| format!("{key} = {v:?} is not 4 entries"))
}

fn check(case: &Value) -> Result<(), String> {
    let x = arange(&shape_of(&case["shape"]));
    let padding = match case["padding"].as_str() {
        Some("SAME") => Padding::Same,
        Some("VALID") => Padding::Valid,
        other => return Err(format!("unknown padding {other:?}")),
    };
    let result = x.tf_extract_image_patches(
        attr(case, "ksizes")?,
        attr(case, "strides")?,
        attr(case, "rates")?,
        padding,
    );
    compare(result, &case["expect"])
}

#[test]
fn golden_patches() {
    replay("patches.json", 100, check);
}
