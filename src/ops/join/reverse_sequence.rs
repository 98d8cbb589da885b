//! `tf.reverse_sequence`: TensorFlow's `ReverseSequence`.

mod fill;

use ndarray::{Array, ArrayRef, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::util::alloc::check_size;
use crate::util::axis::non_negative_axis;
use crate::util::owned::from_c_order;
use crate::util::sealed::{private_decl, private_impl};

const OP: &str = "tf_reverse_sequence";

/// `tf.reverse_sequence` as a method of every ndarray array (owned, views, `ArcArray`,
/// `CowArray`; any dimension type).
///
/// The result is a new array: a reversal whose length changes from one batch element to the next
/// is not a strided view.
pub trait ReverseSequenceExt<A, D: Dimension> {
    /// `tf.reverse_sequence(self, seq_lengths, seq_axis, batch_axis)`: for each index `b` of
    /// `batch_axis`, the first `seq_lengths[b]` elements along `seq_axis` reversed, the rest
    /// copied. A length of 0 or 1 leaves that batch element as it is.
    ///
    /// Both axes are non-negative, as TensorFlow's kernel demands ("Invalid seq_dim -1"): unlike
    /// most ops, `tf.reverse_sequence` does not count negative axes from the end, so neither does
    /// this method. `seq_lengths` may be any primitive integer type (TensorFlow takes `int32` and
    /// `int64` only); every value must fit in `i64`. Unlike TensorFlow, any rank works (its
    /// kernel stops at rank 5).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::AxisOutOfRange`]: `batch_axis` negative, then `seq_axis` negative (argument
    ///   `"batch_axis"` / `"seq_axis"`, `min` 0).
    /// - [`Error::SeqAxisIsBatchAxis`]: `seq_axis == batch_axis` (even when both are past the
    ///   rank, so a rank-1 input always ends here).
    /// - [`Error::AxisOutOfRange`]: `seq_axis`, then `batch_axis`, not less than the rank.
    /// - [`Error::SeqLengthsCount`]: `seq_lengths` does not have one entry per index of
    ///   `batch_axis`.
    /// - [`Error::ValueOutOfRange`] (argument [`Argument::SeqLengths`]): a length that does not
    ///   fit in `i64`.
    /// - [`Error::SeqLengthNegative`] / [`Error::SeqLengthTooLong`]: the first length, in
    ///   batch order, outside `[0, dim]` where `dim` is the length of `seq_axis`.
    /// - [`Error::TooLarge`]: the input (a broadcast view, say) has more bytes than an owned
    ///   array can hold.
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.reverse_sequence` documentation). Its prose is wrong in
    /// three places, corrected here: a length may equal the sequence axis (it says "<"); the
    /// reversed part of `input[0]` is `input[0, 6::-1]`, not `input[0, 7:0:-1]` (which leaves out
    /// element 0); and with length 5 the copied part is `5:`, not `2:`.
    /// ```
    /// use ndarray::{array, s, Array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // batch_axis = 0, seq_axis = 1, input.dims = (4, 8, ...), seq_lengths = [7, 2, 3, 5].
    /// let input = Array::from_shape_fn((4, 8, 2), |(b, t, f)| 100 * b + 10 * t + f);
    /// let seq_lengths = [7, 2, 3, 5];
    /// let output = input.tf_reverse_sequence(&seq_lengths, 1, 0)?;
    /// for (b, &len) in seq_lengths.iter().enumerate() {
    ///     // output[b, 0:len, :] = input[b, len-1::-1, :]
    ///     assert_eq!(output.slice(s![b, ..len, ..]), input.slice(s![b, ..len;-1, ..]));
    ///     // output[b, len:, :] = input[b, len:, :]
    ///     assert_eq!(output.slice(s![b, len.., ..]), input.slice(s![b, len.., ..]));
    /// }
    ///
    /// // batch_axis = 2, seq_axis = 0, input.dims = (8, ?, 4, ...).
    /// let input = Array::from_shape_fn((8, 3, 4), |(t, x, b)| 100 * t + 10 * x + b);
    /// let output = input.tf_reverse_sequence(&seq_lengths, 0, 2)?;
    /// for (b, &len) in seq_lengths.iter().enumerate() {
    ///     // output[0:len, :, b] = input[len-1::-1, :, b]
    ///     assert_eq!(output.slice(s![..len, .., b]), input.slice(s![..len;-1, .., b]));
    ///     assert_eq!(output.slice(s![len.., .., b]), input.slice(s![len.., .., b]));
    /// }
    ///
    /// // In small, and the errors.
    /// let x = array![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(x.tf_reverse_sequence(&[3, 2], 1, 0)?, array![[3, 2, 1], [5, 4, 6]]);
    /// assert_eq!(x.tf_reverse_sequence(&[2u8, 0, 1], 0, 1)?, array![[4, 2, 3], [1, 5, 6]]);
    /// assert!(matches!(
    ///     x.tf_reverse_sequence(&[1, 1], -1, 0),
    ///     Err(Error::AxisOutOfRange { axis: -1, min: 0, .. })
    /// ));
    /// assert_eq!(
    ///     x.tf_reverse_sequence(&[1, 4], 1, 0),
    ///     Err(Error::SeqLengthTooLong { index: 1, length: 4, seq_axis: 1, dim: 3 })
    /// );
    /// assert_eq!(x.tf_reverse_sequence(&[1], 1, 0).unwrap_err().to_string(),
    ///            "Length of seq_lengths != input.dims(0), (1 vs. 2)");
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_reverse_sequence<L: IntList + ?Sized>(
        &self,
        seq_lengths: &L,
        seq_axis: isize,
        batch_axis: isize,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> ReverseSequenceExt<A, D> for ArrayRef<A, D> {
    fn tf_reverse_sequence<L: IntList + ?Sized>(
        &self,
        seq_lengths: &L,
        seq_axis: isize,
        batch_axis: isize,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let plan = resolve(self.shape(), seq_lengths, seq_axis, batch_axis)?;
        check_size::<A>(self.shape())?;
        let data = fill::reversed(self.view().into_dyn(), &plan)?;
        from_c_order(self.raw_dim(), data)
    }

    private_impl! {}
}

/// Validated arguments: two distinct axes of the input, and one length in `0..=dim(seq_axis)`
/// per index of `batch_axis`.
pub(super) struct Plan {
    pub(super) seq_axis: usize,
    pub(super) batch_axis: usize,
    pub(super) lengths: Vec<usize>,
}

/// TensorFlow's checks in its order: the kernel's constructor rejects a negative `batch_dim`,
/// then a negative `seq_dim`; `CheckErrors` then compares the two, each with the rank, the
/// number of lengths, and each length in turn.
fn resolve<L: IntList + ?Sized>(
    shape: &[usize],
    seq_lengths: &L,
    seq_axis: isize,
    batch_axis: isize,
) -> Result<Plan, Error> {
    let rank = shape.len();
    if batch_axis < 0 {
        non_negative_axis(OP, "batch_axis", batch_axis, rank)?;
    }
    if seq_axis < 0 {
        non_negative_axis(OP, "seq_axis", seq_axis, rank)?;
    }
    if seq_axis == batch_axis {
        return Err(Error::SeqAxisIsBatchAxis {
            axis: seq_axis.unsigned_abs(),
        });
    }
    let seq_axis = non_negative_axis(OP, "seq_axis", seq_axis, rank)?;
    let batch_axis = non_negative_axis(OP, "batch_axis", batch_axis, rank)?;
    let (seq_dim, batch_dim) = (shape[seq_axis], shape[batch_axis]);
    let seq_lengths = widen(seq_lengths, Argument::SeqLengths)?;
    if seq_lengths.len() != batch_dim {
        return Err(Error::SeqLengthsCount {
            batch_axis,
            dim: batch_dim,
            len: seq_lengths.len(),
        });
    }
    let lengths = seq_lengths
        .iter()
        .enumerate()
        .map(|(index, &length)| match usize::try_from(length) {
            Err(_) => Err(Error::SeqLengthNegative { index, length }),
            Ok(n) if n > seq_dim => Err(Error::SeqLengthTooLong {
                index,
                length,
                seq_axis,
                dim: seq_dim,
            }),
            Ok(n) => Ok(n),
        })
        .collect::<Result<_, _>>()?;
    Ok(Plan {
        seq_axis,
        batch_axis,
        lengths,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(shape: &[usize], lens: &[i64], seq: isize, batch: isize) -> Error {
        resolve(shape, lens, seq, batch).err().expect("an error")
    }

    #[test]
    fn checks_in_tensorflow_order() {
        // Negative batch axis before negative seq axis before equality.
        let e = err(&[2, 3], &[1, 3], -1, -1);
        assert!(
            matches!(e, Error::AxisOutOfRange { ref argument, axis: -1, .. } if argument == "batch_axis")
        );
        let e = err(&[2, 3], &[1, 3], -1, 5);
        assert!(matches!(e, Error::AxisOutOfRange { ref argument, .. } if argument == "seq_axis"));
        // Equality before the rank, so a rank-1 input always fails this way.
        assert_eq!(
            err(&[3], &[1, 3, 4], 5, 5),
            Error::SeqAxisIsBatchAxis { axis: 5 }
        );
        assert_eq!(err(&[3], &[1], 0, 0), Error::SeqAxisIsBatchAxis { axis: 0 });
        // seq_axis past the rank before batch_axis past the rank.
        let e = err(&[2, 3], &[1, 3], 7, 5);
        assert!(
            matches!(e, Error::AxisOutOfRange { ref argument, axis: 7, .. } if argument == "seq_axis")
        );
        let e = err(&[2, 3], &[1, 3, 4], 0, 5);
        assert!(
            matches!(e, Error::AxisOutOfRange { ref argument, axis: 5, .. } if argument == "batch_axis")
        );
        // Each length in turn: too long at 0 before negative at 1.
        assert_eq!(
            err(&[2, 3], &[4, -1], 1, 0),
            Error::SeqLengthTooLong {
                index: 0,
                length: 4,
                seq_axis: 1,
                dim: 3
            }
        );
        assert_eq!(
            err(&[2, 3], &[-1, 4], 1, 0),
            Error::SeqLengthNegative {
                index: 0,
                length: -1
            }
        );
    }

    #[test]
    fn lengths_past_i64_are_value_errors() {
        let e = resolve(&[2, 3], &[1u64, u64::MAX], 1, 0)
            .err()
            .expect("an error");
        assert!(matches!(
            e,
            Error::ValueOutOfRange {
                argument: Argument::SeqLengths,
                index: 1,
                ..
            }
        ));
        // A too-long length is still a too-long length, whatever its type.
        let e = resolve(&[2, 3], &[i64::MAX, 0], 1, 0)
            .err()
            .expect("an error");
        assert!(matches!(e, Error::SeqLengthTooLong { index: 0, .. }));
    }
}
