//! One 16-byte output vector from two 16-byte source windows, one `pblendvb` and one `pshufb`:
//! the compile-time search for where the windows start (safe `const` code; the kernel that
//! runs the programs is [`super::byte_fixed`]'s).
//!
//! The older form loaded two windows, shuffled each (`pshufb`, lanes of the other window
//! zeroed) and or-ed them: two shuffles per vector. Here the windows are placed so that the
//! bytes each contributes lie at positions the other's do not; a blend by a constant selector
//! joins them and one shuffle puts every byte in its place. Not every vector has such windows:
//! the RGB flips' blocks ([`super::shuffle`]) have a vector whose bytes skip two single bytes
//! of an 18-byte span, which no two windows place apart (tried: the flips keep the two
//! shuffles).

/// How one output vector is made: window `w` is the 16 bytes of source `source[w]` from
/// `lo[w]` (relative to wherever the caller's offsets are; may be negative); byte `p` of the
/// blend is window 1's where `select[p]` has its high bit set, else window 0's; output byte
/// `i` is byte `shuffle[i]` of the blend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Blend {
    pub source: [usize; 2],
    pub lo: [isize; 2],
    pub select: [u8; 16],
    pub shuffle: [u8; 16],
}

/// The windows, selector and shuffle that make a vector whose byte `i` is byte `bytes[i].1`
/// of source `bytes[i].0`, each window starting in `starts.0..=starts.1`; `None` if no two
/// windows can. The bytes must be distinct.
///
/// Window 0 holds the vector's first byte and window 1 the first byte window 0 misses, so
/// each start is one of 16 (window 1 is window 0 again where that holds every byte). For each
/// pair of starts, the bytes that only one window holds take their places first, then each
/// byte both hold takes window 0's place if it is free, else window 1's.
pub(super) const fn blend(bytes: &[(usize, isize); 16], starts: (isize, isize)) -> Option<Blend> {
    let (s0, first) = bytes[0];
    let mut lo0 = first;
    while lo0 > first - 16 {
        if starts.0 <= lo0 && lo0 <= starts.1 {
            let mut miss = 16;
            let mut i = 0;
            while i < 16 {
                if miss == 16 && !holds(bytes[i], s0, lo0) {
                    miss = i;
                }
                i += 1;
            }
            if miss == 16 {
                return place(bytes, [s0, s0], [lo0, lo0]);
            }
            let (s1, last) = bytes[miss];
            let mut lo1 = last;
            while lo1 > last - 16 {
                if starts.0 <= lo1
                    && lo1 <= starts.1
                    && let Some(x) = place(bytes, [s0, s1], [lo0, lo1])
                {
                    return Some(x);
                }
                lo1 -= 1;
            }
        }
        lo0 -= 1;
    }
    None
}

/// Whether the window of `source` from `lo` holds `byte`.
const fn holds(byte: (usize, isize), source: usize, lo: isize) -> bool {
    byte.0 == source && lo <= byte.1 && byte.1 < lo + 16
}

/// The vector from windows `source`, `lo`, if each byte gets a place in the blend.
const fn place(bytes: &[(usize, isize); 16], source: [usize; 2], lo: [isize; 2]) -> Option<Blend> {
    // taken[p]: 0 free, 1 + w taken by window w.
    let mut taken = [0u8; 16];
    let mut placed = [false; 16];
    let mut x = Blend {
        source,
        lo,
        select: [0; 16],
        shuffle: [0; 16],
    };
    let mut pass = 0;
    while pass < 2 {
        let mut i = 0;
        while i < 16 {
            let inside = [
                holds(bytes[i], source[0], lo[0]),
                holds(bytes[i], source[1], lo[1]),
            ];
            // The first pass places the bytes one window holds; the second the rest (a byte
            // neither holds fails).
            if !placed[i] && (pass == 1 || inside[0] != inside[1]) {
                let mut w = 0;
                while w < 2 && !placed[i] {
                    let p = (bytes[i].1 - lo[w]) as usize;
                    if inside[w] && (taken[p] == 0 || taken[p] == 1 + w as u8) {
                        taken[p] = 1 + w as u8;
                        x.shuffle[i] = p as u8;
                        x.select[p] = if w == 1 { 0xff } else { 0 };
                        placed[i] = true;
                    }
                    w += 1;
                }
                if !placed[i] {
                    return None;
                }
            }
            i += 1;
        }
        pass += 1;
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte `x` puts at output position `i`.
    fn made(x: &Blend, i: usize) -> (usize, isize) {
        let p = x.shuffle[i];
        assert!(p < 16, "output byte {i}: a zeroed lane");
        let w = usize::from(x.select[usize::from(p)] >= 0x80);
        (x.source[w], x.lo[w] + isize::from(p))
    }

    #[test]
    fn two_sources_and_one_source_in_two_windows() {
        // Two rows' 6-byte units interleaved (RGB `space_to_depth` 2's first vector): one
        // window per row, the second placed after the first's ten bytes.
        let rows: [(usize, isize); 16] = std::array::from_fn(|i| {
            let (r, u) = (i / 12, i % 12);
            (u / 6, (6 * r + u % 6) as isize)
        });
        let x = blend(&rows, (-64, 64)).expect("two rows");
        assert_eq!((x.source, x.lo), ([0, 1], [0, -10]));
        // 6 bytes of every 12 (`depth_to_space` 2): the vector spans 28 bytes of one source.
        let planes: [(usize, isize); 16] =
            std::array::from_fn(|i| (0, (12 * (i / 6) + i % 6) as isize));
        let y = blend(&planes, (-64, 64)).expect("one source");
        assert_eq!((y.source, y.lo), ([0, 0], [-6, 12]));
        // Windows that may not start before 0: none fits.
        assert_eq!(blend(&planes, (0, 64)), None);
        // 16 consecutive bytes: one window, taken twice.
        let run: [(usize, isize); 16] = std::array::from_fn(|i| (1, 5 + i as isize));
        let z = blend(&run, (-64, 64)).expect("a run");
        assert_eq!((z.source, z.lo, z.select), ([1, 1], [5, 5], [0; 16]));
        for (bytes, x) in [(rows, x), (planes, y), (run, z)] {
            for (i, &byte) in bytes.iter().enumerate() {
                assert_eq!(made(&x, i), byte);
            }
        }
        // Three sources in one vector (units of 2 bytes from 3 rows): no two windows hold it.
        let three: [(usize, isize); 16] =
            std::array::from_fn(|i| ((i / 2) % 3, (2 * (i / 6) + i % 2) as isize));
        assert_eq!(blend(&three, (-64, 64)), None);
    }
}
