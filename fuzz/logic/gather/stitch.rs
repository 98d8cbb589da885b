//! `tf_dynamic_stitch(indices, data)` against `tf.dynamic_stitch`:
//! `merged[indices[m][i..], ...] = data[m][i.., ...]`, the slice given last (in order of `m`,
//! then row-major `i..`) winning where an index repeats, rows no index names all zero.

use ndarray::{ArrayD, ArrayViewD};
use ndarray_tfslice::prelude::*;

use super::check::{Want, each_position, expect, flat, join, same, size_rule};
use super::index::{self, Index, Kind};
use crate::logic::input::{Input, count};

pub fn run(input: &mut Input) {
    let arrays = input.below(4);
    let slice_shape = input.shape(2);
    let bound = 1 + input.below(8);
    let mut index_shapes = Vec::new();
    let mut data_shapes = Vec::new();
    for _ in 0..arrays {
        let index_shape = input.shape(2);
        let mut data_shape = join(&index_shape, &slice_shape);
        // Now and then a data shape that does not fit: one dim off, or one axis short.
        match input.u8() {
            0..=7 => {
                let k = input.below(data_shape.len());
                if let Some(d) = data_shape.get_mut(k) {
                    *d = (*d + 1) % 7;
                }
            }
            8..=15 => {
                data_shape.pop();
            }
            _ => {}
        }
        index_shapes.push(index_shape);
        data_shapes.push(data_shape);
    }
    // Now and then one data array more or fewer than index arrays.
    match input.u8() {
        0..=5 => {
            data_shapes.pop();
        }
        6..=11 => data_shapes.push(slice_shape.clone()),
        _ => {}
    }
    let values: Vec<Vec<i64>> = index_shapes
        .iter()
        .map(|s| (0..count(s)).map(|_| index::value(input, bound)).collect())
        .collect();
    let args = (
        index_shapes.as_slice(),
        values.as_slice(),
        data_shapes.as_slice(),
    );
    match index::kind(input) {
        Kind::I32 => check::<i32>(input, args),
        Kind::I64 => check::<i64>(input, args),
        Kind::U8 => check::<u8>(input, args),
        Kind::U64 => check::<u64>(input, args),
    }
}

/// The index arrays' shapes and values, and the data arrays' shapes.
type Args<'a> = (&'a [Vec<usize>], &'a [Vec<i64>], &'a [Vec<usize>]);

fn check<T: Index>(input: &mut Input, (index_shapes, values, data_shapes): Args<'_>) {
    let indices: Vec<ArrayD<T>> = index_shapes
        .iter()
        .zip(values)
        .map(|(s, v)| index::array::<T>(s, v))
        .collect();
    // Data array m holds 1 + (m << 32) + its arange: each element says where it came from, and
    // 0 is left for the rows no index names.
    let data: Vec<ArrayD<i64>> = data_shapes
        .iter()
        .enumerate()
        .map(|(m, s)| Input::arange(s) + tag(m))
        .collect();
    let wide: Vec<Vec<i128>> = indices.iter().map(index::widen).collect();
    let want = oracle(index_shapes, &wide, data_shapes);
    if let Want::Skip = want {
        return;
    }
    let case = (&indices, data_shapes);
    let got = stitch(&indices, &data);
    expect("tf_dynamic_stitch", &case, &got, &want);
    let indices: Vec<ArrayD<T>> = indices.iter().map(|a| input.relayout(a)).collect();
    let data: Vec<ArrayD<i64>> = data.iter().map(|a| input.relayout(a)).collect();
    let again = stitch(&indices, &data);
    same("tf_dynamic_stitch", &case, &got, &again);
}

fn stitch<T: Index>(indices: &[ArrayD<T>], data: &[ArrayD<i64>]) -> Result<ArrayD<i64>, Error> {
    let indices: Vec<ArrayViewD<'_, T>> = indices.iter().map(|a| a.view()).collect();
    let data: Vec<ArrayViewD<'_, i64>> = data.iter().map(|a| a.view()).collect();
    tf_dynamic_stitch(&indices, &data)
}

/// What data array `m` adds to its arange values.
fn tag(m: usize) -> i64 {
    1 + ((m as i64) << 32)
}

/// What `tf.dynamic_stitch(indices, data)` gives.
fn oracle(index_shapes: &[Vec<usize>], indices: &[Vec<i128>], data_shapes: &[Vec<usize>]) -> Want {
    if index_shapes.len() != data_shapes.len() {
        return Want::Fails("as many index arrays as data arrays are needed".into());
    }
    let (Some(index_shape0), Some(data_shape0)) = (index_shapes.first(), data_shapes.first())
    else {
        return Want::Fails("no arrays".into());
    };
    // TensorFlow reads every index before it looks at a shape.
    let all = indices.iter().flatten();
    if let Some(bad) = all.clone().find(|&&v| v < 0 || v > i64::MAX as i128) {
        return Want::Fails(format!("index {bad} is negative or past i64"));
    }
    let slice_shape = &data_shape0[index_shape0.len().min(data_shape0.len())..];
    for (i, d) in index_shapes.iter().zip(data_shapes) {
        if !d.starts_with(i) || &d[i.len()..] != slice_shape {
            return Want::Fails(format!("data shape {d:?} is not {i:?} + {slice_shape:?}"));
        }
    }
    let rows = all.max().map_or(0, |&max| max + 1);
    // At most i64::MAX + 1: a usize.
    let out_shape = join(&[rows as usize], slice_shape);
    if let Some(want) = size_rule(&out_shape, size_of::<i64>()) {
        return want;
    }
    if count(&out_shape) == 0 {
        return Want::Values(out_shape, Vec::new());
    }
    // For each row, the last (array, position) that names it.
    let winners: Vec<Option<(usize, usize)>> = (0..rows)
        .map(|row| {
            let mut winner = None;
            for (m, values) in indices.iter().enumerate() {
                for (i, &v) in values.iter().enumerate() {
                    if v == row {
                        winner = Some((m, i));
                    }
                }
            }
            winner
        })
        .collect();
    let slice_len = count(slice_shape) as usize;
    let mut values = Vec::new();
    each_position(&out_shape, |o| {
        let (row, s) = o.split_at(1);
        values.push(match winners[row[0]] {
            Some((m, i)) => tag(m) + (i * slice_len + flat(s.iter().copied(), slice_shape)) as i64,
            None => 0,
        });
    });
    Want::Values(out_shape, values)
}
