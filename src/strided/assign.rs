//! Slice assignment with TensorFlow's one-way broadcasting (`TensorStridedSliceUpdate`,
//! `ResourceStridedSliceAssign`, `StridedSliceAssignBCast`).

use ndarray::{ArrayRef, ArrayView, ArrayViewMut, Axis, Dimension, IxDyn};

use crate::error::Error;
use crate::util::copy::assign::{Region, Write};
use crate::util::owned::owned_copy;

/// Writes `value` into the slice `target` picks out of `x`, broadcast one way into its shape.
///
/// TensorFlow's rules: an empty target is a no-op whatever the value's shape; otherwise shapes align
/// from the right, each value dim equals the target's or is 1, and value dims beyond the target's
/// rank must be leading 1s. The target never grows. Every check runs before the first write, so on
/// `Err` nothing has changed. The error's spec text and input shape are left for the caller to
/// fill in (only on failure, once the target no longer borrows the input).
///
/// Where `x`'s memory is one slice (any contiguous layout), the write is the copy engine's
/// ([`Write`]): the target and the value are placed in their memory and written run
/// by run. Otherwise ndarray's `assign`.
pub(crate) fn assign_into<A, D, F>(
    x: &mut ArrayRef<A, D>,
    target: F,
    value: ArrayView<'_, A, IxDyn>,
) -> Result<(), Error>
where
    A: Clone,
    D: Dimension,
    F: for<'a> FnOnce(&'a mut ArrayRef<A, D>) -> Result<ArrayViewMut<'a, A, IxDyn>, Error>,
{
    // Addresses only, taken before the target borrows `x`.
    let memory = x
        .as_slice_memory_order()
        .map(|m| (m.as_ptr() as usize, m.len()));
    let mut target = target(x)?;
    if target.is_empty() {
        return Ok(());
    }
    let shape = target.shape().to_vec();
    let Some(strides) = broadcast_strides(&shape, value.shape(), value.strides()) else {
        return Err(Error::AssignBroadcast {
            value_shape: value.shape().to_vec(),
            final_shape: shape,
            spec: String::new(),
            input_shape: Vec::new(),
        });
    };
    let to = memory.and_then(|(start, len)| {
        Region::of::<A>(
            start,
            len,
            target.as_ptr() as usize,
            &shape,
            target.strides(),
        )
    });
    // The value's own memory where it is one slice, else a C-order copy of it (the copy
    // engine's); either way placed with the broadcast strides (the copy's own, in C order).
    let copy;
    let (source, first, strides) = match value.as_slice_memory_order() {
        Some(memory) => (memory, value.as_ptr(), strides),
        None => {
            copy = owned_copy(value.view())?;
            let strides = broadcast_strides(&shape, copy.shape(), copy.strides())
                .ok_or_else(|| Error::Internal("a value's copy did not broadcast".into()))?;
            let memory = copy
                .as_slice()
                .ok_or_else(|| Error::Internal("a value's copy is not in C order".into()))?;
            (memory, copy.as_ptr(), strides)
        }
    };
    let from = Region::of::<A>(
        source.as_ptr() as usize,
        source.len(),
        first as usize,
        &shape,
        &strides,
    );
    let write = to
        .zip(from)
        .and_then(|(to, from)| Write::new(&shape, &to, &from));
    let Some(write) = write else {
        // ndarray's broadcasting (NumPy's) of the value without its extra leading 1s into a
        // fixed target is exactly TensorFlow's one-way rule, checked above.
        let mut stripped = value;
        while stripped.ndim() > shape.len() {
            stripped = stripped.index_axis_move(Axis(0), 0);
        }
        if let Some(v) = stripped.broadcast(target.raw_dim()) {
            target.assign(&v);
        }
        return Ok(());
    };
    let written = x
        .as_slice_memory_order_mut()
        .is_some_and(|dst| write.run(dst, source));
    if written {
        Ok(())
    } else {
        // Never: both regions were placed in these very slices.
        Err(Error::Internal("a slice assignment's regions".into()))
    }
}

/// The strides (in the value's memory) of `value` broadcast into `shape` by TensorFlow's
/// one-way rule, or `None` where it does not broadcast: value dims beyond the target's rank
/// must be leading 1s; then, aligned from the right, each value dim equals the target's (its
/// stride kept) or is 1 (stride 0), and target dims with no value dim get stride 0. This is
/// ndarray's (NumPy's) broadcasting into a fixed shape once the leading 1s are gone.
fn broadcast_strides(shape: &[usize], value: &[usize], strides: &[isize]) -> Option<Vec<isize>> {
    let extra = value.len().saturating_sub(shape.len());
    if !value[..extra].iter().all(|&d| d == 1) {
        return None;
    }
    let (value, strides) = (&value[extra..], &strides[extra..]);
    let missing = shape.len() - value.len();
    let mut out = vec![0; shape.len()];
    for (k, ((&d, &s), &n)) in value.iter().zip(strides).zip(&shape[missing..]).enumerate() {
        out[missing + k] = if d == n {
            s
        } else if d == 1 {
            0
        } else {
            return None;
        };
    }
    Some(out)
}

/// Fills in the context [`assign_into`] leaves out.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_strides_follow_tensorflows_one_way_rule() {
        // Same shape: the value's own strides, whatever they are.
        assert_eq!(
            broadcast_strides(&[2, 3], &[2, 3], &[1, -2]),
            Some(vec![1, -2])
        );
        // A row over the rows, a column over the columns, a scalar everywhere.
        assert_eq!(broadcast_strides(&[4, 3], &[3], &[5]), Some(vec![0, 5]));
        assert_eq!(
            broadcast_strides(&[4, 3], &[4, 1], &[7, 7]),
            Some(vec![7, 0])
        );
        assert_eq!(broadcast_strides(&[4, 3], &[], &[]), Some(vec![0, 0]));
        // Extra leading 1s are dropped; anything else beyond the target's rank is refused.
        assert_eq!(
            broadcast_strides(&[3], &[1, 1, 3], &[9, 9, 1]),
            Some(vec![1])
        );
        assert_eq!(broadcast_strides(&[3], &[2, 3], &[3, 1]), None);
        // The target never grows: a 3 does not go into a 1, a 2 not into a 3.
        assert_eq!(broadcast_strides(&[4, 1], &[4, 3], &[3, 1]), None);
        assert_eq!(broadcast_strides(&[4, 3], &[2], &[1]), None);
    }
}
