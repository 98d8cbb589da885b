//! Where the shape ops go past or deliberately differ from TensorFlow, their views and limits.

use ndarray::{Array, Array1, Array2, Array3, ArrayD, IxDyn, arr0, array, s};
use ndarray_tfslice::prelude::*;

#[test]
fn reshape_types_follow_the_shape_argument() {
    let x = Array::from_iter(0..24)
        .into_shape_with_order((2, 3, 4))
        .unwrap();
    let a: ndarray::CowArray<'_, i32, ndarray::Ix2> = x.tf_reshape([6, -1]).unwrap();
    assert_eq!(a.shape(), &[6, 4]);
    let b: ndarray::CowArray<'_, i32, IxDyn> = x.tf_reshape(&[6i64, -1][..]).unwrap();
    assert_eq!(b.shape(), &[6, 4]);
    let c = x.tf_reshape(vec![-1i64]).unwrap();
    assert_eq!(c.ndim(), 1);
    assert!(a.is_view() && b.is_view() && c.is_view());
}

#[test]
fn reshape_of_a_transposed_view_copies_in_c_order() {
    let x = Array::from_iter(0..24)
        .into_shape_with_order((2, 3, 4))
        .unwrap();
    let t = x.view().permuted_axes([0, 2, 1]);
    let r = t.tf_reshape([2, -1]).unwrap();
    assert!(!r.is_view());
    let want: Vec<i32> = t.iter().copied().collect();
    assert_eq!(r.iter().copied().collect::<Vec<_>>(), want);
    // Splitting an axis of a strided view needs no copy.
    let strided = x.slice(s![.., .., ..;2]);
    let r = strided.tf_reshape([2, 3, 2, 1]).unwrap();
    assert!(r.is_view());
}

#[test]
fn reshape_empty_shapes_past_isize_are_too_large() {
    // TensorFlow accepts this shape for an empty input; ndarray cannot hold it.
    let x = Array2::<u8>::zeros((0, 3));
    let big = 1i64 << 62;
    assert!(matches!(
        x.tf_reshape([0, big, big]),
        Err(Error::TooLarge { .. })
    ));
    // TensorFlow's kernel divides by zero here (its product overflows to 0): an error here.
    assert!(x.tf_reshape([0, big, big, -1]).is_err());
    assert!(matches!(
        x.tf_reshape([u64::MAX]),
        Err(Error::ValueOutOfRange { .. })
    ));
}

#[test]
fn roll_shifts_are_exact_where_tensorflow_truncates() {
    let x = Array1::from_iter(0..10);
    // TF: 2^62 + 1 truncated to 32 bits is 1.
    let r = x.tf_roll(&[(1i64 << 62) + 1], &[0]).unwrap();
    assert_eq!(r, x.tf_roll(&[5], &[0]).unwrap());
    let r = x.tf_roll(&[u128::MAX], &[0]).unwrap();
    assert_eq!(r, x.tf_roll(&[(u128::MAX % 10) as i64], &[0]).unwrap());
    let r = x.tf_roll(&[i64::MIN, i64::MIN], &[0, 0]).unwrap();
    let net = ((i64::MIN as i128 * 2).rem_euclid(10)) as i64;
    assert_eq!(r, x.tf_roll(&[net], &[0]).unwrap());
    // An axis of 2^32 is not axis 0 (TF truncates it).
    assert!(matches!(
        x.tf_roll(&[1], &[1i64 << 32]),
        Err(Error::RollAxis { .. })
    ));
    assert!(matches!(
        arr0(1).tf_roll::<i32, i32>(&[], &[]),
        Err(Error::ScalarInput { .. })
    ));
}

#[test]
fn repeat_rejects_every_negative_count() {
    let x = array![[1, 2], [3, 4]];
    // TensorFlow drops the element on axis 0 (graph and eager); meaningless, so an error.
    assert_eq!(
        x.tf_repeat(&[-1, 2], Some(0)).unwrap_err(),
        Error::RepeatNegative {
            index: 0,
            repeat: -1
        }
    );
    // Even on an empty axis, where no count is used.
    let e = Array2::<i32>::zeros((2, 0));
    assert!(matches!(
        e.tf_repeat(&[-1], Some(1)),
        Err(Error::RepeatNegative { .. })
    ));
    assert!(matches!(
        x.tf_repeat(&[i64::MAX], Some(0)),
        Err(Error::TooLarge { .. })
    ));
    assert!(matches!(
        x.tf_repeat(&[u64::MAX], Some(0)),
        Err(Error::ValueOutOfRange { .. })
    ));
}

#[test]
fn frame_views_overlap_and_copies_are_standard() {
    let audio = Array2::from_shape_fn((2, 20), |(i, j)| (100 * i + j) as i32);
    let frames = audio.tf_frame(8, 3, false, 0, 1).unwrap();
    assert!(frames.is_view());
    assert_eq!(frames.shape(), &[2, 5, 8]);
    assert!(std::ptr::eq(&frames[[1, 1, 0]], &frames[[1, 0, 3]]));
    // Fortran layout: still a view.
    let f = audio.t().as_standard_layout().into_owned();
    let ft = f.t();
    let frames = ft.tf_frame(8, 3, false, 0, 1).unwrap();
    assert!(frames.is_view());
    // A strided view: a copy, same values.
    let strided = audio.slice(s![.., ..;2]);
    let frames = strided.tf_frame(4, 2, false, 0, -1).unwrap();
    assert!(!frames.is_view() && frames.is_standard_layout());
    assert_eq!(frames.slice(s![0, 1, ..]), array![4, 6, 8, 10]);
    // pad_end with nothing to pad keeps the view.
    let x = Array1::from_iter(0..9);
    assert!(x.tf_frame(3, 3, true, 0, 0).unwrap().is_view());
    assert!(!x.tf_frame(4, 3, true, 0, 0).unwrap().is_view());
    assert_eq!(
        x.tf_frame(3, 0, false, 0, 0).unwrap_err(),
        Error::FrameStepZero
    );
}

#[test]
fn frame_of_huge_frames_is_an_error_not_a_panic() {
    let x = Array1::<u8>::zeros(4);
    assert!(matches!(
        x.tf_frame(usize::MAX, 1, true, 0, 0),
        Err(Error::TooLarge { .. })
    ));
    // No frame at all, but ndarray cannot hold a shape with an axis past isize even when empty.
    assert!(matches!(
        x.tf_frame(usize::MAX, 1, false, 0, 0),
        Err(Error::TooLarge { .. })
    ));
    assert_eq!(
        x.tf_frame(1 << 40, 1, false, 0, 0).unwrap().shape(),
        &[0, 1 << 40]
    );
    assert!(matches!(x.tf_frame(2, usize::MAX, true, 0, 0), Ok(f) if f.shape() == [1, 2]));
}

#[test]
fn sequence_mask_limits() {
    let l = array![i64::MAX];
    assert!(matches!(
        tf_sequence_mask(&l, None),
        Err(Error::TooLarge { .. })
    ));
    assert_eq!(
        tf_sequence_mask(&l, Some(3)).unwrap(),
        array![[true, true, true]]
    );
    let l = array![u128::MAX, 0];
    assert_eq!(
        tf_sequence_mask(&l, Some(2)).unwrap(),
        array![[true, true], [false, false]]
    );
    let empty = ArrayD::<i32>::zeros(IxDyn(&[2, 0]));
    assert_eq!(tf_sequence_mask(&empty, None).unwrap().shape(), &[2, 0, 0]);
}

#[test]
fn meshgrid_limits_and_empty_lists() {
    let none: [Array1<i32>; 0] = [];
    assert!(tf_meshgrid(&none, Indexing::Xy).unwrap().is_empty());
    let a = Array1::<u8>::zeros(1 << 20);
    let inputs = [a.view(), a.view(), a.view(), a.view()];
    assert!(matches!(
        tf_meshgrid(&inputs, Indexing::Ij),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn squeeze_and_expand_dims_round_trip() {
    let x = Array3::<i32>::zeros((2, 1, 3));
    let e = x.tf_expand_dims(-1).unwrap();
    assert_eq!(e.shape(), &[2, 1, 3, 1]);
    let s = e.tf_squeeze(&[-1, 1]).unwrap();
    assert_eq!(s.shape(), &[2, 3]);
    assert!(matches!(
        x.tf_squeeze(&[i64::MAX]),
        Err(Error::SqueezeAxis { .. })
    ));
    assert!(matches!(
        x.tf_expand_dims(isize::MIN),
        Err(Error::ExpandDimsAxis { .. })
    ));
}
