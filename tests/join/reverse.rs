//! `tf_reverse` against an oracle written from TensorFlow's `ReverseV2` (its checks entry by
//! entry, then `out[j] = in[i]` with `i[a] = dim - 1 - j[a]` on each listed axis), plus edge cases:
//! zero-size dims, rank 0, rank 9, fixed-dimension types, views in and views out.

use ndarray::{Array2, Array4, ArrayD, ArrayView2, ArrayViewD, IxDyn, array};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{assert_same_elements, base, input, tf_axis, view};

/// TF's checks entry by entry (range, then repeat), then the set of axes to reverse.
fn oracle_axes(rank: usize, axis: &[isize]) -> Result<Vec<bool>, Error> {
    let mut reversed = vec![false; rank];
    let mut position = vec![0; rank];
    for (i, &a) in axis.iter().enumerate() {
        let Some(c) = tf_axis(a, rank) else {
            return Err(Error::AxisOutOfRange {
                op: "tf_reverse",
                argument: format!("axis[{i}]"),
                axis: a,
                min: -(rank as isize),
                max: rank as isize,
            });
        };
        if reversed[c] {
            return Err(Error::ReverseDuplicateAxis {
                axis: c,
                first: position[c],
                second: i,
            });
        }
        reversed[c] = true;
        position[c] = i;
    }
    Ok(reversed)
}

fn check(x: &ArrayViewD<'_, i64>, axis: &[isize]) {
    let got = x.tf_reverse(axis);
    match oracle_axes(x.ndim(), axis) {
        Err(want) => assert_eq!(got.unwrap_err(), want),
        Ok(reversed) => {
            assert_same_elements(&got.unwrap(), x.shape(), x, |j| {
                j.iter()
                    .zip(x.shape())
                    .zip(&reversed)
                    .map(|((&j, &d), &r)| if r { d - 1 - j } else { j })
                    .collect()
            });
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn reverse_is_the_oracle(
        (shape, layout) in input(5),
        axis in prop::collection::vec(-7isize..7, 0..6),
    ) {
        let b = base(&shape, layout);
        check(&view(&b, &shape, layout), &axis);
    }

    /// Distinct in-range axes, each through either sign: never an error.
    #[test]
    fn valid_axes_always_succeed(
        (shape, layout) in input(5),
        keys in prop::collection::vec(any::<(u8, bool, bool)>(), 5),
    ) {
        let b = base(&shape, layout);
        let rank = shape.len() as isize;
        let axis: Vec<isize> = (0..rank)
            .filter(|&a| keys[a as usize].1)
            .map(|a| if keys[a as usize].2 { a - rank } else { a })
            .collect();
        check(&view(&b, &shape, layout), &axis);
    }
}

#[test]
fn strides_are_negated() {
    let x = Array2::from_shape_fn((3, 4), |(i, j)| i * 4 + j);
    let r: ArrayView2<'_, usize> = x.tf_reverse(&[-1]).unwrap();
    assert_eq!(r.strides(), &[4, -1]);
    assert_eq!(r, array![[3, 2, 1, 0], [7, 6, 5, 4], [11, 10, 9, 8]]);
    // Reversing the reversed view restores the original layout.
    let back = r.tf_reverse(&[1]).unwrap();
    assert_eq!(back.strides(), x.strides());
    assert!(std::ptr::eq(&back[[0, 0]], &x[[0, 0]]));
    // The empty list is the identity.
    assert_eq!(x.tf_reverse(&[0; 0]).unwrap(), x);
}

#[test]
fn zero_size_and_rank_zero() {
    let x = ArrayD::<f32>::zeros(IxDyn(&[2, 0, 3]));
    assert_eq!(x.tf_reverse(&[0, 1, 2]).unwrap().shape(), &[2, 0, 3]);
    // TF's eager kernel skips its checks on empty and scalar inputs; a tf.function (and this
    // crate) does not.
    assert!(matches!(
        x.tf_reverse(&[5]),
        Err(Error::AxisOutOfRange { .. })
    ));
    assert!(matches!(
        x.tf_reverse(&[0, 0]),
        Err(Error::ReverseDuplicateAxis { .. })
    ));
    let s = ArrayD::from_elem(IxDyn(&[]), 7);
    assert_eq!(s.tf_reverse(&[0; 0]).unwrap()[[]], 7);
    let err = s.tf_reverse(&[0]).unwrap_err();
    assert_eq!(err.to_string(), "axis[0] = 0 not in [0, 0) (tf_reverse)");
}

#[test]
fn rank_nine() {
    let shape = [2, 1, 2, 1, 2, 1, 2, 1, 3];
    let n: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(&shape), (0..n).collect()).unwrap();
    let r = x.tf_reverse(&[0, -1]).unwrap();
    assert_eq!(
        r[[0, 0, 0, 0, 0, 0, 0, 0, 0]],
        x[[1, 0, 0, 0, 0, 0, 0, 0, 2]]
    );
    assert_eq!(r.to_owned().shape(), &shape);
}

#[test]
fn long_lists_stop_at_the_first_problem() {
    let x = Array4::<u8>::zeros((1, 2, 3, 4));
    // A list longer than the rank must repeat; the repeat is found at its second occurrence.
    let axis: Vec<isize> = (0..1000).map(|i| i % 4).collect();
    assert_eq!(
        x.tf_reverse(&axis).unwrap_err(),
        Error::ReverseDuplicateAxis {
            axis: 0,
            first: 0,
            second: 4
        }
    );
    assert!(x.tf_reverse(&[isize::MIN, isize::MAX]).is_err());
}

#[test]
fn messages_start_with_tensorflows_words() {
    let x = Array4::<u8>::zeros((1, 2, 3, 4));
    let err = x.tf_reverse(&[1, -3]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "axis 1 specified more than once. (axis[0] and axis[1] both name it)"
    );
}

#[test]
fn rank_past_128() {
    let mut shape = vec![1; 130];
    shape[129] = 2;
    let x = ArrayD::from_shape_vec(IxDyn(&shape), vec![1, 2]).unwrap();
    let r = x.tf_reverse(&[129, 0, 128]).unwrap();
    assert_eq!(r.iter().copied().collect::<Vec<_>>(), vec![2, 1]);
    assert_eq!(
        x.tf_reverse(&[129, 3, -1]).unwrap_err(),
        Error::ReverseDuplicateAxis {
            axis: 129,
            first: 0,
            second: 2
        }
    );
}
