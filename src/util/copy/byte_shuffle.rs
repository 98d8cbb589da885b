//! Byte gathers by `pshufb` (the copy engine's fourth `unsafe` module, beside the reversed-unit
//! shuffles of [`super::shuffle`]), for one-byte primitive elements (u8, i8, bool) where the CPU has
//! AVX2: the unit interleaves of [`super::plan::Kernel::Interleave`] (`space_to_depth`) and
//! [`super::plan::Kernel::Deinterleave`] (`depth_to_space`).
//!
//! Why not LLVM: the safe unit loops ([`super::units::interleave`]) move a 6-byte unit as a
//! 4- and a 2-byte move, two of each per 12-byte output unit; the loop vectoriser will not
//! take an interleave of 12 bytes (its interleaved groups stop at 8 members), and blocks of
//! fixed-size arrays came out as scalar moves. Measured on a u8 (16, 224, 224, 3)
//! `space_to_depth` 2 (2.4 MB): `memcpy` 64 us, unit moves 244 us, 8-byte overlapping moves
//! 155 us (one store per 6 bytes: store-bound); the target is 1.5x `memcpy`.
//!
//! The gather: output rounds of `k` units of `n` bytes, unit `j` of round `r` being the `n`
//! bytes at `r * t` of source `j` ([`Gather`]). The output repeats its pattern every
//! `lcm(16, k * n)` bytes, so each 16-byte output vector of a period is, in every period, the
//! same few 16-byte source windows (at offsets that advance by a fixed amount per period)
//! shuffled by fixed masks (`pshufb`: lanes with the high bit set give 0) and or-ed together.
//! The masks are computed once per copy ([`Gather::new`]); each window starts at the first byte
//! of the vector that the windows before it miss (the fewest windows: 2 per vector for
//! `depth_to_space`'s 6 bytes of every 12). The loop makes one pass over a line (up to
//! [`PASS_BYTES`]) per pair of output vectors (one 32-byte store), its window pointers and
//! masks in registers: 12 instructions per 32 bytes with 2 windows; a longer line takes the
//! pairs in turn per period (so it is written front to back). A line's last period, whose loads would pass the
//! end of a source, takes a program with those windows moved back ([`Gather::last_period`]) in
//! the same pass, unless the line's sources are longer (`raw` passes the rest of a dense
//! block); what no whole period covers is copied unit by unit.
//!
//! Soundness: [`Gather`] is only built after `is_x86_feature_detected!("avx2")`, so the
//! `#[target_feature(enable = "avx2")]` functions are only called on a CPU that has it. Each
//! 16-byte load is of a window inside its source slice (checked before the loop: every
//! source at least as long as the loads of the periods asked for, per copy or per line), each
//! store inside the line's slice of the destination (shown at each store). The element type is
//! reinterpreted as bytes only when it is a one-byte primitive ([`super::stream::is_plain`]
//! and size 1: u8, i8, bool), whose every byte is initialised and which has `u8`'s size and
//! alignment; only bytes of the source's own `A` values are written, so a `bool` slot only
//! ever receives a valid `bool` byte.

use std::mem::MaybeUninit;

use super::gather_lines::{avx2, gcd, source_of};
use super::stream::is_plain_byte;

/// Source windows an output vector may take (its ops): beyond this the unit loops are used.
const MAX_OPS: usize = 4;

/// 16-byte output vectors a period may have (`lcm(16, k * n) / 16`).
const MAX_VECTORS: usize = 8;

/// The longest line (output bytes) [`Gather`]'s pair loop makes one pass over per pair of
/// vectors; longer lines take the pairs in turn per period. u8 depth_to_space 2 of (16, 112,
/// 112, 12), lines of 672 bytes: 114 us by passes, 126 us in turn; one line of 1.2 MB: 224 us
/// by passes, 99 us in turn (pinned best of 500, `memcpy` 64 us).
const PASS_BYTES: usize = 8192;

/// One source window of an output vector: 16 bytes of source `source` from `lo` (plus the
/// period's advance), shuffled by `mask`.
#[derive(Clone, Copy, Debug)]
struct Op {
    source: usize,
    lo: usize,
    mask: [u8; 16],
}

/// The masks of one gather: `out[(r * k + j) * n + e] = sources[j][r * t + e]`.
#[derive(Clone, Debug)]
pub(super) struct Gather {
    k: usize,
    n: usize,
    t: usize,
    /// Output bytes per period: `lcm(16, k * n)`.
    period: usize,
    /// Rounds per period.
    rounds: usize,
    /// Output vector `v` of a period is `ops[v][..width]` or-ed (unused ops: an all-zero
    /// shuffle of a window that is read anyway).
    ops: [[Op; MAX_OPS]; MAX_VECTORS],
    vectors: usize,
    width: usize,
    /// The bytes past a period's source start that its loads read.
    reach: usize,
    /// [`Gather::last_period`]'s program, for the lengths it was built for.
    last: std::cell::OnceCell<Box<(usize, usize, Option<Gather>)>>,
}

impl Gather {
    /// The gather for `k` sources (1 to [`super::plan::MAX_PLANES`]) of units of `n` bytes, a
    /// round every `t >= n` bytes of each source; `None` when the CPU lacks AVX2 or the period
    /// needs more vectors or ops than this module keeps (large or odd units: the unit loops
    /// take those).
    pub(super) fn new(k: usize, n: usize, t: usize) -> Option<Gather> {
        if !avx2() || k == 0 || n == 0 || t < n {
            return None;
        }
        let round = k.checked_mul(n)?;
        let period = 16 / gcd(16, round) * round;
        let vectors = period / 16;
        if vectors > MAX_VECTORS {
            return None;
        }
        let blank = Op {
            source: 0,
            lo: 0,
            mask: [0x80; 16],
        };
        let mut gather = Gather {
            k,
            n,
            t,
            period,
            rounds: period / round,
            ops: [[blank; MAX_OPS]; MAX_VECTORS],
            vectors,
            width: 1,
            reach: 16,
            last: std::cell::OnceCell::new(),
        };
        for v in 0..vectors {
            let mut count = 0;
            // Output byte q of the period comes from source j at offset r * t + e.
            let at = |q: usize| source_of(n, round, t, q);
            for j in 0..k {
                // The output bytes of this vector from source j, in order; their source
                // offsets grow with the output position. Each window starts at the first byte
                // the windows before it do not hold (a greedy cover: the fewest windows, since
                // a window starting anywhere earlier would end earlier). A fixed grid of 16
                // from the first byte took 3 windows where 2 do (depth_to_space's 6 of every
                // 12 bytes: bytes 28..30, 36..42, 48..54 and 60..64 of the source).
                let mut window: Option<usize> = None;
                for i in 0..16 {
                    let (source, offset) = at(16 * v + i);
                    if source != j {
                        continue;
                    }
                    let lo = match window {
                        Some(lo) if offset < lo + 16 => lo,
                        _ => {
                            if count == MAX_OPS {
                                return None;
                            }
                            window = Some(offset);
                            gather.ops[v][count] = Op {
                                source: j,
                                lo: offset,
                                mask: [0x80; 16],
                            };
                            count += 1;
                            offset
                        }
                    };
                    gather.ops[v][count - 1].mask[i] = (offset - lo) as u8;
                }
            }
            gather.width = gather.width.max(count);
            let far = gather.ops[v][..count].iter().map(|op| op.lo + 16).max();
            gather.reach = gather.reach.max(far.unwrap_or(0));
        }
        // An odd number of vectors: two periods as one, so the vectors pair up into 32-byte
        // stores (the second period's windows one period's advance further on).
        if vectors % 2 == 1 && 2 * vectors <= MAX_VECTORS {
            let advance = gather.rounds * t;
            for v in 0..vectors {
                let mut ops = gather.ops[v];
                for op in &mut ops[..gather.width] {
                    op.lo += advance;
                }
                gather.ops[vectors + v] = ops;
            }
            gather.reach += advance;
            gather.period *= 2;
            gather.rounds *= 2;
            gather.vectors *= 2;
        }
        Some(gather)
    }

    /// For each line `l` of `dst` (`sources.len() / k` lines of equal length, line `l`'s sources
    /// `sources[l * k..][..k]`): `out[(r * k + j) * n + e] = sources[j][r * t + e]` for the
    /// line's `len / (k * n)` rounds. Every slot of `dst` is written once (a source too short
    /// for its rounds panics before anything is written). Each source needs
    /// `(rounds - 1) * t + n` bytes. All lines in one call: the masks are set up once (a call
    /// per 1344-byte row of a `space_to_depth` cost more in setup than in copying).
    /// `false`, with nothing written, where `A` is not a one-byte primitive ([`is_plain_byte`]).
    pub(super) fn run<A: Clone>(&self, sources: &[&[A]], dst: &mut [MaybeUninit<A>]) -> bool {
        as_bytes(sources, dst, |sources, dst| self.run_bytes(sources, dst))
    }

    fn run_bytes(&self, sources: &[&[u8]], dst: &mut [MaybeUninit<u8>]) {
        let round = self.k * self.n;
        let Some((line, rounds)) = lines_of(sources, dst.len(), [self.k, self.n, self.t]) else {
            return;
        };
        let shortest = sources.iter().map(|s| s.len()).min().unwrap_or(0);
        // Whole periods whose loads stay inside every source.
        let advance = self.rounds * self.t;
        let mut periods = if shortest >= self.reach {
            ((shortest - self.reach) / advance + 1).min(rounds / self.rounds)
        } else {
            0
        };
        // The next period, whose last loads would pass the end of a source: the same
        // program with those windows moved back to end at the source's end (masks shifted to
        // match), built once per copy (every line of a copy has the same lengths). The pair
        // loops write it in the same pass over each line as the whole periods (a pass of its
        // own cost a second setup per line: a sixth of a `space_to_depth`'s instructions).
        let last = if periods < rounds / self.rounds {
            self.last_period(periods * advance, shortest)
        } else {
            None
        };
        self.dispatch(sources, dst, line, periods, last);
        periods += usize::from(last.is_some());
        // The rest of each line, unit by unit.
        let first = periods * self.rounds;
        for (sources, line) in sources.chunks_exact(self.k).zip(dst.chunks_exact_mut(line)) {
            let tail = &mut line[periods * self.period..];
            for (r, round) in (first..).zip(tail.chunks_exact_mut(round)) {
                let from = r * self.t;
                for (unit, source) in round.chunks_exact_mut(self.n).zip(sources) {
                    for (slot, &x) in unit.iter_mut().zip(&source[from..from + self.n]) {
                        slot.write(x);
                    }
                }
            }
        }
    }

    /// The first `periods` periods of every line, then the period `last` (the
    /// [`Gather::last_period`] program) if any, by the loop for this gather's vectors and ops
    /// per vector.
    fn dispatch(
        &self,
        sources: &[&[u8]],
        dst: &mut [MaybeUninit<u8>],
        line: usize,
        periods: usize,
        last: Option<&Gather>,
    ) {
        if periods == 0 && last.is_none() {
            return;
        }
        let body = Lines {
            dst,
            line,
            offset: 0,
            periods: periods + usize::from(last.is_some()),
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY (each call): a `Gather` exists only where the CPU has AVX2 (`new` checked),
        // the only requirement of these `#[target_feature]` functions; their loads and stores
        // are of bounds-checked 16-byte arrays.
        unsafe {
            match (self.vectors, self.width) {
                (2, 1) => self.pairs_avx2::<1, 1>(sources, body, last),
                (2, 2) => self.pairs_avx2::<1, 2>(sources, body, last),
                (2, 3) => self.pairs_avx2::<1, 3>(sources, body, last),
                (2, _) => self.pairs_avx2::<1, 4>(sources, body, last),
                (4, 1) => self.pairs_avx2::<2, 1>(sources, body, last),
                (4, 2) => self.pairs_avx2::<2, 2>(sources, body, last),
                (4, 3) => self.pairs_avx2::<2, 3>(sources, body, last),
                (4, _) => self.pairs_avx2::<2, 4>(sources, body, last),
                (6, 1) => self.pairs_avx2::<3, 1>(sources, body, last),
                (6, 2) => self.pairs_avx2::<3, 2>(sources, body, last),
                (6, 3) => self.pairs_avx2::<3, 3>(sources, body, last),
                (6, _) => self.pairs_avx2::<3, 4>(sources, body, last),
                (8, 1 | 2) => self.pairs_avx2::<4, 2>(sources, body, last),
                (8, _) => self.pairs_avx2::<4, 4>(sources, body, last),
                (1, 1) => self.periods_then_last::<1, 1>(sources, body, last),
                (1, 2) => self.periods_then_last::<1, 2>(sources, body, last),
                (1, 3) => self.periods_then_last::<1, 3>(sources, body, last),
                (1, _) => self.periods_then_last::<1, 4>(sources, body, last),
                (_, 1 | 2) => self.periods_then_last::<MAX_VECTORS, 2>(sources, body, last),
                _ => self.periods_then_last::<MAX_VECTORS, 4>(sources, body, last),
            }
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (sources, body.dst);
    }

    /// The program of the period whose sources start at `start` with every window inside
    /// sources of `len` bytes: a window that would pass `len` is moved back to end there and
    /// its mask shifted by as much (its bytes are all before `len`: the sources hold every
    /// byte of the rounds). Its ops' offsets are from the sources' starts (a first period).
    /// `None` where a source is shorter than a window. Cached for the last `(start, len)`.
    fn last_period(&self, start: usize, len: usize) -> Option<&Gather> {
        let cached = self
            .last
            .get_or_init(|| Box::new((start, len, self.clamped(start, len))));
        match &**cached {
            (s, l, last) if (*s, *l) == (start, len) => last.as_ref(),
            _ => None,
        }
    }

    fn clamped(&self, start: usize, len: usize) -> Option<Gather> {
        let mut last = Gather {
            last: std::cell::OnceCell::new(),
            ..self.clone()
        };
        last.reach = 16;
        for op in last.ops.iter_mut().flatten() {
            let at = start + op.lo;
            let shift = (at + 16).saturating_sub(len);
            op.lo = at.checked_sub(shift)?;
            for m in op.mask.iter_mut().filter(|m| **m & 0x80 == 0) {
                *m += shift as u8;
                if *m >= 16 {
                    return None;
                }
            }
            last.reach = last.reach.max(op.lo + 16);
        }
        Some(last)
    }

    /// The periods of `body` (every line's periods from `body.offset`), with `V >=
    /// self.vectors` output vectors of `W >= self.width` ops each known at compile time (the
    /// loop is unrolled, its masks held in registers). `V` larger only for the rare periods of
    /// 5 to 8 vectors, which then stop at `self.vectors`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn periods_avx2<const V: usize, const W: usize>(&self, sources: &[&[u8]], body: Lines<'_>) {
        use std::arch::x86_64::{
            __m128i, _mm_loadu_si128, _mm_or_si128, _mm_setzero_si128, _mm_shuffle_epi8,
            _mm_storeu_si128,
        };
        let advance = self.rounds * self.t;
        let mut masks = [[_mm_setzero_si128(); W]; V];
        for (v, masks) in masks.iter_mut().enumerate() {
            for (w, mask) in masks.iter_mut().enumerate() {
                let op = &self.ops[v.min(MAX_VECTORS - 1)][w.min(MAX_OPS - 1)];
                // SAFETY: a 16-byte array, read unaligned.
                *mask = unsafe { _mm_loadu_si128(op.mask.as_ptr().cast()) };
            }
        }
        self.check(sources, body.periods);
        let vectors = self.vectors.min(V);
        for (sources, line) in body.lines(sources, self.k, self.period) {
            // Each op's window in the line's first period (unused ops: source 0 from 0).
            let mut windows = [[std::ptr::null::<u8>(); W]; V];
            for (v, windows) in windows.iter_mut().enumerate() {
                for (w, window) in windows.iter_mut().enumerate() {
                    *window = self.window(sources, v, w);
                }
            }
            for (p, period) in line.chunks_exact_mut(self.period).enumerate() {
                let start = p * advance;
                for (v, out) in period.chunks_exact_mut(16).take(vectors).enumerate() {
                    let mut acc = _mm_setzero_si128();
                    for w in 0..W {
                        // SAFETY: `windows[v][w] + start .. + 16` is inside its source
                        // (`check`).
                        let x =
                            unsafe { _mm_loadu_si128(windows[v][w].add(start).cast::<__m128i>()) };
                        acc = _mm_or_si128(acc, _mm_shuffle_epi8(x, masks[v][w]));
                    }
                    // SAFETY: `out` is 16 writable bytes (`chunks_exact_mut(16)`); an
                    // unaligned store of initialised bytes into `MaybeUninit<u8>` slots.
                    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), acc) };
                }
            }
        }
    }

    /// [`Gather::periods_avx2`] for the whole periods of `body` (all but its last when `last`
    /// is given), then `last`'s one period.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn periods_then_last<const V: usize, const W: usize>(
        &self,
        sources: &[&[u8]],
        body: Lines<'_>,
        last: Option<&Gather>,
    ) {
        let Lines {
            dst,
            line,
            offset,
            periods,
        } = body;
        let whole = periods - usize::from(last.is_some());
        if whole > 0 {
            let body = Lines {
                dst: &mut *dst,
                line,
                offset,
                periods: whole,
            };
            self.periods_avx2::<V, W>(sources, body);
        }
        if let Some(last) = last {
            let offset = offset + whole * self.period;
            last.periods_avx2::<V, W>(
                sources,
                Lines {
                    dst,
                    line,
                    offset,
                    periods: 1,
                },
            );
        }
    }

    /// [`Gather::periods_avx2`] with the vectors in pairs, `P` pairs of `W` ops: each pair one
    /// 32-byte store of two 16-byte halves, each half's windows loaded into one 256-bit
    /// register (`vinserti128`) and shuffled in one `vpshufb` (which shuffles each 128-bit lane
    /// on its own): half the shuffles, ors and stores. With `last` (the [`Gather::last_period`]
    /// program, the same vectors and ops), `body`'s last period is `last`'s, written in the
    /// same pass.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn pairs_avx2<const P: usize, const W: usize>(
        &self,
        sources: &[&[u8]],
        body: Lines<'_>,
        last: Option<&Gather>,
    ) {
        use std::arch::x86_64::{
            __m128i, __m256i, _mm256_loadu2_m128i, _mm256_setzero_si256, _mm256_storeu_si256,
        };
        let same = |g: &Gather| g.vectors == self.vectors && g.width == self.width;
        if P * 2 != self.vectors || !last.is_none_or(same) {
            // Never (`dispatch` matches `P` to the vectors, `last` is a clone's); the
            // one-vector loop then.
            return self.periods_then_last::<MAX_VECTORS, MAX_OPS>(sources, body, last);
        }
        let advance = self.rounds * self.t;
        let whole = body.periods - usize::from(last.is_some());
        let prog = |g: &Gather| {
            let mut masks = [[_mm256_setzero_si256(); W]; P];
            // Each op's (source, offset) of the low and high half.
            let mut at = [[[(0, 0); 2]; W]; P];
            for i in 0..P {
                for w in 0..W {
                    let lo = &g.ops[(2 * i).min(MAX_VECTORS - 1)][w.min(MAX_OPS - 1)];
                    let hi = &g.ops[(2 * i + 1).min(MAX_VECTORS - 1)][w.min(MAX_OPS - 1)];
                    // SAFETY: two 16-byte arrays, read unaligned.
                    masks[i][w] = unsafe {
                        _mm256_loadu2_m128i(
                            hi.mask.as_ptr().cast::<__m128i>(),
                            lo.mask.as_ptr().cast::<__m128i>(),
                        )
                    };
                    at[i][w] = [(lo.source, lo.lo), (hi.source, hi.lo)];
                }
            }
            (masks, at)
        };
        let (masks, at) = prog(self);
        let tail = last.map(prog);
        if whole > 0 {
            self.check(sources, whole);
        }
        if let Some(last) = last {
            last.check(sources, 1);
        }
        let period = self.period;
        // A line whose sources are longer than the shortest (sources running on to the end of
        // a dense block, `raw`) takes its last period in the loop too, where its loads stay
        // inside them (all but the block's last line: `depth_to_space`'s lines of 672 bytes
        // spent a quarter of their instructions on the clamped period).
        let all = body.periods;
        let full_reach = (all.max(1) - 1) * advance + self.reach;
        for (sources, line) in body.lines(sources, self.k, self.period) {
            let out = line.as_mut_ptr();
            let full = last.is_some() && sources.iter().all(|s| s.len() >= full_reach);
            let periods = if full { all } else { whole };
            // A window's first address in this line (unused ops: source 0 from 0).
            // `wrapping_add` keeps the computation defined; `check` put it in bounds.
            let window = |(source, lo): (usize, usize)| {
                sources
                    .get(source)
                    .or(sources.first())
                    .map_or(std::ptr::null(), |s| s.as_ptr().wrapping_add(lo))
            };
            // SAFETY (each load below): both windows + start .. + 16 are inside their sources:
            // `check` for `start <= (whole - 1) * advance`, and when `full`, `start <=
            // (body.periods - 1) * advance` with every source of the line at least
            // `full_reach` long (each window's `lo + 16 <= reach`).
            // SAFETY (each store below): bytes `p * period + 32 * i ..+ 32` of the line's
            // `body.periods * period` (`lines`): `p < periods <= body.periods` and `32 * (i +
            // 1) <= 32 * P == period`. An unaligned store of initialised bytes into
            // `MaybeUninit<u8>` slots.
            if periods * period <= PASS_BYTES {
                // A short line (a row of an image): one pass over it per pair, its `2 * W`
                // window pointers, `W` masks and the store pointer in registers; the loop is
                // loads, shuffles, ors and one store (12 instructions for 2 windows). The
                // line's output stays in L1 between passes.
                for i in 0..P {
                    let lo: [*const u8; W] = std::array::from_fn(|w| window(at[i][w][0]));
                    let hi: [*const u8; W] = std::array::from_fn(|w| window(at[i][w][1]));
                    for p in 0..periods {
                        let acc = unsafe { pair(lo, hi, masks[i], p * advance) };
                        let at = p * period + 32 * i;
                        unsafe { _mm256_storeu_si256(out.add(at).cast::<__m256i>(), acc) };
                    }
                }
            } else {
                let lo: [[*const u8; W]; P] =
                    std::array::from_fn(|i| std::array::from_fn(|w| window(at[i][w][0])));
                let hi: [[*const u8; W]; P] =
                    std::array::from_fn(|i| std::array::from_fn(|w| window(at[i][w][1])));
                // SAFETY: the windows and the line as above: `in_turn`'s contract.
                unsafe { in_turn::<P, W>(out, lo, hi, &masks, periods, advance, period) };
            }
            for i in 0..P {
                if let Some((masks, at)) = tail.as_ref().filter(|_| !full) {
                    let (mut lo, mut hi) = ([std::ptr::null(); W], [std::ptr::null(); W]);
                    for w in 0..W {
                        [lo[w], hi[w]] = at[i][w].map(window);
                    }
                    // SAFETY: `last`'s windows (offsets from the sources' starts) are inside
                    // their sources (`last.check(sources, 1)`).
                    let acc = unsafe { pair(lo, hi, masks[i], 0) };
                    // SAFETY: as above with `p == whole < body.periods` (`last` is given).
                    unsafe {
                        _mm256_storeu_si256(out.add(whole * period + 32 * i).cast::<__m256i>(), acc)
                    };
                }
            }
        }
    }

    /// Checks that every load of `periods` periods is inside its source: 16 bytes at `start +
    /// op.lo` with `start` at most `(periods - 1) * advance`, inside a source of `len` bytes
    /// when `(periods - 1) * advance + reach <= len` (`reach` is the largest `op.lo + 16`,
    /// unused ops have `lo == 0 < reach`), which `run_bytes` chose `periods` for. Panics
    /// otherwise (before anything is written).
    fn check(&self, sources: &[&[u8]], periods: usize) {
        let last = periods.saturating_sub(1) * self.rounds * self.t + self.reach;
        assert!(
            sources.iter().all(|s| s.len() >= last),
            "the loads of a byte gather"
        );
    }

    /// The first window of op `w` of vector `v` in a line with these sources: `lo` bytes into
    /// its source (unused ops: source 0 from 0). `wrapping_add` keeps the address computation
    /// defined; it is in bounds ([`Gather::check`]).
    #[inline(always)]
    fn window(&self, sources: &[&[u8]], v: usize, w: usize) -> *const u8 {
        let op = &self.ops[v.min(MAX_VECTORS - 1)][w.min(MAX_OPS - 1)];
        sources
            .get(op.source)
            .or(sources.first())
            .map_or(std::ptr::null(), |s| s.as_ptr().wrapping_add(op.lo))
    }
}

/// A long line of [`Gather`]'s pair loop: every pair in turn per period, so the stores go
/// forward through the line (a pass per pair over a line past the cache: 2x slower). The
/// window pointers do not all fit in registers: some are reloaded. Its own function, not
/// inlined, so the short lines' loop keeps its registers.
///
/// # Safety
/// The CPU has AVX2; for `p < periods`, the 16 bytes at `lo[i][w] + p * advance` and at
/// `hi[i][w] + p * advance` are readable, and the 32 at `out + p * period + 32 * i` writable,
/// for every pair `i` and op `w` (`32 * P == period`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn in_turn<const P: usize, const W: usize>(
    out: *mut MaybeUninit<u8>,
    lo: [[*const u8; W]; P],
    hi: [[*const u8; W]; P],
    masks: &[[std::arch::x86_64::__m256i; W]; P],
    periods: usize,
    advance: usize,
    period: usize,
) {
    use std::arch::x86_64::{__m256i, _mm256_storeu_si256};
    for p in 0..periods {
        for i in 0..P {
            // SAFETY: readable (the contract).
            let acc = unsafe { pair(lo[i], hi[i], masks[i], p * advance) };
            // SAFETY: writable (the contract); an unaligned store of initialised bytes into
            // `MaybeUninit<u8>` slots.
            unsafe { _mm256_storeu_si256(out.add(p * period + 32 * i).cast::<__m256i>(), acc) };
        }
    }
}

/// The 16 bytes at `lo` and the 16 at `hi` as the low and high lanes of one register.
///
/// # Safety
/// The CPU has AVX2; `lo .. lo + 16` and `hi .. hi + 16` are readable.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn halves(lo: *const u8, hi: *const u8) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::{__m128i, _mm256_loadu2_m128i};
    // SAFETY: the caller's: 16 readable bytes at each address, read unaligned.
    unsafe { _mm256_loadu2_m128i(hi.cast::<__m128i>(), lo.cast::<__m128i>()) }
}

/// One 32-byte output pair of [`Gather`]'s pair loops: op `w`'s low and high windows (16 bytes
/// each at `lo[w] + start` and `hi[w] + start`) in one register, shuffled by `masks[w]`, the
/// `W` ops or-ed together. One body for the short lines, the long ones ([`in_turn`]) and the
/// clamped last period.
///
/// # Safety
/// The CPU has AVX2; for every `w < W`, the 16 bytes at `lo[w] + start` and at `hi[w] + start`
/// are readable.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn pair<const W: usize>(
    lo: [*const u8; W],
    hi: [*const u8; W],
    masks: [std::arch::x86_64::__m256i; W],
    start: usize,
) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::{_mm256_or_si256, _mm256_setzero_si256, _mm256_shuffle_epi8};
    let mut acc = _mm256_setzero_si256();
    for w in 0..W {
        // SAFETY: readable (the caller's).
        let x = unsafe { halves(lo[w].add(start), hi[w].add(start)) };
        acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(x, masks[w]));
    }
    acc
}

/// The part of every line of `dst` (lines of `line` bytes) that whole periods fill: `periods`
/// periods from byte `offset` of each line.
struct Lines<'a> {
    dst: &'a mut [MaybeUninit<u8>],
    line: usize,
    offset: usize,
    periods: usize,
}

impl<'a> Lines<'a> {
    /// Each line's `k` sources and its `periods * period` bytes from `offset`.
    fn lines<'s>(
        self,
        sources: &'s [&'s [u8]],
        k: usize,
        period: usize,
    ) -> impl Iterator<Item = (&'s [&'s [u8]], &'a mut [MaybeUninit<u8>])> {
        let (offset, len) = (self.offset, self.periods * period);
        sources
            .chunks_exact(k.max(1))
            .zip(self.dst.chunks_exact_mut(self.line.max(1)))
            .map(move |(sources, line)| (sources, &mut line[offset..offset + len]))
    }
}

/// The line length and rounds of a byte gather's output of `dst` bytes: `sources.len() / k`
/// lines of whole rounds of `k` units of `n` bytes (`k`, `n` at least 1), unit `r` of a source
/// `r * t` bytes into it; `None` for lines of no rounds. Panics, before anything is written,
/// where the lines are not whole rounds or a source lacks its `(rounds - 1) * t + n` bytes
/// (shared by [`Gather::run`] and `byte_permute`'s).
pub(super) fn lines_of(
    sources: &[&[u8]],
    dst: usize,
    [k, n, t]: [usize; 3],
) -> Option<(usize, usize)> {
    let round = k * n;
    let lines = sources.len() / k;
    assert!(
        lines > 0 && lines * k == sources.len() && dst.is_multiple_of(lines),
        "the sources of a byte gather"
    );
    let line = dst / lines;
    let rounds = line / round;
    assert!(rounds * round == line, "the lines of a byte gather");
    if rounds == 0 {
        return None;
    }
    let need = (rounds - 1) * t + n;
    assert!(
        sources.iter().all(|s| s.len() >= need),
        "a source of a byte gather"
    );
    Some((line, rounds))
}

/// `run` on `sources` and `dst` as bytes, and `true`; `false`, with nothing run, where `A` is
/// not a one-byte primitive ([`is_plain_byte`]). The `run` of both byte gathers
/// ([`Gather::run`], `byte_permute`'s).
pub(super) fn as_bytes<A>(
    sources: &[&[A]],
    dst: &mut [MaybeUninit<A>],
    run: impl FnOnce(&[&[u8]], &mut [MaybeUninit<u8>]),
) -> bool {
    let (Some(bytes), Some(dst)) = (bytes_of(sources), bytes_of_mut(dst)) else {
        return false;
    };
    run(&bytes, dst);
    true
}

/// `sources` as bytes, where `A` is a one-byte primitive ([`is_plain_byte`]).
fn bytes_of<'s, A>(sources: &[&'s [A]]) -> Option<Vec<&'s [u8]>> {
    if !is_plain_byte::<A>() {
        return None;
    }
    let bytes = sources.iter().map(|s| {
        // SAFETY: `A` is a one-byte primitive (u8, i8 or bool: `is_plain_byte`), so a slice of it is
        // the same memory as a slice of initialised `u8`, same length and alignment, borrowed
        // for the same lifetime.
        unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<u8>(), s.len()) }
    });
    Some(bytes.collect())
}

/// `dst` as byte slots, where `A` is a one-byte primitive ([`is_plain_byte`]). Only bytes read from `A` values are written
/// through it ([`Gather::run_bytes`] copies, never makes up, bytes), so every slot ends up a
/// valid `A`.
fn bytes_of_mut<A>(dst: &mut [MaybeUninit<A>]) -> Option<&mut [MaybeUninit<u8>]> {
    if !is_plain_byte::<A>() {
        return None;
    }
    // SAFETY: `MaybeUninit<A>` for a one-byte `A` has the size and alignment of
    // `MaybeUninit<u8>`; the reborrow replaces `dst` for its lifetime.
    Some(unsafe { std::slice::from_raw_parts_mut(dst.as_mut_ptr().cast(), dst.len()) })
}
