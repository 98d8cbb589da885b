//! The byte gathers of [`super::byte_shuffle`] with the program fixed at compile time, for the
//! one-byte depth ops of RGB images (`u8`, `i8`, `bool`; `space_to_depth` and `depth_to_space`
//! with block 2 and 3 image channels) in dense blocks. The copy engine's sixth `unsafe`
//! module.
//!
//! Why: [`super::byte_shuffle::Gather`] builds its windows and masks on every call (with a
//! second program for a line's clamped last period), and its loop keeps a pointer per window
//! in a register: 12 instructions per 32 output bytes. On a single image that setup was a
//! third of the call (`Gather::new` and `Gather::clamped`, perf, `u8` 1×32×224×3). Here the
//! windows' offsets and the masks are constants ([`program`] is a `const fn`): no setup, a
//! window is a displacement from its source's pointer, the masks stay in registers, and one
//! pass writes every vector of a period.
//!
//! Measured (AMD EPYC, pinned, glibc's `rep movsb` threshold raised; `u8` `space_to_depth` 2,
//! best of 20 × 100 calls against a `to_vec` of the input): 1×128×224×3 3.06x -> 2.27-2.69x,
//! one 224×224×3 image 2.65-2.74x -> 2.18-2.59x, a 16-image batch 1.77-1.80x -> 1.70-1.77x
//! (the batch is limited by the shuffles' throughput, not by instructions or setup: 17% fewer
//! instructions, at most 4% less time).
//!
//! The program: output rounds of `k` units of `n` bytes, unit `j` of round `r` the `n` bytes
//! at `r * t` of source `j`. Each 16-byte output vector of a period is made from two 16-byte
//! source windows, placed so that the bytes each contributes lie at positions the other's do
//! not: one `pblendvb` joins them and one `pshufb` puts every byte in its place
//! ([`super::blend`] finds the windows; [`periods_avx2`] runs them).
//!
//! Why a blend, not two shuffles or-ed (`byte_shuffle`'s scheme, and this module's until
//! December 2026, with a form of 32-byte windows for `space_to_depth`): on Zen 1 the shuffles
//! were the limit (a `vpshufb` of 32 bytes is two µops there; a 32-byte pair of vectors took
//! four shuffle µops, now two). `u8` `space_to_depth` 2 (AMD EPYC family 23, pinned, builds
//! alternating, 8 × 3 runs each of best of 20 × 125 calls, median): 16 images 142.7 -> 124.4
//! µs (a `memcpy` of the result 94 µs), one image 8.5 -> 8.1 µs, four 33.1 -> 31.4 µs.
//! `depth_to_space` 2 is level (16 images 130.9 / 131.5 µs): its old form already used
//! 16-byte windows, and a scratch loop of just the two loads and a store per vector runs as
//! fast as either form, so both are now bound by the loads (two per 16 output bytes). Not
//! measured elsewhere: on a CPU with 256-bit shuffle and store paths (Intel, Zen 2 and later)
//! the old 32-byte form may have been the faster one for `space_to_depth` in cache.

//! Soundness: [`gather`] runs only where [`takes`] holds: the CPU has AVX2 (the
//! `#[target_feature(enable = "avx2")]` function is only called on a CPU that has it) and `A` is
//! a one-byte primitive ([`super::stream::is_plain_byte`]: `u8`'s size and alignment, every byte
//! initialised), so its slices are byte slices. Every load is of 16 bytes inside `block`,
//! every store of 16 bytes inside the line's slice of `dst` (the periods
//! [`super::gather_lines::drive`] hands the vector loop). Only bytes of `A` values are written,
//! so a `bool` slot only ever receives a valid `bool` byte.

use std::mem::MaybeUninit;

use super::blend::{Blend, blend};
use super::gather_lines::{Geometry, Run, avx2, drive, gcd, source_of};
use super::stream::is_plain_byte;

/// 16-byte output vectors a period may have (`lcm(16, k * n) / 16`).
const MAX_VECTORS: usize = 8;

/// The `(unit, sources, step)` with a compiled program, in bytes: `space_to_depth` 2 of RGB
/// (units of 6 bytes from 2 rows) and `depth_to_space` 2 to RGB (units of 6 from every 12).
pub(super) const PROGRAMS: [(usize, usize, usize); 2] = [(6, 2, 6), (6, 1, 12)];

/// How the output vectors of one period are made.
#[derive(Clone, Copy)]
struct Program {
    /// 16-byte output vectors per period.
    vectors: usize,
    /// Output bytes per period: `lcm(16, k * n)`.
    period: usize,
    /// Source bytes per period: `t` per round.
    advance: usize,
    /// Whether every vector of the period has its two windows and the period at most
    /// [`MAX_VECTORS`] vectors.
    fits: bool,
    /// Each vector's windows (relative to the period's start in their sources), selector and
    /// shuffle.
    vector: [Blend; MAX_VECTORS],
    /// The lowest window start and the highest window end.
    reach: (isize, isize),
}

/// Output byte `q` of a period ([`source_of`]), its offset signed as the windows' are.
const fn byte_of(n: usize, round: usize, t: usize, q: usize) -> (usize, isize) {
    let (j, at) = source_of(n, round, t, q);
    (j, at as isize)
}

/// The program for `k` sources of units of `n` bytes, a round every `t`.
const fn program(n: usize, k: usize, t: usize) -> Program {
    let blank = Blend {
        source: [0; 2],
        lo: [0; 2],
        select: [0; 16],
        shuffle: [0; 16],
    };
    let round = n * k;
    let period = if round == 0 {
        0
    } else {
        16 / gcd(16, round) * round
    };
    let mut p = Program {
        vectors: period / 16,
        period,
        advance: match period.checked_div(round) {
            Some(rounds) => rounds * t,
            None => 0,
        },
        fits: round > 0 && t >= n && period / 16 <= MAX_VECTORS,
        vector: [blank; MAX_VECTORS],
        reach: (0, 0),
    };
    if !p.fits {
        return p;
    }
    let mut v = 0;
    while v < p.vectors {
        let mut bytes = [(0, 0); 16];
        let mut i = 0;
        while i < 16 {
            bytes[i] = byte_of(n, round, t, 16 * v + i);
            i += 1;
        }
        // Windows may start anywhere: `drive` keeps a line's periods whose windows leave the
        // block for the unit loop.
        match blend(&bytes, (isize::MIN, isize::MAX)) {
            Some(x) => {
                p.vector[v] = x;
                let mut w = 0;
                while w < 2 {
                    if x.lo[w] < p.reach.0 {
                        p.reach.0 = x.lo[w];
                    }
                    if x.lo[w] + 16 > p.reach.1 {
                        p.reach.1 = x.lo[w] + 16;
                    }
                    w += 1;
                }
            }
            None => {
                p.fits = false;
                return p;
            }
        }
        v += 1;
    }
    p
}

/// Whether [`gather`] copies `k` sources of units of `unit` elements of `A`, a round every
/// `t`, on this CPU: a one-byte primitive, a compiled program, and AVX2.
pub(super) fn takes<A>(unit: usize, k: usize, t: usize) -> bool {
    is_plain_byte::<A>() && PROGRAMS.contains(&(unit, k, t)) && avx2()
}

/// `dst` as `lines` lines of rounds: round `r` of line `l` is unit `r` of each of the line's
/// `k` sources in turn, source `j` of line `l` starting at `block[origins[l * k + j]]`, its
/// unit `r` the `unit` elements `r * t` further. Every slot of `dst` is written. `false`, with
/// nothing written, where [`takes`] does not hold.
///
/// Panics (before writing) if a source's units do not all lie in `block`, or `dst` is not
/// `origins.len() / k` lines of whole rounds.
pub(super) fn gather<A: Clone>(
    block: &[A],
    origins: &[usize],
    [unit, k, t]: [usize; 3],
    dst: &mut [MaybeUninit<A>],
) -> bool {
    if !takes::<A>(unit, k, t) {
        return false;
    }
    // SAFETY: `A` is a one-byte primitive (`takes`): the same memory as initialised `u8`s,
    // same length and alignment, borrowed for the same lifetime.
    let block = unsafe { std::slice::from_raw_parts(block.as_ptr().cast::<u8>(), block.len()) };
    // SAFETY: `MaybeUninit<A>` for a one-byte `A` has `MaybeUninit<u8>`'s size and alignment;
    // the reborrow replaces `dst` for its lifetime. Only bytes of `A` values are written
    // through it, so every slot ends up a valid `A`.
    let dst = unsafe {
        std::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<MaybeUninit<u8>>(), dst.len())
    };
    match (unit, k, t) {
        (6, 2, 6) => lines::<6, 2, 6>(block, origins, dst),
        (6, 1, 12) => lines::<6, 1, 12>(block, origins, dst),
        // Not in `PROGRAMS` (`takes` checked): unreachable.
        _ => return false,
    }
    true
}

/// [`gather`] in bytes, for units of `N` bytes from `K` sources, a round every `T`.
fn lines<const N: usize, const K: usize, const T: usize>(
    block: &[u8],
    origins: &[usize],
    dst: &mut [MaybeUninit<u8>],
) {
    let p = const { program(N, K, T) };
    assert!(p.fits, "a byte gather's program");
    let g = Geometry {
        n: N,
        k: K,
        t: T,
        period: p.period,
        advance: p.advance,
        reach: p.reach,
    };
    drive(block, origins, dst, g, |o, d, first, end| {
        // SAFETY: AVX2 (`takes`). Loads: for each line l of the run and q in first..end, each
        // vector's windows (16 bytes at o[l * K + source[w]] + q * advance + lo[w]) lie in
        // `block`: `drive`'s promise, `g.reach` being the program's lowest window start and
        // highest window end. Stores: bytes q * period .. + period of line l for
        // q < end, inside `d` (`drive`'s promise: `d` is whole lines, end * period <= line).
        unsafe { periods_avx2::<N, K, T>(Run::new(block, o, d, K), first, end) };
    });
}

/// Periods `first..end` of each line of the run, 16 output bytes at a time: the vector's two
/// windows loaded, blended by its selector and shuffled by its mask (all four masks of a
/// vector, for every vector of the period, stay in registers).
///
/// # Safety
/// The CPU has AVX2; for each line of the run (its sources `base` and slots `out`:
/// [`Run::line`]) and `q` in `first..end`, each vector's windows are readable (the 16 bytes at
/// `base[source[w]] + q * advance + lo[w]`), and the `period` bytes at `out + q * period` are
/// writable.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn periods_avx2<const N: usize, const K: usize, const T: usize>(
    run: Run<'_, u8>,
    first: usize,
    end: usize,
) {
    use std::arch::x86_64::{
        __m128i, _mm_blendv_epi8, _mm_loadu_si128, _mm_setzero_si128, _mm_shuffle_epi8,
        _mm_storeu_si128,
    };
    let p = const { program(N, K, T) };
    let mut masks = [[_mm_setzero_si128(); 2]; MAX_VECTORS];
    for (mask, x) in masks.iter_mut().zip(&p.vector).take(p.vectors) {
        // SAFETY: 16-byte arrays, read unaligned.
        *mask = unsafe {
            [
                _mm_loadu_si128(x.select.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(x.shuffle.as_ptr().cast::<__m128i>()),
            ]
        };
    }
    for line in 0..run.origins.len() / K {
        let (base, out) = run.line::<K>(line);
        for q in first..end {
            for (v, [select, shuffle]) in masks.iter().enumerate().take(p.vectors) {
                let x = p.vector[v];
                let window = |w: usize| {
                    base[x.source[w]]
                        .wrapping_add(q * p.advance)
                        .wrapping_offset(x.lo[w])
                        .cast::<__m128i>()
                };
                // SAFETY: the windows are readable and bytes 16 * v .. + 16 of period q
                // writable (the contract); unaligned loads, and a store of initialised bytes
                // into `MaybeUninit<u8>` slots.
                unsafe {
                    let blend = _mm_blendv_epi8(
                        _mm_loadu_si128(window(0)),
                        _mm_loadu_si128(window(1)),
                        *select,
                    );
                    _mm_storeu_si128(
                        out.add(q * p.period + 16 * v).cast::<__m128i>(),
                        _mm_shuffle_epi8(blend, *shuffle),
                    );
                }
            }
        }
    }
}

/// Not x86-64: never called ([`takes`] is false without AVX2).
#[cfg(not(target_arch = "x86_64"))]
unsafe fn periods_avx2<const N: usize, const K: usize, const T: usize>(
    _run: Run<'_, u8>,
    _first: usize,
    _end: usize,
) {
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compiled_program_makes_each_byte_from_its_source() {
        for (n, k, t) in PROGRAMS {
            let p = program(n, k, t);
            assert!(p.fits, "({n}, {k}, {t})");
            assert_eq!(p.period % (n * k), 0);
            assert_eq!(p.period, 16 * p.vectors);
            assert_eq!(p.advance, p.period / (n * k) * t);
            for (v, x) in p.vector[..p.vectors].iter().enumerate() {
                for i in 0..16 {
                    // The blend's byte that the shuffle puts at i, and the window it came from.
                    let at = x.shuffle[i];
                    assert!(
                        at < 16,
                        "({n}, {k}, {t}) vector {v} byte {i}: a zeroed lane"
                    );
                    let w = usize::from(x.select[usize::from(at)] >= 0x80);
                    let got = (x.source[w], x.lo[w] + isize::from(at));
                    assert_eq!(
                        got,
                        byte_of(n, n * k, t, 16 * v + i),
                        "({n}, {k}, {t}) {v} {i}"
                    );
                    assert!(p.reach.0 <= x.lo[w] && x.lo[w] + 16 <= p.reach.1);
                }
            }
        }
        // `space_to_depth` 2 of RGB: each vector's bytes of a row are consecutive, one window
        // per row; `depth_to_space` 2: a vector's three units span 28 to 34 bytes of its one
        // source, two windows of it, the first starting 6 before its unit for vector 0.
        let windows = |p: Program| {
            let w: Vec<_> = p.vector[..p.vectors]
                .iter()
                .map(|x| (x.source, x.lo))
                .collect();
            (w, p.reach)
        };
        let s2d = [([0, 1], [0, -10]), ([0, 1], [10, -2]), ([1, 0], [14, 8])];
        assert_eq!(windows(program(6, 2, 6)), (s2d.to_vec(), (-10, 30)));
        let d2s = [([0, 0], [-6, 12]), ([0, 0], [28, 46]), ([0, 0], [62, 80])];
        assert_eq!(windows(program(6, 1, 12)), (d2s.to_vec(), (-6, 96)));
        // Three windows in a vector: units of 2 bytes from 3 sources.
        assert!(!program(2, 3, 2).fits);
        // Units that overlap (t < n).
        assert!(!program(6, 1, 4).fits);
    }
}
