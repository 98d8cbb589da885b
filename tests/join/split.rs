//! `tf_split` and `tf_unstack` against an oracle written from TensorFlow's `Split`, `SplitV` and
//! `Unpack` kernels (their checks in their order, then the parts by index arithmetic), plus edge
//! cases: zero-size dims, rank 0, rank 9, fixed-dimension types, views in and views out.

use ndarray::{
    ArcArray, Array1, Array2, ArrayD, ArrayView0, ArrayView1, ArrayView2, ArrayViewD, CowArray,
    IxDyn, arr0, array,
};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{assert_same_elements, base, input, tf_axis, view};

/// The test's own copy of the split argument, so the oracle needs nothing from the crate.
#[derive(Clone, Debug)]
enum Ask {
    Num(usize),
    Sizes(Vec<i64>),
}

fn axis_error(op: &'static str, axis: isize, rank: usize) -> Error {
    let r = rank as isize;
    Error::AxisOutOfRange {
        op,
        argument: "axis".to_string(),
        axis,
        min: -r,
        max: r,
    }
}

/// TF's checks, in the kernels' order; then each part as (start, size) along the axis.
fn oracle_split(
    shape: &[usize],
    ask: &Ask,
    axis: isize,
) -> Result<(usize, Vec<(usize, usize)>), Error> {
    let outputs = match ask {
        Ask::Num(n) => *n,
        Ask::Sizes(s) => s.len(),
    };
    if outputs == 0 {
        return Err(Error::SplitNoOutputs);
    }
    let a = tf_axis(axis, shape.len()).ok_or_else(|| axis_error("tf_split", axis, shape.len()))?;
    let dim = shape[a];
    let sizes: Vec<usize> = match ask {
        Ask::Num(n) => {
            if !dim.is_multiple_of(*n) {
                return Err(Error::SplitUneven {
                    axis: a,
                    dim,
                    num_split: *n,
                });
            }
            vec![dim / n; *n]
        }
        Ask::Sizes(s) if s.len() == 1 => {
            if s[0] != dim as i64 {
                return Err(Error::SplitOneOutput {
                    axis: a,
                    dim,
                    size: s[0],
                });
            }
            vec![dim]
        }
        Ask::Sizes(s) => {
            let mut minus_one = None;
            let mut total: i128 = 0;
            for (i, &v) in s.iter().enumerate() {
                if v == -1 {
                    if let Some(first) = minus_one {
                        return Err(Error::SplitMultipleInferred { first, second: i });
                    }
                    minus_one = Some(i);
                } else {
                    total += v as i128;
                }
            }
            let ok = if minus_one.is_some() {
                total <= dim as i128
            } else {
                total == dim as i128
            };
            if !ok {
                return Err(Error::SplitSizesMismatch {
                    axis: a,
                    dim,
                    total: total as i64,
                });
            }
            let mut out = Vec::new();
            for (i, &v) in s.iter().enumerate() {
                if Some(i) == minus_one {
                    out.push((dim as i128 - total) as usize);
                } else if v < 0 {
                    return Err(Error::SplitNegativeSize { index: i, size: v });
                } else {
                    out.push(v as usize);
                }
            }
            out
        }
    };
    let mut start = 0;
    let parts = sizes
        .into_iter()
        .map(|size| {
            start += size;
            (start - size, size)
        })
        .collect();
    Ok((a, parts))
}

fn check_split(x: &ArrayViewD<'_, i64>, ask: &Ask, axis: isize) {
    let split = match ask {
        Ask::Num(n) => Split::Num(*n),
        Ask::Sizes(s) => Split::Sizes(s),
    };
    let got = x.tf_split(split, axis);
    match oracle_split(x.shape(), ask, axis) {
        Err(want) => assert_eq!(got.unwrap_err(), want),
        Ok((a, parts)) => {
            let got = got.unwrap();
            assert_eq!(got.len(), parts.len());
            for (part, (start, size)) in got.iter().zip(parts) {
                let mut shape = x.shape().to_vec();
                shape[a] = size;
                assert_same_elements(part, &shape, x, |j| {
                    let mut i = j.to_vec();
                    i[a] += start;
                    i
                });
            }
        }
    }
}

fn check_unstack(x: &ArrayViewD<'_, i64>, axis: isize) {
    let got = x.tf_unstack(axis);
    let Some(a) = tf_axis(axis, x.ndim()) else {
        assert_eq!(got.unwrap_err(), axis_error("tf_unstack", axis, x.ndim()));
        return;
    };
    let got = got.unwrap();
    assert_eq!(got.len(), x.shape()[a]);
    let mut shape = x.shape().to_vec();
    shape.remove(a);
    for (k, part) in got.iter().enumerate() {
        assert_same_elements(part, &shape, x, |j| {
            let mut i = j.to_vec();
            i.insert(a, k);
            i
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn split_num_is_the_oracle((shape, layout) in input(5), n in 0usize..7, axis in -7isize..7) {
        let b = base(&shape, layout);
        check_split(&view(&b, &shape, layout), &Ask::Num(n), axis);
    }

    /// Sizes that often add up (`fit`), sometimes with a -1, a second -1 or a negative entry.
    #[test]
    fn split_sizes_is_the_oracle(
        (shape, layout) in input(5),
        mut sizes in prop::collection::vec(-3i64..5, 0..5),
        fit in any::<bool>(),
        minus_one in any::<prop::sample::Index>(),
        axis in -7isize..7,
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        if let (true, Some(a), Some(last)) = (fit, tf_axis(axis, shape.len()), sizes.len().checked_sub(1)) {
            let rest: i64 = sizes[..last].iter().filter(|&&v| v != -1).sum();
            sizes[last] = shape[a] as i64 - rest;
            if sizes.len() > 1 && minus_one.index(4) == 0 {
                sizes[minus_one.index(last)] = -1;
            }
        }
        check_split(&x, &Ask::Sizes(sizes), axis);
    }

    #[test]
    fn unstack_is_the_oracle((shape, layout) in input(5), axis in -7isize..7) {
        let b = base(&shape, layout);
        check_unstack(&view(&b, &shape, layout), axis);
    }
}

#[test]
fn oracle_agrees_with_tensorflow_on_known_cases() {
    // Observed on TF 2.21 (tests/golden/split.json has these and more).
    let s = |v: &[i64]| Ask::Sizes(v.to_vec());
    assert!(matches!(
        oracle_split(&[3, 4], &s(&[-2, -3]), 1),
        Err(Error::SplitSizesMismatch { total: -5, .. })
    ));
    assert!(matches!(
        oracle_split(&[3, 4], &s(&[-1, -2]), 1),
        Err(Error::SplitNegativeSize { index: 1, size: -2 })
    ));
    assert!(matches!(
        oracle_split(&[3, 4], &s(&[-1]), 1),
        Err(Error::SplitOneOutput { .. })
    ));
    assert_eq!(
        oracle_split(&[3, 4], &s(&[4, -1]), 1),
        Ok((1, vec![(0, 4), (4, 0)]))
    );
}

#[test]
fn fixed_dimension_types_keep_their_type() {
    let x = Array2::from_shape_fn((4, 6), |(i, j)| i * 6 + j);
    let parts: Vec<ArrayView2<'_, usize>> = x.tf_split(Split::Num(2), 1).unwrap();
    assert_eq!(
        parts[1],
        array![[3, 4, 5], [9, 10, 11], [15, 16, 17], [21, 22, 23]]
    );
    let rows: Vec<ArrayView1<'_, usize>> = x.tf_unstack(0).unwrap();
    assert_eq!(rows[3], array![18, 19, 20, 21, 22, 23]);
    let v = Array1::from(vec![7, 8]);
    let scalars: Vec<ArrayView0<'_, usize>> = v.tf_unstack(-1).unwrap();
    assert_eq!(scalars, vec![arr0(7).view(), arr0(8).view()]);
}

#[test]
fn any_array_kind_is_accepted() {
    let arc = ArcArray::from_shape_vec((2, 2), vec![1, 2, 3, 4]).unwrap();
    assert_eq!(
        arc.tf_split(Split::Sizes(&[1, 1]), 0).unwrap()[1],
        array![[3, 4]]
    );
    let owned = array![[1, 2], [3, 4]];
    let cow = CowArray::from(owned.view());
    assert_eq!(cow.tf_unstack(1).unwrap()[0], array![1, 3]);
    // A view of a view: the parts point into the original.
    let v = owned.t();
    let parts = v.tf_split(Split::Num(2), 0).unwrap();
    assert!(std::ptr::eq(&parts[1][[0, 1]], &owned[[1, 1]]));
}

#[test]
fn zero_size_dims() {
    let x = ArrayD::<f32>::zeros(IxDyn(&[2, 0, 3]));
    // 3 divides 0: three empty parts.
    let parts = x.tf_split(Split::Num(3), 1).unwrap();
    assert_eq!(parts.len(), 3);
    assert!(parts.iter().all(|p| p.shape() == [2, 0, 3]));
    assert_eq!(x.tf_split(Split::Sizes(&[0, -1]), 1).unwrap().len(), 2);
    assert!(x.tf_unstack(1).unwrap().is_empty());
    assert_eq!(x.tf_unstack(0).unwrap()[1].shape(), &[0, 3]);
    // Empty parts of a non-empty axis are fine too.
    let y = Array2::<u8>::zeros((2, 3));
    let parts = y.tf_split(Split::Sizes(&[0, 2, 0]), 0).unwrap();
    assert_eq!(parts[0].shape(), &[0, 3]);
    assert_eq!(parts[2].to_owned().shape(), &[0, 3]);
}

#[test]
fn rank_zero_has_no_axis() {
    let x = ArrayD::from_elem(IxDyn(&[]), 5);
    let err = x.tf_unstack(0).unwrap_err();
    assert_eq!(err.to_string(), "axis = 0 not in [0, 0) (tf_unstack)");
    assert!(matches!(
        x.tf_split(Split::Num(1), 0),
        Err(Error::AxisOutOfRange { .. })
    ));
    assert_eq!(
        x.tf_split(Split::Num(0), 0).unwrap_err(),
        Error::SplitNoOutputs
    );
}

#[test]
fn rank_nine() {
    let shape = [2, 1, 2, 1, 2, 1, 2, 1, 4];
    let n: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(&shape), (0..n).collect()).unwrap();
    let parts = x.tf_split(Split::Sizes(&[1, -1]), -1).unwrap();
    assert_eq!(parts[1].shape(), &[2, 1, 2, 1, 2, 1, 2, 1, 3]);
    assert_eq!(parts[1].iter().next(), Some(&1));
    let rows = x.tf_unstack(8).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(
        rows[3].iter().copied().collect::<Vec<_>>(),
        (3..n).step_by(4).collect::<Vec<_>>()
    );
}

#[test]
fn huge_part_counts_are_an_error_not_an_abort() {
    let x = Array2::<f64>::zeros((0, 3));
    assert!(matches!(
        x.tf_split(Split::Num(usize::MAX), 0),
        Err(Error::TooLarge { .. })
    ));
    // An array with no elements can have an axis of isize::MAX.
    let long = ArrayD::<u8>::zeros(IxDyn(&[isize::MAX as usize, 0]));
    assert!(matches!(long.tf_unstack(0), Err(Error::TooLarge { .. })));
    assert!(matches!(
        long.tf_split(Split::Sizes(&[i64::MAX, 1]), 0),
        Err(Error::SplitSizesMismatch { .. })
    ));
    let parts = long.tf_split(Split::Sizes(&[i64::MAX - 1, -1]), 0).unwrap();
    assert_eq!(parts[1].shape(), &[1, 0]);
    assert_eq!(long.tf_unstack(1).unwrap().len(), 0);
}

#[test]
fn messages_start_with_tensorflows_words() {
    let x = Array2::<f32>::zeros((3, 4));
    let msg = |s| x.tf_split(s, 1).unwrap_err().to_string();
    assert_eq!(
        msg(Split::Sizes(&[-1])),
        "If there is only one output, it must have the same size as the input. Input size: 4 \
         output size: -1 (split_dim 1)"
    );
    assert!(msg(Split::Num(3)).starts_with(
        "Number of ways to split should evenly divide the split dimension, but got split_dim 1 \
         (size = 4) and num_split 3"
    ));
    assert!(msg(Split::Sizes(&[-1, -1])).starts_with("There can only be one -1 in the input."));
}
