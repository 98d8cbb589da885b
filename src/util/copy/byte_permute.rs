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
//! index vector. A window starts at the first byte of its source that the windows before it
//! miss (a greedy cover: the fewest windows). Where some vector needs three or four windows
//! (three or four sources per vector, or units far apart), and units are under 8 bytes, every
//! vector is two permutes of two windows each, blended by a fixed byte mask: u8 block 3 of one
//! channel (8 images of 222×222 pixels), `space_to_depth` 76 -> 23 µs and `depth_to_space` 63
//! -> 22 µs; two channels 60 -> 35 and 91 -> 32 µs; block 4 of one channel 26 -> 12 and 25 ->
//! 18 µs (pinned, best of 10 × 10 calls; a `memcpy` of the 394 KB is 4 µs, in L2). Wider units
//! took longer by two permutes than by the moves, and periods needing more still are left to
//! the `pshufb` gathers and the moves.
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

/// The most source windows an output vector may take: two permutes of two windows each,
/// blended by a byte mask. A program whose vectors all take at most two runs one permute per
/// vector ([`Permute::four`] false).
const MAX_WINDOWS: usize = 4;

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

/// One output vector of a period: byte `i` is byte `index[0][i]` of its first window followed
/// by its second (`0..64` the first, `64..128` the second), or, where bit `i` of `blend` is
/// set, byte `index[1][i]` of its third window followed by its fourth. Windows a vector does
/// not need repeat one it does.
#[derive(Clone, Copy, Debug)]
struct Vector {
    windows: [Window; MAX_WINDOWS],
    index: [[u8; VECTOR]; 2],
    blend: u64,
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
    /// Whether some vector takes more than two windows (two permutes and a blend per vector).
    four: bool,
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
        let mut vectors = Vec::with_capacity(period / VECTOR);
        let mut reach = 0;
        let mut four = false;
        // Output byte `(r * k + j) * n + e` of a period comes from source j at offset
        // `r * t + e` (below `advance`): counted up byte by byte (divisions per byte made
        // `new` a fifth of a u8 `space_to_depth` 3 of one channel).
        let (mut r, mut j, mut e) = (0, 0, 0);
        // Each source's window in the vector so far.
        let mut current: Vec<Option<usize>> = vec![None; k];
        for _ in 0..period / VECTOR {
            let mut windows: Vec<Window> = Vec::with_capacity(MAX_WINDOWS);
            let [mut first, mut second] = [[0u8; VECTOR]; 2];
            let mut blend = 0u64;
            current.fill(None);
            for (i, (first, second)) in first.iter_mut().zip(&mut second).enumerate() {
                let (source, offset) = (j, r * t + e);
                (e, j, r) = match (e + 1 == n, j + 1 == k) {
                    (false, _) => (e + 1, j, r),
                    (true, false) => (0, j + 1, r),
                    (true, true) => (0, 0, r + 1),
                };
                // A source's bytes in a vector, in output order, have growing offsets
                // (rounds, then bytes within a unit: `e < n <= t`). Each window starts at the
                // first byte of its source the windows before it miss (a greedy cover).
                let slot = current.get_mut(source)?;
                let w = match *slot {
                    Some(w) if windows.get(w).is_some_and(|x| offset < x.lo + VECTOR) => w,
                    _ => {
                        if windows.len() == MAX_WINDOWS {
                            return None;
                        }
                        windows.push(Window { source, lo: offset });
                        windows.len() - 1
                    }
                };
                *slot = Some(w);
                let lo = windows.get(w)?.lo;
                // Windows 0 and 1 are the first permute's, 2 and 3 the second's.
                let pick = u8::try_from(VECTOR * (w % 2) + offset - lo).ok()?;
                if w < 2 {
                    *first = pick;
                } else {
                    *second = pick;
                    blend |= 1 << i;
                }
            }
            // More than two windows only for units under 8 bytes, which the fixed-size moves
            // copy in pieces: wider ones were slower by two permutes than by moves (u8
            // `space_to_depth` 3 of 8×222×222×8: 87 -> 121 µs; 4 of four channels 35 -> 52).
            if windows.len() > 2 && n >= 8 {
                return None;
            }
            four |= windows.len() > 2;
            // Every output byte has a source, so a vector has at least one window; the
            // windows it lacks repeat its last (read, and not taken).
            let last = *windows.last()?;
            windows.resize(MAX_WINDOWS, last);
            for w in &windows {
                reach = reach.max(w.lo + VECTOR);
            }
            let windows: [Window; MAX_WINDOWS] = windows.try_into().ok()?;
            vectors.push(Vector {
                windows,
                index: [first, second],
                blend,
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
            four,
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
            match (self.vectors.len(), self.four) {
                (1, false) => self.lines_vbmi::<1, false>(sources, dst, line),
                (2, false) => self.lines_vbmi::<2, false>(sources, dst, line),
                (3, false) => self.lines_vbmi::<3, false>(sources, dst, line),
                (4, false) => self.lines_vbmi::<4, false>(sources, dst, line),
                (5, false) => self.lines_vbmi::<5, false>(sources, dst, line),
                (6, false) => self.lines_vbmi::<6, false>(sources, dst, line),
                (7, false) => self.lines_vbmi::<7, false>(sources, dst, line),
                (8, false) => self.lines_vbmi::<8, false>(sources, dst, line),
                (_, false) => self.lines_vbmi::<MAX_VECTORS, false>(sources, dst, line),
                // Four windows: the counts of one, two and three sources of one-, two- and
                // three-byte units (block 3 of one channel: 3 and 9 vectors).
                (1, true) => self.lines_vbmi::<1, true>(sources, dst, line),
                (2, true) => self.lines_vbmi::<2, true>(sources, dst, line),
                (3, true) => self.lines_vbmi::<3, true>(sources, dst, line),
                (4, true) => self.lines_vbmi::<4, true>(sources, dst, line),
                (6, true) => self.lines_vbmi::<6, true>(sources, dst, line),
                (9, true) => self.lines_vbmi::<9, true>(sources, dst, line),
                (_, true) => self.lines_vbmi::<MAX_VECTORS, true>(sources, dst, line),
            }
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (sources, dst, line);
    }

    /// Every line of `dst` (`line` bytes, whole rounds; each source holding its rounds' units):
    /// the whole periods whose windows lie in every source of the line by plain loads, the
    /// rest by masked ones. `V` is the period's vector count, or [`MAX_VECTORS`] for a count
    /// read at run time; `FOUR` is [`Permute::four`] (two permutes and a blend per vector).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn lines_vbmi<const V: usize, const FOUR: bool>(
        &self,
        sources: &[&[u8]],
        dst: &mut [MaybeUninit<u8>],
        line: usize,
    ) {
        use std::arch::x86_64::{
            _mm512_loadu_si512, _mm512_mask_blend_epi8, _mm512_mask_storeu_epi8,
            _mm512_maskz_loadu_epi8, _mm512_permutex2var_epi8, _mm512_setzero_si512,
            _mm512_storeu_si512,
        };
        let count = self.vectors.len();
        if count == 0 || count > V || (V < MAX_VECTORS && count != V) || FOUR != self.four {
            return; // never: `run_bytes` matches `V` to the count, `new` keeps it in 1..=16
        }
        let count = if V < MAX_VECTORS { V } else { count };
        let mut index = [[_mm512_setzero_si512(); 2]; V];
        let mut blend = [0u64; V];
        for ((x, b), v) in index.iter_mut().zip(&mut blend).zip(&self.vectors) {
            // SAFETY: 64-byte arrays, read unaligned.
            x[0] = unsafe { _mm512_loadu_si512(v.index[0].as_ptr().cast()) };
            if FOUR {
                x[1] = unsafe { _mm512_loadu_si512(v.index[1].as_ptr().cast()) };
            }
            *b = v.blend;
        }
        // The windows in locals (read from `self` in every line, they were reloaded there).
        let mut plan = [[Window { source: 0, lo: 0 }; MAX_WINDOWS]; V];
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
            for w in &v.windows[..if FOUR { 4 } else { 2 }] {
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
                for (v, w) in windows.iter().enumerate().take(count) {
                    // SAFETY: p < whole, so each window's bytes `lo + from .. + 64` end by
                    // `(whole - 1) * advance + reach <= shortest`: inside its source. The store's
                    // bytes `p * period + 64 * v .. + 64` end by `whole * period <= line`.
                    unsafe {
                        let x = permuted::<FOUR>(w, from, &index[v], blend[v]);
                        _mm512_storeu_si512(to.add(p * self.period + VECTOR * v).cast(), x);
                    }
                }
            }
            if whole == all && shortest >= tail_reach {
                let from = all * self.advance;
                let at = all * self.period;
                for (t, w) in windows.iter().enumerate().take(tail) {
                    // SAFETY: each window's bytes `lo + from .. + 64` end by `tail_reach <=
                    // shortest`: inside its source. The store writes the bytes of
                    // `at + 64 * t ..` that `store[t]` selects, the first `rest - 64 * t` (at
                    // most 64): those before `at + rest == line`; the others are masked off and
                    // not written.
                    unsafe {
                        let x = permuted::<FOUR>(w, from, &index[t], blend[t]);
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
                let w = &self.vectors[v].windows;
                let mut x = _mm512_permutex2var_epi8(load(w[0]), index[v][0], load(w[1]));
                if FOUR {
                    let y = _mm512_permutex2var_epi8(load(w[2]), index[v][1], load(w[3]));
                    x = _mm512_mask_blend_epi8(blend[v], x, y);
                }
                let mask = low_bytes(line - VECTOR * g);
                // SAFETY: the bytes `64 * g .. line` (at most 64) of the line's slice; the
                // others are masked off and not written.
                unsafe { _mm512_mask_storeu_epi8(to.add(VECTOR * g).cast(), mask, x) };
                g += 1;
            }
        }
    }
}

/// One output vector from its windows' first bytes `w` (plus `from`): bytes of the first two
/// windows permuted by `index[0]`, or where `FOUR`, blended (by `blend`) with bytes of the
/// other two permuted by `index[1]`.
///
/// # Safety
/// The CPU has AVX-512 F, BW and VBMI; the 64 bytes from `w[i] + from` are inside one
/// allocation for each window read (the first two, or all four where `FOUR`).
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn permuted<const FOUR: bool>(
    w: &[*const u8; MAX_WINDOWS],
    from: usize,
    index: &[std::arch::x86_64::__m512i; 2],
    blend: u64,
) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::{
        __m512i, _mm512_loadu_si512, _mm512_mask_blend_epi8, _mm512_permutex2var_epi8,
    };
    // SAFETY: each load is of 64 bytes from `w[i] + from`, inside an allocation (the contract).
    unsafe {
        let a = _mm512_loadu_si512(w[0].add(from).cast::<__m512i>());
        let b = _mm512_loadu_si512(w[1].add(from).cast::<__m512i>());
        let x = _mm512_permutex2var_epi8(a, index[0], b);
        if !FOUR {
            return x;
        }
        let c = _mm512_loadu_si512(w[2].add(from).cast::<__m512i>());
        let d = _mm512_loadu_si512(w[3].add(from).cast::<__m512i>());
        let y = _mm512_permutex2var_epi8(c, index[1], d);
        _mm512_mask_blend_epi8(blend, x, y)
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
