//! The rest of TensorFlow's "Slicing and Joining" chapter, one folder per family: `join/`
//! (split, unstack, concat, stack, tile, pad, reverse, reverse_sequence, transpose), `gather/`
//! (gather, gather_nd, boolean_mask, dynamic_partition, dynamic_stitch, one_hot) and `space/`
//! (space_to_depth, depth_to_space, space_to_batch(_nd), batch_to_space(_nd),
//! extract_image_patches). Each family's `mod.rs` says which file holds which TF op.
//!
//! Every op follows the crate's split: validate and resolve the arguments first (pure, no element
//! touched, every TensorFlow check in TensorFlow's order), then apply with ndarray primitives that
//! can no longer panic. Results are views wherever TensorFlow's result is a pure re-indexing
//! (split, unstack, reverse, transpose), owned otherwise.
//!
//! Each family's public items are re-exported at the crate root and in the prelude (`lib.rs`).

pub(crate) mod gather;
pub(crate) mod join;
pub(crate) mod operand;
pub(crate) mod space;
pub(crate) mod typed;

pub use operand::ArrayLike;
pub use typed::{Masked, MaskedDim};
