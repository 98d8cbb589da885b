//! What the oracle tests share: inputs that are themselves views with unusual strides (the view
//! ops `split.rs`, `transpose.rs`, `reverse.rs`), `arange` inputs, row-major index enumeration
//! and flattening, and TF's reading of an axis. Nothing here uses the crate, so an oracle built on
//! it still shares no code with `src/`.
//!
//! The view-op oracles say, for each output element, which input element it is (a multi-index).
//! The tests then check the output element *is* that input element (same address): values and
//! zero-copy at once.
#![allow(dead_code)]

use ndarray::{Array, ArrayD, ArrayViewD, Axis, IxDyn, Slice};
use proptest::prelude::*;

/// How the input array is laid out in memory: the ops must not care.
#[derive(Clone, Copy, Debug)]
pub enum Layout {
    /// A plain row-major owned array.
    Plain,
    /// Every other element of a wider array along the last axis.
    Strided,
    /// Axis 0 walked backwards (negative stride).
    Reversed,
    /// The transpose of a row-major array (column-major).
    Transposed,
    /// All but the first row of a taller array (the data starts at an offset).
    Offset,
}

/// A shape of rank 0..=`max_rank` with dims 0..=4, and a layout.
pub fn input(max_rank: usize) -> impl Strategy<Value = (Vec<usize>, Layout)> {
    let layout = prop_oneof![
        Just(Layout::Plain),
        Just(Layout::Strided),
        Just(Layout::Reversed),
        Just(Layout::Transposed),
        Just(Layout::Offset),
    ];
    (prop::collection::vec(0usize..=4, 0..=max_rank), layout)
}

/// The array the input view looks into: build it, keep it alive, then call [`view`].
pub fn base(shape: &[usize], layout: Layout) -> ArrayD<i64> {
    let mut base_shape = shape.to_vec();
    match (layout, base_shape.last_mut()) {
        (Layout::Strided, Some(last)) => *last *= 2,
        (Layout::Transposed, _) => base_shape.reverse(),
        (Layout::Offset, _) => {
            if let Some(first) = base_shape.first_mut() {
                *first += 1;
            }
        }
        _ => {}
    }
    arange(&base_shape)
}

/// The input view of `shape` into `base`.
pub fn view<'a>(base: &'a ArrayD<i64>, shape: &[usize], layout: Layout) -> ArrayViewD<'a, i64> {
    let mut v = base.view();
    let last = shape.len().checked_sub(1).map(Axis);
    match (layout, last) {
        (Layout::Strided, Some(last)) => v.slice_axis_inplace(last, Slice::new(0, None, 2)),
        (Layout::Reversed, Some(_)) => v.invert_axis(Axis(0)),
        (Layout::Transposed, _) => v = v.reversed_axes(),
        (Layout::Offset, Some(_)) => v.slice_axis_inplace(Axis(0), Slice::from(1..)),
        _ => {}
    }
    assert_eq!(v.shape(), shape);
    v
}

/// Every multi-index of `shape`, row-major (the last index fastest).
pub fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let n: usize = shape.iter().product();
    (0..n)
        .map(|mut flat| {
            let mut idx = vec![0; shape.len()];
            for (i, &d) in shape.iter().enumerate().rev() {
                idx[i] = flat % d;
                flat /= d;
            }
            idx
        })
        .collect()
}

/// The row-major (C-order) position of `index` in an array of `shape`.
pub fn flat(index: &[usize], shape: &[usize]) -> usize {
    index.iter().zip(shape).fold(0, |f, (&i, &d)| f * d + i)
}

/// `0, 1, 2, ...` in row-major order, in an array of `shape`: each value says where it was.
pub fn arange(shape: &[usize]) -> ArrayD<i64> {
    let n: usize = shape.iter().product();
    Array::from_shape_vec(IxDyn(shape), (0..n as i64).collect()).unwrap()
}

/// `axis` in `[-rank, rank)` as TF reads it, or `None`.
pub fn tf_axis(axis: isize, rank: usize) -> Option<usize> {
    let rank = rank as isize;
    let a = if axis < 0 { axis + rank } else { axis };
    (0 <= a && a < rank).then_some(a as usize)
}

/// Asserts `out[j]` is the very element `x[source(j)]` for every `j` (and the shapes agree).
pub fn assert_same_elements(
    out: &ArrayViewD<'_, i64>,
    out_shape: &[usize],
    x: &ArrayViewD<'_, i64>,
    source: impl Fn(&[usize]) -> Vec<usize>,
) {
    assert_eq!(out.shape(), out_shape);
    for j in indices(out_shape) {
        let i = source(&j);
        assert!(
            std::ptr::eq(&out[j.as_slice()], &x[i.as_slice()]),
            "output {j:?} is not input {i:?}"
        );
    }
    // to_owned must work on every view handed out (ndarray debug-asserts its layout).
    assert_eq!(out.to_owned().shape(), out_shape);
}
