//! `GatherExt`: TensorFlow's `tf.gather` (the `GatherV2` op behind it), slices picked by index
//! along one axis, with batch axes.

use ndarray::{ArrayD, ArrayRef, ArrayView, Axis, Dimension, IxDyn, Slice};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::util::alloc::{check_size, try_vec};
use crate::util::owned::{blocks_in_c_order, c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};
use crate::util::shape::{checked_product, unravel};
use crate::util::values::widen;

use crate::util::axis::resolve_axis;
use crate::util::copy::extend_picked_units;
use crate::util::copy::prefetch::extend_picked_rows;

/// `tf.gather` as a method of every ndarray array (owned, views, `ArcArray`, `CowArray`; any
/// dimension type; any element type).
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![[1.0, 2.0], [3.0, 4.0]];
/// assert_eq!(x.view().tf_gather(&array![1, 1], 0, 0)?, array![[3.0, 4.0], [3.0, 4.0]].into_dyn());
/// # Ok::<(), Error>(())
/// ```
pub trait GatherExt<A, D: Dimension> {
    /// `tf.gather(self, indices, axis=axis, batch_dims=batch_dims)`: the slices of `self` along
    /// `axis` that `indices` name, arranged in the shape of `indices`.
    ///
    /// The result has shape `self.shape[..axis] + indices.shape[batch_dims..] +
    /// self.shape[axis + 1..]`, and
    /// `out[b.., p.., i.., q..] = self[b.., p.., indices[b.., i..], q..]`, where `b..` are the
    /// `batch_dims` leading axes that `self` and `indices` share (each batch element gathers
    /// with its own indices), `p..` the other axes before `axis`, and `q..` the axes after it.
    /// With `batch_dims = 0`: `out[p.., i.., q..] = self[p.., indices[i..], q..]`.
    ///
    /// A negative `axis` counts from the end of `self.shape`, a negative `batch_dims` from the
    /// end of `indices.shape`. TensorFlow's `axis=None` means `axis = batch_dims`: pass that.
    ///
    /// TensorFlow's own rules, kept:
    /// - `tf.gather` with `axis` equal to `0` ignores `batch_dims` entirely, however wrong it
    ///   is (its Python wrapper calls the op without it): `tf.gather(p, i, axis=0,
    ///   batch_dims=1)` is `tf.gather(p, i, axis=0)`. So is `tf_gather(&i, 0, 1)` here. Only
    ///   the value `0` does this: `axis = -rank` names the same axis but keeps `batch_dims`
    ///   (and then fails, `batch_dims` being past the axis).
    /// - Indices are checked only when the result has elements: a gather whose result is empty
    ///   (empty `indices`, or a zero-length axis of `self` besides `axis`) succeeds whatever
    ///   the indices hold.
    /// - Of several bad indices, the first (in `indices`' row-major order) is reported.
    ///
    /// `indices` may be any ndarray array of any primitive integer type (TensorFlow takes
    /// `int16`, `int32` and `int64` only) and any rank. The result is a new array in standard
    /// layout. Indices that step evenly along the axis (`[2, 1, 0]`, `[4, 5, 6]`, one index)
    /// pick a strided view of `self`, which is copied as `to_standard_layout` copies a view
    /// (a channel flip, whole runs), reading only the picked slices. Other indices read `self`
    /// as one contiguous slice, after a copy to standard layout if it is not in it already (as
    /// NumPy's `take` does), and each gathered slice is copied whole.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::GatherScalarParams`]: `self` is 0-d.
    /// - [`Error::AxisOutOfRange`]: `axis` outside `[-rank, rank)` (TensorFlow's words: "Shape
    ///   must be at least rank 4 but is rank 3").
    /// - [`Error::BatchDimsOutOfRange`]: `batch_dims` outside `[-rank(indices), rank(indices)]`.
    /// - [`Error::BatchDimsPastAxis`]: `batch_dims` (resolved) greater than `axis` (resolved).
    /// - [`Error::BatchShapeMismatch`]: `self.shape[i] != indices.shape[i]` for a batch axis.
    /// - [`Error::TooLarge`]: the result's size overflows `isize`; or `indices` is a view (a
    ///   broadcast one, say) whose copy would have more bytes than an allocation can hold, or
    ///   `self` is, and the gather copies it (indices that do not step evenly: see above).
    /// - [`Error::ValueOutOfRange`]: an index does not fit in `i64` (a `u64` past `i64::MAX`).
    /// - [`Error::IndexOutOfRange`]: an index outside `[0, self.shape[axis])` (no negative
    ///   indexing).
    ///
    /// # Example
    /// The shapes of TensorFlow's documentation (`tf.gather`, seed 004): scalar indices drop
    /// the axis, vector indices keep it, higher-rank indices replace it with their own shape.
    /// ```
    /// use ndarray::{array, Array3};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let params = array![[0, 1, 2], [10, 11, 12], [20, 21, 22]];
    /// // Scalar indices: output[:, ..., :] = params[indices, :, ... :]
    /// assert_eq!(params.tf_gather(&ndarray::arr0(2), 0, 0)?, array![20, 21, 22].into_dyn());
    /// // Vector indices: output[i, :, ..., :] = params[indices[i], :, ... :]
    /// assert_eq!(
    ///     params.tf_gather(&array![2, 0], 0, 0)?,
    ///     array![[20, 21, 22], [0, 1, 2]].into_dyn()
    /// );
    /// // Higher rank indices: output[i, ..., j, :, ... :] = params[indices[i, ..., j], :, ..., :]
    /// assert_eq!(params.tf_gather(&array![[1], [2]], 0, 0)?.shape(), &[2, 1, 3]);
    /// // A permutation of the first axis permutes params.
    /// assert_eq!(
    ///     params.tf_gather(&array![1, 2, 0], 0, 0)?,
    ///     array![[10, 11, 12], [20, 21, 22], [0, 1, 2]].into_dyn()
    /// );
    ///
    /// // Along another axis (negative counts from the end), indices of any integer type.
    /// assert_eq!(
    ///     params.tf_gather(&array![2u8, 2], -1, 0)?,
    ///     array![[2, 2], [12, 12], [22, 22]].into_dyn()
    /// );
    /// // batch_dims = 1: row b gathers with indices[b]. (TF's axis=None means axis = batch_dims.)
    /// assert_eq!(
    ///     params.tf_gather(&array![[0, 0], [1, 2], [2, 1]], 1, 1)?,
    ///     array![[0, 0], [11, 12], [22, 21]].into_dyn()
    /// );
    /// // TF's quirk: with axis 0, batch_dims is ignored.
    /// let x = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
    /// assert_eq!(x.tf_gather(&array![[0], [1]], 0, 1)?.shape(), &[2, 1, 3, 4]);
    ///
    /// // No negative indices.
    /// let err = params.tf_gather(&array![0, -1], 0, 0).unwrap_err();
    /// assert_eq!(err.to_string(), "indices[1] = -1 is not in [0, 3)");
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_gather<I: PrimInt, E: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        axis: isize,
        batch_dims: isize,
    ) -> Result<ArrayD<A>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> GatherExt<A, D> for ArrayRef<A, D> {
    fn tf_gather<I: PrimInt, E: Dimension>(
        &self,
        indices: &ArrayRef<I, E>,
        axis: isize,
        batch_dims: isize,
    ) -> Result<ArrayD<A>, Error>
    where
        A: Clone,
    {
        let plan = GatherPlan::new(self.shape(), indices.shape(), axis, batch_dims)?;
        check_size::<A>(&plan.out_shape)?;
        if plan.out_shape.contains(&0) {
            return from_c_order(IxDyn(&plan.out_shape), Vec::new());
        }
        let picks = checked_indices(indices, plan.dim)?;
        if let Some(view) = progression_view(self, [plan.axis, plan.count], &picks) {
            // The same elements in the same order as the gather below (see `progression_view`).
            return blocks_in_c_order(&[view], IxDyn(&plan.out_shape));
        }
        let values = plan
            .copy(&c_order(self)?, &picks, try_vec::<A>(&plan.out_shape)?)
            .ok_or_else(|| Error::Internal("a gathered slice is outside params".into()))?;
        from_c_order(IxDyn(&plan.out_shape), values)
    }

    private_impl! {}
}

/// The resolved gather: `params` seen as `[batch, outer, dim, inner]`, `indices` as
/// `[batch, count]`, the result as `[batch, outer, count, inner]`.
#[derive(Debug, PartialEq)]
struct GatherPlan {
    /// The gathered axis of `params`.
    axis: usize,
    outer: usize,
    dim: usize,
    inner: usize,
    count: usize,
    out_shape: Vec<usize>,
}

impl GatherPlan {
    /// Every check of TensorFlow's `GatherV2` kernel (and its Python wrapper) before it reads an
    /// index, in its order.
    fn new(
        params: &[usize],
        indices: &[usize],
        axis: isize,
        batch_dims: isize,
    ) -> Result<Self, Error> {
        if params.is_empty() {
            return Err(Error::GatherScalarParams);
        }
        let axis_at = resolve_axis("tf_gather", "axis", axis, params.len())?;
        // `tf.gather` passes batch_dims to the op only when axis is not the constant 0.
        let batch = if axis == 0 {
            0
        } else {
            resolve_batch_dims(params, indices, axis_at, batch_dims)?
        };
        let (before, rest) = params.split_at(axis_at);
        let (dim, after) = match rest {
            [dim, after @ ..] => (*dim, after),
            [] => return Err(Error::Internal("gather axis past params".into())),
        };
        let (_, gathered) = indices.split_at(batch);
        let mut out_shape = Vec::with_capacity(before.len() + gathered.len() + after.len());
        out_shape.extend_from_slice(before);
        out_shape.extend_from_slice(gathered);
        out_shape.extend_from_slice(after);
        let too_large = || Error::TooLarge {
            shape: out_shape.clone(),
        };
        // Each is a product of some of the result's axes, so it fits once the result does; an
        // overflow here can only mean the result is too large.
        let outer = checked_product(&before[batch..]).ok_or_else(too_large)?;
        let inner = checked_product(after).ok_or_else(too_large)?;
        let count = checked_product(gathered).ok_or_else(too_large)?;
        Ok(GatherPlan {
            axis: axis_at,
            outer,
            dim,
            inner,
            count,
            out_shape,
        })
    }

    /// The result's elements in standard order, or `None` if a pick or a block falls outside
    /// `src` (which validation rules out). `out` is empty, with room for the result (reserved
    /// fallibly by the caller).
    fn copy<A: Clone>(&self, src: &[A], picks: &[usize], mut out: Vec<A>) -> Option<Vec<A>> {
        let block = self.dim.checked_mul(self.inner)?;
        if block == 0 || self.count == 0 || self.outer == 0 {
            return Some(out);
        }
        // Elements, one batch, a few picks: one fixed-size unit per block.
        if self.inner == 1 && picks.len() == self.count {
            let done = match *picks {
                [a, b] => extend_picked_units(&mut out, src, self.dim, [a, b]),
                [a, b, c] => extend_picked_units(&mut out, src, self.dim, [a, b, c]),
                [a, b, c, d] => extend_picked_units(&mut out, src, self.dim, [a, b, c, d]),
                _ => false,
            };
            if done {
                return Some(out);
            }
        }
        // One block of `src` per (batch, outer) pair; batch b gathers with its own `count` picks.
        for (at, block) in src.chunks_exact(block).enumerate() {
            let first = (at / self.outer).checked_mul(self.count)?;
            let picks = picks.get(first..first.checked_add(self.count)?)?;
            if self.inner == 1 {
                // A total read (the fallback is never taken: picks are checked) keeps the loop
                // free of branches out, so it runs as fast as plain indexing.
                let fallback = block.first()?;
                out.extend(
                    picks
                        .iter()
                        .map(|&i| block.get(i).unwrap_or(fallback).clone()),
                );
            } else {
                extend_picked_rows(&mut out, block, picks, self.inner, self.inner)?;
            }
        }
        Some(out)
    }
}

/// The gather as a view of `params`, where it is one: `picks` (every index, checked to lie on
/// the axis) are `count` (one batch's worth: several batches have more, each batch its own, and
/// are never taken here) and step along `axis` by one constant amount other than 0 (`[2, 1,
/// 0]`: BGR pixels from RGB ones; `[4, 5, 6]`: a `tf.range`; one index), so the result is
/// `params` sliced along `axis` with that step, in C order. Copied by the copy engine, whose
/// kernels take the view's strides (a channel flip, runs of contiguous rows) instead of a pick
/// at a time: `tf.gather(x, [2, 1, 0], axis=-1)` of an RGB `f32` batch 16×224×224×3 took
/// 6.7x-7.1x a `memcpy` of its bytes one pixel at a time (and `params` not in standard layout
/// were first copied whole).
fn progression_view<'a, A, D: Dimension>(
    params: &'a ArrayRef<A, D>,
    [axis, count]: [usize; 2],
    picks: &[usize],
) -> Option<ArrayView<'a, A, D>> {
    if picks.len() != count {
        return None;
    }
    let (&first, &last) = (picks.first()?, picks.last()?);
    // Picks are below an axis length, which fits `isize`: no overflow.
    let step = match picks.get(1) {
        Some(&second) => second as isize - first as isize,
        None => 1,
    };
    let steady = picks
        .windows(2)
        .all(|w| w[1] as isize - w[0] as isize == step);
    if step == 0 || !steady || axis >= params.ndim() {
        return None;
    }
    // A negative step takes the range from its end: first, first + step, .. down to last.
    let (low, high) = if step > 0 {
        (first, last + 1)
    } else {
        (last, first + 1)
    };
    // In bounds: every pick is below the axis length (checked), and the step is not 0.
    let range = Slice::new(low as isize, Some(high as isize), step);
    Some(params.view().slice_axis_move(Axis(axis), range))
}

/// `batch_dims` as the `GatherV2` kernel reads it: a non-zero value must lie in
/// `[-rank(indices), rank(indices)]`, counts from the end if negative, may not pass the axis,
/// and names leading axes `params` and `indices` share.
fn resolve_batch_dims(
    params: &[usize],
    indices: &[usize],
    axis: usize,
    batch_dims: isize,
) -> Result<usize, Error> {
    if batch_dims == 0 {
        return Ok(0);
    }
    let rank = isize::try_from(indices.len()).unwrap_or(isize::MAX);
    if !(-rank..=rank).contains(&batch_dims) {
        return Err(Error::BatchDimsOutOfRange {
            batch_dims,
            min: -rank,
            max: rank,
        });
    }
    let resolved = if batch_dims < 0 {
        batch_dims + rank
    } else {
        batch_dims
    }
    .unsigned_abs();
    // TensorFlow first checks `batch_dims < rank(params)`: implied here, as `axis < rank(params)`.
    if resolved > axis {
        return Err(Error::BatchDimsPastAxis {
            batch_dims: resolved,
            axis,
        });
    }
    let shared = params.iter().zip(indices).take(resolved).enumerate();
    for (axis, (&params_dim, &indices_dim)) in shared {
        if params_dim != indices_dim {
            return Err(Error::BatchShapeMismatch {
                axis,
                params_dim,
                indices_dim,
            });
        }
    }
    Ok(resolved)
}

/// Every index of `indices` (row-major order) as a position along an axis of length `bound`,
/// or the first that is not one.
fn checked_indices<I: PrimInt, E: Dimension>(
    indices: &ArrayRef<I, E>,
    bound: usize,
) -> Result<Vec<usize>, Error> {
    // `indices` may be a broadcast view, with more elements than a Vec<usize> can hold (the
    // result's size check does not cover it where `A` is smaller than `usize`).
    let mut picks = try_vec::<usize>(indices.shape())?;
    for (flat, &index) in indices.iter().enumerate() {
        let value = widen(index, Argument::Indices, flat)?;
        match usize::try_from(value) {
            Ok(i) if i < bound => picks.push(i),
            _ => {
                return Err(Error::IndexOutOfRange {
                    argument: "indices",
                    position: unravel(flat, indices.shape()),
                    value,
                    bound,
                });
            }
        }
    }
    Ok(picks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array, Array2, Array3, ArrayView2, array};

    fn plan(params: &[usize], indices: &[usize], axis: isize, bd: isize) -> GatherPlan {
        GatherPlan::new(params, indices, axis, bd).expect("a valid gather")
    }

    #[test]
    fn plan_shapes() {
        let p = plan(&[2, 3, 4], &[5], 1, 0);
        assert_eq!(p.out_shape, [2, 5, 4]);
        assert_eq!((p.outer, p.dim, p.inner, p.count), (2, 3, 4, 5));
        let p = plan(&[2, 3, 4], &[2, 5], 1, 1);
        assert_eq!(p.out_shape, [2, 5, 4]);
        assert_eq!((p.outer, p.dim, p.inner, p.count), (1, 3, 4, 5));
        let p = plan(&[2, 3, 4], &[2, 3], 2, -1);
        assert_eq!(p.out_shape, [2, 3, 3]);
        assert_eq!((p.outer, p.inner, p.count), (3, 1, 3));
    }

    #[test]
    fn checks_in_tensorflow_order() {
        let err = |p: &[usize], i: &[usize], a, b| GatherPlan::new(p, i, a, b).unwrap_err();
        assert_eq!(err(&[], &[1], 5, 9), Error::GatherScalarParams);
        assert!(matches!(
            err(&[2, 3], &[3, 3], 5, 9),
            Error::AxisOutOfRange { axis: 5, .. }
        ));
        assert!(matches!(
            err(&[2, 3], &[3], 1, 2),
            Error::BatchDimsOutOfRange {
                min: -1,
                max: 1,
                ..
            }
        ));
        assert!(matches!(
            err(&[2, 3, 4], &[3, 1], 1, 2),
            Error::BatchDimsPastAxis {
                batch_dims: 2,
                axis: 1
            }
        ));
        assert_eq!(
            err(&[2, 3], &[3, 1], 1, 1),
            Error::BatchShapeMismatch {
                axis: 0,
                params_dim: 2,
                indices_dim: 3
            }
        );
        // axis 0 ignores batch_dims; axis -rank does not.
        assert!(GatherPlan::new(&[2, 3], &[3, 1], 0, 7).is_ok());
        assert!(GatherPlan::new(&[2, 3], &[3, 1], -2, 1).is_err());
    }

    #[test]
    fn first_bad_index_with_its_position() {
        let x = Array2::<i32>::zeros((2, 3));
        let err = x.tf_gather(&array![[1, 5], [6, 0]], 1, 0).unwrap_err();
        assert_eq!(err.to_string(), "indices[0,1] = 5 is not in [0, 3)");
        let err = x.tf_gather(&ndarray::arr0(7), 1, 0).unwrap_err();
        assert_eq!(err.to_string(), "indices = 7 is not in [0, 3)");
        let err = x.tf_gather(&array![u64::MAX], 1, 0).unwrap_err();
        assert!(matches!(err, Error::ValueOutOfRange { index: 0, .. }));
    }

    #[test]
    fn empty_results_read_no_index() {
        let x = Array2::<i32>::zeros((0, 5));
        assert_eq!(x.tf_gather(&array![7], 1, 0).unwrap().shape(), &[0, 1]);
        let x = Array2::<i32>::zeros((3, 0));
        assert_eq!(x.tf_gather(&array![7], 0, 0).unwrap().shape(), &[1, 0]);
    }

    #[test]
    fn non_standard_params() {
        let x = Array3::from_shape_fn((3, 4, 5), |(i, j, k)| i * 100 + j * 10 + k);
        let t = x.t();
        let got = t.tf_gather(&array![4, 0], 0, 0).unwrap();
        let want = t.select(ndarray::Axis(0), &[4, 0]).into_dyn();
        assert_eq!(got, want);
        let v: ArrayView2<'_, usize> = x.slice(ndarray::s![1, .., ..;-2]);
        let got = v.tf_gather(&array![[2], [1]], 1, 0).unwrap();
        assert_eq!(got.shape(), &[4, 2, 1]);
        assert_eq!(got[[3, 0, 0]], 130);
        assert_eq!(got[[3, 1, 0]], 132);
    }

    #[test]
    fn progressions_are_views_of_params() {
        let x = Array3::from_shape_fn((5, 6, 7), |(i, j, k)| i * 100 + j * 10 + k);
        let t = x.t();
        let cut = x.slice(ndarray::s![..;-1, 1.., ..;2]);
        for v in [x.view(), t, cut] {
            for axis in 0..3 {
                let dim = v.shape()[axis];
                for first in 0..dim {
                    for step in [-3isize, -2, -1, 1, 2, 3] {
                        // Every progression from `first` that stays on the axis.
                        let picks: Vec<usize> = (0..dim as isize)
                            .map(|k| first as isize + k * step)
                            .take_while(|&p| (0..dim as isize).contains(&p))
                            .map(|p| p as usize)
                            .collect();
                        for n in 1..=picks.len() {
                            let picks = &picks[..n];
                            let view = progression_view(&v, [axis, n], picks)
                                .expect("a progression is a view");
                            let want = v.select(ndarray::Axis(axis), picks);
                            assert_eq!(view, want, "{picks:?} on axis {axis}");
                            // Through tf_gather, as a vector and as an (n, 1) matrix of indices.
                            let idx = Array::from_vec(picks.to_vec());
                            let got = v.tf_gather(&idx, axis as isize, 0).unwrap();
                            assert_eq!(got, want.clone().into_dyn());
                            let idx = idx.into_shape_with_order((n, 1)).unwrap();
                            let got = v.tf_gather(&idx, axis as isize - 3, 0).unwrap();
                            let mut shape = v.shape().to_vec();
                            shape[axis] = n;
                            shape.insert(axis + 1, 1);
                            let want = want.as_standard_layout().into_owned();
                            assert_eq!(got, want.into_shape_with_order(shape).unwrap().into_dyn());
                        }
                    }
                }
            }
        }
        // Not progressions: repeats, uneven steps, and batches (each with its own picks, even
        // where all of them together step evenly).
        assert!(progression_view(&x, [1, 2], &[3, 3]).is_none());
        assert!(progression_view(&x, [1, 3], &[0, 1, 3]).is_none());
        assert!(progression_view(&x, [1, 3], &[0, 1, 2, 3, 4, 5]).is_none());
        let p = Array3::from_shape_fn((2, 6, 3), |(i, j, k)| i * 100 + j * 10 + k);
        let got = p.tf_gather(&array![[0, 1, 2], [3, 4, 5]], 1, 1).unwrap();
        let want = ndarray::concatenate(
            ndarray::Axis(0),
            &[
                p.slice(ndarray::s![0..1, 0..3, ..]),
                p.slice(ndarray::s![1..2, 3..6, ..]),
            ],
        )
        .unwrap();
        assert_eq!(got, want.into_dyn());
    }

    #[test]
    fn a_few_picks_of_elements_equal_select() {
        // Every list of 2 to 4 picks of a 4-long last axis (repeats, permutations, evenly
        // stepped or not), on a standard and a transposed view, and with one batch and two.
        let x = Array3::from_shape_fn((3, 6, 4), |(i, j, k)| i * 100 + j * 10 + k);
        let t = Array3::from_shape_fn((4, 6, 3), |(k, j, i)| i * 100 + j * 10 + k);
        let views = [x.view(), t.view().reversed_axes()];
        let mut lists: Vec<Vec<usize>> = Vec::new();
        for n in 2..=4u32 {
            for code in 0..4usize.pow(n) {
                lists.push((0..n).map(|k| code / 4usize.pow(k) % 4).collect());
            }
        }
        for v in &views {
            for picks in &lists {
                let got = v.tf_gather(&Array::from_vec(picks.clone()), -1, 0).unwrap();
                assert_eq!(
                    got,
                    v.select(ndarray::Axis(2), picks).into_dyn(),
                    "{picks:?}"
                );
            }
        }
        // batch_dims = 2 with one batch element per row: each (i, j) row its own picks.
        let idx = Array3::from_shape_fn((3, 6, 3), |(i, j, k)| (i + j + 2 * k) % 4);
        let got = x.tf_gather(&idx, 2, 2).unwrap();
        for ((i, j, k), &p) in idx.indexed_iter() {
            assert_eq!(got[[i, j, k]], x[[i, j, p]]);
        }
        // One batch element: the same picks for every block.
        let one = x.slice(ndarray::s![0..1, .., ..]);
        let idx = array![[1, 0, 3, 2]];
        let got = one.tf_gather(&idx, 2, 1).unwrap();
        assert_eq!(got, one.select(ndarray::Axis(2), &[1, 0, 3, 2]).into_dyn());
    }

    #[test]
    fn unravel_matches_row_major() {
        let shape = [2, 3, 4];
        let a = Array::from_iter(0..24usize)
            .into_shape_with_order(shape)
            .unwrap();
        for ((i, j, k), &flat) in a.indexed_iter() {
            assert_eq!(unravel(flat, &shape), [i, j, k]);
        }
        assert_eq!(unravel(0, &[]), Vec::<usize>::new());
    }
}
