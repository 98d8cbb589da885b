//! `tf_setdiff1d`: TensorFlow's `tf.compat.v1.setdiff1d` (`ListDiff`).

use std::collections::HashSet;

use ndarray::{Array1, ArrayRef, Ix1};

use super::unique::UniqueElement;

/// `tf.compat.v1.setdiff1d(x, y)`: the elements of `x` that are not in `y`, in the order of
/// `x` (duplicates kept), and their positions in `x`.
///
/// Both are 1-D, as TensorFlow requires ("x should be a 1D vector."): here the types say so.
/// Equality is [`UniqueElement`]'s: `0.0` in `y` removes `-0.0` from `x`, and a NaN of `x` is
/// never removed (no NaN equals anything). TensorFlow's `out_idx` (`int32` or `int64`) is
/// `usize` here. Nothing can fail. (TensorFlow's kernel takes no `bool`; this function does.)
///
/// # Example
/// TensorFlow's documentation of `tf.compat.v1.setdiff1d`.
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![1, 2, 3, 4, 5, 6];
/// let y = array![1, 3, 5];
/// let (out, idx) = tf_setdiff1d(&x, &y);
/// assert_eq!(out, array![2, 4, 6]);
/// assert_eq!(idx, array![1, 3, 5]);
/// ```
pub fn tf_setdiff1d<A: UniqueElement>(
    x: &ArrayRef<A, Ix1>,
    y: &ArrayRef<A, Ix1>,
) -> (Array1<A>, Array1<usize>) {
    let remove: HashSet<A::Key> = y.iter().filter_map(UniqueElement::unique_key).collect();
    let mut out = Vec::new();
    let mut idx = Vec::new();
    for (i, a) in x.iter().enumerate() {
        let removed = a.unique_key().is_some_and(|k| remove.contains(&k));
        if !removed {
            out.push(a.clone());
            idx.push(i);
        }
    }
    (Array1::from(out), Array1::from(idx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    #[test]
    fn duplicates_kept_nan_never_removed() {
        let (out, idx) = tf_setdiff1d(&array![3, 1, 3, 2, 1], &array![2]);
        assert_eq!((out, idx), (array![3, 1, 3, 1], array![0, 1, 2, 4]));
        let (out, idx) = tf_setdiff1d(&array![f32::NAN, 1.0, -0.0, 0.0], &array![f32::NAN, 0.0]);
        assert!(out[0].is_nan());
        assert_eq!(out[1], 1.0);
        assert_eq!(idx, array![0, 1]);
    }
}
