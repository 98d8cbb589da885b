//! Transparent huge pages for large results, as NumPy asks for them.
//!
//! A result above glibc's largest `mmap` threshold (32 MiB) is a fresh mapping on every call, and
//! filling it takes one page fault per 4 KiB: 42 MiB (YOLO's `pred[..., 4:]`) is about 10,000
//! faults, 28 ms against 7 ms for the same copy into memory backed by 2 MiB pages (measured on
//! this crate's benchmark machine, a 2-core AMD EPYC VM with THP in `madvise` mode). NumPy calls
//! `madvise(MADV_HUGEPAGE)` on every array of 4 MiB or more; without it the crate was 0.27x
//! NumPy on that copy. [`advise`] makes the same request for the crate's large dense results.
//!
//! Only for results that are about to be written in full (`try_vec`'s callers): a sparsely
//! written zeroed allocation (`one_hot`, `zeroed.rs`) would make the kernel zero a whole 2 MiB
//! page for each element written, so it is not advised.
//!
//! The request is advice: if the kernel has THP disabled (`never`), or the call fails, nothing
//! changes but speed. On targets other than Linux on the architectures listed below (where
//! `MADV_HUGEPAGE` is 14, the generic value) it is a no-op. The declaration is the C library's
//! `madvise`, which Rust's standard library already links on Linux, so no dependency is added.

/// NumPy's threshold (`numpy/core/src/multiarray/alloc.c`): smaller results gain little, since
/// they fit in the heap that `malloc` reuses from call to call.
const MIN_BYTES: usize = 4 << 20;

/// The huge page size on x86-64, AArch64 (4 KiB granule) and RISC-V: advice is given for the
/// 2 MiB-aligned part of an allocation.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the 2 MiB-aligned interior of `v`'s spare capacity with huge pages,
/// when that capacity is at least [`MIN_BYTES`]. Call it right after reserving, before writing.
pub(crate) fn advise<A>(v: &mut Vec<A>) {
    let bytes = v.capacity().saturating_mul(std::mem::size_of::<A>());
    if bytes < MIN_BYTES {
        return;
    }
    // Addresses only: nothing is read or written through them.
    let start_addr = v.as_mut_ptr() as usize;
    let Some(end_addr) = start_addr.checked_add(bytes) else {
        return;
    };
    let first = start_addr.next_multiple_of(HUGE_PAGE);
    let last = end_addr - end_addr % HUGE_PAGE;
    if last > first {
        sys::advise_huge(first, last - first);
    }
}

#[cfg(all(
    target_os = "linux",
    any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        target_arch = "riscv64"
    ),
    not(miri)
))]
mod sys {
    use std::ffi::{c_int, c_void};

    /// `MADV_HUGEPAGE` in Linux's generic `mman-common.h`, which these architectures use.
    const MADV_HUGEPAGE: c_int = 14;

    unsafe extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }

    /// `madvise(addr, len, MADV_HUGEPAGE)`, its result ignored (advice that cannot be followed
    /// changes nothing).
    pub(super) fn advise_huge(addr: usize, len: usize) {
        // SAFETY: MADV_HUGEPAGE only changes how the kernel backs the pages of the range, never
        // their contents or whether they are mapped, so no Rust object is affected; `addr` is
        // page-aligned (a multiple of 2 MiB) and `[addr, addr + len)` lies inside one live
        // allocation of the caller's `Vec` (its capacity), and on a bad range the call fails
        // with an error code rather than acting. The pointer is built from the address only to
        // be passed to the kernel; nothing dereferences it.
        unsafe {
            madvise(addr as *mut c_void, len, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        target_arch = "riscv64"
    ),
    not(miri)
)))]
mod sys {
    /// No huge-page advice on this target.
    pub(super) fn advise_huge(_addr: usize, _len: usize) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advised_vectors_keep_their_contents_and_capacity() {
        // Advice before and after writing: values, length and capacity are unchanged.
        let n = (MIN_BYTES * 2) / std::mem::size_of::<u32>() + 7;
        let mut v: Vec<u32> = Vec::with_capacity(n);
        advise(&mut v);
        v.extend((0..n as u32).map(|i| i.wrapping_mul(2_654_435_761)));
        let cap = v.capacity();
        advise(&mut v);
        assert_eq!(v.len(), n);
        assert_eq!(v.capacity(), cap);
        assert!(
            v.iter()
                .enumerate()
                .all(|(i, &x)| x == (i as u32).wrapping_mul(2_654_435_761))
        );
        // Small and zero-sized vectors are left alone.
        let mut small: Vec<u8> = Vec::with_capacity(16);
        advise(&mut small);
        let mut zst: Vec<()> = Vec::with_capacity(usize::MAX);
        advise(&mut zst);
        assert_eq!(small.capacity(), 16);
    }
}
