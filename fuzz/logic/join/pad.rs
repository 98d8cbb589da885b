//! `tf_pad` (TensorFlow's `Pad`/`PadV2` and `MirrorPad`) in every mode, with paddings up to the
//! integer limits.

use ndarray_tfslice::prelude::*;

use super::super::input::Input;
use super::{assert_elements, assert_outcome, assert_same, by_size, flat};

/// Where output index `j` of an axis of length `n` padded by `before` comes from in `mode`:
/// `Some(i)` the input's index `i`, `None` the constant. Mirror paddings are within the axis
/// (reflect: `< n`, symmetric: `<= n`), so one reflection lands inside.
fn source(j: usize, n: usize, before: usize, mode: PadMode) -> Option<usize> {
    let (i, n) = (j as i128 - before as i128, n as i128);
    let i = if (0..n).contains(&i) {
        i
    } else {
        match mode {
            PadMode::Constant => return None,
            // About the edge element, which is not repeated.
            PadMode::Reflect if i < 0 => -i,
            PadMode::Reflect => 2 * (n - 1) - i,
            // About the edge, so the edge element is repeated.
            PadMode::Symmetric if i < 0 => -i - 1,
            PadMode::Symmetric => 2 * n - 1 - i,
        }
    };
    Some(i as usize)
}

pub(super) fn pad(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    let rows = match input.u8() {
        0..=229 => shape.len(),
        230..=242 => shape.len() + 1,
        _ => shape.len().saturating_sub(1),
    };
    let paddings: Vec<[usize; 2]> = (0..rows)
        .map(|_| [input.list_size(), input.list_size()])
        .collect();
    let mode = input.pick(&[PadMode::Constant, PadMode::Reflect, PadMode::Symmetric]);
    let value = input.i64();
    let call = || format!("tf_pad({shape:?}, {paddings:?}, {mode:?}, {value})");
    // TensorFlow: one row per axis; REFLECT pads each side by less than the axis, SYMMETRIC by
    // at most the axis; axis i of the result is before + dim[i] + after.
    let within = |(&n, &[b, a]): (&usize, &[usize; 2])| match mode {
        PadMode::Constant => true,
        PadMode::Reflect => b < n && a < n,
        PadMode::Symmetric => b <= n && a <= n,
    };
    let ok = if paddings.len() == shape.len() && shape.iter().zip(&paddings).all(within) {
        let out: Vec<u128> = shape
            .iter()
            .zip(&paddings)
            .map(|(&n, &[b, a])| b as u128 + n as u128 + a as u128)
            .collect();
        match by_size(&out) {
            None => return,
            Some(ok) => ok,
        }
    } else {
        false
    };
    let got = x.tf_pad(&paddings, mode, value);
    assert_outcome(&call, &got, ok);
    assert_same(&call, &got, &y.tf_pad(&paddings, mode, value));
    let Ok(got) = got else {
        return;
    };
    let out: Vec<usize> = shape
        .iter()
        .zip(&paddings)
        .map(|(&n, &[b, a])| b + n + a)
        .collect();
    assert_elements(&call, &got, &out, |j| {
        let i: Option<Vec<usize>> = (0..j.len())
            .map(|k| source(j[k], shape[k], paddings[k][0], mode))
            .collect();
        i.map_or(value, |i| flat(&i, &shape))
    });
}
