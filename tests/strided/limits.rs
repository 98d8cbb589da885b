//! Where TensorFlow has only an implementation limit, this crate goes past it; past its own limit
//! it returns an error. Nothing panics on extreme values.

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::MAX_SPEC_LEN;
use ndarray_tfslice::prelude::*;

#[test]
fn rank_above_tensorflows_kernel_limit() {
    // TF: "Unhandled input dimensions 9" for this very spec.
    let shape = [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3];
    let n: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(&shape), (0..n).collect()).unwrap();
    let m = Masks {
        end: 0b10,
        ..Masks::NONE
    };
    let v = x
        .tf_strided_slice(
            &[0, -1, 0],
            &[1, 0, 0],
            &[1, -1, 1],
            Masks {
                shrink_axis: 0b100,
                ..m
            },
        )
        .unwrap();
    assert_eq!(v.shape(), &[1, 2, 2, 2, 2, 2, 2, 2, 2, 3]);
    // x[0:1, ::-1 (from -1), 0, ...]: element [0, j, ...] is x[0, 1 - j, 0, ...].
    assert_eq!(
        v[[0, 0, 1, 0, 0, 0, 0, 0, 0, 2]],
        x[[0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 2]]
    );
}

#[test]
fn spec_of_64_entries_works_and_65_is_an_error() {
    let x = ArrayD::from_shape_vec(IxDyn(&[3, 4]), (0..12).collect::<Vec<i32>>()).unwrap();
    // 62 new axes around two ranges: TF stops at 31 entries, this crate at 64.
    let n = MAX_SPEC_LEN;
    let (mut b, mut e, s) = (vec![0i64; n], vec![0i64; n], vec![1i64; n]);
    (b[10], e[10], b[40], e[40]) = (1, 3, 2, 4);
    let new_axis = !((1u64 << 10) | (1u64 << 40));
    let v = x
        .tf_strided_slice(
            &b,
            &e,
            &s,
            Masks {
                new_axis,
                ..Masks::NONE
            },
        )
        .unwrap();
    assert_eq!(v.ndim(), 64);
    assert_eq!(v.len(), 4);
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), vec![6, 7, 10, 11]);

    let long = vec![0i64; n + 1];
    let err = x
        .tf_strided_slice(&long, &long, &long, Masks::NONE)
        .unwrap_err();
    assert_eq!(err, Error::SpecTooLong { len: 65, max: 64 });
    assert!(err.to_string().contains("65 entries"), "{err}");
}

#[test]
fn extreme_values_never_panic() {
    let x = ArrayD::from_shape_vec(IxDyn(&[5, 0, 3]), Vec::<u8>::new()).unwrap();
    let extremes = [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX];
    for &b in &extremes {
        for &e in &extremes {
            for &s in &extremes {
                for shrink in [0u64, 1, 2, 4] {
                    let m = Masks {
                        shrink_axis: shrink,
                        begin: 2,
                        ..Masks::NONE
                    };
                    let spec = ([b, b, b], [e, e, e], [s, s, s]);
                    let _ = x.tf_strided_slice(&spec.0, &spec.1, &spec.2, m);
                    let _ = x.tf_slice(&spec.0, &spec.1);
                }
            }
        }
    }
    // A scalar takes new axes and ellipses, and nothing else.
    let scalar = ndarray::arr0(7.5f64);
    let v = scalar
        .tf_strided_slice(
            &[0, 0],
            &[0, 0],
            &[1, 1],
            Masks {
                new_axis: 0b11,
                ..Masks::NONE
            },
        )
        .unwrap();
    assert_eq!(v.shape(), &[1, 1]);
    assert_eq!(
        scalar
            .tf_strided_slice(&[0], &[1], &[1], Masks::NONE)
            .unwrap_err(),
        Error::SliceScalar { index: 0 }
    );
}

/// Found by the `strided` fuzz target: a shape given as numbers (`StridedSlice::resolve`,
/// `tf_strided_slice_grad`) with a dim past `isize::MAX` overflowed in resolution (`x + dim` with
/// the dim wrapped to a negative i64). No array has such a dim: it is `TooLarge`, before any
/// spec check.
#[test]
fn shape_dims_past_isize_are_too_large() {
    let spec: StridedSlice = "-1:".parse().unwrap();
    for dim in [isize::MAX as usize + 1, usize::MAX] {
        let too_large = Error::TooLarge { shape: vec![dim] };
        assert_eq!(spec.resolve(&[dim]).unwrap_err(), too_large);
        let m = Masks {
            end: 1,
            ..Masks::NONE
        };
        let dy = ndarray::Array1::<f32>::zeros(1);
        // The grad's shape is an integer list: past i64 is named as such.
        assert!(matches!(
            tf_strided_slice_grad(&[dim], &[-1], &[0], &[1], m, &dy).unwrap_err(),
            Error::ValueOutOfRange {
                argument: Argument::Shape,
                ..
            }
        ));
    }
    // The largest dim an array can have still resolves.
    let plan = spec.resolve(&[isize::MAX as usize]).unwrap();
    assert_eq!(plan.shape(), &[1]);
}
