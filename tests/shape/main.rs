//! The shape ops (issue 17): `tf_reshape`, `tf_expand_dims`, `tf_squeeze`, `tf_repeat`,
//! `tf_frame`, `tf_roll`, `tf_meshgrid`, `tf_sequence_mask`.
//!
//! - `golden`: tests/golden/shape.json replayed (TensorFlow 2.21; format in
//!   tests/golden/gen_shape.py).
//! - `oracle`: each op against a naive element-by-element oracle written from TensorFlow's
//!   definition (no code shared with `src/`), in several memory layouts, plus round trips.
//! - `ops`: where this crate goes past or deliberately differs from TensorFlow, views, limits.

#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/mod.rs"]
mod naive;

mod golden;
mod ops;
mod oracle;
