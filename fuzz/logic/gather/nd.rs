//! `tf_gather_nd(indices, batch_dims)` against `tf.gather_nd`: each index vector along the last
//! axis of `indices` picks an element or slice of its batch element of params.
//!
//! With `batch_dims = k > 0`, `tf.gather_nd` reshapes `indices` to
//! `[prod(params.shape[..k])] + indices.shape[k..]` (so only the batch axes' products must
//! agree) and batch element `b` (row-major over `params.shape[..k]`) picks with the `b`-th
//! group of index vectors.

use ndarray_tfslice::prelude::*;

use super::check::{Want, each_position, expect, flat, same, size_rule};
use super::index::{self, Index, Kind};
use crate::logic::input::{Input, MAX_ELEMENTS, count};

pub fn run(input: &mut Input) {
    let shape = input.shape(4);
    let rank = shape.len();
    let shared = input.below(rank + 1);
    let mut index_shape = index::shape_after(input, &shape[..shared], 2);
    // The index depth: mostly one that fits the axes left, sometimes too deep.
    let depth = match input.u8() {
        0..=219 => input.below(rank - shared + 1),
        _ => usize::from(input.u8() % 7),
    };
    let room = MAX_ELEMENTS / index_shape.iter().map(|&d| d.max(1)).product::<usize>();
    index_shape.push(depth.min(room));
    let batch_dims = match input.u8() {
        0..=219 => shared,
        _ => input.size(),
    };
    let vectors = count(&index_shape[..index_shape.len() - 1]);
    let depth = index_shape[index_shape.len() - 1];
    let mut values = Vec::new();
    for _ in 0..vectors {
        for c in 0..depth {
            let bound = shape.get(shared + c).copied().unwrap_or(0);
            values.push(index::value(input, bound));
        }
    }
    let args = (shape.as_slice(), index_shape.as_slice(), values.as_slice());
    match index::kind(input) {
        Kind::I32 => check::<i32>(input, args, batch_dims),
        Kind::I64 => check::<i64>(input, args, batch_dims),
        Kind::U8 => check::<u8>(input, args, batch_dims),
        Kind::U64 => check::<u64>(input, args, batch_dims),
    }
}

fn check<T: Index>(
    input: &mut Input,
    (shape, index_shape, values): (&[usize], &[usize], &[i64]),
    batch_dims: usize,
) {
    let params = Input::arange(shape);
    let indices = index::array::<T>(index_shape, values);
    let want = oracle(shape, index_shape, &index::widen(&indices), batch_dims);
    if let Want::Skip = want {
        return;
    }
    let case = (shape, &indices, batch_dims);
    let got = params.tf_gather_nd(&indices, batch_dims as isize);
    expect("tf_gather_nd", &case, &got, &want);
    let (params, indices) = (input.relayout(&params), input.relayout(&indices));
    let again = params.tf_gather_nd(&indices, batch_dims as isize);
    same("tf_gather_nd", &case, &got, &again);
}

/// What `tf.gather_nd(params, indices, batch_dims)` gives for params of `shape` (arange
/// values) and indices of `index_shape` holding `indices` (row-major).
fn oracle(shape: &[usize], index_shape: &[usize], indices: &[i128], bd: usize) -> Want {
    if bd > 0 {
        if bd >= index_shape.len() {
            return Want::Fails(format!("batch_dims {bd} is not below rank(indices)"));
        }
        if bd >= shape.len() {
            return Want::Fails(format!("batch_dims {bd} is not below rank(params)"));
        }
        // The reshape of indices fails only if the element counts differ.
        let rest = count(&index_shape[bd..]);
        if rest != 0 && count(&shape[..bd]) != count(&index_shape[..bd]) {
            return Want::Fails("the batch axes' products differ".into());
        }
    }
    let Some((&depth, vector_axes)) = index_shape.split_last() else {
        return Want::Fails("indices is 0-d".into());
    };
    if shape.is_empty() {
        return Want::Fails("params is 0-d".into());
    }
    if depth > shape.len() - bd {
        return Want::Fails(format!("index depth {depth} is past params' axes"));
    }
    let batch_shape = &shape[..bd];
    let per_batch_shape = &vector_axes[bd..];
    let out_shape = [batch_shape, per_batch_shape, &shape[bd + depth..]].concat();
    let per_batch = count(per_batch_shape) as usize;
    let vectors = count(batch_shape) as usize * per_batch;
    if vectors == 0 {
        return Want::Values(out_shape, Vec::new());
    }
    if count(shape) == 0 {
        return Want::Fails("index vectors into empty params".into());
    }
    for v in 0..vectors {
        for c in 0..depth {
            let i = indices[v * depth + c];
            if i < 0 || i >= shape[bd + c] as i128 {
                return Want::Fails(format!("index vector {v} is outside params"));
            }
        }
    }
    if let Some(want) = size_rule(&out_shape, size_of::<i64>()) {
        return want;
    }
    let mut values = Vec::new();
    each_position(&out_shape, |o| {
        let (b, rest) = o.split_at(bd);
        let (i, s) = rest.split_at(per_batch_shape.len());
        let v = flat(b.iter().copied(), batch_shape) * per_batch
            + flat(i.iter().copied(), per_batch_shape);
        let vector = indices[v * depth..(v + 1) * depth]
            .iter()
            .map(|&x| x as usize);
        let at = b.iter().copied().chain(vector).chain(s.iter().copied());
        values.push(flat(at, shape) as i64);
    });
    Want::Values(out_shape, values)
}
