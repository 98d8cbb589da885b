//! `GatherNdExt`: TensorFlow's `tf.gather_nd`, elements or slices picked by index vectors, with
//! batch axes.

use ndarray::{ArrayD, ArrayRef, Dimension, IxDyn};
use num_traits::PrimInt;

use crate::error::Error;
use crate::util::alloc::{check_size, try_vec};
use crate::util::copy::prefetch::extend_picked_rows;
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};

use crate::error::Argument;
use crate::util::shape::{checked_product, unravel};
use crate::util::values::widen;

/// `tf.gather_nd` as a method of every ndarray array (owned, views, `ArcArray`, `CowArray`; any
/// dimension type; any element type).
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![[1.0, 2.0], [3.0, 4.0]];
/// assert_eq!(x.view().tf_gather_nd(&array![[1, 0]], 0)?, array![3.0].into_dyn());
/// # Ok::<(), Error>(())
/// ```
pub trait GatherNdExt<A, D: Dimension> {
    /// `tf.gather_nd(self, indices, batch_dims=batch_dims)`: the elements, or slices, of `self`
    /// that the index vectors along the last axis of `indices` name.
    ///
    /// With `batch_dims = 0`, `indices` has shape `[d_0, ..., d_{N-1}, C]`: each of its
    /// `d_0 * ... * d_{N-1}` vectors of length `C` indexes the first `C` axes of `self`, and
    /// picks an element (if `C` is the rank of `self`) or the slice `self[v_0, ..., v_{C-1},
    /// ...]`. The result has shape `[d_0, ..., d_{N-1}] + self.shape[C..]`. `C = 0` picks the
    /// whole of `self` for each vector.
    ///
    /// With `batch_dims = k > 0`, the first `k` axes of `self` and `indices` are batch axes:
    /// each batch element gathers from its own part of `self`, and the result has shape
    /// `self.shape[..k] + indices.shape[k..-1] + self.shape[k + C..]`.
    ///
    /// TensorFlow's own rules, kept:
    /// - `tf.gather_nd` compares the batch axes by their product only (it reshapes `indices`
    ///   to `[prod(self.shape[..k]), ...]`), so `indices` with batch shape `[3, 2]` work on
    ///   `self` of batch shape `[2, 3]`, read in row-major order, and when `indices` has no
    ///   element the batch axes are not compared at all (the result takes `self`'s).
    /// - Any index vector at all on an empty `self` is an error, even where every slice
    ///   gathered would be empty.
    /// - Of several bad index vectors, the last (in row-major order) is reported.
    ///
    /// Unlike TensorFlow, index vectors may be longer than 7 (TF's kernel stops there).
    ///
    /// `indices` may be any ndarray array of any primitive integer type (TensorFlow takes
    /// `int16`, `int32` and `int64` only) of rank at least 1. The result is a new array in
    /// standard layout; `self` is read as one contiguous slice, after a copy to standard layout
    /// if it is not in it already, and each gathered slice is copied whole.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::GatherNdNegativeBatchDims`]: `batch_dims < 0` (TensorFlow's Python wrapper
    ///   rejects it; `batch_dims` is `isize` as in [`tf_gather`](crate::GatherExt::tf_gather)).
    /// - [`Error::GatherNdBatchDims`]: `batch_dims >= rank(indices)` (`batch_dims > 0`).
    /// - [`Error::GatherNdBatchDimsParams`]: `batch_dims >= rank(self)` (`batch_dims > 0`).
    /// - [`Error::BatchShapeMismatch`]: the batch axes of `self` and `indices` differ in product
    ///   (TensorFlow's words: "Input to reshape is a tensor with 3 values, but the requested
    ///   shape has 2"); the error names the first axis that differs.
    /// - [`Error::GatherScalarParams`]: `self` is 0-d.
    /// - [`Error::GatherNdScalarIndices`]: `indices` is 0-d.
    /// - [`Error::GatherNdIndexDepth`]: `C > rank(self) - batch_dims` (TensorFlow counts the
    ///   batch axes on both sides: "saw: 4 vs. 3" for `C = 3` past one batch axis of a rank-3
    ///   `self`).
    /// - [`Error::TooLarge`]: the result's size overflows `isize`; or `self` or `indices` is a
    ///   view (a broadcast one, say) whose copy would have more bytes than an allocation can hold.
    /// - [`Error::GatherNdEmptyParams`]: at least one index vector, but `self` is empty.
    /// - [`Error::ValueOutOfRange`]: the bad index vector reported holds a value that does not
    ///   fit in `i64` (a `u64` past `i64::MAX`; such a value is out of bounds like any other).
    /// - [`Error::GatherNdOutOfBounds`]: an index vector outside `self` (no negative indexing).
    ///   TensorFlow's message ends with ", node name: GatherNd"; with batch axes it prints the
    ///   vector with its batch coordinates, and the whole shape of `self`.
    ///
    /// # Example
    /// Every example of TensorFlow's documentation (`tf.gather_nd`, seed 004). What it calls
    /// "batched" indexing is `indices` of rank 3 (`batch_dims = 0`), not the `batch_dims`
    /// argument.
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // Simple indexing into a matrix.
    /// let params = array![["a", "b"], ["c", "d"]];
    /// assert_eq!(params.tf_gather_nd(&array![[0, 0], [1, 1]], 0)?, array!["a", "d"].into_dyn());
    /// // Slice indexing into a matrix.
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[1], [0]], 0)?,
    ///     array![["c", "d"], ["a", "b"]].into_dyn()
    /// );
    ///
    /// // Indexing into a 3-tensor.
    /// let params = array![
    ///     [["a0", "b0"], ["c0", "d0"]],
    ///     [["a1", "b1"], ["c1", "d1"]],
    /// ];
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[1]], 0)?,
    ///     array![[["a1", "b1"], ["c1", "d1"]]].into_dyn()
    /// );
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[0, 1], [1, 0]], 0)?,
    ///     array![["c0", "d0"], ["a1", "b1"]].into_dyn()
    /// );
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[0, 0, 1], [1, 0, 1]], 0)?,
    ///     array!["b0", "b1"].into_dyn()
    /// );
    ///
    /// // Batched indexing into a matrix.
    /// let params = array![["a", "b"], ["c", "d"]];
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[[0, 0]], [[0, 1]]], 0)?,
    ///     array![["a"], ["b"]].into_dyn()
    /// );
    /// // Batched slice indexing into a matrix.
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[[1]], [[0]]], 0)?,
    ///     array![[["c", "d"]], [["a", "b"]]].into_dyn()
    /// );
    ///
    /// // Batched indexing into a 3-tensor (String elements work as well as &str).
    /// let params = array![
    ///     [["a0", "b0"], ["c0", "d0"]],
    ///     [["a1", "b1"], ["c1", "d1"]],
    /// ]
    /// .mapv(String::from);
    /// let s = |a: ndarray::ArrayD<&str>| a.mapv(String::from);
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[[1]], [[0]]], 0)?,
    ///     s(array![[[["a1", "b1"], ["c1", "d1"]]], [[["a0", "b0"], ["c0", "d0"]]]].into_dyn())
    /// );
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[[0, 1], [1, 0]], [[0, 0], [1, 1]]], 0)?,
    ///     s(array![[["c0", "d0"], ["a1", "b1"]], [["a0", "b0"], ["c1", "d1"]]].into_dyn())
    /// );
    /// assert_eq!(
    ///     params.tf_gather_nd(&array![[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]], 0)?,
    ///     s(array![["b0", "b1"], ["d0", "c1"]].into_dyn())
    /// );
    ///
    /// // batch_dims = 1: row b picks with indices[b].
    /// let x = array![[0, 1, 2], [10, 11, 12]];
    /// assert_eq!(x.tf_gather_nd(&array![[[2], [0]], [[1], [1]]], 1)?, array![[2, 0], [11, 11]].into_dyn());
    /// // An empty index vector picks everything.
    /// assert_eq!(x.tf_gather_nd(&ndarray::Array2::<i32>::zeros((2, 0)), 0)?.shape(), &[2, 2, 3]);
    ///
    /// let err = x.tf_gather_nd(&array![[0, 3]], 0).unwrap_err();
    /// assert_eq!(err.to_string(), "indices[0] = [0, 3] does not index into param shape [2,3]");
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_gather_nd<I: PrimInt, E: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        batch_dims: isize,
    ) -> Result<ArrayD<A>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> GatherNdExt<A, D> for ArrayRef<A, D> {
    fn tf_gather_nd<I: PrimInt, E: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        batch_dims: isize,
    ) -> Result<ArrayD<A>, Error>
    where
        A: Clone,
    {
        let batch_dims = usize::try_from(batch_dims)
            .map_err(|_| Error::GatherNdNegativeBatchDims { batch_dims })?;
        let plan = NdPlan::new(self.shape(), indices.shape(), batch_dims)?;
        check_size::<A>(&plan.out_shape)?;
        if plan.vectors == 0 {
            return from_c_order(IxDyn(&plan.out_shape), Vec::new());
        }
        if self.is_empty() {
            return Err(Error::GatherNdEmptyParams {
                shape: self.shape().to_vec(),
            });
        }
        let values = plan.gather(&c_order(self)?, &c_order(indices)?)?;
        from_c_order(IxDyn(&plan.out_shape), values)
    }

    private_impl! {}
}

/// The resolved gather: `params` seen as `[batch, g_0, ..., g_{C-1}, slice]`, `indices` as
/// `[batch * per_batch, C]` (TensorFlow's reshape), the result as `[batch * per_batch, slice]`.
#[derive(Debug, PartialEq)]
struct NdPlan {
    /// Index vectors in all, `batch * per_batch`.
    vectors: usize,
    /// Index vectors per batch element.
    per_batch: usize,
    /// The elements of one batch element of `params`.
    batch_stride: usize,
    /// The axes an index vector indexes: `(length, stride)`, `C` of them.
    axes: Vec<(usize, usize)>,
    /// The elements of one gathered slice.
    slice: usize,
    /// `indices.shape[..-1]`, where a bad vector's position is.
    positions: Vec<usize>,
    /// `params.shape[batch_dims..]`, as the out-of-bounds error prints it.
    indexed_shape: Vec<usize>,
    out_shape: Vec<usize>,
}

impl NdPlan {
    /// Every check `tf.gather_nd` makes before it reads an index, in its order: its Python
    /// wrapper's (`batch_dims`, then the reshape of `indices` to the flattened batch), then the
    /// `GatherNd` kernel's.
    fn new(params: &[usize], indices: &[usize], batch_dims: usize) -> Result<Self, Error> {
        if batch_dims > 0 {
            if batch_dims >= indices.len() {
                return Err(Error::GatherNdBatchDims {
                    batch_dims,
                    indices_rank: indices.len(),
                });
            }
            if batch_dims >= params.len() {
                return Err(Error::GatherNdBatchDimsParams {
                    batch_dims,
                    params_rank: params.len(),
                });
            }
            check_batch(params, indices, batch_dims)?;
        }
        let Some((&depth, vector_shape)) = indices.split_last() else {
            return Err(if params.is_empty() {
                Error::GatherScalarParams
            } else {
                Error::GatherNdScalarIndices
            });
        };
        if params.is_empty() {
            return Err(Error::GatherScalarParams);
        }
        let (batch_shape, indexed_shape) = params.split_at(batch_dims);
        if depth > indexed_shape.len() {
            return Err(Error::GatherNdIndexDepth {
                depth,
                rank: indexed_shape.len(),
            });
        }
        let (indexed, sliced) = indexed_shape.split_at(depth);
        let (_, per_batch_shape) = vector_shape.split_at(batch_dims);
        let mut out_shape = batch_shape.to_vec();
        out_shape.extend_from_slice(per_batch_shape);
        out_shape.extend_from_slice(sliced);
        let too_large = || Error::TooLarge {
            shape: out_shape.clone(),
        };
        // Products of the result's axes (fit once it does) or of params' (which exists).
        let per_batch = checked_product(per_batch_shape).ok_or_else(too_large)?;
        let vectors = checked_product(batch_shape)
            .and_then(|b| b.checked_mul(per_batch))
            .ok_or_else(too_large)?;
        let slice = checked_product(sliced).ok_or_else(too_large)?;
        let batch_stride = checked_product(indexed_shape).ok_or_else(too_large)?;
        let mut axes = Vec::with_capacity(depth);
        let mut stride = slice;
        for &len in indexed.iter().rev() {
            axes.push((len, stride));
            stride = stride.checked_mul(len).ok_or_else(too_large)?;
        }
        axes.reverse();
        Ok(NdPlan {
            vectors,
            per_batch,
            batch_stride,
            axes,
            slice,
            positions: vector_shape.to_vec(),
            indexed_shape: indexed_shape.to_vec(),
            out_shape,
        })
    }

    /// The result's elements in standard order; every index vector is checked, and the last bad
    /// one reported, as TensorFlow's kernel does.
    ///
    /// Vectors go in blocks: first the offsets of a block are computed and checked, then its
    /// slices copied in one tight loop. Interleaving the two measured 5x slower on single
    /// elements: the copy's random reads into `params` then no longer overlap.
    ///
    /// A block is 4,096 vectors (32 KiB of offsets, inside a 48 KiB L1). On AMD EPYC family 26,
    /// 2^20 (row, column) pairs of a 4 MiB table, four pinned criterion pairs against ndarray's
    /// `x[[i, j]]` loop in the same run: blocks of 1,024 took 1.10x-1.35x that loop, of 4,096
    /// 1.00x-1.06x; 128 and 32,768 were slower than either.
    fn gather<A: Clone, I: PrimInt>(&self, src: &[A], indices: &[I]) -> Result<Vec<A>, Error> {
        const BLOCK: usize = 4096;
        let internal = || Error::Internal("a gathered slice is outside params".into());
        // Reserved fallibly: a result that fits isize but not in memory is an Err, not an abort.
        let mut out = try_vec::<A>(&self.out_shape)?;
        let Some(fallback) = src.first() else {
            return Ok(out);
        };
        let depth = self.axes.len();
        let mut offsets = vec![0usize; BLOCK.min(self.vectors)];
        let mut bad = None;
        let mut batch = (0usize, self.per_batch);
        let mut v = 0;
        while v < self.vectors {
            let n = BLOCK.min(self.vectors - v);
            let slots = offsets.get_mut(..n).ok_or_else(internal)?;
            // Index vectors of 1 to 3 entries (rows, (row, column) pairs, pixels) with their
            // length fixed at compile time: the offset loop is unrolled (a (row, column) pair
            // cost 2x ndarray's `x[[i, j]]` loop with the length read at run time).
            let last_bad = match depth {
                1 => self.offsets::<I, 1>(indices, slots, v, &mut batch)?,
                2 => self.offsets::<I, 2>(indices, slots, v, &mut batch)?,
                3 => self.offsets::<I, 3>(indices, slots, v, &mut batch)?,
                _ => self.offsets::<I, 0>(indices, slots, v, &mut batch)?,
            };
            bad = last_bad.or(bad);
            v += n;
            if bad.is_some() {
                continue; // only checking from here on, for the last bad vector
            }
            let block = offsets.get(..n).ok_or_else(internal)?;
            if self.slice == 1 {
                // A total read (the fallback is never taken: offsets are checked) keeps the
                // loop free of branches out.
                out.extend(
                    block
                        .iter()
                        .map(|&o| src.get(o).unwrap_or(fallback).clone()),
                );
            } else {
                extend_picked_rows(&mut out, src, block, 1, self.slice).ok_or_else(internal)?;
            }
        }
        match bad {
            None => Ok(out),
            Some(v) => Err(self.out_of_bounds(v, indices)),
        }
    }

    /// Fills `slots` with the offsets of the next `slots.len()` index vectors (the first is
    /// vector `first` of `indices`) and returns the last bad one among them. `N` is the vector
    /// length when it is fixed at compile time (0: read at run time); `batch` is the current
    /// batch element's offset and the vectors left in it. The vectors are walked one batch
    /// element's run at a time, with the axes and the batch offset in locals, so the loop per
    /// vector is the offset alone.
    #[inline(always)]
    fn offsets<I: PrimInt, const N: usize>(
        &self,
        indices: &[I],
        slots: &mut [usize],
        first: usize,
        batch: &mut (usize, usize),
    ) -> Result<Option<usize>, Error> {
        let internal = || Error::Internal("index vectors outside indices".into());
        let depth = self.axes.len();
        // The axes in locals, for vectors of the constant length `N`: an unrolled loop.
        let fixed: Option<[(usize, usize); N]> = self.axes.as_slice().try_into().ok();
        let (mut batch_offset, mut left) = *batch;
        let mut bad = None;
        let mut k = 0;
        while k < slots.len() {
            if left == 0 {
                batch_offset += self.batch_stride;
                left = self.per_batch;
            }
            // `per_batch > 0` here: there are vectors, so every batch element has some.
            let take = left.min(slots.len() - k).max(1);
            let run = slots.get_mut(k..k + take).ok_or_else(internal)?;
            let from = (first + k).checked_mul(depth).ok_or_else(internal)?;
            let vectors = indices
                .get(from..from + take * depth)
                .ok_or_else(internal)?;
            let mut mark = |j: usize, slot: &mut usize, offset: Option<usize>| match offset {
                Some(offset) => *slot = batch_offset + offset,
                None => bad = Some(first + k + j),
            };
            if N > 0 {
                let axes = fixed.ok_or_else(internal)?;
                for (j, (slot, vector)) in run.iter_mut().zip(vectors.chunks_exact(N)).enumerate() {
                    mark(j, slot, vector_offset(vector, &axes));
                }
            } else if depth == 0 {
                // Every vector is empty: the whole indexed block, at offset 0.
                for (j, slot) in run.iter_mut().enumerate() {
                    mark(j, slot, Some(0));
                }
            } else {
                for (j, (slot, vector)) in
                    run.iter_mut().zip(vectors.chunks_exact(depth)).enumerate()
                {
                    mark(j, slot, vector_offset(vector, &self.axes));
                }
            }
            left -= take.min(left);
            k += take;
        }
        *batch = (batch_offset, left);
        Ok(bad)
    }

    /// The error for index vector `v`: [`Error::ValueOutOfRange`] if one of its values does not
    /// fit in `i64` (TensorFlow's widest index type), else [`Error::GatherNdOutOfBounds`].
    fn out_of_bounds<I: PrimInt>(&self, v: usize, indices: &[I]) -> Error {
        match index_vector(indices, v, self.axes.len()) {
            Ok(index) => Error::GatherNdOutOfBounds {
                position: unravel(v, &self.positions),
                index,
                shape: self.indexed_shape.clone(),
            },
            Err(e) => e,
        }
    }
}

/// The offset of the slice an index vector picks, in a C-order array whose indexed axes are
/// `axes` (`(length, stride)` each); `None` if an index is negative or past its axis. A value
/// past `i64` has no place in any axis, so it is out of bounds like any other here;
/// [`index_vector`] then reports it as [`Error::ValueOutOfRange`]. Shared with the scatter ops.
#[inline]
pub(super) fn vector_offset<I: PrimInt>(vector: &[I], axes: &[(usize, usize)]) -> Option<usize> {
    let mut offset = 0usize;
    let mut inside = true;
    // No early return: the loop stays branch-free enough to unroll on short vectors.
    for (&index, &(len, stride)) in vector.iter().zip(axes) {
        match index.to_usize() {
            Some(i) if i < len => offset += i * stride,
            _ => inside = false,
        }
    }
    inside.then_some(offset)
}

/// Index vector `v` (of `depth` entries, in C-order `indices`) widened to `i64`, as a bad one is
/// printed; [`Error::ValueOutOfRange`] if one of its values does not fit in `i64`.
pub(super) fn index_vector<I: PrimInt>(
    indices: &[I],
    v: usize,
    depth: usize,
) -> Result<Vec<i64>, Error> {
    let first = v.saturating_mul(depth);
    let vector = indices.iter().skip(first).take(depth);
    vector
        .enumerate()
        .map(|(k, &i)| widen(i, Argument::Indices, first.saturating_add(k)))
        .collect()
}

/// The batch check of `tf.gather_nd`'s reshape of `indices` to
/// `[prod(params.shape[..batch_dims])] + indices.shape[batch_dims..]`: it fails only where the
/// element counts differ.
fn check_batch(params: &[usize], indices: &[usize], batch_dims: usize) -> Result<(), Error> {
    let (params_batch, _) = params.split_at(batch_dims);
    let (indices_batch, rest) = indices.split_at(batch_dims);
    let counts_differ = match (
        checked_product(params_batch),
        checked_product(indices_batch),
        checked_product(rest),
    ) {
        (_, _, Some(0)) => false,
        (Some(p), Some(i), _) => p != i,
        _ => true,
    };
    if !counts_differ {
        return Ok(());
    }
    let differing = params_batch.iter().zip(indices_batch).enumerate();
    for (axis, (&params_dim, &indices_dim)) in differing {
        if params_dim != indices_dim {
            return Err(Error::BatchShapeMismatch {
                axis,
                params_dim,
                indices_dim,
            });
        }
    }
    Err(Error::Internal(
        "batch products differ on equal shapes".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array2, Array3, array, s};

    #[test]
    fn plan_strides() {
        let p = NdPlan::new(&[2, 3, 4, 5], &[7, 2], 0).unwrap();
        assert_eq!(p.axes, [(2, 60), (3, 20)]);
        assert_eq!((p.slice, p.vectors, p.per_batch), (20, 7, 7));
        assert_eq!(p.out_shape, [7, 4, 5]);
        let p = NdPlan::new(&[2, 3, 4, 5], &[2, 6, 1], 1).unwrap();
        assert_eq!(p.axes, [(3, 20)]);
        assert_eq!((p.batch_stride, p.vectors, p.per_batch), (60, 12, 6));
        assert_eq!(p.out_shape, [2, 6, 4, 5]);
    }

    #[test]
    fn checks_in_tensorflow_order() {
        let err = |p: &[usize], i: &[usize], b| NdPlan::new(p, i, b).unwrap_err();
        assert!(matches!(err(&[], &[], 1), Error::GatherNdBatchDims { .. }));
        assert!(matches!(
            err(&[2], &[2, 3, 1], 1),
            Error::GatherNdBatchDimsParams { .. }
        ));
        assert!(matches!(
            err(&[2, 3], &[3, 5], 1),
            Error::BatchShapeMismatch { axis: 0, .. }
        ));
        assert_eq!(err(&[], &[], 0), Error::GatherScalarParams);
        assert_eq!(err(&[2], &[], 0), Error::GatherNdScalarIndices);
        assert_eq!(
            err(&[2, 3], &[1, 3], 0),
            Error::GatherNdIndexDepth { depth: 3, rank: 2 }
        );
        // Same batch count, other shape: TF's reshape accepts it.
        assert!(NdPlan::new(&[2, 3, 4], &[3, 2, 1], 2).is_ok());
        // No index element: no batch comparison at all.
        assert!(NdPlan::new(&[2, 3, 4], &[5, 3, 0], 1).is_ok());
    }

    #[test]
    fn last_bad_vector_is_reported() {
        let x = Array2::<i32>::zeros((3, 4));
        let err = x
            .tf_gather_nd(&array![[-1, 0], [0, 9], [1, 1]], 0)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "indices[1] = [0, 9] does not index into param shape [3,4]"
        );
        let err = x.tf_gather_nd(&array![5, 0], 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "indices = [5, 0] does not index into param shape [3,4]"
        );
    }

    #[test]
    fn empty_params_with_vectors() {
        let x = Array2::<i32>::zeros((2, 0));
        let err = x.tf_gather_nd(&array![[0]], 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Requested more than 0 entries, but params is empty.  Params shape: [2,0]"
        );
        let none = Array2::<i32>::zeros((0, 1));
        assert_eq!(x.tf_gather_nd(&none, 0).unwrap().shape(), &[0, 0]);
    }

    #[test]
    fn non_standard_layouts() {
        let x = Array3::from_shape_fn((3, 4, 5), |(i, j, k)| i * 100 + j * 10 + k);
        let v = x.slice(s![..;-1, .., 1..;2]);
        // Transposed indices: the vectors are [0, 3] and [2, 1].
        let idx = array![[0, 2], [3, 1]];
        let got = v.tf_gather_nd(&idx.t(), 0).unwrap();
        assert_eq!(got, array![[231, 233], [11, 13]].into_dyn());
    }
}
