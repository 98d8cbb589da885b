//! Replays `tests/golden/reverse.json` (TensorFlow's `ReverseV2`) through `tf_reverse`.

use ndarray_tfslice::prelude::*;

use crate::common;
use common::{arange, compare, ints, replay, shape_of};

#[test]
fn reverse_matches_tensorflow() {
    replay("reverse.json", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let axis: Vec<isize> = ints(&case["axis"]).iter().map(|&a| a as isize).collect();
        compare(x.tf_reverse(&axis).map(|v| v.to_owned()), &case["expect"])
    });
}
