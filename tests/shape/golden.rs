//! tests/golden/shape.json replayed: every case of every op against TensorFlow 2.21.

use ndarray::Array1;
use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common::{arange, compare, compare_outputs, int_array, ints, replay_op, shape_of};
use crate::naive::{Layout, base, view};

/// The layouts each owned-result case is replayed in besides the plain one.
const LAYOUTS: [Layout; 3] = [Layout::Strided, Layout::Reversed, Layout::Transposed];

const FILE: &str = "shape.json";

fn isize_of(v: &Value) -> isize {
    isize::try_from(v.as_i64().expect("an integer")).expect("fits isize")
}

#[test]
fn reshape_matches_tensorflow() {
    replay_op(FILE, "reshape", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let sizes = ints(&case["sizes"]);
        let got = x.tf_reshape(&sizes).map(|c| c.into_owned());
        compare(got, &case["expect"])?;
        // The same values in other layouts (a view or a copy, whichever they allow).
        let shape = shape_of(&case["shape"]);
        for layout in LAYOUTS {
            let b = base(&shape, layout);
            let v = view(&b, &shape, layout).as_standard_layout().into_owned();
            let v2 = view(&b, &shape, layout);
            // Each layout holds other values; compare it with its own C-order copy.
            let want = v.tf_reshape(&sizes).map(|c| c.into_owned());
            let got = v2.tf_reshape(&sizes).map(|c| c.into_owned());
            if want != got {
                return Err(format!(
                    "{layout:?}: {got:?} vs its C-order copy's {want:?}"
                ));
            }
        }
        Ok(())
    });
}

#[test]
fn expand_dims_matches_tensorflow() {
    replay_op(FILE, "expand_dims", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let got = x
            .tf_expand_dims(isize_of(&case["axis"]))
            .map(|v| v.to_owned());
        compare(got, &case["expect"])
    });
}

#[test]
fn squeeze_matches_tensorflow() {
    replay_op(FILE, "squeeze", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let axis = ints(&case["axis"]);
        compare(x.tf_squeeze(&axis).map(|v| v.to_owned()), &case["expect"])
    });
}

#[test]
fn repeat_matches_tensorflow() {
    replay_op(FILE, "repeat", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let repeats = ints(&case["repeats"]);
        let axis = case["axis"]
            .as_i64()
            .map(|a| isize::try_from(a).expect("fits"));
        compare(x.tf_repeat(&repeats, axis), &case["expect"])
    });
}

#[test]
fn frame_matches_tensorflow() {
    replay_op(FILE, "frame", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let fl = usize::try_from(case["frame_length"].as_i64().expect("int")).expect("fits");
        let fs = usize::try_from(case["frame_step"].as_i64().expect("int")).expect("fits");
        let pad_end = case["pad_end"].as_bool().expect("bool");
        let pad_value = case["pad_value"].as_i64().expect("int");
        let axis = isize_of(&case["axis"]);
        let got = x.tf_frame(fl, fs, pad_end, pad_value, axis);
        compare(got.map(|c| c.into_owned()), &case["expect"])?;
        // The same in Fortran layout (a view too when unpadded).
        let f = x.t().as_standard_layout().into_owned();
        let ft = f.t();
        let got = ft.tf_frame(fl, fs, pad_end, pad_value, axis);
        compare(got.map(|c| c.into_owned()), &case["expect"])
    });
}

#[test]
fn roll_matches_tensorflow() {
    replay_op(FILE, "roll", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let shift = ints(&case["shift"]);
        let axis = ints(&case["axis"]);
        compare(x.tf_roll(&shift, &axis), &case["expect"])
    });
}

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

#[test]
fn sequence_mask_matches_tensorflow() {
    replay_op(FILE, "sequence_mask", 150, |case| {
        let lengths = int_array::<i64>(&case["lengths"]);
        let maxlen = case["maxlen"]
            .as_u64()
            .map(|m| usize::try_from(m).expect("fits"));
        let got = tf_sequence_mask(&lengths, maxlen).map(|m| m.mapv(i64::from));
        compare(got, &case["expect"])
    });
}
