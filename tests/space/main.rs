//! The space family: space_to_depth, depth_to_space, space_to_batch(_nd), batch_to_space(_nd),
//! extract_image_patches, required_space_to_batch_paddings; op tests with oracle proptests, and TensorFlow golden replays.

#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/mod.rs"]
mod naive;

mod extract_image_patches;
mod golden_extract_image_patches;
mod golden_required_space_to_batch_paddings;
mod golden_space_to_batch;
mod golden_space_to_depth;
mod overflow;
mod required_space_to_batch_paddings;
mod space_to_batch;
mod space_to_depth;
