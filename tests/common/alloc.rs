//! A counting global allocator, for the allocation tests (`alloc.rs`, `view_ops_alloc.rs`): it
//! counts what the current thread allocates while [`measure`] runs a call.
//!
//! Including this module installs the allocator (`#[global_allocator]`, once per test binary), so
//! it is not part of `common/mod.rs`: a test binary that wants it says
//! `#[path = "common/alloc.rs"] mod counting;`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // Per thread: the harness runs tests in parallel, and each counts only its own allocations.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
    static CALLS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(|c| c.get()) {
            BYTES.with(|b| b.set(b.get() + layout.size()));
            CALLS.with(|c| c.set(c.get() + 1));
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// (bytes, allocation calls) made by `f` on this thread, and what `f` returned.
pub fn measure<R>(f: impl FnOnce() -> R) -> (usize, usize, R) {
    BYTES.with(|b| b.set(0));
    CALLS.with(|c| c.set(0));
    COUNTING.with(|c| c.set(true));
    let r = f();
    COUNTING.with(|c| c.set(false));
    (BYTES.with(Cell::get), CALLS.with(Cell::get), r)
}
