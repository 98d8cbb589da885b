//! View creation cost of the view ops (split, unstack, transpose, reverse) on 4 MiB `f32` arrays
//! (`IxDyn`) of rank 1, 3 and 6, each beside the ndarray-native way to get the same views.
//!
//! `cargo bench --bench join_views -- --warm-up-time 1 --measurement-time 3`; NumPy's equivalents on the
//! same shapes: `python3 benches/join_views_peers.py`. No element is touched: these time the views.
//!
//! | op | ours | ndarray-native | NumPy |
//! |---|---|---|---|
//! | split 4 ways, last axis | `tf_split(Split::Num(4), -1)` | `axis_chunks_iter`, `split_at` chain, `slice_axis` loop | `np.split(x, 4, axis=-1)` |
//! | unstack axis 0 / last | `tf_unstack(0)` / `tf_unstack(-1)` | `axis_iter(..).collect()` | `list(x)` / `list(np.moveaxis(x, -1, 0))` |
//! | transpose | `tf_transpose(&perm)` / `x.t()` | `permuted_axes` / `t()` | `np.transpose(x, perm)` / `x.T` |
//! | reverse | `tf_reverse(&axes)` | `invert_axis` on each | `np.flip(x, axes)` |

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ndarray::{ArrayD, ArrayViewD, Axis, IxDyn, Slice};
use ndarray_tfslice::prelude::*;

/// 2^20 f32 = 4 MiB at each rank (the same shapes as `join_views_peers.py`).
const SHAPES: [&[usize]; 3] = [&[1 << 20], &[64, 128, 128], &[16, 8, 8, 8, 8, 16]];

fn perm(rank: usize) -> Vec<usize> {
    // Last axis first, the rest in order: [2, 0, 1] at rank 3.
    std::iter::once(rank - 1).chain(0..rank - 1).collect()
}

fn reverse_axes(rank: usize) -> Vec<isize> {
    match rank {
        1 => vec![0],
        3 => vec![0, -1],
        _ => vec![0, 2, -1],
    }
}

fn split(c: &mut Criterion, xs: &[ArrayD<f32>]) {
    steady::steady_allocator();
    let mut group = c.benchmark_group("split_4_ways_last_axis");
    for x in xs {
        let rank = x.ndim();
        let last = Axis(rank - 1);
        let chunk = x.len_of(last) / 4;
        let ours = x.tf_split(Split::Num(4), -1).unwrap();
        let native: Vec<ArrayViewD<'_, f32>> = x.axis_chunks_iter(last, chunk).collect();
        assert_eq!(ours, native);
        group.bench_with_input(BenchmarkId::new("tf_split_num", rank), x, |b, x| {
            b.iter(|| black_box(x).tf_split(Split::Num(4), -1))
        });
        group.bench_with_input(BenchmarkId::new("tf_split_sizes", rank), x, |b, x| {
            let sizes = [chunk as i64, -1, chunk as i64, chunk as i64];
            b.iter(|| black_box(x).tf_split(Split::Sizes(black_box(&sizes)), -1))
        });
        group.bench_with_input(
            BenchmarkId::new("ndarray_axis_chunks_iter", rank),
            x,
            |b, x| {
                b.iter(|| {
                    black_box(x)
                        .axis_chunks_iter(last, chunk)
                        .collect::<Vec<_>>()
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("ndarray_split_at", rank), x, |b, x| {
            b.iter(|| {
                let mut parts = Vec::with_capacity(4);
                let mut rest = black_box(x).view();
                for _ in 0..3 {
                    let (part, tail) = rest.split_at(last, chunk);
                    parts.push(part);
                    rest = tail;
                }
                parts.push(rest);
                parts
            })
        });
        group.bench_with_input(BenchmarkId::new("ndarray_slice_axis", rank), x, |b, x| {
            b.iter(|| {
                (0..4)
                    .map(|k| black_box(x).slice_axis(last, Slice::from(k * chunk..(k + 1) * chunk)))
                    .collect::<Vec<_>>()
            })
        });
    }
    group.finish();
}

fn unstack(c: &mut Criterion, xs: &[ArrayD<f32>]) {
    steady::steady_allocator();
    let mut group = c.benchmark_group("unstack");
    for x in xs {
        let rank = x.ndim();
        let axes: &[isize] = if rank == 1 { &[0] } else { &[0, -1] };
        for &axis in axes {
            let a = Axis(if axis < 0 { rank - 1 } else { 0 });
            let ours = x.tf_unstack(axis).unwrap();
            let native: Vec<ArrayViewD<'_, f32>> = x.axis_iter(a).collect();
            assert_eq!(ours, native);
            let id = format!("rank{rank}_axis{axis}");
            group.bench_with_input(BenchmarkId::new("tf_unstack", &id), x, |b, x| {
                b.iter(|| black_box(x).tf_unstack(axis))
            });
            group.bench_with_input(BenchmarkId::new("ndarray_axis_iter", &id), x, |b, x| {
                b.iter(|| black_box(x).axis_iter(a).collect::<Vec<_>>())
            });
        }
    }
    group.finish();
}

fn transpose(c: &mut Criterion, xs: &[ArrayD<f32>]) {
    steady::steady_allocator();
    let mut group = c.benchmark_group("transpose");
    for x in xs {
        let rank = x.ndim();
        let p = perm(rank);
        assert_eq!(
            x.tf_transpose(&p).unwrap(),
            x.view().permuted_axes(IxDyn(&p))
        );
        group.bench_with_input(BenchmarkId::new("tf_transpose_perm", rank), x, |b, x| {
            b.iter(|| black_box(x).tf_transpose(black_box(&p)))
        });
        group.bench_with_input(
            BenchmarkId::new("ndarray_permuted_axes", rank),
            x,
            |b, x| b.iter(|| black_box(x).view().permuted_axes(IxDyn(black_box(&p)))),
        );
        group.bench_with_input(BenchmarkId::new("ndarray_t", rank), x, |b, x| {
            b.iter(|| black_box(x).t())
        });
    }
    group.finish();
}

fn reverse(c: &mut Criterion, xs: &[ArrayD<f32>]) {
    steady::steady_allocator();
    let mut group = c.benchmark_group("reverse");
    for x in xs {
        let rank = x.ndim();
        let axes = reverse_axes(rank);
        let resolved: Vec<usize> = axes
            .iter()
            .map(|&a| if a < 0 { rank - 1 } else { a as usize })
            .collect();
        fn native<'a>(x: &'a ArrayD<f32>, resolved: &[usize]) -> ArrayViewD<'a, f32> {
            let mut v = x.view();
            for &a in resolved {
                v.invert_axis(Axis(a));
            }
            v
        }
        assert_eq!(x.tf_reverse(&axes).unwrap(), native(x, &resolved));
        group.bench_with_input(BenchmarkId::new("tf_reverse", rank), x, |b, x| {
            b.iter(|| black_box(x).tf_reverse(black_box(&axes)))
        });
        group.bench_with_input(BenchmarkId::new("ndarray_invert_axis", rank), x, |b, x| {
            b.iter(|| native(black_box(x), black_box(&resolved)))
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    let xs: Vec<ArrayD<f32>> = SHAPES
        .iter()
        .map(|s| ArrayD::from_shape_fn(IxDyn(s), |i| i[0] as f32))
        .collect();
    split(c, &xs);
    unstack(c, &xs);
    transpose(c, &xs);
    reverse(c, &xs);
}

criterion_group!(benches, bench);
criterion_main!(benches);
