//! `tf_slice` (begin and size, as `i32` or `i64`) against the oracle both this target and
//! `tests/strided/oracle.rs` include (`tests/naive/strided_oracle.rs`), on a row-major input and on a
//! copy in another layout: the result must be a view of exactly the elements the oracle names,
//! or the error it names.
//!
//! Values are usually where `tf.slice` accepts them (begin 0..=7, size -1..=7 on dims of at
//! most 6), sometimes anything `Input::i64` gives; now and then begin or size has one entry
//! more or fewer than the rank. A result is never larger than the input, so no call is skipped.

use std::fmt::Debug;

use ndarray::ArrayD;
use ndarray_tfslice::prelude::*;
use num_traits::PrimInt;

use super::input::Input;
use super::strided::{addresses, assert_within};
use super::strided_crate::{answer_of, forget_unknown_size};
use super::strided_oracle::{Answer, oracle_slice};

/// One decoded case, its values as `i64` (already cut to `i32` and widened back when the call
/// uses `i32`), as the oracle takes them.
#[derive(Debug)]
struct Case {
    shape: Vec<usize>,
    narrow: bool,
    begin: Vec<i64>,
    size: Vec<i64>,
}

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let shape = input.shape(6);
    let narrow = input.bool();
    let rank = shape.len();
    let (begin_len, size_len) = match input.u8() {
        0 => (rank + 1, rank),
        1 => (rank.saturating_sub(1), rank),
        2 => (rank, rank + 1),
        3 => (rank, rank.saturating_sub(1)),
        _ => (rank, rank),
    };
    let cut = |v: i64| if narrow { i64::from(v as i32) } else { v };
    let begin: Vec<i64> = (0..begin_len)
        .map(|_| match input.u8() {
            0..=191 => i64::from(input.u8() % 8),
            _ => cut(input.i64()),
        })
        .collect();
    let size: Vec<i64> = (0..size_len)
        .map(|_| match input.u8() {
            0..=191 => i64::from(input.u8() % 9) - 1,
            _ => cut(input.i64()),
        })
        .collect();
    let case = Case {
        shape,
        narrow,
        begin,
        size,
    };
    let x = Input::arange(&case.shape);
    let other = input.relayout(&x);
    for a in [&x, &other] {
        if case.narrow {
            let narrow = |v: &[i64]| -> Vec<i32> {
                v.iter()
                    .map(|&x| i32::try_from(x).expect("decoded as i32"))
                    .collect()
            };
            check(&case, a, &narrow(&case.begin), &narrow(&case.size));
        } else {
            check(&case, a, &case.begin, &case.size);
        }
    }
}

fn check<I: PrimInt + Debug>(case: &Case, a: &ArrayD<i64>, begin: &[I], size: &[I]) {
    let want: Answer = oracle_slice(&case.shape, &case.begin, &case.size);
    let got = a.tf_slice(begin, size);
    match &got {
        Ok(v) => assert_within("tf_slice", case, v, &addresses(a), &want),
        Err(e) => assert!(
            !e.to_string().is_empty(),
            "tf_slice: an empty message for {e:?}"
        ),
    }
    let got = forget_unknown_size(answer_of(got), &want);
    assert_eq!(got, want, "tf_slice disagrees with the oracle on {case:?}");
}
