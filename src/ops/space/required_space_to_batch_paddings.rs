//! `tf_required_space_to_batch_paddings`: TensorFlow's `tf.required_space_to_batch_paddings`,
//! the paddings that make `tf_space_to_batch_nd` possible and the crops that undo them.

use crate::error::Error;

/// `tf.required_space_to_batch_paddings(input_shape, block_shape, base_paddings)`: the
/// `paddings` that make every spatial dimension of `input_shape`, padded by `base_paddings`
/// first, a multiple of its block size (the extra padding goes at the end), and the `crops`
/// that remove that extra padding again after `tf_batch_to_space_nd`.
///
/// For each spatial dimension `i` with `base_paddings[i] = [start, end]`:
/// `extra = (block - (input + start + end) % block) % block`, `paddings[i] = [start, end +
/// extra]`, `crops[i] = [0, extra]`. `base_paddings = None` is all zeros. The results are in
/// the form [`tf_space_to_batch_nd`](crate::SpaceToBatchExt::tf_space_to_batch_nd) and
/// [`tf_batch_to_space_nd`](crate::SpaceToBatchExt::tf_batch_to_space_nd) take.
///
/// TensorFlow computes this in Python with NumPy where its arguments are constants, and checks
/// little: a zero block size gives a zero (after NumPy's division-by-zero warning), a negative
/// size or padding follows Python's modulo, and an empty `block_shape` returns empty results
/// whatever `input_shape` is. None of these is a padding `tf.space_to_batch_nd` accepts, so
/// here sizes are `usize` (no negatives), a zero block size is an error, and `input_shape`
/// must have one entry per block dimension even when there are none.
///
/// # Errors
/// - [`Error::SpatialShapeLength`]: `input_shape` and `block_shape` differ in length
///   (TensorFlow: `Shapes (3,) and [2] are incompatible`).
/// - [`Error::BlockPaddingsLength`] (argument `base_paddings`): `base_paddings` does not have
///   one row per block dimension (TensorFlow: `Shapes (1, 2) and [2, 2] are incompatible`).
/// - [`Error::BlockShapeZero`]: a zero block size (TensorFlow returns a zero padding for it).
/// - [`Error::TooLarge`]: a padded size overflows `usize` (marked `usize::MAX` in the shape).
///
/// # Example
/// TensorFlow's documentation: the paddings of a `[4, 6]` image for blocks `[2, 4]`, then with
/// base paddings.
/// ```
/// use ndarray_tfslice::prelude::*;
///
/// let (paddings, crops) = tf_required_space_to_batch_paddings(&[4, 6], &[2, 4], None)?;
/// assert_eq!(paddings, [[0, 0], [0, 2]]);
/// assert_eq!(crops, [[0, 0], [0, 2]]);
///
/// let base = [[1, 0], [2, 3]];
/// let (paddings, crops) = tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], Some(&base))?;
/// assert_eq!(paddings, [[1, 1], [2, 5]]);
/// assert_eq!(crops, [[0, 1], [0, 2]]);
///
/// // What they are for: space_to_batch_nd then batch_to_space_nd gives the input back.
/// let x = ndarray::Array::from_shape_fn((1, 4, 5, 1), |(_, i, j, _)| i * 10 + j);
/// let batched = x.tf_space_to_batch_nd(&[2, 4], &paddings)?;
/// assert_eq!(batched.shape(), &[8, 3, 3, 1]);
/// let back = batched.tf_batch_to_space_nd(&[2, 4], &crops)?;
/// let start = back.slice(ndarray::s![.., 1..5, 2..7, ..]);
/// assert_eq!(start, x);
/// # Ok::<(), Error>(())
/// ```
// TensorFlow's two results, as the pair it returns, in the row form the space ops take.
#[expect(clippy::type_complexity)]
pub fn tf_required_space_to_batch_paddings(
    input_shape: &[usize],
    block_shape: &[usize],
    base_paddings: Option<&[[usize; 2]]>,
) -> Result<(Vec<[usize; 2]>, Vec<[usize; 2]>), Error> {
    if input_shape.len() != block_shape.len() {
        return Err(Error::SpatialShapeLength {
            input_len: input_shape.len(),
            block_len: block_shape.len(),
        });
    }
    let zeros = vec![[0, 0]; block_shape.len()];
    let base = base_paddings.unwrap_or(&zeros);
    if base.len() != block_shape.len() {
        return Err(Error::BlockPaddingsLength {
            argument: "base_paddings",
            expected: block_shape.len(),
            rows: base.len(),
        });
    }
    if let Some(index) = block_shape.iter().position(|&b| b == 0) {
        return Err(Error::BlockShapeZero { index });
    }
    let mut paddings = Vec::with_capacity(block_shape.len());
    let mut crops = Vec::with_capacity(block_shape.len());
    for (i, ((&size, &block), &[start, end])) in
        input_shape.iter().zip(block_shape).zip(base).enumerate()
    {
        let too_large = || {
            let mut shape = input_shape.to_vec();
            if let Some(d) = shape.get_mut(i) {
                *d = usize::MAX;
            }
            Error::TooLarge { shape }
        };
        let full = size
            .checked_add(start)
            .and_then(|n| n.checked_add(end))
            .ok_or_else(too_large)?;
        // `block - 0` is `block`, and `% block` maps it back to 0: no extra padding.
        let extra = (block - full % block) % block;
        let padded_end = end.checked_add(extra).ok_or_else(too_large)?;
        // The padded size itself must exist too.
        full.checked_add(extra).ok_or_else(too_large)?;
        paddings.push([start, padded_end]);
        crops.push([0, extra]);
    }
    Ok((paddings, crops))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_and_overflow() {
        let err = tf_required_space_to_batch_paddings(&[4, 5], &[], None).unwrap_err();
        assert_eq!(
            err,
            Error::SpatialShapeLength {
                input_len: 2,
                block_len: 0
            }
        );
        assert_eq!(
            tf_required_space_to_batch_paddings(&[], &[], None).unwrap(),
            (vec![], vec![])
        );
        let err = tf_required_space_to_batch_paddings(&[4], &[0], None).unwrap_err();
        assert_eq!(err, Error::BlockShapeZero { index: 0 });
        let err = tf_required_space_to_batch_paddings(&[usize::MAX - 1], &[4], None).unwrap_err();
        assert!(matches!(err, Error::TooLarge { .. }));
        let err =
            tf_required_space_to_batch_paddings(&[4], &[3], Some(&[[0, usize::MAX]])).unwrap_err();
        assert!(matches!(err, Error::TooLarge { .. }));
    }
}
