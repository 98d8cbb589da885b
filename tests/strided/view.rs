//! Results are views into the input, for every kind of ndarray array, and the call site takes
//! every integer container a porter has at hand.

use ndarray::{ArcArray, Array, Array3, ArrayD, CowArray, IxDyn, array};
use ndarray_tfslice::prelude::*;

fn inside<T>(elem: &T, base: *const T, len: usize) -> bool {
    let p = elem as *const T as usize;
    let start = base as usize;
    p >= start && p < start + len * std::mem::size_of::<T>()
}

/// `x[1:, ::-2, None, 0]` as the raw op: begin/end mask on entries 0 and 1, new axis 2, shrink 3.
fn spec() -> (Vec<i64>, Vec<i64>, Vec<i64>, Masks) {
    let m = Masks {
        begin: 0b11,
        end: 0b11,
        new_axis: 0b100,
        shrink_axis: 0b1000,
        ..Masks::NONE
    };
    (vec![1, 0, 0, 0], vec![0, 0, 0, 1], vec![1, -2, 1, 1], m)
}

#[test]
fn elements_live_in_the_input_buffer() {
    let x = Array::from_iter(0..4 * 5 * 6)
        .into_shape_with_order((4, 5, 6))
        .unwrap();
    let (b, e, s, m) = spec();
    let y = x.tf_strided_slice(&b, &e, &s, m).unwrap();
    assert_eq!(y.shape(), &[4, 3, 1]);
    let (base, len) = (x.as_ptr(), x.len());
    for (idx, v) in y.indexed_iter() {
        assert!(inside(v, base, len));
        // Output [i, j, 0] is input [i, 4 - 2j, 0]: the very same element, not a copy of it.
        assert!(std::ptr::eq(v, &x[[idx[0], 4 - 2 * idx[1], 0]]));
    }
}

#[test]
fn every_array_kind_gives_a_view() {
    let owned: ArrayD<f64> = ArrayD::from_shape_fn(IxDyn(&[4, 5, 6]), |i| {
        (i[0] * 100 + i[1] * 10 + i[2]) as f64
    });
    let (b, e, s, m) = spec();
    let want = owned.tf_strided_slice(&b, &e, &s, m).unwrap().to_owned();
    assert_eq!(want[[1, 2, 0]], 100.0);

    let fixed: Array3<f64> = owned.clone().into_dimensionality().unwrap();
    let view = owned.view();
    let arc: ArcArray<f64, _> = owned.to_shared();
    let cow = CowArray::from(owned.view());
    for (name, got, base, len) in [
        (
            "Array3",
            fixed.tf_strided_slice(&b, &e, &s, m).unwrap(),
            fixed.as_ptr(),
            fixed.len(),
        ),
        (
            "ArrayView",
            view.tf_strided_slice(&b, &e, &s, m).unwrap(),
            view.as_ptr(),
            view.len(),
        ),
        (
            "ArcArray",
            arc.tf_strided_slice(&b, &e, &s, m).unwrap(),
            arc.as_ptr(),
            arc.len(),
        ),
        (
            "CowArray",
            cow.tf_strided_slice(&b, &e, &s, m).unwrap(),
            cow.as_ptr(),
            cow.len(),
        ),
    ] {
        assert_eq!(got, want, "{name}");
        assert!(got.iter().all(|v| inside(v, base, len)), "{name} copied");
    }
}

#[test]
fn mut_view_writes_land_in_the_input() {
    let mut x = Array::from_iter(0..24)
        .into_shape_with_order((4, 6))
        .unwrap();
    // x[::-1, 1::2] = -1
    let m = Masks {
        begin: 0b01,
        end: 0b11,
        ..Masks::NONE
    };
    x.tf_strided_slice_mut(&[0, 1], &[0, 0], &[-1, 2], m)
        .unwrap()
        .fill(-1);
    for ((r, c), v) in x.indexed_iter() {
        let expect = if c % 2 == 1 { -1 } else { (r * 6 + c) as i32 };
        assert_eq!(*v, expect, "at [{r}, {c}]");
    }
}

#[test]
fn tf_slice_is_a_view() {
    let x = Array::from_iter(0..12)
        .into_shape_with_order((3, 4))
        .unwrap();
    let y = x.tf_slice(&[1, 1], &[-1, 2]).unwrap();
    assert_eq!(y, array![[5, 6], [9, 10]]);
    assert!(std::ptr::eq(&y[[0, 0]], &x[[1, 1]]));
}

#[test]
fn call_site_takes_vecs_arrays_and_any_integer_type() {
    let x = Array::from_iter(0..10);
    let want = array![2, 4, 6].into_dyn();
    let (b, e, s): (Vec<i64>, Vec<i64>, Vec<i64>) = (vec![2], vec![8], vec![2]);
    assert_eq!(x.tf_strided_slice(&b, &e, &s, Masks::NONE).unwrap(), want);
    assert_eq!(
        x.tf_strided_slice(&[2i32], &[8], &[2], Masks::NONE)
            .unwrap(),
        want
    );
    let (bu, eu, su): (&[usize], &[usize], &[usize]) = (&[2], &[8], &[2]);
    assert_eq!(x.tf_strided_slice(bu, eu, su, Masks::NONE).unwrap(), want);
    assert_eq!(
        x.tf_strided_slice(&[2u8], &[8u8], &[2u8], Masks::NONE)
            .unwrap(),
        want
    );
    assert_eq!(
        x.tf_strided_slice(&[2i128], &[8], &[2], Masks::NONE)
            .unwrap(),
        want
    );
    let (bv, sv): (Vec<u32>, Vec<u32>) = ((2..3).collect(), (3..4).collect());
    assert_eq!(x.tf_slice(&bv, &sv).unwrap(), array![2, 3, 4]);
    // A value past i64 is an error, not a wrap.
    let err = x
        .tf_strided_slice(&[0u64], &[u64::MAX], &[1], Masks::NONE)
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::ValueOutOfRange {
                argument: Argument::End,
                index: 0,
                ..
            }
        ),
        "{err:?}"
    );
}
