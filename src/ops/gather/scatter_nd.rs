//! `ScatterNdExt` and `tf_scatter_nd`: the write side of `tf.gather_nd`. TensorFlow's
//! `tf.scatter_nd`, `tf.tensor_scatter_nd_update` / `tf.tensor_scatter_nd_add` (new arrays) and
//! the variable ops `scatter_nd_update` / `scatter_nd_add` (in place).
//!
//! Every form validates everything first (shapes, then every index vector) and only then
//! writes, so an `Err` leaves the in-place forms' array untouched (TensorFlow's variable ops
//! have already written the valid updates, before and after the bad index, when they fail).

use ndarray::{Array, ArrayD, ArrayRef, Dimension, IxDyn};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::util::alloc::try_vec;
use crate::util::owned::{c_order, from_c_order, owned_copy};
use crate::util::sealed::{private_decl, private_impl};
use crate::util::shape::{checked_product as product, unravel};

use super::gather_nd::{index_vector, vector_offset};

mod sealed {
    /// Only this crate implements [`ScatterAdd`](super::ScatterAdd).
    pub trait Sealed {}
}

/// The element types the adding scatter ops take: every primitive integer, `f32`, `f64` and
/// `bool`, added as TensorFlow's C++ kernels add them.
///
/// Integers wrap on overflow (TensorFlow's `int8` `100 + 100` is `-56`; Rust's `+` would panic
/// in a debug build), floats add in the order the updates are listed (so the sums equal
/// TensorFlow's bit for bit), and `bool` adds as logical or (`True + True` is `True` in
/// `tf.scatter_nd`). Sealed: it cannot be implemented outside this crate.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let sums = tf_scatter_nd(&array![[1], [1]], &array![100i8, 100], &[3])?;
/// assert_eq!(sums, array![0, -56, 0].into_dyn());
/// # Ok::<(), Error>(())
/// ```
pub trait ScatterAdd: Clone + sealed::Sealed {
    /// The value `tf.scatter_nd` fills the output with before adding: `0`, `0.0`, `false`.
    /// (Not `zero`: a user's `num_traits::Zero` in scope must not become ambiguous.)
    fn scatter_zero() -> Self;
    /// `*self += other` as TensorFlow adds.
    fn scatter_add(&mut self, other: &Self);
}

macro_rules! wrapping_add {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl ScatterAdd for $t {
            #[inline]
            fn scatter_zero() -> Self {
                0
            }
            #[inline]
            fn scatter_add(&mut self, other: &Self) {
                *self = self.wrapping_add(*other);
            }
        }
    )*};
}
wrapping_add!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! float_add {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl ScatterAdd for $t {
            #[inline]
            fn scatter_zero() -> Self {
                0.0
            }
            #[inline]
            fn scatter_add(&mut self, other: &Self) {
                *self += *other;
            }
        }
    )*};
}
float_add!(f32 f64);

impl sealed::Sealed for bool {}
impl ScatterAdd for bool {
    fn scatter_zero() -> Self {
        false
    }
    fn scatter_add(&mut self, other: &Self) {
        *self |= *other;
    }
}

/// `tf.scatter_nd(indices, updates, shape)`: an array of `shape`, zero (see [`ScatterAdd`])
/// except where `indices` sends `updates`, duplicates added.
///
/// `indices` has shape `[d_0, ..., d_{K-1}, C]`: each of its `d_0 * ... * d_{K-1}` index
/// vectors of length `C` names the element (if `C = shape.len()`) or the slice
/// `out[v_0, ..., v_{C-1}, ...]` that the update of the same position in `updates` is added to;
/// `updates` has shape `[d_0, ..., d_{K-1}] + shape[C..]`. Updates are added in row-major
/// order of `indices`, as TensorFlow's CPU kernel adds them.
///
/// `indices` may be any ndarray array of any primitive integer type (TensorFlow takes `int32`
/// and `int64`) of rank at least 2; `shape` any integer list ([`IntList`]: a slice, array,
/// `Vec` or 1-D ndarray array of any primitive integer type). The result is a new array
/// in standard layout. See [`ScatterNdExt`] for the forms that write into an existing array.
///
/// TensorFlow's own rules, kept: a negative index is out of bounds (no negative indexing); of
/// several bad index vectors the last (in row-major order) is reported; empty index vectors
/// (`C = 0`) are an error unless the output is empty; whether indices and updates may be
/// empty is decided by TensorFlow's rule (see [`Error::ScatterEmpty`]), in which a 0-d `shape`
/// counts as empty.
///
/// Where this crate differs from TensorFlow: 1-D `indices` are refused (see
/// [`Error::ScatterIndicesRank`]); where `updates` has fewer dims than `indices.shape[..-1]`
/// and the ones it has match, TensorFlow aborts the whole process (`Check failed: d < dims()`)
/// and this crate returns [`Error::ScatterOuterShape`]; index vectors may be longer than 7
/// (TensorFlow's kernel limit).
///
/// # Errors
/// In TensorFlow's order:
/// - [`Error::ScatterIndicesRank`]: `indices` has rank 0 or 1.
/// - [`Error::ScatterUpdatesScalar`]: `updates` is 0-d.
/// - [`Error::ValueOutOfRange`] (argument `shape`): an entry of `shape` past `i64`.
/// - [`Error::NegativeDimension`]: a negative entry of `shape`.
/// - [`Error::ScatterEmpty`]: exactly one of `indices` and `updates` is empty, or both are not
///   and `shape` is `[]`.
/// - [`Error::ScatterOuterShape`]: `updates.shape[..K]` is not `indices.shape[..K]`.
/// - [`Error::ScatterInnerShape`]: `updates.shape[K..]` is not `shape[C..]` (in rank or in a
///   dimension; `C > shape.len()` included).
/// - [`Error::ScatterScalarOutput`]: `shape` is `[]` (with empty `indices` and `updates`).
/// - [`Error::ScatterEmpty`]: the output is empty, `indices` and `updates` are not.
/// - [`Error::TooLarge`]: the output's size overflows `isize`, or cannot be allocated.
/// - [`Error::ScatterEmptyIndexVector`]: `C = 0` and the output is not empty.
/// - [`Error::ValueOutOfRange`] (argument `indices`): the bad index vector reported holds a
///   value that does not fit in `i64`.
/// - [`Error::ScatterOutOfBounds`]: an index vector outside `shape`.
///
/// # Example
/// TensorFlow's documentation of `tf.scatter_nd`: four elements into a vector, then two
/// slices into a rank-3 tensor; and duplicates, which add.
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let out = tf_scatter_nd(&array![[4], [3], [1], [7]], &array![9, 10, 11, 12], &[8])?;
/// assert_eq!(out, array![0, 11, 0, 10, 9, 0, 0, 12].into_dyn());
///
/// let slice = array![[5, 5, 5, 5], [6, 6, 6, 6], [7, 7, 7, 7], [8, 8, 8, 8]];
/// let updates = ndarray::stack![ndarray::Axis(0), slice, slice];
/// let out = tf_scatter_nd(&array![[0], [2]], &updates, &[4, 4, 4])?;
/// let zero = ndarray::Array2::zeros((4, 4));
/// assert_eq!(out, ndarray::stack![ndarray::Axis(0), slice, zero, slice, zero].into_dyn());
///
/// assert_eq!(tf_scatter_nd(&array![[1], [1]], &array![1.5, 2.25], &[3])?, array![0.0, 3.75, 0.0].into_dyn());
/// let err = tf_scatter_nd(&array![[8]], &array![1], &[8]).unwrap_err();
/// assert_eq!(err.to_string(), "indices[0] = [8] does not index into shape [8]");
/// # Ok::<(), Error>(())
/// ```
pub fn tf_scatter_nd<A, I, L, E, F>(
    indices: &ArrayRef<I, E>,
    updates: &ArrayRef<A, F>,
    shape: &L,
) -> Result<ArrayD<A>, Error>
where
    A: ScatterAdd,
    I: PrimInt,
    L: IntList + ?Sized,
    E: Dimension,
    F: Dimension,
{
    let op = "tf_scatter_nd";
    let (ishape, ushape) = (indices.shape(), updates.shape());
    check_ranks(ishape, ushape)?;
    let out_shape = output_shape(shape)?;
    // TensorFlow's ScatterNd counts the entries of `shape` here, not the output's elements.
    check_empty(out_shape.len(), &out_shape, ishape, ushape)?;
    let geometry = Geometry::new(op, &out_shape, ishape, ushape)?;
    if out_shape.is_empty() {
        return Err(Error::ScatterScalarOutput);
    }
    let elements = product(&out_shape).unwrap_or(usize::MAX);
    check_empty(elements, &out_shape, ishape, ushape)?;
    let mut data = try_vec::<A>(&out_shape)?;
    let offsets = geometry.offsets(&c_order(indices)?, elements)?;
    data.resize(elements, A::scatter_zero());
    geometry.apply(
        &mut data,
        &offsets,
        &c_order(updates)?,
        ScatterAdd::scatter_add,
    )?;
    from_c_order(IxDyn(&out_shape), data)
}

/// TensorFlow's `tf.tensor_scatter_nd_update` / `tf.tensor_scatter_nd_add` (new arrays) and the
/// variable ops `scatter_nd_update` / `scatter_nd_add` (in place), as methods of every ndarray
/// array (owned, views, `ArcArray`, `CowArray`; any dimension type).
///
/// The index rules are [`tf_scatter_nd`]'s with the output's shape the shape of `self`: an
/// index vector of length `C` names an element or a slice `self[v_0, ..., v_{C-1}, ...]`, and
/// `updates` has shape `indices.shape[..-1] + self.shape[C..]`.
///
/// The in-place forms take TensorFlow's tensor ops' checks and messages (TensorFlow's variable
/// ops check less, word things otherwise, and apply only the first index of 1-D `indices`),
/// and write nothing unless every check passes: when TensorFlow's variable ops report a bad
/// index they have already written the valid updates (those listed after it too).
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let mut x = array![1, 2, 3, 4];
/// x.tf_scatter_nd_add(&array![[1], [3]], &array![10, 20])?;
/// assert_eq!(x, array![1, 12, 3, 24]);
/// # Ok::<(), Error>(())
/// ```
pub trait ScatterNdExt<A, D: Dimension> {
    /// `tf.tensor_scatter_nd_update(self, indices, updates)`: a copy of `self` (standard
    /// layout) with the elements or slices `indices` names replaced by `updates`. Where an
    /// index vector repeats, the last update listed wins (TensorFlow's CPU kernel writes them in
    /// order; its documentation leaves the order open).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::ScatterIndicesRank`]: `indices` has rank 0 or 1.
    /// - [`Error::ScatterUpdatesScalar`]: `updates` is 0-d.
    /// - [`Error::ScatterEmpty`]: of `self`, `indices` and `updates`, some but not all are
    ///   empty, other than `indices` and `updates` both empty.
    /// - [`Error::ScatterOuterShape`]: `updates.shape[..K]` is not `indices.shape[..K]`,
    ///   `K = rank(indices) - 1` (where TensorFlow aborts the process, see [`tf_scatter_nd`]).
    /// - [`Error::ScatterInnerShape`]: `updates.shape[K..]` is not `self.shape[C..]`.
    /// - [`Error::ScatterScalarOutput`]: `self` is 0-d (with empty `indices` and `updates`).
    /// - [`Error::ScatterEmptyIndexVector`]: `C = 0` and `self` is not empty.
    /// - [`Error::ValueOutOfRange`]: the bad index vector reported holds a value past `i64`.
    /// - [`Error::ScatterOutOfBounds`]: an index vector outside `self` (the last bad one).
    /// - [`Error::TooLarge`]: `self` is a view (a broadcast one, say) whose copy cannot exist.
    ///
    /// # Example
    /// TensorFlow's documentation of `tf.tensor_scatter_nd_update`.
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let tensor = array![0, 0, 0, 0, 0, 0, 0, 0];
    /// let out = tensor.tf_tensor_scatter_nd_update(&array![[1], [3], [4], [7]], &array![9, 10, 11, 12])?;
    /// assert_eq!(out, array![0, 9, 0, 10, 11, 0, 0, 12]);
    ///
    /// let tensor = ndarray::Array3::<i32>::zeros((4, 4, 4));
    /// let out = tensor.tf_tensor_scatter_nd_update(&array![[0, 1], [2, 3]], &array![[1, 2, 3, 4], [5, 6, 7, 8]])?;
    /// assert_eq!(out.slice(ndarray::s![0, 1, ..]), array![1, 2, 3, 4]);
    /// assert_eq!(out.slice(ndarray::s![2, 3, ..]), array![5, 6, 7, 8]);
    /// assert_eq!(out.sum(), 36);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_tensor_scatter_nd_update<I: PrimInt, E: Dimension, F: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    /// `tf.tensor_scatter_nd_add(self, indices, updates)`: a copy of `self` (standard layout)
    /// with `updates` added where `indices` says, duplicates added in the order listed (see
    /// [`ScatterAdd`] for how each element type adds).
    ///
    /// # Errors
    /// As [`tf_tensor_scatter_nd_update`](ScatterNdExt::tf_tensor_scatter_nd_update).
    ///
    /// # Example
    /// TensorFlow's documentation of `tf.tensor_scatter_nd_add`.
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let tensor = array![1, 2, 3, 4, 5, 6, 7, 8];
    /// let out = tensor.tf_tensor_scatter_nd_add(&array![[4], [3], [1], [7]], &array![9, 10, 11, 12])?;
    /// assert_eq!(out, array![1, 13, 3, 14, 14, 6, 7, 20]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_tensor_scatter_nd_add<I: PrimInt, E: Dimension, F: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<Array<A, D>, Error>
    where
        A: ScatterAdd;

    /// `var.scatter_nd_update(indices, updates)` (`tf.compat.v1.scatter_nd_update`) in place:
    /// the elements or slices of `self` that `indices` names become `updates` (the last
    /// listed wins where an index vector repeats). `self` keeps its memory layout.
    ///
    /// # Errors
    /// As [`tf_tensor_scatter_nd_update`](ScatterNdExt::tf_tensor_scatter_nd_update); on any
    /// `Err`, `self` is untouched.
    ///
    /// # Example
    /// TensorFlow's documentation of `tf.compat.v1.scatter_nd_update`.
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let mut v = array![1, 2, 3, 4, 5, 6, 7, 8];
    /// v.tf_scatter_nd_update(&array![[4], [3], [1], [7]], &array![9, 10, 11, 12])?;
    /// assert_eq!(v, array![1, 11, 3, 10, 9, 6, 7, 12]);
    ///
    /// // A bad index anywhere: nothing is written.
    /// assert!(v.tf_scatter_nd_update(&array![[0], [8]], &array![0, 0]).is_err());
    /// assert_eq!(v, array![1, 11, 3, 10, 9, 6, 7, 12]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_scatter_nd_update<I: PrimInt, E: Dimension, F: Dimension>(
        &mut self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<(), Error>
    where
        A: Clone;

    /// `var.scatter_nd_add(indices, updates)` (`tf.compat.v1.scatter_nd_add`) in place:
    /// `updates` added to the elements or slices of `self` that `indices` names, duplicates
    /// added in the order listed. `self` keeps its memory layout.
    ///
    /// # Errors
    /// As [`tf_tensor_scatter_nd_update`](ScatterNdExt::tf_tensor_scatter_nd_update); on any
    /// `Err`, `self` is untouched.
    ///
    /// # Example
    /// TensorFlow's documentation of `tf.compat.v1.scatter_nd_add`.
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let mut v = array![1, 2, 3, 4, 5, 6, 7, 8];
    /// v.tf_scatter_nd_add(&array![[4], [3], [1], [7]], &array![9, 10, 11, 12])?;
    /// assert_eq!(v, array![1, 13, 3, 14, 14, 6, 7, 20]);
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_scatter_nd_add<I: PrimInt, E: Dimension, F: Dimension>(
        &mut self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<(), Error>
    where
        A: ScatterAdd;

    private_decl! {}
}

impl<A, D: Dimension> ScatterNdExt<A, D> for ArrayRef<A, D> {
    fn tf_tensor_scatter_nd_update<I: PrimInt, E: Dimension, F: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let op = "tf_tensor_scatter_nd_update";
        tensor_scatter(op, self, indices, updates, |a, b| a.clone_from(b))
    }

    fn tf_tensor_scatter_nd_add<I: PrimInt, E: Dimension, F: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<Array<A, D>, Error>
    where
        A: ScatterAdd,
    {
        let op = "tf_tensor_scatter_nd_add";
        tensor_scatter(op, self, indices, updates, ScatterAdd::scatter_add)
    }

    fn tf_scatter_nd_update<I: PrimInt, E: Dimension, F: Dimension>(
        &mut self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<(), Error>
    where
        A: Clone,
    {
        let op = "tf_scatter_nd_update";
        scatter_in_place(op, self, indices, updates, |a, b| a.clone_from(b))
    }

    fn tf_scatter_nd_add<I: PrimInt, E: Dimension, F: Dimension>(
        &mut self,
        indices: &ArrayRef<I, E>,
        updates: &ArrayRef<A, F>,
    ) -> Result<(), Error>
    where
        A: ScatterAdd,
    {
        let op = "tf_scatter_nd_add";
        scatter_in_place(op, self, indices, updates, ScatterAdd::scatter_add)
    }

    private_impl! {}
}

/// The tensor ops: every check, then a standard-layout copy of `x`, written in place.
fn tensor_scatter<A: Clone, D: Dimension, I: PrimInt, E: Dimension, F: Dimension>(
    op: &'static str,
    x: &ArrayRef<A, D>,
    indices: &ArrayRef<I, E>,
    updates: &ArrayRef<A, F>,
    write: impl Fn(&mut A, &A),
) -> Result<Array<A, D>, Error> {
    let (geometry, offsets) = validate(op, x.shape(), indices, updates.shape())?;
    let mut data = c_order(x)?.into_owned();
    geometry.apply(&mut data, &offsets, &c_order(updates)?, write)?;
    from_c_order(x.raw_dim(), data)
}

/// The in-place forms: every check before the first write.
fn scatter_in_place<A: Clone, D: Dimension, I: PrimInt, E: Dimension, F: Dimension>(
    op: &'static str,
    x: &mut ArrayRef<A, D>,
    indices: &ArrayRef<I, E>,
    updates: &ArrayRef<A, F>,
    write: impl Fn(&mut A, &A),
) -> Result<(), Error> {
    let (geometry, offsets) = validate(op, x.shape(), indices, updates.shape())?;
    let updates = c_order(updates)?;
    match x.as_slice_mut() {
        Some(data) => geometry.apply(data, &offsets, &updates, write),
        None => {
            // Offsets are C-order positions: write a C-order copy, then copy it back (once,
            // whole lanes at a time through ndarray's assign).
            let mut copy = owned_copy(x.view().into_dyn())?;
            let data = copy
                .as_slice_mut()
                .ok_or_else(|| Error::Internal("a fresh copy is not contiguous".into()))?;
            geometry.apply(data, &offsets, &updates, write)?;
            let copy = copy
                .into_dimensionality::<D>()
                .map_err(|e| Error::Internal(format!("a copy changed rank: {e}")))?;
            x.assign(&copy);
            Ok(())
        }
    }
}

/// The checks of the tensor ops (TensorFlow's `TensorScatterOp`, then `DoScatterNd`) for an
/// output of shape `out_shape`, and every index vector's offset.
fn validate<I: PrimInt, E: Dimension>(
    op: &'static str,
    out_shape: &[usize],
    indices: &ArrayRef<I, E>,
    ushape: &[usize],
) -> Result<(Geometry, Vec<usize>), Error> {
    let ishape = indices.shape();
    check_ranks(ishape, ushape)?;
    // The output exists, so its size fits.
    let elements = product(out_shape).unwrap_or(usize::MAX);
    check_empty(elements, out_shape, ishape, ushape)?;
    let geometry = Geometry::new(op, out_shape, ishape, ushape)?;
    if out_shape.is_empty() {
        return Err(Error::ScatterScalarOutput);
    }
    let offsets = geometry.offsets(&c_order(indices)?, elements)?;
    Ok((geometry, offsets))
}

/// `indices` of rank at least 2 (TensorFlow: 1; see [`Error::ScatterIndicesRank`]), `updates`
/// of rank at least 1.
fn check_ranks(indices: &[usize], updates: &[usize]) -> Result<(), Error> {
    if indices.len() < 2 {
        return Err(Error::ScatterIndicesRank {
            shape: indices.to_vec(),
        });
    }
    if updates.is_empty() {
        return Err(Error::ScatterUpdatesScalar);
    }
    Ok(())
}

/// `tf_scatter_nd`'s `shape` as dims: TensorFlow's `MakeShape` checks.
fn output_shape<L: IntList + ?Sized>(shape: &L) -> Result<Vec<usize>, Error> {
    let values = widen(shape, Argument::Shape)?;
    values
        .iter()
        .enumerate()
        .map(|(index, &value)| {
            usize::try_from(value).map_err(|_| Error::NegativeDimension { index, value })
        })
        .collect()
}

/// TensorFlow's `ValidEmptyOutputShape(output, indices, updates)`: `indices` and `updates` both
/// empty, or none of the three. `output` is an element count, or for `tf_scatter_nd`'s first
/// check the length of `shape`.
fn check_empty(
    output: usize,
    out_shape: &[usize],
    indices: &[usize],
    updates: &[usize],
) -> Result<(), Error> {
    let (i, u) = (!indices.contains(&0), !updates.contains(&0));
    let both_empty = !i && !u;
    if both_empty || (output != 0 && i && u) {
        return Ok(());
    }
    Err(Error::ScatterEmpty {
        output_shape: out_shape.to_vec(),
        indices_shape: indices.to_vec(),
        updates_shape: updates.to_vec(),
    })
}

/// A scatter resolved against the output's shape: `updates` seen as `[vectors, slice]`, the
/// output as `[.., slice]` with the indexed axes' `(length, stride)`.
#[derive(Debug)]
struct Geometry {
    /// `indices.shape[..-1]`, where a bad vector's position is.
    positions: Vec<usize>,
    /// The output's shape, as the out-of-bounds error prints it.
    out_shape: Vec<usize>,
    /// The axes an index vector indexes: `(length, stride)`, `C` of them.
    axes: Vec<(usize, usize)>,
    /// The elements of one slice (one update).
    slice: usize,
    /// The number of index vectors.
    vectors: usize,
}

impl Geometry {
    /// TensorFlow's shape checks of `updates` against `indices` and the output, in its order.
    fn new(
        op: &'static str,
        out: &[usize],
        indices: &[usize],
        updates: &[usize],
    ) -> Result<Geometry, Error> {
        let Some((&depth, positions)) = indices.split_last() else {
            return Err(Error::Internal("indices rank checked before".into()));
        };
        let outer = positions.len();
        let outer_err = || Error::ScatterOuterShape {
            op,
            indices_shape: indices.to_vec(),
            updates_shape: updates.to_vec(),
        };
        // TensorFlow compares dim by dim and aborts where `updates` runs out first.
        for (k, &d) in positions.iter().enumerate() {
            if updates.get(k) != Some(&d) {
                return Err(outer_err());
            }
        }
        let inner_err = || Error::ScatterInnerShape {
            op,
            output_shape: out.to_vec(),
            updates_shape: updates.to_vec(),
            depth,
            outer,
        };
        let sliced = match (out.get(depth..), updates.get(outer..)) {
            (Some(sliced), Some(inner)) if sliced == inner => sliced,
            _ => return Err(inner_err()),
        };
        // The output's size is checked (TooLarge) by the caller; here only products that fit.
        let too_large = || Error::TooLarge {
            shape: out.to_vec(),
        };
        let slice = product(sliced).ok_or_else(too_large)?;
        let mut axes = Vec::with_capacity(depth);
        let mut stride = slice;
        for &len in out.iter().take(depth).rev() {
            axes.push((len, stride));
            stride = stride.saturating_mul(len);
        }
        axes.reverse();
        Ok(Geometry {
            vectors: product(positions).ok_or_else(too_large)?,
            positions: positions.to_vec(),
            out_shape: out.to_vec(),
            axes,
            slice,
        })
    }

    /// Each index vector's offset into the output (C order), every one checked; the last bad
    /// one reported, as TensorFlow's kernel does. `elements` is the output's size.
    fn offsets<I: PrimInt>(&self, indices: &[I], elements: usize) -> Result<Vec<usize>, Error> {
        let depth = self.axes.len();
        if depth == 0 {
            // Every vector is empty (so is `indices`): TensorFlow refuses unless the output is.
            return if elements == 0 {
                Ok(Vec::new())
            } else {
                Err(Error::ScatterEmptyIndexVector)
            };
        }
        let mut offsets = Vec::new();
        offsets
            .try_reserve_exact(self.vectors)
            .map_err(|_| Error::TooLarge {
                shape: self.positions.clone(),
            })?;
        let mut bad = None;
        for (v, vector) in indices.chunks_exact(depth).enumerate() {
            match vector_offset(vector, &self.axes) {
                Some(offset) => offsets.push(offset),
                None => bad = Some(v),
            }
        }
        match bad {
            None => Ok(offsets),
            Some(v) => Err(Error::ScatterOutOfBounds {
                position: unravel(v, &self.positions),
                index: index_vector(indices, v, depth)?,
                shape: self.out_shape.clone(),
            }),
        }
    }

    /// Writes update `k` (the `k`-th run of `slice` elements of C-order `updates`) at
    /// `offsets[k]` of `out`, in order.
    fn apply<A>(
        &self,
        out: &mut [A],
        offsets: &[usize],
        updates: &[A],
        write: impl Fn(&mut A, &A),
    ) -> Result<(), Error> {
        if self.slice == 0 {
            return Ok(());
        }
        let internal = || Error::Internal("a scattered slice is outside the output".into());
        for (&offset, update) in offsets.iter().zip(updates.chunks_exact(self.slice)) {
            let target = out
                .get_mut(offset..offset + self.slice)
                .ok_or_else(internal)?;
            for (t, u) in target.iter_mut().zip(update) {
                write(t, u);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array2, array, s};

    #[test]
    fn last_bad_vector_and_order_of_checks() {
        let err = tf_scatter_nd(&array![[9], [8], [1]], &array![1, 2, 3], &[8]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "indices[1] = [8] does not index into shape [8]"
        );
        let err = tf_scatter_nd(&array![[1]], &ndarray::arr0(5), &[-3]).unwrap_err();
        assert_eq!(err, Error::ScatterUpdatesScalar);
        let err = tf_scatter_nd(&array![[1]], &array![5], &[-3]).unwrap_err();
        assert_eq!(
            err,
            Error::NegativeDimension {
                index: 0,
                value: -3
            }
        );
        let err = tf_scatter_nd(&array![[u64::MAX]], &array![5], &[3]).unwrap_err();
        assert!(matches!(err, Error::ValueOutOfRange { index: 0, .. }));
    }

    #[test]
    fn in_place_on_a_strided_view() {
        let mut base = Array2::<i32>::zeros((4, 6));
        let mut v = base.slice_mut(s![..;-1, ..;2]);
        v.tf_scatter_nd_add(&array![[0, 2], [3, 0], [0, 2]], &array![1, 2, 3])
            .unwrap();
        assert_eq!(base[[3, 4]], 4);
        assert_eq!(base[[0, 0]], 2);
        assert_eq!(base.sum(), 6);
    }

    #[test]
    fn tensor_forms_keep_the_dimension_type() {
        let x = Array2::<f32>::zeros((3, 2));
        let out: Array2<f32> = x
            .t()
            .tf_tensor_scatter_nd_update(&array![[1]], &array![[1.0, 2.0, 3.0]])
            .unwrap();
        assert_eq!(out, array![[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]]);
    }
}
