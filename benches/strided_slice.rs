//! `tf_strided_slice` against ndarray's own runtime-spec slicing of the same selection.
//!
//! `cargo bench --bench strided_slice`. The target (DESIGN.md) is a ratio measured in one run:
//! `tf_strided_slice` <= 1.2x `ArrayD::slice(&[SliceInfoElem])`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{ArrayD, IxDyn, SliceInfoElem};
use ndarray_tfslice::prelude::*;

struct Case {
    name: &'static str,
    shape: Vec<usize>,
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    masks: Masks,
    /// The same selection, written as ndarray elements by hand.
    elems: Vec<SliceInfoElem>,
}

fn slice(start: isize, end: isize, step: isize) -> SliceInfoElem {
    SliceInfoElem::Slice {
        start,
        end: Some(end),
        step,
    }
}

fn cases() -> Vec<Case> {
    vec![
        // x[1:31, 2:30:2, ::-1] on 32x32x32
        Case {
            name: "rank3",
            shape: vec![32, 32, 32],
            begin: vec![1, 2, 0],
            end: vec![31, 30, 0],
            strides: vec![1, 2, -1],
            masks: Masks {
                begin: 0b100,
                end: 0b100,
                ..Masks::NONE
            },
            elems: vec![slice(1, 31, 1), slice(2, 30, 2), slice(0, 32, -1)],
        },
        // x[1:7, ::-2, 3, :, 1:-1, 2::3] on 8x8x8x8x8x8
        Case {
            name: "rank6",
            shape: vec![8; 6],
            begin: vec![1, 0, 3, 0, 1, 2],
            end: vec![7, 0, 4, 0, -1, 0],
            strides: vec![1, -2, 1, 1, 1, 3],
            masks: Masks {
                begin: 0b001010,
                end: 0b101010,
                shrink_axis: 0b000100,
                ..Masks::NONE
            },
            elems: vec![
                slice(1, 7, 1),
                slice(0, 8, -2),
                SliceInfoElem::Index(3),
                slice(0, 8, 1),
                slice(1, 7, 1),
                slice(2, 8, 3),
            ],
        },
    ]
}

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
