//! `tf_reverse_sequence` (TensorFlow's `ReverseSequence`), with lengths of several integer types.

use ndarray_tfslice::prelude::*;

use super::super::input::Input;
use super::{assert_elements, assert_outcome, assert_same, flat};

/// A `seq_axis` or `batch_axis`: usually in `[-1, rank]`, sometimes any `Input::i64`.
fn axis(input: &mut Input, rank: usize) -> isize {
    if input.u8() < 32 {
        input.i64() as isize
    } else {
        input.below(rank + 2) as isize - 1
    }
}

/// The lengths as the call gets them: the drawn `i64`s, or them cast to another type (`u64`
/// makes negatives huge, past `i64`).
enum Lengths {
    I64(Vec<i64>),
    I32(Vec<i32>),
    U64(Vec<u64>),
    U8(Vec<u8>),
}

impl Lengths {
    /// Each length's value, exactly.
    fn values(&self) -> Vec<i128> {
        match self {
            Lengths::I64(v) => v.iter().map(|&n| i128::from(n)).collect(),
            Lengths::I32(v) => v.iter().map(|&n| i128::from(n)).collect(),
            Lengths::U64(v) => v.iter().map(|&n| i128::from(n)).collect(),
            Lengths::U8(v) => v.iter().map(|&n| i128::from(n)).collect(),
        }
    }

    fn call(
        &self,
        x: &ndarray::ArrayD<i64>,
        seq: isize,
        batch: isize,
    ) -> Result<ndarray::ArrayD<i64>, Error> {
        match self {
            Lengths::I64(v) => x.tf_reverse_sequence(v, seq, batch),
            Lengths::I32(v) => x.tf_reverse_sequence(v, seq, batch),
            Lengths::U64(v) => x.tf_reverse_sequence(v, seq, batch),
            Lengths::U8(v) => x.tf_reverse_sequence(v, seq, batch),
        }
    }
}

pub(super) fn reverse_sequence(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    let rank = shape.len();
    let seq = axis(input, rank);
    let batch = axis(input, rank);
    let in_rank = |a: isize| usize::try_from(a).ok().filter(|&a| a < rank);
    let (seq_dim, batch_dim) = (
        in_rank(seq).map_or(0, |a| shape[a]),
        in_rank(batch).map_or(0, |a| shape[a]),
    );
    // Usually one length per batch index; the values usually in [-1, seq_dim + 1].
    let len = if input.u8() < 230 {
        batch_dim
    } else {
        input.below(8)
    };
    let drawn: Vec<i64> = (0..len)
        .map(|_| {
            if input.u8() < 224 {
                input.below(seq_dim + 3) as i64 - 1
            } else {
                input.i64()
            }
        })
        .collect();
    let lengths = match input.below(8) {
        0 => Lengths::I32(drawn.iter().map(|&n| n as i32).collect()),
        1 => Lengths::U64(drawn.iter().map(|&n| n as u64).collect()),
        2 => Lengths::U8(drawn.iter().map(|&n| n as u8).collect()),
        _ => Lengths::I64(drawn),
    };
    let values = lengths.values();
    let call = || format!("tf_reverse_sequence({shape:?}, {values:?}, {seq}, {batch})");
    // TensorFlow: two distinct non-negative axes of the input (it does not count negatives from
    // the end), one length per batch index, each in [0, seq_dim].
    let axes = match (in_rank(seq), in_rank(batch)) {
        (Some(s), Some(b)) if s != b => Some((s, b)),
        _ => None,
    };
    let valid = axes.filter(|&(s, b)| {
        values.len() == shape[b] && values.iter().all(|&n| (0..=shape[s] as i128).contains(&n))
    });
    let got = lengths.call(&x, seq, batch);
    assert_outcome(&call, &got, valid.is_some());
    assert_same(&call, &got, &lengths.call(&y, seq, batch));
    let (Ok(got), Some((s, b))) = (got, valid) else {
        return;
    };
    assert_elements(&call, &got, &shape, |j| {
        // out[.., b, .., t, ..] = in[.., b, .., n - 1 - t, ..] for t < n = lengths[b].
        let n = values[j[b]] as usize;
        let mut i = j.to_vec();
        if i[s] < n {
            i[s] = n - 1 - i[s];
        }
        flat(&i, &shape)
    });
}
