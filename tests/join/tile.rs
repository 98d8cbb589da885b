//! `tf_tile` against a naive oracle written from TensorFlow's definition (output element `idx` is
//! input element `idx[i] % dim[i]`), plus edge cases.

use ndarray::{Array, Array2, ArrayD, Axis, IxDyn, Slice, arr0, array, s};
use ndarray_tfslice::{Error, TileExt};
use proptest::prelude::*;

use crate::naive;
use naive::{arange, indices};

fn tile_oracle(x: &ArrayD<i64>, multiples: &[usize]) -> Option<ArrayD<i64>> {
    if multiples.len() != x.ndim() {
        return None;
    }
    let shape: Vec<usize> = x
        .shape()
        .iter()
        .zip(multiples)
        .map(|(d, m)| d * m)
        .collect();
    let values = indices(&shape)
        .into_iter()
        .map(|idx| {
            let at: Vec<usize> = idx.iter().zip(x.shape()).map(|(i, d)| i % d).collect();
            x[IxDyn(&at)]
        })
        .collect();
    Some(ArrayD::from_shape_vec(shape, values).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn tile_agrees_with_the_oracle(
        shape in prop::collection::vec(0usize..4, 0..5),
        multiples in prop::collection::vec(0usize..4, 0..5),
        same_len in any::<bool>(),
        reversed in any::<bool>(),
    ) {
        let multiples: Vec<usize> = if same_len {
            multiples.iter().chain(std::iter::repeat(&1)).take(shape.len()).copied().collect()
        } else {
            multiples
        };
        let x = arange(&shape);
        // A non-standard view: axis 0 walked backwards.
        let v = if reversed && !shape.is_empty() {
            x.slice_axis(Axis(0), Slice::new(0, None, -1))
        } else {
            x.view()
        };
        let want = tile_oracle(&v.to_owned(), &multiples);
        match (v.tf_tile(&multiples), want) {
            (Ok(got), Some(want)) => prop_assert_eq!(got, want),
            (Err(Error::TileMultiplesLength { rank, len }), None) => {
                prop_assert_eq!((rank, len), (shape.len(), multiples.len()));
            }
            (got, want) => prop_assert!(false, "got {:?}, oracle {:?}", got, want),
        }
    }
}

#[test]
fn rank_zero() {
    assert_eq!(arr0(7).tf_tile(&[0; 0]).unwrap(), arr0(7));
    assert_eq!(
        arr0(7).tf_tile(&[1]).unwrap_err(),
        Error::TileMultiplesLength { rank: 0, len: 1 }
    );
}

#[test]
fn zero_multiples_and_zero_size_dims() {
    let x = array![[1, 2, 3], [4, 5, 6]];
    assert_eq!(x.tf_tile(&[0, 3]).unwrap().shape(), &[0, 9]);
    assert_eq!(x.tf_tile(&[2, 0]).unwrap().shape(), &[4, 0]);
    let e = Array2::<i32>::zeros((0, 3));
    assert_eq!(e.tf_tile(&[5, 2]).unwrap().shape(), &[0, 6]);
}

#[test]
fn too_large() {
    let x = array![1u8, 2];
    assert!(matches!(
        x.tf_tile(&[i64::MAX]),
        Err(Error::TooLarge { .. })
    ));
    // The elements fit in isize, their bytes do not.
    let y = array![1u64];
    assert!(matches!(
        y.tf_tile(&[isize::MAX as usize / 4]),
        Err(Error::TooLarge { .. })
    ));
    // ndarray's rule: an empty result's non-zero axes must still multiply within isize (TF only
    // asks each axis to fit, so it accepts this one).
    let z = ArrayD::<u8>::zeros(IxDyn(&[0, 1, 1]));
    assert!(matches!(
        z.tf_tile(&[1usize, 1 << 40, 1 << 30]),
        Err(Error::TooLarge { .. })
    ));
    assert_eq!(
        z.tf_tile(&[1usize, 1 << 40, 1]).unwrap().shape(),
        &[0, 1 << 40, 1]
    );
}

#[test]
fn high_rank() {
    let shape = [1, 2, 1, 2, 1, 2, 1, 2, 1];
    let multiples = [2, 1, 3, 1, 1, 2, 1, 1, 2];
    let x = arange(&shape);
    assert_eq!(
        x.tf_tile(&multiples).unwrap(),
        tile_oracle(&x, &multiples).unwrap()
    );
}

#[test]
fn views_in() {
    let x = Array::from_iter(0..12)
        .into_shape_with_order((3, 4))
        .unwrap();
    let v = x.slice(s![..;-2, 1..3]);
    assert_eq!(
        v.tf_tile(&[2, 2]).unwrap(),
        array![[9, 10, 9, 10], [1, 2, 1, 2], [9, 10, 9, 10], [1, 2, 1, 2]]
    );
    assert_eq!(x.t().tf_tile(&[1, 1]).unwrap(), x.t());
    // ArcArray and CowArray too.
    let arc = x.to_shared();
    assert_eq!(arc.tf_tile(&[1, 2]).unwrap().shape(), &[3, 8]);
    let cow = ndarray::CowArray::from(x.view());
    assert_eq!(cow.tf_tile(&[2, 1]).unwrap().shape(), &[6, 4]);
}

#[test]
fn a_short_row_many_times() {
    let row = array![[1, 2, 3]];
    let t = row.tf_tile(&[1, 1000]).unwrap();
    assert_eq!(t.shape(), &[1, 3000]);
    assert!(t.iter().enumerate().all(|(i, &v)| v == (i % 3 + 1) as i32));
    let t = row.tf_tile(&[1000, 1]).unwrap();
    assert!(t.rows().into_iter().all(|r| r == row.row(0)));
}

#[test]
fn non_copy_elements() {
    let x = array![String::from("a"), String::from("b")];
    assert_eq!(
        x.tf_tile(&[2]).unwrap(),
        array!["a", "b", "a", "b"].map(|s| s.to_string())
    );
}
