//! Owned copies of slices: TensorFlow's `strided_slice` result as a new array, at memory speed.

use std::borrow::Cow;

use ndarray::{Array, ArrayRef, ArrayView, Dimension};

use crate::error::Error;
use crate::util::alloc::try_vec;
use crate::util::copy::extend_c_order;

/// `data`, the elements of a result in C order, as an array of shape `dim`. Every op builds
/// `data` for exactly that shape, so ndarray refusing it is a bug of this crate: an
/// [`Error::Internal`], never a panic.
pub(crate) fn from_c_order<A, D: Dimension>(dim: D, data: Vec<A>) -> Result<Array<A, D>, Error> {
    Array::from_shape_vec(dim, data)
        .map_err(|e| Error::Internal(format!("ndarray refused a result: {e}")))
}

/// A standard-layout (C order) copy of `view`, as TensorFlow's `strided_slice` returns it.
///
/// Through the copy engine ([`crate::util::copy`]): axes contiguous in both the view and the
/// result merged, whole runs copied as slices, short and reversed runs by their own kernels,
/// each element written once. Not `view.to_owned()`: for a view that is contiguous in memory but
/// not in C order (`x[..., ::-1]` of a whole array, a transpose) that is one `memcpy` keeping the
/// view's strides, so the result is not in C order; and for other views it walks element by
/// element.
///
/// [`Error::TooLarge`] where the copy would have more bytes than an allocation can hold: a view
/// that is not contiguous may repeat elements (a broadcast view has stride 0), so its element
/// count times the element size can pass `isize::MAX`; also where the allocation fails.
pub(crate) fn owned_copy<A: Clone, D: Dimension>(
    view: ArrayView<'_, A, D>,
) -> Result<Array<A, D>, Error> {
    let dim = view.raw_dim();
    blocks_in_c_order(&[view], dim)
}

/// An array of shape `dim` whose data is each of `views` in turn, each in C order, copied by
/// the copy engine in one pass: a join on the outermost axis, a view whose C-order elements are
/// a result of another shape (a gather by evenly spaced indices), or one view ([`owned_copy`]).
/// The views' elements must number `dim`'s ([`Error::Internal`] otherwise); [`Error::TooLarge`]
/// where the allocation cannot be made.
pub(crate) fn blocks_in_c_order<A: Clone, D: Dimension, E: Dimension>(
    views: &[ArrayView<'_, A, D>],
    dim: E,
) -> Result<Array<A, E>, Error> {
    let mut data = try_vec::<A>(dim.slice())?;
    for view in views {
        extend_c_order(&mut data, view);
    }
    from_c_order(dim, data)
}

/// The elements of `x` in C order, as one slice: borrowed where `x` is already contiguous in C
/// order, else an [`owned_copy`]. The indexing ops (`tf_boolean_mask`, `tf_dynamic_partition`,
/// `tf_dynamic_stitch`) then copy whole contiguous runs out of it.
///
/// [`Error::TooLarge`] where that copy cannot exist (see [`owned_copy`]): an op whose result is
/// smaller than its input (a gather, a mask, a crop) would otherwise panic on a broadcast input.
pub(crate) fn c_order<A: Clone, D: Dimension>(x: &ArrayRef<A, D>) -> Result<Cow<'_, [A]>, Error> {
    Ok(match x.as_slice() {
        Some(slice) => Cow::Borrowed(slice),
        None => {
            let mut data = try_vec::<A>(x.shape())?;
            extend_c_order(&mut data, &x.view());
            Cow::Owned(data)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array3, s};

    #[test]
    fn copies_are_standard_layout_and_equal() {
        let x = Array3::from_shape_fn((4, 5, 6), |(i, j, k)| (i * 100 + j * 10 + k) as i32);
        for v in [
            x.slice(s![..;-1, 1..;2, ..;-2]).into_dyn(),
            x.slice(s![.., .., ..]).into_dyn(),
            x.slice(s![1..3, .., 2]).into_dyn(),
            x.slice(s![.., 2..2, ..]).into_dyn(),
            x.t().into_dyn(),
        ] {
            let copy = owned_copy(v.clone()).unwrap();
            assert_eq!(copy, v);
            assert!(copy.is_standard_layout());
        }
    }
}
