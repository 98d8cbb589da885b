//! The porting API (issue 16): typed results, the integer-list rule, list inputs and the `_move`
//! forms. The type-level tests only compile if each op returns the dimension type TensorFlow's
//! rank rule implies; they also check values, so they could fail at run time too.

#[path = "../common/mod.rs"]
mod common;

mod golden_int_lists;
mod int_list;
mod lists;
mod moves;
mod typed;
mod yolo;
mod yolo_training;
