//! The scatter ops: proptests against a naive oracle written from TensorFlow's definition
//! (element by element, no code shared with `src/`), the round trip through `tf_gather_nd`,
//! the in-place forms in every memory layout (untouched on `Err`), and edge cases.

use ndarray::{Array1, Array2, ArrayD, IxDyn, array};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{Layout, arange, base, indices as all_indices, input, view};

/// What the oracle expects.
#[derive(Debug, PartialEq)]
enum Want {
    Ok(ArrayD<i64>),
    /// The position (in `indices.shape[..-1]`) of the last bad index vector.
    Bad(Vec<usize>),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Add,
    Update,
}

/// `start` with, for each index vector `v` at position `p` in row-major order and each
/// multi-index `s` of a slice, `out[v ++ s] (+)= updates[p ++ s]`.
fn oracle(start: ArrayD<i64>, indices: &ArrayD<i64>, updates: &ArrayD<i64>, mode: Mode) -> Want {
    let mut out = start;
    let shape = out.shape().to_vec();
    let is = indices.shape().to_vec();
    let depth = is[is.len() - 1];
    let positions = &is[..is.len() - 1];
    let slice_shape = &shape[depth..];
    let mut bad = None;
    for p in all_indices(positions) {
        let mut v = Vec::new();
        for c in 0..depth {
            let mut at = p.clone();
            at.push(c);
            v.push(indices[IxDyn(&at)]);
        }
        if v.iter()
            .zip(&shape)
            .any(|(&i, &d)| i < 0 || i as usize >= d)
        {
            bad = Some(p.clone());
        }
    }
    if let Some(p) = bad {
        return Want::Bad(p);
    }
    for p in all_indices(positions) {
        let v: Vec<usize> = (0..depth)
            .map(|c| {
                let mut at = p.clone();
                at.push(c);
                indices[IxDyn(&at)] as usize
            })
            .collect();
        for s in all_indices(slice_shape) {
            let target: Vec<usize> = v.iter().chain(&s).copied().collect();
            let source: Vec<usize> = p.iter().chain(&s).copied().collect();
            let u = updates[IxDyn(&source)];
            match mode {
                Mode::Add => out[IxDyn(&target)] += u,
                Mode::Update => out[IxDyn(&target)] = u,
            }
        }
    }
    Want::Ok(out)
}

fn got(result: Result<ArrayD<i64>, Error>) -> Want {
    match result {
        Ok(a) => Want::Ok(a),
        Err(Error::ScatterOutOfBounds { position, .. }) => Want::Bad(position),
        Err(e) => panic!("unexpected error {e}"),
    }
}

/// An output shape with no empty axis (so index vectors exist), a depth, index-vector positions,
/// and index values that are mostly in range (a few out, negative ones included).
fn scatter_case() -> impl Strategy<Value = (Vec<usize>, usize, Vec<usize>, Vec<i64>, Layout)> {
    (
        input(4).prop_filter("non-empty axes", |(s, _)| !s.is_empty() && !s.contains(&0)),
        prop::collection::vec(0usize..=3, 1..=2),
    )
        .prop_flat_map(|((shape, layout), positions)| {
            let rank = shape.len();
            (Just(shape), 1..=rank, Just(positions), Just(layout))
        })
        .prop_flat_map(|(shape, depth, positions, layout)| {
            let n: usize = positions.iter().product::<usize>() * depth;
            let value = prop_oneof![20 => 0i64..4, 1 => -3i64..0, 1 => 4i64..7];
            (
                Just(shape),
                Just(depth),
                Just(positions),
                prop::collection::vec(value, n),
                Just(layout),
            )
        })
}

fn index_array(positions: &[usize], depth: usize, values: Vec<i64>) -> ArrayD<i64> {
    let mut shape = positions.to_vec();
    shape.push(depth);
    ArrayD::from_shape_vec(IxDyn(&shape), values).unwrap()
}

fn updates_for(positions: &[usize], shape: &[usize], depth: usize) -> ArrayD<i64> {
    let mut ushape = positions.to_vec();
    ushape.extend_from_slice(&shape[depth..]);
    arange(&ushape).mapv(|v| 100 + 7 * v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn scatter_nd_matches_oracle((shape, depth, positions, values, _) in scatter_case()) {
        let indices = index_array(&positions, depth, values);
        let updates = updates_for(&positions, &shape, depth);
        let want = oracle(ArrayD::zeros(IxDyn(&shape)), &indices, &updates, Mode::Add);
        let shape_i: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        prop_assert_eq!(got(tf_scatter_nd(&indices, &updates, &shape_i)), want);
    }

    #[test]
    fn tensor_ops_match_oracle((shape, depth, positions, values, layout) in scatter_case()) {
        let indices = index_array(&positions, depth, values);
        let updates = updates_for(&positions, &shape, depth);
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        for mode in [Mode::Add, Mode::Update] {
            let want = oracle(x.to_owned(), &indices, &updates, mode);
            let result = match mode {
                Mode::Add => x.tf_tensor_scatter_nd_add(&indices, &updates),
                Mode::Update => x.tf_tensor_scatter_nd_update(&indices, &updates),
            };
            prop_assert_eq!(got(result), want);
        }
    }

    /// In any layout: the oracle's result in place, or an Err with every element untouched.
    #[test]
    fn in_place_matches_oracle_or_is_untouched(
        (shape, depth, positions, values, layout) in scatter_case()
    ) {
        let indices = index_array(&positions, depth, values);
        let updates = updates_for(&positions, &shape, depth);
        for mode in [Mode::Add, Mode::Update] {
            let mut b = base(&shape, layout);
            let before = b.clone();
            let want = oracle(view(&b, &shape, layout).to_owned(), &indices, &updates, mode);
            let mut x = naive_view_mut(&mut b, &shape, layout);
            let result = match mode {
                Mode::Add => x.tf_scatter_nd_add(&indices, &updates),
                Mode::Update => x.tf_scatter_nd_update(&indices, &updates),
            };
            let after = x.to_owned();
            match (result, want) {
                (Ok(()), Want::Ok(w)) => prop_assert_eq!(after, w),
                (Err(Error::ScatterOutOfBounds { position, .. }), Want::Bad(p)) => {
                    prop_assert_eq!(position, p);
                    prop_assert_eq!(&b, &before);
                }
                (r, w) => prop_assert!(false, "got {:?}, want {:?}", r, w),
            }
        }
    }

    /// Scattering what `tf_gather_nd` picked, at distinct index vectors, rebuilds those parts
    /// of `x` and leaves zeros elsewhere; gathering the scatter gives the updates back.
    #[test]
    fn round_trip_through_gather_nd((shape, depth, positions, values, _) in scatter_case()) {
        let indices = index_array(&positions, depth, values);
        let x = arange(&shape).mapv(|v| v + 1);
        let Ok(picked) = x.tf_gather_nd(&indices, 0) else {
            // An index out of range: both ops refuse it.
            let shape_i: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
            let updates = updates_for(&positions, &shape, depth);
            prop_assert!(tf_scatter_nd(&indices, &updates, &shape_i).is_err());
            return Ok(());
        };
        let shape_i: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let scattered = tf_scatter_nd(&indices, &picked, &shape_i).unwrap();
        let vectors: Vec<Vec<i64>> = indices
            .rows()
            .into_iter()
            .map(|r| r.to_vec())
            .collect();
        let mut distinct = vectors.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() == vectors.len() {
            prop_assert_eq!(&scattered.tf_gather_nd(&indices, 0).unwrap(), &picked);
            let covered = tf_scatter_nd(&indices, &picked.mapv(|_| 1i64), &shape_i).unwrap();
            let masked = &x * &covered;
            prop_assert_eq!(scattered, masked);
        } else {
            // Duplicates add: each element is x times how often it was named.
            let counts = tf_scatter_nd(&indices, &picked.mapv(|_| 1i64), &shape_i).unwrap();
            prop_assert_eq!(scattered, &x * &counts);
        }
    }
}

/// The mutable view of `shape` in layout `layout` (the mutable twin of `naive::view`).
fn naive_view_mut<'a>(
    b: &'a mut ArrayD<i64>,
    shape: &[usize],
    layout: Layout,
) -> ndarray::ArrayViewMutD<'a, i64> {
    use ndarray::{Axis, Slice};
    let mut v = b.view_mut();
    let last = shape.len().checked_sub(1).map(Axis);
    match (layout, last) {
        (Layout::Strided, Some(last)) => v.slice_axis_inplace(last, Slice::new(0, None, 2)),
        (Layout::Reversed, Some(_)) => v.invert_axis(Axis(0)),
        (Layout::Transposed, _) => v = v.reversed_axes(),
        (Layout::Offset, Some(_)) => v.slice_axis_inplace(Axis(0), Slice::from(1..)),
        _ => {}
    }
    assert_eq!(v.shape(), shape);
    v
}

#[test]
fn wrapping_and_float_and_bool_adds() {
    let out = tf_scatter_nd(&array![[0], [0]], &array![i32::MAX, 1], &[1]).unwrap();
    assert_eq!(out, array![i32::MIN].into_dyn());
    let out = tf_scatter_nd(&array![[0]], &array![-0.0f64], &[1]).unwrap();
    assert!(
        out[[0]].is_sign_positive(),
        "0.0 + -0.0 is 0.0, as in TensorFlow"
    );
    let out = tf_scatter_nd(&array![[1], [1]], &array![true, true], &[3]).unwrap();
    assert_eq!(out, array![false, true, false].into_dyn());
    let x = array![1.0f32, f32::NAN];
    let out = x
        .tf_tensor_scatter_nd_add(&array![[0]], &array![f32::NAN])
        .unwrap();
    assert!(out[0].is_nan() && out[1].is_nan());
}

#[test]
fn refused_index_ranks() {
    let x = Array2::<i32>::zeros((4, 2));
    let err = x
        .tf_tensor_scatter_nd_update(&array![1, 0], &ndarray::arr0(5))
        .unwrap_err();
    assert_eq!(err, Error::ScatterIndicesRank { shape: vec![2] });
    assert!(
        err.to_string()
            .contains("write [1, n] for one index vector")
    );
    let err = tf_scatter_nd(&ndarray::arr0(1), &array![5], &[4]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Indices shape must have rank at least one. Found:[]"
    );
}

#[test]
fn tensorflow_abort_is_an_error() {
    // TF: Check failed: d < dims() (1 vs. 1), the process aborts.
    let err = tf_scatter_nd(&array![[[1]]], &array![9], &[4]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Dimensions [0,2) of indices[shape=[1,1,1]] must match dimensions [0,2) of \
         updates[shape=[1]]"
    );
    let mut x = Array1::<i64>::zeros(4);
    let err = x
        .tf_scatter_nd_add(&array![[[1]], [[2]]], &array![[1]].into_dyn())
        .unwrap_err();
    assert!(matches!(err, Error::ScatterOuterShape { .. }));
}

#[test]
fn huge_shapes_and_values() {
    let err = tf_scatter_nd(&array![[0]], &array![1u8], &[1i64 << 40, 1 << 40]).unwrap_err();
    assert!(matches!(err, Error::ScatterInnerShape { .. }));
    let err = tf_scatter_nd(&array![[0, 0]], &array![1u8], &[1i64 << 40, 1 << 40]).unwrap_err();
    assert!(matches!(err, Error::TooLarge { .. }), "{err}");
    let err = tf_scatter_nd(&array![[0]], &array![1u8], &[u64::MAX]).unwrap_err();
    assert!(matches!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Shape,
            ..
        }
    ));
}

#[test]
fn long_index_vectors_past_tensorflow_limit() {
    let shape = [1i64, 2, 1, 2, 1, 2, 1, 2, 1];
    let idx = array![[0, 1, 0, 1, 0, 1, 0, 1, 0]];
    let out = tf_scatter_nd(&idx, &array![7], &shape).unwrap();
    assert_eq!(out.sum(), 7);
    assert_eq!(out[IxDyn(&[0, 1, 0, 1, 0, 1, 0, 1, 0])], 7);
}

#[test]
fn shape_is_any_integer_list() {
    let (idx, upd) = (array![[1], [3]], array![5, 6]);
    let want = array![0, 5, 0, 6].into_dyn();
    assert_eq!(tf_scatter_nd(&idx, &upd, &[4]).unwrap(), want);
    assert_eq!(tf_scatter_nd(&idx, &upd, &vec![4u8]).unwrap(), want);
    assert_eq!(tf_scatter_nd(&idx, &upd, &array![4i64]).unwrap(), want);
    let err = tf_scatter_nd(&idx, &upd, &array![-4i32]).unwrap_err();
    assert_eq!(
        err,
        Error::NegativeDimension {
            index: 0,
            value: -4
        }
    );
}
