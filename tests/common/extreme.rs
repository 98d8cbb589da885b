//! Inputs at the limits that cost no memory, for the overflow audits (`tests/*/overflow.rs`).

use ndarray::{Array1, ArrayView, ArrayViewD, IxDyn};

pub const ISIZE_MAX: usize = isize::MAX as usize;

/// A zero-size view of `shape` (some dim is 0): any dims whose non-zero product fits in `isize`,
/// over no memory.
pub fn empty<A>(shape: &[usize]) -> ArrayViewD<'static, A> {
    ArrayView::from_shape(IxDyn(shape), &[]).expect("a zero-size shape ndarray accepts")
}

/// `one[0]` repeated to `shape` by broadcasting (stride 0): no memory beyond `one`.
pub fn repeated<'a, A>(one: &'a Array1<A>, shape: &[usize]) -> ArrayViewD<'a, A> {
    one.broadcast(IxDyn(shape))
        .expect("a shape ndarray can broadcast to")
}
