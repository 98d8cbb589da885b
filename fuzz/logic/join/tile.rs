//! `tf_tile` (TensorFlow's `Tile`), with multiples up to the integer limits.

use ndarray_tfslice::prelude::*;

use super::super::input::Input;
use super::{assert_elements, assert_outcome, assert_same, by_size, flat};

pub(super) fn tile(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    // Usually one multiple per axis; sometimes one more or one fewer.
    let len = match input.u8() {
        0..=229 => shape.len(),
        230..=242 => shape.len() + 1,
        _ => shape.len().saturating_sub(1),
    };
    // Sometimes negative: TensorFlow's "Expected multiples[i] >= 0" after the length check.
    let signed: Vec<i64> = (0..len)
        .map(|_| {
            let m = input.list_size() as i64;
            if input.u8() >= 240 { -m.max(1) } else { m }
        })
        .collect();
    let call = || format!("tf_tile({shape:?}, {signed:?})");
    if signed.len() == shape.len()
        && let Some(index) = signed.iter().position(|&m| m < 0)
    {
        let want = Error::TileNegativeMultiple {
            index,
            value: signed[index],
        };
        assert_eq!(x.tf_tile(&signed).unwrap_err(), want, "{}", call());
        // The same list as an ndarray view, reversed twice: the same error.
        let list: ndarray::Array1<i64> = signed.iter().rev().copied().collect();
        let view = list.slice(ndarray::s![..;-1]);
        assert_eq!(y.tf_tile(&view).unwrap_err(), want, "{}", call());
        return;
    }
    let multiples: Vec<usize> = signed.iter().map(|&m| m.unsigned_abs() as usize).collect();
    // TensorFlow: one multiple per axis, and axis i of the result is dim[i] * multiples[i].
    let ok = if multiples.len() == shape.len() {
        let out: Vec<u128> = shape
            .iter()
            .zip(&multiples)
            .map(|(&d, &m)| d as u128 * m as u128)
            .collect();
        match by_size(&out) {
            None => return,
            Some(ok) => ok,
        }
    } else {
        false
    };
    let got = x.tf_tile(&multiples);
    assert_outcome(&call, &got, ok);
    assert_same(&call, &got, &y.tf_tile(&multiples));
    let Ok(got) = got else {
        return;
    };
    // One- and two-byte elements take the byte gathers (tiles along an inner axis): the same
    // tiling of the converted input is the converted result.
    let bytes = y
        .mapv(|v| v as u8)
        .tf_tile(&multiples)
        .expect("the same multiples");
    assert_eq!(bytes, got.mapv(|v| v as u8), "{} of u8", call());
    let halves = y
        .mapv(|v| v as i16)
        .tf_tile(&multiples)
        .expect("the same multiples");
    assert_eq!(halves, got.mapv(|v| v as i16), "{} of i16", call());
    let out: Vec<usize> = shape.iter().zip(&multiples).map(|(&d, &m)| d * m).collect();
    assert_elements(&call, &got, &out, |j| {
        // Each output axis walks the input's axis again and again.
        let i: Vec<usize> = j.iter().zip(&shape).map(|(&j, &d)| j % d).collect();
        flat(&i, &shape)
    });
}
