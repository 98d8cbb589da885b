//! # Porting from TensorFlow
//!
//! This page is for someone with a TensorFlow (or Keras) function in front of them and an
//! ndarray program to write. It says, op by op, what to call, what comes back, and the few rules
//! every call follows. Nothing here is code: it is documentation, and every example is a
//! doctest.
//!
//! ## The rules every call follows
//!
//! **Names.** `tf.<op>` is `tf_<op>`: a method of every ndarray array (owned, view, `ArcArray`,
//! `CowArray`, any dimension type) when TensorFlow's first argument is the tensor, a free function
//! when it is a list (`tf_concat`, `tf_stack`, `tf_dynamic_stitch`, `tf_one_hot`). Arguments come
//! in TensorFlow's order. `_mut` writes through, `_move` consumes its input (so a view keeps its
//! lifetime), `_to_owned` copies into C order, `_assign` writes a value into a slice.
//!
//! **Integer lists** (`begin`, `end`, `strides`, `size`, `multiples`, `perm`, axis lists, split
//! sizes, `block_shape`, `seq_lengths`, a grad's `shape`): one trait, [`IntList`](crate::IntList).
//! Any primitive integer type (`i32`, `i64`, `usize`, `u8`, ...), as a slice (`&[1, -1]`,
//! `&v[1..]`), a `Vec` (`&v`), a fixed array, or a 1-D ndarray array or view of any layout
//! (`&lengths` with `lengths: Array1<i32>`; no `.as_slice().unwrap()`). Values are widened to
//! `i64`. A negative value is TensorFlow's error wherever TensorFlow rejects it (`multiples`,
//! `paddings`, `crops`, `block_shape`, split sizes other than `-1`, `seq_lengths`, shape dims),
//! and counts from the end wherever TensorFlow counts from the end (`perm`, axis lists, strided
//! `begin`/`end`). **Pairs** (`paddings`, `crops`: TensorFlow's `[n, 2]` tensors) are
//! [`IntPairs`](crate::IntPairs): `&[[before, after], ..]` of any integer type, or a 2-D ndarray
//! array with 2 columns. **Scalar axes** are `isize` everywhere (`axis`, `seq_axis`,
//! `batch_axis`, `batch_dims` of both gathers). An empty list needs its type: `&[0; 0]`.
//!
//! ```
//! use ndarray::{array, Array1};
//! use ndarray_tfslice::prelude::*;
//!
//! let x = array![[1, 2, 3], [4, 5, 6]];
//! let lengths: Array1<i32> = array![3, 1];
//! // tf.reverse_sequence(x, lengths, seq_axis=1, batch_axis=0), lengths in an ndarray.
//! assert_eq!(x.tf_reverse_sequence(&lengths, 1, 0)?, array![[3, 2, 1], [4, 5, 6]]);
//! // A reversed view of the lengths works as well: nothing has to be contiguous.
//! let reversed = array![1, 3];
//! let view = reversed.slice(ndarray::s![..;-1]);
//! assert_eq!(x.tf_reverse_sequence(&view, 1, 0)?, array![[3, 2, 1], [4, 5, 6]]);
//! # Ok::<(), Error>(())
//! ```
//!
//! **List inputs** (`tf_concat`, `tf_stack`, `tf_dynamic_stitch`) take a slice or `&Vec` of owned
//! arrays, views, or references to them ([`ArrayLike`](crate::ArrayLike)): `tf_concat(&[&a, &b],
//! 0)`, `tf_concat(&parts, -1)` with `parts: Vec<ArrayView2<f32>>`. No `.view()` mapping.
//!
//! **New elements** (the zeros of `tf_strided_slice_grad`, the padding of `tf_space_to_batch*`
//! and of `tf_extract_image_patches` with `"SAME"`, the rows `tf_dynamic_stitch` leaves out)
//! are `A::default()`: TensorFlow's zero for every TensorFlow dtype (`0`, `0.0`, `false`, `""`,
//! complex `0`), and it also exists for `bool` and `String`, which `num_traits::Zero` lacks.
//! `tf_pad` takes its constant explicitly (TensorFlow's default `constant_values=0` is
//! `A::default()` for numbers).
//!
//! **Errors.** Every call returns `Result<_, `[`Error`](crate::Error)`>`; no input panics. Where
//! TensorFlow raises, the message starts with TensorFlow's own words.
//!
//! ## Result types
//!
//! Where TensorFlow's output rank follows from the input ranks, the result has that dimension
//! type, so `ArrayD` does not spread through a port:
//!
//! | op | input | result |
//! |---|---|---|
//! | `tf_slice`, `tf_split`, `tf_transpose`, `tf_reverse`, `tf_tile`, `tf_pad`, `tf_reverse_sequence`, `tf_concat`, the space/depth/batch ops | `D` | `D` |
//! | `tf_unstack` | `D` | `D::Smaller` |
//! | `tf_stack` | `D` | `D::Larger` |
//! | `tf_one_hot` | indices `E` | `E::Larger` |
//! | `tf_boolean_mask` | `D`, mask `E` | `rank(D) - rank(E) + 1` ([`MaskedDim`](crate::MaskedDim)) |
//! | `tf_dynamic_stitch` | data `D`, indices `E` | `rank(D) - rank(E) + 1` (`D` for 1-D indices) |
//! | `tf_strided_slice`, `tf_index` with a run-time spec, `tf_gather` (rank depends on `batch_dims`), `tf_gather_nd` (on `indices.shape[-1]`), `tf_dynamic_partition` | any | `IxDyn` |
//!
//! Where the rank depends on run-time values, convert once with ndarray's
//! `into_dimensionality`; [`Error`](crate::Error) implements `From<ndarray::ShapeError>`, so `?`
//! works in a function returning this crate's `Result`:
//!
//! ```
//! use ndarray::{array, Array2, Ix2};
//! use ndarray_tfslice::prelude::*;
//!
//! fn pick_rows(table: &Array2<f32>, ids: &[i64]) -> Result<Array2<f32>, Error> {
//!     // tf.gather(table, ids): the rank depends on batch_dims (a run-time value) -> ArrayD.
//!     let rows = table.tf_gather(&ndarray::aview1(ids), 0, 0)?;
//!     Ok(rows.into_dimensionality::<Ix2>()?)
//! }
//! let table = array![[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]];
//! assert_eq!(pick_rows(&table, &[2, 0])?, array![[2.0, 2.5], [0.0, 0.5]]);
//! # Ok::<(), Error>(())
//! ```
//!
//! ## Lifetimes: returning a view from a helper
//!
//! `x.tf_slice(..)` borrows `x`. In a helper that takes a view by value, that borrow is of the
//! helper's own parameter, and returning it is `error[E0515]: cannot return value referencing
//! function parameter`. The `_move` forms consume the view and return a view with its lifetime:
//! [`tf_strided_slice_move`](crate::TfSliceMoveExt::tf_strided_slice_move),
//! [`tf_index_move`](crate::TfSliceMoveExt::tf_index_move),
//! [`tf_slice_move`](crate::TfSliceMoveExt::tf_slice_move),
//! [`tf_split_move`](crate::SplitMoveExt::tf_split_move),
//! [`tf_unstack_move`](crate::SplitMoveExt::tf_unstack_move),
//! [`tf_transpose_move`](crate::ViewMoveExt::tf_transpose_move),
//! [`tf_reverse_move`](crate::ViewMoveExt::tf_reverse_move).
//!
//! ```
//! use ndarray::{Array3, ArrayView3};
//! use ndarray_tfslice::prelude::*;
//!
//! // img[h:h + c, w:w + c] with run-time bounds, returned as a view of the caller's image.
//! fn crop<'a>(x: ArrayView3<'a, u8>, h: usize, w: usize, c: usize) -> Result<ArrayView3<'a, u8>, Error> {
//!     // size -1: the whole last axis.
//!     x.tf_slice_move(&[h, w, 0], &[c as i64, c as i64, -1])
//! }
//! let img = Array3::<u8>::zeros((8, 8, 3));
//! assert_eq!(crop(img.view(), 2, 3, 4)?.shape(), &[4, 4, 3]);
//! # Ok::<(), Error>(())
//! ```
//!
//! ## TensorFlow op to crate call
//!
//! The chapter "Slicing and Joining", and the neighbouring ops a port meets:
//!
//! | TensorFlow | here | result |
//! |---|---|---|
//! | `x[1:, ::-1]`, `x[..., None, 0]` | [`x.tf_index(&"1:, ::-1".parse()?)`](crate::TfSliceExt::tf_index) | `ArrayView<A, IxDyn>` |
//! | `tf.strided_slice(x, begin, end, strides, begin_mask=..)` | [`x.tf_strided_slice(&begin, &end, &strides, Masks { .. })`](crate::TfSliceExt::tf_strided_slice) | `ArrayView<A, IxDyn>` |
//! | `tf.slice(x, begin, size)` | [`x.tf_slice(&begin, &size)`](crate::TfSliceExt::tf_slice) | `ArrayView<A, D>` |
//! | `StridedSliceGrad` | [`tf_strided_slice_grad(&shape, &begin, &end, &strides, masks, &dy)`](crate::tf_strided_slice_grad) | `ArrayD<A>` |
//! | `tf.split(x, 3, axis)`, `tf.split(x, [2, -1], axis)` | [`x.tf_split(3, axis)`](crate::SplitExt::tf_split), `x.tf_split(&[2, -1], axis)` | `Vec<ArrayView<A, D>>` |
//! | `tf.unstack(x, axis=a)` | [`x.tf_unstack(a)`](crate::SplitExt::tf_unstack) | `Vec<ArrayView<A, D::Smaller>>` |
//! | `tf.concat(values, axis)` | [`tf_concat(&values, axis)`](crate::tf_concat) | `Array<A, D>` |
//! | `tf.stack(values, axis)` | [`tf_stack(&values, axis)`](crate::tf_stack) | `Array<A, D::Larger>` |
//! | `tf.tile(x, multiples)` | [`x.tf_tile(&multiples)`](crate::TileExt::tf_tile) | `Array<A, D>` |
//! | `tf.pad(x, paddings, mode, constant_values=c)` | [`x.tf_pad(&paddings, PadMode::Constant, c)`](crate::PadExt::tf_pad) | `Array<A, D>` |
//! | `tf.reverse(x, axis)`, `x[..., ::-1]` | [`x.tf_reverse(&axis)`](crate::ReverseExt::tf_reverse) | `ArrayView<A, D>` |
//! | `tf.reverse_sequence(x, lengths, seq_axis, batch_axis)` | [`x.tf_reverse_sequence(&lengths, seq_axis, batch_axis)`](crate::ReverseSequenceExt::tf_reverse_sequence) | `Array<A, D>` |
//! | `tf.transpose(x, perm)` | [`x.tf_transpose(&perm)`](crate::TransposeExt::tf_transpose) | `ArrayView<A, D>` |
//! | `tf.transpose(x)` (default perm), `tf.linalg.matrix_transpose` of 2-D | ndarray: `x.t()` | `ArrayView<A, D>` |
//! | `tf.gather(x, indices, axis, batch_dims)` | [`x.tf_gather(&indices, axis, batch_dims)`](crate::GatherExt::tf_gather) | `ArrayD<A>` |
//! | `tf.gather_nd(x, indices, batch_dims)` | [`x.tf_gather_nd(&indices, batch_dims)`](crate::GatherNdExt::tf_gather_nd) | `ArrayD<A>` |
//! | `tf.boolean_mask(x, mask, axis)` | [`x.tf_boolean_mask(&mask, axis)`](crate::BooleanMaskExt::tf_boolean_mask) | typed ([`MaskedDim`](crate::MaskedDim)) |
//! | `tf.dynamic_partition(x, partitions, n)` | [`x.tf_dynamic_partition(&partitions, n)`](crate::DynamicPartitionExt::tf_dynamic_partition) | `Vec<ArrayD<A>>` |
//! | `tf.dynamic_stitch(indices, data)` | [`tf_dynamic_stitch(&indices, &data)`](crate::tf_dynamic_stitch) | typed ([`MaskedDim`](crate::MaskedDim)) |
//! | `tf.one_hot(indices, depth, on, off, axis)` | [`tf_one_hot(&indices, depth, on, off, axis)`](crate::tf_one_hot) | `Array<A, E::Larger>` |
//! | `tf.nn.space_to_depth`, `tf.nn.depth_to_space` | [`x.tf_space_to_depth(b)`](crate::SpaceToDepthExt::tf_space_to_depth), [`x.tf_depth_to_space(b)`](crate::SpaceToDepthExt::tf_depth_to_space) | `Array<A, D>` |
//! | `tf.space_to_batch_nd`, `tf.batch_to_space` | [`x.tf_space_to_batch_nd(&block_shape, &paddings)`](crate::SpaceToBatchExt::tf_space_to_batch_nd), [`x.tf_batch_to_space_nd(&block_shape, &crops)`](crate::SpaceToBatchExt::tf_batch_to_space_nd) | `Array<A, D>` |
//! | `tf.image.extract_patches` | [`x.tf_extract_image_patches(ksizes, strides, rates, padding)`](crate::ExtractImagePatchesExt::tf_extract_image_patches) | `Array<A, D>` |
//!
//! What ndarray already does (until this crate adds `tf_` forms of the shape ops):
//!
//! | TensorFlow | ndarray |
//! |---|---|
//! | `tf.expand_dims(x, a)`, `x[:, tf.newaxis]` | `x.insert_axis(Axis(a))` (a non-negative `a`), or `tf_index` with `None` |
//! | `tf.squeeze(x, [a])` | `x.index_axis_move(Axis(a), 0)` (checks nothing: assert the length is 1 first) |
//! | `tf.reshape(x, shape)` | `x.to_shape(shape)?` (a view where the layout allows, C order) or `x.into_shape_with_order(shape)?` |
//! | `tf.shape(x)`, `x.shape` | `x.shape()` |
//! | `tf.cast(x, tf.float32)` | `x.mapv(|v| v as f32)` |
//! | `tf.zeros_like(x)`, `tf.ones_like(x)` | `Array::zeros(x.raw_dim())`, `Array::ones(x.raw_dim())` |
//! | `tf.where(cond)` (indices) | `cond.indexed_iter().filter(|(_, &c)| c)` |
//!
//! ```
//! use ndarray::{array, Axis};
//! use ndarray_tfslice::prelude::*;
//!
//! let x = array![[1.0f32, 2.0], [3.0, 4.0]];
//! // tf.expand_dims(x, 0) and tf.reshape(x, [4]) are ndarray's own.
//! assert_eq!(x.view().insert_axis(Axis(0)).shape(), &[1, 2, 2]);
//! assert_eq!(x.to_shape(4)?, array![1.0, 2.0, 3.0, 4.0]);
//! // tf.transpose(x) with its default perm is ndarray's t(); with a perm, tf_transpose.
//! assert_eq!(x.t(), x.tf_transpose(&[1, 0])?);
//! # Ok::<(), Error>(())
//! ```
//!
//! `examples/yolo_decode.rs` is a whole port (YOLOv3's box decode: split, `[..., ::-1]`,
//! concat, boolean_mask) checked against TensorFlow's output; `examples/yamnet_features.rs`
//! another (YAMNet's audio front end: `tf.pad` of the waveform, `tf.signal.frame` of the signal
//! and of the spectrogram, the mel matrix's frame / split / reshape). One thing that port met:
//! `tf.cast(0.975 * 16000, tf.int32)` rounds through `float32` before truncating (15,600, not
//! the 15,599 an `f64` truncation gives), so casts of Python floats go `as f32` first.
//! `examples/yolo_targets.rs` ports keras-yolo3's `preprocess_true_boxes` (YOLOv3's training
//! targets): `true_boxes[..., 0:2] = boxes_xy / input_shape[::-1]` through a [`Plan`](crate::Plan)
//! resolved once for the batch shape ([`Plan::apply_assign`](crate::Plan::apply_assign)), and
//! `y_true[l][b, j, i, k, 0:4] = true_boxes[b, t, 0:4]` through `tf_index_assign` with run-time
//! indices; a scalar (`... = 1`) is written as `y.tf_index_mut(tf_s![b, j, i, k, 5 + c])?.fill(1.0)`
//! (or `tf_index_assign` of an `arr0(1.0)`). Its reference runs every write both on NumPy arrays
//! and on `tf.Variable`s, so it also shows that NumPy's and TensorFlow's slice assignment agree
//! there.
