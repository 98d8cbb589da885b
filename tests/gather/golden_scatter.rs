//! Replays tests/golden/scatter.json: `tf_scatter_nd`, `tf_tensor_scatter_nd_update` and
//! `tf_tensor_scatter_nd_add` against TensorFlow 2.21's ops; the in-place
//! `tf_scatter_nd_update` / `tf_scatter_nd_add` against the tensor ops' cases (same result, or
//! the same error with the array untouched) and against TF's variable ops' cases (the variable's
//! new value where TF's tensor op succeeds; this crate's error, the array untouched, where it
//! fails, whatever the variable op did).

use crate::common;

use common::{arange, compare, int_array, ints, replay_op};
use ndarray::ArrayD;
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// The case's `shape` as TensorFlow got it (scatter_nd's may be negative).
fn shape(case: &Value) -> Vec<i64> {
    ints(&case["shape"])
}

/// The tensor of the tensor ops: `arange(shape)`.
fn tensor(case: &Value) -> ArrayD<i64> {
    let dims: Vec<usize> = shape(case).iter().map(|&d| d as usize).collect();
    arange(&dims)
}

/// Runs `f` with the case's indices in the case's index type.
fn with_indices<R>(case: &Value, mut f: impl FnMut(&dyn IndexArray) -> R) -> Result<R, String> {
    match case["dtype"].as_str() {
        Some("int32") => Ok(f(&int_array::<i32>(&case["indices"]))),
        Some("int64") => Ok(f(&int_array::<i64>(&case["indices"]))),
        other => Err(format!("unknown dtype {other:?}")),
    }
}

/// The five entry points on one index type, behind one object-safe trait.
trait IndexArray {
    fn scatter_nd(&self, updates: &ArrayD<i64>, shape: &[i64]) -> Result<ArrayD<i64>, Error>;
    fn tensor(
        &self,
        op: &str,
        x: &ArrayD<i64>,
        updates: &ArrayD<i64>,
    ) -> Result<ArrayD<i64>, Error>;
    fn in_place(&self, op: &str, x: &mut ArrayD<i64>, updates: &ArrayD<i64>) -> Result<(), Error>;
}

impl<I: num_traits::PrimInt> IndexArray for ArrayD<I> {
    fn scatter_nd(&self, updates: &ArrayD<i64>, shape: &[i64]) -> Result<ArrayD<i64>, Error> {
        tf_scatter_nd(self, updates, shape)
    }
    fn tensor(
        &self,
        op: &str,
        x: &ArrayD<i64>,
        updates: &ArrayD<i64>,
    ) -> Result<ArrayD<i64>, Error> {
        if op == "tensor_scatter_nd_update" {
            x.tf_tensor_scatter_nd_update(self, updates)
        } else {
            x.tf_tensor_scatter_nd_add(self, updates)
        }
    }
    fn in_place(&self, op: &str, x: &mut ArrayD<i64>, updates: &ArrayD<i64>) -> Result<(), Error> {
        if op == "tensor_scatter_nd_update" {
            x.tf_scatter_nd_update(self, updates)
        } else {
            x.tf_scatter_nd_add(self, updates)
        }
    }
}

fn updates(case: &Value) -> ArrayD<i64> {
    int_array::<i64>(&case["updates"])
}

#[test]
fn golden_scatter_nd() {
    replay_op("scatter.json", "scatter_nd", 150, |case| {
        let result = with_indices(case, |i| i.scatter_nd(&updates(case), &shape(case)))?;
        compare(result, &case["expect"])
    });
}

fn tensor_op(op: &str) {
    replay_op("scatter.json", op, 150, |case| {
        let result = with_indices(case, |i| i.tensor(op, &tensor(case), &updates(case)))?;
        compare(result, &case["expect"])
    });
}

/// The in-place form gives the tensor op's result in place, or its error with `x` untouched.
fn in_place_op(op: &str) {
    in_place_cases(op, op);
}

/// [`in_place_op`] on the cases of `file_op`, calling the in-place form of tensor op `op`.
fn in_place_cases(file_op: &str, op: &str) {
    replay_op("scatter.json", file_op, 150, |case| {
        let (mut x, before) = (tensor(case), tensor(case));
        let result = with_indices(case, |i| i.in_place(op, &mut x, &updates(case)))?;
        let result = result.map(|()| x.clone());
        if result.is_err() && x != before {
            return Err("an Err, but x was written".into());
        }
        compare(result, &case["expect"])
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
