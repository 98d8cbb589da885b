//! `tf.sequence_mask`: a `bool` mask of the first `lengths[i]` positions.

use ndarray::{Array, ArrayRef, Axis, Dimension};
use num_traits::PrimInt;

use crate::error::Error;
use crate::util::alloc::try_vec;
use crate::util::owned::from_c_order;

/// `tf.sequence_mask(lengths, maxlen)`: `mask[i.., j] = j < lengths[i..]`, of shape
/// `lengths.shape + [maxlen]` (so dimension type `D::Larger`).
///
/// `maxlen: None` is TensorFlow's default, `max(0, max(lengths))` (0 for empty `lengths`). A
/// negative length gives a row of `false`. The lengths may be any primitive integer, compared
/// exactly. `maxlen: Some(0)` gives an empty last axis, as in TensorFlow. A negative `maxlen`
/// is an error in TensorFlow 2.21 (its `range` op: `Requires start <= limit when delta > 0:
/// 0/-1`, eager and graph mode alike); `usize` cannot hold one. The result is `bool`, TensorFlow's default `dtype`; `.mapv(T::from)`
/// gives another.
///
/// # Errors
/// - [`Error::TooLarge`]: the mask does not fit (a huge length with `maxlen: None`, say).
///
/// # Example
/// TensorFlow's own examples (`tf.sequence_mask` documentation):
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// assert_eq!(
///     tf_sequence_mask(&array![1, 3, 2], Some(5))?,
///     array![
///         [true, false, false, false, false],
///         [true, true, true, false, false],
///         [true, true, false, false, false]
///     ]
/// );
/// assert_eq!(
///     tf_sequence_mask(&array![[1, 3], [2, 0]], None)?,
///     array![
///         [[true, false, false], [true, true, true]],
///         [[true, true, false], [false, false, false]]
///     ]
/// );
/// assert_eq!(tf_sequence_mask(&array![1, 3], Some(0))?.shape(), &[2, 0]);
/// # Ok::<(), Error>(())
/// ```
pub fn tf_sequence_mask<I: PrimInt, D: Dimension>(
    lengths: &ArrayRef<I, D>,
    maxlen: Option<usize>,
) -> Result<Array<bool, D::Larger>, Error> {
    let maxlen = match maxlen {
        Some(m) => m,
        None => {
            let longest = lengths.iter().fold(0u128, |m, &l| m.max(non_negative(l)));
            usize::try_from(longest).map_err(|_| Error::TooLarge {
                shape: lengths
                    .shape()
                    .iter()
                    .copied()
                    .chain([usize::MAX])
                    .collect(),
            })?
        }
    };
    let dim = lengths.raw_dim().insert_axis(Axis(lengths.ndim()));
    let mut dim = dim;
    if let Some(last) = dim.slice_mut().last_mut() {
        *last = maxlen;
    }
    let mut data = try_vec::<bool>(dim.slice())?;
    if dim.size() > 0 {
        for &l in lengths.iter() {
            let on = usize::try_from(non_negative(l))
                .unwrap_or(usize::MAX)
                .min(maxlen);
            data.extend(std::iter::repeat_n(true, on));
            data.extend(std::iter::repeat_n(false, maxlen - on));
        }
    }
    from_c_order(dim, data)
}

/// `l` if positive, else 0, widened.
fn non_negative<I: PrimInt>(l: I) -> u128 {
    if l <= I::zero() {
        0
    } else {
        l.to_u128().unwrap_or(u128::MAX)
    }
}
