//! What the golden-file tests share: loading a file of `tests/golden/`, reading its fields, and
//! comparing a result with TensorFlow's.
//!
//! Each test file that needs it says `mod common;`; not every file uses every function.
#![allow(dead_code)]

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::Error;
use serde_json::Value;

/// The `cases` array of `tests/golden/<file>`.
pub fn load(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/golden/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    doc["cases"].as_array().expect("a cases array").clone()
}

/// A JSON array of integers.
pub fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("an int array")
        .iter()
        .map(|x| x.as_i64().expect("an i64"))
        .collect()
}

/// A JSON array of non-negative integers (a shape, multiples, a permutation ...).
pub fn shape_of(v: &Value) -> Vec<usize> {
    ints(v)
        .iter()
        .map(|&d| usize::try_from(d).expect("a non-negative integer"))
        .collect()
}

/// `np.arange(prod(shape)).reshape(shape)`, the input of every generated case.
pub fn arange(shape: &[usize]) -> ArrayD<i64> {
    let n: usize = shape.iter().product();
    ArrayD::from_shape_vec(IxDyn(shape), (0..n as i64).collect()).expect("shape fits")
}

/// The variant's name, e.g. `"SplitUneven"`: the generators record TF's errors by the variant
/// this crate must return.
pub fn variant(err: &Error) -> String {
    let debug = format!("{err:?}");
    debug
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Compares one array result with an `expect` of `{shape, values}` or `{error: {kind, message}}`:
/// same shape and values, or an `Err` of variant `kind` whose message starts with TF's.
pub fn compare(result: Result<ArrayD<i64>, Error>, expect: &Value) -> Result<(), String> {
    match (result, expect.get("error")) {
        (Ok(got), None) => compare_array(&got, expect),
        (Err(err), Some(tf)) => compare_error(&err, tf),
        (Ok(got), Some(tf)) => Err(format!("Ok with shape {:?}, TF raised {tf}", got.shape())),
        (Err(err), None) => Err(format!("Err({err}), TF returned {expect}")),
    }
}

/// Same shape and values as `{shape, values}`.
pub fn compare_array(got: &ArrayD<i64>, expect: &Value) -> Result<(), String> {
    let shape = shape_of(&expect["shape"]);
    let values = ints(&expect["values"]);
    if got.shape() != shape.as_slice() {
        return Err(format!("shape {:?}, TF {:?}", got.shape(), shape));
    }
    let flat: Vec<i64> = got.iter().copied().collect();
    if flat != values {
        return Err(format!("values {flat:?}, TF {values:?}"));
    }
    Ok(())
}

/// `err` is the variant `tf.kind` names and its message starts with `tf.message`.
///
/// Where this crate's message deliberately differs from TF's (one [`Error::AxisOutOfRange`] for
/// the several phrasings TF's ops use, say), the generator records TF's text as `tf_message`
/// instead, and only the variant is compared.
pub fn compare_error(err: &Error, tf: &Value) -> Result<(), String> {
    let kind = tf["kind"].as_str().expect("an error kind");
    if variant(err) != kind {
        return Err(format!("error {err:?}, TF {kind}: {tf}"));
    }
    let Some(message) = tf.get("message").and_then(Value::as_str) else {
        return Ok(());
    };
    if !err.to_string().starts_with(message) {
        return Err(format!(
            "message {:?} does not start with TF's {message:?}",
            err.to_string()
        ));
    }
    Ok(())
}

/// Runs `check` on every case and fails with every failing case's name and reason (not only the
/// first), after asserting the file has at least `min_cases` cases.
pub fn replay(file: &str, min_cases: usize, check: impl Fn(&Value) -> Result<(), String>) {
    let cases = load(file);
    assert!(
        cases.len() >= min_cases,
        "{file}: {} cases, expected at least {min_cases}",
        cases.len()
    );
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            check(case)
                .err()
                .map(|why| format!("{}: {why}", case["name"].as_str().unwrap_or("<unnamed>")))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{file}: {} of {} cases differ from TensorFlow:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
