//! `tf_required_space_to_batch_paddings`: TensorFlow's `tf.required_space_to_batch_paddings`,
//! the paddings that make `tf_space_to_batch_nd` possible and the crops that undo them.

use std::convert::Infallible;

use crate::error::{Argument, Error};
use crate::int_list::{IntList, IntPairs};
use crate::util::sealed::{private_decl, private_impl};

/// An [`IntPairs`]' `[rows, columns]` and, with 2 columns, its pairs widened to `i64`.
type ShapedPairs = ([usize; 2], Vec<[i64; 2]>);

/// The `base_paddings` argument of [`tf_required_space_to_batch_paddings`]: `None`, or a
/// reference to [`IntPairs`] (`&[[start, end], ..]` of any integer type, or a 2-D ndarray array).
///
/// Why not `Option<&P>`: with a generic `P`, a bare `None` leaves `P` unknown and needs a
/// turbofish (`None::<&[[i64; 2]]>`). Here `None` is one concrete type (`Option<Infallible>`,
/// which can never be `Some`) and a padding is passed as `&base` without `Some`; an
/// `Option<&P>` you already hold goes through `match` (`Some(b) => f(.., b)`, `None => f(.., None)`).
/// Sealed: it cannot be implemented outside this crate.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let no_base = tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], None)?;
/// let zero_base = tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], &[[0, 0], [0, 0]])?;
/// assert_eq!(no_base, zero_base);
/// // Any IntPairs form: a 2-D ndarray array of i32 here.
/// let base = array![[1i32, 0], [2, 3]];
/// let (paddings, _) = tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], &base)?;
/// assert_eq!(paddings, [[1, 1], [2, 5]]);
/// # Ok::<(), Error>(())
/// ```
pub trait MaybeIntPairs {
    /// `None`, or the pairs' `[rows, columns]` and (with 2 columns) the pairs widened to `i64`.
    #[doc(hidden)]
    fn __maybe_pairs(&self, argument: Argument) -> Result<Option<ShapedPairs>, Error>;

    private_decl! {}
}

impl<P: IntPairs + ?Sized> MaybeIntPairs for &P {
    fn __maybe_pairs(&self, argument: Argument) -> Result<Option<ShapedPairs>, Error> {
        let shape = self.__shape();
        let values = if shape[1] == 2 {
            self.__widen_pairs(argument)?
        } else {
            Vec::new()
        };
        Ok(Some((shape, values)))
    }

    private_impl! {}
}

impl MaybeIntPairs for Option<Infallible> {
    fn __maybe_pairs(&self, _: Argument) -> Result<Option<ShapedPairs>, Error> {
        Ok(None)
    }

    private_impl! {}
}

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
/// `input_shape` and `block_shape` are [`IntList`]s (any integer type, as a slice, array, `Vec`
/// or 1-D ndarray array); `base_paddings` is `None` or `&pairs` of any [`IntPairs`] form (see
/// [`MaybeIntPairs`] for why it is not an `Option<&P>`).
///
/// TensorFlow computes this in Python with NumPy where its arguments are constants, and checks
/// little: a zero block size gives a zero (after NumPy's division-by-zero warning), a negative
/// size, block size or padding follows Python's modulo (`input_shape = [-5]`, `block_shape =
/// [4]` gives an extra padding of 1; `block_shape = [-4]` gives -1), and an empty `block_shape`
/// returns empty results whatever `input_shape` is. None of these is a padding
/// `tf.space_to_batch_nd` accepts, so here they are errors, and `input_shape` must have one
/// entry per block dimension even when there are none.
///
/// # Errors
/// In this order:
/// - [`Error::ValueOutOfRange`]: a value does not fit in `i64` (argument
///   [`Argument::InputShape`], [`Argument::BlockShape`] or [`Argument::BasePaddings`]).
/// - [`Error::SpatialShapeLength`]: `input_shape` and `block_shape` differ in length
///   (TensorFlow: `Shapes (3,) and [2] are incompatible`).
/// - [`Error::PaddingsNotPairs`] / [`Error::BlockPaddingsLength`] (argument `base_paddings`):
///   `base_paddings` is not of shape `[block_shape.len(), 2]` (TensorFlow: `Shapes (1, 2) and
///   [2, 2] are incompatible`).
/// - [`Error::BlockShapeZero`], [`Error::BlockShapeNegative`]: a block size below 1
///   (TensorFlow returns a zero padding for 0, a negative one for a negative block size).
/// - [`Error::RequiredPaddingsNegative`]: a negative `input_shape` entry or `base_paddings`
///   value.
/// - [`Error::TooLarge`]: a padded size overflows `usize` (marked `usize::MAX` in the shape).
///
/// # Example
/// TensorFlow's documentation: the paddings of a `[4, 6]` image for blocks `[2, 4]`, then with
/// base paddings.
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let (paddings, crops) = tf_required_space_to_batch_paddings(&[4, 6], &[2, 4], None)?;
/// assert_eq!(paddings, [[0, 0], [0, 2]]);
/// assert_eq!(crops, [[0, 0], [0, 2]]);
///
/// let base = [[1, 0], [2, 3]];
/// let (paddings, crops) = tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], &base)?;
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
///
/// // The shape of a tensor as TensorFlow hands it over (`tf.shape(x)[1:3]`, int32).
/// let spatial = array![4i32, 5];
/// assert_eq!(
///     tf_required_space_to_batch_paddings(&spatial, &[2u8, 4], &array![[1i64, 0], [2, 3]])?,
///     (vec![[1, 1], [2, 5]], vec![[0, 1], [0, 2]])
/// );
/// // TensorFlow's NumPy arithmetic answers a negative size; this crate refuses it.
/// let err = tf_required_space_to_batch_paddings(&[4, -5], &[2, 4], None).unwrap_err();
/// assert_eq!(err.to_string(), "All values in input_shape must be non-negative, got value, -5 at index 1.");
/// # Ok::<(), Error>(())
/// ```
// TensorFlow's two results, as the pair it returns, in the row form the space ops take.
#[expect(clippy::type_complexity)]
pub fn tf_required_space_to_batch_paddings<S, B, P>(
    input_shape: &S,
    block_shape: &B,
    base_paddings: P,
) -> Result<(Vec<[usize; 2]>, Vec<[usize; 2]>), Error>
where
    S: IntList + ?Sized,
    B: IntList + ?Sized,
    P: MaybeIntPairs,
{
    let input_shape = input_shape.__widen(Argument::InputShape)?;
    let block_shape = block_shape.__widen(Argument::BlockShape)?;
    let base = base_paddings.__maybe_pairs(Argument::BasePaddings)?;
    let m = block_shape.len();
    if input_shape.len() != m {
        return Err(Error::SpatialShapeLength {
            input_len: input_shape.len(),
            block_len: m,
        });
    }
    let base = match base {
        None => vec![[0, 0]; m],
        Some(([rows, columns], _)) if columns != 2 => {
            return Err(Error::PaddingsNotPairs {
                argument: "base_paddings",
                rows,
                columns,
                expected_rows: Some(m),
            });
        }
        Some(([rows, _], _)) if rows != m => {
            return Err(Error::BlockPaddingsLength {
                argument: "base_paddings",
                expected: m,
                rows,
            });
        }
        Some((_, pairs)) => pairs,
    };
    if let Some(index) = block_shape.iter().position(|&b| b < 1) {
        return Err(match block_shape[index] {
            0 => Error::BlockShapeZero { index },
            value => Error::BlockShapeNegative { index, value },
        });
    }
    let negative = |argument, values: &mut dyn Iterator<Item = i64>| {
        values
            .enumerate()
            .find(|&(_, v)| v < 0)
            .map(|(index, value)| Error::RequiredPaddingsNegative {
                argument,
                index,
                value,
            })
    };
    if let Some(err) = negative(Argument::InputShape, &mut input_shape.iter().copied()) {
        return Err(err);
    }
    if let Some(err) = negative(Argument::BasePaddings, &mut base.iter().flatten().copied()) {
        return Err(err);
    }
    // Every value is now a non-negative i64; the padded size must be one too (TensorFlow's
    // int64) and a usize (this crate's sizes, narrower on 32-bit targets).
    let mut paddings = Vec::with_capacity(m);
    let mut crops = Vec::with_capacity(m);
    for (i, ((&size, &block), &[start, end])) in input_shape
        .iter()
        .zip(block_shape.iter())
        .zip(&base)
        .enumerate()
    {
        let too_large = || {
            let mut shape: Vec<usize> = input_shape
                .iter()
                .map(|&v| usize::try_from(v).unwrap_or(usize::MAX))
                .collect();
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
        let padded = full.checked_add(extra).ok_or_else(too_large)?;
        let as_size = |v: i64| usize::try_from(v).map_err(|_| too_large());
        as_size(padded)?;
        paddings.push([as_size(start)?, as_size(padded_end)?]);
        crops.push([0, as_size(extra)?]);
    }
    Ok((paddings, crops))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_and_overflow() {
        let err = tf_required_space_to_batch_paddings(&[4, 5], &[0; 0], None).unwrap_err();
        assert_eq!(
            err,
            Error::SpatialShapeLength {
                input_len: 2,
                block_len: 0
            }
        );
        assert_eq!(
            tf_required_space_to_batch_paddings(&[0u8; 0], &[0i64; 0], None).unwrap(),
            (vec![], vec![])
        );
        let err = tf_required_space_to_batch_paddings(&[4], &[0], None).unwrap_err();
        assert_eq!(err, Error::BlockShapeZero { index: 0 });
        let err = tf_required_space_to_batch_paddings(&[i64::MAX - 1], &[4], None).unwrap_err();
        assert!(matches!(err, Error::TooLarge { .. }));
        let err = tf_required_space_to_batch_paddings(&[4], &[3], &[[0, i64::MAX]]).unwrap_err();
        assert!(matches!(err, Error::TooLarge { .. }));
    }
}
