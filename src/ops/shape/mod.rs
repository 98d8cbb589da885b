//! The ops TensorFlow code uses around slicing to change shapes: `tf.reshape`, `tf.expand_dims`,
//! `tf.squeeze`, `tf.repeat`, `tf.signal.frame`, `tf.roll`, `tf.meshgrid`, `tf.sequence_mask`.
//!
//! Which file holds which TensorFlow rule:
//! - `reshape.rs`: `Reshape`'s size checks in its order (one `-1`, no size below `-1`, the
//!   running element count within `int64`), the `-1` inference (zero axes left out when the
//!   requested shape has a `0`) and the final count check; the view-or-copy choice.
//! - `expand_dims.rs`: `ExpandDims`'s axis range `[-rank - 1, rank]`.
//! - `squeeze.rs`: `Squeeze`: every axis range-checked first, then the sizes in axis order;
//!   repeats allowed; an empty list squeezes every axis of size 1.
//! - `repeat.rs`: `tf.repeat` (`repeat_with_axis`): `repeats` broadcast to the axis, `None`
//!   flattening first; graph mode's reading, negative counts rejected.
//! - `frame.rs`: `tf.signal.frame`'s frame count (`1 + (n - frame_length) // frame_step`, at least
//!   0; with `pad_end`, `ceil(n / frame_step)`) and its padding.
//! - `roll.rs`: `Roll`'s checks and its per-axis sum of shifts modulo the axis (taken exactly,
//!   where TensorFlow truncates to 32 bits).
//! - `meshgrid.rs`: `tf.meshgrid`'s output shape and `xy` swap of the first two axes.
//! - `sequence_mask.rs`: `tf.sequence_mask`, `maxlen` defaulting to `max(0, max(lengths))`.

mod expand_dims;
mod frame;
mod meshgrid;
mod repeat;
mod reshape;
mod roll;
mod sequence_mask;
mod squeeze;

pub use expand_dims::*;
pub use frame::*;
pub use meshgrid::*;
pub use repeat::*;
pub use reshape::*;
pub use roll::*;
pub use sequence_mask::*;
pub use squeeze::*;
