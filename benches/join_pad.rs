//! `tf_pad` (three modes) and `tf_reverse_sequence` on 4 MiB `f32` arrays, beside the
//! ndarray-native way to write the same thing.
//!
//! `cargo bench --bench join_pad -- --warm-up-time 1 --measurement-time 3`; NumPy's equivalents on the
//! same shapes: `python3 benches/join_pad_peers.py`.
//! Targets: at least as fast as the ndarray-native code and as NumPy (`np.pad`; a loop over
//! batches assigning `np.flip` of each prefix).
//!
//! ndarray-native pad: constant is `Array::from_elem` then `slice_mut(..).assign(..)` of the
//! interior; the mirror modes are `concatenate` of mirrored slices, one axis after the other.
//! ndarray-native reverse_sequence: `to_owned`, then per batch element an `assign` of the
//! reversed prefix.

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array2, Array3, ArrayView2, Axis, Slice, concatenate, s};
use ndarray_tfslice::prelude::*;

/// 1024 x 1024 f32 = 4 MiB.
const SHAPE: (usize, usize) = (1024, 1024);
/// 512 x 2048 f32 = 4 MiB.
const SEQ_SHAPE: (usize, usize) = (512, 2048);

fn native_constant(x: &Array2<f32>, p: [[usize; 2]; 2], value: f32) -> Array2<f32> {
    let (r, c) = x.dim();
    let mut out = Array2::from_elem((p[0][0] + r + p[0][1], p[1][0] + c + p[1][1]), value);
    out.slice_mut(s![p[0][0]..p[0][0] + r, p[1][0]..p[1][0] + c])
        .assign(x);
    out
}

/// `x` mirrored along `axis`: `offset` 1 is reflect, 0 symmetric.
fn native_mirror_axis(
    x: ArrayView2<'_, f32>,
    axis: Axis,
    [b, a]: [usize; 2],
    offset: usize,
) -> Array2<f32> {
    let n = x.len_of(axis);
    let head = x.slice_axis(
        axis,
        Slice::new(offset as isize, Some((b + offset) as isize), -1),
    );
    let tail = x.slice_axis(
        axis,
        Slice::new((n - a - offset) as isize, Some((n - offset) as isize), -1),
    );
    concatenate(axis, &[head, x, tail]).expect("same shapes")
}

fn native_mirror(x: &Array2<f32>, p: [[usize; 2]; 2], offset: usize) -> Array2<f32> {
    let rows = native_mirror_axis(x.view(), Axis(0), p[0], offset);
    native_mirror_axis(rows.view(), Axis(1), p[1], offset)
}

fn native_reverse_sequence(x: &Array2<f32>, lengths: &[usize]) -> Array2<f32> {
    let mut out = x.to_owned();
    for (b, &n) in lengths.iter().enumerate() {
        out.slice_mut(s![b, ..n]).assign(&x.slice(s![b, ..n;-1]));
    }
    out
}

/// The same, with the sequence axis first (time-major): `lengths` per column.
fn native_reverse_sequence_time_major(x: &Array2<f32>, lengths: &[usize]) -> Array2<f32> {
    let mut out = x.to_owned();
    for (b, &n) in lengths.iter().enumerate() {
        out.slice_mut(s![..n, b]).assign(&x.slice(s![..n;-1, b]));
    }
    out
}

/// Deterministic pseudo-random lengths in `0..=max` (a small LCG: no extra dependency).
fn lengths(count: usize, max: usize) -> Vec<usize> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) as usize) % (max + 1)
        })
        .collect()
}

fn bench_pad(c: &mut Criterion) {
    steady::steady_allocator();
    let x = Array2::from_shape_fn(SHAPE, |(i, j)| (i * 7 + j) as f32);
    for (label, p) in [("1-2", [[1, 1], [2, 2]]), ("16", [[16, 16], [16, 16]])] {
        // Same results, or the comparison means nothing.
        assert_eq!(
            x.tf_pad(&p, PadMode::Constant, 0.5).unwrap(),
            native_constant(&x, p, 0.5)
        );
        assert_eq!(
            x.tf_pad(&p, PadMode::Reflect, 0.0).unwrap(),
            native_mirror(&x, p, 1)
        );
        assert_eq!(
            x.tf_pad(&p, PadMode::Symmetric, 0.0).unwrap(),
            native_mirror(&x, p, 0)
        );

        let mut group = c.benchmark_group(format!("pad_4MiB_{label}"));
        group.bench_function("tf_pad_constant", |b| {
            b.iter(|| black_box(&x).tf_pad(&p, PadMode::Constant, 0.5))
        });
        group.bench_function("ndarray_from_elem_assign", |b| {
            b.iter(|| native_constant(black_box(&x), p, 0.5))
        });
        group.bench_function("tf_pad_reflect", |b| {
            b.iter(|| black_box(&x).tf_pad(&p, PadMode::Reflect, 0.0))
        });
        group.bench_function("ndarray_concatenate_reflect", |b| {
            b.iter(|| native_mirror(black_box(&x), p, 1))
        });
        group.bench_function("tf_pad_symmetric", |b| {
            b.iter(|| black_box(&x).tf_pad(&p, PadMode::Symmetric, 0.0))
        });
        group.bench_function("ndarray_concatenate_symmetric", |b| {
            b.iter(|| native_mirror(black_box(&x), p, 0))
        });
        group.finish();
    }
}

fn bench_reverse_sequence(c: &mut Criterion) {
    steady::steady_allocator();
    let x = Array2::from_shape_fn(SEQ_SHAPE, |(i, j)| (i * 7 + j) as f32);
    let batch_major = lengths(SEQ_SHAPE.0, SEQ_SHAPE.1);
    let time_major = lengths(SEQ_SHAPE.1, SEQ_SHAPE.0);
    assert_eq!(
        x.tf_reverse_sequence(&batch_major, 1, 0).unwrap(),
        native_reverse_sequence(&x, &batch_major)
    );
    assert_eq!(
        x.tf_reverse_sequence(&time_major, 0, 1).unwrap(),
        native_reverse_sequence_time_major(&x, &time_major)
    );

    let mut group = c.benchmark_group("reverse_sequence_4MiB");
    group.bench_function("tf_reverse_sequence_batch0_seq1", |b| {
        b.iter(|| black_box(&x).tf_reverse_sequence(&batch_major, 1, 0))
    });
    group.bench_function("ndarray_to_owned_assign_batch0_seq1", |b| {
        b.iter(|| native_reverse_sequence(black_box(&x), &batch_major))
    });
    group.bench_function("tf_reverse_sequence_seq0_batch1", |b| {
        b.iter(|| black_box(&x).tf_reverse_sequence(&time_major, 0, 1))
    });
    group.bench_function("ndarray_to_owned_assign_seq0_batch1", |b| {
        b.iter(|| native_reverse_sequence_time_major(black_box(&x), &time_major))
    });

    // Time-major with features, the RNN layout: (time 512, batch 64, features 32).
    let x3 = Array3::from_shape_fn((512, 64, 32), |(t, b, f)| (t * 7 + b * 3 + f) as f32);
    let rnn = lengths(64, 512);
    let native3 = |x: &Array3<f32>| {
        let mut out = x.to_owned();
        for (b, &n) in rnn.iter().enumerate() {
            out.slice_mut(s![..n, b, ..])
                .assign(&x.slice(s![..n;-1, b, ..]));
        }
        out
    };
    assert_eq!(x3.tf_reverse_sequence(&rnn, 0, 1).unwrap(), native3(&x3));
    group.bench_function("tf_reverse_sequence_time_major_512x64x32", |b| {
        b.iter(|| black_box(&x3).tf_reverse_sequence(&rnn, 0, 1))
    });
    group.bench_function("ndarray_to_owned_assign_time_major_512x64x32", |b| {
        b.iter(|| native3(black_box(&x3)))
    });
    group.finish();
}

criterion_group!(benches, bench_pad, bench_reverse_sequence);
criterion_main!(benches);
