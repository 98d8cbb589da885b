//! TensorFlow's slicing and joining ops on [ndarray](https://docs.rs/ndarray) arrays, with
//! TensorFlow's exact semantics, as zero-copy views wherever one exists.
//!
//! For people porting TensorFlow, Keras or TF-graph code to Rust: `x.tf_strided_slice(..)` gives the
//! element-for-element answer `tf.strided_slice` gives (checked against TensorFlow 2.21 on
//! thousands of cases), as a view into `x`, and an [`Error`] wherever TensorFlow raises. No input
//! makes any function of this crate panic.
//!
//! ```
//! use ndarray::{array, Array};
//! use ndarray_tfslice::prelude::*;
//!
//! // x[1:, ::-1] in TensorFlow, written as the raw op: begin_mask and end_mask bit 1 set.
//! let x = Array::from_iter(0..12).into_shape_with_order((3, 4)).unwrap();
//! let m = Masks { begin: 0b10, end: 0b10, ..Masks::NONE };
//! let y = x.tf_strided_slice(&[1, 0], &[3, 0], &[1, -1], m)?;
//! assert_eq!(y, array![[7, 6, 5, 4], [11, 10, 9, 8]].into_dyn());
//! // A view: no element was copied.
//! assert!(std::ptr::eq(&y[[0, 3]], &x[[1, 0]]));
//! # Ok::<(), ndarray_tfslice::Error>(())
//! ```
//!
//! Porting a TensorFlow function? Start with [`porting`]: op by op what to call, the rules every
//! call follows, typed results and lifetimes.
//!
//! # The rules every call follows
//!
//! - **Integer lists** TensorFlow takes as tensors (`begin`, `end`, `strides`, `size`,
//!   `multiples`, `perm`, axis lists, split sizes, `block_shape`, `seq_lengths`, shapes) are one
//!   trait, [`IntList`]: any primitive integer type, as a slice, `Vec`, fixed array or 1-D ndarray
//!   array or view of any layout. `paddings` and `crops` are [`IntPairs`] (`&[[before, after]]`
//!   or a 2-D ndarray array). Negative values are TensorFlow's errors where TensorFlow rejects
//!   them; scalar axes are `isize`.
//! - **Results** are views where TensorFlow's result is a re-indexing, owned C-order arrays
//!   otherwise; the dimension type follows from the inputs' wherever TensorFlow's rank does
//!   (`D`, `D::Larger`, `E::Larger`, [`MaskedDim`]); `IxDyn` only where the rank is a run-time
//!   value, and `Error: From<ndarray::ShapeError>` makes `.into_dimensionality()?` work there.
//! - **`_move` forms** consume a view and return views with its lifetime, for helpers that return
//!   what they cut ([`TfSliceMoveExt`], [`ViewMoveExt`], [`SplitMoveExt`]).
//! - **List inputs** take slices or `&Vec`s of owned arrays, views or references ([`ArrayLike`]).
//! - **New elements** (grad zeros, space-to-batch and patch padding, stitch gaps) are
//!   `A::default()`.
//!
//! # TensorFlow to ndarray-tfslice
//!
//! | TensorFlow | ndarray-tfslice | result |
//! |---|---|---|
//! | `tf.strided_slice(x, begin, end, strides, begin_mask=.., end_mask=.., ellipsis_mask=.., new_axis_mask=.., shrink_axis_mask=..)` | [`x.tf_strided_slice(&begin, &end, &strides, Masks { .. })`](TfSliceExt::tf_strided_slice) | `ArrayView<A, IxDyn>` |
//! | the same, written through (`var[...]`) | [`x.tf_strided_slice_mut(..)`](TfSliceExt::tf_strided_slice_mut) | `ArrayViewMut<A, IxDyn>` |
//! | `tf.slice(x, begin, size)` | [`x.tf_slice(&begin, &size)`](TfSliceExt::tf_slice) | `ArrayView<A, D>` |
//! | `var[begin:end:strides].assign(value)` / `TensorStridedSliceUpdate` | [`x.tf_strided_slice_assign(.., &value)`](TfSliceExt::tf_strided_slice_assign) | `()` |
//! | `StridedSliceGrad(shape, begin, end, strides, dy)` | [`tf_strided_slice_grad(&shape, .., &dy)`](tf_strided_slice_grad) | `ArrayD<A>` |
//! | the same as an owned copy (C order), as TF returns it | [`x.tf_strided_slice_to_owned(..)`](TfSliceExt::tf_strided_slice_to_owned), [`x.tf_index_to_owned(tf_s![..])`](TfSliceExt::tf_index_to_owned) | `ArrayD<A>` (`Array<A, Dout>` with `tf_s!`) |
//! | any view as a C-order tensor (NHWC to NCHW: `tf.transpose(x, [0, 3, 1, 2])`) | [`x.tf_transpose(&perm)?.to_standard_layout()`](StandardLayoutExt::to_standard_layout) | `Array<A, D>` |
//! | the same, consuming an owned array or a view (the view's lifetime kept) | [`x.tf_strided_slice_move(..)`](TfSliceMoveExt::tf_strided_slice_move), [`x.tf_slice_move(..)`](TfSliceMoveExt::tf_slice_move) | `ArrayBase<S, IxDyn>`, `ArrayBase<S, D>` |
//! | `x[1, 2:4, tf.newaxis, ..., :-3:-1, :]`, `img[h:h + c, w:w + c]` | [`x.tf_index(tf_s![1, 2:4, tf.newaxis, ..., :-3:-1, :])`](tf_s), [`img.tf_index(tf_s![h:h + c, w:w + c])`](TfSliceExt::tf_index) (checked at compile time) | `ArrayView<A, Dout>`: the input's rank minus indices plus new axes, at compile time ([`IndexSpec`]) |
//! | the same from text known only at run time | [`x.tf_index(&"1, 2:4, None, ..., :-3:-1, :".parse::<StridedSlice>()?)`](TfSliceExt::tf_index) | `ArrayView<A, IxDyn>` |
//! | a slice of a view, returned with the view's lifetime (`fn crop<'a>(x: ArrayView3<'a, u8>) -> .. ArrayView3<'a, u8>`) | [`x.tf_index_move(tf_s![..])`](TfSliceMoveExt::tf_index_move), [`x.tf_strided_slice_move(..)`](TfSliceMoveExt::tf_strided_slice_move) | `ArrayBase<S, Dout>` |
//! | `begin_mask=48, shrink_axis_mask=1` (`int32` attributes) | [`Masks::from_tf(48, 0, 0, 0, 1)`](Masks::from_tf) | |
//! | Java `StridedSlice.create(.., begin, end, strides, beginMask(48L))` | [`StridedSlice::new(begin, end, strides)?.begin_mask(48)`](StridedSlice::new) | [`StridedSlice`] |
//! | one slice, many tensors of one shape | [`spec.resolve(&shape)?`](StridedSlice::resolve), then [`plan.apply(&x)`](Plan::apply) (or [`plan.apply_assign(&mut x, &value)`](Plan::apply_assign) for `x[spec] = value`) | [`Plan`] |
//! | what a graph node's spec does | [`spec.explain(&shape)`](StridedSlice::explain), [`spec.to_string()`](StridedSlice) | `String` |
//! | `InvalidArgumentError: strides[1] must be non-zero` | [`Error::ZeroStride { index, axis: 1 }`](Error::ZeroStride) | |
//!
//! # The rest of TensorFlow's "Slicing and Joining" chapter
//!
//! Each op validates and resolves its arguments first (every TensorFlow check, in TensorFlow's
//! order, checked against TensorFlow 2.21 on recorded cases), then copies or re-indexes with
//! ndarray. Views where TensorFlow's result is a re-indexing; owned arrays otherwise, copied in
//! whole contiguous runs.
//!
//! | TensorFlow | ndarray-tfslice | result |
//! |---|---|---|
//! | `tf.split(x, 3, axis)`, `tf.split(x, [2, -1, 1], axis)` | [`x.tf_split(3, axis)`](SplitExt::tf_split), [`x.tf_split(&[2, -1, 1], axis)`](SplitExt::tf_split) | `Vec<ArrayView<A, D>>` |
//! | `tf.unstack(x, axis)` (`unpack`) | [`x.tf_unstack(axis)`](SplitExt::tf_unstack) | `Vec<ArrayView<A, D::Smaller>>` |
//! | `tf.concat(values, axis)` | [`tf_concat(&values, axis)`](tf_concat) | `Array<A, D>` |
//! | `tf.stack(values, axis)` (`pack`) | [`tf_stack(&values, axis)`](tf_stack) | `Array<A, D::Larger>` |
//! | `tf.tile(x, multiples)` | [`x.tf_tile(&multiples)`](TileExt::tf_tile) | `Array<A, D>` |
//! | `tf.pad(x, paddings, "CONSTANT" \| "REFLECT" \| "SYMMETRIC", constant_values=c)` | [`x.tf_pad(&paddings, PadMode::Constant, c)`](PadExt::tf_pad) | `Array<A, D>` |
//! | `tf.reverse(x, axis)` | [`x.tf_reverse(&axis)`](ReverseExt::tf_reverse) | `ArrayView<A, D>` (negative strides) |
//! | `tf.reverse_sequence(x, seq_lengths, seq_axis, batch_axis)` | [`x.tf_reverse_sequence(&seq_lengths, seq_axis, batch_axis)`](ReverseSequenceExt::tf_reverse_sequence) | `Array<A, D>` |
//! | `tf.transpose(x, perm)`; `tf.transpose(x)` | [`x.tf_transpose(&perm)`](TransposeExt::tf_transpose); ndarray's `x.t()` | `ArrayView<A, D>` |
//! | `tf.gather(x, indices, axis, batch_dims)` | [`x.tf_gather(&indices, axis, batch_dims)`](GatherExt::tf_gather) | `ArrayD<A>` |
//! | `tf.gather_nd(x, indices, batch_dims)` | [`x.tf_gather_nd(&indices, batch_dims)`](GatherNdExt::tf_gather_nd) | `ArrayD<A>` |
//! | `tf.boolean_mask(x, mask, axis)` | [`x.tf_boolean_mask(&mask, axis)`](BooleanMaskExt::tf_boolean_mask) | `Array<A, Masked<D, E>>` |
//! | `tf.dynamic_partition(x, partitions, n)` | [`x.tf_dynamic_partition(&partitions, n)`](DynamicPartitionExt::tf_dynamic_partition) | `Vec<ArrayD<A>>` |
//! | `tf.dynamic_stitch(indices, data)` | [`tf_dynamic_stitch(&indices, &data)`](tf_dynamic_stitch) | `Array<A, Masked<D, E>>` |
//! | `tf.one_hot(indices, depth, on_value, off_value, axis)` | [`tf_one_hot(&indices, depth, on, off, axis)`](tf_one_hot) | `Array<A, E::Larger>` |
//! | `tf.scatter_nd(indices, updates, shape)` | [`tf_scatter_nd(&indices, &updates, &shape)`](tf_scatter_nd) | `ArrayD<A>` |
//! | `tf.tensor_scatter_nd_update(x, indices, updates)`, `tf.tensor_scatter_nd_add(..)` | [`x.tf_tensor_scatter_nd_update(&indices, &updates)`](ScatterNdExt::tf_tensor_scatter_nd_update), [`x.tf_tensor_scatter_nd_add(..)`](ScatterNdExt::tf_tensor_scatter_nd_add) | `Array<A, D>` |
//! | `var.scatter_nd_update(indices, updates)`, `var.scatter_nd_add(..)` (in place) | [`x.tf_scatter_nd_update(&indices, &updates)`](ScatterNdExt::tf_scatter_nd_update), [`x.tf_scatter_nd_add(..)`](ScatterNdExt::tf_scatter_nd_add) | `()`; `x` untouched on `Err` |
//! | `tf.unique_with_counts(x)` (`tf.unique`) | [`tf_unique_with_counts(&x)`](tf_unique_with_counts) | `(Array1<A>, Array1<usize>, Array1<usize>)` |
//! | `tf.compat.v1.setdiff1d(x, y)` | [`tf_setdiff1d(&x, &y)`](tf_setdiff1d) | `(Array1<A>, Array1<usize>)` |
//! | `tf.nn.space_to_depth(x, b)`, `tf.nn.depth_to_space(x, b)` (NHWC) | [`x.tf_space_to_depth(b)`](SpaceToDepthExt::tf_space_to_depth), [`x.tf_depth_to_space(b)`](SpaceToDepthExt::tf_depth_to_space) | `Array<A, D>` |
//! | `tf.space_to_batch_nd(x, block_shape, paddings)`, `tf.batch_to_space(x, block_shape, crops)` | [`x.tf_space_to_batch_nd(&block_shape, &paddings)`](SpaceToBatchExt::tf_space_to_batch_nd), [`x.tf_batch_to_space_nd(&block_shape, &crops)`](SpaceToBatchExt::tf_batch_to_space_nd) | `Array<A, D>` |
//! | `tf.compat.v1.space_to_batch(x, paddings, b)`, `tf.compat.v1.batch_to_space(x, crops, b)` | [`x.tf_space_to_batch(&paddings, b)`](SpaceToBatchExt::tf_space_to_batch), [`x.tf_batch_to_space(&crops, b)`](SpaceToBatchExt::tf_batch_to_space) | `Array<A, D>` |
//! | `tf.image.extract_patches(x, sizes, strides, rates, "SAME" \| "VALID")` | [`x.tf_extract_image_patches(ksizes, strides, rates, Padding::Same)`](ExtractImagePatchesExt::tf_extract_image_patches) | `Array<A, D>` |
//! | `tf.reshape(x, [2, -1])` | [`x.tf_reshape([2, -1])`](ReshapeExt::tf_reshape) (`[I; N]` gives `IxN`, a slice or `Vec` gives `IxDyn`) | `CowArray<A, _>` (a view where the layout allows) |
//! | `tf.expand_dims(x, axis)` | [`x.tf_expand_dims(axis)`](ExpandDimsExt::tf_expand_dims) | `ArrayView<A, D::Larger>` |
//! | `tf.squeeze(x)`, `tf.squeeze(x, axis)` | [`x.tf_squeeze(&[0; 0])`](SqueezeExt::tf_squeeze), [`x.tf_squeeze(&axis)`](SqueezeExt::tf_squeeze) | `ArrayView<A, IxDyn>` |
//! | `tf.repeat(x, repeats, axis)`, `axis=None` | [`x.tf_repeat(&repeats, Some(axis))`](RepeatExt::tf_repeat), [`x.tf_repeat(&repeats, None)`](RepeatExt::tf_repeat) | `ArrayD<A>` |
//! | `tf.signal.frame(x, frame_length, frame_step, pad_end, pad_value, axis)` | [`x.tf_frame(frame_length, frame_step, pad_end, pad_value, axis)`](FrameExt::tf_frame) | `CowArray<A, D::Larger>` (overlapping view unless padded) |
//! | `tf.roll(x, shift, axis)` | [`x.tf_roll(&shift, &axis)`](RollExt::tf_roll) | `Array<A, D>` |
//! | `tf.meshgrid(x, y, indexing='xy' \| 'ij')` | [`tf_meshgrid(&[x, y], Indexing::Xy)`](tf_meshgrid) | `Vec<ArrayView<A, IxDyn>>` (broadcast views) |
//! | `tf.sequence_mask(lengths, maxlen)` | [`tf_sequence_mask(&lengths, Some(maxlen))`](tf_sequence_mask) (`None`: `max(lengths)`) | `Array<bool, D::Larger>` |
//! | `tf.required_space_to_batch_paddings(input_shape, block_shape, base_paddings)` | [`tf_required_space_to_batch_paddings(&input_shape, &block_shape, &base)`](tf_required_space_to_batch_paddings) (or `None`) | `(Vec<[usize; 2]>, Vec<[usize; 2]>)` |
//!
//! # How a spec becomes an ndarray slice
//!
//! Each call resolves the spec against the input shape first (TensorFlow's `ValidateStridedSliceOp`:
//! ellipsis expansion, negative indices, clamping, every check TF makes, in TF's order), producing
//! one ndarray [`SliceInfoElem`](ndarray::SliceInfoElem) per axis that is already in range; only
//! then is ndarray's own `slice_move` called, so it cannot panic.
//!
//! | TensorFlow entry (after masks and clamping) | ndarray element |
//! |---|---|
//! | range `b:e:s`, `s > 0` | `Slice { start: b, end: Some(e), step: s }` |
//! | range `b:e:s`, `s < 0` (TF starts at `b` and walks down) | `Slice { start: e + 1, end: Some(b + 1), step: s }` (ndarray takes the range, then walks it back to front) |
//! | shrink `b` | `Index(b)` |
//! | new axis | `NewAxis` |
//! | ellipsis | `Slice { start: 0, end: None, step: 1 }` for each axis it covers |
//!
//! # Where this crate goes past TensorFlow
//!
//! TensorFlow's kernel refuses inputs of rank above 8 (`Unhandled input dimensions 9`) and its masks
//! are `int32`, so specs stop at 31 entries. These are implementation limits, not semantics: here
//! any rank works and specs may have up to 64 entries ([`Error::SpecTooLong`] past that).
//!
//! [`tf_roll`](RollExt::tf_roll) takes shifts and axes exactly (TensorFlow truncates each to 32
//! bits, so its shift of `2^62 + 1` acts as `1`). [`tf_repeat`](RepeatExt::tf_repeat) rejects
//! negative counts, whose meaning in TensorFlow depends on the axis and on eager or graph mode.
//!
//! The scatter ops ([`tf_scatter_nd`], [`ScatterNdExt`]) return an `Err` where TensorFlow aborts
//! the whole process (`updates` with fewer dims than `indices.shape[:-1]`), refuse 1-D `indices`
//! (which TensorFlow's tensor ops reject with unrelated errors and its variable ops half apply),
//! and write nothing on `Err` (TensorFlow's variable ops have written the valid updates when
//! they report a bad index). [`tf_required_space_to_batch_paddings`] refuses the zero block sizes, negative values and mismatched
//! lengths that TensorFlow's NumPy arithmetic lets through.
//!
//! # TensorFlow documentation that is wrong
//!
//! TensorFlow as it runs is the reference, not its prose. The Java `StridedSlice` page says
//! `foo[-2::-1]` on `[1, 2, 3, 4]` is `[4, 3]`: TensorFlow gives `[3, 2, 1]`. It says `foo[:, ...]`
//! on shape `(3, 4)` has shape `(1, 3, 4)`: it is the identity, `(3, 4)`. The old Python docs show
//! `strided_slice(input, [1, 1, 0], [2, -1, 3], [1, -1, 1])` as `[[[4, 4, 4], [3, 3, 3]]]`:
//! TensorFlow 2.x returns an empty `(1, 0, 3)` result (the tests assert what TensorFlow returns).

#![warn(missing_docs)]

mod error;
mod int_list;
mod ops;
pub mod porting;
mod strided;
pub mod tf_docs;
mod util;

// The public API, by family. Everything is also in the prelude.
pub use error::{Argument, Error};

// tf.strided_slice and tf.slice (src/strided/)
pub use strided::rank;
#[allow(deprecated)]
pub use strided::strided_slice_grad;
#[doc(hidden)]
pub use strided::typed_spec::__tf_s;
pub use strided::{
    Entry, IndexSpec, MAX_SPEC_LEN, Masks, OutputAxis, Plan, StandardLayoutExt, StridedSlice,
    TfSliceExt, TfSliceMoveExt, TypedSpec, tf_strided_slice_grad,
};

// the integer-list rule, list inputs and typed results, shared by every family (src/int_list.rs,
// src/ops/)
pub use int_list::{IntList, IntPairs};
pub use ops::{ArrayLike, Masked, MaskedDim};

// joining: split, unstack, concat, stack, tile, pad, reverse, reverse_sequence, transpose
// (src/ops/join/)
pub use ops::join::{
    NumOrSizeSplits, PadExt, PadMode, ReverseExt, ReverseSequenceExt, Split, SplitExt,
    SplitMoveExt, TileExt, TransposeExt, ViewMoveExt, tf_concat, tf_stack,
};

// gathering: gather, gather_nd, boolean_mask, dynamic_partition, dynamic_stitch, one_hot,
// scatter_nd (and the tensor and variable scatters), unique_with_counts, setdiff1d
// (src/ops/gather/)
pub use ops::gather::{
    BooleanMaskExt, DynamicPartitionExt, GatherExt, GatherNdExt, ScatterAdd, ScatterNdExt,
    UniqueElement, tf_dynamic_stitch, tf_one_hot, tf_scatter_nd, tf_setdiff1d,
    tf_unique_with_counts,
};

// space: space_to_depth, depth_to_space, space_to_batch(_nd), batch_to_space(_nd),
// extract_image_patches, required_space_to_batch_paddings (src/ops/space/)
pub use ops::space::{
    ExtractImagePatchesExt, MaybeIntPairs, Padding, SpaceToBatchExt, SpaceToDepthExt,
    tf_required_space_to_batch_paddings,
};

// shapes: reshape, expand_dims, squeeze, repeat, frame, roll, meshgrid, sequence_mask
// (src/ops/shape/)
pub use ops::shape::{
    ExpandDimsExt, FrameExt, Indexing, RepeatExt, ReshapeExt, ReshapeShape, RollExt, SqueezeExt,
    tf_meshgrid, tf_sequence_mask,
};

// The README's example is compiled and run with the doctests, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Everything a call needs: `use ndarray_tfslice::prelude::*;`.
pub mod prelude {
    #[doc(inline)]
    #[allow(deprecated)]
    pub use crate::strided_slice_grad;
    #[doc(inline)]
    pub use crate::{Argument, Error};
    #[doc(inline)]
    pub use crate::{
        ArrayLike, IntList, IntPairs, Masked, MaskedDim, NumOrSizeSplits, SplitMoveExt, ViewMoveExt,
    };
    #[doc(inline)]
    pub use crate::{
        BooleanMaskExt, DynamicPartitionExt, GatherExt, GatherNdExt, ScatterAdd, ScatterNdExt,
        UniqueElement, tf_dynamic_stitch, tf_one_hot, tf_scatter_nd, tf_setdiff1d,
        tf_unique_with_counts,
    };
    #[doc(inline)]
    pub use crate::{
        Entry, IndexSpec, Masks, OutputAxis, Plan, StandardLayoutExt, StridedSlice, TfSliceExt,
        TfSliceMoveExt, TypedSpec, tf_s, tf_strided_slice_grad,
    };
    #[doc(inline)]
    pub use crate::{
        ExpandDimsExt, FrameExt, Indexing, RepeatExt, ReshapeExt, ReshapeShape, RollExt,
        SqueezeExt, tf_meshgrid, tf_sequence_mask,
    };
    #[doc(inline)]
    pub use crate::{
        ExtractImagePatchesExt, MaybeIntPairs, Padding, SpaceToBatchExt, SpaceToDepthExt,
        tf_required_space_to_batch_paddings,
    };
    #[doc(inline)]
    pub use crate::{
        PadExt, PadMode, ReverseExt, ReverseSequenceExt, Split, SplitExt, TileExt, TransposeExt,
        tf_concat, tf_stack,
    };
}
