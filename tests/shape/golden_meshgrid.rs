//! tests/golden/shape.json replayed for `tf_meshgrid`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray::Array1;
use ndarray_tfslice::prelude::*;

use crate::common::{compare_outputs, replay_op, shape_of};

const FILE: &str = "shape.json";

#[test]
fn meshgrid_matches_tensorflow() {
    replay_op(FILE, "meshgrid", 150, |case| {
        let inputs: Vec<Array1<i64>> = shape_of(&case["lengths"])
            .iter()
            .enumerate()
            .map(|(i, &n)| Array1::from_iter((0..n as i64).map(|k| 1000 * i as i64 + k)))
            .collect();
        let indexing = match case["indexing"].as_str() {
            Some("xy") => Indexing::Xy,
            Some("ij") => Indexing::Ij,
            other => panic!("indexing {other:?}"),
        };
        compare_outputs(tf_meshgrid(&inputs, indexing), &case["expect"])
    });
}
