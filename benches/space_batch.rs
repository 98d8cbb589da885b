//! `tf_space_to_batch_nd` / `tf_batch_to_space_nd` on a 4 MiB NHWC `f32` input `(4, 256, 256, 4)`
//! with block `[2, 2]`, unpadded and padded by 2 on each side of both spatial dims, beside the
//! ndarray-native way to write the same thing (zeros + assign for the padding, reshape, permute,
//! copy).
//!
//! `cargo bench --bench space_batch`; NumPy's equivalents: `python3 benches/space_batch_peers.py`.
//! Target: at least as fast as both.

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array4, ArrayView4, s};
use ndarray_tfslice::prelude::*;

const N: usize = 4;
const HW: usize = 256;
const C: usize = 4;
const BLOCK: [usize; 2] = [2, 2];

/// ndarray's space to batch: pad into zeros, split each spatial dim into (grid, block), move the
/// block axes to the front, copy.
fn ndarray_space_to_batch(x: ArrayView4<f32>, p: usize) -> Array4<f32> {
    let (n, h, w, c) = x.dim();
    let (hp, wp) = (h + 2 * p, w + 2 * p);
    let mut padded = Array4::<f32>::zeros((n, hp, wp, c));
    padded.slice_mut(s![.., p..p + h, p..p + w, ..]).assign(&x);
    let split = padded
        .into_shape_with_order((n, hp / 2, 2, wp / 2, 2, c))
        .unwrap();
    let moved = split.permuted_axes([2, 4, 0, 1, 3, 5]);
    moved
        .as_standard_layout()
        .into_owned()
        .into_shape_with_order((4 * n, hp / 2, wp / 2, c))
        .unwrap()
}

/// ndarray's batch to space: split the batch into (block, block, batch), interleave the block
/// axes with the spatial ones, copy, crop, copy the crop.
fn ndarray_batch_to_space(y: ArrayView4<f32>, p: usize) -> Array4<f32> {
    let (nb, h, w, c) = y.dim();
    let n = nb / 4;
    let split = y.into_shape_with_order((2, 2, n, h, w, c)).unwrap();
    let moved = split.permuted_axes([2, 3, 0, 4, 1, 5]);
    let full = moved
        .as_standard_layout()
        .into_owned()
        .into_shape_with_order((n, 2 * h, 2 * w, c))
        .unwrap();
    if p == 0 {
        full
    } else {
        full.slice(s![.., p..2 * h - p, p..2 * w - p, ..])
            .to_owned()
    }
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    let x = Array4::from_shape_fn((N, HW, HW, C), |(n, h, w, c)| {
        (((n * HW + h) * HW + w) * C + c) as f32
    });
    for p in [0, 2] {
        let rows = [[p, p], [p, p]];
        let y = x.tf_space_to_batch_nd(&BLOCK, &rows).unwrap();
        // Same results, or the comparison means nothing.
        assert_eq!(y, ndarray_space_to_batch(x.view(), p));
        let back = y.tf_batch_to_space_nd(&BLOCK, &rows).unwrap();
        assert_eq!(back, x);
        assert_eq!(ndarray_batch_to_space(y.view(), p), x);

        let mut group = c.benchmark_group(format!("space_to_batch_4MiB_pad{p}"));
        group.bench_function("tf_space_to_batch_nd", |b| {
            b.iter(|| black_box(&x).tf_space_to_batch_nd(&BLOCK, &rows))
        });
        group.bench_function("ndarray_pad_reshape_permute_copy", |b| {
            b.iter(|| ndarray_space_to_batch(black_box(&x).view(), p))
        });
        group.finish();

        let mut group = c.benchmark_group(format!("batch_to_space_4MiB_crop{p}"));
        group.bench_function("tf_batch_to_space_nd", |b| {
            b.iter(|| black_box(&y).tf_batch_to_space_nd(&BLOCK, &rows))
        });
        group.bench_function("ndarray_reshape_permute_copy_crop", |b| {
            b.iter(|| ndarray_batch_to_space(black_box(&y).view(), p))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
