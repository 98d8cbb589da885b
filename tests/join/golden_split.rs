//! Replays `tests/golden/split.json` (TensorFlow's `Split`, `SplitV` and `Unpack`) through
//! `tf_split` and `tf_unstack`.

use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common;
use common::{arange, compare_outputs, ints, replay_op, shape_of};

fn axis(case: &Value) -> isize {
    case["axis"].as_i64().expect("an axis") as isize
}

#[test]
fn split_matches_tensorflow() {
    replay_op("split.json", "split", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let sizes;
        let split = match case.get("num_split") {
            Some(n) => Split::Num(n.as_u64().expect("a count") as usize),
            None => {
                sizes = ints(&case["size_splits"]);
                Split::Sizes(&sizes)
            }
        };
        compare_outputs(x.tf_split(split, axis(case)), &case["expect"])
    });
}

#[test]
fn unstack_matches_tensorflow() {
    replay_op("split.json", "unstack", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        compare_outputs(x.tf_unstack(axis(case)), &case["expect"])
    });
}
