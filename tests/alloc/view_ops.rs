//! The view ops (split, unstack, transpose, reverse) allocate nothing proportional to the data:
//! transpose and reverse allocate no more than ndarray's own `permuted_axes` / `invert_axis`;
//! split and unstack allocate one `Vec` of views (plus what each view's dims cost in ndarray).
//!
//! A counting global allocator (`common/alloc.rs`), in a test binary of its own, counts what the
//! current thread allocates while a call runs.

use ndarray::{Array3, ArrayD, ArrayView3, Axis, IxDyn};
use ndarray_tfslice::prelude::*;

use crate::counting;
use counting::measure;

#[test]
fn transpose_and_reverse_allocate_nothing_at_low_rank() {
    // 64 MiB of f32.
    let x = Array3::<f32>::zeros((256, 256, 256));
    let (bytes, calls, _) = measure(|| x.tf_transpose(&[2, 0, 1]).map(|v| v.len()));
    assert_eq!((bytes, calls), (0, 0));
    let (bytes, calls, _) = measure(|| x.tf_transpose(&[2, 1, 0]).map(|v| v.len()));
    assert_eq!((bytes, calls), (0, 0));
    let (bytes, calls, _) = measure(|| x.tf_reverse(&[0, -1]).map(|v| v.len()));
    assert_eq!((bytes, calls), (0, 0));
    // IxDyn keeps up to 4 axes inline.
    let d = x.view().into_dyn();
    let (bytes, calls, _) = measure(|| d.tf_transpose(&[1, 2, 0]).map(|v| v.len()));
    assert_eq!((bytes, calls), (0, 0));
    let (bytes, calls, _) = measure(|| d.tf_reverse(&[1]).map(|v| v.len()));
    assert_eq!((bytes, calls), (0, 0));
    // Errors too.
    let (bytes, _, r) = measure(|| x.tf_transpose(&[0, 0, 1]).is_err());
    assert!(r && bytes < 256, "{bytes}");
}

#[test]
fn high_rank_costs_what_ndarray_costs() {
    let shape = [4, 4, 4, 4, 4, 4, 4, 4];
    let x = ArrayD::<f32>::zeros(IxDyn(&shape));
    let perm = [7, 6, 5, 4, 3, 2, 1, 0];
    let (ours, ours_calls, _) = measure(|| x.tf_transpose(&perm).map(|v| v.len()));
    let (theirs, theirs_calls, _) = measure(|| x.view().permuted_axes(IxDyn(&perm)).len());
    // Our check builds `perm` as IxDyn beside ndarray's own (which is where it allocates).
    assert!(
        ours <= 2 * theirs && ours_calls <= 2 * theirs_calls,
        "{ours} vs {theirs}"
    );
    let (ours, _, _) = measure(|| x.tf_reverse(&[0, 3, -1]).map(|v| v.len()));
    let (theirs, _, _) = measure(|| {
        let mut v = x.view();
        v.invert_axis(Axis(0));
        v.len()
    });
    assert_eq!(ours, theirs);
}

#[test]
fn split_and_unstack_allocate_one_vec() {
    let x = Array3::<f32>::zeros((256, 256, 256));
    let view_size = std::mem::size_of::<ArrayView3<'_, f32>>();
    let (bytes, calls, parts) = measure(|| x.tf_split(Split::Num(8), 1).map(|p| p.len()));
    assert_eq!(parts, Ok(8));
    assert_eq!((bytes, calls), (8 * view_size, 1));
    let (bytes, calls, parts) =
        measure(|| x.tf_split(Split::Sizes(&[1, -1, 2]), -1).map(|p| p.len()));
    assert_eq!(parts, Ok(3));
    assert_eq!((bytes, calls), (3 * view_size, 1));
    let view2 = std::mem::size_of::<ndarray::ArrayView2<'_, f32>>();
    let (bytes, calls, parts) = measure(|| x.tf_unstack(2).map(|p| p.len()));
    assert_eq!(parts, Ok(256));
    assert_eq!((bytes, calls), (256 * view2, 1));
}
