//! `tf_strided_slice` and a prepared `Plan` against ndarray's own runtime-spec slicing of the same
//! selection.
//!
//! `cargo bench --bench strided_slice`. The targets (DESIGN.md) are ratios measured in one run:
//! `tf_strided_slice` <= 1.2x `ArrayD::slice(&[SliceInfoElem])`, a prepared plan <= 1.0x.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;

mod common;

use common::cases;

fn bench(c: &mut Criterion) {
    for case in cases() {
        let x = ArrayD::<f32>::zeros(IxDyn(&case.shape));
        // Same selection, or the comparison means nothing.
        let ours = x
            .tf_strided_slice(&case.begin, &case.end, &case.strides, case.masks)
            .unwrap();
        let theirs = x.slice(case.elems.as_slice());
        assert_eq!(ours.shape(), theirs.shape());
        assert_eq!(ours.strides(), theirs.strides());
        assert_eq!(ours.as_ptr(), theirs.as_ptr());

        let mut group = c.benchmark_group(case.name);
        group.bench_function("tf_strided_slice", |bench| {
            bench.iter(|| {
                black_box(&x)
                    .tf_strided_slice(
                        black_box(&case.begin),
                        black_box(&case.end),
                        black_box(&case.strides),
                        black_box(case.masks),
                    )
                    .map(|v| v.as_ptr())
            })
        });
        let plan = StridedSlice::from_raw(&case.begin, &case.end, &case.strides, case.masks)
            .and_then(|spec| spec.resolve(&case.shape))
            .unwrap();
        assert_eq!(plan.apply(&x).unwrap(), ours);
        group.bench_function("prepared_plan", |bench| {
            bench.iter(|| black_box(&plan).apply(black_box(&x)).map(|v| v.as_ptr()))
        });
        group.bench_function("ndarray_slice", |bench| {
            bench.iter(|| {
                black_box(&x)
                    .slice(black_box(case.elems.as_slice()))
                    .as_ptr()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
