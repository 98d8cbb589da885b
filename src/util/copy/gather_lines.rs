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
/// `j` starting at `block[origins[l * g.k + j]]`: for each line, `periods(o, line, first,
/// end)` writes periods `first..end` (`o` the line's origins, `line` its slots), and the
/// rounds outside them are copied here unit by unit. Every slot is written.
///
/// The promise to `periods`: for `q` in `first..end`, every window of the geometry (`x` in
/// `reach.0 .. reach.1` lanes from `o[j] + q * advance`, any `j`) lies inside `block`, and
/// `end * period <= line.len()`.
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
    for (o, d) in origins.chunks_exact(g.k).zip(dst.chunks_exact_mut(line)) {
        let (first, end) = span(g, o, block.len(), whole);
        if first < end {
            periods(o, d, first, end);
        }
        for r in (0..first * per).chain(end * per..rounds) {
            for (j, &origin) in o.iter().enumerate() {
                let from = &block[origin + r * g.t..origin + r * g.t + g.n];
                for (slot, &x) in d[(r * g.k + j) * g.n..][..g.n].iter_mut().zip(from) {
                    slot.write(x);
                }
            }
        }
    }
}

/// The periods `first..end` (of the line's `whole`) whose windows stay inside a block of `len`
/// lanes: every window of period `q` lies in `o[j] + q * advance + reach.0 .. o[j] + q *
/// advance + reach.1` for some `j`, so inside `0..len` when `min(o) + reach.0 + q * advance >=
/// 0` and `max(o) + reach.1 + q * advance <= len`.
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
    (first as usize, (end as usize).min(whole))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_handed_out_only_where_their_windows_fit() {
        // Two sources of units of 6, windows from -6 to 8 + 10 lanes of a period (24 output
        // lanes, 12 source lanes), lines of 56 rounds back to back in a block of 2 lines.
        let g = Geometry {
            n: 6,
            k: 2,
            t: 6,
            period: 24,
            advance: 12,
            reach: (-6, 18),
        };
        let block: Vec<u32> = (0..2 * 672).collect();
        let origins = [0, 336, 672, 1008];
        let mut dst = vec![MaybeUninit::uninit(); 2 * 672];
        let mut seen = Vec::new();
        drive(&block, &origins, &mut dst, g, |o, d, first, end| {
            for q in first..end {
                for &x in o {
                    let at = x as isize + (q * g.advance) as isize;
                    assert!(at + g.reach.0 >= 0 && at + g.reach.1 <= block.len() as isize);
                }
                assert!((q + 1) * g.period <= d.len());
                // The vector loop's part: the rounds of the period, as the unit loop would.
                for r in q * 2..q * 2 + 2 {
                    for (j, &origin) in o.iter().enumerate() {
                        for e in 0..6 {
                            d[(r * 2 + j) * 6 + e].write(block[origin + r * 6 + e]);
                        }
                    }
                }
            }
            seen.push((o[0], first, end));
        });
        // The first line's first period would read before the block, the last line's last
        // period past it; everything else is the vector loop's.
        assert_eq!(seen, [(0, 1, 28), (672, 0, 27)]);
        // SAFETY: `drive` wrote every slot (the unit loop and the closure above).
        let got: Vec<u32> = dst.iter().map(|x| unsafe { x.assume_init() }).collect();
        let want: Vec<u32> = (0..2 * 56)
            .flat_map(|r| {
                let (l, r) = (r / 56, r % 56);
                (0..2)
                    .flat_map(move |j| (0..6).map(move |e| (l * 672 + j * 336 + r * 6 + e) as u32))
            })
            .collect();
        assert_eq!(got, want);
    }
}
