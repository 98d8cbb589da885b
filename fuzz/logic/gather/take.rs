//! `tf_gather(indices, axis, batch_dims)` against `tf.gather` (`GatherV2`):
//! `out[b.., p.., i.., q..] = params[b.., p.., indices[b.., i..], q..]`.

use ndarray_tfslice::prelude::*;

use super::check::{Want, each_position, expect, flat, join, same, size_rule};
use super::index::{self, Index, Kind};
use crate::logic::input::{Input, count};

pub fn run(input: &mut Input) {
    let shape = input.shape(4);
    let rank = shape.len();
    // The leading axes indices share with params: the batch axes, if batch_dims says so.
    let shared = input.below(rank + 1);
    let index_shape = index::shape_after(input, &shape[..shared], 2);
    let axis_at = shared + input.below(rank - shared);
    let axis = index::axis(input, axis_at, rank);
    let batch_dims = index::axis(input, shared, index_shape.len());
    let bound = shape.get(axis_at).copied().unwrap_or(0);
    let values: Vec<i64> = (0..count(&index_shape))
        .map(|_| index::value(input, bound))
        .collect();
    let args = (shape.as_slice(), index_shape.as_slice(), values.as_slice());
    match index::kind(input) {
        Kind::I32 => check::<i32>(input, args, axis, batch_dims),
        Kind::I64 => check::<i64>(input, args, axis, batch_dims),
        Kind::U8 => check::<u8>(input, args, axis, batch_dims),
        Kind::U64 => check::<u64>(input, args, axis, batch_dims),
    }
}

fn check<T: Index>(
    input: &mut Input,
    (shape, index_shape, values): (&[usize], &[usize], &[i64]),
    axis: isize,
    batch_dims: isize,
) {
    let params = Input::arange(shape);
    let indices = index::array::<T>(index_shape, values);
    let want = oracle(
        shape,
        index_shape,
        &index::widen(&indices),
        axis,
        batch_dims,
    );
    if let Want::Skip = want {
        return;
    }
    let case = (shape, &indices, axis, batch_dims);
    let got = params.tf_gather(&indices, axis, batch_dims);
    expect("tf_gather", &case, &got, &want);
    let (params, indices) = (input.relayout(&params), input.relayout(&indices));
    let again = params.tf_gather(&indices, axis, batch_dims);
    same("tf_gather", &case, &got, &again);
}

/// What `tf.gather(params, indices, axis=axis, batch_dims=batch_dims)` gives for params of
/// `shape` (arange values) and indices of `index_shape` holding `indices`.
fn oracle(
    shape: &[usize],
    index_shape: &[usize],
    indices: &[i128],
    axis: isize,
    batch_dims: isize,
) -> Want {
    let rank = shape.len() as i128;
    if rank == 0 {
        return Want::Fails("params is 0-d".into());
    }
    let a = axis as i128;
    if a < -rank || a >= rank {
        return Want::Fails(format!("axis {axis} is outside [-{rank}, {rank})"));
    }
    let axis_at = (if a < 0 { a + rank } else { a }) as usize;
    // tf.gather's wrapper drops batch_dims when axis is the constant 0.
    let bd = if axis == 0 {
        0
    } else {
        let index_rank = index_shape.len() as i128;
        let b = batch_dims as i128;
        if b < -index_rank || b > index_rank {
            return Want::Fails(format!("batch_dims {b} outside ±{index_rank}"));
        }
        let b = (if b < 0 { b + index_rank } else { b }) as usize;
        if b > axis_at {
            return Want::Fails(format!("batch_dims {b} is past axis {axis_at}"));
        }
        if shape[..b] != index_shape[..b] {
            return Want::Fails(format!("the {b} batch axes differ"));
        }
        b
    };
    let out_shape = [&shape[..axis_at], &index_shape[bd..], &shape[axis_at + 1..]].concat();
    // TensorFlow reads no index when the result is empty.
    if count(&out_shape) == 0 {
        return Want::Values(out_shape, Vec::new());
    }
    let dim = shape[axis_at] as i128;
    if let Some(bad) = indices.iter().position(|&v| v < 0 || v >= dim) {
        return Want::Fails(format!("indices[{bad}] is outside [0, {dim})"));
    }
    if let Some(want) = size_rule(&out_shape, size_of::<i64>()) {
        return want;
    }
    let gathered = index_shape.len() - bd;
    let mut values = Vec::new();
    each_position(&out_shape, |o| {
        let (b, rest) = o.split_at(bd);
        let (p, rest) = rest.split_at(axis_at - bd);
        let (i, q) = rest.split_at(gathered);
        let picked = indices[flat(join(b, i), index_shape)] as usize;
        let at = b
            .iter()
            .chain(p)
            .copied()
            .chain([picked])
            .chain(q.iter().copied());
        values.push(flat(at, shape) as i64);
    });
    Want::Values(out_shape, values)
}
