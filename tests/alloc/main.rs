//! Allocation counts under a counting global allocator (one per test binary, so these tests have a
//! binary of their own): views allocate nothing proportional to the data.

#[path = "../common/alloc.rs"]
mod counting;

mod strided;
mod view_ops;
