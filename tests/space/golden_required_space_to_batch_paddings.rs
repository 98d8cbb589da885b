//! Replays `tests/golden/space_paddings.json` (TensorFlow 2.21's
//! `tf.required_space_to_batch_paddings`; `gen_space_paddings.py`) against this crate.

use crate::common;

use common::{compare_error, ints, replay, shape_of};
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
    // Sizes as TF takes them, negative ones included (this crate refuses those).
    let input = ints(&case["input_shape"]);
    let block = ints(&case["block_shape"]);
    let base: Option<Vec<[i64; 2]>> = case["base_paddings"].as_array().map(|rows| {
        rows.iter()
            .map(|r| {
                let r = ints(r);
                [r[0], r[1]]
            })
            .collect()
    });
    // Both forms of the argument: `None`, or `&pairs` (here a Vec, and as a 2-D array).
    let result = match &base {
        None => tf_required_space_to_batch_paddings(&input, &block, None),
        Some(pairs) => {
            let as_array = ndarray::Array2::from_shape_fn((pairs.len(), 2), |(i, j)| pairs[i][j]);
            let from_array = tf_required_space_to_batch_paddings(&input, &block, &as_array);
            let from_vec = tf_required_space_to_batch_paddings(&input, &block, pairs);
            if from_array != from_vec {
                return Err(format!("Vec {from_vec:?} but Array2 {from_array:?}"));
            }
            from_vec
        }
    };
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
