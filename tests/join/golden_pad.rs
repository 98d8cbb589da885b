//! Replays `tests/golden/pad.json` (TensorFlow's `tf.pad` in all three modes) through `tf_pad`.

use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common;
use common::{arange, compare, ints, replay, rows, shape_of};

fn mode(case: &Value) -> PadMode {
    match case["mode"].as_str().expect("a mode") {
        "CONSTANT" => PadMode::Constant,
        "REFLECT" => PadMode::Reflect,
        "SYMMETRIC" => PadMode::Symmetric,
        other => panic!("unknown mode {other}"),
    }
}

#[test]
fn golden_pad() {
    replay("pad.json", 300, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let value = case["constant_value"].as_i64().expect("an int");
        compare(
            x.tf_pad(&rows(&case["paddings"]), mode(case), value),
            &case["expect"],
        )
    });
}

#[test]
fn golden_pad_has_every_mode() {
    let cases = common::load("pad.json");
    for m in ["CONSTANT", "REFLECT", "SYMMETRIC"] {
        let random = cases
            .iter()
            .filter(|c| {
                c["mode"] == m && c["name"].as_str().is_some_and(|n| n.starts_with("random-"))
            })
            .count();
        assert!(random >= 100, "{m}: {random} random cases");
    }
    // Every row has two entries.
    assert!(cases.iter().all(|c| {
        c["paddings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| ints(r).len() == 2)
    }));
}
