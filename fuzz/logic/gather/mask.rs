//! `tf_boolean_mask(mask, axis)` against `tf.boolean_mask`: the axes `axis..axis + mask.ndim()`
//! become one, holding the slices where `mask` is true, in row-major order. A negative axis
//! means `axis + rank` (the crate's documented departure from TF 2.21's wrapper bug).

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;

use super::check::{Want, each_position, expect, flat, same, size_rule};
use super::index;
use crate::logic::input::{Input, count};

pub fn run(input: &mut Input) {
    let shape = input.shape(4);
    let rank = shape.len();
    let axis_at = input.below(rank);
    // The mask's rank: mostly one that fits, sometimes 0 or running past the last axis.
    let k = input.below(rank - axis_at + 2);
    let mut mask_shape: Vec<usize> = (0..k)
        .map(|j| match shape.get(axis_at + j) {
            Some(&d) => d,
            None => usize::from(input.u8() % 7),
        })
        .collect();
    if input.u8() < 16 {
        let j = input.below(k);
        if let Some(d) = mask_shape.get_mut(j) {
            *d = (*d + 1) % 7;
        }
    }
    let axis = index::axis(input, axis_at, rank);
    let bits: Vec<bool> = (0..count(&mask_shape)).map(|_| input.bool()).collect();
    let mask = ArrayD::from_shape_vec(IxDyn(&mask_shape), bits).expect("one bit per element");

    let params = Input::arange(&shape);
    let want = oracle(&shape, &mask, axis);
    if let Want::Skip = want {
        return;
    }
    let case = (&shape, &mask, axis);
    let got = params.tf_boolean_mask(&mask, axis);
    expect("tf_boolean_mask", &case, &got, &want);
    let (params, mask) = (input.relayout(&params), input.relayout(&mask));
    let again = params.tf_boolean_mask(&mask, axis);
    same("tf_boolean_mask", &case, &got, &again);
}

/// What `tf.boolean_mask(params, mask, axis)` gives for params of `shape` (arange values).
fn oracle(shape: &[usize], mask: &ArrayD<bool>, axis: isize) -> Want {
    let k = mask.ndim();
    if k == 0 {
        return Want::Fails("the mask is 0-d".into());
    }
    let rank = shape.len() as i128;
    let a = axis as i128;
    if a < -rank || a >= rank {
        return Want::Fails(format!("axis {axis} is outside [-{rank}, {rank})"));
    }
    let a = (if a < 0 { a + rank } else { a }) as usize;
    let covered = &shape[a..shape.len().min(a + k)];
    if covered != mask.shape() {
        return Want::Fails(format!("mask shape {:?} is not {covered:?}", mask.shape()));
    }
    // The true positions of the mask, row-major.
    let kept: Vec<usize> = mask
        .iter()
        .enumerate()
        .filter(|&(_, &keep)| keep)
        .map(|(m, _)| m)
        .collect();
    let (before, after) = (&shape[..a], &shape[a + k..]);
    let out_shape = [before, &[kept.len()], after].concat();
    if let Some(want) = size_rule(&out_shape, size_of::<i64>()) {
        return want;
    }
    // out[o.., n, q..] = params[o.., m.., q..] where m.. is the n-th true position.
    let masked = mask.len();
    let inner = count(after) as usize;
    let mut values = Vec::new();
    each_position(&out_shape, |o| {
        let (outer, rest) = o.split_at(a);
        let (n, q) = rest.split_at(1);
        let at = (flat(outer.iter().copied(), before) * masked + kept[n[0]]) * inner
            + flat(q.iter().copied(), after);
        values.push(at as i64);
    });
    Want::Values(out_shape, values)
}
