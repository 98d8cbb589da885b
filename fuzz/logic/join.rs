//! The joining family: `tf_split` (both forms), `tf_unstack`, `tf_concat`, `tf_stack`,
//! `tf_tile`, `tf_pad` (every mode), `tf_reverse`, `tf_reverse_sequence` and `tf_transpose`.
//!
//! The first byte picks the op, the rest are its arguments. Each op has a naive oracle in its own
//! file here, written from TensorFlow's definition: which calls are valid, the result's shape,
//! and for each output multi-index which input element (its `arange` value) or which constant
//! it holds. Every call is made twice, on the `arange` input and on a copy in another memory
//! layout (`Input::relayout`), and both answers must be the same.

mod concat;
mod pad;
mod reverse;
mod reverse_sequence;
mod split;
mod tile;
mod transpose;

use std::fmt::Debug;

use ndarray::{ArrayBase, Data, IxDyn};
use ndarray_tfslice::prelude::*;

use super::input::{Input, MAX_RESULT};

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    match input.below(9) {
        0 => split::split(&mut input),
        1 => split::unstack(&mut input),
        2 => concat::concat(&mut input),
        3 => concat::stack(&mut input),
        4 => tile::tile(&mut input),
        5 => pad::pad(&mut input),
        6 => reverse::reverse(&mut input),
        7 => reverse_sequence::reverse_sequence(&mut input),
        _ => transpose::transpose(&mut input),
    }
}

/// An axis argument: usually in `[-(rank + 1), rank]` (every valid axis and one invalid on each
/// side), sometimes any `Input::i64` (limits included).
fn axis(input: &mut Input, rank: usize) -> isize {
    if input.u8() < 32 {
        input.i64() as isize
    } else {
        input.below(2 * rank + 2) as isize - rank as isize - 1
    }
}

/// `axis` in `[-rank, rank)` as TensorFlow reads it (negatives count from the end), or `None`.
fn tf_axis(axis: isize, rank: usize) -> Option<usize> {
    let rank = rank as i128;
    let a = i128::from(axis as i64);
    let a = if a < 0 { a + rank } else { a };
    (0 <= a && a < rank).then_some(a as usize)
}

/// Every multi-index of `shape`, row-major (the last index fastest). The caller keeps the
/// element count small.
fn indices(shape: &[usize]) -> impl Iterator<Item = Vec<usize>> + '_ {
    let n: usize = shape.iter().product();
    (0..n).map(move |mut flat| {
        let mut index = vec![0; shape.len()];
        for (i, &d) in shape.iter().enumerate().rev() {
            index[i] = flat % d;
            flat /= d;
        }
        index
    })
}

/// The row-major position of `index` in an array of `shape`: the `arange` value there.
fn flat(index: &[usize], shape: &[usize]) -> i64 {
    index.iter().zip(shape).fold(0, |f, (&i, &d)| f * d + i) as i64
}

/// The element count of a shape whose axes may pass `usize` (a result not yet made).
fn count_wide(shape: &[u128]) -> u128 {
    shape.iter().fold(1u128, |n, &d| n.saturating_mul(d))
}

/// No `ArrayD<i64>` of this shape can exist: the product of its non-zero axes passes
/// `isize::MAX` (ndarray's rule, even when another axis is 0), or its bytes do. Such a call
/// must be `Err`.
fn cannot_exist(shape: &[u128]) -> bool {
    let limit = isize::MAX as u128;
    let nonzero = shape
        .iter()
        .filter(|&&d| d != 0)
        .fold(1u128, |n, &d| n.saturating_mul(d));
    let elements = if shape.contains(&0) { 0 } else { nonzero };
    let bytes = elements.saturating_mul(std::mem::size_of::<i64>() as u128);
    nonzero > limit || bytes > limit
}

/// What a call whose result has `shape` must do: `Some(true)` be `Ok` (checked against the
/// oracle), `Some(false)` be `Err` (it cannot exist), `None` not be made (valid but larger than
/// `MAX_RESULT`).
fn by_size(shape: &[u128]) -> Option<bool> {
    if cannot_exist(shape) {
        Some(false)
    } else if count_wide(shape) > MAX_RESULT {
        None
    } else {
        Some(true)
    }
}

/// Asserts `got` has `shape` and holds `want(j)` at every multi-index `j`.
fn assert_elements<S: Data<Elem = i64>>(
    call: &dyn Fn() -> String,
    got: &ArrayBase<S, IxDyn>,
    shape: &[usize],
    want: impl Fn(&[usize]) -> i64,
) {
    assert_eq!(got.shape(), shape, "{}: wrong shape", call());
    for j in indices(shape) {
        let (g, w) = (got[j.as_slice()], want(&j));
        assert_eq!(g, w, "{}: element {j:?} is {g}, not {w}", call());
    }
}

/// Asserts the call's outcome is what the oracle says: `Err` with a message where it must fail,
/// `Ok` where it must succeed (the caller then checks the value).
fn assert_outcome<T: Debug>(call: &dyn Fn() -> String, got: &Result<T, Error>, ok: bool) {
    match got {
        Ok(v) if !ok => panic!("{}: Ok({v:?}) where it must fail", call()),
        Err(e) if ok => panic!("{}: Err({e}) where it must succeed", call()),
        Err(e) => assert!(!e.to_string().is_empty(), "{}: an empty message", call()),
        Ok(_) => {}
    }
}

/// Asserts the call on the input in another layout gave the same answer, errors included.
fn assert_same<T: PartialEq + Debug>(
    call: &dyn Fn() -> String,
    got: &Result<T, Error>,
    other: &Result<T, Error>,
) {
    assert_eq!(
        got,
        other,
        "{}: another memory layout of the input gives another answer",
        call()
    );
}

/// `y` converted by `conv`, viewed through `op` (a transpose, a reversal) and copied to C order
/// by the copy engine, equals ndarray's copy `owned` of the `i64` view converted the same way:
/// the engine's kernels for the element type of `B` (tile transposes, flipped-row shuffles).
fn c_order_as<B: Clone + PartialEq + Debug>(
    call: &dyn Fn() -> String,
    y: &ndarray::ArrayD<i64>,
    op: impl Fn(&ndarray::ArrayD<B>) -> ndarray::ArrayViewD<'_, B>,
    owned: &ndarray::ArrayD<i64>,
    conv: fn(i64) -> B,
) {
    let converted = y.mapv(conv);
    let standard = op(&converted)
        .to_standard_layout()
        .expect("a copy of an array that exists");
    let name = std::any::type_name::<B>();
    assert_eq!(
        standard,
        owned.mapv(conv),
        "{} of {name} to C order",
        call()
    );
}
