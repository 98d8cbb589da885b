//! `TileExt`: TensorFlow's `tf.tile`, an owned array of copies of the input.

use ndarray::{Array, ArrayRef, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::util::alloc::{check_size, try_vec};
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};

mod repeat;

use repeat::repeat_rows;

use crate::util::copy::repeat_tail;

/// TensorFlow's `tf.tile` as a method of every ndarray array (owned, views, `ArcArray`,
/// `CowArray`; any dimension type).
pub trait TileExt<A, D: Dimension> {
    /// `tf.tile(self, multiples)`: `self` repeated `multiples[i]` times along each axis `i`, so axis
    /// `i` of the result has `self.len_of(i) * multiples[i]` elements.
    ///
    /// `multiples` is an [`IntList`] (any primitive integer type; slice, `Vec`, fixed array or
    /// 1-D ndarray array). A zero multiple gives an empty axis; a rank-0 input takes
    /// `multiples = &[]` and comes back unchanged.
    ///
    /// The result is owned and in standard layout. Each block is written once per repetition with
    /// slice copies (repetitions copy what is already written, in doubling runs), never element by
    /// element.
    ///
    /// # Errors
    /// - [`Error::TileMultiplesLength`]: `multiples` does not have one entry per axis.
    /// - [`Error::TileNegativeMultiple`]: a multiple is negative.
    /// - [`Error::ValueOutOfRange`]: a multiple does not fit in `i64`.
    /// - [`Error::TooLarge`]: the result's size overflows (TensorFlow: "Expected a non-negative
    ///   size" or "Encountered overflow when multiplying"). As in ndarray, the product of the
    ///   result's non-zero axes must fit in `isize` even when another axis is 0; TensorFlow
    ///   accepts such empty shapes as long as each axis fits.
    ///
    /// # Example
    /// TensorFlow's own example (`tf.tile` documentation): tiling `[a b c d]` by `[2]` produces
    /// `[a b c d a b c d]`.
    /// ```
    /// use ndarray::{arr0, array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// assert_eq!(array!['a', 'b', 'c', 'd'].tf_tile(&[2])?, array!['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd']);
    ///
    /// let t = array![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(t.tf_tile(&[1, 2])?, array![[1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]]);
    /// assert_eq!(t.tf_tile(&[2, 1])?, array![[1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(t.tf_tile(&[0, 2])?.shape(), &[0, 6]);
    /// // Views work too: here a transposed one.
    /// assert_eq!(t.t().tf_tile(&[1, 2])?, array![[1, 4, 1, 4], [2, 5, 2, 5], [3, 6, 3, 6]]);
    /// assert_eq!(arr0(5).tf_tile(&[0; 0])?, arr0(5));
    ///
    /// let err = t.tf_tile(&[2]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Expected multiples argument to be a vector of length 2 but got length 1"
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_tile<L: IntList + ?Sized>(&self, multiples: &L) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl!();
}

impl<A, D: Dimension> TileExt<A, D> for ArrayRef<A, D> {
    fn tf_tile<L: IntList + ?Sized>(&self, multiples: &L) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let multiples = checked_multiples(self.ndim(), &widen(multiples, Argument::Multiples)?)?;
        let multiples = &multiples[..];
        let dim = tiled_dim(self.raw_dim(), multiples)?;
        check_size::<A>(dim.slice())?;
        let len = dim.size();
        if len == 0 {
            return from_c_order(dim, Vec::new());
        }
        let source = c_order(self)?;
        let (shape, multiples) = compact(self.shape(), multiples);
        // Reserved fallibly: a result that fits isize but not in memory is an Err, not an abort.
        let mut data = try_vec::<A>(dim.slice())?;
        tile_into(&mut data, &source, &shape, &multiples);
        from_c_order(dim, data)
    }

    private_impl!();
}

/// TensorFlow's checks on `multiples`, in its order: one per axis, then each `>= 0`.
fn checked_multiples(rank: usize, multiples: &[i64]) -> Result<Vec<usize>, Error> {
    if multiples.len() != rank {
        return Err(Error::TileMultiplesLength {
            rank,
            len: multiples.len(),
        });
    }
    multiples
        .iter()
        .enumerate()
        .map(|(index, &value)| {
            // Non-negative i64 fits in u64; past usize (32-bit targets) the product overflows
            // anyway, so saturating keeps TooLarge as the answer.
            u64::try_from(value)
                .map(|m| usize::try_from(m).unwrap_or(usize::MAX))
                .map_err(|_| Error::TileNegativeMultiple { index, value })
        })
        .collect()
}

/// The result's dimension, `dim[i] * multiples[i]`, or the error TensorFlow gives.
fn tiled_dim<D: Dimension>(mut dim: D, multiples: &[usize]) -> Result<D, Error> {
    if multiples.len() != dim.ndim() {
        return Err(Error::TileMultiplesLength {
            rank: dim.ndim(),
            len: multiples.len(),
        });
    }
    let mut overflow = false;
    for (d, &m) in dim.slice_mut().iter_mut().zip(multiples) {
        *d = d.checked_mul(m).unwrap_or_else(|| {
            overflow = true;
            usize::MAX
        });
    }
    if overflow {
        return Err(Error::TooLarge {
            shape: dim.slice().to_vec(),
        });
    }
    Ok(dim)
}

/// `shape` and `multiples` with every axis whose multiple is 1 merged into the axis before it (a
/// block tiled by `(m, 1)` is the flattened block tiled by `m`), and axes of 1 by 1 dropped: the
/// same tiling with fewer, longer runs. After it, every multiple but the first is above 1.
fn compact(shape: &[usize], multiples: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut dims: Vec<usize> = Vec::with_capacity(shape.len());
    let mut reps: Vec<usize> = Vec::with_capacity(shape.len());
    for (&d, &m) in shape.iter().zip(multiples) {
        match dims.last_mut() {
            Some(last) if m == 1 => *last *= d,
            _ if d == 1 && m == 1 => {}
            _ => {
                dims.push(d);
                reps.push(m);
            }
        }
    }
    (dims, reps)
}

/// Appends the tiling of `source` to `out`: `source` is consecutive blocks of `shape` (standard
/// layout), each tiled by `multiples` in turn.
///
/// A block of axes `0..` is its `shape[0]` consecutive sub-blocks tiled by the inner multiples,
/// the whole then repeated `multiples[0]` times; repetitions copy from `out` itself. The output
/// must not be empty (so every axis and multiple is non-zero).
fn tile_into<A: Clone>(out: &mut Vec<A>, source: &[A], shape: &[usize], multiples: &[usize]) {
    match (shape, multiples) {
        ([d], [m]) => repeat_rows(out, source, *d, *m),
        ([_, inner @ ..], [m, inner_multiples @ ..]) => {
            let block: usize = shape.iter().product();
            for part in source.chunks_exact(block.max(1)) {
                let start = out.len();
                tile_into(out, part, inner, inner_multiples);
                repeat_tail(out, start, *m);
            }
        }
        // Rank 0 (or everything merged away): the source, once.
        _ => out.extend_from_slice(source),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_merges_untiled_axes_into_the_one_before() {
        assert_eq!(compact(&[2, 3, 4], &[2, 1, 1]), (vec![24], vec![2]));
        assert_eq!(compact(&[2, 3, 4], &[1, 2, 1]), (vec![2, 12], vec![1, 2]));
        assert_eq!(compact(&[1, 3, 1], &[1, 1, 5]), (vec![3, 1], vec![1, 5]));
        assert_eq!(compact(&[1, 1], &[1, 1]), (vec![], vec![]));
        assert_eq!(compact(&[], &[]), (vec![], vec![]));
    }
}
