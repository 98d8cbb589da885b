//! `tf.pad`: TensorFlow's `Pad`/`PadV2` (`CONSTANT`) and `MirrorPad` (`REFLECT`, `SYMMETRIC`).

mod fill;

use ndarray::{Array, ArrayRef, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::IntPairs;
use crate::util::alloc::check_size;
use crate::util::owned::from_c_order;
use crate::util::sealed::{private_decl, private_impl};

/// What `tf.pad` writes into the padding (its `mode` argument).
///
/// Where TensorFlow takes the strings `"CONSTANT"`, `"REFLECT"` and `"SYMMETRIC"`, this crate takes
/// these variants. The default is [`PadMode::Constant`], as in TensorFlow.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![1, 2, 3];
/// assert_eq!(PadMode::default(), PadMode::Constant);
/// assert_eq!(x.tf_pad(&[[2, 2]], PadMode::Constant, 0)?, array![0, 0, 1, 2, 3, 0, 0]);
/// assert_eq!(x.tf_pad(&[[2, 2]], PadMode::Reflect, 0)?, array![3, 2, 1, 2, 3, 2, 1]);
/// assert_eq!(x.tf_pad(&[[2, 2]], PadMode::Symmetric, 0)?, array![2, 1, 1, 2, 3, 3, 2]);
/// # Ok::<(), ndarray_tfslice::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PadMode {
    /// `"CONSTANT"`: every padded element is `constant_value` (TensorFlow's `Pad`, or `PadV2`
    /// when the value is not zero).
    #[default]
    Constant,
    /// `"REFLECT"`: the input mirrored about its edge elements, which are not repeated
    /// (`[1, 2, 3]` padded by 2 on each side is `[3, 2, 1, 2, 3, 2, 1]`); each padding must be
    /// less than its axis. TensorFlow's `MirrorPad` with `mode="REFLECT"`.
    Reflect,
    /// `"SYMMETRIC"`: the input mirrored about its edges, edge elements repeated
    /// (`[1, 2, 3]` padded by 2 on each side is `[2, 1, 1, 2, 3, 3, 2]`); each padding must be
    /// no greater than its axis. TensorFlow's `MirrorPad` with `mode="SYMMETRIC"`.
    Symmetric,
}

/// `tf.pad` as a method of every ndarray array (owned, views, `ArcArray`, `CowArray`; any
/// dimension type).
///
/// The result is a new array: padding cannot be a view.
pub trait PadExt<A, D: Dimension> {
    /// `tf.pad(self, paddings, mode, constant_values=constant_value)`: `self` with
    /// `paddings[axis][0]` elements added before and `paddings[axis][1]` after it on each axis.
    ///
    /// Each output axis has length `paddings[axis][0] + dim + paddings[axis][1]`. What the new
    /// elements hold depends on `mode` (see [`PadMode`]); `constant_value` is used by
    /// [`PadMode::Constant`] only and ignored by the mirror modes, as in TensorFlow.
    ///
    /// `paddings` is an [`IntPairs`]: `&[[before, after], ..]` of any primitive integer type, or
    /// an `[n, 2]` ndarray array. A negative padding is TensorFlow's error. Unlike TensorFlow, any
    /// rank works: `MirrorPad` stops at rank 5, and `Pad` at rank 8, or at 6 once neighbouring
    /// unpadded axes are merged (`tf.pad(tf.zeros([2] * 7), [[1, 1]] * 7)` fails with "Only
    /// ranks up to 6 supported").
    ///
    /// # Errors
    /// In TensorFlow's order: first the shape of `paddings`, then each axis in turn.
    /// - [`Error::PaddingsNotPairs`]: an ndarray `paddings` does not have 2 columns.
    /// - [`Error::PaddingsLength`]: `paddings` does not have one row per axis.
    /// - [`Error::PaddingNegative`]: a padding is negative.
    /// - [`Error::ValueOutOfRange`]: a padding does not fit in `i64`.
    /// - [`Error::ReflectPaddingTooLarge`]: with [`PadMode::Reflect`], a padding is not less
    ///   than its axis. So a zero-size axis cannot be reflected, not even by zero.
    /// - [`Error::SymmetricPaddingTooLarge`]: with [`PadMode::Symmetric`], a padding is greater
    ///   than its axis.
    /// - [`Error::TooLarge`]: at an axis, its output length or the element count so far passes
    ///   `isize::MAX` (TensorFlow's int64 limit; the shape shows a saturated length), or, once
    ///   the shape is known, the output has more elements or bytes than an allocation can hold.
    ///
    /// # Example
    /// TensorFlow's own example (`tf.pad` documentation):
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let t = array![[1, 2, 3], [4, 5, 6]];
    /// let paddings = [[1, 1], [2, 2]];
    /// assert_eq!(
    ///     t.tf_pad(&paddings, PadMode::Constant, 0)?,
    ///     array![
    ///         [0, 0, 0, 0, 0, 0, 0],
    ///         [0, 0, 1, 2, 3, 0, 0],
    ///         [0, 0, 4, 5, 6, 0, 0],
    ///         [0, 0, 0, 0, 0, 0, 0],
    ///     ]
    /// );
    /// // The mirror modes ignore the constant.
    /// assert_eq!(
    ///     t.tf_pad(&paddings, PadMode::Reflect, 0)?,
    ///     array![
    ///         [6, 5, 4, 5, 6, 5, 4],
    ///         [3, 2, 1, 2, 3, 2, 1],
    ///         [6, 5, 4, 5, 6, 5, 4],
    ///         [3, 2, 1, 2, 3, 2, 1],
    ///     ]
    /// );
    /// assert_eq!(
    ///     t.tf_pad(&paddings, PadMode::Symmetric, 0)?,
    ///     array![
    ///         [2, 1, 1, 2, 3, 3, 2],
    ///         [2, 1, 1, 2, 3, 3, 2],
    ///         [5, 4, 4, 5, 6, 6, 5],
    ///         [5, 4, 4, 5, 6, 6, 5],
    ///     ]
    /// );
    ///
    /// // `constant_values=-1`, and the errors.
    /// assert_eq!(array![7].tf_pad(&[[1, 2]], PadMode::Constant, -1)?, array![-1, 7, -1, -1]);
    /// assert!(matches!(
    ///     t.tf_pad(&[[1, 1]], PadMode::Constant, 0),
    ///     Err(Error::PaddingsLength { len: 1, .. })
    /// ));
    /// assert!(matches!(
    ///     t.tf_pad(&[[0, 0], [3, 0]], PadMode::Reflect, 0),
    ///     Err(Error::ReflectPaddingTooLarge { axis: 1, before: 3, after: 0, dim: 3 })
    /// ));
    /// assert!(t.tf_pad(&[[0, 0], [3, 0]], PadMode::Symmetric, 0).is_ok());
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_pad<P: IntPairs + ?Sized>(
        &self,
        paddings: &P,
        mode: PadMode,
        constant_value: A,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> PadExt<A, D> for ArrayRef<A, D> {
    fn tf_pad<P: IntPairs + ?Sized>(
        &self,
        paddings: &P,
        mode: PadMode,
        constant_value: A,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let [rows, columns] = paddings.__shape();
        if columns != 2 {
            return Err(Error::PaddingsNotPairs {
                argument: "paddings",
                rows,
                columns,
                expected_rows: None,
            });
        }
        let paddings = paddings.__widen_pairs(Argument::Paddings)?;
        let mut dim = self.raw_dim();
        let paddings = &output_shape(self.shape(), &paddings, mode, dim.slice_mut())?;
        check_size::<A>(dim.slice())?;
        let data = fill::padded(
            self.view().into_dyn(),
            paddings,
            mode,
            &constant_value,
            dim.slice(),
        )?;
        from_c_order(dim, data)
    }

    private_impl! {}
}

/// Checks `paddings` against `shape` in TensorFlow's order (`PadOp` / `MirrorPadOp::Compute`)
/// and writes each output axis length into `out` (as long as `shape`): the paddings, all
/// non-negative.
fn output_shape(
    shape: &[usize],
    paddings: &[[i64; 2]],
    mode: PadMode,
    out: &mut [usize],
) -> Result<Vec<[usize; 2]>, Error> {
    if paddings.len() != shape.len() {
        return Err(Error::PaddingsLength {
            len: paddings.len(),
            shape: shape.to_vec(),
        });
    }
    let mut count = Some(1usize);
    let mut checked = Vec::with_capacity(paddings.len());
    for (axis, ((&dim, &[before, after]), slot)) in
        shape.iter().zip(paddings).zip(out.iter_mut()).enumerate()
    {
        // TF checks the sign first at each axis; past usize (32-bit targets) is too large.
        let (Ok(b), Ok(a)) = (u64::try_from(before), u64::try_from(after)) else {
            return Err(Error::PaddingNegative {
                axis,
                before,
                after,
                mirror: mode != PadMode::Constant,
            });
        };
        let (before, after) = (
            usize::try_from(b).unwrap_or(usize::MAX),
            usize::try_from(a).unwrap_or(usize::MAX),
        );
        checked.push([before, after]);
        match mode {
            PadMode::Constant => {}
            // MirrorPad's "<" also rejects a zero padding on a zero-size axis.
            PadMode::Reflect if before >= dim || after >= dim => {
                return Err(Error::ReflectPaddingTooLarge {
                    axis,
                    before,
                    after,
                    dim,
                });
            }
            PadMode::Reflect => {}
            PadMode::Symmetric if before > dim || after > dim => {
                return Err(Error::SymmetricPaddingTooLarge {
                    axis,
                    before,
                    after,
                    dim,
                });
            }
            PadMode::Symmetric => {}
        }
        // TF adds each axis to its shape before looking at the next one, and fails there when
        // the length or the element count so far (a zero axis makes it 0) passes int64. The
        // count of the non-zero axes, ndarray's own limit, is checked once the shape is known.
        let length = dim.checked_add(before).and_then(|n| n.checked_add(after));
        count = count.zip(length).and_then(|(c, n)| c.checked_mul(n));
        match (length, count) {
            (Some(n), Some(c)) if n <= isize::MAX as usize && c <= isize::MAX as usize => *slot = n,
            _ => {
                let shape = shape
                    .iter()
                    .zip(paddings)
                    .map(|(&d, &[b, a])| {
                        let widen = |p: i64| usize::try_from(p).unwrap_or(usize::MAX);
                        d.saturating_add(widen(b)).saturating_add(widen(a))
                    })
                    .collect();
                return Err(Error::TooLarge { shape });
            }
        }
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(shape: &[usize], paddings: &[[usize; 2]], mode: PadMode) -> Result<Vec<usize>, Error> {
        let mut out = shape.to_vec();
        // usize::MAX stands for "past i64" here, as it did before paddings were signed.
        let wide = |p: usize| i64::try_from(p).unwrap_or(i64::MAX);
        let paddings: Vec<[i64; 2]> = paddings.iter().map(|&[b, a]| [wide(b), wide(a)]).collect();
        output_shape(shape, &paddings, mode, &mut out).map(|_| out)
    }

    #[test]
    fn negative_paddings_are_tf_errors_at_their_axis() {
        let mut out = vec![0; 2];
        let err = output_shape(&[2, 3], &[[5, 0], [0, -1]], PadMode::Reflect, &mut out);
        assert!(matches!(
            err,
            Err(Error::ReflectPaddingTooLarge { axis: 0, .. })
        ));
        let err = output_shape(&[2, 3], &[[0, 0], [-1, 0]], PadMode::Constant, &mut out);
        assert_eq!(
            err.unwrap_err().to_string(),
            "Paddings must be non-negative: -1 0 (axis 1)"
        );
        let err = output_shape(&[2, 3], &[[0, -1], [0, 0]], PadMode::Symmetric, &mut out);
        assert!(
            err.unwrap_err()
                .to_string()
                .starts_with("paddings must be non-negative: 0 -1")
        );
    }

    #[test]
    fn output_lengths_and_limits() {
        assert_eq!(
            shape(&[2, 3], &[[1, 1], [2, 0]], PadMode::Constant),
            Ok(vec![4, 5])
        );
        assert_eq!(
            shape(&[2, 3], &[[1, 1], [2, 2]], PadMode::Reflect),
            Ok(vec![4, 7])
        );
        assert!(shape(&[2, 3], &[[2, 0], [0, 0]], PadMode::Reflect).is_err());
        assert_eq!(
            shape(&[2, 3], &[[2, 2], [3, 3]], PadMode::Symmetric),
            Ok(vec![6, 9])
        );
        assert!(shape(&[2, 3], &[[0, 3], [0, 0]], PadMode::Symmetric).is_err());
        assert_eq!(shape(&[0], &[[0, 0]], PadMode::Symmetric), Ok(vec![0]));
        assert_eq!(
            shape(&[0], &[[0, 0]], PadMode::Reflect),
            Err(Error::ReflectPaddingTooLarge {
                axis: 0,
                before: 0,
                after: 0,
                dim: 0
            })
        );
        assert_eq!(shape(&[], &[], PadMode::Reflect), Ok(vec![]));
    }

    #[test]
    fn overflow_is_too_large_at_its_axis() {
        let err = shape(
            &[1, 2],
            &[[usize::MAX, usize::MAX], [0, 0]],
            PadMode::Constant,
        );
        assert_eq!(
            err,
            Err(Error::TooLarge {
                shape: vec![usize::MAX, 2]
            })
        );
        // At one axis the mode's limit comes first ...
        let err = shape(&[1, 2], &[[usize::MAX, 1], [5, 5]], PadMode::Symmetric);
        assert!(matches!(
            err,
            Err(Error::SymmetricPaddingTooLarge { axis: 0, .. })
        ));
        // ... but an overflow at an axis comes before the next axis's limit: of the length ...
        let half = usize::MAX / 4 + 1;
        let err = shape(&[half, 2], &[[half, 0], [5, 5]], PadMode::Symmetric);
        assert!(matches!(err, Err(Error::TooLarge { .. })));
        // ... or of the element count so far, as TF counts it (zero axes included).
        let big = 1 << 31;
        let err = shape(
            &[big, big, 0],
            &[[big, big], [0, 0], [0, 1]],
            PadMode::Symmetric,
        );
        assert!(matches!(err, Err(Error::TooLarge { .. })));
        let ok = shape(
            &[0, big, 0],
            &[[0, 0], [big, big], [0, 0]],
            PadMode::Symmetric,
        );
        assert_eq!(ok, Ok(vec![0, 3 * big, 0]));
        let err = shape(
            &[0, big, 0],
            &[[0, 0], [big, big], [0, 1]],
            PadMode::Symmetric,
        );
        assert!(matches!(
            err,
            Err(Error::SymmetricPaddingTooLarge { axis: 2, .. })
        ));
    }
}
