//! `tf.meshgrid`: coordinate grids from 1-D inputs, as broadcast views (no copy).

use std::ops::Deref;

use ndarray::{ArrayRef, ArrayView, Ix1, IxDyn};

use crate::error::Error;

/// The `indexing` argument of [`tf_meshgrid`]: which of the first two axes the first input runs
/// along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indexing {
    /// `indexing='xy'` (TensorFlow's default): Cartesian, the first input runs along axis 1 and
    /// the second along axis 0 (with two or more inputs).
    Xy,
    /// `indexing='ij'`: matrix indexing, input `i` runs along axis `i`.
    Ij,
}

/// `tf.meshgrid(*inputs, indexing=..)`: one grid per input, each of rank `inputs.len()`, where
/// grid `i` holds input `i`'s values along its axis and repeats them along the others.
///
/// With `N` inputs of lengths `n0, n1, ..`, the grids have shape `(n0, n1, n2, ..)` for
/// [`Indexing::Ij`] and `(n1, n0, n2, ..)` for [`Indexing::Xy`] (one input: `(n0)` either way).
/// TensorFlow copies every grid; here each is a broadcast view of its input (stride 0 along the
/// other axes), so they cost nothing; `.to_owned()` makes a copy where one is needed.
///
/// The inputs are 1-D arrays of any kind (owned, views, `ArcArray`; anything that dereferences
/// to ndarray's `ArrayRef<A, Ix1>`); the grids borrow from the list, so bind it to a variable. TensorFlow flattens inputs of higher rank; flatten them
/// first (`x.flatten()`, or `x.tf_reshape([-1])?`). No inputs give no grids.
///
/// # Errors
/// - [`Error::TooLarge`]: the grid's shape has more elements than `isize` can count.
///
/// # Example
/// TensorFlow's own example (`tf.meshgrid` documentation):
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![1, 2, 3];
/// let y = array![4, 5, 6];
/// let inputs = [x, y];
/// let grids = tf_meshgrid(&inputs, Indexing::Xy)?;
/// assert_eq!(grids[0], array![[1, 2, 3], [1, 2, 3], [1, 2, 3]].into_dyn());
/// assert_eq!(grids[1], array![[4, 4, 4], [5, 5, 5], [6, 6, 6]].into_dyn());
///
/// // Matrix indexing, inputs of different lengths, views.
/// let (a, b) = (array![1, 2, 3], array![7, 8]);
/// let views = [a.view(), b.view()];
/// let grids = tf_meshgrid(&views, Indexing::Ij)?;
/// assert_eq!(grids[0], array![[1, 1], [2, 2], [3, 3]].into_dyn());
/// assert_eq!(grids[1], array![[7, 8], [7, 8], [7, 8]].into_dyn());
/// // Broadcast views: nothing was copied.
/// assert_eq!(grids[1].strides(), &[0, 1]);
/// # Ok::<(), Error>(())
/// ```
pub fn tf_meshgrid<A, V>(
    inputs: &[V],
    indexing: Indexing,
) -> Result<Vec<ArrayView<'_, A, IxDyn>>, Error>
where
    V: Deref<Target = ArrayRef<A, Ix1>>,
{
    let n = inputs.len();
    let mut shape: Vec<usize> = inputs.iter().map(|x| x.len()).collect();
    // Which output axis input i runs along.
    let along = |i: usize| match (indexing, i) {
        (Indexing::Xy, 0) if n > 1 => 1,
        (Indexing::Xy, 1) => 0,
        _ => i,
    };
    if indexing == Indexing::Xy && n > 1 {
        shape.swap(0, 1);
    }
    let too_large = || Error::TooLarge {
        shape: shape.clone(),
    };
    let mut grids = Vec::with_capacity(n);
    for (i, x) in inputs.iter().enumerate() {
        let axis = along(i);
        // ndarray broadcasts from the right: broadcast to the shape with `axis` moved last, then
        // move it back.
        let mut target: Vec<usize> = Vec::with_capacity(n);
        let mut perm: Vec<usize> = vec![0; n];
        for (k, &d) in shape.iter().enumerate() {
            if k != axis {
                perm[k] = target.len();
                target.push(d);
            }
        }
        perm[axis] = n - 1;
        target.push(shape[axis]);
        let x: &ArrayRef<A, Ix1> = x;
        let grid = x.broadcast(IxDyn(&target)).ok_or_else(too_large)?;
        grids.push(grid.permuted_axes(IxDyn(&perm)));
    }
    Ok(grids)
}
