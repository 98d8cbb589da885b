//! `tf_gather`: proptest against a naive oracle written from TensorFlow's definition, and edge
//! cases (zero-size axes, rank 0, rank 9, views and other array kinds in, index types).

use ndarray::{
    ArcArray, Array, Array1, Array2, ArrayD, ArrayView1, Axis, CowArray, Dimension, IxDyn, arr0,
    array, s,
};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::arange;

/// `out[b.., p.., i.., q..] = params[b.., p.., indices[b.., i..], q..]`, index by index; `Err`
/// with the first bad index's position if the result has elements and an index is outside the
/// axis. `axis` and `batch_dims` are already non-negative and valid.
fn oracle(
    params: &ArrayD<i64>,
    indices: &ArrayD<i64>,
    axis: usize,
    batch_dims: usize,
) -> Result<ArrayD<i64>, Vec<usize>> {
    let ps = params.shape();
    let is = indices.shape();
    let mut out_shape = ps[..axis].to_vec();
    out_shape.extend_from_slice(&is[batch_dims..]);
    out_shape.extend_from_slice(&ps[axis + 1..]);
    let out_len: usize = out_shape.iter().product();
    if out_len > 0 {
        for (pos, &v) in indices.indexed_iter() {
            if v < 0 || v as usize >= ps[axis] {
                return Err(pos.slice().to_vec());
            }
        }
    }
    let gathered = is.len() - batch_dims;
    Ok(ArrayD::from_shape_fn(IxDyn(&out_shape), |o| {
        let o = o.slice();
        let (b, rest) = o.split_at(batch_dims);
        let (p, rest) = rest.split_at(axis - batch_dims);
        let (i, q) = rest.split_at(gathered);
        let index_pos: Vec<usize> = b.iter().chain(i).copied().collect();
        let v = indices[IxDyn(&index_pos)] as usize;
        let mut at: Vec<usize> = b.iter().chain(p).copied().collect();
        at.push(v);
        at.extend_from_slice(q);
        params[IxDyn(&at)]
    }))
}

/// params shape, axis, batch_dims, indices shape (sharing the batch axes), index values (some
/// out of range), and how to write axis / batch_dims (negative or not), and whether to read
/// params through a reversed view.
fn gather_case() -> impl Strategy<Value = (Vec<usize>, usize, usize, ArrayD<i64>, bool, bool, bool)>
{
    (1usize..=4)
        .prop_flat_map(|rank| (prop::collection::vec(0usize..=3, rank), 0..rank))
        .prop_flat_map(|(shape, axis)| {
            let bd = 0..=axis;
            (Just(shape), Just(axis), bd)
        })
        .prop_flat_map(|(shape, axis, bd)| {
            let extra = prop::collection::vec(0usize..=3, 0..=2);
            (Just(shape), Just(axis), Just(bd), extra)
        })
        .prop_flat_map(|(shape, axis, bd, extra)| {
            let mut idx_shape = shape[..bd].to_vec();
            idx_shape.extend(extra);
            let n: usize = idx_shape.iter().product();
            let dim = shape[axis] as i64;
            // Mostly in range; -1 and dim are out.
            let values = prop::collection::vec(
                prop_oneof![9 => 0..dim.max(1), 1 => prop_oneof![Just(-1i64), Just(dim)]],
                n,
            );
            (
                Just(shape),
                Just(axis),
                Just(bd),
                Just(idx_shape),
                values,
                any::<(bool, bool, bool)>(),
            )
        })
        .prop_map(|(shape, axis, bd, idx_shape, values, (na, nb, rev))| {
            let indices = ArrayD::from_shape_vec(IxDyn(&idx_shape), values).unwrap();
            (shape, axis, bd, indices, na, nb, rev)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn matches_oracle((shape, axis, bd, indices, neg_axis, neg_bd, reversed) in gather_case()) {
        let base = arange(&shape);
        let params = if reversed { base.slice_each_axis(|_| ndarray::Slice::new(0, None, -1)).to_owned() } else { base.clone() };
        let view = if reversed { base.slice_each_axis(|_| ndarray::Slice::new(0, None, -1)) } else { base.view() };
        let rank = shape.len() as isize;
        // Axis 0 must be written 0: TensorFlow's wrapper ignores batch_dims for the constant 0.
        let axis_arg = if neg_axis && axis > 0 { axis as isize - rank } else { axis as isize };
        // batch_dims - rank(indices) names the same batch_dims, unless it is 0 (then it is 0).
        let bd_arg = if neg_bd && bd > 0 && bd < indices.ndim() { bd as isize - indices.ndim() as isize } else { bd as isize };
        let got = view.tf_gather(&indices, axis_arg, bd_arg);
        match oracle(&params, &indices, axis, bd) {
            Ok(want) => {
                let got = got.unwrap();
                prop_assert!(got.is_standard_layout());
                prop_assert_eq!(got, want);
            }
            Err(position) => {
                let err = got.unwrap_err();
                let is_first_bad = matches!(&err, Error::IndexOutOfRange { position: p, .. } if *p == position);
                prop_assert!(is_first_bad, "{:?}, expected position {:?}", err, position);
            }
        }
    }
}

#[test]
fn axis_zero_drops_batch_dims() {
    let x = arange(&[2, 3, 4]);
    let idx = array![[0], [1]];
    let with = x.tf_gather(&idx, 0, 1).unwrap();
    assert_eq!(with, x.tf_gather(&idx, 0, 0).unwrap());
    assert_eq!(with.shape(), &[2, 1, 3, 4]);
    // Out of range too: TF never sees it.
    assert!(x.tf_gather(&idx, 0, 99).is_ok());
    // -3 names the same axis but keeps batch_dims.
    assert_eq!(
        x.tf_gather(&idx, -3, 1).unwrap_err(),
        Error::BatchDimsPastAxis {
            batch_dims: 1,
            axis: 0
        }
    );
}

#[test]
fn errors_name_what_and_where() {
    let x = arange(&[2, 3]);
    assert_eq!(
        arr0(1.0).tf_gather(&array![0], 0, 0).unwrap_err(),
        Error::GatherScalarParams
    );
    assert_eq!(
        x.tf_gather(&array![0], 2, 0).unwrap_err().to_string(),
        "axis = 2 not in [-2, 2) (tf_gather)"
    );
    assert_eq!(
        x.tf_gather(&array![[0]], 1, 3).unwrap_err().to_string(),
        "Expected batch_dims in the range [-2, 2], but got 3"
    );
    assert_eq!(
        x.tf_gather(&array![[0], [1], [2]], 1, 1)
            .unwrap_err()
            .to_string(),
        "params.shape[0]: 2 should be equal to indices.shape[0]: 3"
    );
    assert_eq!(
        x.tf_gather(&array![[0, 1], [2, 3]], 1, 1)
            .unwrap_err()
            .to_string(),
        "indices[1,1] = 3 is not in [0, 3)"
    );
    assert_eq!(
        x.tf_gather(&arr0(-1), 0, 0).unwrap_err().to_string(),
        "indices = -1 is not in [0, 2)"
    );
}

#[test]
fn any_integer_type_and_array_kind() {
    let x = arange(&[4, 2]);
    let want = array![[6, 7], [0, 1]].into_dyn();
    let i32s: Array1<i32> = array![3, 0];
    let u8s: Array1<u8> = array![3, 0];
    let i64s: ArrayD<i64> = array![3, 0].into_dyn();
    let usizes: Array1<usize> = array![3, 0];
    assert_eq!(x.tf_gather(&i32s, 0, 0).unwrap(), want);
    let view: ArrayView1<'_, u8> = u8s.view();
    assert_eq!(x.tf_gather(&view, 0, 0).unwrap(), want);
    assert_eq!(x.tf_gather(&i64s, 0, 0).unwrap(), want);
    assert_eq!(x.tf_gather(&usizes, 0, 0).unwrap(), want);
    let i2: Array2<i16> = array![[3], [0]];
    assert_eq!(x.tf_gather(&i2, 0, 0).unwrap().shape(), &[2, 1, 2]);
    // A u64 past i64::MAX is not an index TensorFlow could have been given.
    let err = x.tf_gather(&array![0u64, u64::MAX], 0, 0).unwrap_err();
    assert_eq!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Indices,
            index: 1,
            value: u64::MAX.to_string()
        }
    );
    // Params of every kind.
    let arc: ArcArray<i64, _> = x.to_shared();
    assert_eq!(arc.tf_gather(&i32s, 0, 0).unwrap(), want);
    let cow = CowArray::from(x.view());
    assert_eq!(cow.tf_gather(&i32s, 0, 0).unwrap(), want);
    let strings = array![["a", "b"], ["c", "d"]].mapv(String::from);
    let got = strings.tf_gather(&array![1], -1, 0).unwrap();
    assert_eq!(got, array![["b"], ["d"]].mapv(String::from).into_dyn());
}

#[test]
fn views_in_any_layout() {
    let x = arange(&[4, 5, 6]);
    let idx = array![[2, 0], [1, 1]];
    for v in [
        x.view(),
        x.slice(s![..;-1, 1..4, ..;2]).into_dyn(),
        x.view().permuted_axes(IxDyn(&[2, 0, 1])),
        x.slice(s![.., 1..1, ..]).into_dyn(),
    ] {
        for axis in 0..3 {
            let got = v.tf_gather(&idx, axis as isize, 0);
            let mut shape = v.shape()[..axis].to_vec();
            shape.extend([2, 2]);
            shape.extend_from_slice(&v.shape()[axis + 1..]);
            if v.shape()[axis] <= 2 {
                // Index 2 is out of range on this axis, which matters only for a non-empty result.
                assert_eq!(
                    got.is_err(),
                    !shape.contains(&0),
                    "axis {axis} of {:?}",
                    v.shape()
                );
                continue;
            }
            let want = v
                .select(Axis(axis), &[2, 0, 1, 1])
                .as_standard_layout()
                .into_owned()
                .into_shape_with_order(IxDyn(&shape))
                .unwrap();
            assert_eq!(got.unwrap(), want, "axis {axis} of {:?}", v.shape());
        }
    }
}

#[test]
fn zero_size_and_high_rank() {
    // Empty results never look at the indices.
    let x = arange(&[0, 5]);
    assert_eq!(x.tf_gather(&array![7], 1, 0).unwrap().shape(), &[0, 1]);
    let x = arange(&[3, 0]);
    assert_eq!(x.tf_gather(&array![-7], 0, 0).unwrap().shape(), &[1, 0]);
    let empty = Array1::<i32>::zeros(0);
    assert_eq!(
        arange(&[3, 2]).tf_gather(&empty, 0, 0).unwrap().shape(),
        &[0, 2]
    );
    // An axis of length 0 with an index: nothing is in range.
    assert!(arange(&[3, 0, 2]).tf_gather(&array![0], 1, 0).is_err());
    // Rank 9, batch_dims 4.
    let shape = [2, 1, 2, 1, 3, 1, 2, 1, 2];
    let x = arange(&shape);
    let idx = Array::from_shape_fn((2, 1, 2, 1, 2), |(a, _, c, _, e)| ((a + c + e) % 3) as i64);
    let got = x.tf_gather(&idx, 4, 4).unwrap();
    assert_eq!(got.shape(), &[2, 1, 2, 1, 2, 1, 2, 1, 2]);
    let want = oracle(&x, &idx.into_dyn(), 4, 4).unwrap();
    assert_eq!(got, want);
}

#[test]
fn too_large_is_an_error() {
    let x = arange(&[4, 3]);
    let idx = ArrayD::<i32>::zeros(IxDyn(&[1 << 62, 0]));
    assert!(matches!(
        x.tf_gather(&idx, 0, 0),
        Err(Error::TooLarge { .. })
    ));
}
