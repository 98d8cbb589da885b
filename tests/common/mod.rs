//! What the golden-file tests share: loading a file of `tests/golden/`, reading its fields, and
//! comparing a result with TensorFlow's.
//!
//! Each test file that needs it says `mod common;`; not every file uses every function.
#![allow(dead_code)]

pub mod extreme;

use ndarray::{ArrayBase, ArrayD, Data, Dimension, IxDyn};
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

/// `{shape, values}` as an array of `T` (the index type a case names, say); panics where a value
/// does not fit `T`.
pub fn int_array<T: TryFrom<i64>>(v: &Value) -> ArrayD<T> {
    let values = ints(&v["values"])
        .into_iter()
        .map(|x| T::try_from(x).unwrap_or_else(|_| panic!("{x} fits the case's dtype")))
        .collect();
    ArrayD::from_shape_vec(IxDyn(&shape_of(&v["shape"])), values).expect("values fit the shape")
}

/// A JSON array of `[start, end]` rows (paddings, crops).
pub fn rows(v: &Value) -> Vec<[usize; 2]> {
    v.as_array()
        .expect("an array of rows")
        .iter()
        .map(|r| {
            shape_of(r)
                .try_into()
                .unwrap_or_else(|r| panic!("a row of two entries, got {r:?}"))
        })
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
pub fn compare_array<S: Data<Elem = i64>, D: Dimension>(
    got: &ArrayBase<S, D>,
    expect: &Value,
) -> Result<(), String> {
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

/// Compares a result of several arrays with an `expect` of `{outputs: [{shape, values}, ...]}` or
/// `{error: {kind, message}}`: as many outputs, each with TF's shape and values, or TF's error.
pub fn compare_outputs<S: Data<Elem = i64>, D: Dimension>(
    result: Result<Vec<ArrayBase<S, D>>, Error>,
    expect: &Value,
) -> Result<(), String> {
    match (result, expect.get("error")) {
        (Ok(parts), None) => {
            let want = expect["outputs"].as_array().expect("an outputs array");
            if parts.len() != want.len() {
                return Err(format!("{} outputs, TF {}", parts.len(), want.len()));
            }
            for (i, (part, tf)) in parts.iter().zip(want).enumerate() {
                compare_array(part, tf).map_err(|why| format!("output {i}: {why}"))?;
            }
            Ok(())
        }
        (Err(err), Some(tf)) => compare_error(&err, tf),
        (Ok(parts), Some(tf)) => Err(format!("Ok with {} outputs, TF raised {tf}", parts.len())),
        (Err(err), None) => Err(format!("Err({err}), TF returned {expect}")),
    }
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

/// The cases of `file` whose `op` is `op`.
pub fn cases_of(file: &str, op: &str) -> Vec<Value> {
    load(file).into_iter().filter(|c| c["op"] == op).collect()
}

/// Asserts `file` has at least `min_cases` cases of each op in `ops`.
pub fn assert_op_counts(file: &str, ops: &[&str], min_cases: usize) {
    let cases = load(file);
    for op in ops {
        let n = cases.iter().filter(|c| c["op"] == *op).count();
        assert!(
            n >= min_cases,
            "{file}: {n} {op} cases, expected at least {min_cases}"
        );
    }
}

/// Runs `check` on every case of `file` and fails with every failing case's name and reason (not
/// only the first), after asserting the file has at least `min_cases` cases.
pub fn replay(file: &str, min_cases: usize, check: impl Fn(&Value) -> Result<(), String>) {
    replay_cases(file, &load(file), min_cases, check);
}

/// [`replay`] on the cases of `file` whose `op` is `op` only: at least `min_cases` of them.
pub fn replay_op(
    file: &str,
    op: &str,
    min_cases: usize,
    check: impl Fn(&Value) -> Result<(), String>,
) {
    replay_cases(
        &format!("{file}#{op}"),
        &cases_of(file, op),
        min_cases,
        check,
    );
}

/// Runs `check` on every case of `cases` (called `label` in messages) and fails with every failing
/// case's name and reason, after asserting there are at least `min_cases` cases.
pub fn replay_cases(
    label: &str,
    cases: &[Value],
    min_cases: usize,
    check: impl Fn(&Value) -> Result<(), String>,
) {
    assert!(
        cases.len() >= min_cases,
        "{label}: {} cases, expected at least {min_cases}",
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
        "{label}: {} of {} cases differ from TensorFlow:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
