//! The one rule for integer lists: [`IntList`] (`begin`, `multiples`, `perm`, ...) and
//! [`IntPairs`] (`paddings`, `crops`), each accepting any primitive integer type in any container
//! a port is likely to hold it in.

use std::borrow::Cow;
use std::ops::Deref;

use ndarray::{ArrayBase, ArrayRef, Data, Ix1, Ix2};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::util::sealed::{private_decl, private_impl};
use crate::util::values::decimal;

/// A list of integers that TensorFlow takes as a 1-D tensor: `begin`, `end`, `strides`, `size`,
/// `multiples`, `perm`, axis lists, split sizes, `block_shape`, `seq_lengths`, shapes.
///
/// Implemented, for every primitive integer type `I` (`i8` .. `i128`, `u8` .. `u128`, `isize`,
/// `usize`), by
/// - slices `[I]`, fixed arrays `[I; N]` and `Vec<I>` (pass them by reference: `&[1, -1]`,
///   `&v`, `&v[1..]`);
/// - 1-D ndarray arrays and views of any layout (`&Array1<i32>`, `&ArrayView1<i64>`, a
///   reversed or strided view: nothing needs to be contiguous, nothing panics).
///
/// Values are widened to `i64`, TensorFlow's widest index type; one that does not fit (a `u64`
/// past `i64::MAX`, an `i128`) is [`Error::ValueOutOfRange`]. A negative value is an error
/// exactly where TensorFlow rejects it (`multiples`, split sizes other than `-1`, `seq_lengths`,
/// `block_shape`, ...), with TensorFlow's message; where TensorFlow counts from the end (`perm`,
/// axis lists, `begin`/`end` of a strided slice), so does this crate.
///
/// The trait is sealed: it cannot be implemented outside this crate.
///
/// ```
/// use ndarray::{array, Array1};
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![[1, 2, 3], [4, 5, 6]];
/// let expected = array![[1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]];
/// // One call, five spellings of the same multiples.
/// assert_eq!(x.tf_tile(&[1, 2])?, expected);
/// assert_eq!(x.tf_tile(&vec![1u8, 2])?, expected);
/// assert_eq!(x.tf_tile(&[1i64, 2][..])?, expected);
/// let multiples: Array1<i32> = array![2, 1];
/// // A reversed view: not contiguous in memory, still fine.
/// assert_eq!(x.tf_tile(&multiples.slice(ndarray::s![..;-1]))?, expected);
/// assert_eq!(x.tf_tile(&multiples.slice(ndarray::s![..;-1]).to_owned())?, expected);
///
/// // TensorFlow rejects negative multiples, in its words.
/// let err = x.tf_tile(&[1, -2]).unwrap_err();
/// assert_eq!(err.to_string(), "Expected multiples[1] >= 0, but got -2");
/// # Ok::<(), Error>(())
/// ```
pub trait IntList {
    /// The integer type of the values.
    #[doc(hidden)]
    type Int: PrimInt;

    /// The values as a slice, without copying where they already are one (slices, arrays,
    /// `Vec`s, contiguous ndarray arrays): the strided-slice views must not pay for their
    /// arguments.
    #[doc(hidden)]
    fn __ints(&self) -> Cow<'_, [Self::Int]>;

    /// The values widened to `i64`.
    #[doc(hidden)]
    fn __widen(&self, argument: Argument) -> Result<Ints, Error>;

    private_decl! {}
}

/// A list of `[before, after]` (or `[start, end]`) integer pairs that TensorFlow takes as an
/// `[n, 2]` tensor: `paddings` and `crops`.
///
/// Implemented, for every primitive integer type `I`, by
/// - slices of pairs `[[I; 2]]`, fixed arrays `[[I; 2]; N]` and `Vec<[I; 2]>` (pass them by
///   reference: `&[[1, 1], [2, 2]]`);
/// - 2-D ndarray arrays and views of any layout (`&Array2<i32>`): it must have 2 columns, or the
///   op returns TensorFlow's shape error for its argument.
///
/// Values are widened to `i64` as in [`IntList`]; a negative padding or crop is TensorFlow's
/// error for the op. Sealed.
///
/// ```
/// use ndarray::{array, Array2};
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![[1, 2], [3, 4]];
/// let expected = array![[0, 1, 2, 0], [0, 3, 4, 0]];
/// assert_eq!(x.tf_pad(&[[0, 0], [1, 1]], PadMode::Constant, 0)?, expected);
/// let paddings: Array2<i64> = array![[0, 0], [1, 1]];
/// assert_eq!(x.tf_pad(&paddings, PadMode::Constant, 0)?, expected);
///
/// // An [n, 3] tensor is TensorFlow's error.
/// let err = x.tf_pad(&array![[0, 0, 0], [1, 1, 1]], PadMode::Constant, 0).unwrap_err();
/// assert!(err.to_string().starts_with("paddings must be a matrix with 2 columns: [2,3]"));
/// # Ok::<(), Error>(())
/// ```
pub trait IntPairs {
    /// `[rows, columns]` of the list as a tensor (columns is 2 for the pair forms).
    #[doc(hidden)]
    fn __shape(&self) -> [usize; 2];

    /// The pairs widened to `i64`; only called when [`__shape`](IntPairs::__shape) has 2 columns.
    #[doc(hidden)]
    fn __widen_pairs(&self, argument: Argument) -> Result<Vec<[i64; 2]>, Error>;

    private_decl! {}
}

/// What a `num_or_size_splits` argument says. Not part of the API.
#[doc(hidden)]
pub enum Splits {
    /// `n` equal parts.
    Num(usize),
    /// Parts of these sizes.
    Sizes(Ints),
}

/// How many values a list holds without allocating: strided-slice specs are short, and the
/// crate's views must not pay an allocation for their arguments.
const INLINE: usize = 8;

/// Widened values: inline for short lists, on the heap past [`INLINE`]. Not part of the API.
#[doc(hidden)]
pub struct Ints(Repr);

enum Repr {
    Inline([i64; INLINE], usize),
    Heap(Vec<i64>),
}

impl Deref for Ints {
    type Target = [i64];

    #[inline]
    fn deref(&self) -> &[i64] {
        match &self.0 {
            // The length never exceeds INLINE (from_iter only builds Inline below it).
            Repr::Inline(values, len) => values.get(..*len).unwrap_or(&[]),
            Repr::Heap(values) => values,
        }
    }
}

impl Ints {
    /// Widens `len` values read by `get`, or the error naming the first that does not fit.
    #[inline]
    fn collect<I: PrimInt>(
        len: usize,
        argument: Argument,
        mut get: impl FnMut(usize) -> I,
    ) -> Result<Ints, Error> {
        let mut widen = |index: usize| {
            let v = get(index);
            v.to_i64().ok_or_else(|| Error::ValueOutOfRange {
                argument,
                index,
                value: decimal(v),
            })
        };
        if len <= INLINE {
            let mut values = [0i64; INLINE];
            for (index, slot) in values.iter_mut().take(len).enumerate() {
                *slot = widen(index)?;
            }
            Ok(Ints(Repr::Inline(values, len)))
        } else {
            let mut values = Vec::new();
            values
                .try_reserve_exact(len)
                .map_err(|_| Error::TooLarge { shape: vec![len] })?;
            for index in 0..len {
                values.push(widen(index)?);
            }
            Ok(Ints(Repr::Heap(values)))
        }
    }
}

/// `values` widened, or the error for the first one that does not fit in `i64`.
#[inline]
pub(crate) fn widen<L: IntList + ?Sized>(values: &L, argument: Argument) -> Result<Ints, Error> {
    values.__widen(argument)
}

impl<I: PrimInt> IntList for [I] {
    type Int = I;

    #[inline]
    fn __ints(&self) -> Cow<'_, [I]> {
        Cow::Borrowed(self)
    }

    #[inline]
    fn __widen(&self, argument: Argument) -> Result<Ints, Error> {
        // In range: collect reads indices below len only.
        Ints::collect(self.len(), argument, |i| {
            self.get(i).copied().unwrap_or(I::zero())
        })
    }

    private_impl! {}
}

impl<I: PrimInt, const N: usize> IntList for [I; N] {
    type Int = I;

    #[inline]
    fn __ints(&self) -> Cow<'_, [I]> {
        Cow::Borrowed(self)
    }

    #[inline]
    fn __widen(&self, argument: Argument) -> Result<Ints, Error> {
        self[..].__widen(argument)
    }

    private_impl! {}
}

impl<I: PrimInt> IntList for Vec<I> {
    type Int = I;

    #[inline]
    fn __ints(&self) -> Cow<'_, [I]> {
        Cow::Borrowed(self)
    }

    #[inline]
    fn __widen(&self, argument: Argument) -> Result<Ints, Error> {
        self[..].__widen(argument)
    }

    private_impl! {}
}

impl<I: PrimInt> IntList for ArrayRef<I, Ix1> {
    type Int = I;

    #[inline]
    fn __ints(&self) -> Cow<'_, [I]> {
        // Any layout: a strided or reversed view is copied in index order.
        match self.as_slice() {
            Some(values) => Cow::Borrowed(values),
            None => Cow::Owned(self.iter().copied().collect()),
        }
    }

    #[inline]
    fn __widen(&self, argument: Argument) -> Result<Ints, Error> {
        // Indexing follows the view's strides, whatever its layout.
        Ints::collect(self.len(), argument, |i| {
            self.get(i).copied().unwrap_or(I::zero())
        })
    }

    private_impl! {}
}

impl<I: PrimInt, S: Data<Elem = I>> IntList for ArrayBase<S, Ix1> {
    type Int = I;

    #[inline]
    fn __ints(&self) -> Cow<'_, [I]> {
        (**self).__ints()
    }

    #[inline]
    fn __widen(&self, argument: Argument) -> Result<Ints, Error> {
        (**self).__widen(argument)
    }

    private_impl! {}
}

/// Pairs widened, or the error for the first value (in row-major order) past `i64`.
fn widen_pairs<I: PrimInt>(
    len: usize,
    argument: Argument,
    get: impl Fn(usize, usize) -> I,
) -> Result<Vec<[i64; 2]>, Error> {
    let mut pairs = Vec::new();
    pairs.try_reserve_exact(len).map_err(|_| Error::TooLarge {
        shape: vec![len, 2],
    })?;
    for row in 0..len {
        let mut pair = [0i64; 2];
        for (column, slot) in pair.iter_mut().enumerate() {
            let v = get(row, column);
            *slot = v.to_i64().ok_or_else(|| Error::ValueOutOfRange {
                argument,
                index: row * 2 + column,
                value: decimal(v),
            })?;
        }
        pairs.push(pair);
    }
    Ok(pairs)
}

impl<I: PrimInt> IntPairs for [[I; 2]] {
    fn __shape(&self) -> [usize; 2] {
        [self.len(), 2]
    }

    fn __widen_pairs(&self, argument: Argument) -> Result<Vec<[i64; 2]>, Error> {
        widen_pairs(self.len(), argument, |r, c| {
            self.get(r).map_or(I::zero(), |pair| pair[c & 1])
        })
    }

    private_impl! {}
}

impl<I: PrimInt, const N: usize> IntPairs for [[I; 2]; N] {
    fn __shape(&self) -> [usize; 2] {
        [N, 2]
    }

    fn __widen_pairs(&self, argument: Argument) -> Result<Vec<[i64; 2]>, Error> {
        self[..].__widen_pairs(argument)
    }

    private_impl! {}
}

impl<I: PrimInt> IntPairs for Vec<[I; 2]> {
    fn __shape(&self) -> [usize; 2] {
        [self.len(), 2]
    }

    fn __widen_pairs(&self, argument: Argument) -> Result<Vec<[i64; 2]>, Error> {
        self[..].__widen_pairs(argument)
    }

    private_impl! {}
}

impl<I: PrimInt> IntPairs for ArrayRef<I, Ix2> {
    fn __shape(&self) -> [usize; 2] {
        [self.nrows(), self.ncols()]
    }

    fn __widen_pairs(&self, argument: Argument) -> Result<Vec<[i64; 2]>, Error> {
        widen_pairs(self.nrows(), argument, |r, c| {
            self.get([r, c]).copied().unwrap_or(I::zero())
        })
    }

    private_impl! {}
}

impl<I: PrimInt, S: Data<Elem = I>> IntPairs for ArrayBase<S, Ix2> {
    fn __shape(&self) -> [usize; 2] {
        (**self).__shape()
    }

    fn __widen_pairs(&self, argument: Argument) -> Result<Vec<[i64; 2]>, Error> {
        (**self).__widen_pairs(argument)
    }

    private_impl! {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array1, array, s};

    #[test]
    fn every_container_widens_the_same() {
        let expected: &[i64] = &[3, -1, 2];
        assert_eq!(&*widen(&[3i8, -1, 2], Argument::Begin).unwrap(), expected);
        assert_eq!(
            &*widen(&vec![3isize, -1, 2], Argument::Begin).unwrap(),
            expected
        );
        assert_eq!(
            &*widen(&[3i128, -1, 2][..], Argument::Begin).unwrap(),
            expected
        );
        let a: Array1<i32> = array![2, -1, 3];
        assert_eq!(
            &*widen(&a.slice(s![..;-1]), Argument::Begin).unwrap(),
            expected
        );
        let long: Vec<u16> = (0..20).collect();
        assert_eq!(widen(&long, Argument::Size).unwrap().len(), 20);
        assert_eq!(widen(&long, Argument::Size).unwrap()[19], 19);
    }

    #[test]
    fn values_past_i64_name_their_index() {
        let err = widen(&[0u64, u64::MAX], Argument::End).err().unwrap();
        assert_eq!(
            err,
            Error::ValueOutOfRange {
                argument: Argument::End,
                index: 1,
                value: u64::MAX.to_string()
            }
        );
        let long = vec![i128::MAX; 12];
        assert!(widen(&long, Argument::Size).is_err());
    }

    #[test]
    fn pairs_from_every_container() {
        let expected = vec![[1i64, 2], [3, 4]];
        assert_eq!(
            [[1u8, 2], [3, 4]].__widen_pairs(Argument::Begin).unwrap(),
            expected
        );
        let a = array![[1, 3], [2, 4]];
        assert_eq!(a.t().__widen_pairs(Argument::Begin).unwrap(), expected);
        assert_eq!(a.t().__shape(), [2, 2]);
        assert_eq!(array![[1, 2, 3]].__shape(), [1, 3]);
    }
}
