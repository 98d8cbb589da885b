//! The gathering family: `tf_gather` (axis, batch_dims), `tf_gather_nd` (batch_dims),
//! `tf_boolean_mask` (axis), `tf_dynamic_partition`, `tf_dynamic_stitch` and `tf_one_hot`.
//!
//! The first byte picks the op, the rest decodes its arguments: params of rank 0..=4 holding
//! `Input::arange` values, index arrays of four integer types (`i32`, `i64`, `u8`, `u64`) with
//! values mostly in range, sometimes just outside, negative or at the integer limits. Each call
//! is checked against a naive oracle written from TensorFlow's definition (one file per op:
//! for each output element, which params element it holds), then made again on copies of its
//! arrays in another memory layout, which must give the same answer, `Err` included.

mod check;
mod index;
mod mask;
mod nd;
mod one_hot;
mod partition;
mod scatter;
mod stitch;
mod take;
mod unique;

use super::input::Input;

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    match input.u8() % 6 {
        0 => take::run(&mut input),
        1 => nd::run(&mut input),
        2 => mask::run(&mut input),
        3 => partition::run(&mut input),
        4 => stitch::run(&mut input),
        _ => one_hot::run(&mut input),
    }
}

/// The `scatter` target: `tf_scatter_nd`, the tensor and in-place scatters (`scatter.rs`), and
/// `tf_unique_with_counts` / `tf_setdiff1d` (`unique.rs`). A target of its own, so the gather
/// corpus keeps its meaning (its first byte picks among the six ops above).
pub fn run_scatter(data: &[u8]) {
    let mut input = Input::new(data);
    match input.u8() % 4 {
        0 => unique::run(&mut input),
        _ => scatter::run(&mut input),
    }
}
