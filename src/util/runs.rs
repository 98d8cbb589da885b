//! Run-length copy kernels: copying a row-major input as whole contiguous runs, with the short
//! runs image layouts have (a pixel of 1-4 channels, a block of a few pixels) copied as fixed-size
//! moves instead of `memcpy` calls.

use crate::error::Error;

/// `data[start..start + len]`. The ops compute every run from validated shapes, so it is always
/// there; `Err` rather than a panic if that reasoning is ever wrong.
#[inline]
pub(crate) fn run<A>(data: &[A], start: usize, len: usize) -> Result<&[A], Error> {
    start
        .checked_add(len)
        .and_then(|end| data.get(start..end))
        .ok_or_else(|| {
            Error::Internal(format!("run {start}+{len} outside {} elements", data.len()))
        })
}

/// The length of a run, `N` when the copy kernel was instantiated for that fixed length, `len`
/// when `N` is 0 (any length). A fixed length lets the compiler turn each run's copy into a few
/// moves instead of a call to `memcpy`, which dominates when runs are a handful of elements.
#[inline(always)]
pub(crate) const fn run_len<const N: usize>(len: usize) -> usize {
    if N == 0 { len } else { N }
}

/// `out.extend_from_slice(run)`, as a fixed-size copy when `run` has `N > 0` elements (the
/// compiler cannot see a run's length through `chunks_exact` otherwise).
#[inline(always)]
pub(crate) fn push_run<const N: usize, A: Clone>(out: &mut Vec<A>, run: &[A]) {
    match run.first_chunk::<N>() {
        Some(fixed) if N > 0 && run.len() == N => out.extend_from_slice(fixed),
        _ => out.extend_from_slice(run),
    }
}

/// `$kernel::<N>($args)`, with `N` = `$len` for the short runs image layouts typically have
/// (`block_size * depth` with depth 1-4 and block 2-4, say) and `N` = 0 otherwise.
macro_rules! dispatch_run_len {
    ($len:expr, $kernel:ident($($arg:expr),* $(,)?)) => {
        match $len {
            1 => $kernel::<1, _>($($arg),*),
            2 => $kernel::<2, _>($($arg),*),
            3 => $kernel::<3, _>($($arg),*),
            4 => $kernel::<4, _>($($arg),*),
            6 => $kernel::<6, _>($($arg),*),
            8 => $kernel::<8, _>($($arg),*),
            12 => $kernel::<12, _>($($arg),*),
            16 => $kernel::<16, _>($($arg),*),
            _ => $kernel::<0, _>($($arg),*),
        }
    };
}

pub(crate) use dispatch_run_len;
