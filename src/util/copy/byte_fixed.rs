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
//! pass writes every pair of a period: 27 instructions per 96 bytes.
//!
//! Measured (AMD EPYC, pinned, glibc's `rep movsb` threshold raised; `u8` `space_to_depth` 2,
//! best of 20 × 100 calls against a `to_vec` of the input): 1×128×224×3 3.06x -> 2.27-2.69x,
//! one 224×224×3 image 2.65-2.74x -> 2.18-2.59x, a 16-image batch 1.77-1.80x -> 1.70-1.77x
//! (the batch is limited by the shuffles' throughput, not by instructions or setup: 17% fewer
//! instructions, at most 4% less time).
//!
//! So where it exists (`space_to_depth`, not `depth_to_space`), a program's [`Lanes`] form is
//! run instead: one 32-byte window per source for each 32-byte pair of output vectors, which
//! takes half the shuffles (no `vinserti128`). In L1, a 1,344-byte line pair: 14.2 -> 17.6
//! output bytes per TSC cycle (a `memcpy` 36.6). The 16-image batch, pinned criterion A/B
//! (`real_u8_space_to_depth`), two pairs back to back: 126 and 141 µs -> 116 and 122 µs, a
//! `memcpy` 67-72 µs (1.89x and 1.97x -> 1.66x and 1.71x); callgrind 2.26M -> 2.09M
//! instructions for the scratch loop of all `u8` depth ops. Now the loads are the likelier
//! limit: half of the unaligned 32-byte windows cross a cache line. Programs without a lanes
//! form (`depth_to_space`) go 16 bytes at a time ([`periods_avx2`]).

//! The program is [`super::byte_shuffle`]'s scheme: output rounds of `k` units of `n` bytes, unit
//! `j` of round `r` the `n` bytes at `r * t` of source `j`; each 16-byte output vector of a period
//! is at most two 16-byte source windows shuffled by `pshufb` and or-ed, each window starting at
//! the first byte of the vector that the earlier windows of its source miss.
//!
//! Soundness: [`gather`] runs only where [`takes`] holds: the CPU has AVX2 (the
//! `#[target_feature(enable = "avx2")]` function is only called on a CPU that has it) and `A` is
//! a one-byte primitive ([`super::stream::is_plain_byte`]: `u8`'s size and alignment, every byte
//! initialised), so its slices are byte slices. Every load is of 16 or 32 bytes inside
//! `block`, every store of 16 or 32 bytes inside the line's slice of `dst` (the periods
//! [`super::gather_lines::drive`] hands the vector loop). Only bytes of `A` values are written,
//! so a `bool` slot only ever receives a valid `bool` byte.

use std::mem::MaybeUninit;

use super::gather_lines::{Geometry, Run, avx2, drive, gcd};
use super::stream::is_plain_byte;

/// 16-byte output vectors a period may have (`lcm(32, k * n) / 16`: whole pairs).
const MAX_VECTORS: usize = 8;

/// The `(unit, sources, step)` with a compiled program, in bytes: `space_to_depth` 2 of RGB
/// (units of 6 bytes from 2 rows) and `depth_to_space` 2 to RGB (units of 6 from every 12).
pub(super) const PROGRAMS: [(usize, usize, usize); 2] = [(6, 2, 6), (6, 1, 12)];

/// One window of an output vector: 16 bytes of source `source` from `lo` (relative to the
/// period's start in that source).
#[derive(Clone, Copy)]
struct Window {
    source: usize,
    lo: usize,
}

/// How the output vectors of one period are made.
#[derive(Clone, Copy)]
struct Program {
    /// 16-byte output vectors per period (even).
    vectors: usize,
    /// Output bytes per period: `lcm(32, k * n)`.
    period: usize,
    /// Source bytes per period: `t` per round.
    advance: usize,
    /// Whether every vector takes at most two windows and the period at most [`MAX_VECTORS`].
    fits: bool,
    /// Vector `v`'s windows (one window: the same twice, its second mask all zero lanes).
    windows: [[Window; 2]; MAX_VECTORS],
    /// Vector `v`'s `pshufb` masks: byte `i` of window `w` is `lo + masks[v][w][i]`, or 0 where
    /// the mask has the high bit set.
    masks: [[[u8; 16]; 2]; MAX_VECTORS],
    /// The highest window end.
    reach: usize,
}

/// The program for `k` sources of units of `n` bytes, a round every `t`: output byte `q` of a
/// period is byte `r * t + e` of source `j`, where `q = (r * k + j) * n + e`.
const fn program(n: usize, k: usize, t: usize) -> Program {
    let blank = Window { source: 0, lo: 0 };
    let round = n * k;
    let period = if round == 0 {
        0
    } else {
        32 / gcd(32, round) * round
    };
    let mut p = Program {
        vectors: period / 16,
        period,
        advance: match period.checked_div(round) {
            Some(rounds) => rounds * t,
            None => 0,
        },
        fits: round > 0 && t >= n && period / 16 <= MAX_VECTORS,
        windows: [[blank; 2]; MAX_VECTORS],
        masks: [[[0x80; 16]; 2]; MAX_VECTORS],
        reach: 0,
    };
    if !p.fits {
        return p;
    }
    let mut v = 0;
    while v < p.vectors {
        let mut count = 0;
        let mut i = 0;
        while i < 16 {
            let q = 16 * v + i;
            let (r, u) = (q / round, q % round);
            let (j, off) = (u / n, r * t + u % n);
            // The window of source j that holds this byte, else a new one from it.
            let mut w = 0;
            let mut which = count;
            while w < count {
                let win = p.windows[v][w];
                if win.source == j && win.lo <= off && off < win.lo + 16 {
                    which = w;
                }
                w += 1;
            }
            if which == count {
                if count == 2 {
                    p.fits = false;
                    return p;
                }
                p.windows[v][count] = Window { source: j, lo: off };
                count += 1;
            }
            p.masks[v][which][i] = (off - p.windows[v][which].lo) as u8;
            i += 1;
        }
        if count == 1 {
            p.windows[v][1] = p.windows[v][0];
        }
        let mut w = 0;
        while w < 2 {
            if p.windows[v][w].lo + 16 > p.reach {
                p.reach = p.windows[v][w].lo + 16;
            }
            w += 1;
        }
        v += 1;
    }
    p
}

/// Sources a [`Lanes`] program may take (one 32-byte window each per pair of vectors).
const MAX_SOURCES: usize = 2;

/// A program without inserts: each 32-byte pair of output vectors takes one 32-byte window per
/// source, its low lane feeding the pair's low vector and its high lane the high one. Where it
/// exists, a pair costs a load and a `vpshufb` per source, against [`Program`]'s two loads
/// and two shuffles per vector (the shuffle µops, more than the instruction count, held the
/// one-byte `space_to_depth` back).
#[derive(Clone, Copy)]
struct Lanes {
    /// Whether every pair takes every source, each source's bytes of a pair fitting one
    /// window, and the period at most [`MAX_VECTORS`] vectors of at most [`MAX_SOURCES`]
    /// sources.
    fits: bool,
    /// Pair `i`'s window of source `j` starts at `lo[i][j]` (relative to the period's start
    /// in that source; may be negative).
    lo: [[isize; MAX_SOURCES]; MAX_VECTORS / 2],
    /// Pair `i`'s `vpshufb` mask for source `j`: byte `b` of lane `b / 16` is window byte
    /// `16 * (b / 16) + masks[i][j][b]`, or 0 where the high bit is set.
    masks: [[[u8; 32]; MAX_SOURCES]; MAX_VECTORS / 2],
    /// The lowest window start and the highest window end.
    reach: (isize, isize),
}

/// The [`Lanes`] form of `program(n, k, t)`, where one exists. Source `j`'s window for pair `i`
/// must start at most at each of its bytes' offset minus 16 times that byte's lane, and less
/// than 16 before it: the lowest such start is taken.
const fn lanes(n: usize, k: usize, t: usize) -> Lanes {
    let p = program(n, k, t);
    let mut l = Lanes {
        fits: p.fits && k <= MAX_SOURCES,
        lo: [[0; MAX_SOURCES]; MAX_VECTORS / 2],
        masks: [[[0x80; 32]; MAX_SOURCES]; MAX_VECTORS / 2],
        reach: (0, 0),
    };
    if !l.fits {
        return l;
    }
    let mut i = 0;
    while i < p.vectors / 2 {
        let mut j = 0;
        while j < k {
            // The bounds on the window's start from every byte of source j in the pair.
            let (mut low, mut high) = (isize::MIN, isize::MAX);
            let mut b = 0;
            while b < 32 {
                if let Some(at) = lane_offset(n, k, t, 32 * i + b)
                    && at.0 == j
                {
                    if at.1 - 15 > low {
                        low = at.1 - 15;
                    }
                    if at.1 < high {
                        high = at.1;
                    }
                }
                b += 1;
            }
            if low > high || high == isize::MAX {
                l.fits = false;
                return l;
            }
            l.lo[i][j] = low;
            let mut b = 0;
            while b < 32 {
                if let Some(at) = lane_offset(n, k, t, 32 * i + b)
                    && at.0 == j
                {
                    l.masks[i][j][b] = (at.1 - low) as u8;
                }
                b += 1;
            }
            if low < l.reach.0 {
                l.reach.0 = low;
            }
            if low + 32 > l.reach.1 {
                l.reach.1 = low + 32;
            }
            j += 1;
        }
        i += 1;
    }
    l
}

/// Output byte `q` of a period (of `k` sources, units of `n`, a round every `t`) in a lanes
/// window: its source, and its offset from the period's start in that source less 16 for a
/// byte of a high lane, so that a window starting at `lo` holds it at lane byte `offset - lo`.
const fn lane_offset(n: usize, k: usize, t: usize, q: usize) -> Option<(usize, isize)> {
    let round = n * k;
    if round == 0 {
        return None;
    }
    let (r, u) = (q / round, q % round);
    Some((
        u / n,
        (r * t + u % n) as isize - 16 * (q % 32 / 16) as isize,
    ))
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
    let l = const { lanes(N, K, T) };
    assert!(p.fits, "a byte gather's program");
    let g = Geometry {
        n: N,
        k: K,
        t: T,
        period: p.period,
        advance: p.advance,
        reach: if l.fits {
            l.reach
        } else {
            (0, p.reach as isize)
        },
    };
    drive(block, origins, dst, g, |o, d, first, end| {
        // SAFETY: AVX2 (`takes`). Loads: for each line l of the run and q in first..end, each
        // window of the form that runs (the program's 16 bytes at o[l * K + source] + q *
        // advance + lo, or where the lanes form fits, its 32 bytes at o[l * K + j] + q *
        // advance + lo[i][j]) lies in `block`: `drive`'s promise, `g.reach` being that form's
        // lowest start and highest end. Stores: bytes q * period .. + period of line l for
        // q < end, inside `d` (`drive`'s promise: `d` is whole lines, end * period <= line).
        unsafe { periods_avx2::<N, K, T>(Run::new(block, o, d, K), first, end) };
    });
}

/// Periods `first..end` of one line: where the program has a [`Lanes`] form, 32 output bytes
/// (a pair of output vectors) at a time, one 32-byte window per source shuffled by `vpshufb`
/// (which shuffles each 128-bit lane on its own) and the results or-ed; otherwise 16 bytes at
/// a time, each of the vector's two 16-byte windows loaded and shuffled on its own.
///
/// The second form first loaded a pair of vectors' windows into the two halves of one
/// register (`vinserti128`) and shuffled them in one `vpshufb`: on Zen 1, whose 256-bit
/// operations are two 128-bit µops each, the inserts were pure cost. `u8` `depth_to_space` 2
/// of 16×112×112×12 (AMD EPYC family 23, pinned, best of 30 × 20 calls, this form against the
/// pairs in alternating processes, three times): 184-188 -> 151-154 µs (a `memcpy` of the
/// result 77-99 µs). Not measured on Intel, whose `vpshufb` of 32 bytes is one µop.
///
/// # Safety
/// The CPU has AVX2; for each line of the run (its sources `base` and slots `out`:
/// [`Run::line`]) and `q` in `first..end`, every window of the form that runs is readable: the
/// 16 bytes at `base[source] + q * advance + lo` of each of the program's windows, or where
/// the [`Lanes`] form fits, the 32 bytes at `base[j] + q * advance + lo[i][j]` for each pair
/// `i` and source `j`; and the `period` bytes at `out + q * period` are writable.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn periods_avx2<const N: usize, const K: usize, const T: usize>(
    run: Run<'_, u8>,
    first: usize,
    end: usize,
) {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm_or_si128, _mm_shuffle_epi8, _mm_storeu_si128,
        _mm256_loadu_si256, _mm256_or_si256, _mm256_setzero_si256, _mm256_shuffle_epi8,
        _mm256_storeu_si256,
    };
    let p = const { program(N, K, T) };
    let l = const { lanes(N, K, T) };
    if !l.fits {
        // SAFETY: 16-byte arrays, read unaligned.
        let masks: [[__m128i; 2]; MAX_VECTORS] = std::array::from_fn(|v| {
            std::array::from_fn(|w| unsafe {
                _mm_loadu_si128(p.masks[v][w].as_ptr().cast::<__m128i>())
            })
        });
        for line in 0..run.origins.len() / K {
            let (base, out) = run.line::<K>(line);
            let window = |q: usize, v: usize, w: usize| {
                let win = p.windows[v][w];
                base[win.source.min(K - 1)].wrapping_add(win.lo + q * p.advance)
            };
            for q in first..end {
                for (v, mask) in masks.iter().enumerate().take(p.vectors) {
                    // SAFETY: the windows are readable and bytes 16 * v .. + 16 of period q
                    // writable (the contract); unaligned loads, and a store of initialised bytes
                    // into `MaybeUninit<u8>` slots. A vector of one window has it twice, the
                    // second time under an all-zero mask.
                    unsafe {
                        let a = _mm_loadu_si128(window(q, v, 0).cast::<__m128i>());
                        let b = _mm_loadu_si128(window(q, v, 1).cast::<__m128i>());
                        let x = _mm_or_si128(
                            _mm_shuffle_epi8(a, mask[0]),
                            _mm_shuffle_epi8(b, mask[1]),
                        );
                        _mm_storeu_si128(out.add(q * p.period + 16 * v).cast::<__m128i>(), x);
                    }
                }
            }
        }
        return;
    }
    // Each pair's masks, one 32-byte mask per source.
    let mut masks = [[_mm256_setzero_si256(); MAX_SOURCES]; MAX_VECTORS / 2];
    for (i, pair) in masks.iter_mut().enumerate().take(p.vectors / 2) {
        for (j, mask) in pair.iter_mut().enumerate().take(K) {
            // SAFETY: a 32-byte array, read unaligned.
            *mask = unsafe { _mm256_loadu_si256(l.masks[i][j].as_ptr().cast::<__m256i>()) };
        }
    }
    for line in 0..run.origins.len() / K {
        let (base, out) = run.line::<K>(line);
        for q in first..end {
            for (i, pair) in masks.iter().enumerate().take(p.vectors / 2) {
                let mut acc = _mm256_setzero_si256();
                for (j, &mask) in pair.iter().enumerate().take(K) {
                    let at = base[j].wrapping_add(q * p.advance);
                    // SAFETY: the window is readable (the contract), read unaligned; its `lo` may
                    // be negative, its start is not before `block`.
                    let x = unsafe {
                        _mm256_loadu_si256(at.wrapping_offset(l.lo[i][j]).cast::<__m256i>())
                    };
                    acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(x, mask));
                }
                // SAFETY: writable (the contract): bytes 32 * i .. + 32 of period q; an unaligned
                // store of initialised bytes into `MaybeUninit<u8>` slots.
                unsafe {
                    _mm256_storeu_si256(out.add(q * p.period + 32 * i).cast::<__m256i>(), acc)
                };
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
    fn every_compiled_program_fits() {
        for (n, k, t) in PROGRAMS {
            let p = program(n, k, t);
            assert!(p.fits, "({n}, {k}, {t})");
            assert_eq!(p.period % (n * k), 0);
            assert_eq!(p.period % 32, 0);
            assert_eq!(p.advance, p.period / (n * k) * t);
        }
        // The lanes form: `space_to_depth` 2 of RGB has one (each row's 16 bytes of a pair
        // lie within 32 consecutive bytes, split 16 / 16 by lane); `depth_to_space` 2 does not
        // (a 16-byte vector reads 28 bytes of its one source).
        let s2d = lanes(6, 2, 6);
        assert!(s2d.fits);
        assert_eq!(s2d.lo[..3], [[-6, -10], [8, 8], [26, 22]]);
        assert_eq!(s2d.reach, (-10, 58));
        assert!(!lanes(6, 1, 12).fits);
        // Three windows in a vector: units of 2 bytes from 3 sources.
        assert!(!program(2, 3, 2).fits);
        // Units that overlap (t < n).
        assert!(!program(6, 1, 4).fits);
    }
}
