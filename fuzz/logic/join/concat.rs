//! `tf_concat` (TensorFlow's `ConcatV2`) and `tf_stack` (`Pack`).

use ndarray::{ArrayD, ArrayView, ArrayViewD, Axis, Dimension, Ix0, Ix1, Ix2, Ix3};
use ndarray_tfslice::prelude::*;

use super::super::input::{Input, MAX_RESULT, count};
use super::{assert_elements, assert_outcome, assert_same, axis, flat, tf_axis};

/// Input `k` holds `arange + k * OFFSET`: each element says which input and where.
const OFFSET: i64 = 1 << 20;

/// Up to four inputs whose shapes mostly fit together: each is `base`, with axis `free` (if
/// any) of another length, or sometimes with one axis of another length, one axis more or
/// one fewer. Returns the arrays and the same arrays in other layouts.
fn inputs(
    input: &mut Input,
    base: &[usize],
    free: Option<usize>,
) -> (Vec<ArrayD<i64>>, Vec<ArrayD<i64>>) {
    let n = input.below(5);
    let mut arrays = Vec::with_capacity(n);
    let mut others = Vec::with_capacity(n);
    for k in 0..n {
        let mut shape = base.to_vec();
        match input.u8() {
            0..=199 => {
                if let Some(a) = free {
                    shape[a] = input.below(7);
                }
            }
            200..=229 => {
                let a = input.below(shape.len());
                if let Some(d) = shape.get_mut(a) {
                    *d = input.below(7);
                }
            }
            230..=244 => shape.push(input.below(4)),
            _ => {
                shape.pop();
            }
        }
        let x = Input::arange(&shape).mapv(|v| v + k as i64 * OFFSET);
        others.push(input.relayout(&x));
        arrays.push(x);
    }
    (arrays, others)
}

fn views(arrays: &[ArrayD<i64>]) -> Vec<ArrayViewD<'_, i64>> {
    arrays.iter().map(|a| a.view()).collect()
}

/// `arrays` as views of the fixed dimension type `D`, if all have its rank.
fn fixed<D: Dimension>(arrays: &[ArrayD<i64>]) -> Option<Vec<ArrayView<'_, i64, D>>> {
    arrays
        .iter()
        .map(|a| a.view().into_dimensionality::<D>().ok())
        .collect()
}

/// `tf_concat` and `tf_stack` of `arrays` as `Ix0` to `Ix3` views (where they all have one of
/// those ranks), the results as `IxDyn`: the dimension type must not change the answer.
fn fixed_concat(arrays: &[ArrayD<i64>], axis: isize) -> Option<Result<ArrayD<i64>, Error>> {
    fn go<D: Dimension>(arrays: &[ArrayD<i64>], axis: isize) -> Option<Result<ArrayD<i64>, Error>> {
        fixed::<D>(arrays).map(|v| tf_concat(&v, axis).map(|r| r.into_dyn()))
    }
    go::<Ix0>(arrays, axis)
        .or_else(|| go::<Ix1>(arrays, axis))
        .or_else(|| go::<Ix2>(arrays, axis))
        .or_else(|| go::<Ix3>(arrays, axis))
}

fn fixed_stack(arrays: &[ArrayD<i64>], axis: isize) -> Option<Result<ArrayD<i64>, Error>> {
    fn go<D: Dimension>(arrays: &[ArrayD<i64>], axis: isize) -> Option<Result<ArrayD<i64>, Error>> {
        fixed::<D>(arrays).map(|v| tf_stack(&v, axis).map(|r| r.into_dyn()))
    }
    go::<Ix0>(arrays, axis)
        .or_else(|| go::<Ix1>(arrays, axis))
        .or_else(|| go::<Ix2>(arrays, axis))
        .or_else(|| go::<Ix3>(arrays, axis))
}

pub(super) fn concat(input: &mut Input) {
    let base = input.shape(5);
    let axis = axis(input, base.len());
    let (arrays, others) = inputs(input, &base, tf_axis(axis, base.len()));
    let shapes: Vec<&[usize]> = arrays.iter().map(|a| a.shape()).collect();
    // The axis is the first input's, which may not have the base's rank.
    let resolved = shapes.first().and_then(|first| tf_axis(axis, first.len()));
    let call = || format!("tf_concat({shapes:?}, {axis})");
    // TensorFlow's rules: one input comes back as it is, whatever the axis; two or more need an
    // axis of the first input (so no scalars), and every input with the first's rank and the
    // first's length on every other axis.
    let valid = match (shapes.as_slice(), resolved) {
        ([], _) => None,
        ([only], _) => Some((only.to_vec(), None)),
        (_, None) => None,
        ([first, ..], Some(a)) => {
            let fits = |s: &&[usize]| {
                s.len() == first.len() && (0..s.len()).all(|i| i == a || s[i] == first[i])
            };
            shapes.iter().all(fits).then(|| {
                let mut out = first.to_vec();
                out[a] = shapes.iter().map(|s| s[a]).sum();
                (out, Some(a))
            })
        }
    };
    if valid
        .as_ref()
        .is_some_and(|(out, _)| count(out) > MAX_RESULT)
    {
        return;
    }
    let got = tf_concat(&views(&arrays), axis);
    assert_outcome(&call, &got, valid.is_some());
    assert_same(&call, &got, &tf_concat(&views(&others), axis));
    if let Some(fixed) = fixed_concat(&others, axis) {
        assert_same(&call, &got, &fixed);
    }
    let (Ok(got), Some((out, a))) = (got, valid) else {
        return;
    };
    // One- and two-byte elements take the byte gather (equal widths): the concat of the
    // converted inputs is the converted result.
    let bytes: Vec<_> = arrays.iter().map(|x| x.mapv(|v| v as u8)).collect();
    let joined = tf_concat(&bytes, axis).expect("the same shapes");
    assert_eq!(joined, got.mapv(|v| v as u8), "{} of u8", call());
    let halves: Vec<_> = arrays.iter().map(|x| x.mapv(|v| v as i16)).collect();
    let joined = tf_concat(&halves, axis).expect("the same shapes");
    assert_eq!(joined, got.mapv(|v| v as i16), "{} of i16", call());
    assert_elements(&call, &got, &out, |j| {
        let Some(a) = a else {
            return flat(j, shapes[0]);
        };
        // The input whose part of the axis holds j[a], and j's place in it.
        let mut i = j.to_vec();
        for (k, shape) in shapes.iter().enumerate() {
            if i[a] < shape[a] {
                return k as i64 * OFFSET + flat(&i, shape);
            }
            i[a] -= shape[a];
        }
        unreachable!("the output's axis is the sum of the inputs'")
    });
}

pub(super) fn stack(input: &mut Input) {
    let base = input.shape(4);
    let axis = axis(input, base.len() + 1);
    let (arrays, others) = inputs(input, &base, None);
    let shapes: Vec<&[usize]> = arrays.iter().map(|a| a.shape()).collect();
    let call = || format!("tf_stack({shapes:?}, {axis})");
    // TensorFlow's rules: at least one input (here: its empty result has no rank to give), an
    // axis of the result, and every input of the first's shape.
    let resolved = shapes
        .first()
        .and_then(|first| tf_axis(axis, first.len() + 1));
    let valid = resolved.filter(|_| shapes.iter().all(|s| s == &shapes[0]));
    let out = valid.map(|a| {
        let mut out = shapes[0].to_vec();
        out.insert(a, shapes.len());
        out
    });
    if out.as_ref().is_some_and(|out| count(out) > MAX_RESULT) {
        return;
    }
    let got = tf_stack(&views(&arrays), axis);
    assert_outcome(&call, &got, valid.is_some());
    assert_same(&call, &got, &tf_stack(&views(&others), axis));
    if let Some(fixed) = fixed_stack(&others, axis) {
        assert_same(&call, &got, &fixed);
    }
    if let (Some(x), Some(y)) = (arrays.first(), others.first()) {
        spaced_slices(input, x);
        spaced_slices(input, y);
    }
    let (Ok(got), Some(a), Some(out)) = (got, valid, out) else {
        return;
    };
    assert_elements(&call, &got, &out, |j| {
        let mut i = j.to_vec();
        let k = i.remove(a);
        k as i64 * OFFSET + flat(&i, shapes[0])
    });
}

/// `tf_stack` of slices of `x` at evenly spaced indices along one axis (Keras 3's RGB -> BGR,
/// `[x[..., i] for i in (2, 1, 0)]`), which the crate joins into one view of `x` where their
/// footprints overlap: equal to ndarray's `stack`.
fn spaced_slices(input: &mut Input, x: &ArrayD<i64>) {
    if x.ndim() == 0 || x.is_empty() {
        return;
    }
    let a = input.below(x.ndim());
    let len = x.shape()[a] as isize;
    let start = input.below(x.shape()[a]) as isize;
    let step = input.below(5) as isize - 2;
    let picks: Vec<usize> = (0..2 + input.below(3) as isize)
        .map(|k| start + k * step)
        .take_while(|i| (0..len).contains(i))
        .map(|i| i as usize)
        .collect();
    if picks.len() < 2 {
        return;
    }
    let values: Vec<ArrayViewD<'_, i64>> =
        picks.iter().map(|&i| x.index_axis(Axis(a), i)).collect();
    let at = input.below(x.ndim());
    let got = tf_stack(&values, at as isize).expect("slices of one shape");
    let want = ndarray::stack(Axis(at), &values).expect("slices of one shape");
    assert_eq!(
        got,
        want,
        "tf_stack of {picks:?} along axis {a} of {:?}, at {at}",
        x.shape()
    );
}
