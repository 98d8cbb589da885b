//! `tf_boolean_mask` against a naive oracle written from TensorFlow's definition, plus edge
//! cases.
//!
//! The oracle shares no code with `src/`: it walks the output's index space with explicit
//! loops and computes each input element's flat position by hand.

use ndarray::{Array1, Array2, Array3, ArrayD, ArrayView1, IxDyn, ShapeBuilder, arr0, array, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{flat, indices};

/// Which error TF raises, or the result's shape and the input positions it holds.
#[derive(Debug, PartialEq)]
enum Oracle {
    Scalar,
    Axis,
    Shape,
    Ok(Vec<usize>, Vec<usize>),
}

/// `tf.boolean_mask` from its definition: `out[b.., n, a..] = x[b.., m.., a..]` with `m..` the
/// `n`-th true position of `mask` (C order).
fn oracle(shape: &[usize], mask_shape: &[usize], mask: &[bool], axis: isize) -> Oracle {
    let (rank, k) = (shape.len() as isize, mask_shape.len());
    if k == 0 {
        return Oracle::Scalar;
    }
    if axis < -rank || axis >= rank {
        return Oracle::Axis;
    }
    let axis = if axis < 0 { axis + rank } else { axis } as usize;
    if axis + k > shape.len() || shape[axis..axis + k] != *mask_shape {
        return Oracle::Shape;
    }
    let before = &shape[..axis];
    let after = &shape[axis + k..];
    let trues: Vec<Vec<usize>> = indices(mask_shape)
        .into_iter()
        .filter(|m| mask[flat(m, mask_shape)])
        .collect();
    let mut out = Vec::new();
    for b in indices(before) {
        for m in &trues {
            for a in indices(after) {
                let full: Vec<usize> = b.iter().chain(m).chain(&a).copied().collect();
                out.push(flat(&full, shape));
            }
        }
    }
    let mut out_shape = before.to_vec();
    out_shape.push(trues.len());
    out_shape.extend_from_slice(after);
    Oracle::Ok(out_shape, out)
}

fn crate_result(shape: &[usize], mask_shape: &[usize], mask: &[bool], axis: isize) -> Oracle {
    let n: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(shape), (0..n).collect()).unwrap();
    let m = ArrayD::from_shape_vec(IxDyn(mask_shape), mask.to_vec()).unwrap();
    // Elements with drop glue take the other copy path (no branch-free compaction).
    let strings = x.mapv(|v| v.to_string()).tf_boolean_mask(&m, axis);
    match x.tf_boolean_mask(&m, axis) {
        Ok(y) => {
            assert_eq!(strings, Ok(y.mapv(|v| v.to_string())));
            Oracle::Ok(y.shape().to_vec(), y.iter().copied().collect())
        }
        Err(Error::BooleanMaskScalar) => Oracle::Scalar,
        Err(Error::AxisOutOfRange { .. }) => Oracle::Axis,
        Err(Error::BooleanMaskShape { .. }) => Oracle::Shape,
        Err(e) => panic!("unexpected error {e}"),
    }
}

/// A shape, a mask shape that usually fits it at the axis, the mask and the axis.
fn case() -> impl Strategy<Value = (Vec<usize>, Vec<usize>, Vec<bool>, isize)> {
    prop::collection::vec(0usize..4, 0..5)
        .prop_flat_map(|shape| {
            let rank = shape.len();
            (
                Just(shape),
                0..=rank.max(1),
                -(rank as isize) - 1..=rank as isize,
                any::<bool>(),
            )
        })
        .prop_flat_map(|(shape, k, axis, fit)| {
            let rank = shape.len() as isize;
            let a = if axis < 0 { axis + rank } else { axis }.max(0) as usize;
            let fitted: Vec<usize> = (0..k)
                .map(|j| shape.get(a + j).copied().unwrap_or(1))
                .collect();
            let mask_shape = if fit {
                Just(fitted).boxed()
            } else {
                prop::collection::vec(0usize..4, k).boxed()
            };
            (Just(shape), mask_shape, Just(axis))
        })
        .prop_flat_map(|(shape, mask_shape, axis)| {
            let n: usize = mask_shape.iter().product();
            (
                Just(shape),
                Just(mask_shape),
                prop::collection::vec(any::<bool>(), n),
                Just(axis),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn matches_the_oracle((shape, mask_shape, mask, axis) in case()) {
        prop_assert_eq!(
            crate_result(&shape, &mask_shape, &mask, axis),
            oracle(&shape, &mask_shape, &mask, axis)
        );
    }
}

#[test]
fn the_oracle_agrees_with_tensorflow_examples() {
    // tf.boolean_mask(arange((2, 3, 4)), [[T, F, T, F], [F, T, T, T], [T, T, F, F]], axis=1)
    // -> [[0, 2, 5, 6, 7, 8, 9], [12, 14, 17, ...]] (TF 2.21).
    let mask = [
        true, false, true, false, false, true, true, true, true, true, false, false,
    ];
    let Oracle::Ok(shape, values) = oracle(&[2, 3, 4], &[3, 4], &mask, 1) else {
        panic!()
    };
    assert_eq!(shape, [2, 7]);
    assert_eq!(values[..7], [0, 2, 5, 6, 7, 8, 9]);
    assert_eq!(oracle(&[2, 3, 4], &[3], &[true; 3], 0), Oracle::Shape);
}

#[test]
fn any_array_kind_and_any_mask_kind() {
    let x = Array2::from_shape_fn((3, 2), |(i, j)| 10 * i + j);
    let rows = array![true, false, true];
    let want = array![[0, 1], [20, 21]];
    assert_eq!(x.tf_boolean_mask(&rows, 0).unwrap(), want);
    assert_eq!(x.view().tf_boolean_mask(&rows.view(), 0).unwrap(), want);
    assert_eq!(
        x.to_shared()
            .tf_boolean_mask(&rows.clone().into_dyn(), 0)
            .unwrap(),
        want.clone().into_dyn()
    );
    let mask: ArrayView1<'_, bool> = rows.view();
    assert_eq!(
        x.clone().into_dyn().tf_boolean_mask(&mask, -2).unwrap(),
        want.clone().into_dyn()
    );
}

#[test]
fn non_copy_elements() {
    let x = array![
        ["a".to_string(), "b".to_string()],
        ["c".to_string(), "d".to_string()]
    ];
    let y = x
        .tf_boolean_mask(&array![[false, true], [true, false]], 0)
        .unwrap();
    assert_eq!(y, array!["b".to_string(), "c".to_string()]);
}

#[test]
fn views_in_any_layout() {
    let x = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
    let v = x.slice(s![..;-1, 1.., ..;2]);
    let y = v.tf_boolean_mask(&array![false, true], 1).unwrap();
    assert_eq!(y, array![[[120, 122]], [[20, 22]]]);
    // Fortran-order input, Fortran-order mask.
    let f = Array2::from_shape_vec((2, 3).f(), vec![0, 3, 1, 4, 2, 5]).unwrap();
    let m = Array2::from_shape_vec((2, 3).f(), vec![true, false, false, true, true, true]).unwrap();
    // f = [[0, 1, 2], [3, 4, 5]], m = [[T, F, T], [F, T, T]]: kept in C order.
    assert_eq!(f.tf_boolean_mask(&m, 0).unwrap(), array![0, 2, 4, 5]);
}

#[test]
fn negative_axes_count_from_the_end() {
    // TF 2.21 raises "Shapes () and (2,) are incompatible" here (its Python slicing of the
    // static shape); the definition, and this crate, mask the last axis.
    let x = array![[1, 2], [3, 4]];
    let y = x.tf_boolean_mask(&array![false, true], -1).unwrap();
    assert_eq!(y, array![[2], [4]]);
    let z = x
        .tf_boolean_mask(&array![[true, false], [false, true]], -2)
        .unwrap();
    assert_eq!(z, array![1, 4]);
}

#[test]
fn errors_name_what_and_where() {
    let x = Array3::<f32>::zeros((2, 3, 4));
    // A 0-d mask does not compile with a typed one (MaskedDim has no Ix0 mask); as IxDyn it
    // is TensorFlow's error.
    let scalar = arr0(true).into_dyn();
    assert_eq!(x.tf_boolean_mask(&scalar, 0), Err(Error::BooleanMaskScalar));
    // The scalar mask is reported before a bad axis, as in TF.
    assert_eq!(x.tf_boolean_mask(&scalar, 9), Err(Error::BooleanMaskScalar));
    let err = x.tf_boolean_mask(&array![true, false], 3).unwrap_err();
    assert_eq!(err.to_string(), "axis = 3 not in [-3, 3) (tf_boolean_mask)");
    let err = x
        .tf_boolean_mask(&Array2::from_elem((4, 2), true), 2)
        .unwrap_err();
    assert_eq!(
        err,
        Error::BooleanMaskShape {
            axis: 2,
            tensor_dims: vec![4],
            mask_shape: vec![4, 2]
        }
    );
    assert!(
        err.to_string()
            .starts_with("Shapes (4,) and (4, 2) are incompatible")
    );
    let err = x
        .tf_boolean_mask(&Array2::from_elem((3, 3), true), 1)
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("Shapes (3, 4) and (3, 3) are incompatible")
    );
    // A rank-0 tensor has no axis to mask.
    assert!(matches!(
        arr0(1).into_dyn().tf_boolean_mask(&array![true], 0),
        Err(Error::AxisOutOfRange {
            axis: 0,
            min: 0,
            max: 0,
            ..
        })
    ));
}

#[test]
fn zero_size_and_high_rank() {
    let x = ArrayD::<u8>::zeros(IxDyn(&[2, 0, 3]));
    let y = x
        .tf_boolean_mask(&Array1::<bool>::from_elem(0, true), 1)
        .unwrap();
    assert_eq!(y.shape(), &[2, 0, 3]);
    let y = x.tf_boolean_mask(&array![true, false], 0).unwrap();
    assert_eq!(y.shape(), &[1, 0, 3]);

    // Rank 9 (past TF's kernel limit of 8), masking axes 3..6.
    let shape = [2, 1, 2, 2, 3, 2, 1, 2, 1];
    let n: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(&shape), (0..n).collect()).unwrap();
    let mask = Array3::from_shape_fn((2, 3, 2), |(i, j, k)| (i + j + k) % 2 == 0);
    let y = x.tf_boolean_mask(&mask, 3).unwrap();
    assert_eq!(y.shape(), &[2, 1, 2, 6, 1, 2, 1]);
    let trues: Vec<bool> = mask.iter().copied().collect();
    let Oracle::Ok(_, want) = oracle(&shape, &[2, 3, 2], &trues, 3) else {
        panic!()
    };
    assert_eq!(y.iter().copied().collect::<Vec<_>>(), want);
    // The same with the mask's axis order reversed in memory.
    let y2 = x
        .tf_boolean_mask(&mask.view().reversed_axes().reversed_axes(), 3)
        .unwrap();
    assert_eq!(y, y2);
}
