//! Unit interleaves of 4- and 8-byte primitives (`f32`, `i32`, `f64`, `i64`, ...) by AVX2 blends
//! of two loads: [`super::plan::Kernel::Interleave`] (`space_to_depth`) where each 32-byte
//! output vector holds pieces of at most two units. The copy engine's fifth `unsafe` module,
//! beside the byte gathers of [`super::byte_shuffle`].
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
//! Soundness: [`interleave`] runs only where [`takes`] holds: the CPU has AVX2 (so the
//! `#[target_feature(enable = "avx2")]` function is only called on a CPU that has it), and `A`
//! is a primitive of 4 or 8 bytes ([`super::stream::is_plain`]: every byte initialised, a copy
//! of its bytes a valid value, alignment at least 4), so its slices are slices of `u32` words.
//! Every load is of 8 words inside `block` and every store of 8 words inside the line's
//! slice of `dst` (the periods [`super::gather_lines::drive`] hands the vector loop). Each
//! output element's words come from one source element, in order (units, loads and vectors
//! all start at multiples of the element's words), so every slot ends up a copy of a valid
//! `A`.

use std::mem::MaybeUninit;

use super::gather_lines::{Geometry, avx2, drive, gcd};
use super::stream::is_plain;

/// 32-bit lanes per vector.
const LANES: usize = 8;

/// Output vectors a period may have (`lcm(8, k * n) / 8`).
const MAX_VECTORS: usize = 8;

/// The `(unit words, sources)` pairs with a compiled program: `space_to_depth` 2 of 2, 3 and 6
/// channels of `f32` (units of 4, 6, 12 words) and of 1 and 3 of `f64` (4, 12), and 4 of 1 and
/// 3 `f32` channels. Each fits [`program`]'s limits (checked by a test).
pub(super) const PAIRS: [(usize, usize); 5] = [(4, 2), (4, 4), (6, 2), (12, 2), (12, 4)];

/// The words of one output vector taken from one unit: the 8 source words from `lo` (relative
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
    /// Output vectors per period.
    vectors: usize,
    /// Output words per period: `lcm(8, k * n)`.
    period: usize,
    /// Source words per period: `period / k`.
    advance: usize,
    /// Whether every vector takes at most two pieces and the period at most [`MAX_VECTORS`].
    fits: bool,
    /// Vector `v`'s pieces (one piece: the same twice).
    pieces: [[Piece; 2]; MAX_VECTORS],
    /// Vector `v`'s lanes taken from its second piece: all ones, else zero.
    masks: [[i32; LANES]; MAX_VECTORS],
    /// The lowest `lo` and highest `lo + 8` of any piece.
    reach: (isize, isize),
}

/// The program for `k` sources of units of `n` words: output word `q` of a period is word
/// `r * n + e` of source `j`, where `q = (r * k + j) * n + e`.
const fn program(n: usize, k: usize) -> Program {
    let blank = Piece { source: 0, lo: 0 };
    let round = n * k;
    let period = if round == 0 {
        0
    } else {
        LANES / gcd(LANES, round) * round
    };
    let mut p = Program {
        vectors: period / LANES,
        period,
        advance: match period.checked_div(k) {
            Some(a) => a,
            None => 0,
        },
        fits: round > 0 && period / LANES <= MAX_VECTORS,
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
        while i < LANES {
            let q = LANES * v + i;
            let (r, u) = (q / round, q % round);
            let (j, e) = (u / n, u % n);
            // The load that puts this word in lane i starts i words before it.
            let lo = (r * n + e) as isize - i as isize;
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
            if lo + LANES as isize > p.reach.1 {
                p.reach.1 = lo + LANES as isize;
            }
            w += 1;
        }
        v += 1;
    }
    p
}

/// Whether [`interleave`] copies `planes` sources of units of `unit` elements of `A`, a round
/// every `t`, on this CPU: an interleave (`t == unit`), a primitive of 4 or 8 bytes, a compiled
/// `(words, planes)` pair, and AVX2.
pub(super) fn takes<A>(unit: usize, planes: usize, t: usize) -> bool {
    let size = std::mem::size_of::<A>();
    t == unit
        && (size == 4 || size == 8)
        && is_plain::<A>()
        && PAIRS.contains(&(unit * (size / 4), planes))
        && avx2()
}

/// `dst` as `lines` lines of `rounds` rounds: round `r` of line `l` is unit `r` of each of the
/// line's `k` sources in turn, source `j` of line `l` the units of `unit` elements from
/// `block[origins[l * k + j]..]` (`t`, the step from a unit to the next, is `unit`). Every
/// slot of `dst` is written. `false`, with nothing written, where [`takes`] does not hold.
///
/// Panics (before writing) if a source's units do not all lie in `block`, or `dst` is not
/// `origins.len() / k` lines of whole rounds.
pub(super) fn interleave<A: Clone>(
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
    match (unit * words, k) {
        (4, 2) => lines::<4, 2>(block, &origins, dst),
        (4, 4) => lines::<4, 4>(block, &origins, dst),
        (6, 2) => lines::<6, 2>(block, &origins, dst),
        (12, 2) => lines::<12, 2>(block, &origins, dst),
        (12, 4) => lines::<12, 4>(block, &origins, dst),
        // Not in `PAIRS` (`takes` checked): unreachable.
        _ => return false,
    }
    true
}

/// [`interleave`] in words, for units of `N` words from `K` sources.
fn lines<const N: usize, const K: usize>(
    block: &[u32],
    origins: &[usize],
    dst: &mut [MaybeUninit<u32>],
) {
    let p = const { program(N, K) };
    assert!(p.fits, "a word interleave's program");
    let g = Geometry {
        n: N,
        k: K,
        t: N,
        period: p.period,
        advance: p.advance,
        reach: p.reach,
    };
    drive(block, origins, dst, g, |o, d, first, end| {
        let base: [*const u32; K] =
            std::array::from_fn(|j| block.as_ptr().wrapping_add(o[j.min(o.len() - 1)]));
        // SAFETY: AVX2 (`takes`). Loads: for q in first..end, each piece's 8 words at
        // o[source] + q * advance + lo lie in `block` (`drive`'s promise: lo and lo + 8 are in
        // reach). Stores: words q * period .. + period of the line for q < end, inside `d`
        // (`drive`'s promise: end * period <= d.len()).
        unsafe { periods_avx2::<N, K>(base, d.as_mut_ptr(), first, end) };
    });
}

/// Periods `first..end` of one line: each output vector one load, or two loads blended.
/// Periods are taken a few at a time (at least 6 vectors), all loads before the stores.
///
/// # Safety
/// The CPU has AVX2; for `q` in `first..end` and every piece of the program, the 8 words at
/// `base[source] + q * advance + lo` are readable, and the `period` words at `out + q *
/// period` writable.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn periods_avx2<const N: usize, const K: usize>(
    base: [*const u32; K],
    out: *mut MaybeUninit<u32>,
    first: usize,
    end: usize,
) {
    use std::arch::x86_64::{
        __m256, __m256i, _mm256_blendv_ps, _mm256_castps_si256, _mm256_castsi256_ps,
        _mm256_loadu_si256, _mm256_setzero_ps, _mm256_storeu_si256,
    };
    let p = const { program(N, K) };
    // Periods per pass: enough for 6 vectors.
    const fn passes(vectors: usize) -> usize {
        if vectors == 0 || vectors >= 6 {
            1
        } else {
            6usize.div_ceil(vectors)
        }
    }
    let u = const { passes(program(N, K).vectors) };
    let vector = |q: usize, v: usize| {
        let at = |w: usize| {
            let piece = p.pieces[v][w];
            base[piece.source.min(K - 1)]
                .wrapping_offset(piece.lo)
                .wrapping_add(q * p.advance)
        };
        // SAFETY: 8 readable words at each (the contract), read unaligned. The mask is a
        // constant, so this is `vblendps` with an immediate.
        unsafe {
            let a = _mm256_castsi256_ps(_mm256_loadu_si256(at(0).cast::<__m256i>()));
            let b = _mm256_castsi256_ps(_mm256_loadu_si256(at(1).cast::<__m256i>()));
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
    let mut q = first;
    while q + u <= end {
        let mut acc = [[_mm256_setzero_ps(); MAX_VECTORS]; 6];
        for (h, row) in acc.iter_mut().enumerate().take(u) {
            for (v, x) in row.iter_mut().enumerate().take(p.vectors) {
                *x = vector(q + h, v);
            }
        }
        for (h, row) in acc.iter().enumerate().take(u) {
            for (v, &x) in row.iter().enumerate().take(p.vectors) {
                store(q + h, v, x);
            }
        }
        q += u;
    }
    while q < end {
        for v in 0..p.vectors {
            store(q, v, vector(q, v));
        }
        q += 1;
    }
}

/// Not x86-64: never called ([`takes`] is false without AVX2).
#[cfg(not(target_arch = "x86_64"))]
unsafe fn periods_avx2<const N: usize, const K: usize>(
    _base: [*const u32; K],
    _out: *mut MaybeUninit<u32>,
    _first: usize,
    _end: usize,
) {
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compiled_pair_fits_its_program() {
        for (n, k) in PAIRS {
            let p = program(n, k);
            assert!(p.fits, "({n}, {k})");
            assert_eq!(p.period % (n * k), 0);
            assert_eq!(p.period % LANES, 0);
        }
        // Three pieces in a vector: not a program (units of 2 words from 2 sources).
        assert!(!program(2, 2).fits);
        // More than MAX_VECTORS vectors a period: units of 6 from 3 sources (9).
        assert!(!program(6, 3).fits);
    }
}
