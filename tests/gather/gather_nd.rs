//! `tf_gather_nd`: proptest against a naive oracle written from TensorFlow's definition, and edge
//! cases (zero-size axes, rank 0, rank 9, views and other array kinds in, index types).

use ndarray::{
    ArcArray, Array1, Array2, Array3, ArrayD, ArrayView2, CowArray, Dimension, IxDyn, arr0, array,
    s,
};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::arange;

/// What the oracle expects: the result, or the position of the last bad index vector, or the
/// empty-params error.
#[derive(Debug)]
enum Want {
    Ok(ArrayD<i64>),
    Bad(Vec<usize>),
    EmptyParams,
}

/// `out[b.., i.., s..] = params[b.., indices[b.., i.., 0], ..., indices[b.., i.., C-1], s..]`,
/// index by index, for batch axes that match.
fn oracle(params: &ArrayD<i64>, indices: &ArrayD<i64>, bd: usize) -> Want {
    let ps = params.shape();
    let is = indices.shape();
    let depth = is[is.len() - 1];
    let vec_shape = &is[..is.len() - 1];
    let mut out_shape = ps[..bd].to_vec();
    out_shape.extend_from_slice(&vec_shape[bd..]);
    out_shape.extend_from_slice(&ps[bd + depth..]);
    let vectors: usize = vec_shape.iter().product();
    if vectors == 0 {
        return Want::Ok(ArrayD::zeros(IxDyn(&out_shape)));
    }
    if params.is_empty() {
        return Want::EmptyParams;
    }
    let mut last_bad = None;
    for flat in 0..vectors {
        let mut pos = vec![0; vec_shape.len()];
        let mut rest = flat;
        for k in (0..vec_shape.len()).rev() {
            pos[k] = rest % vec_shape[k];
            rest /= vec_shape[k];
        }
        for c in 0..depth {
            let mut at = pos.clone();
            at.push(c);
            let v = indices[IxDyn(&at)];
            if v < 0 || v as usize >= ps[bd + c] {
                last_bad = Some(pos.clone());
            }
        }
    }
    if let Some(pos) = last_bad {
        return Want::Bad(pos);
    }
    let inner = vec_shape.len() - bd;
    Want::Ok(ArrayD::from_shape_fn(IxDyn(&out_shape), |o| {
        let o = o.slice();
        let (b, rest) = o.split_at(bd);
        let (i, s) = rest.split_at(inner);
        let mut at: Vec<usize> = b.to_vec();
        for c in 0..depth {
            let mut ipos: Vec<usize> = b.iter().chain(i).copied().collect();
            ipos.push(c);
            at.push(indices[IxDyn(&ipos)] as usize);
        }
        at.extend_from_slice(s);
        params[IxDyn(&at)]
    }))
}

/// params shape, batch_dims, indices (sharing the batch axes; vectors of depth up to the rank
/// left), values mostly in range, and whether to read params through a reversed view.
fn gather_nd_case() -> impl Strategy<Value = (Vec<usize>, usize, ArrayD<i64>, bool)> {
    (1usize..=4)
        .prop_flat_map(|rank| (prop::collection::vec(0usize..=3, rank), 0..rank))
        .prop_flat_map(|(shape, bd)| {
            let depth = 0..=(shape.len() - bd);
            let extra = prop::collection::vec(0usize..=3, 0..=2);
            (Just(shape), Just(bd), depth, extra)
        })
        .prop_flat_map(|(shape, bd, depth, extra)| {
            let mut idx_shape = shape[..bd].to_vec();
            idx_shape.extend(extra);
            let vectors: usize = idx_shape.iter().product();
            let dims: Vec<i64> = shape[bd..bd + depth].iter().map(|&d| d as i64).collect();
            let vector = dims
                .iter()
                .map(|&d| prop_oneof![12 => 0..d.max(1), 1 => prop_oneof![Just(-1i64), Just(d)]])
                .collect::<Vec<_>>();
            idx_shape.push(depth);
            (
                Just(shape),
                Just(bd),
                Just(idx_shape),
                prop::collection::vec(vector, vectors),
                any::<bool>(),
            )
        })
        .prop_map(|(shape, bd, idx_shape, vectors, reversed)| {
            let values: Vec<i64> = vectors.into_iter().flatten().collect();
            let indices = ArrayD::from_shape_vec(IxDyn(&idx_shape), values).unwrap();
            (shape, bd, indices, reversed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn matches_oracle((shape, bd, indices, reversed) in gather_nd_case()) {
        let base = arange(&shape);
        let rev = |_| ndarray::Slice::new(0, None, -1);
        let view = if reversed { base.slice_each_axis(rev) } else { base.view() };
        let params = view.to_owned();
        let got = view.tf_gather_nd(&indices, bd as isize);
        match oracle(&params, &indices, bd) {
            Want::Ok(want) => {
                let got = got.unwrap();
                prop_assert!(got.is_standard_layout());
                prop_assert_eq!(got, want);
            }
            Want::Bad(position) => {
                let err = got.unwrap_err();
                let is_last_bad = matches!(&err, Error::GatherNdOutOfBounds { position: p, .. } if *p == position);
                prop_assert!(is_last_bad, "{:?}, expected position {:?}", err, position);
            }
            Want::EmptyParams => {
                prop_assert!(matches!(got, Err(Error::GatherNdEmptyParams { .. })), "{:?}", got);
            }
        }
    }
}

/// Many vectors (blocks of 4,096 are computed before they are copied), batch elements that end
/// inside a block, and vectors of every length the kernel fixes at compile time (1 to 3) or not
/// (4): the oracle's result, and with bad vectors in two blocks the last one reported.
#[test]
fn long_batched_vector_lists_across_blocks() {
    for depth in 1..=4usize {
        let shape = [3usize, 5, 4, 3, 2];
        let params = arange(&shape);
        let mut r = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            (r % n as u64) as i64
        };
        let values: Vec<i64> = (0..3 * 3000)
            .flat_map(|_| (0..depth).map(|c| next(shape[1 + c])).collect::<Vec<_>>())
            .collect();
        let mut indices = ArrayD::from_shape_vec(IxDyn(&[3, 3000, depth]), values).unwrap();
        let want = match oracle(&params, &indices, 1) {
            Want::Ok(want) => want,
            other => panic!("all in range: {other:?}"),
        };
        assert_eq!(
            params.tf_gather_nd(&indices, 1).unwrap(),
            want,
            "depth {depth}"
        );
        // Bad vectors in the first block and in the last: the last is reported.
        indices[[0, 3, depth - 1]] = -1;
        indices[[2, 2950, 0]] = 5;
        let err = params.tf_gather_nd(&indices, 1).unwrap_err();
        assert!(
            matches!(&err, Error::GatherNdOutOfBounds { position, .. } if position == &[2, 2950]),
            "depth {depth}: {err:?}"
        );
    }
}

#[test]
fn errors_name_what_and_where() {
    let x = arange(&[2, 3, 4]);
    let e = |r: Result<ArrayD<i64>, Error>| r.unwrap_err().to_string();
    assert_eq!(
        e(x.tf_gather_nd(&arr0(0), 1)),
        "Argument `batch_dims` = 1 must be less than rank(`indices`) = 0"
    );
    assert_eq!(
        e(arange(&[2, 3]).tf_gather_nd(&ArrayD::<i32>::zeros(IxDyn(&[2, 3, 1, 1])), 2)),
        "Argument `batch_dims` = 2 must be less than rank(`params`) = 2"
    );
    assert_eq!(
        e(x.tf_gather_nd(&Array2::<i32>::zeros((3, 1)), 1)),
        "params.shape[0]: 2 should be equal to indices.shape[0]: 3"
    );
    assert_eq!(
        arr0(1).tf_gather_nd(&array![[0]], 0).unwrap_err(),
        Error::GatherScalarParams
    );
    assert_eq!(
        e(x.tf_gather_nd(&arr0(0), 0)),
        "indices must be at least a vector"
    );
    assert_eq!(
        e(x.tf_gather_nd(&array![[0, 0, 0, 0]], 0)),
        "index innermost dimension length must be <= params rank; saw: 4 vs. 3"
    );
    assert_eq!(
        e(x.tf_gather_nd(&array![[0, 0, 0], [0, 0, 0]], 1)),
        "index innermost dimension length must be <= params rank; saw: 3 vs. 2"
    );
    assert_eq!(
        e(arange(&[0, 3]).tf_gather_nd(&array![[0]], 0)),
        "Requested more than 0 entries, but params is empty.  Params shape: [0,3]"
    );
    assert_eq!(
        e(x.tf_gather_nd(&array![[0, 3]], 0)),
        "indices[0] = [0, 3] does not index into param shape [2,3,4]"
    );
    // With batch axes: the caller's vector and position, params' shape past the batch axes.
    assert_eq!(
        e(x.tf_gather_nd(&array![[[1], [5]], [[7], [0]]], 1)),
        "indices[1,0] = [7] does not index into param shape [3,4]"
    );
}

#[test]
fn batch_axes_compared_by_count_as_tensorflow_does() {
    let x = arange(&[2, 3, 4]);
    // Batch shape [3, 2] on params' [2, 3]: read as 6 batch elements in row-major order.
    let idx = ArrayD::from_elem(IxDyn(&[3, 2, 1]), 1i64);
    let got = x.tf_gather_nd(&idx, 2).unwrap();
    assert_eq!(got, array![[1, 5, 9], [13, 17, 21]].into_dyn());
    // No index element: the batch axes are not compared, the result takes params'.
    let idx = ArrayD::<i64>::zeros(IxDyn(&[5, 3, 0]));
    assert_eq!(x.tf_gather_nd(&idx, 1).unwrap().shape(), &[2, 3, 3, 4]);
}

#[test]
fn any_integer_type_and_array_kind() {
    let x = arange(&[3, 2]);
    let want = array![5, 0].into_dyn();
    let i32s: Array2<i32> = array![[2, 1], [0, 0]];
    let u8s: Array2<u8> = array![[2, 1], [0, 0]];
    let i64s: ArrayD<i64> = array![[2, 1], [0, 0]].into_dyn();
    assert_eq!(x.tf_gather_nd(&i32s, 0).unwrap(), want);
    let view: ArrayView2<'_, u8> = u8s.view();
    assert_eq!(x.tf_gather_nd(&view, 0).unwrap(), want);
    assert_eq!(x.tf_gather_nd(&i64s, 0).unwrap(), want);
    let err = x.tf_gather_nd(&array![[0u64, u64::MAX]], 0).unwrap_err();
    assert_eq!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Indices,
            index: 1,
            value: u64::MAX.to_string()
        }
    );
    let arc: ArcArray<i64, _> = x.to_shared();
    assert_eq!(arc.tf_gather_nd(&i32s, 0).unwrap(), want);
    let cow = CowArray::from(x.view());
    assert_eq!(cow.tf_gather_nd(&i32s, 0).unwrap(), want);
    // Indices in any layout.
    let t = array![[2, 0], [1, 0]];
    assert_eq!(x.tf_gather_nd(&t.t(), 0).unwrap(), want);
}

#[test]
fn views_in_any_layout() {
    let x = Array3::from_shape_fn((4, 5, 6), |(i, j, k)| (100 * i + 10 * j + k) as i64);
    let v = x.slice(s![..;-1, 1..4, ..;2]);
    let got = v.tf_gather_nd(&array![[0, 2], [3, 0]], 0).unwrap();
    assert_eq!(got, array![[330, 332, 334], [10, 12, 14]].into_dyn());
    let t = x.view().reversed_axes();
    let got = t.tf_gather_nd(&array![[5, 4, 3]], 0).unwrap();
    assert_eq!(got, array![345].into_dyn());
}

#[test]
fn zero_size_and_high_rank() {
    let x = arange(&[2, 3]);
    // Empty index vectors pick all of params; no vectors pick nothing, on any params.
    let all = x.tf_gather_nd(&Array2::<i32>::zeros((2, 0)), 0).unwrap();
    assert_eq!(all.shape(), &[2, 2, 3]);
    assert_eq!(all.index_axis(ndarray::Axis(0), 1), x);
    let none = Array2::<i32>::from_elem((0, 2), 9);
    assert_eq!(x.tf_gather_nd(&none, 0).unwrap().shape(), &[0]);
    assert_eq!(
        arange(&[0, 3])
            .tf_gather_nd(&Array2::<i32>::zeros((0, 1)), 0)
            .unwrap()
            .shape(),
        &[0, 3]
    );
    // Rank 9, index vectors of length 9 (TensorFlow's kernel stops at 7).
    let shape = [2, 1, 2, 1, 3, 1, 2, 1, 2];
    let x = arange(&shape);
    let idx = array![[1, 0, 1, 0, 2, 0, 1, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0, 1]];
    assert_eq!(x.tf_gather_nd(&idx, 0).unwrap(), array![47, 1].into_dyn());
    // Batch 4 of rank 9.
    let idx = ArrayD::from_shape_fn(IxDyn(&[2, 1, 2, 1, 2, 2]), |i| {
        if i[5] == 0 {
            ((i[0] + i[4]) % 3) as i64
        } else {
            0
        }
    });
    let got = x.tf_gather_nd(&idx, 4).unwrap();
    assert_eq!(got.shape(), &[2, 1, 2, 1, 2, 2, 1, 2]);
    match oracle(&x, &idx, 4) {
        Want::Ok(want) => assert_eq!(got, want),
        other => panic!("{other:?}"),
    }
}

#[test]
fn many_vectors_across_batches() {
    // More vectors than one block of the copy, batch boundaries inside blocks.
    let x = arange(&[3, 50, 4]);
    let mut idx = ArrayD::from_shape_fn(IxDyn(&[3, 3000, 1]), |i| ((i[0] * 7 + i[1]) % 50) as i64);
    let want = match oracle(&x, &idx, 1) {
        Want::Ok(want) => want,
        other => panic!("{other:?}"),
    };
    assert_eq!(x.tf_gather_nd(&idx, 1).unwrap(), want);
    let elements = ArrayD::from_shape_fn(IxDyn(&[3, 3000, 2]), |i| ((i[1] + i[2]) % 4) as i64);
    let x3 = arange(&[3, 4, 4]);
    match oracle(&x3, &elements, 1) {
        Want::Ok(want) => assert_eq!(x3.tf_gather_nd(&elements, 1).unwrap(), want),
        other => panic!("{other:?}"),
    }
    // Bad vectors in the first and the last block: the last is reported.
    idx[[0, 3, 0]] = 50;
    idx[[2, 2950, 0]] = -1;
    let err = x.tf_gather_nd(&idx, 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "indices[2,2950] = [-1] does not index into param shape [50,4]"
    );
}

#[test]
fn too_large_is_an_error() {
    let x = arange(&[4, 3]);
    let idx = ArrayD::<i32>::zeros(IxDyn(&[1 << 62, 0]));
    assert!(matches!(
        x.tf_gather_nd(&idx, 0),
        Err(Error::TooLarge { .. })
    ));
    let one = Array1::<i32>::zeros(0);
    assert_eq!(x.tf_gather_nd(&one, 0).unwrap(), x.into_dyn());
}
