//! Run-length copy kernels: copying a row-major input as whole contiguous runs, with the short
//! runs image layouts have (a pixel of 1-4 channels, a block of a few pixels) copied as fixed-size
//! moves instead of `memcpy` calls.
//!
//! [`gather_runs`] is the ops' interleaving kernel for runs of separate inputs (concat and stack
//! of equal runs, a row of regular patches; `space_to_depth`, a view of one input, goes through
//! the copy engine's `Kernel::Interleave`): safe code that writes
//! the result with one `Vec::extend` from iterators of known length over fixed-size arrays, so
//! each element is written once, with no zero-fill first and no per-run capacity check.
//! Long runs go through `util::copy::extend_run`: whole, unless glibc's 4 KiB-aliasing trap is
//! in play.

use crate::error::Error;
use crate::util::copy::prefetch::{LINE, prefetch_bytes};
use crate::util::copy::{extend_run, with_avx2};

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

/// Where the runs of [`gather_runs`] are in each source: round `o`'s run is the `len` elements
/// from `offset + o * step`. `step == len` (and `offset == 0`) is a source cut into consecutive
/// runs; a larger step leaves gaps (a pixel's share of its depth), a smaller one overlaps
/// (overlapping patches).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Runs {
    pub(crate) offset: usize,
    pub(crate) step: usize,
    pub(crate) len: usize,
    pub(crate) rounds: usize,
}

/// Appends `runs.rounds` rounds to `out`: in round `o`, run `o` of each source in turn. One
/// concat of equal runs, a row of patches are each one call; one
/// source with gaps between its runs works too.
///
/// Why this shape: the result is written by `Vec::extend` from an iterator of fixed-size arrays
/// whose length the standard library knows in advance (`chunks_exact`, `zip`, `map` and
/// `flatten` of arrays keep it), so `extend` reserves once and writes with plain stores, no
/// capacity check or length store per run; with a run length known at compile time (short
/// runs: [`dispatch_run_len!`]) the compiler vectorises across runs. Measured on a concat of two
/// f32 (…, 2) arrays: 173 us with an `extend_from_slice` per run, 60 us this way, 55 us for a
/// `memcpy` of the same bytes. Nothing is zero-filled first: each element is written once.
///
/// `Err` (nothing appended) if a run would pass the end of a source: callers compute the runs
/// from validated shapes, so that is a bug of this crate, not a user error.
pub(crate) fn gather_runs<A: Clone>(
    out: &mut Vec<A>,
    sources: &[&[A]],
    runs: Runs,
) -> Result<(), Error> {
    check_runs(sources, runs)?;
    if runs.rounds == 0 || runs.len == 0 || sources.is_empty() {
        return Ok(());
    }
    dispatch_run_len!(runs.len, gather_fixed(out, sources, runs));
    Ok(())
}

/// Whether every run of `runs` lies inside every source.
fn check_runs<A>(sources: &[&[A]], runs: Runs) -> Result<(), Error> {
    let Runs {
        offset,
        step,
        len,
        rounds,
    } = runs;
    let end = match rounds.checked_sub(1) {
        None => Some(0),
        Some(last) => last
            .checked_mul(step)
            .and_then(|s| s.checked_add(offset))
            .and_then(|s| s.checked_add(len)),
    };
    match end {
        Some(end) if sources.iter().all(|s| s.len() >= end) => Ok(()),
        _ => Err(Error::Internal(format!(
            "runs {runs:?} outside sources of {:?} elements",
            sources.iter().map(|s| s.len()).collect::<Vec<_>>()
        ))),
    }
}

/// [`gather_runs`] for runs of `N` elements (0: any length), after [`check_runs`].
#[inline(always)]
fn gather_fixed<const N: usize, A: Clone>(out: &mut Vec<A>, sources: &[&[A]], runs: Runs) {
    let Runs {
        offset,
        step,
        len,
        rounds,
    } = runs;
    if step == len {
        // Consecutive runs: each source's runs are one slice, `rounds * len` long.
        let end = offset + rounds * len;
        if let [part] = sources {
            return extend_run(out, &part[offset..end]);
        }
        if N > 0 && short_rounds!(sources.len(), N, flat_rounds(out, sources, offset..end)) {
            return;
        }
    }
    if N == 0 {
        return gather_any(out, sources, runs);
    }
    match sources {
        // Gapped runs (a pixel's share of its depth): each run inside its own `step`-element
        // chunk, which `chunks_exact` cuts without an index check; the guard lets the compiler
        // drop the checks inside the chunk too (measured: 1.5x fewer instructions than a
        // checked slice per run).
        [a] if offset + N <= step && a.len() >= rounds * step => out.extend(
            a[..rounds * step]
                .chunks_exact(step)
                .flat_map(|p| to_array::<N, A>(&p[offset..offset + N])),
        ),
        // Overlapping runs (patches closer than their width), or a source that ends with the
        // last run: a checked slice per run.
        [a] => out.extend((0..rounds).flat_map(|o| array_at::<N, A>(a, offset + o * step))),
        _ => many_sources::<N, A>(out, sources, runs),
    }
}

/// `$kernel::<N, M>($args)` for the short rounds that are worth a kernel of their own: `K` = 2
/// to 4 sources of runs of `N` up to 16 elements, `M = K * N` the elements of a round; `false`
/// for any other `(K, N)`.
macro_rules! short_rounds {
    ($k:expr, $n:expr, $kernel:ident $args:tt) => {
        short_rounds!(@ $k, $n, $kernel $args, [1, 2, 3, 4, 6, 8])
    };
    (@ $k:expr, $n:expr, $kernel:ident $args:tt, [$($len:literal),*]) => {
        match ($k, $n) {
            $(
                (2, $len) => { $kernel::<$len, { 2 * $len }, _> $args; true }
                (3, $len) => { $kernel::<$len, { 3 * $len }, _> $args; true }
                (4, $len) => { $kernel::<$len, { 4 * $len }, _> $args; true }
            )*
            _ => false,
        }
    };
}

use short_rounds;

/// The rounds of 2 to 4 consecutive-run sources (each's `part`, `rounds * N` long), `M = K * N`
/// elements a round, as one array per round: the compiler then writes a round with a few vector
/// moves (a nested `flatten` of per-source arrays measured 1.8x slower).
#[inline(always)]
fn flat_rounds<'a, const N: usize, const M: usize, A: Clone>(
    out: &mut Vec<A>,
    sources: &[&'a [A]],
    part: std::ops::Range<usize>,
) {
    // Each source's runs, cut to `part` (inside every source: `check_runs`).
    let runs = |s: &'a [A]| s[part.clone()].chunks_exact(N);
    match *sources {
        [a, b] => {
            out.extend(runs(a).zip(runs(b)).flat_map(|(x, y)| {
                std::array::from_fn::<A, M, _>(|i| [x, y][i / N][i % N].clone())
            }))
        }
        [a, b, c] => out.extend(runs(a).zip(runs(b)).zip(runs(c)).flat_map(|((x, y), z)| {
            std::array::from_fn::<A, M, _>(|i| [x, y, z][i / N][i % N].clone())
        })),
        [a, b, c, d] => out.extend(runs(a).zip(runs(b)).zip(runs(c)).zip(runs(d)).flat_map(
            |(((x, y), z), w)| {
                std::array::from_fn::<A, M, _>(|i| [x, y, z, w][i / N][i % N].clone())
            },
        )),
        _ => {}
    }
}

/// Five or more sources (a patch of 16 rows), or gapped runs of several: a slice copy per run,
/// of a length known at compile time (a few moves each). One `extend` per round of arrays
/// measured 2x to 3x slower here: the compiler does not unroll over a run-time source count.
///
/// Runs of a cache line or more also ask for the next round's run of each source while they
/// copy this one: the hardware prefetchers lose track of 16 rows read a few lines at a time
/// (the 16x16 RGB patches of an f32 image batch, pinned A/B: 1.38x-1.63x -> 1.18x-1.27x a
/// `memcpy` of the same bytes). Shorter runs would pay a hint per few elements, and their
/// sources are read densely enough to be followed anyway.
///
/// Runs of 32 bytes or more of a type without drop glue are copied by the same loop compiled
/// with AVX2 where the CPU has it ([`with_avx2`]): a run of 192 bytes is then 6 moves of 32
/// bytes instead of 12 of 16 (ViT's 16x16 RGB `f32` patches, pinned, best of 8 × 8 calls,
/// both builds back to back: 1.31x-1.49x -> 1.27x-1.28x a `memcpy` of the result).
#[inline(always)]
fn many_sources<const N: usize, A: Clone>(out: &mut Vec<A>, sources: &[&[A]], runs: Runs) {
    if N * std::mem::size_of::<A>() >= 32 && !std::mem::needs_drop::<A>() {
        return with_avx2(|| prefetched_rounds::<N, A>(out, sources, runs));
    }
    prefetched_rounds::<N, A>(out, sources, runs)
}

/// The rounds of [`many_sources`], runs of `N` elements (0: `runs.len`), each source's next run
/// asked for where a run is a cache line or more.
#[inline(always)]
fn prefetched_rounds<const N: usize, A: Clone>(out: &mut Vec<A>, sources: &[&[A]], runs: Runs) {
    let len = run_len::<N>(runs.len);
    let bytes = len * std::mem::size_of::<A>();
    for o in 0..runs.rounds {
        let start = runs.offset + o * runs.step;
        for s in sources {
            if let Some(run) = s.get(start..start + len) {
                out.extend_from_slice(run);
            }
            if bytes >= LINE {
                prefetch_bytes(s.as_ptr().wrapping_add(start + runs.step).cast(), bytes);
            }
        }
    }
}

/// Runs of a length not known at compile time: from several sources, runs shorter than
/// [`PREFETCHED_BYTES`] go round by round as in [`many_sources`], each source's next run asked
/// for (ViT-H's 14x14 RGB `f32` patches, runs of 168 bytes, pinned, best of 8 × 8 calls, both
/// builds back to back: 1.66x-1.80x -> 1.46x-1.53x a `memcpy`); longer runs (the prefetchers
/// follow those) and single sources are a slice copy each, by [`extend_run`].
fn gather_any<A: Clone>(out: &mut Vec<A>, sources: &[&[A]], runs: Runs) {
    let bytes = runs.len.saturating_mul(std::mem::size_of::<A>());
    if sources.len() > 1 && bytes < PREFETCHED_BYTES {
        return prefetched_rounds::<0, A>(out, sources, runs);
    }
    for o in 0..runs.rounds {
        let start = runs.offset + o * runs.step;
        for s in sources {
            if let Some(run) = s.get(start..start + runs.len) {
                extend_run(out, run);
            }
        }
    }
}

/// The longest runs of unknown length [`gather_any`] copies round by round with prefetches.
const PREFETCHED_BYTES: usize = 2048;

/// The `N` elements of `s` from `start`, cloned. In bounds: [`check_runs`] checked every run.
#[inline(always)]
fn array_at<const N: usize, A: Clone>(s: &[A], start: usize) -> [A; N] {
    to_array(&s[start..start + N])
}

/// `run` (`N` elements) as an array: one move of `N` elements for `Copy` types (an array's
/// `clone` is), element by element otherwise. The fallback is never taken (`run` has `N`
/// elements; the compiler sees it and drops it): it only spares a panic path.
#[inline(always)]
pub(crate) fn to_array<const N: usize, A: Clone>(run: &[A]) -> [A; N] {
    match <&[A; N]>::try_from(run) {
        Ok(array) => array.clone(),
        Err(_) => std::array::from_fn(|i| run[i].clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The runs one at a time, by index: what [`gather_runs`] must equal.
    fn naive<A: Clone>(sources: &[&[A]], runs: Runs) -> Vec<A> {
        let mut out = Vec::new();
        for o in 0..runs.rounds {
            for s in sources {
                for i in 0..runs.len {
                    out.push(s[runs.offset + o * runs.step + i].clone());
                }
            }
        }
        out
    }

    /// Sources of `len` elements each, source `k` holding `1000 * k + i`.
    fn sources(count: usize, len: usize) -> Vec<Vec<u32>> {
        (0..count)
            .map(|k| (0..len).map(|i| (1000 * k + i) as u32).collect())
            .collect()
    }

    proptest! {
        // Every path: 1 to 6 sources (zip kernels for 2-4, one extend per round past that),
        // consecutive, gapped and overlapping runs, lengths with and without a fixed-size
        // kernel, zero rounds and empty runs, sources longer than the runs need.
        #[test]
        fn gather_runs_equals_the_runs_one_at_a_time(
            count in 1usize..7,
            len in prop_oneof![0usize..20, Just(24usize), Just(48), Just(64), 65usize..80],
            gap in prop_oneof![Just(0isize), -3isize..0, 1isize..5],
            offset in 0usize..4,
            rounds in 0usize..7,
            extra in 0usize..3,
        ) {
            let step = (len as isize + gap).max(0) as usize;
            let needed = match rounds {
                0 => 0,
                r => offset + (r - 1) * step + len,
            };
            let data = sources(count, needed + extra);
            let slices: Vec<&[u32]> = data.iter().map(|s| &s[..]).collect();
            let runs = Runs { offset, step, len, rounds };
            let mut got = vec![7u32];
            gather_runs(&mut got, &slices, runs).unwrap();
            let mut want = vec![7u32];
            want.extend(naive(&slices, runs));
            prop_assert_eq!(got, want);
        }

        // Sources too short for the runs are an Err, with nothing appended.
        #[test]
        fn runs_past_a_source_are_an_error(
            count in 1usize..6,
            len in 1usize..10,
            rounds in 1usize..5,
            short in 1usize..4,
        ) {
            let needed = rounds * len;
            let mut data = sources(count, needed);
            let last = data.len() - 1;
            data[last].truncate(needed.saturating_sub(short));
            let slices: Vec<&[u32]> = data.iter().map(|s| &s[..]).collect();
            let runs = Runs { offset: 0, step: len, len, rounds };
            let mut got = Vec::new();
            prop_assert!(gather_runs(&mut got, &slices, runs).is_err());
            prop_assert!(got.is_empty());
        }
    }

    #[test]
    fn clones_non_copy_elements() {
        let a: Vec<String> = (0..6).map(|i| format!("a{i}")).collect();
        let b: Vec<String> = (0..6).map(|i| format!("b{i}")).collect();
        let runs = Runs {
            offset: 0,
            step: 2,
            len: 2,
            rounds: 3,
        };
        let mut got = Vec::new();
        gather_runs(&mut got, &[&a, &b], runs).unwrap();
        assert_eq!(got, naive(&[&a, &b], runs));
    }
}
