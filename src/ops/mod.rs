//! The rest of TensorFlow's "Slicing and Joining" chapter, one module per op family.
//!
//! Every op follows the crate's split: validate and resolve the arguments first (pure, no element
//! touched, every TensorFlow check in TensorFlow's order), then apply with ndarray primitives that
//! can no longer panic. Results are views wherever TensorFlow's result is a pure re-indexing
//! (split, unstack, reverse, transpose), owned otherwise.
//!
//! Each module's public items are re-exported at the crate root and in the prelude.

// Until every op module below is written (issue 6 lands them one by one).
#![allow(unused_imports, dead_code)]

mod axis;
mod axis_set;

mod concat;
mod pad;
mod reverse;
mod reverse_sequence;
mod split;
mod tile;
mod transpose;

pub use concat::*;
pub use pad::*;
pub use reverse::*;
pub use reverse_sequence::*;
pub use split::*;
pub use tile::*;
pub use transpose::*;
