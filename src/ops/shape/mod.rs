//! The shape family: the ops TensorFlow code uses around slicing to change shapes. Views where
//! the result is a re-indexing (reshape where the layout allows, expand_dims, squeeze, unpadded
//! frames, meshgrid's broadcast grids), owned arrays otherwise.
//!
//! | TensorFlow | file | the TensorFlow rules it holds |
//! |---|---|---|
//! | `tf.reshape` | `reshape.rs` | `Reshape`'s size checks in its order (one `-1`, no size below `-1`, the running element count within `int64`), the `-1` inference (the input's zero axes left out when the requested shape has a `0`), the final count; the view-or-copy choice |
//! | `tf.expand_dims` | `expand_dims.rs` | the axis range `[-rank - 1, rank]` |
//! | `tf.squeeze` | `squeeze.rs` | every axis range-checked first (the last bad one reported), then the sizes in axis order; repeats allowed; no axes squeezes every axis of length 1 |
//! | `tf.repeat` | `repeat.rs` | `repeats` broadcast to the axis, `axis=None` flattening first; graph mode's reading, negative counts rejected |
//! | `tf.signal.frame` | `frame.rs` | the frame count (`1 + (n - frame_length) // frame_step`, at least 0; with `pad_end`, `ceil(n / frame_step)`) and its padding |
//! | `tf.roll` | `roll.rs` | `Roll`'s checks, the per-axis sum of shifts modulo the axis (exact, where TensorFlow truncates to 32 bits) |
//! | `tf.meshgrid` | `meshgrid.rs` | the grids' shape, `xy`'s swap of the first two axes |
//! | `tf.sequence_mask` | `sequence_mask.rs` | `maxlen` defaulting to `max(0, max(lengths))` |

mod expand_dims;
mod frame;
mod meshgrid;
mod repeat;
mod reshape;
mod roll;
mod sequence_mask;
mod squeeze;

pub use expand_dims::ExpandDimsExt;
pub use frame::FrameExt;
pub use meshgrid::{Indexing, tf_meshgrid};
pub use repeat::RepeatExt;
pub use reshape::{ReshapeExt, ReshapeShape};
pub use roll::RollExt;
pub use sequence_mask::tf_sequence_mask;
pub use squeeze::SqueezeExt;
