//! `to_standard_layout`: a C-order owned copy of any view, through the crate's copy engine.

use ndarray::{Array, ArrayRef, Dimension};

use crate::error::Error;
use crate::util::owned::owned_copy;
use crate::util::sealed::{private_decl, private_impl};

/// A C-order (standard layout) owned copy of any ndarray array or view, at memory speed.
///
/// Implemented on ndarray 0.17's `ArrayRef<A, D>`, so it serves `Array`, views, `ArcArray` and
/// `CowArray` alike, with any dimension type.
pub trait StandardLayoutExt<A, D: Dimension> {
    /// A new array with the elements of `self`, in standard layout (C order, row-major), with
    /// `self`'s shape and dimension type: what TensorFlow's tensors always are, and what a
    /// runtime taking a row-major buffer (ONNX, an NCHW inference engine, a file) needs.
    ///
    /// This is the copy behind every owned result of this crate (the `_to_owned` methods,
    /// [`Plan::apply_to_owned`](crate::Plan::apply_to_owned)): the axes that are contiguous in
    /// both `self` and the result are merged, whole runs are copied as slices, short runs (a
    /// pixel's 3 channels, a box's 2 coordinates) and reversed runs by their own kernels, and
    /// each element is written once.
    ///
    /// Which to use:
    /// - a view that is already in C order needs no copy (`view.as_slice()` is `Some`);
    /// - `x.to_standard_layout()?` for a C-order copy of any view, for example the NHWC to NCHW
    ///   conversion `x.tf_transpose(&[0, 3, 1, 2])?.to_standard_layout()?`;
    /// - not ndarray's `view.to_owned()` when the layout matters: for a view contiguous in
    ///   memory but not in C order (a reversal `x[..., ::-1]` of a whole array, a transpose) it
    ///   keeps the view's strides, and for other views it copies element by element;
    /// - ndarray's `as_standard_layout()` (a `CowArray`, borrowed when already C order) gives the
    ///   same elements but copies through ndarray's element iterator, and panics or aborts where
    ///   this returns [`Error::TooLarge`].
    ///
    /// # Errors
    /// [`Error::TooLarge`]: the copy has more elements or bytes than an allocation can hold, or
    /// the allocation fails. Only a view that repeats elements (a broadcast view has stride 0)
    /// can be larger than the memory it views.
    ///
    /// # Example
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // An NHWC batch (1, 2, 2, 3) to NCHW (1, 3, 2, 2), row-major.
    /// let nhwc = array![[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]];
    /// let nchw = nhwc.tf_transpose(&[0, 3, 1, 2])?.to_standard_layout()?;
    /// assert_eq!(nchw, array![[[[1, 4], [7, 10]], [[2, 5], [8, 11]], [[3, 6], [9, 12]]]]);
    /// assert_eq!(nchw.as_slice(), Some(&[1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9, 12][..]));
    ///
    /// // YOLO's xy[..., ::-1]: ndarray's to_owned keeps the reversed strides, this does not.
    /// let xy = array![[1.0, 2.0], [3.0, 4.0]];
    /// let yx = xy.tf_index(&"..., ::-1".parse()?)?;
    /// assert!(!yx.to_owned().is_standard_layout());
    /// let yx = yx.to_standard_layout()?;
    /// assert_eq!(yx.as_slice(), Some(&[2.0, 1.0, 4.0, 3.0][..]));
    ///
    /// // A broadcast view that would not fit in memory is an error, not an abort.
    /// let one = array![7u8];
    /// let huge = one.broadcast((1 << 40, 1 << 22)).unwrap();
    /// assert!(matches!(huge.to_standard_layout(), Err(Error::TooLarge { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    fn to_standard_layout(&self) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> StandardLayoutExt<A, D> for ArrayRef<A, D> {
    #[inline]
    fn to_standard_layout(&self) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        owned_copy(self.view())
    }

    private_impl! {}
}
