//! Puts glibc's `malloc` in the state a long-running process is in before anything is timed.
//!
//! glibc serves a large block with a fresh `mmap` and returns it to the kernel when freed, until a
//! freed `mmap`ed block raises its thresholds to that block's size (the mmap threshold to it, the
//! trim threshold to twice it). Until then every 4 MiB result costs about a thousand page faults
//! per call, which dwarfs the copy itself. Which side of that line a process sits on depends on
//! what it happened to free before, so without this a bench compares allocator histories, not
//! code: `dynamic_partition` measured 1.5 ms here against NumPy's 0.54 ms, and both became about
//! 0.6 ms once in the same state. `benches/peers_common.py` does the same for every NumPy script.

use std::hint::black_box;

/// 16 MiB: more than any result a bench makes, and within glibc's 32 MiB cap on the dynamic
/// threshold.
const STEADY_BYTES: usize = 16 << 20;

/// Allocates and frees one 16 MiB block (written, so it is really `malloc`ed and faulted in).
pub fn steady_allocator() {
    let block = vec![1u8; STEADY_BYTES];
    drop(black_box(block));
}
