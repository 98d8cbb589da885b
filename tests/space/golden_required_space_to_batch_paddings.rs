//! Replays `tests/golden/space_paddings.json` (TensorFlow 2.21's
//! `tf.required_space_to_batch_paddings`; `gen_space_paddings.py`) against this crate.

use crate::common;

use common::{compare_error, replay, rows, shape_of};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// `{shape: [n, 2], values}` as `n` rows.
fn expect_rows(v: &Value) -> Vec<[usize; 2]> {
    shape_of(&v["values"])
        .chunks(2)
        .map(|r| [r[0], r[1]])
        .collect()
}

fn check(case: &Value) -> Result<(), String> {
    let input = shape_of(&case["input_shape"]);
    let block = shape_of(&case["block_shape"]);
    let base = (!case["base_paddings"].is_null()).then(|| rows(&case["base_paddings"]));
    let result = tf_required_space_to_batch_paddings(&input, &block, base.as_deref());
    let expect = &case["expect"];
    match (result, expect.get("error")) {
        (Ok((paddings, crops)), None) => {
            let want = (
                expect_rows(&expect["outputs"][0]),
                expect_rows(&expect["outputs"][1]),
            );
            if (paddings.clone(), crops.clone()) == want {
                Ok(())
            } else {
                Err(format!("{paddings:?}, {crops:?}, TF {want:?}"))
            }
        }
        (Err(err), Some(tf)) => compare_error(&err, tf),
        (Ok(got), Some(tf)) => Err(format!("Ok({got:?}), TF raised {tf}")),
        (Err(err), None) => Err(format!("Err({err}), TF returned {expect}")),
    }
}

#[test]
fn golden_required_space_to_batch_paddings() {
    replay("space_paddings.json", 150, check);
}
