//! Replays tests/golden/unique.json: `tf_unique_with_counts` and `tf_setdiff1d` against
//! TensorFlow 2.21's `tf.unique_with_counts` and `tf.compat.v1.setdiff1d`, floats bit for bit.

use crate::common;

use std::fmt::Debug;
use std::str::FromStr;

use common::replay_op;
use ndarray::Array1;
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// An element type of the cases, read from JSON and compared as TensorFlow's results are.
trait Element: UniqueElement + Debug {
    fn read(v: &Value) -> Self;
    /// Equal bit for bit (any NaN equals any NaN: TF does not promise payloads).
    fn same(&self, other: &Self) -> bool;
}

macro_rules! int_element {
    ($($t:ty)*) => {$(
        impl Element for $t {
            fn read(v: &Value) -> Self {
                <$t>::try_from(v.as_i64().expect("an integer")).expect("fits the dtype")
            }
            fn same(&self, other: &Self) -> bool {
                self == other
            }
        }
    )*};
}
int_element!(i32 i64);

macro_rules! float_element {
    ($($t:ty)*) => {$(
        impl Element for $t {
            fn read(v: &Value) -> Self {
                <$t>::from_str(v.as_str().expect("a float as a string")).expect("a float")
            }
            fn same(&self, other: &Self) -> bool {
                (self.is_nan() && other.is_nan()) || self.to_bits() == other.to_bits()
            }
        }
    )*};
}
float_element!(f32 f64);

fn list<A: Element>(v: &Value) -> Array1<A> {
    v.as_array().expect("a list").iter().map(A::read).collect()
}

fn same_values<A: Element>(what: &str, got: &Array1<A>, want: &Value) -> Result<(), String> {
    let want: Array1<A> = list(&want["values"]);
    if got.len() == want.len() && got.iter().zip(&want).all(|(a, b)| a.same(b)) {
        Ok(())
    } else {
        Err(format!("{what}: {got:?}, TF {want:?}"))
    }
}

fn same_positions(what: &str, got: &Array1<usize>, want: &Value) -> Result<(), String> {
    let want: Vec<usize> = want["values"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_u64().expect("a position") as usize)
        .collect();
    if got.to_vec() == want {
        Ok(())
    } else {
        Err(format!("{what}: {got:?}, TF {want:?}"))
    }
}

fn unique<A: Element>(case: &Value) -> Result<(), String> {
    let x: Array1<A> = list(&case["x"]);
    let (values, idx, counts) = tf_unique_with_counts(&x);
    let want = &case["expect"]["outputs"];
    same_values("values", &values, &want[0])?;
    same_positions("idx", &idx, &want[1])?;
    same_positions("counts", &counts, &want[2])
}

fn setdiff<A: Element>(case: &Value) -> Result<(), String> {
    let (x, y): (Array1<A>, Array1<A>) = (list(&case["x"]), list(&case["y"]));
    let (out, idx) = tf_setdiff1d(&x, &y);
    let want = &case["expect"]["outputs"];
    same_values("out", &out, &want[0])?;
    same_positions("idx", &idx, &want[1])
}

fn by_dtype(
    case: &Value,
    int32: fn(&Value) -> Result<(), String>,
    int64: fn(&Value) -> Result<(), String>,
    float32: fn(&Value) -> Result<(), String>,
    float64: fn(&Value) -> Result<(), String>,
) -> Result<(), String> {
    match case["dtype"].as_str() {
        Some("int32") => int32(case),
        Some("int64") => int64(case),
        Some("float32") => float32(case),
        Some("float64") => float64(case),
        other => Err(format!("unknown dtype {other:?}")),
    }
}

#[test]
fn golden_unique_with_counts() {
    replay_op("unique.json", "unique_with_counts", 150, |case| {
        by_dtype(
            case,
            unique::<i32>,
            unique::<i64>,
            unique::<f32>,
            unique::<f64>,
        )
    });
}

#[test]
fn golden_setdiff1d() {
    replay_op("unique.json", "setdiff1d", 150, |case| {
        by_dtype(
            case,
            setdiff::<i32>,
            setdiff::<i64>,
            setdiff::<f32>,
            setdiff::<f64>,
        )
    });
}
