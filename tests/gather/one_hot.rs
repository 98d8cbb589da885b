//! `tf_one_hot` against a naive oracle written from TensorFlow's definition, plus edge cases.
//!
//! The oracle shares no code with `src/`: for every output position it drops the new axis from
//! the multi-index, reads that index and compares it with the position on the new axis.

use ndarray::{Array1, Array2, ArrayD, ArrayView1, IxDyn, ShapeBuilder, arr0, array};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::indices;

/// `out[i.., d, j..] = indices[i.., j..] == d`, as (shape, values), or `None` for a bad axis.
fn oracle(
    shape: &[usize],
    idx: &[i64],
    depth: usize,
    axis: isize,
) -> Option<(Vec<usize>, Vec<bool>)> {
    let rank = shape.len();
    let a = if axis == -1 {
        rank
    } else if (0..=rank as isize).contains(&axis) {
        axis as usize
    } else {
        return None;
    };
    let mut out_shape = shape.to_vec();
    out_shape.insert(a, depth);
    let values = indices(&out_shape)
        .into_iter()
        .map(|p| {
            let mut q = p.clone();
            let d = q.remove(a);
            let f = q.iter().zip(shape).fold(0, |f, (&i, &n)| f * n + i);
            idx[f] == d as i64
        })
        .collect();
    Some((out_shape, values))
}

fn case() -> impl Strategy<Value = (Vec<usize>, Vec<i64>, usize, isize)> {
    (
        prop::collection::vec(0usize..4, 0..5),
        0usize..5,
        -3isize..6,
    )
        .prop_flat_map(|(shape, depth, axis)| {
            let n: usize = shape.iter().product();
            (
                Just(shape),
                prop::collection::vec(-2i64..6, n),
                Just(depth),
                Just(axis),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn matches_the_oracle((shape, idx, depth, axis) in case()) {
        let indices = ArrayD::from_shape_vec(IxDyn(&shape), idx.clone()).unwrap();
        let got = tf_one_hot(&indices, depth, true, false, axis);
        match oracle(&shape, &idx, depth, axis) {
            None => prop_assert_eq!(got, Err(Error::OneHotAxis { axis, max: shape.len() + 1 })),
            Some((want_shape, want)) => {
                let got = got.unwrap();
                prop_assert_eq!(got.shape(), &want_shape[..]);
                prop_assert_eq!(got.iter().copied().collect::<Vec<_>>(), want);
            }
        }
    }
}

#[test]
fn any_index_array_kind() {
    let want = array![[0, 1, 0], [1, 0, 0]];
    let a: Array1<i32> = array![1, 0];
    assert_eq!(tf_one_hot(&a, 3, 1, 0, -1).unwrap(), want);
    let v: ArrayView1<'_, u8> = ArrayView1::from(&[1u8, 0]);
    assert_eq!(tf_one_hot(&v, 3, 1, 0, -1).unwrap(), want);
    let d: ArrayD<i64> = array![1i64, 0].into_dyn();
    assert_eq!(
        tf_one_hot(&d, 3, 1, 0, -1).unwrap(),
        want.clone().into_dyn()
    );
    let m: Array2<usize> = array![[1], [0]];
    assert_eq!(
        tf_one_hot(&m, 3, 1, 0, 1).unwrap(),
        array![[[0], [1], [0]], [[1], [0], [0]]]
    );
    // A Fortran-order view: its logical (C) order counts, not memory order.
    let f = Array2::from_shape_vec((2, 2).f(), vec![0i16, 2, 1, 3]).unwrap();
    assert_eq!(
        tf_one_hot(&f.view(), 4, 'x', '.', -1).unwrap(),
        array![
            [['x', '.', '.', '.'], ['.', 'x', '.', '.']],
            [['.', '.', 'x', '.'], ['.', '.', '.', 'x']]
        ]
    );
}

#[test]
fn out_of_range_indices_are_all_off() {
    let idx = array![-1i64, 3, i64::MIN, i64::MAX, 2];
    let y = tf_one_hot(&idx, 3, 1u8, 0, -1).unwrap();
    assert_eq!(y.sum_axis(ndarray::Axis(1)), array![0, 0, 0, 0, 1]);
    // Too wide for i64: out of range too, not an error.
    let wide = array![u64::MAX, 0];
    assert_eq!(
        tf_one_hot(&wide, 2, 1, 0, -1).unwrap(),
        array![[0, 0], [1, 0]]
    );
    let huge = array![i128::MAX, -1, 1];
    assert_eq!(
        tf_one_hot(&huge, 2, 1, 0, 0).unwrap(),
        array![[0, 0, 0], [0, 0, 1]]
    );
}

#[test]
fn non_copy_values() {
    let y = tf_one_hot(&array![1, 0], 2, "on".to_string(), String::new(), -1).unwrap();
    assert_eq!(y[[0, 1]], "on");
    assert_eq!(y[[0, 0]], "");
}

#[test]
fn shapes_and_errors() {
    assert_eq!(tf_one_hot(&arr0(1), 3, 1, 0, -1).unwrap(), array![0, 1, 0]);
    assert_eq!(tf_one_hot(&arr0(1), 3, 1, 0, 0).unwrap(), array![0, 1, 0]);
    let err = tf_one_hot(&arr0(1), 3, 1, 0, 1).unwrap_err();
    assert_eq!(err, Error::OneHotAxis { axis: 1, max: 1 });
    assert_eq!(
        err.to_string(),
        "Expected axis to be -1 or between [0, 1).  But received: 1"
    );
    assert_eq!(
        tf_one_hot(&array![0, 1], 3, 1, 0, -2),
        Err(Error::OneHotAxis { axis: -2, max: 2 })
    );
    assert!(matches!(
        tf_one_hot(&array![0], 3, 1, 0, isize::MIN),
        Err(Error::OneHotAxis { .. })
    ));
    // depth 0 gives an empty axis.
    assert_eq!(
        tf_one_hot(&array![1, 2], 0, 1, 0, 0).unwrap().shape(),
        &[0, 2]
    );
    // Sizes past isize are TooLarge, not a panic or an abort.
    assert!(matches!(
        tf_one_hot(&array![0, 1], usize::MAX, 1.0f32, 0.0, -1),
        Err(Error::TooLarge { .. })
    ));
    assert!(matches!(
        tf_one_hot(&array![0, 1], usize::MAX / 4, 1.0f32, 0.0, -1),
        Err(Error::TooLarge { .. })
    ));
    // ... but an empty result needs no memory, whatever the depth.
    let none = Array1::<i32>::zeros(0);
    assert_eq!(
        tf_one_hot(&none, isize::MAX as usize, 1u64, 0, -1)
            .unwrap()
            .shape(),
        &[0, isize::MAX as usize]
    );
}

#[test]
fn rank_nine_output() {
    let shape = [2, 1, 2, 1, 2, 1, 2, 2];
    let n: usize = shape.iter().product();
    let idx: Vec<i64> = (0..n as i64).map(|v| v % 4 - 1).collect();
    let indices = ArrayD::from_shape_vec(IxDyn(&shape), idx.clone()).unwrap();
    for axis in [-1, 0, 4, 8] {
        let got = tf_one_hot(&indices, 3, true, false, axis).unwrap();
        let (ws, wv) = oracle(&shape, &idx, 3, axis).unwrap();
        assert_eq!(got.shape(), &ws[..]);
        assert_eq!(got.iter().copied().collect::<Vec<_>>(), wv);
    }
}
