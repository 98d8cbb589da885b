//! `tf.reshape`: the same elements in C order under another shape, with TensorFlow's `-1`
//! inference and checks; a view where the input's strides allow one, a C-order copy otherwise.

use ndarray::{ArrayRef, CowArray, Dim, Dimension, Ix, IxDyn, Order};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::util::alloc::{check_size, try_vec};
use crate::util::copy::extend_c_order;
use crate::util::owned::from_c_order;
use crate::util::sealed::{private_decl, private_impl};
use crate::util::values::Values;

/// The `shape` argument of [`tf_reshape`](ReshapeExt::tf_reshape): a list of integers of any
/// primitive type, whose Rust type also fixes the result's dimension type.
///
/// A fixed-size array `[I; N]` (or `&[I; N]`, `N` up to 6) gives an `N`-dimensional result
/// (`Ix2` for `[2, -1]`); a slice `&[I]`, a `Vec<I>` or `&Vec<I>` gives [`IxDyn`](type@ndarray::IxDyn).
///
/// The trait is sealed: it cannot be implemented outside this crate.
pub trait ReshapeShape {
    /// The integer type of the sizes.
    type Int: PrimInt;
    /// The result's dimension type.
    type Dim: Dimension;
    /// The sizes, in order.
    fn sizes(&self) -> &[Self::Int];
    private_decl! {}
}

macro_rules! fixed_shape {
    ($($n:literal),*) => {$(
        impl<I: PrimInt> ReshapeShape for [I; $n] {
            type Int = I;
            type Dim = Dim<[Ix; $n]>;
            fn sizes(&self) -> &[I] {
                self
            }
            private_impl! {}
        }
        impl<I: PrimInt> ReshapeShape for &[I; $n] {
            type Int = I;
            type Dim = Dim<[Ix; $n]>;
            fn sizes(&self) -> &[I] {
                *self
            }
            private_impl! {}
        }
    )*};
}

fixed_shape!(0, 1, 2, 3, 4, 5, 6);

impl<I: PrimInt> ReshapeShape for &[I] {
    type Int = I;
    type Dim = IxDyn;
    fn sizes(&self) -> &[I] {
        self
    }
    private_impl! {}
}

impl<I: PrimInt> ReshapeShape for Vec<I> {
    type Int = I;
    type Dim = IxDyn;
    fn sizes(&self) -> &[I] {
        self
    }
    private_impl! {}
}

impl<I: PrimInt> ReshapeShape for &Vec<I> {
    type Int = I;
    type Dim = IxDyn;
    fn sizes(&self) -> &[I] {
        self
    }
    private_impl! {}
}

/// `tf.reshape` as a method of every ndarray array (owned, views, `ArcArray`, `CowArray`; any
/// dimension type).
pub trait ReshapeExt<A, D: Dimension> {
    /// `tf.reshape(self, shape)`: the elements of `self` in row-major (C) order, laid out in
    /// `shape`. One size may be `-1`: it is inferred so the element count stays the same.
    ///
    /// The result is a view ([`CowArray`] with `is_view()`) whenever the input's strides allow one (every
    /// standard-layout array, and many strided views), and an owned C-order copy otherwise (a
    /// transposed view reshaped across its permuted axes, say): ndarray's
    /// `into_shape_with_order`, which fails at run time on such views, is not needed. The result's
    /// dimension type follows `shape`'s Rust type: `[I; N]` gives `Dim<[usize; N]>`, a slice or
    /// `Vec` gives `IxDyn` (see [`ReshapeShape`]).
    ///
    /// TensorFlow's rules, in its order: sizes are read left to right, a second `-1` or a size
    /// below `-1` is an error there, and so is a size that takes the count of the sizes so far
    /// past `i64` (a `0` before it stops that check). With a `-1`, the sizes given must divide
    /// the element count; when `shape` holds a `0`, the input's zero axes are left out of that
    /// count, so `tf.reshape` of a `(0, 3)` array to `[-1, 0]` is `(3, 0)`. Finally the counts
    /// must agree.
    ///
    /// # Errors
    /// - [`Error::ValueOutOfRange`]: a size does not fit in `i64`.
    /// - [`Error::ReshapeMultipleInferred`]: a second `-1`.
    /// - [`Error::ReshapeNegativeSize`]: a size below `-1`.
    /// - [`Error::ReshapeTooManyElements`]: the sizes multiply past `i64`.
    /// - [`Error::ReshapeNotMultiple`]: with a `-1`, the other sizes do not divide the count.
    /// - [`Error::ReshapeCountMismatch`]: the requested shape has another element count.
    /// - [`Error::TooLarge`]: an empty result whose non-zero sizes multiply past `isize`
    ///   (TensorFlow accepts `[0, 2**62, 2**62]`; ndarray cannot hold it), or a copy that does not
    ///   fit in memory.
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.reshape` documentation):
    /// ```
    /// use ndarray::{arr0, array, Ix1};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let t1 = array![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t1.tf_reshape([6])?, array![1, 2, 3, 4, 5, 6]);
    /// let t2 = t1.tf_reshape([6])?;
    /// assert_eq!(t2.tf_reshape([3, 2])?, array![[1, 2], [3, 4], [5, 6]]);
    ///
    /// // If one component of shape is the special value -1, the size of that dimension is
    /// // computed so that the total size remains constant.
    /// assert_eq!(t1.tf_reshape([-1])?, array![1, 2, 3, 4, 5, 6]);
    /// let t = array![[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]];
    /// assert_eq!(
    ///     t.tf_reshape([2, -1])?,
    ///     array![[1, 1, 1, 2, 2, 2, 3, 3, 3], [4, 4, 4, 5, 5, 5, 6, 6, 6]]
    /// );
    /// assert_eq!(t.tf_reshape([-1, 9])?.shape(), &[2, 9]);
    /// assert_eq!(
    ///     t.tf_reshape([2, -1, 3])?,
    ///     array![[[1, 1, 1], [2, 2, 2], [3, 3, 3]], [[4, 4, 4], [5, 5, 5], [6, 6, 6]]]
    /// );
    /// // tf.reshape([7], []) is the scalar 7.
    /// assert_eq!(array![7].tf_reshape([0u8; 0])?, arr0(7));
    ///
    /// // A view where the layout allows it; a C-order copy of a transposed view otherwise.
    /// assert!(t1.tf_reshape([3, 2])?.is_view());
    /// let transposed = t1.t();
    /// let tt = transposed.tf_reshape([-1])?;
    /// assert!(!tt.is_view());
    /// assert_eq!(tt, array![1, 4, 2, 5, 3, 6]);
    ///
    /// // A slice or Vec gives IxDyn.
    /// let shape: Vec<i64> = vec![3, -1];
    /// assert_eq!(t1.tf_reshape(&shape)?.shape(), &[3, 2]);
    ///
    /// // TensorFlow's errors and words.
    /// let err = t1.tf_reshape([4, -1]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Input to reshape is a tensor with 6 values, but the requested shape requires a multiple of 4"
    /// );
    /// assert!(matches!(t1.tf_reshape([-1, -1]), Err(Error::ReshapeMultipleInferred { first: 0, second: 1 })));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_reshape<S: ReshapeShape>(&self, shape: S) -> Result<CowArray<'_, A, S::Dim>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> ReshapeExt<A, D> for ArrayRef<A, D> {
    fn tf_reshape<S: ReshapeShape>(&self, shape: S) -> Result<CowArray<'_, A, S::Dim>, Error>
    where
        A: Clone,
    {
        let sizes = shape.sizes();
        let dims = reshaped_dims(self.shape(), sizes)?;
        // A fixed-size shape has the rank of its type; a dynamic one any rank.
        let mut dim = S::Dim::zeros(dims.len());
        dim.slice_mut().copy_from_slice(&dims);
        // ndarray needs the product of the non-zero axes to fit in isize, even when empty.
        check_size::<u8>(&dims)?;
        if self.is_standard_layout() || view_possible(self.shape(), self.strides(), &dims) {
            // A view: ndarray's `to_shape` finds the strides (no copy is made on this path).
            return self
                .to_shape((dim, Order::RowMajor))
                .map_err(|e| Error::Internal(format!("ndarray refused a reshape: {e}")));
        }
        // Reserved fallibly (a broadcast input may stand for more elements than fit in memory),
        // then filled by the copy engine, like every owned result. ndarray's element iterator,
        // used here before, walks an `IxDyn` view through its dynamic index: on the transposed
        // (16, 224, 224, 3) view of `benches/shape.rs`, 28 ms as an `ArrayD` against 2.5 ms as
        // an `Array4`.
        let mut data = try_vec::<A>(&dims)?;
        extend_c_order(&mut data, &self.view());
        from_c_order(dim, data).map(CowArray::from)
    }

    private_impl! {}
}

/// TensorFlow's `Reshape` on the sizes: the result's shape, or TensorFlow's error.
pub(crate) fn reshaped_dims<I: PrimInt>(input: &[usize], sizes: &[I]) -> Result<Vec<usize>, Error> {
    let values = Values::new(sizes, Argument::Shape)?;
    let all = || {
        (0..sizes.len())
            .map(|i| values.get(i))
            .collect::<Vec<i64>>()
    };
    let mut dims: Vec<u64> = Vec::with_capacity(sizes.len());
    let mut unknown: Option<usize> = None;
    let mut has_zero = false;
    // The product of the sizes given, zeros and the -1 left out (TensorFlow's `product`).
    let mut product: u64 = 1;
    // The element count of the sizes so far, a -1 counted as 1 (`shape->num_elements()`).
    let mut count: u64 = 1;
    for i in 0..sizes.len() {
        let size = values.get(i);
        if size == -1 {
            if let Some(first) = unknown {
                return Err(Error::ReshapeMultipleInferred { first, second: i });
            }
            unknown = Some(i);
            dims.push(1);
        } else if size < 0 {
            return Err(Error::ReshapeNegativeSize { index: i, size });
        } else if size == 0 {
            dims.push(0);
            has_zero = true;
            count = 0;
        } else {
            let size = size.unsigned_abs();
            // TensorFlow's MultiplyWithoutOverflow: the count times the size within i64.
            match count.checked_mul(size) {
                Some(c) if c <= i64::MAX as u64 => count = c,
                _ => return Err(Error::ReshapeTooManyElements { shape: all() }),
            }
            dims.push(size);
            // Past i64 only after a 0 (which stops the check above): the result is empty, and
            // such sizes cannot be an ndarray shape anyway (TooLarge below).
            product = product.saturating_mul(size);
        }
    }
    let values_in = input.iter().product::<usize>();
    if let Some(u) = unknown {
        // With a 0 in the sizes, the input's zero axes are left out, so the other sizes can still
        // be inferred (`(0, 3)` to `[-1, 0]` is `(3, 0)`).
        let counted = |&&d: &&usize| d > 0 || !has_zero;
        let input_count = input.iter().filter(counted).product::<usize>() as u64;
        let input_has_zero = has_zero && input.contains(&0);
        let missing = input_count / product.max(1);
        if !input_has_zero && product.checked_mul(missing) != Some(input_count) {
            return Err(Error::ReshapeNotMultiple {
                values: input_count as usize,
                product,
            });
        }
        if let Some(d) = dims.get_mut(u) {
            *d = missing;
        }
    }
    let requested = if dims.contains(&0) {
        0
    } else {
        dims.iter()
            .try_fold(1u64, |n, &d| n.checked_mul(d))
            .unwrap_or(u64::MAX)
    };
    if requested != values_in as u64 {
        return Err(Error::ReshapeCountMismatch {
            values: values_in,
            requested,
        });
    }
    dims.iter()
        .map(|&d| usize::try_from(d))
        .collect::<Result<Vec<usize>, _>>()
        .map_err(|_| Error::TooLarge {
            shape: dims
                .iter()
                .map(|&d| usize::try_from(d).unwrap_or(usize::MAX))
                .collect(),
        })
}

/// Whether the elements of an array of `shape` and `strides`, in row-major order, can be seen
/// as an array of `dims` without a copy (NumPy's `_attempt_nocopy_reshape`): each group of input
/// axes that makes up a group of output axes must be contiguous with itself. Axes of length 1
/// are ignored; an empty array is always a view. A `false` only costs a copy, never a wrong
/// result: ndarray's `to_shape` makes the view itself.
fn view_possible(shape: &[usize], strides: &[isize], dims: &[usize]) -> bool {
    if shape.contains(&0) {
        return true;
    }
    let old: Vec<(usize, isize)> = shape
        .iter()
        .zip(strides)
        .filter(|(d, _)| **d != 1)
        .map(|(&d, &s)| (d, s))
        .collect();
    let new: Vec<usize> = dims.iter().copied().filter(|&d| d != 1).collect();
    let (mut oi, mut ni) = (0, 0);
    while oi < old.len() && ni < new.len() {
        let (mut oj, mut nj) = (oi + 1, ni + 1);
        let mut op = old[oi].0;
        let mut np = new[ni];
        while op != np {
            if np < op {
                match new.get(nj) {
                    Some(&d) => np = np.saturating_mul(d),
                    None => return false,
                }
                nj += 1;
            } else {
                match old.get(oj) {
                    Some(&(d, _)) => op = op.saturating_mul(d),
                    None => return false,
                }
                oj += 1;
            }
        }
        // Input axes oi..oj merge into one run: each stride is the next one's times its length.
        for k in oi..oj - 1 {
            let (_, s) = old[k];
            let (d, s_next) = old[k + 1];
            if isize::try_from(d).ok().and_then(|d| d.checked_mul(s_next)) != Some(s) {
                return false;
            }
        }
        oi = oj;
        ni = nj;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tf_inference_with_zero_sizes() {
        assert_eq!(reshaped_dims(&[0, 3], &[-1, 0]), Ok(vec![3, 0]));
        assert_eq!(reshaped_dims(&[0, 3], &[5, -1]), Ok(vec![5, 0]));
        assert_eq!(reshaped_dims(&[0, 5], &[-1, 0, 2]), Ok(vec![2, 0, 2]));
        assert_eq!(reshaped_dims(&[0, 3], &[3, 0, -1]), Ok(vec![3, 0, 1]));
        assert_eq!(
            reshaped_dims(&[2, 3], &[0, -1]),
            Err(Error::ReshapeCountMismatch {
                values: 6,
                requested: 0
            })
        );
    }

    #[test]
    fn views_of_strided_layouts() {
        // (2, 3) transposed: shape (3, 2), strides (1, 3): flattening needs a copy.
        assert!(!view_possible(&[3, 2], &[1, 3], &[6]));
        // Splitting one axis of a strided view is a view.
        assert!(view_possible(&[6], &[2], &[2, 3]));
        // Merging the last two axes of a slice whose rows are padded is not.
        assert!(!view_possible(&[2, 3], &[4, 1], &[6]));
        assert!(view_possible(&[2, 3], &[4, 1], &[2, 1, 3]));
    }
}
