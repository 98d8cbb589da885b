//! What the NHWC image-layout ops share: the rank-4 check, sizes with overflow checks, and the
//! owned result built from whole contiguous runs of a row-major input.

use ndarray::{Array, Dimension};

use crate::error::Error;
use crate::grad::check_size;
use crate::owned::from_c_order;

/// `[batch, height, width, depth]` of a rank-4 input, or [`Error::WrongRank`] naming `op`.
pub(crate) fn nhwc(op: &'static str, shape: &[usize]) -> Result<[usize; 4], Error> {
    match *shape {
        [n, h, w, c] => Ok([n, h, w, c]),
        _ => Err(Error::WrongRank {
            op,
            expected: 4,
            rank: shape.len(),
        }),
    }
}

/// The product of `factors`, or `None` if it overflows. A zero factor makes it 0 whatever the
/// others are, as the element count of an empty array is 0.
pub(crate) fn product(factors: &[usize]) -> Option<usize> {
    if factors.contains(&0) {
        return Some(0);
    }
    factors.iter().try_fold(1usize, |p, &f| p.checked_mul(f))
}

/// `shape` if an owned array of it can exist, else [`Error::TooLarge`]. A dimension that
/// overflowed on the way (`None`) is reported as `usize::MAX`.
pub(crate) fn output_shape<A>(shape: [Option<usize>; 4]) -> Result<[usize; 4], Error> {
    let dims = shape.map(|d| d.unwrap_or(usize::MAX));
    if shape.contains(&None) {
        return Err(Error::TooLarge {
            shape: dims.to_vec(),
        });
    }
    check_size::<A>(&dims)?;
    Ok(dims)
}

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

/// The owned result: `data` (row-major) in `shape`, with the input's dimension type.
pub(crate) fn owned<A, D: Dimension>(
    like: D,
    shape: [usize; 4],
    data: Vec<A>,
) -> Result<Array<A, D>, Error> {
    let mut dim = like;
    if dim.ndim() != 4 {
        return Err(Error::Internal(format!(
            "an NHWC op was given a rank-{} dimension",
            dim.ndim()
        )));
    }
    dim.slice_mut().copy_from_slice(&shape);
    from_c_order(dim, data)
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
/// (`block_size * depth` with depth 1-4 and block 2-4, say, or a patch row of 8 or 16 pixels)
/// and `N` = 0 otherwise.
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
            // Patch rows of 8 or 16 columns of 3 or 4 channels (ViT/MAE's 16x16 RGB patches).
            24 => $kernel::<24, _>($($arg),*),
            32 => $kernel::<32, _>($($arg),*),
            48 => $kernel::<48, _>($($arg),*),
            64 => $kernel::<64, _>($($arg),*),
            _ => $kernel::<0, _>($($arg),*),
        }
    };
}

pub(crate) use dispatch_run_len;
