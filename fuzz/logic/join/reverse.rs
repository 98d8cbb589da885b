//! `tf_reverse` (TensorFlow's `ReverseV2`).

use ndarray_tfslice::prelude::*;

use super::super::input::Input;
use super::{assert_elements, assert_outcome, assert_same, axis, c_order_as, flat, tf_axis};

pub(super) fn reverse(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    let rank = shape.len();
    let axes: Vec<isize> = (0..input.below(rank + 2))
        .map(|_| axis(input, rank))
        .collect();
    let call = || format!("tf_reverse({shape:?}, {axes:?})");
    // TensorFlow: every entry an axis in [-rank, rank), none named twice (negatives count from
    // the end, so 1 and -2 are the same axis of rank 3); the data does not matter.
    let mut flipped = vec![false; rank];
    let valid = axes.iter().all(|&a| match tf_axis(a, rank) {
        Some(a) => !std::mem::replace(&mut flipped[a], true),
        None => false,
    });
    let got = x.tf_reverse(&axes);
    assert_outcome(&call, &got, valid);
    assert_same(&call, &got, &y.tf_reverse(&axes));
    let Ok(got) = got else {
        return;
    };
    // ndarray debug-asserts the layout of what it copies: the view handed out must copy.
    let owned = got.to_owned();
    // The copy engine's C-order copy of the reversed view (the flipped-row shuffles for
    // primitives, with units of one element and more) against ndarray's, in `u8` and `f32`.
    c_order_as(
        &call,
        &y,
        |a| a.tf_reverse(&axes).expect("the same axes"),
        &owned,
        |v| v as u8,
    );
    c_order_as(
        &call,
        &y,
        |a| a.tf_reverse(&axes).expect("the same axes"),
        &owned,
        |v| v as f32,
    );
    assert_elements(&call, &owned, &shape, |j| {
        let i: Vec<usize> = (0..rank)
            .map(|k| {
                if flipped[k] {
                    shape[k] - 1 - j[k]
                } else {
                    j[k]
                }
            })
            .collect();
        flat(&i, &shape)
    });
}
