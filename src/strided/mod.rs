//! `tf.strided_slice` and `tf.slice`: spec -> plan -> apply.
//!
//! Which file holds which TensorFlow rule:
//!
//! | step | file | TensorFlow rule |
//! |---|---|---|
//! | spec | `masks.rs` | the five bit masks (`begin_mask`, `end_mask`, `ellipsis_mask`, `new_axis_mask`, `shrink_axis_mask`); bits past the spec length ignored |
//! | spec | `spec.rs` | the spec as a value (`StridedSlice`, `Entry`), the Java builder, Python `Display` |
//! | spec | `parse.rs` | Python index syntax (`x[1, 2:4, tf.newaxis, ..., ::-1]`) into a spec |
//! | spec | `tf_s.rs` | `tf_s!`: the same syntax checked at compile time, Rust expressions as bounds |
//! | spec | `typed_spec.rs` | `TypedSpec`, the value of `tf_s!`: the spec with its rank change in its type |
//! | spec | `rank.rs` | the type-level rank change (every shrink, then every new axis) |
//! | spec | `index_spec.rs` | `IndexSpec`: what `tf_index*` take (`tf_s!` typed, `&StridedSlice` `IxDyn`) |
//! | plan | `resolve.rs` | `ValidateStridedSliceOp`: ellipsis expansion, negative indices, clamping, shrink bounds, every error, in TF's order; canonical ndarray steps |
//! | plan | `typed_resolve.rs` | `resolve.rs`'s walk for a `tf_s!` spec, inlined so its masks fold |
//! | plan | `elems.rs` | the resolved `SliceInfoElem`s kept on the stack at usual ranks |
//! | plan | `plan.rs` | `Plan`: a spec resolved once against a shape, applied to many arrays |
//! | plan | `explain.rs` | `StridedSlice::explain`: the resolution written out step by step |
//! | plan | `slice.rs` | `tf.slice(input, begin, size)`: strict bounds, `size = -1` |
//! | apply | `apply.rs` | views from the resolved steps: in place (no rank change, one, or as many shrinks as new axes), or through `slice_move` |
//! | apply | `raw_view.rs` | views built directly from the resolved steps (`from_shape_ptr`; this and `util/copy/` are the crate's `unsafe`) |
//! | apply | `ext.rs` | `TfSliceExt`: views, mutable views, owned copies, assignment |
//! | apply | `move_ext.rs` | `TfSliceMoveExt`: the `_move` forms that keep the input's lifetime |
//! | apply | `assign.rs` | `TensorStridedSliceUpdate`'s one-way broadcasting of the value |
//! | apply | `grad.rs` | `StridedSliceGrad` |
//! | apply | `standard_layout.rs` | `StandardLayoutExt::to_standard_layout`: a C-order copy of any view (what every `_to_owned` form returns) |

pub(crate) mod apply;
pub(crate) mod assign;
pub(crate) mod elems;
pub(crate) mod explain;
pub(crate) mod ext;
pub(crate) mod grad;
pub(crate) mod index_spec;
pub(crate) mod masks;
pub(crate) mod move_ext;
pub(crate) mod parse;
pub(crate) mod plan;
pub mod rank;
pub(crate) mod raw_view;
pub(crate) mod resolve;
pub(crate) mod slice;
pub(crate) mod spec;
pub(crate) mod standard_layout;
#[cfg(test)]
pub(crate) mod test_inputs;
pub(crate) mod tf_s;
pub(crate) mod typed_resolve;
pub(crate) mod typed_spec;

pub use ext::TfSliceExt;
#[allow(deprecated)]
pub use grad::strided_slice_grad;
pub use grad::tf_strided_slice_grad;
pub use index_spec::IndexSpec;
pub use masks::Masks;
pub use move_ext::TfSliceMoveExt;
pub use plan::{OutputAxis, Plan};
pub use resolve::MAX_SPEC_LEN;
pub use spec::{Entry, StridedSlice};
pub use standard_layout::StandardLayoutExt;
pub use typed_spec::TypedSpec;
