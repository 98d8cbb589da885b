//! A prefetch hint for copies whose reads the hardware prefetchers do not follow: backwards (they
//! see a row start, then its lines read from the end down), as in the flipped-pixel shuffles
//! ([`super::shuffle`]) and reversed rows (`raw.rs`), which ask for the next row's lines while
//! they copy the current one; and many rows a few lines at a time, as in the patch rows of
//! `gather_runs` (`util/runs.rs`), which ask for each row's next run.

/// Asks the CPU to bring the cache line of `p` into L1 (`prefetcht0` on x86-64; nothing
/// elsewhere). A hint: it reads nothing the program sees and never faults, whatever the address,
/// so `p` need not point into any allocation.
#[inline(always)]
pub(crate) fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: `prefetcht0` has no architectural effect for any address (no fault, no
        // value); SSE is in the x86_64 baseline. `p` is only passed, never dereferenced.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// A cache line's bytes on the machines this crate is tuned on.
pub(crate) const LINE: usize = 64;

/// Asks for every line of the `bytes` bytes from `p` ([`prefetch`] per line, and the last byte's
/// line, one more where `p` is not at a line's start). A hint: `p` need not point anywhere.
#[inline(always)]
pub(crate) fn prefetch_bytes(p: *const u8, bytes: usize) {
    if bytes == 0 {
        return;
    }
    let mut k = 0;
    while k < bytes {
        prefetch(p.wrapping_add(k));
        k += LINE;
    }
    prefetch(p.wrapping_add(bytes - 1));
}
