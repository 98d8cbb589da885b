//! `tf.dynamic_stitch`: slices of several arrays merged into one by index, the inverse of
//! `tf.dynamic_partition` (`dynamic_partition.rs`).

use ndarray::{Array, ArrayD, ArrayViewD, IxDyn};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::ops::operand::ArrayLike;
use crate::ops::typed::{Masked, MaskedDim, dim_of};
use crate::util::alloc::try_vec;
use crate::util::owned::{c_order, from_c_order};
use crate::util::shape::{prepend, unravel};
use crate::util::values::widen;

/// `tf.dynamic_stitch(indices, data)`: merges the slices of `data` into one array,
/// `merged[indices[m][i..], ...] = data[m][i.., ...]`.
///
/// Each `data[m].shape()` must be `indices[m].shape()` followed by one shape common to all `m`
/// (the slice shape); `merged` has shape `[max(indices) + 1] + slice shape` (`[0] + slice shape`
/// when no index is given at all).
///
/// Where an index appears more than once, within one array or across arrays, the slice given
/// last (in order of `m`, then C order of `i..`) wins, as in TensorFlow's CPU kernel (its GPU
/// kernel leaves the winner unspecified). Rows no index names are `A::default()`: TensorFlow
/// leaves them zero (`b''` for strings), which is `Default` for its element types.
///
/// `indices` may be any primitive integer arrays (TensorFlow takes only `int32`). Each output
/// row is written once, copied whole from the slice that wins it.
///
/// # Errors
/// In TensorFlow's order:
/// - [`Error::StitchCount`]: `indices.len() != data.len()`.
/// - [`Error::NoInputs`] (`op: "tf_dynamic_stitch"`): no arrays at all.
/// - [`Error::ValueOutOfRange`] (`argument: Argument::Indices`, `index` the position in C order
///   within its array): an index that does not fit in `i64`.
/// - [`Error::StitchIndexNegative`]: the first negative index, arrays in order (TensorFlow's
///   message gives only its C-order position within its array: `indices[3] is out of range`).
///   TensorFlow checks this before the shapes.
/// - [`Error::StitchShape`]: `data[m].shape()` does not start with `indices[m].shape()`.
/// - [`Error::StitchElementShape`]: `data[m]`'s slice shape differs from `data[0]`'s.
/// - [`Error::TooLarge`]: the result cannot be allocated (a huge index), or an index or data
///   array is a view (a broadcast one, say) whose copy would have more bytes than an allocation
///   can hold.
///
/// # Example
/// TensorFlow's own example (seed 004; its `merged.shape = [max(indices)] + constant` misses
/// a `+ 1`, and `indices` needs only one array, not "at least 2"):
/// ```
/// use ndarray::{arr0, array};
/// use ndarray_tfslice::prelude::*;
///
/// // Index arrays of different ranks: IxDyn (a slice holds one type).
/// let indices = [arr0(6).into_dyn(), array![4, 1].into_dyn(), array![[5, 2], [0, 3]].into_dyn()];
/// let data = [
///     array![61, 62].into_dyn(),
///     array![[41, 42], [11, 12]].into_dyn(),
///     array![[[51, 52], [21, 22]], [[1, 2], [31, 32]]].into_dyn(),
/// ];
/// let merged = tf_dynamic_stitch(&indices, &data)?;
/// assert_eq!(
///     merged,
///     array![[1, 2], [11, 12], [21, 22], [31, 32], [41, 42], [51, 52], [61, 62]].into_dyn()
/// );
///
/// // Later indices win; rows no index names are A::default() (0). Typed inputs give a typed
/// // result: Ix1 indices keep the data's dimension type.
/// let indices = [array![0, 3], array![3]];
/// let data = [array![1.5, 2.5], array![9.5]];
/// let merged: ndarray::Array1<f64> = tf_dynamic_stitch(&indices, &data)?;
/// assert_eq!(merged, array![1.5, 0.0, 0.0, 9.5]);
/// # Ok::<(), Error>(())
/// ```
///
/// TensorFlow's round trip with [`tf_dynamic_partition`](crate::DynamicPartitionExt::tf_dynamic_partition)
/// (from its current `tf.dynamic_stitch` documentation): apply a function only where a
/// condition holds, here `x != -1`.
/// ```
/// use ndarray::{array, Array1};
/// use ndarray_tfslice::prelude::*;
///
/// let x = array![0.1, -1., 5.2, 4.3, -1., 7.4];
/// let condition_mask = x.mapv(|v| i32::from(v != -1.));
/// let mut partitioned_data = x.tf_dynamic_partition(&condition_mask, 2)?;
/// partitioned_data[1] += 1.0;
/// let positions = Array1::from_iter(0..x.len() as i32);
/// let condition_indices = positions.tf_dynamic_partition(&condition_mask, 2)?;
///
/// let x = tf_dynamic_stitch(&condition_indices, &partitioned_data)?;
/// // Here x = [1.1, -1., 6.2, 5.3, -1, 8.4]: the -1. values remain unchanged.
/// let want = array![1.1f64, -1., 6.2, 5.3, -1., 8.4];
/// assert!(x.iter().zip(&want).all(|(a, b)| (a - b).abs() < 1e-12));
/// # Ok::<(), Error>(())
/// ```
// The result type spells TensorFlow's rank rule (data rank - indices rank + 1); an alias would
// only hide it from the docs.
#[allow(clippy::type_complexity)]
pub fn tf_dynamic_stitch<I, T>(
    indices: &[I],
    data: &[T],
) -> Result<Array<T::Elem, Masked<T::Dim, I::Dim>>, Error>
where
    I: ArrayLike,
    I::Elem: PrimInt,
    T: ArrayLike,
    T::Elem: Clone + Default,
    T::Dim: MaskedDim<I::Dim>,
{
    // Lists are as long as the user made them: reserved fallibly.
    let mut index_views = try_vec::<ArrayViewD<'_, I::Elem>>(&[indices.len()])?;
    index_views.extend(indices.iter().map(|i| i.__view().into_dyn()));
    let mut data_views = try_vec::<ArrayViewD<'_, T::Elem>>(&[data.len()])?;
    data_views.extend(data.iter().map(|d| d.__view().into_dyn()));
    let (indices, data) = (&index_views[..], &data_views[..]);
    let merged = stitch(indices, data)?;
    let shape = merged.shape().to_vec();
    merged
        .into_shape_with_order(dim_of::<Masked<T::Dim, I::Dim>>(&shape)?)
        .map_err(|e| Error::Internal(format!("stitch result: {e}")))
}

/// [`tf_dynamic_stitch`] of `IxDyn` views.
fn stitch<I: PrimInt, A: Clone + Default>(
    indices: &[ArrayViewD<'_, I>],
    data: &[ArrayViewD<'_, A>],
) -> Result<ArrayD<A>, Error> {
    if indices.len() != data.len() {
        return Err(Error::StitchCount {
            indices: indices.len(),
            data: data.len(),
        });
    }
    let (Some(indices0), Some(data0)) = (indices.first(), data.first()) else {
        return Err(Error::NoInputs {
            op: "tf_dynamic_stitch",
        });
    };
    // TF reads every index (for the output length) before it looks at any shape.
    let mut widened: Vec<Vec<i64>> = Vec::with_capacity(indices.len());
    let mut rows: Option<i64> = None;
    for (array, idx) in indices.iter().enumerate() {
        // `idx` may be a broadcast view, with more elements than a Vec<i64> can hold.
        let mut values = try_vec::<i64>(idx.shape())?;
        for (flat, &v) in idx.iter().enumerate() {
            let value = widen(v, Argument::Indices, flat)?;
            if value < 0 {
                return Err(Error::StitchIndexNegative {
                    array,
                    position: unravel(flat, idx.shape()),
                    value,
                });
            }
            rows = rows.max(Some(value));
            values.push(value);
        }
        widened.push(values);
    }
    let slice_shape = &data0.shape()[indices0.ndim().min(data0.ndim())..];
    for (m, (idx, d)) in indices.iter().zip(data).enumerate() {
        if !d.shape().starts_with(idx.shape()) {
            return Err(Error::StitchShape {
                index: m,
                data_shape: d.shape().to_vec(),
                indices_shape: idx.shape().to_vec(),
            });
        }
        if &d.shape()[idx.ndim()..] != slice_shape {
            return Err(Error::StitchElementShape {
                index: m,
                first: data0.shape().to_vec(),
                first_rank: indices0.ndim(),
                shape: d.shape().to_vec(),
                rank: idx.ndim(),
            });
        }
    }
    // max + 1 rows, or none; an index past usize (32-bit targets) is too large anyway.
    let len = match rows {
        None => 0,
        Some(max) => usize::try_from(max)
            .ok()
            .and_then(|m| m.checked_add(1))
            .ok_or_else(|| Error::TooLarge {
                shape: prepend(usize::MAX, slice_shape),
            })?,
    };
    let out_shape = prepend(len, slice_shape);
    let mut out = try_vec::<A>(&out_shape)?;
    let slice_len: usize = slice_shape.iter().product();
    // With no row (len 0) nothing is copied: neither the sources nor the gap, whose slice_len
    // elements are then bounded by nothing (a [0, 2^62] data array has 2^62 per slice).
    if slice_len > 0 && len > 0 {
        let sources = data
            .iter()
            .map(|d| c_order(d))
            .collect::<Result<Vec<_>, _>>()?;
        // winner[row] = 1 + the global number of the slice written there last (0: none).
        let mut winner = try_vec::<usize>(&[len])?;
        winner.resize(len, 0);
        let mut starts = Vec::with_capacity(sources.len());
        let mut global = 0usize;
        for values in &widened {
            starts.push(global);
            for &row in values {
                global += 1;
                // Every index is in [0, len) by construction of len.
                if let Some(w) = usize::try_from(row).ok().and_then(|r| winner.get_mut(r)) {
                    *w = global;
                }
            }
        }
        // At most the result's size: `out` holds len * slice_len elements, len >= 1.
        let gap = vec![A::default(); slice_len];
        for &w in &winner {
            let Some(g) = w.checked_sub(1) else {
                out.extend_from_slice(&gap);
                continue;
            };
            // Slice g of all the arrays together: array m (starts[0] = 0 <= g), row i of it.
            let row = starts
                .partition_point(|&s| s <= g)
                .checked_sub(1)
                .and_then(|m| Some((m, g - starts.get(m)?)))
                .and_then(|(m, i)| sources.get(m)?.get(i * slice_len..(i + 1) * slice_len));
            match row {
                Some(row) => out.extend_from_slice(row),
                None => return Err(Error::Internal(format!("dynamic_stitch lost slice {g}"))),
            }
        }
    }
    from_c_order(IxDyn(&out_shape), out)
}
