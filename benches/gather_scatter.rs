//! `tf_scatter_nd_add` (in place) of 2048 rows into a BERT embedding table (30522 x 768 `f32`,
//! 94 MB), the gradient step of an embedding lookup, beside the ndarray-native way to write it.
//!
//! `cargo bench --bench gather_scatter -- --warm-up-time 1 --measurement-time 3`; NumPy's
//! equivalent on the same shapes and rows (`np.add.at(x, rows, updates)`):
//! `python3 benches/gather_scatter_peers.py`.
//!
//! - tf_scatter_nd_add: `x.tf_scatter_nd_add(&rows_nd, &updates)`, indices of shape (2048, 1);
//! - ndarray_row_add: `x.row_mut(r) += &updates.row(k)` for each row, in order;
//! - tf_tensor_scatter_nd_add (not in the table): the same into a new array, which first copies
//!   the 94 MB table, as TensorFlow's tensor op does.

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array2, Axis};
use ndarray_tfslice::prelude::*;

const VOCAB: usize = 30522;
const HIDDEN: usize = 768;
const ROWS: usize = 2048;

/// xorshift64*: reproducible indices without a dependency (the same as benches/gather.rs).
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
    let mut x = Array2::<f32>::zeros((VOCAB, HIDDEN));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let rows: Vec<usize> = (0..ROWS).map(|_| rng.below(VOCAB)).collect();
    let rows_nd = Array2::from_shape_fn((ROWS, 1), |(k, _)| rows[k] as i64);
    let updates = Array2::from_shape_fn((ROWS, HIDDEN), |(k, j)| ((k * 7 + j) % 13) as f32);

    // Same results, or the comparison means nothing.
    let mut native = x.clone();
    for (k, &r) in rows.iter().enumerate() {
        let mut row = native.row_mut(r);
        row += &updates.index_axis(Axis(0), k);
    }
    x.tf_scatter_nd_add(&rows_nd, &updates).unwrap();
    assert_eq!(x, native);
    drop(native);

    let mut group = c.benchmark_group("scatter_nd_add_rows_30522x768");
    group.bench_function("tf_scatter_nd_add", |b| {
        b.iter(|| black_box(&mut x).tf_scatter_nd_add(black_box(&rows_nd), black_box(&updates)))
    });
    group.bench_function("ndarray_row_add", |b| {
        b.iter(|| {
            let x = black_box(&mut x);
            for (k, &r) in black_box(&rows).iter().enumerate() {
                let mut row = x.row_mut(r);
                row += &updates.index_axis(Axis(0), k);
            }
        })
    });
    group.sample_size(10);
    group.bench_function("tf_tensor_scatter_nd_add", |b| {
        b.iter(|| black_box(&x).tf_tensor_scatter_nd_add(black_box(&rows_nd), black_box(&updates)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
