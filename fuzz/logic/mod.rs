//! What each fuzz target does with its bytes, kept apart from libFuzzer so that two programs run
//! the same code: the targets in `fuzz/fuzz_targets/` (each one line: `logic::<family>::run`),
//! and `tests/regressions/fuzz_corpus.rs`, which replays every committed input in `fuzz/corpus/<target>/`
//! under plain `cargo test` (with overflow checks on). Nothing here needs libFuzzer.
//!
//! A target may not panic on its own account: every `assert!` in these files is a finding (a
//! wrong answer), and every input shape is bounded (`input::MAX_ELEMENTS`) so a run never spends
//! its time or memory on one huge array. Arguments that only size a result (tile multiples,
//! paddings, depths, block sizes, spec values) are drawn up to the integer limits, but a call
//! whose result would be valid and large is skipped, not made: its answer is not in doubt and
//! making it would only exhaust memory. Calls whose result cannot exist must return `Err`.

#![allow(dead_code)] // each program uses only some of the families

pub mod gather;
pub mod input;
pub mod join;
pub mod parse;
pub mod shape;
pub mod slice;
pub mod space;
pub mod strided;

// The oracle of `tf_strided_slice`, `tf_slice`, assignment and the gradient, shared with
// `tests/strided/oracle.rs`. (Paths are relative to this file's directory in both programs that
// include it.)
#[path = "../../tests/naive/strided_oracle.rs"]
pub mod strided_oracle;

#[path = "../../tests/naive/strided_crate.rs"]
pub mod strided_crate;

// The oracles of unique_with_counts and setdiff1d, shared with `tests/gather/unique.rs`.
#[path = "../../tests/naive/set_oracle.rs"]
pub mod set_oracle;
