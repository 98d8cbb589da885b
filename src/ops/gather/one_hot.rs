//! `tf.one_hot`: indices as one-hot vectors along a new axis.

use ndarray::{Array, ArrayRef, Dimension};
use num_traits::PrimInt;

use crate::error::Error;
use crate::ops::typed::dim_of;
use crate::util::alloc::try_vec;
use crate::util::owned::from_c_order;

/// `tf.one_hot(indices, depth, on_value, off_value, axis)`: a new axis of length `depth` at
/// `axis`, holding `on_value` at each index and `off_value` everywhere else.
///
/// With `indices` of shape `s` and `axis = a` (`-1` meaning `s.len()`, the new last axis), the
/// result has shape `s[..a] + [depth] + s[a..]` and
/// `result[i.., d, j..] = if indices[i.., j..] == d { on_value } else { off_value }`.
/// An index outside `[0, depth)`, negative ones included, gives a row of `off_value` only, as in
/// TensorFlow; so does an index too wide for `i64`.
///
/// The result's dimension type is `E::Larger`: one axis more than `indices` (`Ix2` for `Ix1`
/// indices), so no `into_dimensionality` is needed.
///
/// `indices` may be any primitive integer array (TensorFlow takes `uint8`, `int8`, `int32` and
/// `int64`); `on_value` and `off_value` any `Clone` type (TensorFlow's defaults are `1` and `0`).
///
/// # Errors
/// - [`Error::OneHotAxis`]: `axis` is neither `-1` nor in `[0, indices.ndim() + 1)` (no other
///   negative axis, as in TensorFlow).
/// - [`Error::TooLarge`]: the result cannot be allocated.
///
/// # Example
/// TensorFlow's own examples (seed 004):
/// ```
/// use ndarray::{array, Array2};
/// use ndarray_tfslice::prelude::*;
///
/// let indices = array![0, 2, -1, 1];
/// let output = tf_one_hot(&indices, 3, 5.0, 0.0, -1)?;
/// assert_eq!(
///     output,
///     array![
///         [5.0, 0.0, 0.0], // one_hot(0)
///         [0.0, 0.0, 5.0], // one_hot(2)
///         [0.0, 0.0, 0.0], // one_hot(-1)
///         [0.0, 5.0, 0.0], // one_hot(1)
///     ]
/// );
///
/// let indices = array![[0, 2], [1, -1]];
/// let output = tf_one_hot(&indices, 3, 1.0, 0.0, -1)?;
/// assert_eq!(
///     output,
///     array![
///         [
///             [1.0, 0.0, 0.0], // one_hot(0)
///             [0.0, 0.0, 1.0], // one_hot(2)
///         ],
///         [
///             [0.0, 1.0, 0.0], // one_hot(1)
///             [0.0, 0.0, 0.0], // one_hot(-1)
///         ],
///     ]
/// );
///
/// // Using TensorFlow's default values (1 and 0) for on_value and off_value:
/// let output = tf_one_hot(&array![0, 1, 2], 3, 1.0f32, 0.0, -1)?;
/// assert_eq!(output, Array2::<f32>::eye(3));
///
/// // The seed's shape rules: features x depth for axis = -1, depth x features for axis = 0;
/// // batch x depth x features for axis = 1 on a [batch, features] matrix.
/// let features = array![0u8, 1, 1, 0, 2];
/// assert_eq!(tf_one_hot(&features, 3, 1, 0, -1)?.shape(), &[5, 3]);
/// assert_eq!(tf_one_hot(&features, 3, 1, 0, 0)?.shape(), &[3, 5]);
/// let batch = Array2::<i64>::zeros((2, 5));
/// assert_eq!(tf_one_hot(&batch, 3, 1, 0, 1)?.shape(), &[2, 3, 5]);
/// assert_eq!(tf_one_hot(&batch, 3, 1, 0, 0)?.shape(), &[3, 2, 5]);
///
/// // Only -1 counts from the end.
/// assert!(matches!(tf_one_hot(&batch, 3, 1, 0, -2), Err(Error::OneHotAxis { axis: -2, max: 3 })));
/// # Ok::<(), Error>(())
/// ```
pub fn tf_one_hot<I: PrimInt, E: Dimension, A: Clone>(
    indices: &ArrayRef<I, E>,
    depth: usize,
    on_value: A,
    off_value: A,
    axis: isize,
) -> Result<Array<A, E::Larger>, Error> {
    let rank = indices.ndim();
    let axis = match axis {
        -1 => rank,
        a => usize::try_from(a)
            .ok()
            .filter(|&a| a <= rank)
            .ok_or(Error::OneHotAxis {
                axis,
                max: rank + 1,
            })?,
    };
    let shape = indices.shape();
    let out_shape: Vec<usize> = shape[..axis]
        .iter()
        .chain(std::iter::once(&depth))
        .chain(&shape[axis..])
        .copied()
        .collect();
    let mut out = try_vec::<A>(&out_shape)?;
    // try_vec checked the size, so the product cannot overflow.
    out.resize(out_shape.iter().product(), off_value);
    // The output seen as (outer, depth, inner) in C order, indices as (outer, inner).
    let inner: usize = shape[axis..].iter().product();
    if inner > 0 && depth > 0 {
        for (flat, &index) in indices.iter().enumerate() {
            let Some(d) = index.to_usize().filter(|&d| d < depth) else {
                continue;
            };
            let (o, i) = (flat / inner, flat % inner);
            // In range: (o * depth + d) * inner + i < outer * depth * inner = out.len().
            if let Some(slot) = out.get_mut((o * depth + d) * inner + i) {
                *slot = on_value.clone();
            }
        }
    }
    from_c_order(dim_of::<E::Larger>(&out_shape)?, out)
}
