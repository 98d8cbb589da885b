//! The gathering family: elements or slices picked by index, by mask or by partition number, and
//! indices turned into one-hot vectors. Every result is owned (which elements it holds depends on
//! run-time values).
//!
//! | TensorFlow | file |
//! |---|---|
//! | `tf.gather` (`GatherV2`, with `batch_dims`) | `gather.rs` |
//! | `tf.gather_nd` | `gather_nd.rs` |
//! | `tf.boolean_mask` | `boolean_mask.rs` |
//! | `tf.dynamic_partition` | `dynamic_partition.rs` |
//! | `tf.dynamic_stitch` | `dynamic_stitch.rs` |
//! | `tf.one_hot` | `one_hot.rs` |
//! | `tf.scatter_nd`, `tf.tensor_scatter_nd_update` / `_add`, the variable ops `scatter_nd_update` / `_add` | `scatter_nd.rs` |
//! | `tf.unique_with_counts` (`tf.unique`), and the equality it and `setdiff1d` use | `unique.rs` |
//! | `tf.compat.v1.setdiff1d` (`ListDiff`) | `setdiff1d.rs` |

mod boolean_mask;
mod dynamic_partition;
mod dynamic_stitch;
// The family is named after its first op, in the vocabulary of `fuzz/logic/`; the op's file
// keeps the op's name like every other op file.
#[expect(clippy::module_inception)]
mod gather;
mod gather_nd;
mod one_hot;
mod scatter_nd;
mod setdiff1d;
mod unique;

pub use boolean_mask::BooleanMaskExt;
pub use dynamic_partition::DynamicPartitionExt;
pub use dynamic_stitch::tf_dynamic_stitch;
pub use gather::GatherExt;
pub use gather_nd::GatherNdExt;
pub use one_hot::tf_one_hot;
pub use scatter_nd::{ScatterAdd, ScatterNdExt, tf_scatter_nd};
pub use setdiff1d::tf_setdiff1d;
pub use unique::{UniqueElement, tf_unique_with_counts};
