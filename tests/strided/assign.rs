//! Slice assignment (`tf_strided_slice_assign`, `tf_index_assign`, writes through
//! `tf_strided_slice_mut`) and `tf_strided_slice_grad`, against the reference's §3 and §6
//! (`shared/reference/tf-strided-slice-semantics.md`, observed on TensorFlow 2.21).
//!
//! The randomized comparison with an independent oracle is in `tests/strided/oracle.rs`; these are the
//! hand-checked cases: the failure guarantee (an error leaves the array bit for bit as it was),
//! empty slices, writes through views, TF's own broadcast examples and the gradient's cases.

use ndarray::{Array, Array1, Array2, Array3, ArrayD, IxDyn, ShapeBuilder, arr0, array, s};
use ndarray_tfslice::MAX_SPEC_LEN;
use ndarray_tfslice::prelude::*;

// ---------------------------------------------------------------------------------------------
// On error, nothing changes
// ---------------------------------------------------------------------------------------------

/// Twelve f64s with distinct bit patterns, chosen so that any write (even of an "equal" value)
/// shows in `to_bits`: NaNs with payloads (quiet, negative, signalling), both zeros, both
/// infinities, subnormals and the extremes.
fn awkward_bits() -> Array2<f64> {
    let bits: [u64; 12] = [
        0x7ff8_0000_0000_1234, // quiet NaN with a payload
        0xfff8_dead_beef_0001, // negative quiet NaN with a payload
        0x7ff0_0000_0000_0001, // signalling NaN
        (-0.0f64).to_bits(),
        0.0f64.to_bits(),
        f64::INFINITY.to_bits(),
        f64::NEG_INFINITY.to_bits(),
        0x0000_0000_0000_0001, // the smallest subnormal
        0x800f_ffff_ffff_ffff, // the largest negative subnormal
        f64::MIN_POSITIVE.to_bits(),
        f64::MAX.to_bits(),
        (-1.5f64).to_bits(),
    ];
    Array2::from_shape_vec((3, 4), bits.iter().map(|&b| f64::from_bits(b)).collect()).unwrap()
}

fn bits_of<'a>(x: impl IntoIterator<Item = &'a f64>) -> Vec<u64> {
    x.into_iter().map(|v| v.to_bits()).collect()
}

/// Runs `call` on a fresh copy of `original`, asserts it fails with an error `expected` accepts,
/// and that every element still has its original bits. Returns the error.
fn fails_unchanged(
    what: &str,
    original: &Array2<f64>,
    call: impl FnOnce(&mut Array2<f64>) -> Result<(), Error>,
    expected: impl Fn(&Error) -> bool,
) -> Error {
    let mut x = original.clone();
    let err = match call(&mut x) {
        Ok(()) => panic!("{what}: expected an error, got Ok"),
        Err(e) => e,
    };
    assert!(expected(&err), "{what}: unexpected error {err:?}");
    assert_eq!(bits_of(&x), bits_of(original), "{what}: the array changed");
    err
}

#[test]
fn failing_assign_leaves_the_array_bit_for_bit_unchanged() {
    let original = awkward_bits();
    // All distinct, so a write of any one of them elsewhere would show.
    let mut distinct = bits_of(&original);
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 12);

    let none = Masks::NONE;
    let one = arr0(1.0f64);

    // E5: x[:, ::0] (the zero stride on the second axis, after the first resolved).
    fails_unchanged(
        "zero stride",
        &original,
        |x| x.tf_strided_slice_assign(&[0, 0], &[3, 4], &[1, 0], none, &one),
        |e| *e == Error::ZeroStride { index: 1, axis: 1 },
    );
    // E7: x[3] on 3 rows.
    let shrink = Masks {
        shrink_axis: 1,
        ..Masks::NONE
    };
    fails_unchanged(
        "shrink out of bounds",
        &original,
        |x| x.tf_strided_slice_assign(&[3], &[4], &[1], shrink, &array![1.0, 2.0, 3.0, 4.0]),
        |e| {
            matches!(
                e,
                Error::ShrinkOutOfBounds {
                    index: 0,
                    axis: 0,
                    shifted: 3,
                    dim: 3,
                    ..
                }
            )
        },
    );
    // E4: three ranges on a rank-2 array.
    fails_unchanged(
        "too many indices",
        &original,
        |x| x.tf_strided_slice_assign(&[0, 0, 0], &[1, 1, 1], &[1, 1, 1], none, &one),
        |e| {
            *e == Error::TooManyIndices {
                index: 2,
                axis: 2,
                rank: 2,
            }
        },
    );
    // E2.
    let two_ellipses = Masks {
        ellipsis: 0b11,
        ..Masks::NONE
    };
    fails_unchanged(
        "multiple ellipses",
        &original,
        |x| x.tf_strided_slice_assign(&[0, 0], &[0, 0], &[1, 1], two_ellipses, &one),
        |e| {
            matches!(
                e,
                Error::MultipleEllipses {
                    first: 0,
                    second: 1,
                    ..
                }
            )
        },
    );
    // E6: a shrink with stride -1.
    fails_unchanged(
        "negative-stride shrink",
        &original,
        |x| x.tf_strided_slice_assign(&[0], &[1], &[-1], shrink, &one),
        |e| {
            matches!(
                e,
                Error::ShrinkNegativeStride {
                    index: 0,
                    axis: 0,
                    stride: -1
                }
            )
        },
    );
    // E1.
    fails_unchanged(
        "length mismatch",
        &original,
        |x| x.tf_strided_slice_assign(&[0], &[1, 2], &[1], none, &one),
        |e| {
            *e == Error::SpecLengthMismatch {
                begin_len: 1,
                end_len: 2,
                strides_len: 1,
            }
        },
    );
    // E3 needs a rank-0 input.
    let scalar = arr0(f64::from_bits(0x7ff8_0000_0000_4321));
    let mut y = scalar.clone();
    let err = y
        .tf_strided_slice_assign(&[0], &[1], &[1], none, &one)
        .unwrap_err();
    assert_eq!(err, Error::SliceScalar { index: 0 });
    assert_eq!(bits_of(&y), bits_of(&scalar));
    // More entries than the crate's masks can hold (65 new axes).
    let long = vec![0i64; MAX_SPEC_LEN + 1];
    let ones = vec![1i64; MAX_SPEC_LEN + 1];
    let all_new = Masks {
        new_axis: u64::MAX,
        ..Masks::NONE
    };
    fails_unchanged(
        "spec too long",
        &original,
        |x| x.tf_strided_slice_assign(&long, &long, &ones, all_new, &one),
        |e| matches!(e, Error::SpecTooLong { .. }),
    );
    // A value past i64 in begin.
    fails_unchanged(
        "u64::MAX in begin",
        &original,
        |x| x.tf_strided_slice_assign(&[u64::MAX], &[1u64], &[1u64], none, &one),
        |e| {
            matches!(
                e,
                Error::ValueOutOfRange {
                    argument: Argument::Begin,
                    index: 0,
                    ..
                }
            )
        },
    );
    // x[:, 1:3] is [3,2]; a [3] value does not broadcast into it.
    let rows = Masks {
        begin: 1,
        end: 1,
        ..Masks::NONE
    };
    let err = fails_unchanged(
        "value does not broadcast",
        &original,
        |x| x.tf_strided_slice_assign(&[0, 1], &[0, 3], &[1, 1], rows, &array![1.0, 2.0, 3.0]),
        |e| {
            matches!(e, Error::AssignBroadcast { value_shape, final_shape, input_shape, .. }
                if *value_shape == [3] && *final_shape == [3, 2] && *input_shape == [3, 4])
        },
    );
    assert!(
        err.to_string()
            .starts_with("Cannot broadcast input shape [3] into final shape [3,2]"),
        "{err}"
    );
    // The value broadcasts on every axis but the first, where it has 2 for 3: no partial write.
    fails_unchanged(
        "value broadcasts on the inner axes only",
        &original,
        |x| x.tf_strided_slice_assign(&[0], &[0], &[1], rows, &Array2::<f64>::ones((2, 1))),
        |e| matches!(e, Error::AssignBroadcast { value_shape, .. } if *value_shape == [2, 1]),
    );
    // x[...] = a [2,3,4] value: an extra leading dim must be 1.
    fails_unchanged(
        "extra leading dim of 2",
        &original,
        |x| x.tf_index_assign(&"...".parse()?, &Array3::<f64>::zeros((2, 3, 4))),
        |e| {
            matches!(e, Error::AssignBroadcast { value_shape, final_shape, .. }
                if *value_shape == [2, 3, 4] && *final_shape == [3, 4])
        },
    );
    // A 0-length value into a non-empty slice.
    fails_unchanged(
        "empty value, non-empty slice",
        &original,
        |x| x.tf_index_assign(&"0".parse()?, &Array1::<f64>::zeros(0)),
        |e| matches!(e, Error::AssignBroadcast { value_shape, .. } if *value_shape == [0]),
    );
    // The same through tf_index_assign and a parsed spec.
    fails_unchanged(
        "tf_index_assign, shrink out of bounds",
        &original,
        |x| x.tf_index_assign(&"5, :".parse()?, &one),
        |e| matches!(e, Error::ShrinkOutOfBounds { shifted: 5, .. }),
    );
    fails_unchanged(
        "tf_index_assign, value does not broadcast",
        &original,
        |x| x.tf_index_assign(&"::2".parse()?, &Array2::<f64>::zeros((3, 4))),
        |e| {
            matches!(e, Error::AssignBroadcast { value_shape, final_shape, .. }
                if *value_shape == [3, 4] && *final_shape == [2, 4])
        },
    );
    // And through a mutable view of the array (which must not change the array either).
    fails_unchanged(
        "through a view",
        &original,
        |x| {
            x.slice_mut(s![.., ..;-1])
                .tf_index_assign(&"1:, 1".parse()?, &array![1.0, 2.0, 3.0])
        },
        |e| {
            matches!(e, Error::AssignBroadcast { value_shape, final_shape, .. }
                if *value_shape == [3] && *final_shape == [2])
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Empty slices
// ---------------------------------------------------------------------------------------------

#[test]
fn empty_slice_ignores_the_value_shape() {
    let original = Array::from_shape_fn((3, 3), |(i, j)| (10 * i + j) as i32);
    let big = Array2::<i32>::from_elem((7, 7), -1);

    // §6 case 56: x[8:10, 8:10] = a [7,7] value.
    let mut x = original.clone();
    x.tf_strided_slice_assign(&[8, 8], &[10, 10], &[1, 1], Masks::NONE, &big)
        .unwrap();
    assert_eq!(x, original);
    // x[8:10, 0] (final shape [0]).
    let shrink1 = Masks {
        shrink_axis: 0b10,
        ..Masks::NONE
    };
    x.tf_strided_slice_assign(&[8, 0], &[10, 0], &[1, 1], shrink1, &big)
        .unwrap();
    assert_eq!(x, original);
    // The same with parsed specs.
    x.tf_index_assign(&"8:10, 8:10".parse().unwrap(), &big)
        .unwrap();
    x.tf_index_assign(&"8:10, 0".parse().unwrap(), &big)
        .unwrap();
    assert_eq!(x, original);
    // x[1:1] = a 0-length value, or any other.
    x.tf_strided_slice_assign(&[1], &[1], &[1], Masks::NONE, &Array1::<i32>::zeros(0))
        .unwrap();
    x.tf_index_assign(&"1:1".parse().unwrap(), &Array1::<i32>::zeros(0))
        .unwrap();
    x.tf_index_assign(&"1:1".parse().unwrap(), &big).unwrap();
    // Empty by a negative stride walking the wrong way, and by a zero-length axis after a new
    // axis.
    x.tf_index_assign(&"0:2:-1".parse().unwrap(), &big).unwrap();
    x.tf_index_assign(&"None, :, 3:".parse().unwrap(), &big)
        .unwrap();
    assert_eq!(x, original);

    // An empty input: every slice is empty.
    let mut e = Array2::<i32>::zeros((0, 3));
    e.tf_index_assign(&"...".parse().unwrap(), &big).unwrap();
    e.tf_index_assign(&":, 1".parse().unwrap(), &arr0(5))
        .unwrap();
    assert_eq!(e.shape(), &[0, 3]);

    // Spec errors still win over the no-op: x[1:1, 5] fails on the shrink.
    let err = x
        .tf_index_assign(&"1:1, 5".parse().unwrap(), &big)
        .unwrap_err();
    assert!(
        matches!(err, Error::ShrinkOutOfBounds { axis: 1, .. }),
        "{err:?}"
    );
    // And a non-empty slice does look at the value: a 0-length value into x[1:2] fails.
    let err = x
        .tf_index_assign(&"1:2".parse().unwrap(), &Array1::<i32>::zeros(0))
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("Cannot broadcast input shape [0] into final shape [1,3]"),
        "{err}"
    );
    assert_eq!(x, original);
}

// ---------------------------------------------------------------------------------------------
// Values and targets in every layout
// ---------------------------------------------------------------------------------------------

/// `x[spec] = value` (by `tf_index_assign` and by `Plan::apply_assign`) for values laid out every way the write side reads them (its own memory in
/// C or F order, a strided or reversed view copied first, a broadcast row and scalar) and for
/// inputs whose memory is one slice or not (a view with gaps: ndarray's `assign`), against
/// ndarray's `slice_mut(..).assign` of the same elements.
#[test]
fn values_and_targets_in_every_layout() {
    let big = Array::from_shape_fn((6, 10, 8), |(i, j, k)| (100 * i + 10 * j + k) as i64);
    // The target: x[::-1, 1:9:3, :2] of a (6, 10, 8) input, shape (6, 3, 2).
    let spec: StridedSlice = "::-1, 1:9:3, :2".parse().unwrap();
    let elems = s![..;-1, 1..9;3, ..2];
    let plan = spec.resolve(&[6, 10, 8]).unwrap();
    let source = Array::from_shape_fn((12, 6, 4), |(i, j, k)| -((i * 24 + j * 4 + k) as i64) - 1);
    let c_order = source.slice(s![..6, ..3, ..2]).to_owned();
    let values: Vec<(&str, ndarray::ArrayView3<'_, i64>)> = vec![
        ("C order", c_order.view()),
        ("gapped", source.slice(s![..;2, ..;2, ..;2])),
        ("reversed", source.slice(s![6..;-1, 3..6, 2..])),
    ];
    let f_order = {
        let mut f = Array3::zeros((6, 3, 2).f());
        f.assign(&c_order);
        f
    };
    let row = array![7i64, 8];
    for contiguous in [true, false] {
        // One slice of memory, or every other element of a wider array.
        let mut wide = Array3::<i64>::zeros((6, 10, if contiguous { 8 } else { 16 }));
        let base = |wide: &Array3<i64>| wide.clone();
        wide.slice_mut(s![.., .., ..;if contiguous { 1 } else { 2 }])
            .assign(&big);
        let step = if contiguous { 1 } else { 2 };
        let check = |what: &str, value: ndarray::ArrayViewD<'_, i64>| {
            let mut got = base(&wide);
            let mut want = base(&wide);
            got.slice_mut(s![.., .., ..;step])
                .tf_index_assign(&spec, &value)
                .unwrap();
            // ndarray's broadcasting needs the extra leading 1s gone.
            let extra = value.ndim().saturating_sub(3);
            let nd_value = value.to_shape(&value.shape()[extra..]).unwrap();
            want.slice_mut(s![.., .., ..;step])
                .slice_mut(elems)
                .assign(&nd_value.broadcast((6, 3, 2)).unwrap());
            assert_eq!(got, want, "{what}, contiguous input {contiguous}");
            // The same spec resolved once, written through the plan.
            let mut planned = base(&wide);
            plan.apply_assign(&mut planned.slice_mut(s![.., .., ..;step]), &value)
                .unwrap();
            assert_eq!(
                planned, want,
                "{what} through a plan, contiguous input {contiguous}"
            );
        };
        for (what, v) in &values {
            check(what, v.view().into_dyn());
        }
        check("F order owned", f_order.view().into_dyn());
        check("a broadcast row", row.view().into_dyn());
        check("a scalar", arr0(-5i64).view().into_dyn());
        check(
            "a row with leading 1s",
            row.view()
                .into_shape_with_order((1, 1, 1, 2))
                .unwrap()
                .into_dyn(),
        );
    }
}

/// `Plan::apply_assign`'s own errors: an array of another shape, and a value that does not
/// broadcast (the message names the spec as written and the shape the plan was resolved for);
/// either way the array is unchanged.
#[test]
fn plan_assign_errors_leave_the_array_unchanged() {
    let plan = "1:, None, ::-2"
        .parse::<StridedSlice>()
        .unwrap()
        .resolve(&[3, 4])
        .unwrap();
    assert_eq!(plan.shape(), &[2, 1, 2]);
    let original = Array::from_shape_fn((3, 4), |(i, j)| (10 * i + j) as i32);
    let mut x = original.clone();
    plan.apply_assign(&mut x, &array![[-1, -2]]).unwrap();
    // Rows 1, 2; columns 3, 1.
    let mut want = original.clone();
    for i in [1, 2] {
        want[[i, 3]] = -1;
        want[[i, 1]] = -2;
    }
    assert_eq!(x, want);

    let mut other = Array::from_shape_fn((4, 3), |(i, j)| (i + j) as i32);
    let before = other.clone();
    assert_eq!(
        plan.apply_assign(&mut other, &arr0(0)),
        Err(Error::PlanShapeMismatch {
            expected: vec![3, 4],
            found: vec![4, 3],
        })
    );
    assert_eq!(other, before);

    let mut y = original.clone();
    let err = plan.apply_assign(&mut y, &array![1, 2, 3]).unwrap_err();
    assert_eq!(
        err,
        Error::AssignBroadcast {
            value_shape: vec![3],
            final_shape: vec![2, 1, 2],
            spec: "1:, None, ::-2".into(),
            input_shape: vec![3, 4],
        }
    );
    assert_eq!(y, original);
    // The same error as the direct call's.
    assert_eq!(
        y.tf_index_assign(&"1:, None, ::-2".parse().unwrap(), &array![1, 2, 3]),
        Err(err)
    );
}

// ---------------------------------------------------------------------------------------------
// Writes through views
// ---------------------------------------------------------------------------------------------

#[test]
fn writes_through_views_land_in_the_input() -> Result<(), Error> {
    // x[i, j] = 10 i + j.
    let original = Array::from_shape_fn((4, 6), |(i, j)| (10 * i + j) as i32);

    // x[1::2, ::-2]: rows 1, 3 and columns 5, 3, 1.
    let m = Masks {
        begin: 0b10,
        end: 0b11,
        ..Masks::NONE
    };
    let mut x = original.clone();
    {
        let mut v = x.tf_strided_slice_mut(&[1, 0], &[0, 0], &[2, -2], m)?;
        assert_eq!(v.shape(), &[2, 3]);
        assert_eq!(v, array![[15, 13, 11], [35, 33, 31]].into_dyn());
        v[IxDyn(&[0, 0])] = -1; // x[1, 5]
        v[IxDyn(&[1, 2])] = -2; // x[3, 1]
    }
    let mut want = original.clone();
    want[[1, 5]] = -1;
    want[[3, 1]] = -2;
    assert_eq!(x, want);
    x.tf_strided_slice_mut(&[1, 0], &[0, 0], &[2, -2], m)?
        .fill(0);
    for (i, j) in [(1, 5), (1, 3), (1, 1), (3, 5), (3, 3), (3, 1)] {
        want[[i, j]] = 0;
    }
    assert_eq!(x, want);

    // tf_index_assign on an ndarray view of a larger array: big[1..5, 2..8][1:3, ::-3].
    // big[i, j] = 100 i + j.
    let big0 = Array::from_shape_fn((6, 8), |(i, j)| (100 * i + j) as i32);
    let mut big = big0.clone();
    {
        let mut outer = big.slice_mut(s![1..5, 2..8]);
        // Rows 1, 2 of the view are rows 2, 3 of big; columns 5, 2 are columns 7, 4.
        outer.tf_index_assign(&"1:3, ::-3".parse()?, &array![[-10, -20]])?;
    }
    let mut want = big0.clone();
    for i in [2, 3] {
        want[[i, 7]] = -10;
        want[[i, 4]] = -20;
    }
    assert_eq!(big, want);

    // A strided slice of a strided slice: big[::2][-1, 1::3] = 7 is big[4, [1, 4, 7]].
    {
        let rows = Masks {
            begin: 0b11,
            end: 0b11,
            ..Masks::NONE
        };
        let mut every_other = big.tf_strided_slice_mut(&[0, 0], &[0, 0], &[2, 1], rows)?;
        assert_eq!(every_other.shape(), &[3, 8]);
        every_other.tf_index_assign(&"-1, 1::3".parse()?, &arr0(7))?;
    }
    for j in [1, 4, 7] {
        want[[4, j]] = 7;
    }
    assert_eq!(big, want);

    // Through a view with negative strides: big[::-1, 1:][0, ::2] = [1, 2, 3, 4] is
    // big[5, 1], big[5, 3], big[5, 5], big[5, 7].
    {
        let mut rev = big.slice_mut(s![..;-1, 1..]);
        let shrink = Masks {
            shrink_axis: 1,
            end: 0b10,
            ..Masks::NONE
        };
        rev.tf_strided_slice_assign(&[0, 0], &[0, 0], &[1, 2], shrink, &array![1, 2, 3, 4])?;
    }
    for (k, j) in [1, 3, 5, 7].into_iter().enumerate() {
        want[[5, j]] = k as i32 + 1;
    }
    assert_eq!(big, want);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// §3's broadcast examples, and §6 cases 55 and 57
// ---------------------------------------------------------------------------------------------

/// `[0, 1, 2, ...]` as f64 in the given shape.
fn arange(shape: &[usize]) -> ArrayD<f64> {
    let len = shape.iter().product::<usize>();
    ArrayD::from_shape_vec(IxDyn(shape), (0..len).map(|i| i as f64).collect()).unwrap()
}

#[test]
fn reference_broadcast_examples_succeed() -> Result<(), Error> {
    // {} -> [2,4,5]: x[...] = 3.
    let mut x = ArrayD::<f64>::zeros(IxDyn(&[2, 4, 5]));
    x.tf_index_assign(&"...".parse()?, &arr0(3.0))?;
    assert!(x.iter().all(|&v| v == 3.0));

    // [1,5] -> [4,5]: x[1] = a row, repeated over the four rows of x[1].
    let mut x = ArrayD::<f64>::zeros(IxDyn(&[2, 4, 5]));
    x.tf_index_assign(&"1".parse()?, &arange(&[1, 5]))?;
    for ((a, i, j), &v) in x
        .view()
        .into_dimensionality::<ndarray::Ix3>()
        .unwrap()
        .indexed_iter()
    {
        assert_eq!(v, if a == 1 { j as f64 } else { 0.0 }, "x[{a},{i},{j}]");
    }

    // [1,1,5] -> [4,5]: the same, with one more leading 1.
    let mut y = ArrayD::<f64>::zeros(IxDyn(&[2, 4, 5]));
    y.tf_index_assign(&"1".parse()?, &arange(&[1, 1, 5]))?;
    assert_eq!(y, x);

    // [1,1,1,2,4,5] -> [2,4,5]: x[...] = the value without its leading 1s.
    let mut x = ArrayD::<f64>::zeros(IxDyn(&[2, 4, 5]));
    x.tf_index_assign(&"...".parse()?, &arange(&[1, 1, 1, 2, 4, 5]))?;
    assert_eq!(x, arange(&[2, 4, 5]));

    // The same through the raw-spec method: x[1] (shrink) = [1,5] into [4,5].
    let mut z = ArrayD::<f64>::zeros(IxDyn(&[2, 4, 5]));
    let shrink = Masks {
        shrink_axis: 1,
        ..Masks::NONE
    };
    z.tf_strided_slice_assign(&[1], &[2], &[1], shrink, &arange(&[1, 5]))?;
    assert_eq!(z, y);
    Ok(())
}

/// (input shape, spec, value shape, the spec's final shape)
type Bad<'a> = (&'a [usize], &'a str, &'a [usize], &'a [usize]);

#[test]
fn reference_broadcast_examples_fail() -> Result<(), Error> {
    let cases: [Bad; 4] = [
        (&[5], "1:2", &[5], &[1]),
        (&[2, 4, 5], "0", &[4], &[4, 5]),
        (&[2, 4, 5], "..., None", &[2, 4, 5], &[2, 4, 5, 1]),
        (&[2, 4, 5], "0", &[2, 4, 5], &[4, 5]),
    ];
    for (shape, spec, value_shape, final_shape) in cases {
        let spec: StridedSlice = spec.parse()?;
        let original = arange(shape);
        let mut x = original.clone();
        assert_eq!(x.tf_index(&spec)?.shape(), final_shape, "{spec}");
        let err = x.tf_index_assign(&spec, &arange(value_shape)).unwrap_err();
        match &err {
            Error::AssignBroadcast {
                value_shape: vs,
                final_shape: fs,
                input_shape,
                ..
            } => {
                assert_eq!(vs, value_shape);
                assert_eq!(fs, final_shape);
                assert_eq!(input_shape, shape);
            }
            other => panic!("{spec}: expected AssignBroadcast, got {other:?}"),
        }
        let fmt = |s: &[usize]| {
            let d: Vec<String> = s.iter().map(ToString::to_string).collect();
            format!("[{}]", d.join(","))
        };
        let prefix = format!(
            "Cannot broadcast input shape {} into final shape {}",
            fmt(value_shape),
            fmt(final_shape)
        );
        assert!(err.to_string().starts_with(&prefix), "{err}");
        assert_eq!(x, original, "{spec}");
    }
    Ok(())
}

/// §6 case 55: TensorStridedSliceUpdate on zeros[2,3] | [0,1] | [2,3] | [1,1] (target [2,2]).
#[test]
fn reference_case_55_update() {
    let update = |value: ArrayD<f64>| {
        let mut x = Array2::<f64>::zeros((2, 3));
        x.tf_strided_slice_assign(&[0, 1], &[2, 3], &[1, 1], Masks::NONE, &value)
            .map(|()| x)
    };
    assert_eq!(
        update(arr0(5.0).into_dyn()).unwrap(),
        array![[0.0, 5.0, 5.0], [0.0, 5.0, 5.0]]
    );
    assert_eq!(
        update(array![5.0, 6.0].into_dyn()).unwrap(),
        array![[0.0, 5.0, 6.0], [0.0, 5.0, 6.0]]
    );
    assert_eq!(
        update(array![[[[1.0, 2.0], [3.0, 4.0]]]].into_dyn()).unwrap(),
        array![[0.0, 1.0, 2.0], [0.0, 3.0, 4.0]]
    );
    let err = update(array![1.0, 2.0, 3.0].into_dyn()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("Cannot broadcast input shape [3] into final shape [2,2]"),
        "{err}"
    );
}

/// §6 case 57: `x[None, None, 0, 0:1] = [[[99]]]`, or 99 broadcast.
#[test]
fn reference_case_57_new_axes() -> Result<(), Error> {
    let spec: StridedSlice = "None, None, 0, 0:1".parse()?;
    let original = Array::from_shape_fn((2, 3), |(i, j)| (10 * i + j) as i32);
    assert_eq!(original.tf_index(&spec)?.shape(), &[1, 1, 1]);
    let mut want = original.clone();
    want[[0, 0]] = 99;
    for value in [array![[[99]]].into_dyn(), arr0(99).into_dyn()] {
        let mut x = original.clone();
        x.tf_index_assign(&spec, &value)?;
        assert_eq!(x, want);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// StridedSliceGrad
// ---------------------------------------------------------------------------------------------

/// §6 case 58: shape [5] | [-1] | [0] | [1] | shrink=1, dy = 7 gives [0,0,0,0,7].
#[test]
fn grad_case_58() {
    let shrink = Masks {
        shrink_axis: 1,
        ..Masks::NONE
    };
    let dx = tf_strided_slice_grad(&[5], &[-1], &[0], &[1], shrink, &arr0(7)).unwrap();
    assert_eq!(dx, array![0, 0, 0, 0, 7].into_dyn());
    let dx = tf_strided_slice_grad(&[5], &[-1], &[0], &[1], shrink, &arr0(7.5)).unwrap();
    assert_eq!(dx, array![0.0, 0.0, 0.0, 0.0, 7.5].into_dyn());
}

/// §6 case 59: dy [1,2,4] where [2,2,4] is expected; the gradient never broadcasts.
#[test]
fn grad_case_59_no_broadcasting() {
    // x[1:] on a [3,2,4] input has shape [2,2,4].
    let m = Masks {
        end: 1,
        ..Masks::NONE
    };
    let dy = Array3::<f64>::ones((1, 2, 4));
    let err = tf_strided_slice_grad(&[3, 2, 4], &[1], &[0], &[1], m, &dy).unwrap_err();
    match &err {
        Error::GradShapeMismatch {
            dy_shape,
            expected,
            input_shape,
            ..
        } => {
            assert_eq!(dy_shape, &[1, 2, 4]);
            assert_eq!(expected, &[2, 2, 4]);
            assert_eq!(input_shape, &[3, 2, 4]);
        }
        other => panic!("expected GradShapeMismatch, got {other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with("shape of dy was [1,2,4] instead of [2,2,4]"),
        "{err}"
    );
    // A scalar dy where [1] is expected would broadcast for assignment, not here.
    let err = tf_strided_slice_grad(&[3], &[0], &[1], &[1], Masks::NONE, &arr0(1.0)).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("shape of dy was [] instead of [1]"),
        "{err}"
    );
    // The right shape works and writes dy where x[1:] read.
    let dy = arange(&[2, 2, 4]);
    let dx = tf_strided_slice_grad(&[3, 2, 4], &[1], &[0], &[1], m, &dy).unwrap();
    let mut want = ArrayD::<f64>::zeros(IxDyn(&[3, 2, 4]));
    want.slice_mut(s![1.., .., ..]).assign(&dy);
    assert_eq!(dx, want);
}

/// A shape whose zeros cannot be allocated is `TooLarge`, never a panic or an abort; spec errors
/// and the dy check come first.
#[test]
fn grad_too_large_is_an_error() {
    let huge = [usize::MAX / 2, 3];
    // x[0:0] has shape [0,3]: the spec resolves and dy fits, so the check reached is the size.
    let dy = ArrayD::<f64>::zeros(IxDyn(&[0, 3]));
    let err = tf_strided_slice_grad(&huge, &[0], &[0], &[1], Masks::NONE, &dy).unwrap_err();
    assert_eq!(
        err,
        Error::TooLarge {
            shape: huge.to_vec()
        }
    );
    // x[0] (shrink) has shape [3]: a non-empty dy, same answer.
    let shrink = Masks {
        shrink_axis: 1,
        ..Masks::NONE
    };
    let err =
        tf_strided_slice_grad(&huge, &[0], &[0], &[1], shrink, &array![1.0, 2.0, 3.0]).unwrap_err();
    assert!(matches!(err, Error::TooLarge { .. }), "{err:?}");
    // Elements fit in isize, bytes do not.
    let wide = [isize::MAX as usize / 4];
    let dy = Array1::<f64>::zeros(0);
    let err = tf_strided_slice_grad(&wide, &[0], &[0], &[1], Masks::NONE, &dy).unwrap_err();
    assert!(matches!(err, Error::TooLarge { .. }), "{err:?}");
    // A spec error on the same shape is reported as such.
    let err = tf_strided_slice_grad(&huge, &[0], &[0], &[0], Masks::NONE, &dy).unwrap_err();
    assert_eq!(err, Error::ZeroStride { index: 0, axis: 0 });
    // So is a wrong dy.
    let err = tf_strided_slice_grad(&huge, &[0], &[0], &[1], Masks::NONE, &dy).unwrap_err();
    assert!(matches!(err, Error::GradShapeMismatch { .. }), "{err:?}");
}

/// The gradient reports errors in the same order as the forward slice, also for values only an
/// unsigned index type can hold (past `i64`).
#[test]
fn grad_errors_come_in_the_forward_order() {
    use ndarray::arr0;
    let dy = arr0(1.0f32);
    let x = ndarray::Array1::<f32>::zeros(5);
    type Raw<'a> = (&'a [u64], &'a [u64], &'a [u64], Masks);
    let cases: [Raw<'_>; 2] = [
        (&[u64::MAX], &[0, 0], &[1], Masks::NONE),
        (
            &[u64::MAX, 0],
            &[0, 0],
            &[1, 1],
            Masks {
                ellipsis: 0b11,
                ..Masks::NONE
            },
        ),
    ];
    for (b, e, s, m) in cases {
        let forward = x.tf_strided_slice(b, e, s, m).unwrap_err();
        let grad = tf_strided_slice_grad(&[5], b, e, s, m, &dy).unwrap_err();
        assert_eq!(grad, forward);
    }
}
