//! `tf_transpose` (TensorFlow's `Transpose`), with `perm`s that are permutations or nearly.

use ndarray_tfslice::prelude::*;

use super::super::input::Input;
use super::{assert_elements, assert_outcome, assert_same, c_order_as, flat};

/// A permutation of `0..rank` (a Fisher-Yates shuffle), then usually left alone, sometimes with
/// an entry repeated, out of range (up to `usize::MAX`), or one entry more or fewer.
fn draw_perm(input: &mut Input, rank: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..rank).collect();
    for i in (1..rank).rev() {
        perm.swap(i, input.below(i + 1));
    }
    match input.u8() {
        0..=179 => {}
        180..=204 => {
            let (a, b) = (input.below(rank), input.below(rank));
            if let Some(&v) = perm.get(b) {
                perm[a] = v;
            }
        }
        205..=229 => {
            let a = input.below(rank);
            let v = rank.saturating_add(input.size());
            if let Some(p) = perm.get_mut(a) {
                *p = v;
            }
        }
        230..=242 => perm.push(input.below(rank + 1)),
        _ => {
            perm.pop();
        }
    }
    perm
}

pub(super) fn transpose(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    let rank = shape.len();
    let perm = (input.u8() >= 32).then(|| draw_perm(input, rank));
    let perm = perm.as_deref();
    let call = || format!("tf_transpose({shape:?}, {perm:?})");
    // TensorFlow: by default the axes reversed; else `perm` must be a permutation of the axes.
    let valid = match perm {
        None => Some((0..rank).rev().collect()),
        Some(p) => {
            let mut seen = vec![false; rank];
            let permutation = p.len() == rank
                && p.iter()
                    .all(|&a| a < rank && !std::mem::replace(&mut seen[a], true));
            permutation.then(|| p.to_vec())
        }
    };
    // TensorFlow's default perm, the axes reversed, given explicitly (the crate takes a list).
    let reversed: Vec<usize> = (0..rank).rev().collect();
    let list = perm.unwrap_or(&reversed);
    let got = x.tf_transpose(list);
    assert_outcome(&call, &got, valid.is_some());
    assert_same(&call, &got, &y.tf_transpose(list));
    let (Ok(got), Some(p)) = (got, valid) else {
        return;
    };
    let out: Vec<usize> = p.iter().map(|&a| shape[a]).collect();
    // ndarray debug-asserts the layout of what it copies: the view handed out must copy.
    let owned = got.to_owned();
    // The copy engine's C-order copy against ndarray's, in `i64`, `f32`, `u16` and `u8` (the
    // tile transposes' 8-, 4-, 2- and 1-byte paths, where the transposed rows are one element
    // apart).
    let standard = got
        .to_standard_layout()
        .expect("a copy of an array that exists");
    assert_eq!(standard, owned, "{} to C order", call());
    c_order_as(
        &call,
        &y,
        |a| a.tf_transpose(list).expect("the same perm"),
        &owned,
        |v| v as f32,
    );
    c_order_as(
        &call,
        &y,
        |a| a.tf_transpose(list).expect("the same perm"),
        &owned,
        |v| v as u16,
    );
    c_order_as(
        &call,
        &y,
        |a| a.tf_transpose(list).expect("the same perm"),
        &owned,
        |v| v as u8,
    );
    assert_elements(&call, &owned, &out, |j| {
        // Output axis k is input axis p[k].
        let mut i = vec![0; rank];
        for (k, &a) in p.iter().enumerate() {
            i[a] = j[k];
        }
        flat(&i, &shape)
    });
}
