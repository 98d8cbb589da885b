//! The Python-syntax parser and `Display`: any text parses or gives `Err`; a spec printed and
//! parsed back prints the same and selects the same elements of every array, with the same error
//! kind where it fails. Both directions are fuzzed: text made up by the fuzzer, and raw specs
//! (any begin / end / strides / masks) printed as text.

use ndarray_tfslice::prelude::*;

use super::input::Input;

/// Pieces of Python index expressions, so that most inputs get past the first character.
const TOKENS: [&str; 24] = [
    "0",
    "1",
    "2",
    "-1",
    "-",
    ":",
    ":",
    ",",
    ", ",
    "...",
    "None",
    " ",
    "7",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "(",
    ")",
    "tf.newaxis",
    "np.newaxis",
    "\t",
    "+",
    "_",
    "é",
];

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let shape = input.shape(4);
    let x = Input::arange(&shape);
    match input.u8() % 3 {
        0 => {
            // Raw text, whatever the bytes are.
            let text = String::from_utf8_lossy(input.rest()).into_owned();
            check_text(&text, &x);
        }
        1 => {
            let mut text = String::new();
            while !input.rest().is_empty() {
                text.push_str(input.pick(&TOKENS));
            }
            check_text(&text, &x);
        }
        _ => {
            let len = input.below(8);
            let begin: Vec<i64> = (0..len).map(|_| input.i64()).collect();
            let end: Vec<i64> = (0..len).map(|_| input.i64()).collect();
            let strides: Vec<i64> = (0..len).map(|_| input.i64()).collect();
            let masks = Masks {
                begin: input.u64(),
                end: input.u64(),
                ellipsis: input.u64(),
                new_axis: input.u64(),
                shrink_axis: input.u64(),
            };
            if let Ok(spec) = StridedSlice::from_raw(&begin, &end, &strides, masks) {
                check_round_trip(&spec, &x);
            }
        }
    }
}

fn check_text(text: &str, x: &ndarray::ArrayD<i64>) {
    match text.parse::<StridedSlice>() {
        Ok(spec) => check_round_trip(&spec, x),
        Err(e) => assert!(!e.to_string().is_empty(), "an empty message for {text:?}"),
    }
}

/// `spec` printed and parsed back means the same thing.
fn check_round_trip(spec: &StridedSlice, x: &ndarray::ArrayD<i64>) {
    let printed = spec.to_string();
    let again: StridedSlice = match printed.parse() {
        Ok(again) => again,
        Err(_) if unprintable(spec) => return,
        Err(e) => panic!("{spec:?} prints as {printed:?}, which does not parse: {e}"),
    };
    assert_eq!(
        again.to_string(),
        printed,
        "printing is not stable for {spec:?}"
    );
    let (a, b) = (x.tf_index(spec), x.tf_index(&again));
    match (&a, &b) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{spec:?} and its reprint {printed:?} differ"),
        // An index with a zero or negative stride has no Python spelling: it prints as
        // `index::0`, which fails at the same axis but as a zero stride (documented on `Entry`).
        (Err(_), Err(_)) if unprintable(spec) => {}
        (Err(a), Err(b)) => assert_eq!(
            std::mem::discriminant(a),
            std::mem::discriminant(b),
            "{spec:?} and its reprint {printed:?} fail differently: {a} / {b}"
        ),
        _ => panic!("{spec:?} gives {a:?} but its reprint {printed:?} gives {b:?}"),
    }
}

/// `spec` has an index with no Python spelling (see `Entry`'s `Display`): a zero or negative
/// stride, or `i64::MAX`, whose end overflows.
fn unprintable(spec: &StridedSlice) -> bool {
    spec.entries()
        .any(|e| matches!(e, Entry::Index { index, stride } if stride <= 0 || index == i64::MAX))
}
