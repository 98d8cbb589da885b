//! The gathering family: gather, gather_nd, boolean_mask, dynamic_partition, dynamic_stitch,
//! one_hot, scatter_nd (tensor and in-place scatters), unique_with_counts, setdiff1d; op tests with oracle proptests, and TensorFlow golden replays.

#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/mod.rs"]
mod naive;
#[path = "../naive/set_oracle.rs"]
mod set_oracle;

mod boolean_mask;
mod dynamic_partition;
mod gather;
mod gather_nd;
mod golden_boolean_mask;
mod golden_dynamic_partition;
mod golden_gather;
mod golden_gather_nd;
mod golden_one_hot;
mod golden_scatter;
mod golden_unique;
mod one_hot;
mod overflow;
mod scatter_nd;
mod unique;
