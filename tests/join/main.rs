//! The joining family: split, unstack, concat, stack, tile, pad, reverse, reverse_sequence,
//! transpose; op tests with oracle proptests, and TensorFlow golden replays.

#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/mod.rs"]
mod naive;

mod concat;
mod golden_concat;
mod golden_pad;
mod golden_reverse;
mod golden_reverse_sequence;
mod golden_split;
mod golden_tile;
mod golden_transpose;
mod overflow;
mod pad;
mod reverse;
mod reverse_sequence;
mod split;
mod tile;
mod transpose;
