//! The shape family: reshape, expand_dims, squeeze, repeat, frame, roll, meshgrid,
//! sequence_mask. `<op>.rs`: the op's tests and its property test against a naive oracle;
//! `golden_<op>.rs`: tests/golden/shape.json replayed (TensorFlow 2.21); `overflow.rs`: the
//! family's part of the overflow audit.

#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/mod.rs"]
mod naive;

mod expand_dims;
mod frame;
mod golden_expand_dims;
mod golden_frame;
mod golden_meshgrid;
mod golden_repeat;
mod golden_reshape;
mod golden_roll;
mod golden_sequence_mask;
mod golden_squeeze;
mod meshgrid;
mod overflow;
mod repeat;
mod reshape;
mod roll;
mod sequence_mask;
mod squeeze;
