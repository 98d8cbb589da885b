//! The `tf.strided_slice` / `tf.slice` pipeline: views, mutable views, owned copies, assignment,
//! gradient, plans, specs and their parsing, `explain`, limits; TensorFlow golden replays and the
//! nested-loop oracle.

#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/strided_crate.rs"]
mod strided_crate;
#[path = "../naive/strided_oracle.rs"]
mod strided_oracle;

mod assign;
mod explain;
mod golden;
mod limits;
mod oracle;
mod overflow;
mod spec;
mod view;
