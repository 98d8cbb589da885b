//! tests/golden/shape.json replayed for `tf_sequence_mask`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;

use crate::common::{compare, int_array, replay_op};

const FILE: &str = "shape.json";

#[test]
fn sequence_mask_matches_tensorflow() {
    replay_op(FILE, "sequence_mask", 150, |case| {
        let lengths = int_array::<i64>(&case["lengths"]);
        // TensorFlow refuses a negative maxlen (its Range op); this crate's maxlen is a usize,
        // so there is nothing to call: check TF did refuse it.
        if case["maxlen"].as_i64().is_some_and(|m| m < 0) {
            let kind = &case["expect"]["error"]["kind"];
            return if kind == "NegativeMaxlen" {
                Ok(())
            } else {
                Err(format!("TF answered a negative maxlen: {}", case["expect"]))
            };
        }
        let maxlen = case["maxlen"]
            .as_u64()
            .map(|m| usize::try_from(m).expect("fits"));
        let got = tf_sequence_mask(&lengths, maxlen).map(|m| m.mapv(i64::from));
        compare(got, &case["expect"])
    });
}
