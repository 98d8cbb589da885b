//! Replays `tests/golden/reverse_sequence.json` (TensorFlow's `tf.reverse_sequence`) through
//! `tf_reverse_sequence`, with `seq_lengths` in the type TensorFlow was given.

use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common;
use common::{arange, compare, ints, replay, shape_of};

fn axis(v: &Value) -> isize {
    isize::try_from(v.as_i64().expect("an int")).expect("fits isize")
}

#[test]
fn golden_reverse_sequence() {
    replay("reverse_sequence.json", 250, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let lengths = ints(&case["seq_lengths"]);
        let (seq, batch) = (axis(&case["seq_axis"]), axis(&case["batch_axis"]));
        let result = match case["dtype"].as_str().expect("a dtype") {
            "int32" => {
                let narrow: Vec<i32> = lengths.iter().map(|&n| n as i32).collect();
                x.tf_reverse_sequence(&narrow, seq, batch)
            }
            _ => x.tf_reverse_sequence(&lengths, seq, batch),
        };
        compare(result, &case["expect"])
    });
}

/// Every non-negative case again with `usize` lengths: the type must not matter.
#[test]
fn golden_reverse_sequence_usize_lengths() {
    replay("reverse_sequence.json", 250, |case| {
        let lengths = ints(&case["seq_lengths"]);
        if lengths.iter().any(|&n| n < 0) {
            return Ok(());
        }
        let x = arange(&shape_of(&case["shape"]));
        let lengths: Vec<usize> = lengths.iter().map(|&n| n as usize).collect();
        let result =
            x.tf_reverse_sequence(&lengths, axis(&case["seq_axis"]), axis(&case["batch_axis"]));
        compare(result, &case["expect"])
    });
}
