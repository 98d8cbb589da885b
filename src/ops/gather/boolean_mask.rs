//! `tf.boolean_mask`: the elements (or slices) of an array where a boolean mask is true.

use ndarray::{Array, ArrayRef, Dimension};

use crate::error::Error;
use crate::ops::typed::{Masked, MaskedDim, dim_of};
use crate::util::alloc::try_vec;
use crate::util::axis::resolve_axis;
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};

/// `tf.boolean_mask` as a method of every ndarray array (owned, views, `ArcArray`, `CowArray`;
/// any dimension type; any element type).
///
/// The result is a new array: which elements survive depends on the mask's values, so no view
/// can describe it. Whole contiguous runs of kept slices are copied at once.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// // NumPy's x[x > 2]: the mask has the array's own shape.
/// let x = array![[1, 5], [3, 0]];
/// let positive = x.mapv(|v| v > 2);
/// assert_eq!(x.view().tf_boolean_mask(&positive, 0)?, array![5, 3]);
/// # Ok::<(), Error>(())
/// ```
pub trait BooleanMaskExt<A, D: Dimension> {
    /// `tf.boolean_mask(self, mask, axis)` (NumPy's `x[mask]` when `axis` is 0): the axes
    /// `axis..axis + mask.ndim()` of `self` become one axis holding, in C order, the slices where
    /// `mask` is true.
    ///
    /// `mask.shape()` must equal `self.shape()[axis..axis + mask.ndim()]`. The result has shape
    /// `self.shape()[..axis] + [number of trues] + self.shape()[axis + mask.ndim()..]`:
    /// `result[i.., n, j..] = self[i.., m.., j..]` where `m..` is the `n`-th true position of
    /// `mask` in C order.
    ///
    /// `axis` is in `[-rank, rank)`; a negative axis counts from the end, as everywhere in this
    /// crate. Here TensorFlow 2.21 differs (a bug of its Python wrapper, which slices the static
    /// shape as `shape[axis:axis + mask.ndim]`): a negative axis works there only for a 1-D mask
    /// that stops short of the last axis. `tf.boolean_mask(x, [True, False, True], axis=-1)` on a
    /// `(2, 3)` tensor raises `Shapes () and (3,) are incompatible`, and with a mask of rank 2 or
    /// more a negative axis gathers along the wrong axis. Here both mean what a non-negative axis
    /// `axis + rank` means (the golden file checks them against TensorFlow called that way).
    ///
    /// The result's dimension type is `rank(self) - rank(mask) + 1` axes, worked out from the
    /// two dimension types by [`MaskedDim`] (an `Ix1` mask keeps `D`; an `Ix2` mask on an `Ix3`
    /// input gives `Ix2`; `IxDyn` on either side gives `IxDyn`).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::BooleanMaskScalar`]: `mask` is 0-d.
    /// - [`Error::AxisOutOfRange`]: `axis` outside `[-rank, rank)` (TensorFlow reports this as
    ///   incompatible shapes, `Shapes () and (3,) are incompatible`).
    /// - [`Error::BooleanMaskShape`]: `mask.shape()` is not `self.shape()[axis..axis + mask.ndim()]`
    ///   (including a mask reaching past the last axis).
    /// - [`Error::TooLarge`]: the result cannot be allocated, or `self` is a view (a broadcast
    ///   one, say) whose copy would have more bytes than an allocation can hold.
    ///
    /// # Example
    /// TensorFlow's own examples (seed 004 lost their results and the 2-D example's mask; they
    /// are restored from TensorFlow's current documentation):
    /// ```
    /// use ndarray::{array, Array3};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // 1-D example
    /// let tensor = array![0, 1, 2, 3];
    /// let mask = array![true, false, true, false];
    /// assert_eq!(tensor.tf_boolean_mask(&mask, 0)?, array![0, 2]);
    ///
    /// // 2-D example
    /// let tensor = array![[1, 2], [3, 4], [5, 6]];
    /// let mask = array![true, false, true];
    /// assert_eq!(tensor.tf_boolean_mask(&mask, 0)?, array![[1, 2], [5, 6]]);
    ///
    /// // A mask of rank K flattens K axes into one, in C order.
    /// let x = Array3::from_shape_fn((2, 2, 3), |(i, j, k)| 100 * i + 10 * j + k);
    /// let mask = array![[true, false, true], [false, false, true]];
    /// assert_eq!(
    ///     x.tf_boolean_mask(&mask, 1)?,
    ///     array![[0, 2, 12], [100, 102, 112]]
    /// );
    ///
    /// // The mask must have the shape of the axes it covers, as in TensorFlow.
    /// let err = x.tf_boolean_mask(&array![true, false, true], 0).unwrap_err();
    /// assert!(err.to_string().starts_with("Shapes (2,) and (3,) are incompatible"));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_boolean_mask<E: Dimension>(
        &self,
        mask: &ArrayRef<bool, E>,
        axis: isize,
    ) -> Result<Array<A, Masked<D, E>>, Error>
    where
        A: Clone,
        D: MaskedDim<E>;

    private_decl! {}
}

impl<A, D: Dimension> BooleanMaskExt<A, D> for ArrayRef<A, D> {
    fn tf_boolean_mask<E: Dimension>(
        &self,
        mask: &ArrayRef<bool, E>,
        axis: isize,
    ) -> Result<Array<A, Masked<D, E>>, Error>
    where
        A: Clone,
        D: MaskedDim<E>,
    {
        let plan = MaskPlan::new(self.shape(), mask, axis)?;
        let mut out = try_vec::<A>(&plan.out_shape)?;
        plan.copy_kept(&c_order(self)?, &mut out);
        from_c_order(dim_of::<Masked<D, E>>(&plan.out_shape)?, out)
    }

    private_impl! {}
}

/// A validated `tf_boolean_mask`: the tensor seen as `(outer, mask.len(), inner)` in C order,
/// and the mask packed 64 positions to a word.
struct MaskPlan {
    /// The number of positions before the masked axes (their product).
    outer: usize,
    /// The number of mask positions (the product of the masked axes).
    masked: usize,
    /// Elements per mask position (the product of the axes after the masked ones).
    inner: usize,
    /// Bit `b` of word `w` is mask position `64 * w + b`.
    words: Vec<u64>,
    out_shape: Vec<usize>,
}

impl MaskPlan {
    fn new<E: Dimension>(
        shape: &[usize],
        mask: &ArrayRef<bool, E>,
        axis: isize,
    ) -> Result<Self, Error> {
        let k = mask.ndim();
        if k == 0 {
            return Err(Error::BooleanMaskScalar);
        }
        let axis = resolve_axis("tf_boolean_mask", "axis", axis, shape.len())?;
        // What TF's `shape[axis:axis + k]` gives: fewer than k dims where the mask runs past.
        let covered = &shape[axis..shape.len().min(axis.saturating_add(k))];
        if covered != mask.shape() {
            return Err(Error::BooleanMaskShape {
                axis,
                tensor_dims: covered.to_vec(),
                mask_shape: mask.shape().to_vec(),
            });
        }
        let (before, after) = (&shape[..axis], &shape[axis + k..]);
        let words = pack(mask);
        let kept = words.iter().map(|w| w.count_ones() as usize).sum();
        let out_shape: Vec<usize> = before
            .iter()
            .chain(std::iter::once(&kept))
            .chain(after)
            .copied()
            .collect();
        // Products of the dims of existing arrays: they fit.
        Ok(MaskPlan {
            outer: before.iter().product(),
            masked: mask.len(),
            inner: after.iter().product(),
            words,
            out_shape,
        })
    }

    /// Appends the kept slices of `data` (the tensor in C order) to `out`.
    ///
    /// Word by word: a full word is one contiguous copy of 64 slices, an empty one is skipped,
    /// and a mixed one walks its set bits, so the branches follow the words, not the elements
    /// (a random element mask would mispredict on every other element).
    fn copy_kept<A: Clone>(&self, data: &[A], out: &mut Vec<A>) {
        if self.inner == 1 && !std::mem::needs_drop::<A>() {
            return self.compact_elements(data, out);
        }
        let inner = self.inner;
        let block = self.masked * inner;
        if block == 0 {
            return;
        }
        for chunk in data.chunks_exact(block).take(self.outer) {
            for (w, &word) in self.words.iter().enumerate() {
                // Every position below is a mask position (< masked, or <= masked as an end),
                // so no offset passes `block`: nothing can overflow.
                let first = w * 64;
                if word == u64::MAX {
                    if let Some(run) = chunk.get(first * inner..(first + 64) * inner) {
                        out.extend_from_slice(run);
                    }
                    continue;
                }
                let mut bits = word;
                while bits != 0 {
                    let p = first + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    match chunk.get(p * inner..(p + 1) * inner) {
                        Some([one]) => out.push(one.clone()),
                        Some(slice) => out.extend_from_slice(slice),
                        None => {}
                    }
                }
            }
        }
    }
}

impl MaskPlan {
    /// [`copy_kept`](Self::copy_kept) for single elements (`inner == 1`) of a type without drop
    /// glue (numbers, mostly), whose clones are plain copies: every element is written to the
    /// next free slot and the slot advances only where the mask is true, so there is no branch
    /// per element at all. `x[x > 0]`-style masks are random, and branching on each bit
    /// mispredicted on about every other element (2x slower, `benches/gather_mask.rs`).
    fn compact_elements<A: Clone>(&self, data: &[A], out: &mut Vec<A>) {
        let kept = self.out_shape.iter().product();
        let Some(first) = data.first() else {
            return;
        };
        // The slots are all overwritten; the fill only makes them initialized.
        out.resize(kept, first.clone());
        let mut next = 0;
        for chunk in data.chunks_exact(self.masked).take(self.outer) {
            for (elements, &word) in chunk.chunks(64).zip(&self.words) {
                for (bit, x) in elements.iter().enumerate() {
                    // Past the last kept element `next == kept`: nothing is written.
                    if let Some(slot) = out.get_mut(next) {
                        *slot = x.clone();
                    }
                    next += (word >> bit) as usize & 1;
                }
            }
        }
    }
}

/// The mask in C order, 64 positions to a word (the last word padded with zeros).
fn pack<E: Dimension>(mask: &ArrayRef<bool, E>) -> Vec<u64> {
    let fill = |bits: &[bool]| {
        bits.iter()
            .enumerate()
            .fold(0u64, |w, (b, &keep)| w | (u64::from(keep) << b))
    };
    match mask.as_slice() {
        Some(all) => all.chunks(64).map(fill).collect(),
        None => {
            let all: Vec<bool> = mask.iter().copied().collect();
            all.chunks(64).map(fill).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array2, array, s};

    #[test]
    fn mask_packs_in_c_order() {
        let mask = Array2::from_shape_fn((3, 50), |(i, j)| (i * 50 + j) % 3 == 0);
        let words = pack(&mask);
        assert_eq!(words.len(), 3);
        for p in 0..150 {
            assert_eq!(words[p / 64] >> (p % 64) & 1 == 1, p % 3 == 0);
        }
        assert_eq!(pack(&mask.t()), pack(&mask.t().as_standard_layout()));
        assert_eq!(words[2] >> (150 - 128), 0);
    }

    #[test]
    fn views_in_any_layout() {
        let x = Array2::from_shape_fn((4, 3), |(i, j)| 10 * i + j);
        let t = x.t();
        let mask = array![true, false, true];
        assert_eq!(
            t.tf_boolean_mask(&mask, 0).unwrap(),
            array![[0, 10, 20, 30], [2, 12, 22, 32]]
        );
        let rev = x.slice(s![..;-1, ..]);
        let mask = array![
            [true, false, false],
            [false, false, true],
            [false; 3],
            [true; 3]
        ];
        assert_eq!(
            rev.tf_boolean_mask(&mask.t(), 0).unwrap_err(),
            Error::BooleanMaskShape {
                axis: 0,
                tensor_dims: vec![4, 3],
                mask_shape: vec![3, 4]
            }
        );
        assert_eq!(
            rev.tf_boolean_mask(&mask, 0).unwrap(),
            array![30, 22, 0, 1, 2]
        );
    }
}
