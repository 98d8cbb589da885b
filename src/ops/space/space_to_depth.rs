//! `SpaceToDepthExt`: TensorFlow's `space_to_depth` and `depth_to_space` on NHWC images.

use ndarray::{Array, ArrayRef, ArrayView, Dimension, ShapeBuilder};

use crate::error::Error;
use crate::ops::space::nhwc::{nhwc, output_shape, owned};
use crate::util::alloc::try_vec;
use crate::util::copy::extend_c_order;
use crate::util::owned::c_order;
use crate::util::sealed::{private_decl, private_impl};
use crate::util::shape::element_count;

/// TensorFlow's `tf.nn.space_to_depth` and `tf.nn.depth_to_space` as methods of every ndarray
/// array of rank 4 (`[batch, height, width, depth]`, TensorFlow's default NHWC layout).
///
/// Both return an owned copy in the input's dimension type (`Array4` for `Array4`, `ArrayD` for
/// `ArrayD`; any other rank is [`Error::WrongRank`]). Depth is laid out in TensorFlow's default
/// "DCR" order: within a block, row-major over the block's rows, then columns, then the input's
/// depth.
///
/// ```
/// use ndarray::{ArrayD, IxDyn};
/// use ndarray_tfslice::prelude::*;
///
/// // Any array of rank 4 (here dynamic-rank, and a view) goes in; its dimension type comes out.
/// let x = ArrayD::from_shape_vec(IxDyn(&[1, 4, 4, 2]), (0..32).collect()).unwrap();
/// let y: ArrayD<i32> = x.view().tf_space_to_depth(2)?;
/// assert_eq!(y.shape(), &[1, 2, 2, 8]);
/// assert_eq!(y.tf_depth_to_space(2)?, x);
/// # Ok::<(), Error>(())
/// ```
pub trait SpaceToDepthExt<A, D: Dimension> {
    /// `tf.nn.space_to_depth(self, block_size)`: each `block_size x block_size` spatial block
    /// becomes one pixel whose depth holds the block's pixels in row-major order.
    ///
    /// The result has shape `[batch, height / block_size, width / block_size,
    /// depth * block_size²]`, and
    /// `out[b, i, j, (di * block_size + dj) * depth + k] = self[b, i * block_size + di,
    /// j * block_size + dj, k]`.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::BlockSizeTooSmall`]: `block_size < 2` (TensorFlow's attribute minimum, checked
    ///   before the input is looked at; the seed documentation's "`block_size` be >=1" is wrong).
    /// - [`Error::WrongRank`]: the input's rank is not 4.
    /// - [`Error::SpaceNotDivisible`]: `block_size` does not divide the height or the width (also
    ///   when the array is empty, as in TensorFlow).
    /// - [`Error::TooLarge`]: the result's depth overflows (only possible for an empty input).
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.space_to_depth` documentation):
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = array![[[[1], [2]], [[3], [4]]]];
    /// assert_eq!(x.tf_space_to_depth(2)?, array![[[[1, 2, 3, 4]]]]);
    ///
    /// let x = array![[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]];
    /// assert_eq!(x.tf_space_to_depth(2)?, array![[[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]]]);
    ///
    /// let x = array![[
    ///     [[1], [2], [5], [6]],
    ///     [[3], [4], [7], [8]],
    ///     [[9], [10], [13], [14]],
    ///     [[11], [12], [15], [16]],
    /// ]];
    /// let y = x.tf_space_to_depth(2)?;
    /// assert_eq!(y, array![[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]]);
    ///
    /// assert_eq!(
    ///     x.tf_space_to_depth(3).unwrap_err().to_string(),
    ///     "Image width 4 and height 4 should be divisible by block_size: 3"
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_space_to_depth(&self, block_size: usize) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    /// `tf.nn.depth_to_space(self, block_size)`, the inverse of
    /// [`tf_space_to_depth`](SpaceToDepthExt::tf_space_to_depth): each pixel's depth is spread
    /// over a `block_size x block_size` spatial block.
    ///
    /// The result has shape `[batch, height * block_size, width * block_size,
    /// depth / block_size²]` (the seed documentation says the width becomes
    /// `input_depth * block_size`: it is `width * block_size`), and
    /// `out[b, i * block_size + di, j * block_size + dj, k] = self[b, i, j,
    /// (di * block_size + dj) * (depth / block_size²) + k]`.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::BlockSizeTooSmall`]: `block_size < 2`.
    /// - [`Error::WrongRank`]: the input's rank is not 4 (TensorFlow words it `Input rank should
    ///   be: 4 instead of: 3` for this op).
    /// - [`Error::DepthNotDivisible`]: `block_size²` does not divide the depth (also when the
    ///   array is empty).
    /// - [`Error::TooLarge`]: the result's height or width overflows (only possible for an empty
    ///   input).
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.depth_to_space` documentation):
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let x = array![[[[1, 2, 3, 4]]]];
    /// assert_eq!(x.tf_depth_to_space(2)?, array![[[[1], [2]], [[3], [4]]]]);
    ///
    /// let x = array![[[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]]];
    /// assert_eq!(x.tf_depth_to_space(2)?, array![[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]]);
    ///
    /// // The documentation prints this result with one pair of brackets missing; its shape is
    /// // [1, 4, 4, 1], as it says.
    /// let x = array![[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]];
    /// let y = x.tf_depth_to_space(2)?;
    /// assert_eq!(
    ///     y,
    ///     array![[
    ///         [[1], [2], [5], [6]],
    ///         [[3], [4], [7], [8]],
    ///         [[9], [10], [13], [14]],
    ///         [[11], [12], [15], [16]],
    ///     ]]
    /// );
    ///
    /// assert_eq!(y.tf_space_to_depth(2)?, x);
    /// assert_eq!(
    ///     x.tf_depth_to_space(1).unwrap_err(),
    ///     Error::BlockSizeTooSmall { block_size: 1 }
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_depth_to_space(&self, block_size: usize) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> SpaceToDepthExt<A, D> for ArrayRef<A, D> {
    fn tf_space_to_depth(&self, block_size: usize) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let (input_shape, output_shape) = space_to_depth_shape::<A>(self.shape(), block_size)?;
        let data = space_to_depth(&c_order(self)?, input_shape, block_size)?;
        owned(self.raw_dim(), output_shape, data)
    }

    fn tf_depth_to_space(&self, block_size: usize) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let (input_shape, output_shape) = depth_to_space_shape::<A>(self.shape(), block_size)?;
        let data = depth_to_space(&c_order(self)?, input_shape, block_size)?;
        owned(self.raw_dim(), output_shape, data)
    }

    private_impl! {}
}

/// TensorFlow's checks for `SpaceToDepth`, in its order: the input's `[n, h, w, c]` and the
/// result's shape.
fn space_to_depth_shape<A>(
    shape: &[usize],
    block_size: usize,
) -> Result<([usize; 4], [usize; 4]), Error> {
    if block_size < 2 {
        return Err(Error::BlockSizeTooSmall { block_size });
    }
    let [n, h, w, c] = nhwc("tf_space_to_depth", shape)?;
    if h % block_size != 0 || w % block_size != 0 {
        return Err(Error::SpaceNotDivisible {
            width: w,
            height: h,
            block_size,
        });
    }
    let depth = element_count(&[c, block_size, block_size]);
    let out = output_shape::<A>([Some(n), Some(h / block_size), Some(w / block_size), depth])?;
    Ok(([n, h, w, c], out))
}

/// TensorFlow's checks for `DepthToSpace`, in its order: the input's `[n, h, w, c]` and the
/// result's shape.
fn depth_to_space_shape<A>(
    shape: &[usize],
    block_size: usize,
) -> Result<([usize; 4], [usize; 4]), Error> {
    if block_size < 2 {
        return Err(Error::BlockSizeTooSmall { block_size });
    }
    let [n, h, w, c] = nhwc("tf_depth_to_space", shape)?;
    // A block size whose square overflows divides only a depth of 0.
    let block_size_sq = block_size.checked_mul(block_size);
    let depth = match block_size_sq {
        Some(sq) if c % sq == 0 => c / sq,
        None if c == 0 => 0,
        _ => {
            return Err(Error::DepthNotDivisible {
                depth: c,
                block_size_sq: block_size_sq.unwrap_or(usize::MAX),
            });
        }
    };
    let out = output_shape::<A>([
        Some(n),
        h.checked_mul(block_size),
        w.checked_mul(block_size),
        Some(depth),
    ])?;
    Ok(([n, h, w, c], out))
}

/// The row-major elements of `space_to_depth` of a row-major `[n, h, w, c]` input.
///
/// The result in C order is this view of the input: output row `(n, i)` is, for each output
/// pixel `j`, block row `j` (`block_size * c` elements, contiguous in the input and in the
/// output) of each of the band's `block_size` input rows in turn. The copy engine copies it:
/// the band's rows interleaved in units of a block row, one call per output row.
fn space_to_depth<A: Clone>(
    data: &[A],
    [n, h, w, c]: [usize; 4],
    block_size: usize,
) -> Result<Vec<A>, Error> {
    let block_row = block_size * c;
    if data.is_empty() || block_row == 0 {
        return Ok(Vec::new());
    }
    let view = ArrayView::from_shape(
        (n, h / block_size, w / block_size, block_size, block_row).strides((
            h * w * c,
            block_size * w * c,
            block_row,
            w * c,
            1,
        )),
        data,
    )
    .map_err(|e| Error::Internal(format!("space_to_depth view: {e}")))?;
    let mut out = try_vec::<A>(&[data.len()])?;
    extend_c_order(&mut out, &view);
    Ok(out)
}

/// The row-major elements of `depth_to_space` of a row-major `[n, h, w, c]` input.
///
/// Each input row (`w` pixels) becomes `block_size` output rows; output row `di` takes, from
/// every pixel in turn, the `block_size * c / block_size²` depth values that form that pixel's
/// block row `di`: a contiguous run in the input and in the output, one run every `c` elements
/// ([`crate::util::runs::gather_runs`] of one source).
fn depth_to_space<A: Clone>(
    data: &[A],
    [n, h, w, c]: [usize; 4],
    block_size: usize,
) -> Result<Vec<A>, Error> {
    let block_row = c / block_size;
    if data.is_empty() || block_row == 0 {
        return Ok(Vec::new());
    }
    // The result in C order is this view of the input: output row (n, h, di) is, for each input
    // pixel w, its `block_row` channels from `di * block_row` (the block's row di). The copy
    // engine copies it (fixed-size runs straight into the result).
    let view = ArrayView::from_shape(
        (n, h, block_size, w, block_row).strides((h * w * c, w * c, block_row, c, 1)),
        data,
    )
    .map_err(|e| Error::Internal(format!("depth_to_space view: {e}")))?;
    let mut out = try_vec::<A>(&[data.len()])?;
    extend_c_order(&mut out, &view);
    Ok(out)
}
