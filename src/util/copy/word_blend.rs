//! Unit gathers of 4- and 8-byte primitives (`f32`, `i32`, `f64`, `i64`, ...) by AVX2 blends
//! of two loads: [`super::plan::Kernel::Interleave`] (`space_to_depth`) where each 32-byte
//! output vector holds pieces of at most two units, and [`super::plan::Kernel::Deinterleave`]
//! (`depth_to_space`) of 3-word units, whose 16-byte vectors do. The copy engine's fifth
//! `unsafe` module, beside the byte gathers of [`super::byte_shuffle`].
//!
//! Why: the safe unit loop ([`super::units::interleave`]) moves an RGB `f32` block row (6
//! floats, 24 bytes) as a 16- and an 8-byte move: 16 stores per 192 output bytes. Here each
//! 32-byte output vector is one store: the vector's lanes from one unit are one unaligned load
//! of that unit's source placed so its lanes land where they go (the load starts before or
//! runs past the piece, reading neighbouring source words that the blend drops), and the
//! lanes of the second unit another such load, merged by a blend whose mask is a compile-time
//! constant (`vblendps` with an immediate). An RGB `f32` `space_to_depth` 2 is 12 loads, 6
//! blends and 6 stores per 192 bytes. The program (which source and offset each load reads,
//! which lanes each blend takes) depends only on the unit length and the number of sources, so
//! it is computed at compile time for each instantiated pair (`const` [`program`]): the
//! offsets become address displacements, the masks immediates.
//!
//! Measured (AMD EPYC, 2 cores, pinned; `f32` 16×224×224×3 `space_to_depth` 2, 9.6 MB):
//! - with source and result in L2 (1×32×224×3), best of 30 × 100 calls: a `memcpy` of the
//!   bytes 1.83-2.00 us, the safe unit loop 1.16-1.26x that, this kernel 1.06-1.14x;
//! - the whole batch into a pre-touched result at 8 offsets modulo 4 KiB from the source,
//!   best of 15: unit loop 1.14-1.41x the `memcpy`, this kernel 1.07-1.31x.
//!
//! Without compile-time programs (offsets and masks read from a table at run time, `vblendvps`)
//! the same loop ran at 1.44-1.55x in L2: the six load addresses did not stay in registers.
//!
//! Units of 3 words (a single-channel `f32` `depth_to_space` 3: ESPCN's super-resolution
//! output) put pieces of three units in a 32-byte vector, so they go 16 bytes at a time
//! ([`periods_narrow`]): 4 units, 48 bytes, are 3 stores of two loads blended each, where the
//! unit loop ([`super::raw`]'s overlapping 16-byte moves) made 4 overlapping stores, some
//! across a cache line. `f32` 8×100×100×9 through the engine (AMD EPYC family 23, pinned,
//! best of 30 × 10 calls, the unit loop against this in alternating processes, three times):
//! 228-282 -> 217-239 µs (a `memcpy` of the result 147-186 µs in the same runs: 1.44-1.75x ->
//! 1.24-1.53x); one image, in L2, 26-28 -> 19-23 µs (a `memcpy` 10.5-12.8). Both with
//! [`drive`]'s runs of lines.
//!
//! Soundness: [`gather`] runs only where [`takes`] holds: the CPU has AVX2 (so the
//! `#[target_feature(enable = "avx2")]` function is only called on a CPU that has it), and `A`
//! is a primitive of 4 or 8 bytes ([`super::stream::is_plain`]: every byte initialised, a copy
//! of its bytes a valid value, alignment at least 4), so its slices are slices of `u32` words.
//! Every load is of a vector's 8 (or 4) words inside `block` and every store of as many
//! inside the line's slice of `dst` (the periods [`super::gather_lines::drive`] hands the vector loop). Each
//! output element's words come from one source element, in order (units, loads and vectors
//! all start at multiples of the element's words), so every slot ends up a copy of a valid
//! `A`.

use std::mem::MaybeUninit;

use super::gather_lines::{Geometry, Run, avx2, drive, gcd, source_of};
use super::stream::is_plain;

/// 32-bit lanes per 32-byte vector (a 16-byte one has half).
const LANES: usize = 8;

/// Output vectors a period may have (`lcm(lanes, k * n) / lanes`).
const MAX_VECTORS: usize = 8;

/// The `(unit words, sources, step words)` with a compiled program: `space_to_depth` 2 of 2,
/// 3 and 6 channels of `f32` (units of 4, 6, 12 words, a step of one unit) and of 1 and 3 of
/// `f64` (4, 12), and 4 of 1 and 3 `f32` channels; `depth_to_space` 3 of one `f32` channel
/// (one source, units of 3 words every 9). Each fits [`program`]'s limits in 32-byte vectors
/// or, failing that, in 16-byte ones (checked by a test).
pub(super) const PROGRAMS: [(usize, usize, usize); 6] = [
    (4, 2, 4),
    (4, 4, 4),
    (6, 2, 6),
    (12, 2, 12),
    (12, 4, 12),
    (3, 1, 9),
];

/// The words of one output vector taken from one unit: the vector's source words from `lo` (relative
/// to the period's start in source `source`; may be negative: words before the unit's,
/// dropped by the blend).
#[derive(Clone, Copy)]
struct Piece {
    source: usize,
    lo: isize,
}

/// How the output vectors of one period are made from `k` sources of units of `n` words.
#[derive(Clone, Copy)]
struct Program {
    /// Words per vector: 8 (32 bytes) or 4.
    lanes: usize,
    /// Output vectors per period.
    vectors: usize,
    /// Output words per period: `lcm(lanes, k * n)`.
    period: usize,
    /// Source words per period: `t` per round.
    advance: usize,
    /// Whether every vector takes at most two pieces and the period at most [`MAX_VECTORS`].
    fits: bool,
    /// Vector `v`'s pieces (one piece: the same twice).
    pieces: [[Piece; 2]; MAX_VECTORS],
    /// Vector `v`'s lanes taken from its second piece: all ones, else zero (the first
    /// `lanes`).
    masks: [[i32; LANES]; MAX_VECTORS],
    /// The lowest `lo` and highest `lo + lanes` of any piece.
    reach: (isize, isize),
}

/// The program for `k` sources of units of `n` words, a round every `t`, in 32-byte vectors
/// where it fits, else in 16-byte ones (whose vectors hold pieces of fewer units).
const fn program(n: usize, k: usize, t: usize) -> Program {
    let wide = program_in(n, k, t, LANES);
    if wide.fits {
        wide
    } else {
        program_in(n, k, t, LANES / 2)
    }
}

/// The program in vectors of `lanes` words: output word `q` of a period is word `r * t + e`
/// of source `j`, where `q = (r * k + j) * n + e`.
const fn program_in(n: usize, k: usize, t: usize, lanes: usize) -> Program {
    let blank = Piece { source: 0, lo: 0 };
    let round = n * k;
    let period = if round == 0 {
        0
    } else {
        lanes / gcd(lanes, round) * round
    };
    let mut p = Program {
        lanes,
        vectors: period / lanes,
        period,
        advance: match period.checked_div(round) {
            Some(rounds) => rounds * t,
            None => 0,
        },
        fits: round > 0 && t >= n && period / lanes <= MAX_VECTORS,
        pieces: [[blank; 2]; MAX_VECTORS],
        masks: [[0; LANES]; MAX_VECTORS],
        reach: (0, 0),
    };
    if !p.fits {
        return p;
    }
    let mut v = 0;
    while v < p.vectors {
        let mut count = 0;
        let mut i = 0;
        while i < lanes {
            let (j, at) = source_of(n, round, t, lanes * v + i);
            // The load that puts this word in lane i starts i words before it.
            let lo = at as isize - i as isize;
            let mut which = count;
            let mut w = 0;
            while w < count {
                if p.pieces[v][w].source == j && p.pieces[v][w].lo == lo {
                    which = w;
                }
                w += 1;
            }
            if which == count {
                if count == 2 {
                    p.fits = false;
                    return p;
                }
                p.pieces[v][count] = Piece { source: j, lo };
                count += 1;
            }
            if which == 1 {
                p.masks[v][i] = -1;
            }
            i += 1;
        }
        if count == 1 {
            p.pieces[v][1] = p.pieces[v][0];
        }
        let mut w = 0;
        while w < 2 {
            let lo = p.pieces[v][w].lo;
            if lo < p.reach.0 {
                p.reach.0 = lo;
            }
            if lo + lanes as isize > p.reach.1 {
                p.reach.1 = lo + lanes as isize;
            }
            w += 1;
        }
        v += 1;
    }
    p
}

/// Whether [`gather`] copies `k` sources of units of `unit` elements of `A`, a round every `t`
/// elements, on this CPU: a primitive of 4 or 8 bytes, a compiled program for its words, and
/// AVX2.
pub(super) fn takes<A>(unit: usize, k: usize, t: usize) -> bool {
    let size = std::mem::size_of::<A>();
    let words = size / 4;
    (size == 4 || size == 8)
        && is_plain::<A>()
        && PROGRAMS.contains(&(unit * words, k, t * words))
        && avx2()
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
    let words = std::mem::size_of::<A>() / 4;
    // SAFETY: `A` is a primitive of 4 or 8 bytes (`takes`): every byte initialised, alignment
    // at least 4 (u32's), no padding; so its slice is the same memory as a slice of `words`
    // times as many initialised `u32`, borrowed for the same lifetime.
    let block =
        unsafe { std::slice::from_raw_parts(block.as_ptr().cast::<u32>(), block.len() * words) };
    // SAFETY: `MaybeUninit<A>` has `A`'s size and alignment (at least 4), so `dst` is
    // `words * dst.len()` slots of `MaybeUninit<u32>`; the reborrow replaces `dst` for its
    // lifetime. Only words copied from `A` values are written through it, element by element
    // whole (module doc), so every slot ends up a valid `A`.
    let dst = unsafe {
        std::slice::from_raw_parts_mut(
            dst.as_mut_ptr().cast::<MaybeUninit<u32>>(),
            dst.len() * words,
        )
    };
    // In words: the same offsets for 4-byte types (no copy), doubled for 8-byte ones.
    let origins: std::borrow::Cow<'_, [usize]> = match words {
        1 => origins.into(),
        _ => origins.iter().map(|&o| o * words).collect(),
    };
    match (unit * words, k, t * words) {
        (4, 2, 4) => lines::<4, 2, 4>(block, &origins, dst),
        (4, 4, 4) => lines::<4, 4, 4>(block, &origins, dst),
        (6, 2, 6) => lines::<6, 2, 6>(block, &origins, dst),
        (12, 2, 12) => lines::<12, 2, 12>(block, &origins, dst),
        (12, 4, 12) => lines::<12, 4, 12>(block, &origins, dst),
        (3, 1, 9) => lines::<3, 1, 9>(block, &origins, dst),
        // Not in `PROGRAMS` (`takes` checked): unreachable.
        _ => return false,
    }
    true
}

/// [`gather`] in words, for units of `N` words from `K` sources, a round every `T`.
fn lines<const N: usize, const K: usize, const T: usize>(
    block: &[u32],
    origins: &[usize],
    dst: &mut [MaybeUninit<u32>],
) {
    let p = const { program(N, K, T) };
    assert!(p.fits, "a word gather's program");
    let g = Geometry {
        n: N,
        k: K,
        t: T,
        period: p.period,
        advance: p.advance,
        reach: p.reach,
    };
    drive(block, origins, dst, g, |o, d, first, end| {
        let run = Run::new(block, o, d, K);
        // SAFETY: AVX2 (`takes`). Loads: for q in first..end, each piece's `lanes` words at
        // o[l * K + source] + q * advance + lo lie in `block` (`drive`'s promise: lo and
        // lo + lanes are in reach). Stores: words q * period .. + period of line l for
        // q < end, inside `d` (`drive`'s promise: `d` is whole lines, end * period <= line).
        unsafe {
            if p.lanes == LANES {
                periods_wide::<N, K, T>(run, first, end)
            } else {
                periods_narrow::<N, K, T>(run, first, end)
            }
        };
    });
}

/// Periods `first..end`, a few at a time (at least 6 vectors), all loads before the stores:
/// `vector(q, v)` makes output vector `v` of period `q`, `store(q, v, x)` writes it. Inlined
/// into the vector loops, whose closures hold the intrinsics.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn each_pass<V: Copy>(
    [first, end, vectors]: [usize; 3],
    zero: V,
    vector: impl Fn(usize, usize) -> V,
    store: impl Fn(usize, usize, V),
) {
    // Periods per pass: enough for 6 vectors.
    let u = if vectors == 0 || vectors >= 6 {
        1
    } else {
        6usize.div_ceil(vectors)
    };
    let mut q = first;
    while q + u <= end {
        let mut acc = [[zero; MAX_VECTORS]; 6];
        for (h, row) in acc.iter_mut().enumerate().take(u) {
            for (v, x) in row.iter_mut().enumerate().take(vectors) {
                *x = vector(q + h, v);
            }
        }
        for (h, row) in acc.iter().enumerate().take(u) {
            for (v, &x) in row.iter().enumerate().take(vectors) {
                store(q + h, v, x);
            }
        }
        q += u;
    }
    while q < end {
        for v in 0..vectors {
            store(q, v, vector(q, v));
        }
        q += 1;
    }
}

/// The address of piece `w` of vector `v` in period `q`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn piece_at<const K: usize>(
    p: &Program,
    base: [*const u32; K],
    [q, v, w]: [usize; 3],
) -> *const u32 {
    let piece = p.pieces[v][w];
    base[piece.source.min(K - 1)]
        .wrapping_offset(piece.lo)
        .wrapping_add(q * p.advance)
}

/// Periods `first..end` of each line of a run in 32-byte vectors: each output vector one load,
/// or two loads blended.
///
/// # Safety
/// The CPU has AVX2; for each line (its sources `base` and slots `out`: [`Run::line`]), `q`
/// in `first..end` and every piece of the program, the 8 words at `base[source] + q *
/// advance + lo` are readable, and the `period` words at `out + q * period` writable.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn periods_wide<const N: usize, const K: usize, const T: usize>(
    run: Run<'_, u32>,
    first: usize,
    end: usize,
) {
    use std::arch::x86_64::{
        __m256, __m256i, _mm256_blendv_ps, _mm256_castps_si256, _mm256_castsi256_ps,
        _mm256_loadu_si256, _mm256_setzero_ps, _mm256_storeu_si256,
    };
    let p = const { program(N, K, T) };
    for l in 0..run.origins.len() / K {
        let (base, out) = run.line::<K>(l);
        let vector = |q: usize, v: usize| {
            // SAFETY: 8 readable words at each (the contract), read unaligned. The mask is a
            // constant, so this is `vblendps` with an immediate.
            unsafe {
                let at = |w| piece_at(&p, base, [q, v, w]).cast::<__m256i>();
                let a = _mm256_castsi256_ps(_mm256_loadu_si256(at(0)));
                let b = _mm256_castsi256_ps(_mm256_loadu_si256(at(1)));
                let mask = _mm256_castsi256_ps(_mm256_loadu_si256(p.masks[v].as_ptr().cast()));
                _mm256_blendv_ps(a, b, mask)
            }
        };
        let store = |q: usize, v: usize, x: __m256| {
            // SAFETY: writable (the contract): word v * 8 .. + 8 of period q; an unaligned store of
            // initialised words into `MaybeUninit<u32>` slots.
            unsafe {
                _mm256_storeu_si256(
                    out.add(q * p.period + LANES * v).cast::<__m256i>(),
                    _mm256_castps_si256(x),
                )
            }
        };
        each_pass([first, end, p.vectors], _mm256_setzero_ps(), vector, store);
    }
}

/// [`periods_wide`] in 16-byte vectors, for the programs that do not fit 32-byte ones.
///
/// # Safety
/// As for [`periods_wide`], with 4 words readable at each piece.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn periods_narrow<const N: usize, const K: usize, const T: usize>(
    run: Run<'_, u32>,
    first: usize,
    end: usize,
) {
    use std::arch::x86_64::{
        __m128, __m128i, _mm_blendv_ps, _mm_castps_si128, _mm_castsi128_ps, _mm_loadu_si128,
        _mm_setzero_ps, _mm_storeu_si128,
    };
    let p = const { program(N, K, T) };
    for l in 0..run.origins.len() / K {
        let (base, out) = run.line::<K>(l);
        let vector = |q: usize, v: usize| {
            // SAFETY: 4 readable words at each (the contract), read unaligned; the mask's first 4
            // lanes, a constant (`vblendps` with an immediate).
            unsafe {
                let at = |w| piece_at(&p, base, [q, v, w]).cast::<__m128i>();
                let a = _mm_castsi128_ps(_mm_loadu_si128(at(0)));
                let b = _mm_castsi128_ps(_mm_loadu_si128(at(1)));
                let mask = _mm_castsi128_ps(_mm_loadu_si128(p.masks[v].as_ptr().cast()));
                _mm_blendv_ps(a, b, mask)
            }
        };
        let store = |q: usize, v: usize, x: __m128| {
            // SAFETY: writable (the contract): word v * 4 .. + 4 of period q; an unaligned store of
            // initialised words into `MaybeUninit<u32>` slots.
            unsafe {
                _mm_storeu_si128(
                    out.add(q * p.period + LANES / 2 * v).cast::<__m128i>(),
                    _mm_castps_si128(x),
                )
            }
        };
        each_pass([first, end, p.vectors], _mm_setzero_ps(), vector, store);
    }
}

/// Not x86-64: never called ([`takes`] is false without AVX2).
#[cfg(not(target_arch = "x86_64"))]
unsafe fn periods_wide<const N: usize, const K: usize, const T: usize>(
    _run: Run<'_, u32>,
    _first: usize,
    _end: usize,
) {
}

/// Not x86-64: never called ([`takes`] is false without AVX2).
#[cfg(not(target_arch = "x86_64"))]
unsafe fn periods_narrow<const N: usize, const K: usize, const T: usize>(
    _run: Run<'_, u32>,
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
            assert_eq!(p.period % p.lanes, 0);
            assert_eq!(p.advance, p.period / (n * k) * t);
        }
        // The interleaves fill 32-byte vectors; 3-word units every 9 do not (a vector would
        // hold pieces of three units), so 16-byte ones: 4 units in 3 vectors, each the unit's
        // load blended with the next one's, no load reaching past the last unit.
        assert_eq!(program(4, 2, 4).lanes, 8);
        let d2s3 = program(3, 1, 9);
        assert!(!program_in(3, 1, 9, 8).fits);
        assert_eq!((d2s3.lanes, d2s3.vectors, d2s3.advance), (4, 3, 36));
        let los: Vec<[isize; 2]> = (0..3).map(|v| d2s3.pieces[v].map(|p| p.lo)).collect();
        assert_eq!(los, [[0, 6], [10, 16], [20, 26]]);
        assert_eq!(d2s3.masks[0][..4], [0, 0, 0, -1]);
        assert_eq!(d2s3.masks[2][..4], [0, -1, -1, -1]);
        assert_eq!(d2s3.reach, (0, 30));
        // Three pieces in a 32-byte vector (units of 2 words from 2 sources): 16-byte ones,
        // which hold one round each.
        assert!(!program_in(2, 2, 2, 8).fits);
        assert_eq!(program(2, 2, 2).lanes, 4);
        // More than MAX_VECTORS vectors a period: units of 6 from 3 sources (9).
        assert!(!program(6, 3, 6).fits);
        // A step shorter than a unit: units would overlap.
        assert!(!program(3, 1, 2).fits);
    }
}
