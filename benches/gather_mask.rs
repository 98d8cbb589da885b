//! The mask and partition ops on 4 MiB of `f32`, beside the ndarray-native way to write the same
//! thing (where there is one).
//!
//! `cargo bench --bench gather_mask -- --warm-up-time 1 --measurement-time 3`; NumPy's equivalents on the
//! same shapes and the same masks / partitions / indices: `python3 benches/gather_mask_peers.py`.
//!
//! - boolean_mask of rows: a 1-D mask over axis 0 of (4096, 256), about half true (NumPy `x[mask]`).
//! - boolean_mask of elements: a (4096, 256) mask (NumPy `x[mask]`).
//! - dynamic_partition of the 4096 rows into 4 (NumPy `[x[p == i] for i in range(4)]`).
//! - dynamic_stitch of those 4 parts back (NumPy `out = np.zeros_like(x); out[idx] = data` each).
//! - one_hot of 64k indices, depth 16 (NumPy `np.eye(16, dtype=np.float32)[idx]`).

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array1, Array2, ArrayViewD, Axis};
use ndarray_tfslice::prelude::*;

const ROWS: usize = 4096;
const COLS: usize = 256;
const N_HOT: usize = 65536;
const DEPTH: usize = 16;

/// A reproducible pseudo-random bit pattern (the same formula in `gather_mask_peers.py`).
fn hash(i: usize) -> u32 {
    (i as u32).wrapping_mul(2_654_435_761) >> 16
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    let x = Array2::from_shape_fn((ROWS, COLS), |(i, j)| (i * COLS + j) as f32);
    let row_mask = Array1::from_shape_fn(ROWS, |i| hash(i) & 1 == 1);
    let elem_mask = Array2::from_shape_fn((ROWS, COLS), |(i, j)| hash(i * COLS + j) & 1 == 1);
    let parts = Array1::from_shape_fn(ROWS, |i| (hash(i) % 4) as i32);
    let hot = Array1::from_shape_fn(N_HOT, |i| (hash(i) % DEPTH as u32) as i32);

    let mut group = c.benchmark_group("boolean_mask_4MiB");
    let kept_rows: Vec<usize> = (0..ROWS).filter(|&i| row_mask[i]).collect();
    let native_rows = x.select(Axis(0), &kept_rows);
    assert_eq!(
        x.tf_boolean_mask(&row_mask, 0).unwrap(),
        native_rows.clone()
    );
    group.bench_function("tf_boolean_mask_rows", |b| {
        b.iter(|| black_box(&x).tf_boolean_mask(black_box(&row_mask), 0))
    });
    group.bench_function("ndarray_select_rows", |b| {
        b.iter(|| {
            let m = black_box(&row_mask);
            let kept: Vec<usize> = (0..ROWS).filter(|&i| m[i]).collect();
            black_box(&x).select(Axis(0), &kept)
        })
    });
    let native_elems = || {
        let v: Vec<f32> = black_box(&x)
            .iter()
            .zip(black_box(&elem_mask))
            .filter(|&(_, &m)| m)
            .map(|(&v, _)| v)
            .collect();
        Array1::from_vec(v)
    };
    assert_eq!(x.tf_boolean_mask(&elem_mask, 0).unwrap(), native_elems());
    group.bench_function("tf_boolean_mask_elements", |b| {
        b.iter(|| black_box(&x).tf_boolean_mask(black_box(&elem_mask), 0))
    });
    group.bench_function("ndarray_iter_filter_elements", |b| b.iter(native_elems));
    group.finish();

    let mut group = c.benchmark_group("partition_4MiB");
    let native_partition = || {
        (0..4)
            .map(|p| {
                let rows: Vec<usize> = (0..ROWS).filter(|&i| parts[i] == p).collect();
                black_box(&x).select(Axis(0), &rows)
            })
            .collect::<Vec<_>>()
    };
    let pieces = x.tf_dynamic_partition(&parts, 4).unwrap();
    let native: Vec<_> = native_partition()
        .into_iter()
        .map(|a| a.into_dyn())
        .collect();
    assert_eq!(pieces, native);
    group.bench_function("tf_dynamic_partition_rows", |b| {
        b.iter(|| black_box(&x).tf_dynamic_partition(black_box(&parts), 4))
    });
    group.bench_function("ndarray_select_per_partition", |b| b.iter(native_partition));

    let positions = Array1::from_shape_fn(ROWS, |i| i as i32);
    let where_from = positions.tf_dynamic_partition(&parts, 4).unwrap();
    let idx: Vec<ArrayViewD<'_, i32>> = where_from.iter().map(|a| a.view()).collect();
    let data: Vec<ArrayViewD<'_, f32>> = pieces.iter().map(|a| a.view()).collect();
    assert_eq!(
        tf_dynamic_stitch(&idx, &data).unwrap(),
        x.clone().into_dyn()
    );
    group.bench_function("tf_dynamic_stitch_rows", |b| {
        b.iter(|| tf_dynamic_stitch(black_box(&idx), black_box(&data)))
    });
    group.bench_function("ndarray_zeros_then_assign_rows", |b| {
        b.iter(|| {
            let mut out = Array2::<f32>::zeros((ROWS, COLS));
            for (i, d) in black_box(&idx).iter().zip(black_box(&data)) {
                for (k, &r) in i.iter().enumerate() {
                    out.row_mut(r as usize).assign(&d.index_axis(Axis(0), k));
                }
            }
            out
        })
    });
    group.finish();

    let mut group = c.benchmark_group("one_hot_4MiB");
    let eye = Array2::<f32>::eye(DEPTH);
    let hot_usize: Vec<usize> = hot.iter().map(|&v| v as usize).collect();
    assert_eq!(
        tf_one_hot(&hot, DEPTH, 1.0f32, 0.0, -1).unwrap(),
        eye.select(Axis(0), &hot_usize)
    );
    group.bench_function("tf_one_hot", |b| {
        b.iter(|| tf_one_hot(black_box(&hot), DEPTH, 1.0f32, 0.0, -1))
    });
    group.bench_function("ndarray_eye_select", |b| {
        b.iter(|| {
            let rows: Vec<usize> = black_box(&hot).iter().map(|&v| v as usize).collect();
            black_box(&eye).select(Axis(0), &rows)
        })
    });
    group.bench_function("tf_one_hot_axis0", |b| {
        b.iter(|| tf_one_hot(black_box(&hot), DEPTH, 1.0f32, 0.0, 0))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
