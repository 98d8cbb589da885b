//! Replays `tests/golden/int_lists.json` (written by `tests/golden/gen_int_lists.py` with
//! TensorFlow): negative values in integer lists, where TensorFlow rejects them (its error) and
//! where it counts from the end (its result); `paddings` / `crops` of the wrong shape, passed as
//! 2-D ndarray arrays.

use ndarray::{Array2, Array4, ArrayD};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common::{arange, compare, compare_outputs, ints, replay, shape_of};

/// A `[[a, b], ..]` field (any number of columns) as a 2-D array.
fn matrix(v: &Value) -> Array2<i64> {
    let rows: Vec<Vec<i64>> = v.as_array().expect("rows").iter().map(ints).collect();
    let columns = rows.first().map_or(2, Vec::len);
    let flat: Vec<i64> = rows.concat();
    Array2::from_shape_vec((rows.len(), columns), flat).expect("a rectangular matrix")
}

fn four(x: &ArrayD<i64>) -> Array4<i64> {
    x.clone().into_dimensionality().expect("a 4-d case")
}

fn run(case: &Value) -> Result<(), String> {
    let x = arange(&shape_of(&case["shape"]));
    let expect = &case["expect"];
    let dyn_owned = |r: Result<Array4<i64>, Error>| r.map(|a| a.into_dyn());
    match case["op"].as_str().expect("op") {
        "tile" => compare(x.tf_tile(&ints(&case["multiples"])), expect),
        "pad" => {
            let mode = match case["mode"].as_str().expect("mode") {
                "CONSTANT" => PadMode::Constant,
                "REFLECT" => PadMode::Reflect,
                _ => PadMode::Symmetric,
            };
            compare(x.tf_pad(&matrix(&case["paddings"]), mode, 0), expect)
        }
        "transpose" => compare(
            x.tf_transpose(&ints(&case["perm"])).map(|v| v.to_owned()),
            expect,
        ),
        "reverse" => compare(
            x.tf_reverse(&ints(&case["axis"])).map(|v| v.to_owned()),
            expect,
        ),
        "space_to_batch_nd" => compare(
            dyn_owned(
                four(&x)
                    .tf_space_to_batch_nd(&ints(&case["block_shape"]), &matrix(&case["paddings"])),
            ),
            expect,
        ),
        "batch_to_space_nd" => compare(
            dyn_owned(
                four(&x).tf_batch_to_space_nd(&ints(&case["block_shape"]), &matrix(&case["crops"])),
            ),
            expect,
        ),
        "grad" => {
            let dy = arange(&shape_of(&case["dy_shape"]));
            compare(
                tf_strided_slice_grad(
                    &ints(&case["grad_shape"]),
                    &ints(&case["begin"]),
                    &ints(&case["end"]),
                    &ints(&case["strides"]),
                    Masks::NONE,
                    &dy,
                ),
                expect,
            )
        }
        "split" => {
            let axis = case["axis"].as_i64().expect("axis") as isize;
            compare_outputs(x.tf_split(&ints(&case["size_splits"]), axis), expect)
        }
        "reverse_sequence" => compare(
            x.tf_reverse_sequence(
                &ints(&case["seq_lengths"]),
                case["seq_axis"].as_i64().expect("seq_axis") as isize,
                case["batch_axis"].as_i64().expect("batch_axis") as isize,
            ),
            expect,
        ),
        op => Err(format!("unknown op {op}")),
    }
}

#[test]
fn integer_lists_match_tensorflow() {
    replay("int_lists.json", 29, run);
}
