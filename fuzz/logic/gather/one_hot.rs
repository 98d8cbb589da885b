//! `tf_one_hot(indices, depth, on, off, axis)` against `tf.one_hot`: a new axis of length
//! `depth` at `axis`, `on` where its position equals the index, `off` elsewhere (so an index
//! outside `[0, depth)` gives a row of `off`). `depth` is drawn up to the integer limits.

use ndarray_tfslice::prelude::*;

use super::check::{Want, each_position, expect, flat, join, same, size_rule};
use super::index::{self, Index, Kind};
use crate::logic::input::{Input, count};

pub fn run(input: &mut Input) {
    let index_shape = input.shape(4);
    let rank = index_shape.len();
    let depth = input.size();
    // -1 (the new last axis), or 0..=rank, or anything.
    let axis = match input.u8() {
        0..=79 => -1,
        80..=219 => input.below(rank + 1) as isize,
        _ => input.i64() as isize,
    };
    let (on, off) = (input.i64(), input.i64());
    // One past depth is out of range too.
    let bound = depth.saturating_add(1).min(10);
    let values: Vec<i64> = (0..count(&index_shape))
        .map(|_| index::value(input, bound))
        .collect();
    let args = (index_shape.as_slice(), values.as_slice(), depth, on, off);
    match index::kind(input) {
        Kind::I32 => check::<i32>(input, args, axis),
        Kind::I64 => check::<i64>(input, args, axis),
        Kind::U8 => check::<u8>(input, args, axis),
        Kind::U64 => check::<u64>(input, args, axis),
    }
}

/// The index shape and values, depth, on and off.
type Args<'a> = (&'a [usize], &'a [i64], usize, i64, i64);

fn check<T: Index>(input: &mut Input, args: Args<'_>, axis: isize) {
    let (index_shape, values, depth, on, off) = args;
    let indices = index::array::<T>(index_shape, values);
    let want = oracle(index_shape, &index::widen(&indices), args, axis);
    if let Want::Skip = want {
        return;
    }
    let case = (&indices, depth, on, off, axis);
    let got = tf_one_hot(&indices, depth, on, off, axis);
    expect("tf_one_hot", &case, &got, &want);
    let indices = input.relayout(&indices);
    let again = tf_one_hot(&indices, depth, on, off, axis);
    same("tf_one_hot", &case, &got, &again);
}

/// What `tf.one_hot(indices, depth, on, off, axis)` gives.
fn oracle(index_shape: &[usize], indices: &[i128], args: Args<'_>, axis: isize) -> Want {
    let (_, _, depth, on, off) = args;
    let rank = index_shape.len();
    // Only -1 counts from the end.
    let a = match axis {
        -1 => rank,
        a if (0..=rank as isize).contains(&a) => a as usize,
        _ => return Want::Fails(format!("axis {axis} is neither -1 nor in [0, {rank}]")),
    };
    let out_shape = [&index_shape[..a], &[depth], &index_shape[a..]].concat();
    if let Some(want) = size_rule(&out_shape, size_of::<i64>()) {
        return want;
    }
    // out[i.., d, j..] = on if indices[i.., j..] == d else off.
    let mut values = Vec::new();
    each_position(&out_shape, |o| {
        let (i, rest) = o.split_at(a);
        let (d, j) = rest.split_at(1);
        let index = indices[flat(join(i, j), index_shape)];
        values.push(if index == d[0] as i128 { on } else { off });
    });
    Want::Values(out_shape, values)
}
