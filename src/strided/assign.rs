//! Slice assignment with TensorFlow's one-way broadcasting (`TensorStridedSliceUpdate`,
//! `ResourceStridedSliceAssign`, `StridedSliceAssignBCast`).

use ndarray::{ArrayView, ArrayViewMut, Axis, IxDyn};

use crate::error::Error;

/// Writes `value` into `target` (a validated slice view), broadcast one way into its shape.
///
/// TensorFlow's rules: an empty target is a no-op whatever the value's shape; otherwise shapes align
/// from the right, each value dim equals the target's or is 1, and value dims beyond the target's
/// rank must be leading 1s. The target never grows. Every check runs before the first write, so on
/// `Err` nothing has changed. The error's spec text and input shape are left for the caller to
/// fill in (only on failure, once the target no longer borrows the input).
pub(crate) fn assign_broadcast<A: Clone>(
    mut target: ArrayViewMut<'_, A, IxDyn>,
    value: ArrayView<'_, A, IxDyn>,
) -> Result<(), Error> {
    if target.is_empty() {
        return Ok(());
    }
    let extra = value.ndim().saturating_sub(target.ndim());
    let leading_ones = value.shape()[..extra].iter().all(|&d| d == 1);
    let mut stripped = value.clone();
    if leading_ones {
        for _ in 0..extra {
            stripped = stripped.index_axis_move(Axis(0), 0);
        }
        // With the extra leading 1s gone, ndarray's broadcasting (NumPy's) into a fixed target is
        // exactly TensorFlow's one-way rule.
        if let Some(v) = stripped.broadcast(target.raw_dim()) {
            target.assign(&v);
            return Ok(());
        }
    }
    Err(Error::AssignBroadcast {
        value_shape: value.shape().to_vec(),
        final_shape: target.shape().to_vec(),
        spec: String::new(),
        input_shape: Vec::new(),
    })
}

/// Fills in the context [`assign_broadcast`] leaves out.
pub(crate) fn with_context(error: Error, spec: impl FnOnce() -> String, shape: &[usize]) -> Error {
    match error {
        Error::AssignBroadcast {
            value_shape,
            final_shape,
            ..
        } => Error::AssignBroadcast {
            value_shape,
            final_shape,
            spec: spec(),
            input_shape: shape.to_vec(),
        },
        other => other,
    }
}
