//! What the gathering oracles share: walking multi-indices in row-major order, the brief's rule
//! on result sizes, and comparing a call's result with the oracle's answer.

use std::fmt::Debug;

use ndarray::ArrayD;
use ndarray_tfslice::Error;

use crate::logic::input::{MAX_RESULT, count};

/// What an oracle says a call must give.
#[derive(Debug)]
pub enum Want {
    /// `Ok`, with this shape and these elements in row-major order.
    Values(Vec<usize>, Vec<i64>),
    /// `Err`, for this reason (TensorFlow raises, or the result cannot exist).
    Fails(String),
    /// The call is not made: its result is valid but larger than [`MAX_RESULT`].
    Skip,
}

/// The size rule for a result of `shape` whose elements take `bytes` each: `Fails` if no array
/// of that shape can exist (ndarray's rule: the product of the non-zero axes, and the bytes,
/// must fit in `isize`), `Skip` if one can but it has more than [`MAX_RESULT`] elements, `None`
/// if the call is to be made.
pub fn size_rule(shape: &[usize], bytes: usize) -> Option<Want> {
    let limit = isize::MAX as u128;
    let nonzero = shape
        .iter()
        .filter(|&&d| d != 0)
        .fold(1u128, |n, &d| n.saturating_mul(d as u128));
    let elements = count(shape);
    if nonzero > limit || elements.saturating_mul(bytes as u128) > limit {
        Some(Want::Fails(format!(
            "a result of shape {shape:?} cannot exist"
        )))
    } else if elements > MAX_RESULT {
        Some(Want::Skip)
    } else {
        None
    }
}

/// Calls `f` with every multi-index of `shape`, in row-major order.
pub fn each_position(shape: &[usize], mut f: impl FnMut(&[usize])) {
    if shape.contains(&0) {
        return;
    }
    let mut at = vec![0; shape.len()];
    loop {
        f(&at);
        // The odometer: the last axis turns fastest.
        let mut k = shape.len();
        loop {
            let Some(j) = k.checked_sub(1) else {
                return;
            };
            k = j;
            at[k] += 1;
            if at[k] < shape[k] {
                break;
            }
            at[k] = 0;
        }
    }
}

/// The row-major position of multi-index `at` in an array of `shape`: what an
/// `Input::arange` array holds there.
pub fn flat(at: impl IntoIterator<Item = usize>, shape: &[usize]) -> usize {
    at.into_iter().zip(shape).fold(0, |n, (i, &d)| n * d + i)
}

/// `a` followed by `b`.
pub fn join(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter().chain(b).copied().collect()
}

/// Checks `got` against `want` (which is not `Skip`); `case` says what the call was.
pub fn expect(op: &str, case: &dyn Debug, got: &Result<ArrayD<i64>, Error>, want: &Want) {
    match (want, got) {
        (Want::Values(shape, values), Ok(a)) => {
            assert_eq!(a.shape(), &shape[..], "{op}: wrong shape for {case:?}");
            let elements: Vec<i64> = a.iter().copied().collect();
            assert!(
                elements == *values,
                "{op}: wrong elements for {case:?}: got {elements:?}, want {values:?}"
            );
        }
        (Want::Values(shape, _), Err(e)) => {
            panic!("{op}: {case:?} fails ({e}), but TensorFlow gives shape {shape:?}")
        }
        (Want::Fails(why), Ok(a)) => panic!(
            "{op}: {case:?} gives shape {:?}, but it must fail: {why}",
            a.shape()
        ),
        (Want::Fails(_), Err(e)) => {
            assert!(
                !e.to_string().is_empty(),
                "{op}: an empty message for {case:?}"
            )
        }
        (Want::Skip, _) => panic!("{op}: a skipped call was made (a harness bug)"),
    }
}

/// The same call on arrays in another layout gave `again`: it must be `first` exactly.
pub fn same<T: PartialEq + Debug>(op: &str, case: &dyn Debug, first: &T, again: &T) {
    assert!(
        first == again,
        "{op}: {case:?} gives {first:?}, but {again:?} on arrays in another layout"
    );
}
