//! The rest of TensorFlow's "Slicing and Joining" chapter, one module per op family.
//!
//! Every op follows the crate's split: validate and resolve the arguments first (pure, no element
//! touched, every TensorFlow check in TensorFlow's order), then apply with ndarray primitives that
//! can no longer panic. Results are views wherever TensorFlow's result is a pure re-indexing
//! (split, unstack, reverse, transpose), owned otherwise.
//!
//! Each module's public items are re-exported at the crate root and in the prelude.

mod axis;
mod axis_set;

// part 1: reshaping and joining
mod concat;
mod pad;
mod reverse;
mod reverse_sequence;
mod split;
mod tile;
mod transpose;

// part 2: indexing
mod boolean_mask;
mod gather;
mod gather_nd;
mod one_hot;
mod partition;
mod scatter_nd;
mod setdiff1d;
mod unique;

// part 3: image layout
mod depth;
mod nhwc;
mod patches;
mod space_batch;

pub use concat::*;
pub use pad::*;
pub use reverse::*;
pub use reverse_sequence::*;
pub use split::*;
pub use tile::*;
pub use transpose::*;

pub use boolean_mask::*;
pub use gather::*;
pub use gather_nd::*;
pub use one_hot::*;
pub use partition::*;
pub use scatter_nd::*;
pub use setdiff1d::*;
pub use unique::*;

pub use depth::*;
pub use patches::*;
pub use space_batch::*;
