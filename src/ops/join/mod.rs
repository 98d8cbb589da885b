//! The joining family: arrays cut, joined, repeated, padded and re-ordered.
//!
//! | TensorFlow | file | result |
//! |---|---|---|
//! | `tf.split`, `tf.unstack` | `split.rs` | views |
//! | `tf.concat`, `tf.stack` | `concat.rs` | owned, copied in whole runs |
//! | `tf.tile` | `tile.rs` (copy kernel: `tile/repeat.rs`) | owned |
//! | `tf.pad` (`CONSTANT`, `REFLECT`, `SYMMETRIC`) | `pad.rs` (copy kernel: `pad/fill.rs`) | owned |
//! | `tf.reverse` | `reverse.rs` | a view (negative strides) |
//! | `tf.reverse_sequence` | `reverse_sequence.rs` (copy kernel: `reverse_sequence/fill.rs`) | owned |
//! | `tf.transpose` | `transpose.rs` | a view (permuted strides) |
//! | the `_move` forms of split, unstack, transpose, reverse | `move_views.rs` | views with the input's lifetime |

mod concat;
mod move_views;
mod pad;
mod reverse;
mod reverse_sequence;
mod split;
mod tile;
mod transpose;

pub use concat::{tf_concat, tf_stack};
pub use move_views::{SplitMoveExt, ViewMoveExt};
pub use pad::{PadExt, PadMode};
pub use reverse::ReverseExt;
pub use reverse_sequence::ReverseSequenceExt;
pub use split::{NumOrSizeSplits, Split, SplitExt};
pub use tile::TileExt;
pub use transpose::TransposeExt;
