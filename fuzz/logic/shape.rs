//! The shape family: `tf_reshape`, `tf_expand_dims`, `tf_squeeze`, `tf_repeat`, `tf_frame`,
//! `tf_roll`, `tf_meshgrid`, `tf_sequence_mask`. The first byte picks the op, the rest decode an
//! input (`Input::arange`, then maybe another memory layout) and the op's arguments, drawn up to
//! the integer limits. Each op's verdict is worked out here from TensorFlow's definition alone
//! (exact, in `i128`/`u128`; no code shared with the crate): the error kind TensorFlow raises, a
//! skip (valid but larger than `MAX_RESULT`), `Error::TooLarge` (a result ndarray cannot hold),
//! or a result checked element by element. Round trips (reshape back, roll back) where a call
//! succeeds.

use ndarray::{Array1, ArrayD, Dimension, IxDyn};
use ndarray_tfslice::prelude::*;

use super::input::{Input, MAX_RESULT, count};

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let op = input.u8();
    let shape = input.shape(5);
    let plain = Input::arange(&shape);
    let x = if input.bool() {
        input.relayout(&plain)
    } else {
        plain
    };
    match op % 8 {
        0 => reshape(&mut input, &x),
        1 => expand_dims(&mut input, &x),
        2 => squeeze(&mut input, &x),
        3 => repeat(&mut input, &x),
        4 => frame(&mut input, &x),
        5 => roll(&mut input, &x),
        6 => meshgrid(&mut input),
        _ => sequence_mask(&mut input, &x),
    }
}

/// A list of up to `max` values drawn by `Input::i64`.
fn list(input: &mut Input, max: usize) -> Vec<i64> {
    let n = input.below(max + 1);
    (0..n).map(|_| input.i64()).collect()
}

/// Whether ndarray can hold an array of `shape`: the product of its non-zero dims fits isize.
fn holdable(shape: &[u128]) -> bool {
    shape
        .iter()
        .filter(|&&d| d != 0)
        .try_fold(1u128, |n, &d| n.checked_mul(d))
        .is_some_and(|n| n <= isize::MAX as u128)
}

/// The expected result shape `out` as `usize`s, when a result of it is to be made and checked:
/// `None` (after checking that `call` is `TooLarge`) when no array of it can exist, and `None`
/// when it is valid but larger than the fuzzer makes.
fn shape_to_make(out: &[u128], call: impl Fn() -> Result<(), Error>) -> Option<Vec<usize>> {
    if !holdable(out) {
        assert_eq!(variant(&call().unwrap_err()), "TooLarge");
        return None;
    }
    let out: Vec<usize> = out.iter().map(|&d| d as usize).collect();
    // Valid and large: not made.
    (count(&out) <= MAX_RESULT).then_some(out)
}

/// The element at row-major position `k` of the input (whose values are their own positions).
fn at(k: usize) -> i64 {
    k as i64
}

fn reshape(input: &mut Input, x: &ArrayD<i64>) {
    let sizes = list(input, 5);
    let n = x.len() as u128;
    // TensorFlow's Reshape: left to right, then the -1, then the count.
    let want: Result<Vec<u128>, &str> = (|| {
        let mut unknown = None;
        let mut dims = Vec::new();
        let mut has_zero = false;
        let mut product: u128 = 1;
        let mut so_far: u128 = 1;
        for (i, &s) in sizes.iter().enumerate() {
            if s == -1 {
                if unknown.is_some() {
                    return Err("ReshapeMultipleInferred");
                }
                unknown = Some(i);
                dims.push(1);
            } else if s < 0 {
                return Err("ReshapeNegativeSize");
            } else if s == 0 {
                has_zero = true;
                so_far = 0;
                dims.push(0);
            } else {
                so_far = so_far.saturating_mul(s as u128);
                if so_far > i64::MAX as u128 {
                    return Err("ReshapeTooManyElements");
                }
                product = product.saturating_mul(s as u128);
                dims.push(s as u128);
            }
        }
        if let Some(u) = unknown {
            let counted: u128 = x
                .shape()
                .iter()
                .filter(|&&d| d > 0 || !has_zero)
                .map(|&d| d as u128)
                .product();
            let input_zero = has_zero && x.shape().contains(&0);
            let missing = counted / product.max(1);
            if !input_zero && product * missing != counted {
                return Err("ReshapeNotMultiple");
            }
            dims[u] = missing;
        }
        let total: u128 = if dims.contains(&0) {
            0
        } else {
            dims.iter().product()
        };
        if total != n {
            return Err("ReshapeCountMismatch");
        }
        if !holdable(&dims) {
            return Err("TooLarge");
        }
        Ok(dims)
    })();
    let got = x.tf_reshape(&sizes);
    match (got, want) {
        (Ok(r), Ok(dims)) => {
            let shape: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
            assert_eq!(r.shape(), shape.as_slice());
            for (k, v) in r.iter().enumerate() {
                assert_eq!(*v, at(k), "reshape element {k}");
            }
            // Back to the input's shape.
            let back: Vec<i64> = x.shape().iter().map(|&d| d as i64).collect();
            assert_eq!(r.tf_reshape(&back).unwrap(), x.view());
        }
        (Err(e), Err(kind)) => {
            assert_eq!(variant(&e), kind, "reshape {sizes:?} on {:?}", x.shape())
        }
        (got, want) => panic!(
            "reshape {sizes:?} on {:?}: got {:?}, want {want:?}",
            x.shape(),
            got.map(|r| r.shape().to_vec())
        ),
    }
}

fn expand_dims(input: &mut Input, x: &ArrayD<i64>) {
    let axis = input.i64() as isize;
    let rank = x.ndim() as i128;
    let a = if axis < 0 {
        axis as i128 + rank + 1
    } else {
        axis as i128
    };
    match x.tf_expand_dims(axis) {
        Ok(r) => {
            assert!((0..=rank).contains(&a));
            let mut shape = x.shape().to_vec();
            shape.insert(a as usize, 1);
            assert_eq!(r.shape(), shape.as_slice());
            assert!(r.iter().zip(x.iter()).all(|(p, q)| std::ptr::eq(p, q)));
        }
        Err(e) => {
            assert!(!(0..=rank).contains(&a));
            assert_eq!(variant(&e), "ExpandDimsAxis");
        }
    }
}

fn squeeze(input: &mut Input, x: &ArrayD<i64>) {
    let axis: Vec<i64> = list(input, 4)
        .into_iter()
        .map(|a| if a.unsigned_abs() < 8 { a } else { a % 7 })
        .collect();
    let rank = x.ndim() as i64;
    let shape = x.shape();
    let want: Result<Vec<bool>, &str> = if axis.is_empty() {
        Ok(shape.iter().map(|&d| d == 1).collect())
    } else if axis.iter().any(|&a| a < -rank || a >= rank) {
        Err("SqueezeAxis")
    } else {
        let gone: Vec<bool> = (0..shape.len() as i64)
            .map(|k| axis.iter().any(|&a| a == k || a + rank == k))
            .collect();
        if gone.iter().zip(shape).any(|(&g, &d)| g && d != 1) {
            Err("SqueezeNotOne")
        } else {
            Ok(gone)
        }
    };
    match (x.tf_squeeze(&axis), want) {
        (Ok(r), Ok(gone)) => {
            let kept: Vec<usize> = shape
                .iter()
                .zip(&gone)
                .filter(|(_, g)| !**g)
                .map(|(&d, _)| d)
                .collect();
            assert_eq!(r.shape(), kept.as_slice());
            assert!(r.iter().zip(x.iter()).all(|(p, q)| std::ptr::eq(p, q)));
        }
        (Err(e), Err(kind)) => assert_eq!(variant(&e), kind),
        (got, want) => panic!("squeeze {axis:?} on {shape:?}: got {got:?}, want {want:?}"),
    }
}

fn repeat(input: &mut Input, x: &ArrayD<i64>) {
    let axis = if input.bool() {
        None
    } else {
        Some(input.i64() as isize)
    };
    let mut repeats: Vec<i64> = list(input, 6)
        .into_iter()
        // Up to 11: a single count of 2 to 8 has a kernel of its own, past 8 the general loop.
        .map(|r| if input.bool() { r.rem_euclid(12) } else { r })
        .collect();
    // Often one count per element of the axis.
    let rank = x.ndim();
    let resolved = match axis {
        None => Some((0usize, x.len())),
        Some(a) => {
            let r = rank.max(1) as i128;
            let a = if a < 0 { a as i128 + r } else { a as i128 };
            (0..r).contains(&a).then(|| {
                (
                    a as usize,
                    if rank == 0 { 1 } else { x.shape()[a as usize] },
                )
            })
        }
    };
    if let (Some((_, dim)), true) = (resolved, input.bool()) {
        repeats = (0..dim).map(|_| i64::from(input.u8() % 4)).collect();
    }
    let call = || x.tf_repeat(&repeats, axis);
    let Some((a, dim)) = resolved else {
        assert_eq!(variant(&call().unwrap_err()), "AxisOutOfRange");
        return;
    };
    if repeats.len() != 1 && repeats.len() != dim {
        assert_eq!(variant(&call().unwrap_err()), "RepeatsLength");
        return;
    }
    if repeats.iter().any(|&r| r < 0) {
        assert_eq!(variant(&call().unwrap_err()), "RepeatNegative");
        return;
    }
    let count_of = |j: usize| repeats[if repeats.len() == 1 { 0 } else { j }] as u128;
    let new_dim: u128 = (0..dim).map(count_of).sum();
    // The input as TF sees it: flattened for None, a vector of one for a scalar.
    let flat: Vec<usize> = match axis {
        None => vec![x.len()],
        Some(_) if rank == 0 => vec![1],
        Some(_) => x.shape().to_vec(),
    };
    let mut out: Vec<u128> = flat.iter().map(|&d| d as u128).collect();
    out[a] = new_dim;
    let Some(out) = shape_to_make(&out, || call().map(drop)) else {
        return;
    };
    let r = call().unwrap();
    assert_eq!(r.shape(), out.as_slice());
    if r.is_empty() {
        return; // the axis may be huge beside a zero one: nothing to index
    }
    let source: Vec<usize> = (0..dim)
        .flat_map(|j| std::iter::repeat_n(j, count_of(j) as usize))
        .collect();
    let xs = Input::arange(&flat);
    for (k, v) in r.indexed_iter() {
        let mut i = k.slice().to_vec();
        i[a] = source[i[a]];
        assert_eq!(*v, xs[IxDyn(&i)]);
    }
}

fn frame(input: &mut Input, x: &ArrayD<i64>) {
    let frame_length = input.size();
    let frame_step = input.size();
    let pad_end = input.bool();
    let axis = input.i64() as isize;
    let rank = x.ndim();
    if rank == 0 {
        let e = x
            .tf_frame(frame_length, frame_step, pad_end, -1, axis)
            .unwrap_err();
        assert_eq!(variant(&e), "ScalarInput");
        return;
    }
    let r = rank as i128;
    let a = if axis < 0 {
        axis as i128 + r
    } else {
        axis as i128
    };
    if !(0..r).contains(&a) {
        let e = x
            .tf_frame(frame_length, frame_step, pad_end, -1, axis)
            .unwrap_err();
        assert_eq!(variant(&e), "AxisOutOfRange");
        return;
    }
    if frame_step == 0 {
        let e = x
            .tf_frame(frame_length, frame_step, pad_end, -1, axis)
            .unwrap_err();
        assert_eq!(variant(&e), "FrameStepZero");
        return;
    }
    let a = a as usize;
    let n = x.shape()[a] as u128;
    let (fl, fs) = (frame_length as u128, frame_step as u128);
    let frames = if pad_end {
        n.div_ceil(fs)
    } else if n >= fl {
        (n - fl) / fs + 1
    } else {
        0
    };
    let mut out: Vec<u128> = x.shape().iter().map(|&d| d as u128).collect();
    out.splice(a..=a, [frames, fl]);
    let call = || x.tf_frame(frame_length, frame_step, pad_end, -1, axis);
    let Some(out) = shape_to_make(&out, || call().map(drop)) else {
        return;
    };
    let r = call().unwrap();
    assert_eq!(r.shape(), out.as_slice());
    for (k, v) in r.indexed_iter() {
        let k = k.slice();
        let t = k[a] as u128 * fs + k[a + 1] as u128;
        if t < n {
            let mut i = k.to_vec();
            i.splice(a..=a + 1, [t as usize]);
            assert_eq!(*v, x[IxDyn(&i)]);
        } else {
            assert_eq!(*v, -1);
        }
    }
}

fn roll(input: &mut Input, x: &ArrayD<i64>) {
    let k = input.below(4);
    let shift: Vec<i64> = (0..k).map(|_| input.i64()).collect();
    let mut axis: Vec<i64> = (0..k)
        .map(|_| {
            let a = input.i64();
            if a.unsigned_abs() < 8 { a } else { a % 6 }
        })
        .collect();
    if input.u8() < 16 {
        axis.push(0);
    }
    let rank = x.ndim() as i64;
    let got = x.tf_roll(&shift, &axis);
    if rank == 0 {
        assert_eq!(variant(&got.unwrap_err()), "ScalarInput");
        return;
    }
    if shift.len() != axis.len() {
        assert_eq!(variant(&got.unwrap_err()), "RollLength");
        return;
    }
    if axis.iter().any(|&a| a < -rank || a >= rank) {
        assert_eq!(variant(&got.unwrap_err()), "RollAxis");
        return;
    }
    let r = got.unwrap();
    let shape = x.shape();
    let mut net = vec![0i128; shape.len()];
    for (&s, &a) in shift.iter().zip(&axis) {
        net[(if a < 0 { a + rank } else { a }) as usize] += i128::from(s);
    }
    for (j, v) in r.indexed_iter() {
        let i: Vec<usize> = j
            .slice()
            .iter()
            .zip(shape)
            .zip(&net)
            .map(|((&j, &d), &s)| (j as i128 - s).rem_euclid(d as i128) as usize)
            .collect();
        assert_eq!(*v, x[IxDyn(&i)]);
    }
    let back: Vec<i128> = shift.iter().map(|&s| -i128::from(s)).collect();
    assert_eq!(r.tf_roll(&back, &axis).unwrap(), *x);
}

fn meshgrid(input: &mut Input) {
    let n = input.below(5);
    let inputs: Vec<Array1<i64>> = (0..n)
        .map(|i| Array1::from_iter((0..input.below(6) as i64).map(|k| 10 * i as i64 + k)))
        .collect();
    let ij = input.bool();
    let grids = tf_meshgrid(&inputs, if ij { Indexing::Ij } else { Indexing::Xy }).unwrap();
    let swap = !ij && n > 1;
    let mut shape: Vec<usize> = inputs.iter().map(|v| v.len()).collect();
    if swap {
        shape.swap(0, 1);
    }
    assert_eq!(grids.len(), n);
    for (i, g) in grids.iter().enumerate() {
        let along = if swap && i < 2 { 1 - i } else { i };
        assert_eq!(g.shape(), shape.as_slice());
        for (j, v) in g.indexed_iter() {
            assert!(std::ptr::eq(v, &inputs[i][j[along]]));
        }
    }
}

fn sequence_mask(input: &mut Input, x: &ArrayD<i64>) {
    // The input's shape, with lengths drawn near 0 or at the limits.
    let lengths = x.mapv(|_| input.i64());
    let maxlen = if input.bool() {
        None
    } else {
        Some(input.size())
    };
    let m: u128 = match maxlen {
        Some(m) => m as u128,
        None => lengths.iter().map(|&l| l.max(0) as u128).max().unwrap_or(0),
    };
    let mut out: Vec<u128> = lengths.shape().iter().map(|&d| d as u128).collect();
    out.push(m);
    let call = || tf_sequence_mask(&lengths, maxlen);
    let Some(out) = shape_to_make(&out, || call().map(drop)) else {
        return;
    };
    let r = call().unwrap();
    assert_eq!(r.shape(), out.as_slice());
    let rank = lengths.ndim();
    for (j, v) in r.indexed_iter() {
        let l = lengths[IxDyn(&j.slice()[..rank])];
        assert_eq!(*v, (j[rank] as i128) < i128::from(l));
    }
}

/// The variant's name, from its `Debug` form.
fn variant(err: &Error) -> String {
    format!("{err:?}")
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or_default()
        .to_string()
}
