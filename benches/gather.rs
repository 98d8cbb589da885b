//! `tf_gather` and `tf_gather_nd` on 4 MiB of `f32` params (4096 x 256), beside the
//! ndarray-native way to write the same thing.
//!
//! `cargo bench --bench gather -- --warm-up-time 1 --measurement-time 3`; NumPy's equivalents on
//! the same shapes: `python3 benches/gather_peers.py`.
//!
//! - rows: 10 000 random rows (`np.take(x, idx, 0)`, `select(Axis(0), ..)`; 10 MB out);
//! - last axis: 256 random columns of every row (`np.take(x, idx, 1)`, `select(Axis(1), ..)`;
//!   4 MiB out, one element per pick);
//! - gather_nd rows: indices of shape (10 000, 1) (`x[idx[:, 0]]`, `select(Axis(0), ..)`);
//! - gather_nd elements: 2^20 random (row, column) pairs (`x[tuple(idx.T)]`, `x[[i, j]]` in a
//!   loop; 4 MiB out).

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array1, Array2, Axis};
use ndarray_tfslice::prelude::*;

const ROWS: usize = 4096;
const COLS: usize = 256;
const PICKED_ROWS: usize = 10_000;
const PICKED_ELEMENTS: usize = 1 << 20;

/// xorshift64*: reproducible indices without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    let x = Array2::from_shape_fn((ROWS, COLS), |(i, j)| (i * COLS + j) as f32);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let rows: Vec<usize> = (0..PICKED_ROWS).map(|_| rng.below(ROWS)).collect();
    let rows_i64: Array1<i64> = rows.iter().map(|&r| r as i64).collect();
    let cols: Vec<usize> = (0..COLS).map(|_| rng.below(COLS)).collect();
    let cols_i64: Array1<i64> = cols.iter().map(|&c| c as i64).collect();
    let rows_nd = rows_i64.clone().insert_axis(Axis(1));
    let pairs: Vec<[usize; 2]> = (0..PICKED_ELEMENTS)
        .map(|_| [rng.below(ROWS), rng.below(COLS)])
        .collect();
    let pairs_nd = Array2::from_shape_fn((PICKED_ELEMENTS, 2), |(n, k)| pairs[n][k] as i64);

    // Same results, or the comparison means nothing.
    let by_rows = x.select(Axis(0), &rows).into_dyn();
    assert_eq!(x.tf_gather(&rows_i64, 0, 0).unwrap(), by_rows);
    assert_eq!(x.tf_gather_nd(&rows_nd, 0).unwrap(), by_rows);
    assert_eq!(
        x.tf_gather(&cols_i64, 1, 0).unwrap(),
        x.select(Axis(1), &cols).into_dyn()
    );
    let elements: Array1<f32> = pairs.iter().map(|&[i, j]| x[[i, j]]).collect();
    assert_eq!(x.tf_gather_nd(&pairs_nd, 0).unwrap(), elements.into_dyn());

    let mut group = c.benchmark_group("gather_rows_4MiB");
    group.bench_function("tf_gather", |b| {
        b.iter(|| black_box(&x).tf_gather(black_box(&rows_i64), 0, 0))
    });
    group.bench_function("ndarray_select", |b| {
        b.iter(|| black_box(&x).select(Axis(0), black_box(&rows)))
    });
    group.finish();

    let mut group = c.benchmark_group("gather_last_axis_4MiB");
    group.bench_function("tf_gather", |b| {
        b.iter(|| black_box(&x).tf_gather(black_box(&cols_i64), 1, 0))
    });
    group.bench_function("ndarray_select", |b| {
        b.iter(|| black_box(&x).select(Axis(1), black_box(&cols)))
    });
    group.finish();

    let mut group = c.benchmark_group("gather_nd_rows_4MiB");
    group.bench_function("tf_gather_nd", |b| {
        b.iter(|| black_box(&x).tf_gather_nd(black_box(&rows_nd), 0))
    });
    group.bench_function("ndarray_select", |b| {
        b.iter(|| black_box(&x).select(Axis(0), black_box(&rows)))
    });
    group.finish();

    let mut group = c.benchmark_group("gather_nd_elements_4MiB");
    group.bench_function("tf_gather_nd", |b| {
        b.iter(|| black_box(&x).tf_gather_nd(black_box(&pairs_nd), 0))
    });
    group.bench_function("ndarray_index_loop", |b| {
        b.iter(|| {
            let x = black_box(&x);
            black_box(&pairs)
                .iter()
                .map(|&[i, j]| x[[i, j]])
                .collect::<Array1<f32>>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
