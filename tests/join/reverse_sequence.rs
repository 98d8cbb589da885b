//! `tf_reverse_sequence` against a naive oracle written from TensorFlow's definition (one output
//! element at a time, index arithmetic only, no code shared with `src/`), plus edge cases: every
//! axis order, rank 9, zero-size axes, views in any layout, lengths of any integer type.

use ndarray::{Array, ArrayD, ArrayView, ArrayViewD, Axis, array, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{arange, flat, indices};

/// What the oracle expects: the output's elements (its shape is the input's), or which check
/// fails, named by TensorFlow's order.
#[derive(Debug, PartialEq)]
enum Want {
    Ok(Vec<i64>),
    Axis(&'static str, isize),
    Equal(usize),
    Count,
    Negative(usize),
    TooLong(usize),
}

/// `tf.reverse_sequence` on an input of `shape` holding `values` (row-major):
/// `out[.., b, .., t, ..] = in[.., b, .., L[b] - 1 - t, ..]` for `t < L[b]`, else the input.
fn oracle(shape: &[usize], values: &[i64], lengths: &[i64], seq: isize, batch: isize) -> Want {
    let rank = shape.len() as isize;
    if batch < 0 {
        return Want::Axis("batch_axis", batch);
    }
    if seq < 0 {
        return Want::Axis("seq_axis", seq);
    }
    if seq == batch {
        return Want::Equal(seq as usize);
    }
    if seq >= rank {
        return Want::Axis("seq_axis", seq);
    }
    if batch >= rank {
        return Want::Axis("batch_axis", batch);
    }
    let (seq, batch) = (seq as usize, batch as usize);
    if lengths.len() != shape[batch] {
        return Want::Count;
    }
    for (b, &n) in lengths.iter().enumerate() {
        if n < 0 {
            return Want::Negative(b);
        }
        if n > shape[seq] as i64 {
            return Want::TooLong(b);
        }
    }
    let total: usize = shape.iter().product();
    let mut out = Vec::with_capacity(total);
    for mut index in indices(shape) {
        let n = lengths[index[batch]] as usize;
        if index[seq] < n {
            index[seq] = n - 1 - index[seq];
        }
        out.push(values[flat(&index, shape)]);
    }
    Want::Ok(out)
}

fn got(shape: &[usize], result: Result<ArrayD<i64>, Error>) -> Want {
    match result {
        Ok(a) => {
            assert_eq!(a.shape(), shape);
            Want::Ok(a.iter().copied().collect())
        }
        Err(Error::AxisOutOfRange {
            argument,
            axis,
            min: 0,
            ..
        }) if argument == "seq_axis" => Want::Axis("seq_axis", axis),
        Err(Error::AxisOutOfRange {
            argument,
            axis,
            min: 0,
            ..
        }) if argument == "batch_axis" => Want::Axis("batch_axis", axis),
        Err(Error::SeqAxisIsBatchAxis { axis }) => Want::Equal(axis),
        Err(Error::SeqLengthsCount { .. }) => Want::Count,
        Err(Error::SeqLengthNegative { index, .. }) => Want::Negative(index),
        Err(Error::SeqLengthTooLong { index, .. }) => Want::TooLong(index),
        Err(e) => panic!("unexpected error {e}"),
    }
}

/// 0: as it is, 1: transposed, 2: every axis reversed.
fn view_of(x: &ArrayD<i64>, layout: u8) -> ArrayViewD<'_, i64> {
    let mut v = x.view();
    match layout {
        1 => v = v.reversed_axes(),
        2 => {
            for k in 0..v.ndim() {
                v.invert_axis(Axis(k));
            }
        }
        _ => {}
    }
    v
}

type Case = (Vec<usize>, Vec<i64>, isize, isize, u8);

fn case_strategy() -> impl Strategy<Value = Case> {
    let shape = prop::collection::vec(0usize..5, 2..=5);
    (shape, 0u8..3, any::<u64>())
        .prop_flat_map(|(shape, layout, pick)| {
            let rank = shape.len() as isize;
            // Mostly two distinct valid axes; sometimes anything in [-2, rank + 1].
            let seq = (pick % rank as u64) as isize;
            let batch = ((pick / 7) % (rank as u64 - 1)) as isize;
            let batch = if batch >= seq { batch + 1 } else { batch };
            let axes = prop_oneof![
                9 => Just((seq, batch)),
                1 => (-2..=rank + 1, -2..=rank + 1),
            ];
            (Just(shape), axes, Just(layout))
        })
        .prop_flat_map(|(shape, (seq, batch), layout)| {
            let rank = shape.len() as isize;
            let dim = |a: isize| {
                if (0..rank).contains(&a) {
                    shape[a as usize]
                } else {
                    2
                }
            };
            let (seq_dim, batch_dim) = (dim(seq) as i64, dim(batch));
            let length = prop_oneof![
                8 => 0..=seq_dim,
                2 => Just(seq_dim),
                1 => Just(-1i64),
                1 => Just(seq_dim + 1),
            ];
            let count = prop_oneof![9 => Just(batch_dim), 1 => 0..batch_dim + 2];
            let lengths = count.prop_flat_map(move |n| prop::collection::vec(length.clone(), n));
            (Just(shape), lengths, Just(seq), Just(batch), Just(layout))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn reverse_sequence_matches_oracle((shape, lengths, seq, batch, layout) in case_strategy()) {
        let base = arange(&shape);
        let x = view_of(&base, layout);
        let values: Vec<i64> = x.iter().copied().collect();
        let want = oracle(x.shape(), &values, &lengths, seq, batch);
        prop_assert_eq!(got(x.shape(), x.tf_reverse_sequence(&lengths, seq, batch)), want);
        // The same lengths as i16: the integer type does not matter.
        let narrow: Vec<i16> = lengths.iter().map(|&n| n as i16).collect();
        prop_assert_eq!(
            x.tf_reverse_sequence(&narrow, seq, batch),
            x.tf_reverse_sequence(&lengths, seq, batch)
        );
    }
}

#[test]
fn oracle_agrees_with_tensorflow_example() {
    // tf.reverse_sequence([[1, 2, 3], [4, 5, 6]], [3, 2], seq_axis=1, batch_axis=0)
    let want = oracle(&[2, 3], &[1, 2, 3, 4, 5, 6], &[3, 2], 1, 0);
    assert_eq!(want, Want::Ok(vec![3, 2, 1, 5, 4, 6]));
}

#[test]
fn every_axis_order_at_rank_four() {
    let shape = [3, 4, 2, 5];
    let x = arange(&shape);
    let values: Vec<i64> = x.iter().copied().collect();
    for seq in 0..4 {
        for batch in (0..4).filter(|&b| b != seq) {
            let lengths: Vec<i64> = (0..shape[batch])
                .map(|b| (b * 3 % (shape[seq] + 1)) as i64)
                .collect();
            let want = oracle(&shape, &values, &lengths, seq as isize, batch as isize);
            let result = x.tf_reverse_sequence(&lengths, seq as isize, batch as isize);
            assert_eq!(got(&shape, result), want, "seq {seq}, batch {batch}");
        }
    }
}

#[test]
fn rank_nine_past_tensorflow_limit() {
    let shape = [2, 1, 3, 1, 2, 1, 2, 1, 2];
    let x = arange(&shape);
    let values: Vec<i64> = x.iter().copied().collect();
    for (seq, batch) in [(2usize, 0usize), (0, 8), (8, 4)] {
        let lengths: Vec<u8> = (0..shape[batch])
            .map(|b| (shape[seq] - b % 2) as u8)
            .collect();
        let wide: Vec<i64> = lengths.iter().map(|&n| n.into()).collect();
        let (s, b) = (seq as isize, batch as isize);
        let want = oracle(&shape, &values, &wide, s, b);
        assert_eq!(got(&shape, x.tf_reverse_sequence(&lengths, s, b)), want);
    }
}

#[test]
fn zero_and_one_are_the_identity() {
    let x = Array::from_shape_fn((3, 4, 2), |(a, b, c)| a * 100 + b * 10 + c);
    assert_eq!(x.tf_reverse_sequence(&[0, 1, 0], 1, 0).unwrap(), x);
    assert_eq!(x.tf_reverse_sequence(&[1usize, 0], 0, 2).unwrap(), x);
}

#[test]
fn zero_size_axes() {
    let x = Array::<i64, _>::zeros((2, 0, 3));
    assert_eq!(
        x.tf_reverse_sequence(&[0, 0], 1, 0).unwrap().shape(),
        &[2, 0, 3]
    );
    assert_eq!(
        x.tf_reverse_sequence(&[0, 1], 1, 0),
        Err(Error::SeqLengthTooLong {
            index: 1,
            length: 1,
            seq_axis: 1,
            dim: 0
        })
    );
    let empty: [i32; 0] = [];
    assert_eq!(
        x.tf_reverse_sequence(&empty, 0, 1).unwrap().shape(),
        &[2, 0, 3]
    );
}

#[test]
fn views_in_any_layout() {
    let big = Array::from_shape_fn((6, 8), |(a, b)| (a * 10 + b) as i64);
    let view = big.slice(s![..;2, ..;-2]);
    let copy = view.to_owned();
    assert_eq!(
        view.tf_reverse_sequence(&[4, 2, 0], 1, 0),
        copy.tf_reverse_sequence(&[4, 2, 0], 1, 0)
    );
    assert_eq!(
        view.t().tf_reverse_sequence(&[3, 1, 2, 0], 1, 0),
        copy.t().to_owned().tf_reverse_sequence(&[3, 1, 2, 0], 1, 0)
    );
}

#[test]
fn keeps_the_dimension_type_and_clones() {
    let x = array![["a", "b", "c"], ["d", "e", "f"]].mapv(String::from);
    let y: ndarray::Array2<String> = x.tf_reverse_sequence(&[2, 3], 1, 0).unwrap();
    assert_eq!(
        y,
        array![["b", "a", "c"], ["f", "e", "d"]].mapv(String::from)
    );
}

#[test]
fn errors() {
    let x = array![[1, 2, 3], [4, 5, 6]];
    let e = x.tf_reverse_sequence(&[1, 1], 1, -1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "batch_axis = -1 not in [0, 2) (tf_reverse_sequence)"
    );
    assert_eq!(
        x.tf_reverse_sequence(&[1, 1], 1, 1)
            .unwrap_err()
            .to_string(),
        "batch_dim == seq_dim == 1 (seq_axis and batch_axis must be different axes)"
    );
    let e = x.tf_reverse_sequence(&[-2, 1], 1, 0).unwrap_err();
    assert!(e.to_string().starts_with("seq_lens(0) < 0"));
    let e = x.tf_reverse_sequence(&[u64::MAX, 1], 1, 0).unwrap_err();
    assert!(matches!(
        e,
        Error::ValueOutOfRange {
            argument: Argument::SeqLengths,
            index: 0,
            ..
        }
    ));
    assert!(matches!(
        array![1, 2].tf_reverse_sequence(&[1, 1], 0, 0),
        Err(Error::SeqAxisIsBatchAxis { axis: 0 })
    ));
    // A broadcast view whose copy would not fit in memory.
    let one = [0f32];
    let one = ArrayView::from(&one[..]);
    let huge = one.broadcast((2, 1 << 61)).unwrap();
    assert!(matches!(
        huge.tf_reverse_sequence(&[0, 0], 1, 0),
        Err(Error::TooLarge { .. })
    ));
}
