//! The shape ops on the shapes real TensorFlow code uses (issue 17), `f32`, beside the
//! ndarray-native way to write the same thing:
//! - `frame`: (16, 160000) audio, frames of 400 every 160 (YAMNet-style 25 ms / 10 ms at 16 kHz):
//!   the view (`tf_frame`), the padded owned result (`pad_end`), and ndarray's
//!   `windows_with_stride` collected into an array.
//! - `reshape`: a transposed (16, 224, 224, 3) view (H and W swapped) to (16, -1): a C-order copy;
//!   the same view as an `ArrayD`.
//! - `repeat`: (2048, 768) rows each repeated twice, and each element of the last axis twice
//!   (`np.repeat(x, 2, axis=-1)`, a nearest-neighbour upsampling).
//! - `roll`: (16, 56, 56, 96) by (-3, -3) on axes (1, 2) (Swin's cyclic shift).
//!
//! `cargo bench --bench shape -- --warm-up-time 1 --measurement-time 2 --sample-size 20`;
//! NumPy's equivalents on the same shapes: `python3 benches/shape_peers.py`.
//! Target: at least as fast as NumPy.
//!
//! Page size: NumPy 2.x `madvise(MADV_HUGEPAGE)`s every allocation of 4 MiB or more (`strace`
//! shows it on the 25.5 MB frame result and the 10 MB signal), and this machine's transparent
//! huge pages are `madvise`-only, so NumPy's results sit in 2 MiB pages and Rust's `malloc`ed
//! ones in 4 KiB pages. `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` gives the Rust side the same
//! (`AnonHugePages` grows by the result's size while the bench runs).

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array, Array2, Array4, Axis, Zip, concatenate, s};
use ndarray_tfslice::prelude::*;

fn ramp2(shape: (usize, usize)) -> Array2<f32> {
    Array::from_shape_fn(shape, |(i, j)| (i * 7 + j) as f32)
}

fn ramp4(shape: (usize, usize, usize, usize)) -> Array4<f32> {
    Array::from_shape_fn(shape, |(n, h, w, c)| (n * 7 + h * 5 + w * 3 + c) as f32)
}

/// Frames of 400 every 160 of each row, as ndarray alone writes them.
fn ndarray_frames(x: &Array2<f32>) -> Array<f32, ndarray::Ix3> {
    let (rows, n) = x.dim();
    let frames = (n - 400) / 160 + 1;
    let data: Vec<f32> = x
        .windows_with_stride((1, 400), (1, 160))
        .into_iter()
        .flat_map(|w| w.into_iter().copied())
        .collect();
    Array::from_shape_vec((rows, frames, 400), data).unwrap()
}

/// np.roll's way: the four blocks of the two rolled axes assigned into a new array.
fn ndarray_roll(x: &Array4<f32>) -> Array4<f32> {
    let h = x.len_of(Axis(1));
    let w = x.len_of(Axis(2));
    // A shift of -3 moves element 3 to 0: output rows [0, h - 3) are input rows [3, h).
    let top = concatenate(
        Axis(1),
        &[x.slice(s![.., 3.., .., ..]), x.slice(s![.., ..3, .., ..])],
    )
    .unwrap();
    let mut out = Array4::<f32>::zeros(x.raw_dim());
    out.slice_mut(s![.., .., ..w - 3, ..])
        .assign(&top.slice(s![.., .., 3.., ..]));
    out.slice_mut(s![.., .., w - 3.., ..])
        .assign(&top.slice(s![.., .., ..3, ..]));
    debug_assert_eq!(out.len_of(Axis(1)), h);
    out
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();

    let audio = ramp2((16, 160_000));
    let frames = audio.tf_frame(400, 160, false, 0.0, -1).unwrap();
    assert!(frames.is_view());
    assert_eq!(frames, ndarray_frames(&audio));
    let mut group = c.benchmark_group("frame_audio_16x160000");
    group.bench_function("tf_frame_view", |b| {
        b.iter(|| black_box(&audio).tf_frame(400, 160, false, 0.0, -1))
    });
    group.bench_function("tf_frame_pad_end_owned", |b| {
        b.iter(|| black_box(&audio).tf_frame(400, 160, true, 0.0, -1))
    });
    group.bench_function("ndarray_windows_with_stride_collect", |b| {
        b.iter(|| ndarray_frames(black_box(&audio)))
    });
    group.finish();

    let images = ramp4((16, 224, 224, 3));
    let swapped = images.view().permuted_axes([0, 2, 1, 3]);
    let ours = swapped.tf_reshape([16, -1]).unwrap();
    assert!(!ours.is_view());
    let native = swapped
        .as_standard_layout()
        .into_owned()
        .into_shape_with_order((16, 224 * 224 * 3))
        .unwrap();
    assert_eq!(ours, native);
    let mut group = c.benchmark_group("reshape_transposed_16x224x224x3");
    group.bench_function("tf_reshape", |b| {
        b.iter(|| black_box(&swapped).tf_reshape([16, -1]))
    });
    group.bench_function("ndarray_to_shape", |b| {
        b.iter(|| {
            black_box(&swapped)
                .to_shape((16, 224 * 224 * 3))
                .unwrap()
                .into_owned()
        })
    });
    group.bench_function("ndarray_as_standard_layout_into_shape", |b| {
        b.iter(|| {
            black_box(&swapped)
                .as_standard_layout()
                .into_owned()
                .into_shape_with_order((16, 224 * 224 * 3))
                .unwrap()
        })
    });
    group.finish();

    // The same view as an `ArrayD` (what a port that keeps `IxDyn` has): ndarray's element
    // iterator steps a dynamic index per element; the crate's copy engine does not care.
    let swapped_dyn = swapped.into_dyn();
    assert_eq!(swapped_dyn.tf_reshape([16, -1]).unwrap(), ours);
    let mut group = c.benchmark_group("reshape_transposed_dyn_16x224x224x3");
    group.bench_function("tf_reshape", |b| {
        b.iter(|| black_box(&swapped_dyn).tf_reshape([16, -1]))
    });
    group.bench_function("ndarray_to_shape", |b| {
        b.iter(|| {
            black_box(&swapped_dyn)
                .to_shape(vec![16, 224 * 224 * 3])
                .unwrap()
                .into_owned()
        })
    });
    group.finish();

    let table = ramp2((2048, 768));
    let twice: Vec<usize> = (0..2048).flat_map(|i| [i, i]).collect();
    assert_eq!(
        table.tf_repeat(&[2], Some(0)).unwrap(),
        table.select(Axis(0), &twice).into_dyn()
    );
    let mut group = c.benchmark_group("repeat_rows_2048x768");
    group.bench_function("tf_repeat", |b| {
        b.iter(|| black_box(&table).tf_repeat(&[2], Some(0)))
    });
    group.bench_function("ndarray_select", |b| {
        b.iter(|| black_box(&table).select(Axis(0), &twice))
    });
    group.finish();

    let twice_cols: Vec<usize> = (0..768).flat_map(|j| [j, j]).collect();
    assert_eq!(
        table.tf_repeat(&[2], Some(-1)).unwrap(),
        table.select(Axis(1), &twice_cols).into_dyn()
    );
    let mut group = c.benchmark_group("repeat_elements_2048x768");
    group.bench_function("tf_repeat", |b| {
        b.iter(|| black_box(&table).tf_repeat(&[2], Some(-1)))
    });
    group.bench_function("ndarray_select", |b| {
        b.iter(|| black_box(&table).select(Axis(1), &twice_cols))
    });
    group.finish();

    let maps = ramp4((16, 56, 56, 96));
    let rolled = maps.tf_roll(&[-3, -3], &[1, 2]).unwrap();
    assert_eq!(rolled, ndarray_roll(&maps));
    // Spot-check against the definition too: out[n, i, j, c] = x[n, (i + 3) % 56, (j + 3) % 56, c].
    Zip::indexed(&rolled).for_each(|(n, i, j, c), &v| {
        if (n + i + j + c) % 997 == 0 {
            assert_eq!(v, maps[[n, (i + 3) % 56, (j + 3) % 56, c]]);
        }
    });
    let mut group = c.benchmark_group("roll_16x56x56x96");
    group.bench_function("tf_roll", |b| {
        b.iter(|| black_box(&maps).tf_roll(&[-3, -3], &[1, 2]))
    });
    group.bench_function("ndarray_concatenate_assign", |b| {
        b.iter(|| ndarray_roll(black_box(&maps)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
