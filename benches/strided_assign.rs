//! Slice assignment, an owned copy of the slice (ours and `.to_owned()` of the view), and `tf_strided_slice_grad` on a 4 MiB `f32` array with
//! a strided, reversed selection, beside the ndarray-native way to write the same thing.
//!
//! `cargo bench --bench strided_assign`; NumPy's equivalents: `python3 benches/strided_peers.py`.
//! Targets: assign at least as fast as `slice_mut(..).assign(..)`; grad at least as fast as
//! `ArrayD::zeros` plus that assign.

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{ArrayD, IxDyn, SliceInfoElem};
use ndarray_tfslice::prelude::*;

/// 256 x 64 x 64 f32 = 4 MiB.
const SHAPE: [usize; 3] = [256, 64, 64];

/// `x[::-1, 1:63:2, ::-2]`, as TF masks and as the same ndarray elements.
fn spec() -> (Vec<i64>, Vec<i64>, Vec<i64>, Masks, Vec<SliceInfoElem>) {
    let masks = Masks {
        begin: 0b101,
        end: 0b101,
        ..Masks::NONE
    };
    let elems = vec![
        SliceInfoElem::Slice {
            start: 0,
            end: None,
            step: -1,
        },
        SliceInfoElem::Slice {
            start: 1,
            end: Some(63),
            step: 2,
        },
        SliceInfoElem::Slice {
            start: 0,
            end: None,
            step: -2,
        },
    ];
    (vec![0, 1, 0], vec![0, 63, 0], vec![-1, 2, -2], masks, elems)
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();
    let (b, e, s, m, elems) = spec();
    let mut x = ArrayD::<f32>::zeros(IxDyn(&SHAPE));
    let final_shape = x.tf_strided_slice(&b, &e, &s, m).unwrap().shape().to_vec();
    assert_eq!(final_shape, [256, 31, 32]);
    let value = ArrayD::from_shape_fn(IxDyn(&final_shape), |i| (i[0] + i[1] + i[2]) as f32);
    let row = ndarray::Array1::from_shape_fn(32, |i| i as f32);

    // Same results, or the comparison means nothing.
    let mut y = x.clone();
    x.tf_strided_slice_assign(&b, &e, &s, m, &value).unwrap();
    y.slice_mut(elems.as_slice()).assign(&value);
    assert_eq!(x, y);
    let dx = tf_strided_slice_grad(&SHAPE, &b, &e, &s, m, &value).unwrap();
    assert_eq!(dx, y);

    let mut group = c.benchmark_group("assign_4MiB");
    group.bench_function("tf_strided_slice_assign", |bench| {
        bench.iter(|| x.tf_strided_slice_assign(&b, &e, &s, m, black_box(&value)))
    });
    group.bench_function("ndarray_slice_mut_assign", |bench| {
        bench.iter(|| y.slice_mut(elems.as_slice()).assign(black_box(&value)))
    });
    group.bench_function("tf_strided_slice_assign_broadcast_row", |bench| {
        bench.iter(|| x.tf_strided_slice_assign(&b, &e, &s, m, black_box(&row)))
    });
    group.bench_function("ndarray_slice_mut_assign_broadcast_row", |bench| {
        bench.iter(|| y.slice_mut(elems.as_slice()).assign(black_box(&row)))
    });
    group.finish();

    let mut group = c.benchmark_group("to_owned_4MiB");
    let ours = x.tf_strided_slice(&b, &e, &s, m).unwrap();
    assert_eq!(ours.to_owned(), x.slice(elems.as_slice()).to_owned());
    assert_eq!(
        x.tf_strided_slice_to_owned(&b, &e, &s, m).unwrap(),
        ours.to_owned()
    );
    group.bench_function("tf_strided_slice_to_owned", |bench| {
        bench.iter(|| black_box(&x).tf_strided_slice_to_owned(&b, &e, &s, m))
    });
    group.bench_function("tf_view_to_owned", |bench| {
        bench.iter(|| {
            x.tf_strided_slice(&b, &e, &s, m)
                .map(|v| black_box(v).to_owned())
        })
    });
    group.bench_function("ndarray_view_to_owned", |bench| {
        bench.iter(|| black_box(&x).slice(elems.as_slice()).to_owned())
    });
    group.finish();

    let mut group = c.benchmark_group("grad_4MiB");
    group.bench_function("tf_strided_slice_grad", |bench| {
        bench.iter(|| tf_strided_slice_grad(&SHAPE, &b, &e, &s, m, black_box(&value)))
    });
    group.bench_function("ndarray_zeros_then_assign", |bench| {
        bench.iter(|| {
            let mut z = ArrayD::<f32>::zeros(IxDyn(&SHAPE));
            z.slice_mut(elems.as_slice()).assign(black_box(&value));
            z
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
