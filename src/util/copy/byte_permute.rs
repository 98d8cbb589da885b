//! Byte gathers by `vpermt2b` (AVX-512 VBMI), for one-byte primitive elements (u8, i8, bool)
//! where the CPU has it: the same gathers as [`super::byte_shuffle`] (`space_to_depth`'s unit
//! interleaves, `depth_to_space`'s planes), 64 output bytes per instruction. The copy engine's
//! seventh `unsafe` module.
//!
//! Why: `pshufb` ([`super::byte_shuffle`], [`super::byte_fixed`]) shuffles within 16-byte lanes,
//! so each 16 output bytes of `depth_to_space`'s planes (6 bytes of every 12) take two windows,
//! two shuffles and an or; `vpermt2b` picks any 64 bytes out of two 64-byte registers, so a
//! 64-byte output vector is two loads, one permute and one store. Measured on a u8 `(16, 112,
//! 112, 12)` `depth_to_space` 2 (AMD EPYC family 26, Zen 5, pinned, best of 30 × 50 calls,
//! glibc's `rep movsb` threshold raised): a `to_vec` of its 2.4 MB 40-41 µs, `byte_fixed`'s
//! program 71 µs (1.75x), a standalone `vpermt2b` prototype with every size fixed at compile
//! time 46-50 µs (1.2x), this module 61-66 µs (1.5-1.6x; criterion 65-66 µs against a 41-43
//! µs `memcpy`). The difference is the per-line work of its 672-byte lines (9 whole vectors
//! and 1.5 more): tried and not kept, the line's windows from its one source's pointer plus
//! constant offsets (spilled registers: 81 µs), a whole program per input row with the index
//! vectors and offsets read from memory (70 µs); a count of vectors read at run time cost 90
//! µs, two divisions per line 80 µs, a masked loop for each line's last 1.5 vectors 77 µs.
//!
//! The gather: output rounds of `k` units of `n` bytes, unit `j` of round `r` being the `n` bytes
//! at `r * t` of source `j`. The output repeats its pattern every `lcm(64, k * n)` bytes (a
//! period), so each 64-byte output vector of a period is, in every period, the same two 64-byte
//! source windows (at offsets that advance by a fixed amount per period) permuted by one fixed
//! index vector. A window starts at the first byte of its vector that the windows before it
//! miss (a greedy cover: the fewest windows); a period whose vectors need more than two windows
//! (units far apart, or more than two sources per vector) has no program here, and the
//! `pshufb` gathers take it.
//!
//! A line's whole periods whose windows all lie inside its sources are plain loads and
//! stores; the rest of the line (a part period, and periods whose windows would pass the end
//! of a source) is vector by vector with masked loads and stores: a masked-off byte is neither
//! read nor written (AVX-512 masked accesses do not touch, and cannot fault on, masked-off
//! bytes), so no window is moved back and no unit is copied on its own.
//!
//! Soundness: a [`Permute`] is only built after [`vbmi`] found the CPU has AVX-512 F, BW and
//! VBMI, so the `#[target_feature]` function is only called on a CPU that has them. Each plain
//! load is of 64 bytes inside its source slice and each plain store of 64 bytes inside the
//! line's slice of the destination (shown at each); each masked access's mask covers only the
//! bytes inside its slice. The element type is reinterpreted as bytes only when it is a
//! one-byte primitive ([`super::stream::is_plain_byte`]: u8, i8, bool), whose every byte is
//! initialised; only bytes of the source's own `A` values are written (every output byte's
//! index points at a byte of its rounds, which the sources hold), so a `bool` slot only ever
//! receives a valid `bool` byte.

use std::mem::MaybeUninit;

use super::byte_shuffle::{as_bytes, lines_of};
use super::gather_lines::gcd;

/// A vector's bytes, and the largest number of vectors a period may have (`lcm(64, k * n) /
/// 64`, 1 KiB of output; counts of 1 to 8 are compiled in, with their index vectors in
/// registers): longer periods (rounds of more than 16 bytes with few factors of 2, such as 27)
/// are left to the other gathers.
const VECTOR: usize = 64;
const MAX_VECTORS: usize = 16;

/// Whether the CPU running this has what `vpermt2b` and the masked byte loads need: AVX-512 F,
/// BW and VBMI (std caches the detection).
pub(super) fn vbmi() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One 64-byte source window of an output vector: source `source` from `lo` (plus the period's
/// advance).
#[derive(Clone, Copy, Debug)]
struct Window {
    source: usize,
    lo: usize,
}

/// One output vector of a period: byte `i` is byte `index[i]` of its first window followed by
/// its second (`0..64` the first, `64..128` the second; one window is given twice).
#[derive(Clone, Copy, Debug)]
struct Vector {
    windows: [Window; 2],
    index: [u8; VECTOR],
}

/// The program of one gather: `out[(r * k + j) * n + e] = sources[j][r * t + e]`.
#[derive(Clone, Debug)]
pub(super) struct Permute {
    k: usize,
    n: usize,
    t: usize,
    /// Output bytes per period: `lcm(64, k * n)`.
    period: usize,
    /// Source bytes from one period's units to the next: `period / (k * n) * t`.
    advance: usize,
    /// The bytes past a period's start in its sources that its windows reach.
    reach: usize,
    vectors: Vec<Vector>,
}

impl Permute {
    /// The gather for `k >= 1` sources of units of `n` bytes, a round every `t >= n` bytes of
    /// each source; `None` when the CPU lacks AVX-512 VBMI ([`vbmi`]) or a period needs more
    /// vectors, or a vector more windows, than this module keeps.
    pub(super) fn new(k: usize, n: usize, t: usize) -> Option<Permute> {
        if !vbmi() || k == 0 || n == 0 || t < n {
            return None;
        }
        let round = k.checked_mul(n)?;
        let period = (VECTOR / gcd(VECTOR, round)).checked_mul(round)?;
        if period / VECTOR > MAX_VECTORS {
            return None;
        }
        let advance = (period / round).checked_mul(t)?;
        // Output byte q of a period comes from source j at offset r * t + e (below `advance`).
        let at = |q: usize| {
            let (r, u) = (q / round, q % round);
            (u / n, r * t + u % n)
        };
        let mut vectors = Vec::with_capacity(period / VECTOR);
        let mut reach = 0;
        for v in 0..period / VECTOR {
            let mut windows: Vec<Window> = Vec::with_capacity(2);
            let mut index = [0u8; VECTOR];
            for j in 0..k {
                // Source j's bytes of this vector, in output order, have growing offsets
                // (rounds, then bytes within a unit: `e < n <= t`).
                let mut current: Option<usize> = None;
                for (i, slot) in index.iter_mut().enumerate() {
                    let (source, offset) = at(VECTOR * v + i);
                    if source != j {
                        continue;
                    }
                    let w = match current {
                        Some(w) if windows.get(w).is_some_and(|x| offset < x.lo + VECTOR) => w,
                        _ => {
                            if windows.len() == 2 {
                                return None;
                            }
                            windows.push(Window { source, lo: offset });
                            windows.len() - 1
                        }
                    };
                    current = Some(w);
                    let lo = windows.get(w)?.lo;
                    *slot = u8::try_from(VECTOR * w + offset - lo).ok()?;
                }
            }
            // Every output byte has a source, so a vector has at least one window.
            let first = *windows.first()?;
            let second = windows.get(1).copied().unwrap_or(first);
            reach = reach.max(first.lo + VECTOR).max(second.lo + VECTOR);
            vectors.push(Vector {
                windows: [first, second],
                index,
            });
        }
        Some(Permute {
            k,
            n,
            t,
            period,
            advance,
            reach,
            vectors,
        })
    }

    /// For each line `l` of `dst` (`sources.len() / k` lines of equal length, line `l`'s sources
    /// `sources[l * k..][..k]`): `out[(r * k + j) * n + e] = sources[j][r * t + e]` for the
    /// line's `len / (k * n)` rounds. Every slot of `dst` is written once (a source too short
    /// for its rounds panics before anything is written): each source needs `(rounds - 1) * t
    /// + n` bytes; bytes past those are read only where a whole window fits. `false`, with
    /// nothing written, where `A` is not a one-byte primitive.
    pub(super) fn run<A: Clone>(&self, sources: &[&[A]], dst: &mut [MaybeUninit<A>]) -> bool {
        as_bytes(sources, dst, |sources, dst| self.run_bytes(sources, dst))
    }

    fn run_bytes(&self, sources: &[&[u8]], dst: &mut [MaybeUninit<u8>]) {
        let Some((line, _)) = lines_of(sources, dst.len(), [self.k, self.n, self.t]) else {
            return;
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY (each call): a `Permute` exists only where the CPU has AVX-512 F, BW and VBMI
        // (`new` checked), the only requirement of these `#[target_feature]` functions; the
        // sources hold every line's rounds (`lines_of` asserted it).
        unsafe {
            // The common periods' vector counts at compile time: the loop over a period's
            // vectors unrolled, its index vectors in registers (u8 `depth_to_space` 2 of RGB,
            // 3 vectors: 90 µs with the count read at run time, against a 41 µs `memcpy`).
            match self.vectors.len() {
                1 => self.lines_vbmi::<1>(sources, dst, line),
                2 => self.lines_vbmi::<2>(sources, dst, line),
                3 => self.lines_vbmi::<3>(sources, dst, line),
                4 => self.lines_vbmi::<4>(sources, dst, line),
                5 => self.lines_vbmi::<5>(sources, dst, line),
                6 => self.lines_vbmi::<6>(sources, dst, line),
                7 => self.lines_vbmi::<7>(sources, dst, line),
                8 => self.lines_vbmi::<8>(sources, dst, line),
                _ => self.lines_vbmi::<MAX_VECTORS>(sources, dst, line),
            }
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (sources, dst, line);
    }

    /// Every line of `dst` (`line` bytes, whole rounds; each source holding its rounds' units):
    /// the whole periods whose windows lie in every source of the line by plain loads, the
    /// rest by masked ones. `V` is the period's vector count, or [`MAX_VECTORS`] for a count
    /// read at run time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn lines_vbmi<const V: usize>(
        &self,
        sources: &[&[u8]],
        dst: &mut [MaybeUninit<u8>],
        line: usize,
    ) {
        use std::arch::x86_64::{
            __m512i, _mm512_loadu_si512, _mm512_mask_storeu_epi8, _mm512_maskz_loadu_epi8,
            _mm512_permutex2var_epi8, _mm512_setzero_si512, _mm512_storeu_si512,
        };
        let count = self.vectors.len();
        if count == 0 || count > V || (V < MAX_VECTORS && count != V) {
            return; // never: `run_bytes` matches `V` to the count, `new` keeps it in 1..=16
        }
        let count = if V < MAX_VECTORS { V } else { count };
        let mut index = [_mm512_setzero_si512(); V];
        for (x, v) in index.iter_mut().zip(&self.vectors) {
            // SAFETY: a 64-byte array, read unaligned.
            *x = unsafe { _mm512_loadu_si512(v.index.as_ptr().cast()) };
        }
        // The windows in locals (read from `self` in every line, they were reloaded there).
        let mut plan = [[Window { source: 0, lo: 0 }; 2]; V];
        for (w, v) in plan.iter_mut().zip(&self.vectors) {
            *w = v.windows;
        }
        // The line's whole periods, and how far their windows reach in each source.
        let all = line / self.period;
        let all_reach = all.saturating_sub(1) * self.advance + self.reach;
        // The vectors after them (vectors 0..tail of period `all`, the last one cut short), the
        // same in every line: where a line's sources hold all their windows, plain loads and
        // one store mask per vector (a per-vector masked loop over 1.5 vectors per 672-byte
        // line cost u8 `depth_to_space` half as much again as its 9 whole vectors).
        let rest = line - all * self.period;
        let tail = rest.div_ceil(VECTOR).min(count);
        let mut store = [0u64; V];
        let mut tail_reach = 0;
        for (t, (mask, v)) in store.iter_mut().zip(&self.vectors).take(tail).enumerate() {
            *mask = low_bytes(rest - VECTOR * t);
            for w in v.windows {
                tail_reach = tail_reach.max(all * self.advance + w.lo + VECTOR);
            }
        }
        for (sources, out) in sources.chunks_exact(self.k).zip(dst.chunks_exact_mut(line)) {
            let shortest = sources.iter().map(|s| s.len()).min().unwrap_or(0);
            // Periods 0..whole: every window inside every source of the line, every store
            // inside the line. Divided only where a source ends before the line's last whole
            // period's windows (two divisions per line cost u8 `depth_to_space` a third more).
            let whole = if shortest >= all_reach {
                all
            } else if shortest >= self.reach {
                ((shortest - self.reach) / self.advance + 1).min(all)
            } else {
                0
            };
            // A window's first byte in this line (`wrapping_add`: only an address until the
            // bounds below are met).
            let start = |w: Window| {
                sources
                    .get(w.source)
                    .map_or(std::ptr::null(), |s| s.as_ptr().wrapping_add(w.lo))
            };
            let windows = plan.map(|v| v.map(start));
            let to = out.as_mut_ptr().cast::<u8>();
            for p in 0..whole {
                let from = p * self.advance;
                for v in 0..count {
                    // SAFETY: p < whole, so each window's bytes `lo + from .. + 64` end by
                    // `(whole - 1) * advance + reach <= shortest`: inside its source. The store's
                    // bytes `p * period + 64 * v .. + 64` end by `whole * period <= line`.
                    unsafe {
                        let a = _mm512_loadu_si512(windows[v][0].add(from).cast::<__m512i>());
                        let b = _mm512_loadu_si512(windows[v][1].add(from).cast::<__m512i>());
                        let x = _mm512_permutex2var_epi8(a, index[v], b);
                        _mm512_storeu_si512(to.add(p * self.period + VECTOR * v).cast(), x);
                    }
                }
            }
            if whole == all && shortest >= tail_reach {
                let from = all * self.advance;
                let at = all * self.period;
                for t in 0..tail {
                    // SAFETY: each window's bytes `lo + from .. + 64` end by `tail_reach <=
                    // shortest`: inside its source. The store writes the bytes of
                    // `at + 64 * t ..` that `store[t]` selects, the first `rest - 64 * t` (at
                    // most 64): those before `at + rest == line`; the others are masked off and
                    // not written.
                    unsafe {
                        let a = _mm512_loadu_si512(windows[t][0].add(from).cast::<__m512i>());
                        let b = _mm512_loadu_si512(windows[t][1].add(from).cast::<__m512i>());
                        let x = _mm512_permutex2var_epi8(a, index[t], b);
                        _mm512_mask_storeu_epi8(to.add(at + VECTOR * t).cast(), store[t], x);
                    }
                }
                continue;
            }
            // The rest, vector by vector: each load masked to the bytes inside its source
            // (the bytes its vector takes are all there: they are the line's rounds), the
            // store to the bytes inside the line.
            let mut g = whole * count;
            while VECTOR * g < line {
                let (p, v) = (g / count, g % count);
                let vector = &self.vectors[v];
                let load = |w: Window| {
                    let source = sources.get(w.source).copied().unwrap_or(&[]);
                    let at = p * self.advance + w.lo;
                    let mask = low_bytes(source.len().saturating_sub(at));
                    // SAFETY: only the bytes `at .. source.len()` (at most 64) are read: the
                    // others are masked off, and a masked-off byte is not accessed.
                    unsafe {
                        _mm512_maskz_loadu_epi8(mask, source.as_ptr().wrapping_add(at).cast())
                    }
                };
                let x = _mm512_permutex2var_epi8(
                    load(vector.windows[0]),
                    index[v],
                    load(vector.windows[1]),
                );
                let mask = low_bytes(line - VECTOR * g);
                // SAFETY: the bytes `64 * g .. line` (at most 64) of the line's slice; the
                // others are masked off and not written.
                unsafe { _mm512_mask_storeu_epi8(to.add(VECTOR * g).cast(), mask, x) };
                g += 1;
            }
        }
    }
}

/// The mask of the first `bytes` bytes of a 64-byte vector (all of it from 64).
fn low_bytes(bytes: usize) -> u64 {
    if bytes >= VECTOR {
        u64::MAX
    } else {
        (1u64 << bytes) - 1
    }
}
