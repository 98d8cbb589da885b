//! `tf_unique_with_counts`: TensorFlow's `tf.unique_with_counts` (and so `tf.unique`), and
//! [`UniqueElement`], the equality both it and `tf_setdiff1d` use.

use std::collections::HashMap;
use std::hash::Hash;

use ndarray::{Array1, ArrayRef, Ix1};

mod sealed {
    /// Only this crate implements [`UniqueElement`](super::UniqueElement).
    pub trait Sealed {}
}

/// The element types `tf_unique_with_counts` and `tf_setdiff1d` take: every primitive integer,
/// `bool`, `f32` and `f64`, compared as TensorFlow's kernels compare them (they hash each
/// element).
///
/// Floats are equal when their bits are, after `-0.0` became `0.0`: so `-0.0` and `0.0` are one
/// value (the first occurrence's sign is kept in the result), and every NaN is a value of its
/// own, never equal to another NaN (TensorFlow 2.21's behaviour for `float32` and `float64`;
/// its `float16` keeps `-0.0` and `0.0` apart, a type this crate does not take). Sealed: it
/// cannot be implemented outside this crate.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let (values, idx, counts) = tf_unique_with_counts(&array![-0.0, 0.0, f64::NAN, f64::NAN]);
/// assert!(values[0] == 0.0 && values[0].is_sign_negative());
/// assert!(values[1].is_nan() && values[2].is_nan());
/// assert_eq!((idx, counts), (array![0, 0, 1, 2], array![2, 1, 1]));
/// ```
pub trait UniqueElement: Clone + sealed::Sealed {
    /// What two elements are compared by: `None` for an element equal to nothing (a NaN).
    #[doc(hidden)]
    type Key: Eq + Hash;
    /// This element's key.
    #[doc(hidden)]
    fn unique_key(&self) -> Option<Self::Key>;
}

macro_rules! exact_key {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl UniqueElement for $t {
            type Key = $t;
            #[inline]
            fn unique_key(&self) -> Option<$t> {
                Some(*self)
            }
        }
    )*};
}
exact_key!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize bool);

macro_rules! float_key {
    ($($t:ty => $bits:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl UniqueElement for $t {
            type Key = $bits;
            #[inline]
            fn unique_key(&self) -> Option<$bits> {
                if self.is_nan() {
                    None
                } else if *self == 0.0 {
                    Some(0)
                } else {
                    Some(self.to_bits())
                }
            }
        }
    )*};
}
float_key!(f32 => u32, f64 => u64);

/// `tf.unique_with_counts(x)`: the distinct values of `x` in the order they first occur, for
/// each element of `x` the position of its value among them, and how often each value occurs.
/// `tf.unique(x)` is the first two.
///
/// `x` is 1-D, as TensorFlow requires ("unique expects a 1D vector."): here the type says so,
/// so an array of another rank does not compile (`.into_dimensionality::<Ix1>()` or
/// `.flatten()` first). Equality is [`UniqueElement`]'s: `-0.0` equals `0.0`, no NaN equals
/// anything. TensorFlow's `out_idx` (`int32` or `int64`) is `usize` here. Nothing can fail: the
/// results are never larger than `x`.
///
/// TensorFlow's `float16` / `bfloat16` inputs have no counterpart: this crate has no half-float
/// dependency, so [`UniqueElement`] is not implemented for any half type (convert to `f32`).
///
/// # Example
/// TensorFlow's documentation of `tf.unique_with_counts`.
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![1, 1, 2, 4, 4, 4, 7, 8, 8];
/// let (y, idx, count) = tf_unique_with_counts(&x);
/// assert_eq!(y, array![1, 2, 4, 7, 8]);
/// assert_eq!(idx, array![0, 0, 1, 2, 2, 2, 3, 4, 4]);
/// assert_eq!(count, array![2, 1, 3, 1, 2]);
/// ```
pub fn tf_unique_with_counts<A: UniqueElement>(
    x: &ArrayRef<A, Ix1>,
) -> (Array1<A>, Array1<usize>, Array1<usize>) {
    let mut first: HashMap<A::Key, usize> = HashMap::new();
    let mut values = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut idx = Vec::with_capacity(x.len());
    for a in x {
        let next = values.len();
        let at = match a.unique_key() {
            Some(key) => *first.entry(key).or_insert(next),
            None => next,
        };
        if at == next {
            values.push(a.clone());
            counts.push(0);
        }
        if let Some(c) = counts.get_mut(at) {
            *c += 1;
        }
        idx.push(at);
    }
    (
        Array1::from(values),
        Array1::from(idx),
        Array1::from(counts),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{array, s};

    #[test]
    fn empty_and_strided_inputs() {
        let (v, i, c) = tf_unique_with_counts(&Array1::<u8>::zeros(0));
        assert_eq!((v.len(), i.len(), c.len()), (0, 0, 0));
        let x = array![3, 9, 1, 9, 3, 9];
        let (v, i, c) = tf_unique_with_counts(&x.slice(s![..;2]));
        assert_eq!(v, array![3, 1]);
        assert_eq!(i, array![0, 1, 0]);
        assert_eq!(c, array![2, 1]);
    }
}
