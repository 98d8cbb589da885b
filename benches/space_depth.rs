//! The image-layout ops on 4 MiB NHWC `f32` inputs, beside the ndarray-native way to write the
//! same thing: `space_to_depth` / `depth_to_space` with block 2 on (4, 256, 256, 4) (and
//! (4, 128, 128, 16) for `depth_to_space`, so both start from 4 MiB), and
//! `extract_image_patches` 3x3, stride 2, SAME on (4, 128, 128, 4) (1 MiB in, 2.25 MiB out).
//!
//! `cargo bench --bench space_depth -- --warm-up-time 1 --measurement-time 3`; NumPy's equivalents on
//! the same shapes: `python3 benches/space_depth_peers.py`.
//! Target: at least as fast as NumPy's reshape/transpose copy (and `sliding_window_view` + copy).

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array, Array4, s};
use ndarray_tfslice::prelude::*;

fn image(shape: (usize, usize, usize, usize)) -> Array4<f32> {
    Array::from_shape_fn(shape, |(n, h, w, c)| (n * 7 + h * 5 + w * 3 + c) as f32)
}

/// `x.reshape(n, h/b, b, w/b, b, c).transpose(0, 1, 3, 2, 4, 5).reshape(...)`, ndarray's way.
fn ndarray_space_to_depth(x: &Array4<f32>, b: usize) -> Array4<f32> {
    let (n, h, w, c) = x.dim();
    let v = x
        .view()
        .into_shape_with_order((n, h / b, b, w / b, b, c))
        .unwrap();
    let t = v
        .permuted_axes([0, 1, 3, 2, 4, 5])
        .as_standard_layout()
        .into_owned();
    t.into_shape_with_order((n, h / b, w / b, c * b * b))
        .unwrap()
}

fn ndarray_depth_to_space(x: &Array4<f32>, b: usize) -> Array4<f32> {
    let (n, h, w, c) = x.dim();
    let v = x
        .view()
        .into_shape_with_order((n, h, w, b, b, c / (b * b)))
        .unwrap();
    let t = v
        .permuted_axes([0, 1, 3, 2, 4, 5])
        .as_standard_layout()
        .into_owned();
    t.into_shape_with_order((n, h * b, w * b, c / (b * b)))
        .unwrap()
}

/// Zero-pad (SAME: pad_needed = 63 * 2 + 3 - 128 = 1, all of it after), then every strided
/// window, flattened in row, column, depth order.
fn ndarray_patches(x: &Array4<f32>) -> Array4<f32> {
    let (n, h, w, c) = x.dim();
    let mut padded = Array4::<f32>::zeros((n, h + 1, w + 1, c));
    padded.slice_mut(s![.., ..h, ..w, ..]).assign(x);
    let data: Vec<f32> = padded
        .windows_with_stride((1, 3, 3, c), (1, 2, 2, 1))
        .into_iter()
        .flat_map(|win| win.into_iter().copied())
        .collect();
    Array::from_shape_vec((n, h.div_ceil(2), w.div_ceil(2), 9 * c), data).unwrap()
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    let x = image((4, 256, 256, 4));
    let ours = x.tf_space_to_depth(2).unwrap();
    assert_eq!(ours, ndarray_space_to_depth(&x, 2));
    let mut group = c.benchmark_group("space_to_depth_4MiB");
    group.bench_function("tf_space_to_depth", |b| {
        b.iter(|| black_box(&x).tf_space_to_depth(2))
    });
    group.bench_function("ndarray_permuted_to_owned", |b| {
        b.iter(|| ndarray_space_to_depth(black_box(&x), 2))
    });
    // The floor: a plain copy of the same 4 MiB.
    group.bench_function("ndarray_to_owned_copy_floor", |b| {
        b.iter(|| black_box(&x).to_owned())
    });
    group.finish();

    let mut group = c.benchmark_group("depth_to_space_4MiB");
    for shape in [(4, 256, 256, 4), (4, 128, 128, 16)] {
        let x = image(shape);
        let tag = format!("{}x{}x{}x{}", shape.0, shape.1, shape.2, shape.3);
        assert_eq!(
            x.tf_depth_to_space(2).unwrap(),
            ndarray_depth_to_space(&x, 2)
        );
        group.bench_function(format!("tf_depth_to_space_{tag}"), |b| {
            b.iter(|| black_box(&x).tf_depth_to_space(2))
        });
        group.bench_function(format!("ndarray_permuted_to_owned_{tag}"), |b| {
            b.iter(|| ndarray_depth_to_space(black_box(&x), 2))
        });
    }
    group.finish();

    let x = image((4, 128, 128, 4));
    let (k, st, r) = ([1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1]);
    assert_eq!(
        x.tf_extract_image_patches(k, st, r, Padding::Same).unwrap(),
        ndarray_patches(&x)
    );
    let mut group = c.benchmark_group("extract_image_patches_1MiB");
    group.bench_function("tf_extract_image_patches", |b| {
        b.iter(|| black_box(&x).tf_extract_image_patches(k, st, r, Padding::Same))
    });
    group.bench_function("ndarray_pad_windows_collect", |b| {
        b.iter(|| ndarray_patches(black_box(&x)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
