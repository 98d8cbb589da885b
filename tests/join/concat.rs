//! `tf_concat` and `tf_stack` against a naive oracle written from TensorFlow's definition (one
//! output element at a time, by index arithmetic), plus edge cases.

use ndarray::{
    Array, Array2, ArrayD, ArrayView2, ArrayViewD, Axis, Ix1, IxDyn, ShapeBuilder, Slice, arr0,
    array, s,
};
use ndarray_tfslice::{Error, tf_concat, tf_stack};
use proptest::prelude::*;

use crate::naive;
use naive::{indices, tf_axis};

/// TensorFlow's `tf.concat`, from its definition: the variant name of the error, or the result.
fn concat_oracle(xs: &[ArrayD<i64>], axis: isize) -> Result<ArrayD<i64>, &'static str> {
    if xs.is_empty() {
        return Err("NoInputs");
    }
    if xs.len() == 1 {
        return Ok(xs[0].clone());
    }
    let rank = xs[0].ndim();
    let ax = match tf_axis(axis, rank) {
        Some(a) => a,
        None if rank == 0 && axis == 0 => 0,
        None => return Err("AxisOutOfRange"),
    };
    for x in xs {
        if x.ndim() == 0 {
            return Err("ConcatScalars");
        }
        if x.ndim() != rank {
            return Err("ConcatRankMismatch");
        }
        for j in 0..rank {
            if j != ax && x.shape()[j] != xs[0].shape()[j] {
                return Err("ConcatShapeMismatch");
            }
        }
    }
    let mut shape = xs[0].shape().to_vec();
    shape[ax] = xs.iter().map(|x| x.shape()[ax]).sum();
    let mut values = Vec::new();
    for idx in indices(&shape) {
        let (mut k, mut i) = (0, idx[ax]);
        while i >= xs[k].shape()[ax] {
            i -= xs[k].shape()[ax];
            k += 1;
        }
        let mut at = idx.clone();
        at[ax] = i;
        values.push(xs[k][IxDyn(&at)]);
    }
    Ok(ArrayD::from_shape_vec(shape, values).unwrap())
}

/// TensorFlow's `tf.stack`, from its definition.
fn stack_oracle(xs: &[ArrayD<i64>], axis: isize) -> Result<ArrayD<i64>, &'static str> {
    if xs.is_empty() {
        return Err("NoInputs");
    }
    let rank = xs[0].ndim();
    let ax = tf_axis(axis, rank + 1).ok_or("AxisOutOfRange")?;
    if xs.iter().any(|x| x.shape() != xs[0].shape()) {
        return Err("StackShapeMismatch");
    }
    let mut shape = xs[0].shape().to_vec();
    shape.insert(ax, xs.len());
    let mut values = Vec::new();
    for idx in indices(&shape) {
        let mut at = idx.clone();
        let k = at.remove(ax);
        values.push(xs[k][IxDyn(&at)]);
    }
    Ok(ArrayD::from_shape_vec(shape, values).unwrap())
}

fn variant(err: &Error) -> String {
    format!("{err:?}")
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap()
        .to_string()
}

fn agree(got: Result<ArrayD<i64>, Error>, want: Result<ArrayD<i64>, &str>) {
    match (got, want) {
        (Ok(g), Ok(w)) => assert_eq!(g, w),
        (Err(e), Err(w)) => assert_eq!(variant(&e), w, "{e}"),
        (g, w) => panic!("got {g:?}, oracle {w:?}"),
    }
}

/// The array behind an input whose logical value is `arange(shape) + offset`: in memory as
/// `layout` says (0 standard, 1 column-major, 2 axis 0 stored backwards, 3 on the even rows of
/// an array twice as long), so that `view_of` hands out non-contiguous views.
fn input(shape: &[usize], offset: i64, layout: u8) -> ArrayD<i64> {
    let n: usize = shape.iter().product();
    let std = ArrayD::from_shape_vec(shape, (offset..offset + n as i64).collect()).unwrap();
    match layout {
        1 => {
            let mut f = ArrayD::zeros(IxDyn(shape).f());
            f.assign(&std);
            f
        }
        2 if !shape.is_empty() => {
            let backwards = std.slice_axis(Axis(0), Slice::new(0, None, -1));
            ArrayD::from_shape_vec(shape, backwards.iter().copied().collect()).unwrap()
        }
        3 if !shape.is_empty() => {
            let mut big_shape = shape.to_vec();
            big_shape[0] *= 2;
            let mut big = ArrayD::from_elem(IxDyn(&big_shape), -1);
            big.slice_axis_mut(Axis(0), Slice::new(0, None, 2))
                .assign(&std);
            big
        }
        _ => std,
    }
}

/// The view a case feeds: `input`'s layout, made non-standard where it asked for it.
fn view_of(x: &ArrayD<i64>, layout: u8) -> ArrayViewD<'_, i64> {
    match layout {
        2 if x.ndim() > 0 => {
            let mut v = x.view();
            v.invert_axis(Axis(0));
            v
        }
        3 if x.ndim() > 0 => x.slice_axis(Axis(0), Slice::new(0, None, 2)),
        _ => x.view(),
    }
}

fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..4, 0..5)
}

/// A concat case: a base shape, per-input sizes on one axis (and sometimes an input of another
/// shape), layouts, and an axis that may be out of range.
fn concat_case() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<u8>, isize)> {
    (shape_strategy(), 1usize..5, any::<u64>(), -6isize..6).prop_map(|(base, n, bits, axis)| {
        let rank = base.len();
        let ax = tf_axis(axis, rank);
        let mut shapes = Vec::new();
        let mut layouts = Vec::new();
        for k in 0..n {
            let b = bits >> (k * 8);
            let mut s = base.clone();
            if let Some(a) = ax {
                s[a] = (b % 4) as usize;
            }
            if b & 0x30 == 0x30 && !s.is_empty() {
                // A mismatch: another axis, another rank, or a scalar.
                match (b >> 6) % 3 {
                    0 => s[0] += 1,
                    1 => s.push(1),
                    _ => s.clear(),
                }
            }
            shapes.push(s);
            layouts.push(((b >> 2) % 4) as u8);
        }
        (shapes, layouts, axis)
    })
}

fn build(shapes: &[Vec<usize>], layouts: &[u8]) -> (Vec<ArrayD<i64>>, Vec<ArrayD<i64>>) {
    let mut offset = 0;
    let mut stored = Vec::new();
    let mut logical = Vec::new();
    for (s, &l) in shapes.iter().zip(layouts) {
        let x = input(s, offset, l);
        offset += s.iter().product::<usize>() as i64;
        logical.push(view_of(&x, l).to_owned());
        stored.push(x);
    }
    (stored, logical)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn concat_agrees_with_the_oracle((shapes, layouts, axis) in concat_case()) {
        let (stored, logical) = build(&shapes, &layouts);
        let views: Vec<_> = stored.iter().zip(&layouts).map(|(x, &l)| view_of(x, l)).collect();
        for (v, w) in views.iter().zip(&logical) {
            prop_assert_eq!(v, w);
        }
        agree(tf_concat(&views, axis), concat_oracle(&logical, axis));
    }

    #[test]
    fn stack_agrees_with_the_oracle(
        (shapes, layouts, axis) in concat_case(),
        same in any::<bool>(),
    ) {
        // Mostly equal shapes: stack has no join axis to vary.
        let shapes: Vec<Vec<usize>> = if same {
            vec![shapes[0].clone(); shapes.len()]
        } else {
            shapes
        };
        let (stored, logical) = build(&shapes, &layouts);
        let views: Vec<_> = stored.iter().zip(&layouts).map(|(x, &l)| view_of(x, l)).collect();
        agree(tf_stack(&views, axis), stack_oracle(&logical, axis));
    }
}

#[test]
fn no_inputs() {
    let none: [ArrayView2<'_, f32>; 0] = [];
    assert_eq!(
        tf_concat(&none, 0).unwrap_err(),
        Error::NoInputs { op: "tf_concat" }
    );
    // TF's tf.stack([]) is an empty float tensor of shape (0,): no D::Larger of an input rank
    // says that, so it is an error here.
    assert_eq!(
        tf_stack(&none, 0).unwrap_err(),
        Error::NoInputs { op: "tf_stack" }
    );
}

#[test]
fn one_input_is_returned_whatever_the_axis() {
    let x = array![[1, 2], [3, 4]];
    assert_eq!(tf_concat(&[x.view()], 9).unwrap(), x);
    assert_eq!(tf_concat(&[x.t()], isize::MIN).unwrap(), x.t());
    assert_eq!(tf_concat(&[arr0(5).view()], 3).unwrap(), arr0(5));
    // Stack checks the axis even then.
    assert!(tf_stack(&[x.view()], 3).is_err());
    assert_eq!(tf_stack(&[x.view()], 2).unwrap().shape(), &[2, 2, 1]);
}

#[test]
fn scalars() {
    let (a, b) = (arr0(1), arr0(2));
    let ab = [a.view(), b.view()];
    assert_eq!(tf_concat(&ab, 0).unwrap_err(), Error::ConcatScalars);
    let err = tf_concat(&ab, -1).unwrap_err();
    assert_eq!(
        err,
        Error::AxisOutOfRange {
            op: "tf_concat",
            argument: "axis".into(),
            axis: -1,
            min: 0,
            max: 0
        }
    );
    let s = tf_stack(&ab, 0).unwrap();
    assert_eq!(s, array![1, 2]);
    assert_eq!(tf_stack(&ab, -1).unwrap(), array![1, 2]);
    assert!(tf_stack(&ab, 1).is_err());
}

#[test]
fn error_messages_name_the_input() {
    let x = ArrayD::<u8>::zeros(IxDyn(&[2, 3]));
    let y = ArrayD::<u8>::zeros(IxDyn(&[3]));
    let err = tf_concat(&[x.view(), x.view(), y.view()], 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "ConcatOp : Ranks of all input tensors should match: shape[0] = [2,3] vs. shape[2] = [3]"
    );
    let err = tf_stack(&[x.view(), y.view()], 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Shapes of all inputs must match: values[0].shape = [2,3] != values[1].shape = [3]"
    );
    let err = tf_concat(&[x.view(), x.view()], 2).unwrap_err();
    assert_eq!(err.to_string(), "axis = 2 not in [-2, 2) (tf_concat)");
}

#[test]
fn zero_size_dims() {
    let a = Array2::<f64>::zeros((0, 3));
    let b = Array2::<f64>::ones((2, 3));
    assert_eq!(tf_concat(&[a.view(), b.view(), a.view()], 0).unwrap(), b);
    let c = Array2::<f64>::zeros((0, 2));
    assert_eq!(
        tf_concat(&[a.view(), c.view()], 1).unwrap().shape(),
        &[0, 5]
    );
    assert_eq!(
        tf_stack(&[a.view(), a.view()], 1).unwrap().shape(),
        &[0, 2, 3]
    );
}

#[test]
fn sizes_that_overflow_are_too_large() {
    let huge = ArrayD::<u8>::from_shape_vec(IxDyn(&[0, 1 << 62]), vec![]).unwrap();
    let four = [huge.view(), huge.view(), huge.view(), huge.view()];
    assert!(matches!(tf_concat(&four, 1), Err(Error::TooLarge { .. })));
    assert!(matches!(tf_stack(&four, 1), Err(Error::TooLarge { .. })));
    // Along the empty axis the result stays empty.
    assert_eq!(tf_concat(&four, 0).unwrap().shape(), &[0, 1 << 62]);
}

#[test]
fn high_rank() {
    let shape = [1, 2, 1, 2, 1, 2, 1, 2, 1];
    let x = input(&shape, 0, 0);
    let y = input(&shape, 100, 1);
    let xy = [x.view(), y.view()];
    for axis in -9..9 {
        let got = tf_concat(&xy, axis).unwrap();
        assert_eq!(got, concat_oracle(&[x.clone(), y.clone()], axis).unwrap());
    }
    for axis in -10..10 {
        let got = tf_stack(&xy, axis).unwrap();
        assert_eq!(got.ndim(), 10);
        assert_eq!(got, stack_oracle(&[x.clone(), y.clone()], axis).unwrap());
    }
}

#[test]
fn static_dimensions_and_views_in() {
    let x = Array::from_iter(0..12)
        .into_shape_with_order((3, 4))
        .unwrap();
    // A reversed, strided view and a transposed one.
    let a = x.slice(s![..;-1, ..;2]);
    let b = x.slice(s![.., 1..3]);
    let got: Array2<i32> = tf_concat(&[a, b], 1).unwrap();
    assert_eq!(got, array![[8, 10, 1, 2], [4, 6, 5, 6], [0, 2, 9, 10]]);
    let t = x.t();
    let got = tf_stack(&[t, t], 0).unwrap();
    assert_eq!(got.shape(), &[2, 4, 3]);
    assert_eq!(got.index_axis(Axis(0), 1), t);
    let v: ndarray::Array<i32, Ix1> = tf_concat(&[x.row(0), x.column(1)], 0).unwrap();
    assert_eq!(v, array![0, 1, 2, 3, 1, 5, 9]);
}

#[test]
fn non_copy_elements() {
    let a = array![String::from("a"), String::from("b")];
    let b = array![String::from("c")];
    assert_eq!(
        tf_concat(&[a.view(), b.view()], 0).unwrap(),
        array!["a", "b", "c"].map(|s| s.to_string())
    );
    assert_eq!(
        tf_stack(&[a.view(), a.t()], 1).unwrap(),
        array![["a", "a"], ["b", "b"]].map(|s| s.to_string())
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // The interleaving kernels of standard-layout inputs (`gather_runs`): equal runs of 1 to 70
    // elements from 1 to 6 inputs (zip kernels for 2 to 4, one extend per round past that),
    // zero-size axes, and now and then a non-standard input, which takes another path: all
    // must equal the oracle.
    #[test]
    fn equal_runs_agree_with_the_oracle(
        base in prop::collection::vec(0usize..4, 1..4),
        n in 1usize..7,
        width in prop::sample::select(vec![0usize, 1, 2, 3, 4, 5, 6, 8, 9, 16, 70]),
        axis_pick in any::<usize>(),
        layout_bits in any::<u32>(),
        stack in any::<bool>(),
    ) {
        let axis = axis_pick % base.len();
        let mut shape = base.clone();
        shape[axis] = width;
        let shapes = vec![shape; n];
        // Three inputs in four standard, the rest another layout.
        let layouts: Vec<u8> = (0..n)
            .map(|k| match (layout_bits >> (2 * k)) % 4 {
                0 => 1 + ((layout_bits >> (2 * k + 12)) % 3) as u8,
                _ => 0,
            })
            .collect();
        let (stored, logical) = build(&shapes, &layouts);
        let views: Vec<_> = stored.iter().zip(&layouts).map(|(x, &l)| view_of(x, l)).collect();
        let axis = axis as isize;
        if stack {
            agree(tf_stack(&views, axis), stack_oracle(&logical, axis));
        } else {
            agree(tf_concat(&views, axis), concat_oracle(&logical, axis));
        }
    }
}

/// Equal widths of one-byte elements on the last axis (u8 images of a few channels joined),
/// which a byte gather writes (`vpermt2b` or `pshufb` where the CPU has one): 2 to 9 inputs
/// (past 8 the general loop), widths 1 to 33, a single row and rows enough for whole periods,
/// `u8`, `bool` and (as their bytes) `i16`, against the oracle's `i64` result; `i16` stacked
/// (units of one element, two bytes).
#[test]
fn equal_widths_of_bytes_match_the_oracle() {
    for k in [2usize, 3, 5, 8, 9] {
        for width in [1usize, 2, 3, 4, 6, 7, 8, 16, 24, 32, 33] {
            for rows in [1usize, 7, 300] {
                let xs: Vec<ArrayD<i64>> = (0..k)
                    .map(|j| input(&[rows, width], 1000 * j as i64, 0))
                    .collect();
                let want = concat_oracle(&xs, -1).expect("valid");
                let bytes: Vec<ArrayD<u8>> = xs.iter().map(|x| x.mapv(|v| v as u8)).collect();
                let got = tf_concat(&bytes, -1).expect("valid");
                assert_eq!(
                    got,
                    want.mapv(|v| v as u8),
                    "{k} inputs of width {width}, {rows} rows"
                );
                let flags: Vec<ArrayD<bool>> = xs.iter().map(|x| x.mapv(|v| v % 3 == 0)).collect();
                let got = tf_concat(&flags, -1).expect("valid");
                assert_eq!(
                    got,
                    want.mapv(|v| v % 3 == 0),
                    "bool, {k} inputs of width {width}"
                );
                // Two-byte elements, gathered as their bytes (widths up to 16 elements).
                let halves: Vec<ArrayD<i16>> =
                    xs.iter().map(|x| x.mapv(|v| (v * 37) as i16)).collect();
                let got = tf_concat(&halves, -1).expect("valid");
                assert_eq!(
                    got,
                    want.mapv(|v| (v * 37) as i16),
                    "i16, {k} inputs of width {width}"
                );
                let stacked = tf_stack(&halves, -1).expect("valid");
                let want_stacked = tf_stack(&xs, -1).expect("valid");
                assert_eq!(stacked, want_stacked.mapv(|v| (v * 37) as i16), "i16 stack");
            }
        }
    }
}
