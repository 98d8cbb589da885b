//! `tf.space_to_batch_nd` / `tf.batch_to_space` (TensorFlow's `SpaceToBatchND` /
//! `BatchToSpaceND`) and their 4-D forms `tf.compat.v1.space_to_batch` / `batch_to_space`.

mod copy;
mod plan;

use ndarray::{Array, ArrayRef, Dimension};

use crate::error::{Argument, Error};
use crate::int_list::{IntList, IntPairs, widen};
use crate::util::alloc::try_vec;
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};

use plan::{Pairs, Plan, batch_to_space_plan, space_to_batch_plan};

/// TensorFlow's space-to-batch ops (the tiling behind atrous convolution) as methods of every
/// ndarray array (owned, views, `ArcArray`, `CowArray`; any dimension type).
///
/// The input is `[batch] + spatial (M dims) + remaining`, `M` being `block_shape.len()`. Results
/// are new arrays of the input's rank and dimension type, in C order.
///
/// The padding is `A::default()`, the crate's one fill value for new elements: TensorFlow pads
/// with `T(0)`, which is `A::default()` for every TensorFlow dtype. `batch_to_space` never pads,
/// so it asks for `Clone` alone.
///
/// `block_shape` is an [`IntList`], `paddings` and `crops` are
/// [`IntPairs`] (`&[[start, end], ..]` of any integer type, or a 2-D ndarray
/// array); negative values are TensorFlow's errors.
///
/// ```
/// use ndarray::Array;
/// use ndarray_tfslice::prelude::*;
///
/// // Dilated (atrous) convolution's trick: rate-2 samples become batches, and come back.
/// let x = Array::from_iter(0..2 * 6 * 6 * 3).into_shape_with_order((2, 6, 6, 3)).unwrap();
/// let batched = x.tf_space_to_batch_nd(&[2, 2], &[[1, 1], [1, 1]])?;
/// assert_eq!(batched.shape(), &[8, 4, 4, 3]);
/// assert_eq!(batched.tf_batch_to_space_nd(&[2, 2], &[[1, 1], [1, 1]])?, x);
/// # Ok::<(), ndarray_tfslice::Error>(())
/// ```
pub trait SpaceToBatchExt<A, D: Dimension> {
    /// `tf.space_to_batch_nd(self, block_shape, paddings)` (TensorFlow's `SpaceToBatchND`, also
    /// `tf.space_to_batch` in TF 2.x): zero-pads spatial dim `i` (axis `i + 1`) by
    /// `paddings[i]`, then moves each `block_shape[i]`-sized step of it into the batch.
    ///
    /// The output is `[batch * prod(block_shape)] + [padded_i / block_shape[i]] + remaining`.
    /// Output batch `(o_0, .., o_{M-1}, n)` (block offsets outermost, the last dim's fastest,
    /// then the input batch `n`) holds, at grid position `y_i`, the padded input's element at
    /// `n, y_i * block_shape[i] + o_i`. An empty `block_shape` returns a copy of `self`.
    ///
    /// TensorFlow also accepts negative values, only to reject them ("All values in block_shape
    /// must be positive", "Paddings must be non-negative"); `usize` cannot express them. Unlike
    /// TensorFlow, any number of spatial dims may move (its kernel stops at 4 "non-combined
    /// block dimensions", dims with block 1 and no padding at either end not counted).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::BlockRankTooLarge`]: the input has fewer than `block_shape.len() + 1` axes.
    /// - [`Error::BlockPaddingsLength`]: `paddings` does not have one row per block dim.
    /// - [`Error::BlockShapeZero`]: a block size is 0 (the first one).
    /// - [`Error::PaddedNotDivisible`]: a padded spatial dim is not a multiple of its block size
    ///   (the first one).
    /// - [`Error::TooLarge`]: a padded dim or the output batch overflows `usize` (the shape then
    ///   shows `usize::MAX` there), or the output has more elements or bytes than an allocation
    ///   can hold.
    ///
    /// # Example
    /// TensorFlow's example 4 (`tf.space_to_batch_nd` documentation): two batches, padding 2
    /// before the width.
    /// ```
    /// use ndarray::{array, Array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = Array::from_iter(1..=16).into_shape_with_order((2, 2, 4, 1)).unwrap();
    /// let y = x.tf_space_to_batch_nd(&[2, 2], &[[0, 0], [2, 0]])?;
    /// assert_eq!(
    ///     y.into_shape_with_order((8, 3)).unwrap(),
    ///     array![
    ///         [0, 1, 3], [0, 9, 11], [0, 2, 4], [0, 10, 12],
    ///         [0, 5, 7], [0, 13, 15], [0, 6, 8], [0, 14, 16],
    ///     ]
    /// );
    ///
    /// // Any number of spatial dims, and any remaining dims after them.
    /// let v = Array::from_iter(0..6).into_shape_with_order((1, 6)).unwrap();
    /// assert_eq!(v.tf_space_to_batch_nd(&[3], &[[0, 0]])?, array![[0, 3], [1, 4], [2, 5]]);
    ///
    /// assert_eq!(
    ///     v.tf_space_to_batch_nd(&[4], &[[1, 0]]),
    ///     Err(Error::PaddedNotDivisible { index: 0, padded: 7, block: 4 })
    /// );
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_space_to_batch_nd<L: IntList + ?Sized, P: IntPairs + ?Sized>(
        &self,
        block_shape: &L,
        paddings: &P,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone + Default;

    /// `tf.batch_to_space(self, block_shape, crops)` (TensorFlow's `BatchToSpaceND`;
    /// `tf.batch_to_space_nd` in TF 1.x): the inverse of
    /// [`tf_space_to_batch_nd`](SpaceToBatchExt::tf_space_to_batch_nd), then `crops[i]` taken
    /// off the start and end of spatial dim `i`.
    ///
    /// The output is `[batch / prod(block_shape)] + [dim_i * block_shape[i] - crops[i][0] -
    /// crops[i][1]] + remaining`. An empty `block_shape` returns a copy of `self`.
    ///
    /// As for `tf_space_to_batch_nd`, negative block sizes and crops (which TensorFlow rejects)
    /// cannot be written, and any number of spatial dims may move.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::BlockRankTooLarge`]: the input has fewer than `block_shape.len() + 1` axes.
    /// - [`Error::BlockPaddingsLength`]: `crops` does not have one row per block dim.
    /// - [`Error::BlockProductZero`]: a block size is 0.
    /// - [`Error::BatchNotDivisible`]: the batch is not a multiple of `prod(block_shape)`
    ///   (a product past `usize::MAX` shows as `usize::MAX`).
    /// - [`Error::CropsTooLarge`]: a dim's crops exceed `dim * block_shape[i]` (the first one).
    /// - [`Error::TooLarge`]: an output dim overflows `usize` (the shape then shows `usize::MAX`
    ///   there), or the output has more elements or bytes than an allocation can hold, or `self`
    ///   is a view (a broadcast one, say) whose copy would.
    ///
    /// # Example
    /// TensorFlow's example 4 (`tf.batch_to_space` documentation): the inverse of the
    /// `tf_space_to_batch_nd` example, the padding cropped off.
    /// ```
    /// use ndarray::{array, Array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = array![
    ///     [0, 1, 3], [0, 9, 11], [0, 2, 4], [0, 10, 12],
    ///     [0, 5, 7], [0, 13, 15], [0, 6, 8], [0, 14, 16],
    /// ];
    /// let x = x.into_shape_with_order((8, 1, 3, 1)).unwrap();
    /// let y = x.tf_batch_to_space_nd(&[2, 2], &[[0, 0], [2, 0]])?;
    /// assert_eq!(y, Array::from_iter(1..=16).into_shape_with_order((2, 2, 4, 1)).unwrap());
    ///
    /// assert_eq!(
    ///     x.tf_batch_to_space_nd(&[3, 1], &[[0, 0], [0, 0]]),
    ///     Err(Error::BatchNotDivisible { batch: 8, product: 3 })
    /// );
    /// assert_eq!(
    ///     x.tf_batch_to_space_nd(&[2, 2], &[[1, 2], [0, 0]]),
    ///     Err(Error::CropsTooLarge { index: 0, cropped: -1 })
    /// );
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_batch_to_space_nd<L: IntList + ?Sized, P: IntPairs + ?Sized>(
        &self,
        block_shape: &L,
        crops: &P,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    /// `tf.compat.v1.space_to_batch(self, paddings, block_size)`: the 4-D (NHWC) form,
    /// [`tf_space_to_batch_nd`](SpaceToBatchExt::tf_space_to_batch_nd) with `block_shape =
    /// [block_size, block_size]` on `[batch, height, width, depth]`.
    ///
    /// TensorFlow 2.x's `tf.compat.v1.space_to_batch` is exactly that call followed by a rank
    /// check, so, whatever the old documentation says ("block_size must be greater than one"),
    /// block size 1 is accepted (zero padding only) and 0 fails as the ND op fails; the raw
    /// `SpaceToBatch` op, which did refuse them, is not what TF 2.x's Python calls.
    ///
    /// # Errors
    /// In TensorFlow's order: the errors of
    /// [`tf_space_to_batch_nd`](SpaceToBatchExt::tf_space_to_batch_nd) (a zero `block_size` is
    /// [`Error::BlockShapeZero`] at index 0), then [`Error::WrongRank`] for an input of a rank
    /// other than 4 (TF: "Shape (..) must have rank 4", raised on the ND op's result), then
    /// [`Error::TooLarge`].
    ///
    /// # Example
    /// The examples of TensorFlow's `tf.space_to_batch` documentation (the seed's), with
    /// TensorFlow's actual results:
    /// ```
    /// use ndarray::{array, Array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let none = [[0, 0], [0, 0]];
    /// // (1) [1, 2, 2, 1], block_size 2: shape [4, 1, 1, 1].
    /// let x = array![[[[1], [2]], [[3], [4]]]];
    /// assert_eq!(x.tf_space_to_batch(&none, 2)?, array![[[[1]]], [[[2]]], [[[3]]], [[[4]]]]);
    ///
    /// // (2) [1, 2, 2, 3]: shape [4, 1, 1, 3]. (The doc prints the value one bracket short,
    /// // [[[1, 2, 3]], [[4, 5, 6]], ..], which would be [4, 1, 3].)
    /// let x = array![[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]];
    /// assert_eq!(
    ///     x.tf_space_to_batch(&none, 2)?,
    ///     array![[[[1, 2, 3]]], [[[4, 5, 6]]], [[[7, 8, 9]]], [[[10, 11, 12]]]]
    /// );
    ///
    /// // (3) [1, 4, 4, 1]: shape [4, 2, 2, 1]. The doc's value is wrong: it gives the first
    /// // batch as [[[1], [3]], [[5], [7]]], but batch 0 takes every other row as well as every
    /// // other column, so TensorFlow returns [[[1], [3]], [[9], [11]]].
    /// let x = Array::from_iter(1..=16).into_shape_with_order((1, 4, 4, 1)).unwrap();
    /// assert_eq!(
    ///     x.tf_space_to_batch(&none, 2)?,
    ///     array![
    ///         [[[1], [3]], [[9], [11]]],
    ///         [[[2], [4]], [[10], [12]]],
    ///         [[[5], [7]], [[13], [15]]],
    ///         [[[6], [8]], [[14], [16]]],
    ///     ]
    /// );
    ///
    /// // (4) [2, 2, 4, 1]: shape [8, 1, 2, 1], block offsets outermost, the input batch inside.
    /// let x = Array::from_iter(1..=16).into_shape_with_order((2, 2, 4, 1)).unwrap();
    /// assert_eq!(
    ///     x.tf_space_to_batch(&none, 2)?,
    ///     array![
    ///         [[[1], [3]]], [[[9], [11]]], [[[2], [4]]], [[[10], [12]]],
    ///         [[[5], [7]]], [[[13], [15]]], [[[6], [8]]], [[[14], [16]]],
    ///     ]
    /// );
    ///
    /// // Block size 1 only pads; 0 and other ranks are errors.
    /// let x = array![[[[1], [2]]]];
    /// assert_eq!(x.tf_space_to_batch(&[[1, 0], [0, 0]], 1)?, array![[[[0], [0]], [[1], [2]]]]);
    /// assert_eq!(x.tf_space_to_batch(&none, 0), Err(Error::BlockShapeZero { index: 0 }));
    /// assert!(matches!(
    ///     array![[[1, 2], [3, 4]]].tf_space_to_batch(&none, 2),
    ///     Err(Error::WrongRank { expected: 4, rank: 3, .. })
    /// ));
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_space_to_batch<P: IntPairs + ?Sized>(
        &self,
        paddings: &P,
        block_size: usize,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone + Default;

    /// `tf.compat.v1.batch_to_space(self, crops, block_size)`: the 4-D (NHWC) form,
    /// [`tf_batch_to_space_nd`](SpaceToBatchExt::tf_batch_to_space_nd) with `block_shape =
    /// [block_size, block_size]`.
    ///
    /// As for [`tf_space_to_batch`](SpaceToBatchExt::tf_space_to_batch), TF 2.x calls the ND op:
    /// block size 1 is accepted (crops only), 0 fails as the ND op fails.
    ///
    /// # Errors
    /// In TensorFlow's order: the errors of
    /// [`tf_batch_to_space_nd`](SpaceToBatchExt::tf_batch_to_space_nd) (a zero `block_size` is
    /// [`Error::BlockProductZero`]), then [`Error::WrongRank`] for an input of a rank other than
    /// 4, then [`Error::TooLarge`].
    ///
    /// # Example
    /// The examples of TensorFlow's `tf.batch_to_space` documentation (the seed's), with
    /// TensorFlow's actual results:
    /// ```
    /// use ndarray::{array, Array};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let none = [[0, 0], [0, 0]];
    /// // (1) [4, 1, 1, 1], block_size 2: shape [1, 2, 2, 1].
    /// let x = array![[[[1]]], [[[2]]], [[[3]]], [[[4]]]];
    /// assert_eq!(x.tf_batch_to_space(&none, 2)?, array![[[[1], [2]], [[3], [4]]]]);
    ///
    /// // (2) [4, 1, 1, 3]: shape [1, 2, 2, 3]. (The doc prints the input one bracket short.)
    /// let x = array![[[[1, 2, 3]]], [[[4, 5, 6]]], [[[7, 8, 9]]], [[[10, 11, 12]]]];
    /// assert_eq!(
    ///     x.tf_batch_to_space(&none, 2)?,
    ///     array![[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]]
    /// );
    ///
    /// // (3) [4, 2, 2, 1]: shape [1, 4, 4, 1]. The doc's input is the wrong result of
    /// // space_to_batch's example (3) (5 and 7 where 9 and 11 belong), so the numbers 1 to 16
    /// // it promises come back only from the right input; from the doc's own input TensorFlow
    /// // returns a third row of [5, 10, 7, 12]. (The doc also prints the output one bracket
    /// // short.)
    /// let seeds_input = array![
    ///     [[[1], [3]], [[5], [7]]],
    ///     [[[2], [4]], [[10], [12]]],
    ///     [[[5], [7]], [[13], [15]]],
    ///     [[[6], [8]], [[14], [16]]],
    /// ];
    /// assert_eq!(
    ///     seeds_input.tf_batch_to_space(&none, 2)?.into_shape_with_order((4, 4)).unwrap(),
    ///     array![[1, 2, 3, 4], [5, 6, 7, 8], [5, 10, 7, 12], [13, 14, 15, 16]]
    /// );
    /// let mut right_input = seeds_input;
    /// right_input.slice_mut(ndarray::s![0, 1, .., 0]).assign(&array![9, 11]);
    /// assert_eq!(
    ///     right_input.tf_batch_to_space(&none, 2)?,
    ///     Array::from_iter(1..=16).into_shape_with_order((1, 4, 4, 1)).unwrap()
    /// );
    ///
    /// // (4) [8, 1, 2, 1]: shape [2, 2, 4, 1]. The doc's value is example (3)'s wrong one
    /// // again (of shape [4, 2, 2, 1]); TensorFlow returns the numbers 1 to 16, space_to_batch's
    /// // example (4) undone.
    /// let x = array![
    ///     [[[1], [3]]], [[[9], [11]]], [[[2], [4]]], [[[10], [12]]],
    ///     [[[5], [7]]], [[[13], [15]]], [[[6], [8]]], [[[14], [16]]],
    /// ];
    /// assert_eq!(
    ///     x.tf_batch_to_space(&none, 2)?,
    ///     Array::from_iter(1..=16).into_shape_with_order((2, 2, 4, 1)).unwrap()
    /// );
    ///
    /// // Block size 1 only crops; 0 is an error.
    /// assert_eq!(x.tf_batch_to_space(&[[0, 0], [1, 0]], 1)?.shape(), &[8, 1, 1, 1]);
    /// assert_eq!(x.tf_batch_to_space(&none, 0), Err(Error::BlockProductZero));
    /// # Ok::<(), ndarray_tfslice::Error>(())
    /// ```
    fn tf_batch_to_space<P: IntPairs + ?Sized>(
        &self,
        crops: &P,
        block_size: usize,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> SpaceToBatchExt<A, D> for ArrayRef<A, D> {
    fn tf_space_to_batch_nd<L: IntList + ?Sized, P: IntPairs + ?Sized>(
        &self,
        block_shape: &L,
        paddings: &P,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone + Default,
    {
        let plan = space_to_batch_plan(
            self.shape(),
            &widen(block_shape, Argument::BlockShape)?,
            &pairs(paddings, Argument::Paddings)?,
        )?;
        rearrange(self, &plan, copy::space_to_batch)
    }

    fn tf_batch_to_space_nd<L: IntList + ?Sized, P: IntPairs + ?Sized>(
        &self,
        block_shape: &L,
        crops: &P,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let plan = batch_to_space_plan(
            self.shape(),
            &widen(block_shape, Argument::BlockShape)?,
            &pairs(crops, Argument::Crops)?,
        )?;
        rearrange(self, &plan, copy::batch_to_space)
    }

    fn tf_space_to_batch<P: IntPairs + ?Sized>(
        &self,
        paddings: &P,
        block_size: usize,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone + Default,
    {
        let block = block_i64(block_size)?;
        let plan = space_to_batch_plan(
            self.shape(),
            &[block; 2],
            &pairs(paddings, Argument::Paddings)?,
        )?;
        rank_4("tf_space_to_batch", self.ndim())?;
        rearrange(self, &plan, copy::space_to_batch)
    }

    fn tf_batch_to_space<P: IntPairs + ?Sized>(
        &self,
        crops: &P,
        block_size: usize,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let block = block_i64(block_size)?;
        let plan = batch_to_space_plan(self.shape(), &[block; 2], &pairs(crops, Argument::Crops)?)?;
        rank_4("tf_batch_to_space", self.ndim())?;
        rearrange(self, &plan, copy::batch_to_space)
    }

    private_impl! {}
}

/// `block_size` as the `block_shape` entries of the ND op; past `i64` (TensorFlow's widest) it
/// is [`Error::ValueOutOfRange`], as a `block_shape` entry would be.
fn block_i64(block_size: usize) -> Result<i64, Error> {
    i64::try_from(block_size).map_err(|_| Error::ValueOutOfRange {
        argument: Argument::BlockShape,
        index: 0,
        value: block_size.to_string(),
    })
}

/// `paddings` / `crops` read for the plan: its shape, and its pairs when it has 2 columns.
fn pairs<P: IntPairs + ?Sized>(list: &P, argument: Argument) -> Result<Pairs, Error> {
    let shape = list.__shape();
    let values = if shape[1] == 2 {
        list.__widen_pairs(argument)?
    } else {
        Vec::new()
    };
    Ok(Pairs { shape, values })
}

/// TF 2.x's 4-D forms check the rank on the ND op's result, so after the ND op's own checks.
fn rank_4(op: &'static str, rank: usize) -> Result<(), Error> {
    if rank == 4 {
        Ok(())
    } else {
        Err(Error::WrongRank {
            op,
            expected: 4,
            rank,
        })
    }
}

/// The output of `plan`, written by `copy` from `x` in C order.
fn rearrange<A: Clone, D: Dimension>(
    x: &ArrayRef<A, D>,
    plan: &Plan,
    copy: impl Fn(&[A], &Plan, usize, Vec<A>) -> Vec<A>,
) -> Result<Array<A, D>, Error> {
    // try_vec checks the size (so the product below cannot overflow) and reserves fallibly: a
    // result that fits isize but not in memory is an Err, not an abort.
    let out = try_vec::<A>(&plan.out_shape)?;
    let len = if plan.out_shape.contains(&0) {
        0
    } else {
        plan.out_shape.iter().product()
    };
    let data = if len == 0 {
        out
    } else {
        copy(&c_order(x)?, plan, len, out)
    };
    let mut dim = x.raw_dim();
    for (d, &n) in dim.slice_mut().iter_mut().zip(&plan.out_shape) {
        *d = n;
    }
    from_c_order(dim, data)
}
