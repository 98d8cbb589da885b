//! Replays `tests/golden/boolean_mask.json` (TensorFlow's `tf.boolean_mask`) through
//! `tf_boolean_mask`.

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common;
use common::{arange, compare, replay, shape_of};

fn mask_of(v: &Value) -> ArrayD<bool> {
    let values: Vec<bool> = v["values"]
        .as_array()
        .expect("mask values")
        .iter()
        .map(|b| b.as_bool().expect("a bool"))
        .collect();
    ArrayD::from_shape_vec(IxDyn(&shape_of(&v["shape"])), values).expect("mask shape")
}

#[test]
fn boolean_mask_matches_tensorflow() {
    replay("boolean_mask.json", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let mask = mask_of(&case["mask"]);
        let axis = case["axis"].as_i64().expect("an axis") as isize;
        compare(x.tf_boolean_mask(&mask, axis), &case["expect"])
    });
}

/// The same cases through views: a reversed copy of the input, reversed back by a view, and a
/// mask in Fortran order, so the non-contiguous paths meet TensorFlow too.
#[test]
fn boolean_mask_matches_tensorflow_on_views() {
    replay("boolean_mask.json", 100, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let mut flipped = x.view();
        for ax in 0..flipped.ndim() {
            flipped.invert_axis(ndarray::Axis(ax));
        }
        // Reversed in memory; the view below reverses it back with negative strides.
        let flipped = flipped.as_standard_layout().into_owned();
        let mut back = flipped.view();
        for ax in 0..back.ndim() {
            back.invert_axis(ndarray::Axis(ax));
        }
        let mask = mask_of(&case["mask"]);
        let fortran = mask.t().as_standard_layout().to_owned();
        let mask_view = fortran.t();
        let axis = case["axis"].as_i64().expect("an axis") as isize;
        assert!(back.len() < 2 || !back.is_standard_layout());
        compare(back.tf_boolean_mask(&mask_view, axis), &case["expect"])
    });
}
