//! `tf_concat`, `tf_stack` and `tf_tile` on 4 MiB of `f32` in total, beside the ndarray-native way
//! to write the same thing (`ndarray::concatenate`, `ndarray::stack`, a tile built from
//! `concatenate` or from a broadcast view's `to_owned`).
//!
//! `cargo bench --bench join -- --warm-up-time 1 --measurement-time 3`; NumPy's equivalents on
//! the same shapes: `python3 benches/join_peers.py`.
//! Targets: each op at least as fast as its ndarray-native twin and as NumPy.

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array2, ArrayView2, Axis, concatenate, stack};
use ndarray_tfslice::prelude::*;

/// A 1 MiB f32 array (262 144 elements) of `rows` rows.
fn mib(rows: usize, seed: f32) -> Array2<f32> {
    Array2::from_shape_fn((rows, 262_144 / rows), |(i, j)| seed + (i * 7 + j) as f32)
}

fn join(c: &mut Criterion) {
    steady::steady_allocator();
    let four: Vec<Array2<f32>> = (0..4).map(|k| mib(512, k as f32)).collect();
    let views: Vec<ArrayView2<'_, f32>> = four.iter().map(|x| x.view()).collect();

    let mut group = c.benchmark_group("concat_4x1MiB");
    for axis in [0usize, 1] {
        let ours = tf_concat(&views, axis as isize).unwrap();
        assert_eq!(ours, concatenate(Axis(axis), &views).unwrap());
        group.bench_function(format!("tf_concat_axis{axis}"), |b| {
            b.iter(|| tf_concat(black_box(&views), axis as isize))
        });
        group.bench_function(format!("ndarray_concatenate_axis{axis}"), |b| {
            b.iter(|| concatenate(Axis(axis), black_box(&views)))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("stack_4x1MiB");
    for axis in [0usize, 2] {
        let ours = tf_stack(&views, axis as isize).unwrap();
        assert_eq!(ours, stack(Axis(axis), &views).unwrap());
        group.bench_function(format!("tf_stack_axis{axis}"), |b| {
            b.iter(|| tf_stack(black_box(&views), axis as isize))
        });
        group.bench_function(format!("ndarray_stack_axis{axis}"), |b| {
            b.iter(|| stack(Axis(axis), black_box(&views)))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("tile_to_4MiB");
    // 1 MiB by [2, 2].
    let x = mib(512, 0.0);
    let native_2x2 = |x: &Array2<f32>| {
        let wide = concatenate(Axis(1), &[x.view(), x.view()]).unwrap();
        concatenate(Axis(0), &[wide.view(), wide.view()]).unwrap()
    };
    assert_eq!(x.tf_tile(&[2, 2]).unwrap(), native_2x2(&x));
    group.bench_function("tf_tile_1MiB_by_2x2", |b| {
        b.iter(|| black_box(&x).tf_tile(&[2, 2]))
    });
    group.bench_function("ndarray_concatenate_1MiB_by_2x2", |b| {
        b.iter(|| native_2x2(black_box(&x)))
    });
    // A 1 KiB row by [4096, 1]: the natural ndarray way is a broadcast view made owned.
    let row = Array2::from_shape_fn((1, 256), |(_, j)| j as f32);
    let native_rows = |r: &Array2<f32>| r.broadcast((4096, 256)).map(|v| v.to_owned());
    assert_eq!(row.tf_tile(&[4096, 1]).unwrap(), native_rows(&row).unwrap());
    group.bench_function("tf_tile_row256_by_4096x1", |b| {
        b.iter(|| black_box(&row).tf_tile(&[4096, 1]))
    });
    group.bench_function("ndarray_broadcast_to_owned_row256_by_4096x1", |b| {
        b.iter(|| native_rows(black_box(&row)))
    });
    // A 64 B row by [1, 16384], along its own axis: concatenate of 16384 views natively.
    let short = Array2::from_shape_fn((1, 16), |(_, j)| j as f32);
    let native_long = |r: &Array2<f32>| {
        let parts = vec![r.view(); 16_384];
        concatenate(Axis(1), &parts).unwrap()
    };
    assert_eq!(short.tf_tile(&[1, 16_384]).unwrap(), native_long(&short));
    group.bench_function("tf_tile_row16_by_1x16384", |b| {
        b.iter(|| black_box(&short).tf_tile(&[1, 16_384]))
    });
    group.bench_function("ndarray_concatenate_row16_by_1x16384", |b| {
        b.iter(|| native_long(black_box(&short)))
    });
    group.finish();
}

criterion_group!(benches, join);
criterion_main!(benches);
