//! Replays tests/golden/scatter.json: `tf_scatter_nd`, `tf_tensor_scatter_nd_update` and
//! `tf_tensor_scatter_nd_add` against TensorFlow 2.21's ops; the in-place
//! `tf_scatter_nd_update` / `tf_scatter_nd_add` against the tensor ops' cases (same result, or
//! the same error with the array untouched) and against TF's variable ops' cases (the variable's
//! new value where TF's tensor op succeeds; this crate's error, the array untouched, where it
//! fails, whatever the variable op did).

use crate::common;

use std::fmt::Debug;

use common::{compare_error, ints, replay_op, shape_of};
use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use num_traits::PrimInt;
use serde_json::Value;

/// The case's `shape` as TensorFlow got it (scatter_nd's may be negative).
fn shape(case: &Value) -> Vec<i64> {
    ints(&case["shape"])
}

/// An element type of the cases (`values_dtype`; int64 where the field is absent), read from
/// JSON exactly (the float cases hold quarters, whose sums are exact: no tolerance needed).
trait Elem: ScatterAdd + PartialEq + Debug {
    fn from_json(v: &Value) -> Self;
    /// Element `i` of the tensor ops' input, `arange(shape)` in this type.
    fn tensor(i: i64) -> Self;
}

impl Elem for i64 {
    fn from_json(v: &Value) -> Self {
        v.as_i64().expect("an i64")
    }
    fn tensor(i: i64) -> Self {
        i
    }
}

impl Elem for i32 {
    fn from_json(v: &Value) -> Self {
        i32::try_from(v.as_i64().expect("an integer")).expect("an i32")
    }
    fn tensor(i: i64) -> Self {
        i32::try_from(i).expect("an i32")
    }
}

impl Elem for f32 {
    fn from_json(v: &Value) -> Self {
        let x = v.as_f64().expect("a number");
        assert_eq!(x as f32 as f64, x, "{x} is an f32");
        x as f32
    }
    fn tensor(i: i64) -> Self {
        i as f32
    }
}

impl Elem for f64 {
    fn from_json(v: &Value) -> Self {
        v.as_f64().expect("a number")
    }
    fn tensor(i: i64) -> Self {
        i as f64
    }
}

impl Elem for bool {
    fn from_json(v: &Value) -> Self {
        v.as_bool().expect("a bool")
    }
    fn tensor(i: i64) -> Self {
        i % 2 == 1
    }
}

/// `{shape, values}` as an array of `T`.
fn array_of<T: Elem>(v: &Value) -> ArrayD<T> {
    let values = v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(T::from_json)
        .collect();
    ArrayD::from_shape_vec(IxDyn(&shape_of(&v["shape"])), values).expect("values fit the shape")
}

/// The tensor of the tensor ops: `arange(shape)` in `T`.
fn tensor<T: Elem>(case: &Value) -> ArrayD<T> {
    let dims: Vec<usize> = shape(case).iter().map(|&d| d as usize).collect();
    let n: usize = dims.iter().product();
    ArrayD::from_shape_vec(IxDyn(&dims), (0..n as i64).map(T::tensor).collect())
        .expect("shape fits")
}

/// Same shape and values as TF's `{shape, values}`, or its error.
fn compare<T: Elem>(result: Result<ArrayD<T>, Error>, expect: &Value) -> Result<(), String> {
    match (result, expect.get("error")) {
        (Ok(got), None) => {
            let want = array_of::<T>(expect);
            if got == want {
                Ok(())
            } else {
                Err(format!("{got:?}, TF {want:?}"))
            }
        }
        (Err(err), Some(tf)) => compare_error(&err, tf),
        (Ok(got), Some(tf)) => Err(format!("Ok with shape {:?}, TF raised {tf}", got.shape())),
        (Err(err), None) => Err(format!("Err({err}), TF returned {expect}")),
    }
}

/// What a case runs: the op named by the file (`scatter_nd`, a tensor op), or the in-place form
/// of tensor op `op` on the case's tensor.
#[derive(Clone, Copy)]
enum Run<'a> {
    ScatterNd,
    Tensor(&'a str),
    InPlace(&'a str),
}

/// One case with indices of type `I` and elements of type `T`.
fn run_typed<I: PrimInt + TryFrom<i64>, T: Elem>(case: &Value, run: Run<'_>) -> Result<(), String> {
    let indices = common::int_array::<I>(&case["indices"]);
    let updates = array_of::<T>(&case["updates"]);
    match run {
        Run::ScatterNd => compare(
            tf_scatter_nd(&indices, &updates, &shape(case)),
            &case["expect"],
        ),
        Run::Tensor(op) => {
            let x = tensor::<T>(case);
            let result = if op == "tensor_scatter_nd_update" {
                x.tf_tensor_scatter_nd_update(&indices, &updates)
            } else {
                x.tf_tensor_scatter_nd_add(&indices, &updates)
            };
            compare(result, &case["expect"])
        }
        // The in-place form gives the tensor op's result in place, or its error with `x`
        // untouched.
        Run::InPlace(op) => {
            let (mut x, before) = (tensor::<T>(case), tensor::<T>(case));
            let result = if op == "tensor_scatter_nd_update" {
                x.tf_scatter_nd_update(&indices, &updates)
            } else {
                x.tf_scatter_nd_add(&indices, &updates)
            };
            if result.is_err() && x != before {
                return Err("an Err, but x was written".into());
            }
            compare(result.map(|()| x), &case["expect"])
        }
    }
}

/// [`run_typed`] with the case's element type.
fn run_values<I: PrimInt + TryFrom<i64>>(case: &Value, run: Run<'_>) -> Result<(), String> {
    match case.get("values_dtype").and_then(Value::as_str) {
        None | Some("int64") => run_typed::<I, i64>(case, run),
        Some("int32") => run_typed::<I, i32>(case, run),
        Some("float32") => run_typed::<I, f32>(case, run),
        Some("float64") => run_typed::<I, f64>(case, run),
        Some("bool") => run_typed::<I, bool>(case, run),
        other => Err(format!("unknown values_dtype {other:?}")),
    }
}

/// [`run_values`] with the case's index type.
fn run_case(case: &Value, run: Run<'_>) -> Result<(), String> {
    match case["dtype"].as_str() {
        Some("int32") => run_values::<i32>(case, run),
        Some("int64") => run_values::<i64>(case, run),
        other => Err(format!("unknown dtype {other:?}")),
    }
}

#[test]
fn golden_scatter_nd() {
    replay_op("scatter.json", "scatter_nd", 150, |case| {
        run_case(case, Run::ScatterNd)
    });
}

fn tensor_op(op: &str) {
    replay_op("scatter.json", op, 150, |case| {
        run_case(case, Run::Tensor(op))
    });
}

/// The in-place form gives the tensor op's result in place, or its error with `x` untouched.
fn in_place_op(op: &str) {
    in_place_cases(op, op);
}

/// [`in_place_op`] on the cases of `file_op`, calling the in-place form of tensor op `op`.
fn in_place_cases(file_op: &str, op: &str) {
    replay_op("scatter.json", file_op, 150, |case| {
        run_case(case, Run::InPlace(op))
    });
}

#[test]
fn golden_tensor_scatter_nd_update() {
    tensor_op("tensor_scatter_nd_update");
}

#[test]
fn golden_tensor_scatter_nd_add() {
    tensor_op("tensor_scatter_nd_add");
}

#[test]
fn golden_scatter_nd_update_in_place() {
    in_place_op("tensor_scatter_nd_update");
}

#[test]
fn golden_scatter_nd_add_in_place() {
    in_place_op("tensor_scatter_nd_add");
}

#[test]
fn golden_variable_scatter_nd_update() {
    in_place_cases("variable_scatter_nd_update", "tensor_scatter_nd_update");
}

#[test]
fn golden_variable_scatter_nd_add() {
    in_place_cases("variable_scatter_nd_add", "tensor_scatter_nd_add");
}

/// Every element type the generator writes is replayed, each with successes, duplicates and
/// errors (so a missing `values_dtype` arm or a file without typed cases fails here).
#[test]
fn golden_scatter_covers_every_element_type() {
    let cases = common::load("scatter.json");
    for (values_dtype, ops) in [("float32", 3), ("float64", 3), ("int32", 3), ("bool", 2)] {
        let mine: Vec<&Value> = cases
            .iter()
            .filter(|c| c.get("values_dtype").and_then(Value::as_str) == Some(values_dtype))
            .collect();
        let ok = mine
            .iter()
            .filter(|c| c["expect"].get("error").is_none())
            .count();
        let ops_seen: std::collections::BTreeSet<&str> =
            mine.iter().filter_map(|c| c["op"].as_str()).collect();
        assert_eq!(ops_seen.len(), ops, "{values_dtype}: ops {ops_seen:?}");
        assert!(
            ok >= 20 && mine.len() - ok >= 5,
            "{values_dtype}: {ok} ok of {}",
            mine.len()
        );
    }
}
