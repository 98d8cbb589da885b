//! The space family: NHWC image layouts re-arranged between space, depth and batch, and image
//! patches. Every result is owned, built from whole contiguous runs of the input.
//!
//! | TensorFlow | file |
//! |---|---|
//! | `tf.nn.space_to_depth`, `tf.nn.depth_to_space` | `space_to_depth.rs` |
//! | `tf.space_to_batch_nd`, `tf.batch_to_space` and the 4-D `tf.compat.v1` forms | `space_to_batch.rs` (validation: `space_to_batch/plan.rs`, copy: `space_to_batch/copy.rs`) |
//! | `tf.required_space_to_batch_paddings` | `required_space_to_batch_paddings.rs` |
//! | `tf.image.extract_patches` (`ExtractImagePatches`) | `extract_image_patches.rs` |
//! | what the NHWC ops share (rank-4 check, output size) | `nhwc.rs` |

mod extract_image_patches;
mod nhwc;
mod required_space_to_batch_paddings;
mod space_to_batch;
mod space_to_depth;

pub use extract_image_patches::{ExtractImagePatchesExt, Padding};
pub use required_space_to_batch_paddings::{MaybeIntPairs, tf_required_space_to_batch_paddings};
pub use space_to_batch::SpaceToBatchExt;
pub use space_to_depth::SpaceToDepthExt;
