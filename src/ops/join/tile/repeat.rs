//! The copies `tf_tile` is made of: rows repeated in place (a written block is repeated by
//! [`crate::util::copy::repeat_tail`]).
//!
//! Long runs go through `memcpy` (`extend_from_slice`). Short rows do not: a `memcpy` call
//! costs more than copying a few elements, so rows of up to 8 elements are copied
//! with their length known at compile time (measured on f32 against a runtime-length loop: 1.5x
//! to 2x faster, and on par with NumPy's own fixed-size copies in `np.repeat`), and other short
//! rows by inlined loops.

use ndarray::{ArrayView3, ShapeBuilder};

use crate::util::copy::{
    Piece, extend_c_order, extend_repeated, gather_byte_rounds, interleave_stepped,
};

/// Appends each row of `source` (consecutive rows of `d` elements) repeated `m` times.
pub(super) fn repeat_rows<A: Clone>(out: &mut Vec<A>, source: &[A], d: usize, m: usize) {
    if (2..=MAX_COPIES).contains(&m) && d > 0 {
        // The rows repeated are a concat of `m` copies of the source on its last axis
        // (`u8` `tf.image.grayscale_to_rgb`, a tile by [1, 1, 1, 3], took 11.6x a `memcpy`
        // element by element): one byte gather for one- and two-byte elements (rows of up to
        // 32 bytes); else a broadcast view whose copy is the engine's interleave of `m` planes,
        // all the same row (units of up to 64 elements); else, for short rows, the rows written
        // a block at a time, a piece per copy.
        let rows = source.len() / d;
        let copies = [source; MAX_COPIES];
        if gather_byte_rounds(out, &copies[..m], d, rows) {
            return;
        }
        if d <= INTERLEAVED
            && let Ok(view) = ArrayView3::from_shape((rows, m, d).strides((d, 0, 1)), source)
        {
            return extend_c_order(out, &view);
        }
        let piece = Piece {
            data: source,
            offset: 0,
            step: d,
            len: d,
        };
        let short = d.saturating_mul(m).saturating_mul(std::mem::size_of::<A>()) < PIECES_BYTES;
        // `interleave_stepped` appends nothing if it fails (never: the pieces are the rows).
        if short && interleave_stepped(out, &[piece; MAX_COPIES][..m], rows).is_ok() {
            return;
        }
    }
    match (d, m) {
        (_, 1) => out.extend_from_slice(source),
        (1, 2) => each_element::<A, 2>(out, source),
        (1, 3) => each_element::<A, 3>(out, source),
        (1, 4) => each_element::<A, 4>(out, source),
        (1, 5) => each_element::<A, 5>(out, source),
        (1, 6) => each_element::<A, 6>(out, source),
        (1, 7) => each_element::<A, 7>(out, source),
        (1, 8) => each_element::<A, 8>(out, source),
        (1, _) => source
            .iter()
            .for_each(|x| out.extend(std::iter::repeat_n(x.clone(), m))),
        (2, _) => short_rows::<A, 2>(out, source, m),
        (3, _) => short_rows::<A, 3>(out, source, m),
        (4, _) => short_rows::<A, 4>(out, source, m),
        (5, _) => short_rows::<A, 5>(out, source, m),
        (6, _) => short_rows::<A, 6>(out, source, m),
        (7, _) => short_rows::<A, 7>(out, source, m),
        (8, _) => short_rows::<A, 8>(out, source, m),
        _ if d.saturating_mul(m) < SHORT_RUN => {
            for row in source.chunks_exact(d.max(1)) {
                for _ in 0..m {
                    out.extend(row.iter().cloned());
                }
            }
        }
        _ => {
            for row in source.chunks_exact(d.max(1)) {
                extend_repeated(out, row, m);
            }
        }
    }
}

/// The most copies [`repeat_rows`] writes as one concat of copies of the source.
const MAX_COPIES: usize = 8;

/// The longest rows [`repeat_rows`] copies as a broadcast view: the copy engine's interleave
/// kernel takes units of up to 64 elements.
const INTERLEAVED: usize = 64;

/// Repeated rows shorter than this many bytes are written a block of rows at a time.
const PIECES_BYTES: usize = 1024;

/// Rows repeated into fewer elements than this are copied by inlined loops.
const SHORT_RUN: usize = 64;

/// Each element of `source`, `M` times.
fn each_element<A: Clone, const M: usize>(out: &mut Vec<A>, source: &[A]) {
    for x in source {
        out.extend(std::array::from_fn::<A, M, _>(|_| x.clone()));
    }
}

/// Each row of `D` elements of `source`, `m` times.
fn short_rows<A: Clone, const D: usize>(out: &mut Vec<A>, source: &[A], m: usize) {
    for row in source.chunks_exact(D) {
        for _ in 0..m {
            out.extend_from_slice(row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of `d` elements repeated `m` times, against the rows built one by one: the byte
    /// gather (`u8`, `u16`: rows up to 32 bytes), the broadcast view (up to 64 elements), the
    /// pieces (short rows past that), the fixed-size and the `memcpy` loops; 3 rows, and 70
    /// for whole periods of the gathers.
    fn check_rows<A: Clone + PartialEq + std::fmt::Debug>(make: fn(usize) -> A) {
        let lengths = (1..12).chain([16, 31, 32, 33, 64, 65, 100, 300]);
        for d in lengths {
            for m in 1..12 {
                for rows in [3, 70] {
                    let source: Vec<A> = (0..rows * d).map(make).collect();
                    let mut out = vec![make(usize::MAX)];
                    repeat_rows(&mut out, &source, d, m);
                    let want: Vec<A> = std::iter::once(make(usize::MAX))
                        .chain(
                            source
                                .chunks(d)
                                .flat_map(|row| std::iter::repeat_n(row, m).flatten().cloned()),
                        )
                        .collect();
                    assert_eq!(out, want, "d {d} m {m} rows {rows}");
                }
            }
        }
    }

    #[test]
    fn every_row_length_and_count() {
        check_rows(|i| i as u32);
        check_rows(|i| (i % 251) as u8);
        check_rows(|i| (i % 65521) as u16);
        check_rows(|i| i as f64);
    }
}
