//! `tf_strided_slice` and a prepared `Plan` beside ndarray's own runtime-spec slicing of the same
//! selection (`ArrayD::slice(&[SliceInfoElem])`), and at rank 3 beside a static `s![..]` on an
//! `Array3`: the 12 selections of `benches/cases.json` (ranks 1, 3, 6, 8; plain ranges, negative
//! strides, ellipsis + new axis + shrink), each on a 4 MiB `f32` array.
//!
//! `cargo bench --bench strided_slice`; `benches/compare.sh` puts these beside NumPy and TF.
//! Group `typed_*`: `x.tf_index(tf_s![..])` on an `Array3` / `Array4` beside a static `s![..]`
//! (`benches/common/typed.rs`).
//!
//! Targets (DESIGN.md): `tf_strided_slice` <= 1.2x ndarray, a prepared plan <= 1.0x, `tf_s!`
//! <= 1.2x `s!`.

#[path = "common/steady.rs"]
mod steady;

mod common;
#[path = "common/typed.rs"]
mod typed;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array3, ArrayD, IxDyn, NewAxis, s};
use ndarray_tfslice::prelude::*;

/// The rank-3 selections written with ndarray's static `s![]` (checked equal below).
fn static_slice<'a>(name: &str, x: &'a Array3<f32>) -> Option<ndarray::ArrayViewD<'a, f32>> {
    Some(match name {
        "rank3_plain" => x.slice(s![1..63, 2..100, 3..]).into_dyn(),
        "rank3_negative" => x.slice(s![..;-1, 11..101;-3, ..;-2]).into_dyn(),
        "rank3_mixed" => x.slice(s![1, .., NewAxis, ..;-2]).into_dyn(),
        _ => return None,
    })
}

/// The strides of `v`'s axes of two or more elements (0 elsewhere): what decides which elements
/// a view reaches. A length-1 axis reaches one element whatever its stride, and the paths differ
/// there (ndarray gives a new axis stride 0; `tf_strided_slice` can keep a shrunk axis's).
fn layout(v: &ndarray::ArrayViewD<'_, f32>) -> Vec<isize> {
    v.shape()
        .iter()
        .zip(v.strides())
        .map(|(&d, &s)| if d > 1 { s } else { 0 })
        .collect()
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    for case in common::cases() {
        let x = ArrayD::<f32>::zeros(IxDyn(&case.shape));
        let spec = &case.spec;
        let plan = spec.resolve(&case.shape).unwrap();
        // Same selection everywhere, or the comparison means nothing.
        let ours = x
            .tf_strided_slice(spec.begin(), spec.end(), spec.strides(), spec.masks())
            .unwrap();
        let theirs = x.slice(case.elems.as_slice());
        assert_eq!(
            (ours.shape(), layout(&ours), ours.as_ptr()),
            (theirs.shape(), layout(&theirs), theirs.as_ptr())
        );
        let planned = plan.apply(&x).unwrap();
        assert_eq!(
            (planned.shape(), layout(&planned), planned.as_ptr()),
            (ours.shape(), layout(&ours), ours.as_ptr())
        );

        let mut group = c.benchmark_group(&case.name);
        group.bench_function("tf_strided_slice", |b| {
            b.iter(|| {
                black_box(&x)
                    .tf_strided_slice(
                        black_box(spec.begin()),
                        black_box(spec.end()),
                        black_box(spec.strides()),
                        black_box(spec.masks()),
                    )
                    .map(|v| v.as_ptr())
            })
        });
        group.bench_function("prepared_plan", |b| {
            b.iter(|| black_box(&plan).apply(black_box(&x)).map(|v| v.as_ptr()))
        });
        group.bench_function("ndarray_slice", |b| {
            b.iter(|| {
                black_box(&x)
                    .slice(black_box(case.elems.as_slice()))
                    .as_ptr()
            })
        });
        if case.shape.len() == 3 {
            let x3: Array3<f32> = x.clone().into_dimensionality().unwrap();
            let fixed = static_slice(&case.name, &x3).expect("every rank-3 case has a static s![]");
            assert_eq!(
                (fixed.shape(), layout(&fixed)),
                (ours.shape(), layout(&ours)),
                "{}",
                case.expr
            );
            group.bench_function("static_s", |b| {
                b.iter(|| static_slice(black_box(&case.name), black_box(&x3)).map(|v| v.as_ptr()))
            });
        }
        group.finish();
    }
}

/// `x.tf_index(tf_s![..])` on an `Array3` / `Array4` beside ndarray's static `s![..]`.
fn bench_typed(c: &mut Criterion) {
    let inputs = typed::Inputs::new();
    for &name in typed::NAMES {
        let (tf, nd) = (
            typed::tf(name).unwrap(),
            typed::ndarray_static(name).unwrap(),
        );
        assert!(
            tf(&inputs).is_some() && tf(&inputs) == nd(&inputs),
            "{name}"
        );
        let mut group = c.benchmark_group(format!("typed_{name}"));
        group.bench_function("tf_index_tf_s", |b| b.iter(|| tf(black_box(&inputs))));
        group.bench_function("static_s", |b| b.iter(|| nd(black_box(&inputs))));
        group.finish();
    }
}

criterion_group!(benches, bench, bench_typed);
criterion_main!(benches);
