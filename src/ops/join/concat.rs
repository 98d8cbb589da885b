//! `tf_concat` and `tf_stack`: TensorFlow's `tf.concat` (`ConcatV2`) and `tf.stack` (`Pack`,
//! formerly `tf.pack`), as free functions over views.
//!
//! Both results are owned. Seen from the result, both ops interleave the inputs in runs: the
//! result is `outer` repetitions of "a run of input 0, a run of input 1, ...", where `outer` is the
//! product of the axes before the join axis and a run of input `i` is its sub-block from the join
//! axis on. That is how they are copied, into a `Vec` allocated once, where every input is in
//! standard layout: equal runs (a stack, YOLO's boxes) by `util::runs::gather_runs`, which writes
//! short runs vectorised across runs, unequal ones (and equal runs of 2 KiB or more in several
//! rows) a row at a time. Other layouts joined on the outermost axis (and a single input) go
//! through the crate's copy engine, each input one block in C order; on an inner axis, stacked
//! views one step apart in one array are joined into one view of it (`spaced`), copied once by
//! the engine, and otherwise each input not in standard layout is first copied to C order by
//! the engine, then interleaved as above. Every result is in standard layout.

mod spaced;

use std::borrow::Cow;

use ndarray::{Array, ArrayView, Axis, Dimension};

use crate::error::Error;
use crate::ops::operand::{ArrayLike, views};
use crate::util::alloc::{check_size, try_vec};
use crate::util::axis::resolve_axis;
use crate::util::copy::gather_byte_rounds;
use crate::util::copy::interleave_pieces;
use crate::util::owned::{blocks_in_c_order, c_order, from_c_order, owned_copy};
use crate::util::runs::{Runs, gather_runs};

/// `tf.concat(values, axis)`: the arrays joined along an existing axis.
///
/// `values` is a slice (or `&Vec`) of owned arrays, views or references to them, any dimension
/// type ([`ArrayLike`]); the result has the inputs' dimension type.
///
/// As in TensorFlow, every input must have the first input's rank and the first input's size on
/// every axis but `axis`; the result's `axis` is the sum of the inputs'. `axis` counts from the end
/// when negative and is resolved against the first input's rank.
///
/// TensorFlow's Python `tf.concat` returns a single input unchanged without looking at `axis` (nor
/// at its rank): so does this function, as an owned copy. Like TensorFlow's kernel, it accepts
/// `axis == 0` for a rank-0 first input before rejecting the scalar itself, so that case reports
/// [`Error::ConcatScalars`] rather than [`Error::AxisOutOfRange`].
///
/// # Errors
/// In TensorFlow's order (the axis first, then each input in turn: scalar, rank, shape):
/// - [`Error::NoInputs`]: `values` is empty.
/// - [`Error::AxisOutOfRange`]: with two or more inputs, `axis` outside `[-rank, rank)` of the
///   first input (`axis == 0` is let through for a scalar first input, as TensorFlow does).
/// - [`Error::ConcatScalars`]: an input is 0-d (use [`tf_stack`]).
/// - [`Error::ConcatRankMismatch`]: an input's rank differs from the first's (only possible with
///   [`IxDyn`](type@ndarray::IxDyn) inputs).
/// - [`Error::ConcatShapeMismatch`]: an input differs from the first on an axis other than `axis`.
/// - [`Error::TooLarge`]: the result's size overflows.
///
/// # Example
/// TensorFlow's own examples (`tf.concat` documentation; its old form `tf.concat(0, [t1, t2])`
/// took the axis first, today's is `tf.concat([t1, t2], 0)`):
/// ```
/// use ndarray::{array, Array2};
/// use ndarray_tfslice::prelude::*;
///
/// let t1 = array![[1, 2, 3], [4, 5, 6]];
/// let t2 = array![[7, 8, 9], [10, 11, 12]];
/// assert_eq!(
///     tf_concat(&[&t1, &t2], 0)?,
///     array![[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
/// );
/// assert_eq!(
///     tf_concat(&[&t1, &t2], 1)?,
///     array![[1, 2, 3, 7, 8, 9], [4, 5, 6, 10, 11, 12]]
/// );
///
/// // tensor t3 with shape [2, 3], tensor t4 with shape [2, 3]
/// let (t3, t4) = (Array2::<f32>::zeros((2, 3)), Array2::<f32>::ones((2, 3)));
/// assert_eq!(tf_concat(&[&t3, &t4], 0)?.shape(), &[4, 3]);
/// assert_eq!(tf_concat(&[&t3, &t4], 1)?.shape(), &[2, 6]);
/// // Negative axes count from the end.
/// assert_eq!(tf_concat(&[&t3, &t4], -1)?.shape(), &[2, 6]);
///
/// // "tf.concat(axis, [tf.expand_dims(t, axis) for t in tensors]) can be rewritten as
/// // tf.pack(tensors, axis=axis)": today's tf.stack.
/// let expanded = [t1.view().insert_axis(ndarray::Axis(1)), t2.view().insert_axis(ndarray::Axis(1))];
/// assert_eq!(tf_concat(&expanded, 1)?, tf_stack(&[&t1, &t2], 1)?);
///
/// // The shapes must agree off the axis, in TensorFlow's words.
/// let t5 = Array2::<f32>::zeros((3, 3));
/// let err = tf_concat(&[&t3, &t5], 1).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "ConcatOp : Dimension 0 in both shapes must be equal: shape[0] = [2,3] vs. shape[1] = [3,3]"
/// );
/// // One input comes back unchanged, whatever the axis.
/// assert_eq!(tf_concat(&[&t1], 7)?, t1);
/// # Ok::<(), Error>(())
/// ```
pub fn tf_concat<T>(values: &[T], axis: isize) -> Result<Array<T::Elem, T::Dim>, Error>
where
    T: ArrayLike,
    T::Elem: Clone,
{
    concat(&views(values)?, axis)
}

/// [`tf_concat`] of views.
fn concat<A: Clone, D: Dimension>(
    values: &[ArrayView<'_, A, D>],
    axis: isize,
) -> Result<Array<A, D>, Error> {
    let op = "tf_concat";
    let (first, rest) = values.split_first().ok_or(Error::NoInputs { op })?;
    if rest.is_empty() {
        // A C-order copy through the copy engine (TooLarge for a broadcast view whose copy
        // cannot exist).
        return owned_copy(first.view());
    }
    let rank = first.ndim();
    // TensorFlow's kernel still allows a legacy concat of scalars at axis 0 here, only to refuse
    // the scalars one check later.
    let axis = if rank == 0 && axis == 0 {
        0
    } else {
        resolve_axis(op, "axis", axis, rank)?
    };
    let mut total = 0usize;
    for (index, value) in values.iter().enumerate() {
        check_concat_input(index, first.shape(), value.shape(), axis)?;
        // Only reached with rank >= 1: the first input is checked first, and a scalar fails.
        total = total.saturating_add(value.shape()[axis]);
    }
    let mut dim = first.raw_dim();
    dim[axis] = total;
    check_size::<A>(dim.slice())?;
    let outer: usize = first.shape()[..axis].iter().product();
    let copies;
    let slices: Vec<&[A]> = match standard_slices(values) {
        Some(slices) => slices,
        // One block per input (axis 0).
        None if outer == 1 => return blocks_in_c_order(values, dim),
        None => {
            copies = c_order_inputs(values)?;
            copies.iter().map(|input| &**input).collect()
        }
    };
    // After check_size, no sub-product of the result's shape overflows.
    let inner: usize = first.shape()[axis + 1..].iter().product();
    let runs: Vec<usize> = values.iter().map(|v| v.shape()[axis] * inner).collect();
    let data = interleave(&slices, &runs, outer, try_vec::<A>(dim.slice())?)?;
    from_c_order(dim, data)
}

/// TensorFlow's checks of input `index` against the first input, in its order.
fn check_concat_input(
    index: usize,
    first: &[usize],
    shape: &[usize],
    axis: usize,
) -> Result<(), Error> {
    if shape.is_empty() {
        return Err(Error::ConcatScalars);
    }
    if shape.len() != first.len() {
        return Err(Error::ConcatRankMismatch {
            index,
            first: first.to_vec(),
            shape: shape.to_vec(),
        });
    }
    let differs = (0..first.len()).find(|&j| j != axis && first[j] != shape[j]);
    match differs {
        Some(j) => Err(Error::ConcatShapeMismatch {
            index,
            axis: j,
            first: first.to_vec(),
            shape: shape.to_vec(),
        }),
        None => Ok(()),
    }
}

/// `tf.stack(values, axis)`: arrays of one shape joined along a new axis of length
/// `values.len()`.
///
/// `values` is a slice (or `&Vec`) of owned arrays, views or references to them ([`ArrayLike`]);
/// the result's dimension type is the inputs' `Larger` (`Ix2` for `Ix1` inputs).
///
/// The new axis is `axis` of the result, so `axis` may be anything in `[-(rank + 1), rank + 1)`
/// (negatives count from the end of the result's axes). `tf_stack(&[x, y, z], 0)` is NumPy's
/// `np.stack([x, y, z])`.
///
/// TensorFlow's `tf.stack([])` gives an empty float tensor of shape `(0,)`; here the result's rank
/// is the inputs' plus one, which no input gives, so it is [`Error::NoInputs`].
///
/// # Errors
/// - [`Error::NoInputs`]: `values` is empty.
/// - [`Error::AxisOutOfRange`]: `axis` outside `[-(rank + 1), rank + 1)` (checked first, against
///   the first input's rank, as TensorFlow's Python `tf.stack` does).
/// - [`Error::StackShapeMismatch`]: an input's shape differs from the first's.
/// - [`Error::TooLarge`]: the result's size overflows.
///
/// # Example
/// TensorFlow's own example (`tf.pack` documentation; today's `tf.stack`):
/// ```
/// use ndarray::{arr0, array};
/// use ndarray_tfslice::prelude::*;
///
/// let (x, y, z) = (array![1, 4], array![2, 5], array![3, 6]);
/// let xyz = [x, y, z];
/// // Pack along first dim.
/// assert_eq!(tf_stack(&xyz, 0)?, array![[1, 4], [2, 5], [3, 6]]);
/// assert_eq!(tf_stack(&xyz, 1)?, array![[1, 2, 3], [4, 5, 6]]);
/// // Negative axes count from the end of the result's axes.
/// assert_eq!(tf_stack(&xyz, -1)?, array![[1, 2, 3], [4, 5, 6]]);
///
/// // Scalars stack into a vector.
/// let (a, b) = (arr0(7), arr0(8));
/// assert_eq!(tf_stack(&[a, b], 0)?, array![7, 8]);
///
/// let err = tf_stack(&xyz, 2).unwrap_err();
/// assert_eq!(err.to_string(), "axis = 2 not in [-2, 2) (tf_stack)");
/// # Ok::<(), Error>(())
/// ```
pub fn tf_stack<T>(
    values: &[T],
    axis: isize,
) -> Result<Array<T::Elem, <T::Dim as Dimension>::Larger>, Error>
where
    T: ArrayLike,
    T::Elem: Clone,
{
    stack(&views(values)?, axis)
}

/// [`tf_stack`] of views.
fn stack<A: Clone, D: Dimension>(
    values: &[ArrayView<'_, A, D>],
    axis: isize,
) -> Result<Array<A, D::Larger>, Error> {
    let op = "tf_stack";
    let first = values.first().ok_or(Error::NoInputs { op })?;
    let axis = resolve_axis(op, "axis", axis, first.ndim().saturating_add(1))?;
    let mismatch = values.iter().position(|v| v.shape() != first.shape());
    if let Some(index) = mismatch {
        return Err(Error::StackShapeMismatch {
            index,
            first: first.shape().to_vec(),
            shape: values[index].shape().to_vec(),
        });
    }
    let mut dim = first.raw_dim().insert_axis(Axis(axis));
    dim[axis] = values.len();
    check_size::<A>(dim.slice())?;
    let outer: usize = first.shape()[..axis].iter().product();
    let copies;
    let slices: Vec<&[A]> = match standard_slices(values) {
        Some(slices) => slices,
        None => {
            // Views one step apart in one array (Keras 3's RGB -> BGR, `[x[..., i] for i in
            // (2, 1, 0)]` on the last axis) are one view of it: one C-order copy.
            if let Some(joined) = (outer > 1).then(|| spaced::joined(values, axis)).flatten() {
                return blocks_in_c_order(&[joined], dim);
            }
            if outer == 1 {
                // Stacked on axis 0: each input one block.
                return blocks_in_c_order(values, dim);
            }
            copies = c_order_inputs(values)?;
            copies.iter().map(|input| &**input).collect()
        }
    };
    let run: usize = first.shape()[axis..].iter().product();
    let runs = vec![run; values.len()];
    let data = interleave(&slices, &runs, outer, try_vec::<A>(dim.slice())?)?;
    from_c_order(dim, data)
}

/// Each input's elements as one slice in logical order, if every input is in standard layout.
fn standard_slices<'a, A, D: Dimension>(values: &[ArrayView<'a, A, D>]) -> Option<Vec<&'a [A]>> {
    // `to_slice` keeps the view's lifetime, unlike `as_slice` on the borrowed view.
    values.iter().map(|v| v.clone().to_slice()).collect()
}

/// Each input's elements in C order, for [`interleave`]: borrowed where the input is in standard
/// layout, else copied by the copy engine ([`c_order`]; [`Error::TooLarge`] where that copy
/// cannot exist). ndarray's own `concatenate` / `stack`, which these inputs went to before,
/// walk them element by element: Keras 3's RGB -> BGR, `ops.stack([x[..., i] for i in (2, 1,
/// 0)], axis=-1)` of a 16×224×224×3 `f32` batch, took 9.7-11.3 ms (26x a `memcpy` of the
/// result; ndarray's `stack` 9.6-10.7 ms).
fn c_order_inputs<'a, A: Clone, D: Dimension>(
    values: &'a [ArrayView<'_, A, D>],
) -> Result<Vec<Cow<'a, [A]>>, Error> {
    values.iter().map(|value| c_order(value)).collect()
}

/// Equal runs of at least this many bytes, in more than one row, are written as unequal ones
/// are: each row's runs straight into the result's spare capacity by the compiler's copy loop
/// (`interleave_pieces`), not a `memcpy` call per run, which on an AMD EPYC without ERMS
/// (family 23; glibc's AVX2 vector loop) cost a quarter more. `tf_concat` on axis 1, `f32`,
/// pinned, best of 30 × 20 calls, twice, by `memcpy` per run -> straight: 4 × 512×512 (runs of
/// 2 KiB) 519-533 -> 406-424 us (NumPy 443-460), 4 × 256×1024 421-430 -> 386-390 us, 2 ×
/// 2048×512 1750-1755 -> 1333-1367 us, 4 × 64×4096 (16 KiB) 377 -> 369-378 us. Shorter runs
/// stay with `gather_runs` (runs of 1.5 KiB, 2 × 4096×384: 1917-1949 there, 1999-2101 us
/// straight).
const INTERLEAVED_RUN_BYTES: usize = 2048;

/// `outer` repetitions of "`runs[0]` elements of `inputs[0]`, `runs[1]` of `inputs[1]`, ...": the
/// data of a concat or stack result, whose inputs are in standard layout. `data` is empty, with
/// room for the result (reserved fallibly by the caller).
fn interleave<A: Clone>(
    inputs: &[&[A]],
    runs: &[usize],
    outer: usize,
    mut data: Vec<A>,
) -> Result<Vec<A>, Error> {
    // Equal runs (a stack; YOLO's boxes, pairs of x, y and w, h joined on the last axis): one
    // `gather_runs`, which writes short runs as fixed-size moves vectorised across runs. Long
    // runs in several rows go as unequal ones do (below).
    let long = |run: usize| {
        outer > 1 && run.saturating_mul(std::mem::size_of::<A>()) >= INTERLEAVED_RUN_BYTES
    };
    if let Some(&run) = runs
        .first()
        .filter(|&&run| runs.iter().all(|&r| r == run) && !long(run))
    {
        // One- and two-byte elements, runs of 1 to 32 bytes: one byte gather for the whole
        // result (two u8 64×64 images of 2 or 3 channels joined: 3.5x and 5.2x a `memcpy` by
        // fixed-size moves, 0.8x gathered).
        if gather_byte_rounds(&mut data, inputs, run, outer) {
            return Ok(data);
        }
        let rounds = Runs {
            offset: 0,
            step: run,
            len: run,
            rounds: outer,
        };
        gather_runs(&mut data, inputs, rounds)?;
        return Ok(data);
    }
    // Unequal runs: row by row into the spare capacity (`util::copy::interleave_pieces`).
    interleave_pieces(&mut data, inputs, runs, outer)?;
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_layouts_on_the_outer_axis_go_through_the_engine_in_c_order() {
        let a = ndarray::Array2::from_shape_fn((3, 4), |(i, j)| (10 * i + j) as i32);
        let b = ndarray::Array2::from_shape_fn((4, 2), |(i, j)| (100 + 10 * i + j) as i32);
        let (a_rev, b_t) = (a.slice(ndarray::s![..;-1, ..]), b.t());
        let got = tf_concat(&[a_rev.view(), b_t.view()], 0).unwrap();
        let want = ndarray::concatenate(Axis(0), &[a_rev.view(), b_t.view()]).unwrap();
        assert_eq!(got, want);
        assert!(got.is_standard_layout());
        let one = tf_concat(&[a.t()], 1).unwrap();
        assert_eq!(one, a.t());
        assert!(one.is_standard_layout());
        let stacked = tf_stack(&[a.t(), a_rev.t()], 0).unwrap();
        assert_eq!(
            stacked,
            ndarray::stack(Axis(0), &[a.t(), a_rev.t()]).unwrap()
        );
        assert!(stacked.is_standard_layout());
    }

    #[test]
    fn other_layouts_on_inner_axes_are_copied_to_c_order_first() {
        // Keras 3's RGB -> BGR: the channels of an NHWC batch stacked in reverse on the last
        // axis (each a strided view; joined into one view, `spaced`), equal to the channel
        // flip. Channels of two arrays are not one view: each is copied to C order first.
        let x = ndarray::Array4::from_shape_fn((2, 5, 7, 3), |(n, h, w, c)| {
            (1000 * n + 100 * h + 10 * w + c) as f32
        });
        let channels: Vec<_> = [2, 1, 0]
            .iter()
            .map(|&i| x.index_axis(Axis(3), i))
            .collect();
        let bgr = tf_stack(&channels, -1).unwrap();
        assert_eq!(bgr, x.slice(ndarray::s![.., .., .., ..;-1]));
        assert!(bgr.is_standard_layout());
        let y = x.mapv(|v| -v);
        let pair = [x.index_axis(Axis(3), 1), y.index_axis(Axis(3), 1)];
        let got = tf_stack(&pair, -1).unwrap();
        assert_eq!(got, ndarray::stack(Axis(3), &pair).unwrap());
        assert!(got.is_standard_layout());
        // Mixed layouts: a standard input beside a transposed one and a reversed one, joined
        // on the inner axis.
        let a = ndarray::Array2::from_shape_fn((4, 3), |(i, j)| (10 * i + j) as i64);
        let b = ndarray::Array2::from_shape_fn((2, 4), |(i, j)| (100 + 10 * i + j) as i64);
        let c = ndarray::Array2::from_shape_fn((4, 5), |(i, j)| (200 + 10 * i + j) as i64);
        let rev = c.slice(ndarray::s![..;-1, ..;-2]);
        let views = [a.view(), b.t(), rev];
        let got = tf_concat(&views, 1).unwrap();
        assert_eq!(got, ndarray::concatenate(Axis(1), &views).unwrap());
        assert!(got.is_standard_layout());
        let same = [
            a.t(),
            a.t(),
            a.slice(ndarray::s![..;-1, ..]).reversed_axes(),
        ];
        let got = tf_stack(&same, 1).unwrap();
        assert_eq!(got, ndarray::stack(Axis(1), &same).unwrap());
        assert!(got.is_standard_layout());
        // Strings: the engine clones them.
        let s = ndarray::Array2::from_shape_fn((3, 4), |(i, j)| format!("{i}{j}"));
        let got = tf_stack(&[s.t(), s.t()], 2).unwrap();
        assert_eq!(got, ndarray::stack(Axis(2), &[s.t(), s.t()]).unwrap());
    }

    #[test]
    fn long_equal_runs_in_several_rows_are_written_row_by_row() {
        // Runs of exactly INTERLEAVED_RUN_BYTES, one element more, and one element less (the
        // `gather_runs` side), for a primitive and for a type whose clone is not a copy.
        for cols in [511usize, 512, 513] {
            let xs: Vec<ndarray::Array2<f32>> = (0..3)
                .map(|k| {
                    ndarray::Array2::from_shape_fn((5, cols), |(i, j)| {
                        (k * 10_000 + i * 1000 + j) as f32
                    })
                })
                .collect();
            let views: Vec<_> = xs.iter().map(|x| x.view()).collect();
            let got = tf_concat(&views, 1).unwrap();
            assert_eq!(got, ndarray::concatenate(Axis(1), &views).unwrap());
            let got = tf_stack(&views, 1).unwrap();
            assert_eq!(got, ndarray::stack(Axis(1), &views).unwrap());
        }
        let strings: Vec<ndarray::Array2<String>> = (0..2)
            .map(|k| ndarray::Array2::from_shape_fn((3, 100), |(i, j)| format!("{k}:{i}:{j}")))
            .collect();
        let views: Vec<_> = strings.iter().map(|x| x.view()).collect();
        assert!(100 * std::mem::size_of::<String>() >= INTERLEAVED_RUN_BYTES);
        let got = tf_concat(&views, 1).unwrap();
        assert_eq!(got, ndarray::concatenate(Axis(1), &views).unwrap());
    }
}
