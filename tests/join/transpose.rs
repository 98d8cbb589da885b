//! `tf_transpose` against an oracle written from TensorFlow's `Transpose` kernel (its checks in
//! its order, then `out[j] = in[i]` with `i[perm[k]] = j[k]`), plus edge cases: zero-size dims,
//! rank 0, rank 9, fixed-dimension types, views in and views out.

use ndarray::{Array3, ArrayD, ArrayView3, ArrayViewD, IxDyn, array};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{assert_same_elements, base, input, view};

/// TF's checks in order, then the permutation (`None` is TF's default, the axes reversed).
fn oracle_perm(rank: usize, perm: Option<&[usize]>) -> Result<Vec<usize>, Error> {
    let Some(perm) = perm else {
        return Ok((0..rank).rev().collect());
    };
    if perm.len() != rank {
        return Err(Error::PermLength {
            rank,
            len: perm.len(),
        });
    }
    for (index, &value) in perm.iter().enumerate() {
        if value >= rank {
            let value = i64::try_from(value).expect("test perms fit i64");
            return Err(Error::PermOutOfRange { index, value, rank });
        }
    }
    for axis in 0..rank {
        if !perm.contains(&axis) {
            return Err(Error::PermNotPermutation {
                missing: axis,
                perm: perm.to_vec(),
            });
        }
    }
    Ok(perm.to_vec())
}

fn check(x: &ArrayViewD<'_, i64>, perm: Option<&[usize]>) {
    // TensorFlow's default perm is the reversed axes.
    let reversed: Vec<usize> = (0..x.ndim()).rev().collect();
    let got = x.tf_transpose(perm.unwrap_or(&reversed));
    match oracle_perm(x.ndim(), perm) {
        Err(want) => assert_eq!(got.unwrap_err(), want),
        Ok(p) => {
            let shape: Vec<usize> = p.iter().map(|&a| x.shape()[a]).collect();
            assert_same_elements(&got.unwrap(), &shape, x, |j| {
                let mut i = vec![0; j.len()];
                for (k, &a) in p.iter().enumerate() {
                    i[a] = j[k];
                }
                i
            });
        }
    }
}

/// A perm: TF's default, a true permutation (axes sorted by random keys), or arbitrary entries.
#[derive(Clone, Debug)]
enum PermAsk {
    Default,
    Shuffled(Vec<u32>),
    Arbitrary(Vec<usize>),
}

fn perm_ask() -> impl Strategy<Value = PermAsk> {
    prop_oneof![
        1 => Just(PermAsk::Default),
        3 => prop::collection::vec(any::<u32>(), 6).prop_map(PermAsk::Shuffled),
        2 => prop::collection::vec(0usize..7, 0..7).prop_map(PermAsk::Arbitrary),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn transpose_is_the_oracle((shape, layout) in input(6), ask in perm_ask()) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let perm = match ask {
            PermAsk::Default => None,
            PermAsk::Shuffled(keys) => {
                let mut p: Vec<usize> = (0..shape.len()).collect();
                p.sort_by_key(|&a| keys[a]);
                Some(p)
            }
            PermAsk::Arbitrary(p) => Some(p),
        };
        check(&x, perm.as_deref());
    }
}

#[test]
fn negative_entries_count_from_the_end() {
    // TensorFlow's Transpose: perm [-1, 0] on rank 2 is [1, 0]; the default perm is ndarray's t().
    let x = array![[1, 2, 3], [4, 5, 6]];
    assert_eq!(x.tf_transpose(&[-1, 0]).unwrap(), x.t());
    assert_eq!(x.tf_transpose(&[1, -2]).unwrap(), x.t());
    assert_eq!(
        x.tf_transpose(&[-3, 0]).unwrap_err().to_string(),
        "-1 is out of range [0 .. 2) (perm[0])"
    );
    assert_eq!(
        x.tf_transpose(&[-1, 1]).unwrap_err(),
        Error::PermNotPermutation {
            missing: 0,
            perm: vec![1, 1]
        }
    );
}

#[test]
fn fixed_dimension_types_keep_their_type() {
    let x = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| i * 100 + j * 10 + k);
    let t: ArrayView3<'_, usize> = x.tf_transpose(&[2, 0, 1]).unwrap();
    assert_eq!(t.shape(), &[4, 2, 3]);
    assert_eq!(t[[3, 1, 2]], 123);
    // Transposing back with the inverse permutation is the identity, and still a view.
    let back = t.tf_transpose(&[1, 2, 0]).unwrap();
    assert_eq!(back, x);
    assert!(std::ptr::eq(&back[[1, 2, 3]], &x[[1, 2, 3]]));
}

#[test]
fn zero_size_and_rank_zero() {
    let x = ArrayD::<f32>::zeros(IxDyn(&[2, 0, 3]));
    assert_eq!(x.tf_transpose(&[2, 0, 1]).unwrap().shape(), &[3, 2, 0]);
    // Checked on empty inputs too, as TF does.
    assert!(x.tf_transpose(&[1, 1, 0]).is_err());
    let s = ArrayD::from_elem(IxDyn(&[]), 7);
    assert_eq!(s.tf_transpose(&[0; 0]).unwrap()[[]], 7);
    assert_eq!(
        s.tf_transpose(&[0]).unwrap_err(),
        Error::PermLength { rank: 0, len: 1 }
    );
}

#[test]
fn rank_nine() {
    let shape = [2, 1, 3, 1, 2, 1, 2, 1, 2];
    let n: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(&shape), (0..n).collect()).unwrap();
    let t = x.tf_transpose(&[8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap();
    assert_eq!(t.shape(), &[2, 1, 2, 1, 2, 1, 3, 1, 2]);
    assert_eq!(
        t[[1, 0, 1, 0, 1, 0, 2, 0, 1]],
        x[[1, 0, 2, 0, 1, 0, 1, 0, 1]]
    );
    let err = x.tf_transpose(&[0, 1, 2, 3, 4, 5, 6, 7, 7]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "8 is missing from {0,1,2,3,4,5,6,7,7}. (perm must name each input axis exactly once)"
    );
}

#[test]
fn messages_start_with_tensorflows_words() {
    let x = Array3::<u8>::zeros((2, 3, 4));
    let msg = |p: &[usize]| x.tf_transpose(p).unwrap_err().to_string();
    assert_eq!(
        msg(&[0, 0, 1]),
        "2 is missing from {0,0,1}. (perm must name each input axis exactly once)"
    );
    assert_eq!(msg(&[0, 0, 3]), "3 is out of range [0 .. 3) (perm[2])");
    assert_eq!(
        msg(&[0, 1]),
        "transpose expects a vector of size 3. But input(1) is a vector of size 2 (perm needs one \
         entry per input axis)"
    );
}

#[test]
fn rank_past_128() {
    let x = ArrayD::from_elem(IxDyn(&[1; 130]), 3u8);
    let mut perm: Vec<usize> = (0..130).rev().collect();
    assert_eq!(x.tf_transpose(&perm).unwrap().ndim(), 130);
    perm[0] = 0;
    assert_eq!(
        x.tf_transpose(&perm).unwrap_err(),
        Error::PermNotPermutation {
            missing: 129,
            perm: perm.clone()
        }
    );
}
