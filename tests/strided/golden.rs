//! Replays TensorFlow's own answers, recorded by `tests/golden/generate.py`, through this crate.
//!
//! Every case is checked: same output shape and values (the input is always `arange` of its
//! shape), or an `Err` of the matching kind whose message starts with TensorFlow's exact words.
//! CI never needs TensorFlow: the JSON is committed.

use ndarray::{ArrayD, ArrayViewD, IxDyn};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

use crate::common;
use common::{arange, compare_array, ints, load, shape_of};

/// Narrows to the index type TensorFlow was given, so every width goes through the generic path.
fn narrow<T: TryFrom<i64>>(v: &[i64]) -> Vec<T> {
    v.iter()
        .map(|&x| {
            T::try_from(x)
                .ok()
                .expect("the generator only uses a type its values fit")
        })
        .collect()
}

/// The variant TensorFlow's error kind corresponds to.
fn kind_of(err: &Error) -> &'static str {
    match err {
        Error::SpecLengthMismatch { .. } => "E1",
        Error::MultipleEllipses { .. } => "E2",
        Error::SliceScalar { .. } => "E3",
        Error::TooManyIndices { .. } => "E4",
        Error::ZeroStride { .. } => "E5",
        Error::ShrinkNegativeStride { .. } => "E6",
        Error::ShrinkOutOfBounds { .. } => "E7",
        Error::SliceLengthMismatch { .. } => "S1",
        Error::SliceEmptyAxis { .. } => "S2",
        Error::SliceBeginOutOfRange { .. } => "S3",
        Error::SliceSizeOutOfRange { .. } => "S4",
        Error::AssignBroadcast { .. } => "BCAST",
        Error::GradShapeMismatch { .. } => "DY",
        _ => "other",
    }
}

/// Compares one result with the case's `expect`; `Err(reason)` on any difference.
fn compare(result: Result<ArrayViewD<'_, i64>, Error>, expect: &Value) -> Result<(), String> {
    compare_owned(result.map(|v| v.to_owned()), expect)
}

fn compare_owned(result: Result<ArrayD<i64>, Error>, expect: &Value) -> Result<(), String> {
    match (result, expect.get("error")) {
        (Ok(view), None) => compare_array(&view, expect),
        (Err(err), Some(tf)) => {
            let (kind, message) = (
                tf["kind"].as_str().unwrap(),
                tf["message"].as_str().unwrap(),
            );
            if kind_of(&err) != kind {
                return Err(format!("error {err:?}, TF {kind}: {message}"));
            }
            if !err.to_string().starts_with(message) {
                return Err(format!(
                    "message {:?} does not start with TF's {message:?}",
                    err.to_string()
                ));
            }
            Ok(())
        }
        (Ok(view), Some(tf)) => Err(format!("Ok with shape {:?}, TF raised {tf}", view.shape())),
        (Err(err), None) => Err(format!("Err({err}), TF returned {expect}")),
    }
}

fn strided(case: &Value) -> Result<(), String> {
    let shape = shape_of(&case["shape"]);
    let (b, e, s, masks) = raw_spec(case);
    let mut x = arange(&shape);
    let result = match case["index_dtype"].as_str() {
        Some("int16") => x.tf_strided_slice(
            &narrow::<i16>(&b),
            &narrow::<i16>(&e),
            &narrow::<i16>(&s),
            masks,
        ),
        Some("int32") => x.tf_strided_slice(
            &narrow::<i32>(&b),
            &narrow::<i32>(&e),
            &narrow::<i32>(&s),
            masks,
        ),
        _ => x.tf_strided_slice(&b, &e, &s, masks),
    };
    compare(result, &case["expect"])?;
    // The mutable view resolves through the general path: it must agree too.
    let result = x
        .tf_strided_slice_mut(&b, &e, &s, masks)
        .map(|v| v.to_owned());
    compare_owned(result, &case["expect"]).map_err(|why| format!("tf_strided_slice_mut: {why}"))?;
    // The owned copy goes its own way (a lane-wise copy): it must agree and be in C order.
    let result = x.tf_strided_slice_to_owned(&b, &e, &s, masks);
    if let Ok(owned) = &result
        && !owned.is_standard_layout()
    {
        return Err("tf_strided_slice_to_owned: not in C order".into());
    }
    compare_owned(result, &case["expect"])
        .map_err(|why| format!("tf_strided_slice_to_owned: {why}"))
}

/// The spec of a raw case (begin, end, strides, masks), at the case's index type when it is `i32`.
fn raw_spec(case: &Value) -> (Vec<i64>, Vec<i64>, Vec<i64>, Masks) {
    let m: Vec<u64> = case["masks"]
        .as_array()
        .expect("five masks")
        .iter()
        .map(|x| x.as_u64().expect("a u64 mask"))
        .collect();
    let masks = Masks {
        begin: m[0],
        end: m[1],
        ellipsis: m[2],
        new_axis: m[3],
        shrink_axis: m[4],
    };
    (
        ints(&case["begin"]),
        ints(&case["end"]),
        ints(&case["strides"]),
        masks,
    )
}

/// `TensorStridedSliceUpdate` on `arange(shape)` with value `-(1 + arange(value_shape))`: the whole
/// updated array, or the error, and on error the array must be untouched.
fn assigned(case: &Value) -> Result<(), String> {
    let (b, e, s, masks) = raw_spec(case);
    let value_shape = shape_of(&case["value_shape"]);
    let n: usize = value_shape.iter().product();
    let value =
        ArrayD::from_shape_vec(IxDyn(&value_shape), (0..n as i64).map(|v| -1 - v).collect())
            .expect("value shape fits");
    let original = arange(&shape_of(&case["shape"]));
    let mut x = original.clone();
    let result = match case["index_dtype"].as_str() {
        Some("int32") => x.tf_strided_slice_assign(
            &narrow::<i32>(&b),
            &narrow::<i32>(&e),
            &narrow::<i32>(&s),
            masks,
            &value,
        ),
        _ => x.tf_strided_slice_assign(&b, &e, &s, masks, &value),
    };
    if result.is_err() && x != original {
        return Err(String::from("a failed assign changed the array"));
    }
    // The same through a plan: the same array or the same error (its text included).
    let mut y = original.clone();
    let planned = StridedSlice::from_raw(&b, &e, &s, masks)
        .and_then(|spec| spec.resolve(y.shape()))
        .and_then(|plan| plan.apply_assign(&mut y, &value));
    match (&result, &planned) {
        (Ok(()), Ok(())) if x == y => {}
        (Err(a), Err(p)) if a == p && y == original => {}
        _ => {
            return Err(format!(
                "Plan::apply_assign gave {planned:?}, the direct call {result:?}"
            ));
        }
    }
    let whole = result.map(|()| {
        x.clone()
            .into_shape_with_order(IxDyn(&[x.len()]))
            .expect("flat")
    });
    let mut expect = case["expect"].clone();
    if let Some(values) = expect.get("values").cloned() {
        expect = serde_json::json!({ "shape": [x.len()], "values": values });
    }
    compare_owned(whole, &expect)
}

/// `StridedSliceGrad` with `dy = 1 + arange(dy_shape)`: the whole gradient, or the error.
fn graded(case: &Value) -> Result<(), String> {
    let (b, e, s, masks) = raw_spec(case);
    let shape = shape_of(&case["shape"]);
    let dy_shape = shape_of(&case["dy_shape"]);
    let n: usize = dy_shape.iter().product();
    let dy =
        ArrayD::from_shape_vec(IxDyn(&dy_shape), (1..=n as i64).collect()).expect("dy shape fits");
    let result = tf_strided_slice_grad(&shape, &b, &e, &s, masks, &dy);
    let mut expect = case["expect"].clone();
    if let Some(values) = expect.get("values").cloned() {
        expect = serde_json::json!({ "shape": shape, "values": values });
    }
    compare_owned(result, &expect)
}

fn sliced(case: &Value) -> Result<(), String> {
    let shape: Vec<usize> = ints(&case["shape"]).iter().map(|&d| d as usize).collect();
    let (b, s) = (ints(&case["begin"]), ints(&case["size"]));
    let x = arange(&shape);
    let result = match case["index_dtype"].as_str() {
        Some("int32") => x.tf_slice(&narrow::<i32>(&b), &narrow::<i32>(&s)),
        _ => x.tf_slice(&b, &s),
    };
    compare(result, &case["expect"])
}

/// Runs `check` on every case and reports every difference at once.
fn replay(cases: &[Value], check: impl Fn(&Value) -> Result<(), String>) -> usize {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| check(c).err().map(|why| format!("{}: {why}", c["name"])))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from TensorFlow:\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(25)].join("\n")
    );
    cases.len()
}

fn count(cases: &[Value], pred: impl Fn(&Value) -> bool) -> usize {
    cases.iter().filter(|c| pred(c)).count()
}

#[test]
fn strided_slice_matches_tensorflow() {
    let cases = load("strided_slice.json");
    let random = count(&cases, |c| {
        c["name"].as_str().unwrap().starts_with("random-")
    });
    assert!(random >= 3000, "only {random} random cases");
    for kind in ["E1", "E2", "E3", "E4", "E5", "E6", "E7"] {
        let n = count(&cases, |c| c["expect"]["error"]["kind"] == kind);
        assert!(n > 0, "no golden case raises {kind}");
    }
    let ok = count(&cases, |c| c["expect"].get("error").is_none());
    assert!(
        ok * 2 > cases.len(),
        "only {ok} of {} cases succeed",
        cases.len()
    );
    replay(&cases, strided);
}

/// Where TensorFlow stops only on an implementation limit (rank > 8 in its kernel, spec length 32
/// and more), this crate succeeds, and gives NumPy's answer for the same index expression.
#[test]
fn past_tensorflow_limits_matches_numpy() {
    let cases: Vec<Value> = load("strided_slice.json")
        .into_iter()
        .filter(|c| c["source"] == "numpy")
        .collect();
    assert!(cases.len() >= 6, "only {} limit cases", cases.len());
    for c in &cases {
        let tf_kind = c["tf_error"]["kind"].as_str().unwrap();
        assert!(
            matches!(tf_kind, "E1" | "E8"),
            "{}: TF said {tf_kind}",
            c["name"]
        );
    }
    replay(&cases, strided);
}

#[test]
fn seed_and_reference_examples_match_tensorflow() {
    let cases: Vec<Value> = load("strided_slice.json")
        .into_iter()
        .filter(|c| {
            let name = c["name"].as_str().unwrap();
            name.starts_with("seed") || name.starts_with("ref6-")
        })
        .collect();
    assert!(
        cases.len() >= 50,
        "only {} seed and reference cases",
        cases.len()
    );
    replay(&cases, strided);
}

#[test]
fn slice_matches_tensorflow() {
    let cases = load("slice.json");
    assert!(cases.len() >= 300, "only {} slice cases", cases.len());
    for kind in ["S1", "S2", "S3", "S4"] {
        let n = count(&cases, |c| c["expect"]["error"]["kind"] == kind);
        assert!(n > 0, "no golden slice case raises {kind}");
    }
    replay(&cases, sliced);
}

/// The raw encodings of Python index expressions, as TensorFlow's `__getitem__` evaluated them.
#[test]
fn getitem_encodings_match_tensorflow() {
    let cases: Vec<Value> = load("getitem.json")
        .into_iter()
        .filter(|c| !c["encoding"].is_null())
        .map(|c| {
            let enc = &c["encoding"];
            serde_json::json!({
                "name": c["name"], "shape": c["shape"], "begin": enc["begin"], "end": enc["end"],
                "strides": enc["strides"], "masks": enc["masks"], "index_dtype": "int64",
                "expect": c["expect"],
            })
        })
        .collect();
    assert!(
        cases.len() >= 500,
        "only {} encoded getitem cases",
        cases.len()
    );
    replay(&cases, strided);
}

/// Python index expressions as TensorFlow's `__getitem__` evaluated them, replayed through the
/// parser and `tf_index`. Where Python itself refused the expression (a float, an integer past
/// int64), the parser must refuse it too.
#[test]
fn getitem_expressions_match_tensorflow() {
    let cases = load("getitem.json");
    assert!(cases.len() >= 800, "only {} getitem cases", cases.len());
    replay(&cases, |case| {
        let expr = case["expr"].as_str().expect("an expression");
        let python_refused = matches!(
            case["expect"]["error"]["kind"].as_str(),
            Some("TypeError" | "ValueError")
        );
        match (expr.parse::<StridedSlice>(), python_refused) {
            (Err(Error::Parse { .. }), true) => Ok(()),
            (Err(e), true) => Err(format!("`{expr}` refused with {e:?}, not a parse error")),
            (Ok(spec), true) => Err(format!("`{expr}` parsed as {spec:?}; Python refused it")),
            (Err(e), false) => Err(format!("`{expr}` did not parse: {e}")),
            (Ok(spec), false) => {
                let shape: Vec<usize> = ints(&case["shape"]).iter().map(|&d| d as usize).collect();
                compare(arange(&shape).tf_index(&spec), &case["expect"])
            }
        }
    });
}

#[test]
fn assign_matches_tensorflow() {
    let cases = load("assign.json");
    let random = count(&cases, |c| {
        c["name"].as_str().unwrap().starts_with("random-")
    });
    assert!(random >= 400, "only {random} random assign cases");
    for kind in ["BCAST", "E5", "E6", "E7"] {
        assert!(
            count(&cases, |c| c["expect"]["error"]["kind"] == kind) > 0,
            "no assign case raises {kind}"
        );
    }
    replay(&cases, assigned);
}

#[test]
fn grad_matches_tensorflow() {
    let cases = load("grad.json");
    let random = count(&cases, |c| {
        c["name"].as_str().unwrap().starts_with("random-")
    });
    assert!(random >= 400, "only {random} random grad cases");
    for kind in ["DY", "E5", "E6", "E7"] {
        assert!(
            count(&cases, |c| c["expect"]["error"]["kind"] == kind) > 0,
            "no grad case raises {kind}"
        );
    }
    replay(&cases, graded);
}
