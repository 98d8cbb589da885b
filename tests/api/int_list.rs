//! The integer-list rule: every container and integer type gives the same answer, and negative
//! values are TensorFlow's errors in TensorFlow's words (messages checked against TensorFlow
//! 2.21, quoted in the comments).

use ndarray::{Array1, Array2, Array4, array, s};
use ndarray_tfslice::prelude::*;

#[test]
fn every_container_of_every_integer_type() -> Result<(), Error> {
    let x = Array2::from_shape_fn((3, 4), |(i, j)| (4 * i + j) as i32);
    let want = x.tf_tile(&[2, 1])?;
    assert_eq!(x.tf_tile(&[2u8, 1])?, want);
    assert_eq!(x.tf_tile(&vec![2i64, 1])?, want);
    assert_eq!(x.tf_tile(&[2usize, 1][..])?, want);
    assert_eq!(x.tf_tile(&array![2i16, 1])?, want);
    let strided: Array1<u32> = array![1, 7, 2];
    // A reversed, strided view: [2, 1]. No as_slice, no panic.
    assert_eq!(x.tf_tile(&strided.slice(s![..;-2]))?, want);

    // begin / end / strides each of its own type.
    let v = x.tf_strided_slice(&vec![1u8, 0], &array![3i64, 4], &[1isize, 2], Masks::NONE)?;
    assert_eq!(v, array![[4, 6], [8, 10]].into_dyn());
    let sizes: Array1<i32> = array![1, -1];
    assert_eq!(x.tf_split(&sizes, 1)?[1].shape(), &[3, 3]);
    assert_eq!(x.tf_transpose(&vec![1u8, 0])?, x.t());
    assert_eq!(x.tf_reverse(&array![-1i8])?, x.slice(s![.., ..;-1]));
    let lengths: Array1<i64> = array![2, 0, 4];
    assert_eq!(
        x.tf_reverse_sequence(&lengths, 1, 0)?.row(0),
        array![1, 0, 2, 3]
    );

    // Pairs: slices of pairs, Vecs, 2-D arrays (any layout).
    let p = x.tf_pad(&[[0u8, 0], [1, 1]], PadMode::Constant, 0)?;
    let pairs: Array2<i64> = array![[0, 1], [0, 1]];
    assert_eq!(x.tf_pad(&pairs.t(), PadMode::Constant, 0)?, p);
    assert_eq!(x.tf_pad(&vec![[0i32, 0], [1, 1]], PadMode::Constant, 0)?, p);
    Ok(())
}

#[test]
fn negative_values_are_tensorflows_errors() {
    let x = Array2::<f32>::zeros((2, 3));
    // "Expected multiples[1] >= 0, but got -1"
    assert_eq!(
        x.tf_tile(&[1, -1]).unwrap_err().to_string(),
        "Expected multiples[1] >= 0, but got -1"
    );
    // The length is checked first: "Expected multiples argument to be a vector of length 2 but
    // got length 1".
    assert!(matches!(
        x.tf_tile(&[-1]),
        Err(Error::TileMultiplesLength { .. })
    ));
    // "Paddings must be non-negative: -1 0" (Pad), "paddings must be non-negative: 0 -1"
    // (MirrorPad).
    assert!(
        x.tf_pad(&[[0, 0], [-1, 0]], PadMode::Constant, 0.0)
            .unwrap_err()
            .to_string()
            .starts_with("Paddings must be non-negative: -1 0")
    );
    assert!(
        x.tf_pad(&[[0, -1], [0, 0]], PadMode::Symmetric, 0.0)
            .unwrap_err()
            .to_string()
            .starts_with("paddings must be non-negative: 0 -1")
    );
    // "paddings must be a matrix with 2 columns: [2,3]"
    assert!(
        x.tf_pad(&array![[0, 0, 0], [0, 0, 0]], PadMode::Constant, 0.0)
            .unwrap_err()
            .to_string()
            .starts_with("paddings must be a matrix with 2 columns: [2,3]")
    );
    // "seq_lens(0) < 0"
    assert!(matches!(
        x.tf_reverse_sequence(&[-1, 2], 1, 0),
        Err(Error::SeqLengthNegative { index: 0, .. })
    ));
    // "Split size at index 0 must be >= 0. Got: -2"
    assert!(matches!(
        x.tf_split(&[-2, 5], 1),
        Err(Error::SplitNegativeSize { .. })
    ));
    let image = Array4::<f32>::zeros((1, 4, 4, 1));
    // "All values in block_shape must be positive, got value, -2 at index 0."
    assert_eq!(
        image
            .tf_space_to_batch_nd(&[-2, 2], &[[0, 0], [0, 0]])
            .unwrap_err()
            .to_string(),
        "All values in block_shape must be positive, got value, -2 at index 0."
    );
    // "Paddings must be non-negative"
    assert!(matches!(
        image.tf_space_to_batch_nd(&[2, 2], &[[0, -2], [0, 0]]),
        Err(Error::BlockPaddingNegative { index: 0, .. })
    ));
    // "paddings should have shape [2, 2] instead of [2,3]"
    assert!(
        image
            .tf_space_to_batch_nd(&[2, 2], &array![[0, 0, 0], [0, 0, 0]])
            .unwrap_err()
            .to_string()
            .starts_with("paddings should have shape [2, 2] instead of [2,3]")
    );
    // "Product of block sizes must be positive, got -1"
    assert_eq!(
        image
            .tf_batch_to_space_nd(&[-1, 1], &[[0, -1], [0, 0]])
            .unwrap_err()
            .to_string(),
        "Product of block sizes must be positive, got -1"
    );
    // "cropped_shape[0]=-4 must be non-negative": two negative blocks multiply to 1.
    assert!(matches!(
        image.tf_batch_to_space_nd(&[-1, -1], &[[0, 0], [0, 0]]),
        Err(Error::CropsTooLarge {
            index: 0,
            cropped: -4
        })
    ));
    // "Crops must be non-negative"
    assert!(matches!(
        image.tf_batch_to_space_nd(&[1, 1], &[[0, -1], [0, 0]]),
        Err(Error::CropsNegative { index: 0, .. })
    ));
    // "Dimension -1 must be >= 0"
    let dy = Array2::<f32>::zeros((1, 1));
    assert!(
        tf_strided_slice_grad(&[-1, 2], &[0, 0], &[1, 1], &[1, 1], Masks::NONE, &dy)
            .unwrap_err()
            .to_string()
            .starts_with("Dimension -1 must be >= 0")
    );
    // tf.gather_nd: "tf.gather_nd does not allow negative batch_dims."
    assert!(matches!(
        x.tf_gather_nd(&array![[0]], -1),
        Err(Error::GatherNdNegativeBatchDims { batch_dims: -1 })
    ));
}

#[test]
fn negative_entries_count_from_the_end_where_tensorflow_does() -> Result<(), Error> {
    let x = Array2::from_shape_fn((2, 3), |(i, j)| 3 * i + j);
    // tf.transpose(x, [-1, 0]) and tf.reverse(x, [-1]) work in TensorFlow.
    assert_eq!(x.tf_transpose(&[-1, 0])?, x.t());
    assert_eq!(x.tf_reverse(&[-1])?, x.slice(s![.., ..;-1]));
    // "-1 is out of range [0 .. 2)" for perm [-3, 0]: TF names the shifted entry.
    assert_eq!(
        x.tf_transpose(&[-3, 0]).unwrap_err(),
        Error::PermOutOfRange {
            index: 0,
            value: -1,
            rank: 2
        }
    );
    Ok(())
}

#[test]
fn values_past_i64_are_named() {
    let x = Array2::<u8>::zeros((2, 2));
    assert!(matches!(
        x.tf_tile(&[1u64, u64::MAX]),
        Err(Error::ValueOutOfRange {
            argument: Argument::Multiples,
            index: 1,
            ..
        })
    ));
    assert!(matches!(
        x.tf_pad(&[[0u128, 0], [0, u128::MAX]], PadMode::Constant, 0),
        Err(Error::ValueOutOfRange {
            argument: Argument::Paddings,
            index: 3,
            ..
        })
    ));
}

mod same_in_every_container {
    use ndarray::{Array1, Array3, ArrayView1, s};
    use ndarray_tfslice::prelude::*;
    use proptest::prelude::*;

    /// `values` as a reversed (negative-stride, non-contiguous) view of another array.
    fn reversed(values: &[i64]) -> Array1<i64> {
        values.iter().rev().copied().collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any list, negative and out-of-range values included: the slice, the Vec, a narrower
        /// integer type, a contiguous Array1 and a reversed view give the same Ok or Err.
        #[test]
        fn every_form_gives_the_same_answer(list in prop::collection::vec(-4i64..5, 0..5)) {
            let x = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
            let back = reversed(&list);
            let view: ArrayView1<i64> = back.slice(s![..;-1]);
            let narrow: Vec<i8> = list.iter().map(|&v| v as i8).collect();
            let array = Array1::from(list.clone());

            let tile = x.tf_tile(&list[..]);
            prop_assert_eq!(&x.tf_tile(&list), &tile);
            prop_assert_eq!(&x.tf_tile(&narrow), &tile);
            prop_assert_eq!(&x.tf_tile(&array), &tile);
            prop_assert_eq!(&x.tf_tile(&view), &tile);

            let t = x.tf_transpose(&list[..]).map(|v| v.to_owned());
            prop_assert_eq!(&x.tf_transpose(&view).map(|v| v.to_owned()), &t);
            prop_assert_eq!(&x.tf_transpose(&narrow).map(|v| v.to_owned()), &t);

            let r = x.tf_reverse(&list[..]).map(|v| v.to_owned());
            prop_assert_eq!(&x.tf_reverse(&view).map(|v| v.to_owned()), &r);

            let strides: Vec<i64> = list.iter().map(|&v| if v == 0 { 1 } else { v }).collect();
            let v = x.tf_strided_slice(&list[..], &list[..], &strides, Masks::NONE).map(|v| v.to_owned());
            prop_assert_eq!(
                &x.tf_strided_slice(&view, &array, &strides, Masks::NONE).map(|v| v.to_owned()),
                &v
            );

            let sl = x.tf_slice(&list[..], &list[..]).map(|v| v.to_owned());
            prop_assert_eq!(&x.tf_slice(&view, &narrow).map(|v| v.to_owned()), &sl);

            let split = x.tf_split(&list[..], -1).map(|p| p.len());
            prop_assert_eq!(&x.tf_split(&view, -1).map(|p| p.len()), &split);
        }
    }
}
