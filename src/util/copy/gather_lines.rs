//! The line loop of the gathers whose program is fixed at compile time ([`super::word_blend`],
//! [`super::byte_fixed`]): which periods of each line their vector loop may take, and the rest
//! of the line unit by unit. Safe code; the vector loops' `unsafe` relies on [`drive`]'s
//! promise about the periods it hands them.
//!
//! The gathers' output: `lines` lines of rounds, round `r` of a line being unit `r` of each of
//! its `k` sources in turn, a source's unit `r` the `n` lanes `r * t` after the source's
//! origin in one block (`t == n`: `space_to_depth`'s interleaved rows; one source and `t` a
//! whole input pixel: `depth_to_space`'s planes). The vector loop writes whole periods (the
//! rounds until the pattern repeats), each reading windows of `width` lanes at fixed offsets
//! from the period's start in its sources.

use std::mem::MaybeUninit;

/// The greatest common divisor, for the programs' periods (`lcm(vector, round)`).
pub(super) const fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Output lane `q` of a line (of `k` sources, units of `n` lanes, a round every `t`; `round =
/// n * k`): its source `j` and its offset `r * t + e` from the source's origin, where `q = (r *
/// k + j) * n + e`. The one formula every gather's program is built from.
pub(super) const fn source_of(n: usize, round: usize, t: usize, q: usize) -> (usize, usize) {
    let (r, u) = (q / round, q % round);
    (u / n, r * t + u % n)
}

/// Whether the CPU running this has AVX2, which the vector loops need.
pub(super) fn avx2() -> bool {
    super::simd::detect() == super::simd::Isa::Avx2
}

/// A compiled gather's shape, as [`drive`] needs it (in lanes).
#[derive(Clone, Copy, Debug)]
pub(super) struct Geometry {
    /// Lanes per unit.
    pub n: usize,
    /// Sources per line.
    pub k: usize,
    /// Lanes from one unit of a source to its next.
    pub t: usize,
    /// Output lanes per period (whole rounds).
    pub period: usize,
    /// Source lanes per period: `period / (n * k) * t`.
    pub advance: usize,
    /// The lowest window start and highest window end, relative to a period's start in a
    /// source (the start may be negative: a window that begins before its unit).
    pub reach: (isize, isize),
}

/// Fills `dst` (`origins.len() / g.k` lines of whole rounds) from `block`, line `l`'s source
/// `j` starting at `block[origins[l * g.k + j]]`: `periods(o, lines, first, end)` writes
/// periods `first..end` of each line of a run of consecutive lines (`o` their origins, `g.k`
/// a line, `lines` their slots), and the rounds outside them are copied here unit by unit.
/// Every slot is written.
///
/// The lines whose every period's windows lie in the block (all but a few at the block's ends)
/// go in runs, one call each: a call and a [`span`] per line were a sixth of the vector loop's
/// time on short lines (672-byte `u8` rows, 1,200-byte `f32` ones). `u8` RGB block 2 of 16
/// images (AMD EPYC family 23, pinned, best of 30 × 10 calls, a line at a time against runs
/// in alternating processes, twice): `depth_to_space` 189-220 -> 158-169 µs,
/// `space_to_depth` 176-193 -> 148-163 µs (a `memcpy` of the result 87-125 µs in the same
/// runs); one image 11-12 -> 10 µs.
///
/// The promise to `periods`: for `q` in `first..end`, every window of the geometry (`x` in
/// `reach.0 .. reach.1` lanes from `o[l * k + j] + q * advance`, any line `l` and `j`) lies
/// inside `block`, and `lines` is whole lines with `end * period` at most a line.
///
/// Panics, before writing, if the lines are not whole rounds or a source's units leave
/// `block`.
pub(super) fn drive<X: Copy>(
    block: &[X],
    origins: &[usize],
    dst: &mut [MaybeUninit<X>],
    g: Geometry,
    mut periods: impl FnMut(&[usize], &mut [MaybeUninit<X>], usize, usize),
) {
    let round = g.n * g.k;
    let lines = origins.len().checked_div(g.k).unwrap_or(0);
    assert!(
        round > 0
            && g.t >= g.n
            && g.period.is_multiple_of(round)
            && lines > 0
            && lines * g.k == origins.len()
            && dst.len().is_multiple_of(lines),
        "the lines of a gather"
    );
    let line = dst.len() / lines;
    let rounds = line / round;
    assert!(rounds * round == line, "the rounds of a gather");
    // Each source's last unit ends `(rounds - 1) * t + n` lanes after its origin.
    assert!(
        rounds == 0
            || origins.iter().all(|&o| o
                .checked_add((rounds - 1) * g.t + g.n)
                .is_some_and(|end| end <= block.len())),
        "a source of a gather"
    );
    let per = g.period / round;
    let whole = rounds / per;
    // Origins from which all `whole` periods' windows lie in the block: `span`'s test for
    // `(0, whole)`, without its divisions. Lengths of slices and offsets: each fits an isize.
    let low = -g.reach.0;
    let high = block.len() as isize - g.reach.1 - (whole.max(1) as isize - 1) * g.advance as isize;
    let inside = |o: &[usize]| {
        o.iter()
            .all(|&x| (x as isize) >= low && (x as isize) <= high)
    };
    // The rounds of line `l` outside periods `first..end`, unit by unit.
    let rest = |l: usize, d: &mut [MaybeUninit<X>], first: usize, end: usize| {
        let o = &origins[l * g.k..(l + 1) * g.k];
        for r in (0..first * per).chain(end * per..rounds) {
            for (j, &origin) in o.iter().enumerate() {
                let from = &block[origin + r * g.t..origin + r * g.t + g.n];
                for (slot, &x) in d[(r * g.k + j) * g.n..][..g.n].iter_mut().zip(from) {
                    slot.write(x);
                }
            }
        }
    };
    let mut l = 0;
    while l < lines {
        let start = l;
        while whole > 0 && l < lines && inside(&origins[l * g.k..(l + 1) * g.k]) {
            l += 1;
        }
        if l > start {
            let run = &mut dst[start * line..l * line];
            periods(&origins[start * g.k..l * g.k], run, 0, whole);
            if whole * per < rounds {
                for (i, d) in run.chunks_exact_mut(line).enumerate() {
                    rest(start + i, d, whole, whole);
                }
            }
        }
        if l < lines {
            let (o, d) = (
                &origins[l * g.k..(l + 1) * g.k],
                &mut dst[l * line..(l + 1) * line],
            );
            let (first, end) = span(g, o, block.len(), whole);
            if first < end {
                periods(o, d, first, end);
            }
            rest(l, d, first, end);
            l += 1;
        }
    }
}

/// A run of consecutive lines, as [`drive`] hands them to a vector loop: line `l`'s source `j`
/// starts at `block + origins[l * k + j]`, its slots are the `line` from `out + l * line`.
#[derive(Clone, Copy)]
pub(super) struct Run<'a, X> {
    block: *const X,
    pub origins: &'a [usize],
    out: *mut MaybeUninit<X>,
    line: usize,
}

impl<'a, X> Run<'a, X> {
    /// The lines of `dst` (whole lines of `k` sources each, their origins `origins`) from
    /// `block`.
    pub fn new(block: &[X], origins: &'a [usize], dst: &mut [MaybeUninit<X>], k: usize) -> Self {
        let lines = (origins.len() / k.max(1)).max(1);
        Run {
            block: block.as_ptr(),
            origins,
            out: dst.as_mut_ptr(),
            line: dst.len() / lines,
        }
    }

    /// Line `l`'s sources and slots (addresses only: the vector loops' contracts say which
    /// bytes they may touch).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub fn line<const K: usize>(&self, l: usize) -> ([*const X; K], *mut MaybeUninit<X>) {
        (
            std::array::from_fn(|j| self.block.wrapping_add(self.origins[l * K + j])),
            self.out.wrapping_add(l * self.line),
        )
    }
}

/// The periods `first..end` (of the line's `whole`; `(0, 0)` if none) whose windows stay
/// inside a block of `len` lanes: every window of period `q` lies in `o[j] + q * advance +
/// reach.0 .. o[j] + q * advance + reach.1` for some `j`, so inside `0..len` when `min(o) +
/// reach.0 + q * advance >= 0` and `max(o) + reach.1 + q * advance <= len`.
fn span(g: Geometry, o: &[usize], len: usize, whole: usize) -> (usize, usize) {
    let (Some(&low), Some(&high)) = (o.iter().min(), o.iter().max()) else {
        return (0, 0);
    };
    // Lengths of slices and offsets inside them: each fits an isize.
    let advance = g.advance.max(1) as isize;
    let (low, high, len) = (low as isize, high as isize, len as isize);
    // Most lines lie inside the block with room to spare: no division for them (two per line
    // were a tenth of a one-byte `space_to_depth`'s time).
    let before = -(low + g.reach.0);
    let first = if before <= 0 {
        0
    } else {
        (before + advance - 1) / advance
    };
    let room = len - high - g.reach.1;
    let end = if room < 0 {
        0
    } else if room >= (whole.max(1) as isize - 1) * advance {
        whole as isize
    } else {
        room / advance + 1
    };
    let (first, end) = (first as usize, (end as usize).min(whole));
    // None at all (a line shorter than a period, or whose every period leaves the block):
    // (0, 0), so that the unit loop takes every round, not from `first`'s.
    if first < end { (first, end) } else { (0, 0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_handed_out_only_where_their_windows_fit() {
        // Two sources of units of 6, windows from -6 to 8 + 10 lanes of a period (24 output
        // lanes, 12 source lanes), 4 lines of `rounds` rounds back to back in a block of 4
        // lines; with 57 rounds, a round after the last whole period (2 rounds each).
        let g = Geometry {
            n: 6,
            k: 2,
            t: 6,
            period: 24,
            advance: 12,
            reach: (-6, 18),
        };
        for (rounds, calls) in [
            (56, vec![(0, 1, 1, 28), (1, 2, 0, 28), (3, 1, 0, 27)]),
            (57, vec![(0, 1, 1, 28), (1, 3, 0, 28)]),
            // Lines shorter than a period: no vector periods, every round by the unit loop
            // (the first line's windows would start before the block: its span is empty, not
            // "from period 1").
            (1, vec![]),
        ] {
            let line = 12 * rounds;
            let block: Vec<u32> = (0..4 * line as u32).collect();
            let origins: Vec<usize> = (0..8).map(|s| s * 6 * rounds).collect();
            let mut dst = vec![MaybeUninit::uninit(); 4 * line];
            let mut seen = Vec::new();
            drive(&block, &origins, &mut dst, g, |o, d, first, end| {
                let lines = o.len() / 2;
                assert_eq!(d.len(), lines * line);
                for (o, d) in o.chunks_exact(2).zip(d.chunks_exact_mut(line)) {
                    for q in first..end {
                        for &x in o {
                            let at = x as isize + (q * g.advance) as isize;
                            assert!(at + g.reach.0 >= 0 && at + g.reach.1 <= block.len() as isize);
                        }
                        assert!((q + 1) * g.period <= d.len());
                        // The vector loop's part: the period's rounds, as the unit loop would.
                        for r in q * 2..q * 2 + 2 {
                            for (j, &origin) in o.iter().enumerate() {
                                for e in 0..6 {
                                    d[(r * 2 + j) * 6 + e].write(block[origin + r * 6 + e]);
                                }
                            }
                        }
                    }
                }
                seen.push((o[0] / line, lines, first, end));
            });
            // With 56 or 57 rounds, the first line's first period would read before the block,
            // and with 56 rounds the last line's last period past it: those lines go alone, the
            // others in one run; everything else is the vector loop's.
            assert_eq!(seen, calls, "{rounds} rounds");
            // SAFETY: `drive` wrote every slot (the unit loop and the closure above).
            let got: Vec<u32> = dst.iter().map(|x| unsafe { x.assume_init() }).collect();
            let want: Vec<u32> = (0..4 * rounds)
                .flat_map(|r| {
                    let (l, r) = (r / rounds, r % rounds);
                    (0..2).flat_map(move |j| {
                        (0..6).map(move |e| (l * line + j * 6 * rounds + r * 6 + e) as u32)
                    })
                })
                .collect();
            assert_eq!(got, want, "{rounds} rounds");
        }
    }
}
