//! Owned copies of slices: TensorFlow's `strided_slice` result as a new array, at memory speed.

use std::borrow::Cow;

use ndarray::{Array, ArrayD, ArrayRef, ArrayView, Dimension, IxDyn};

use crate::error::Error;
use crate::util::alloc::check_size;

/// `data`, the elements of a result in C order, as an array of shape `dim`. Every op builds
/// `data` for exactly that shape, so ndarray refusing it is a bug of this crate: an
/// [`Error::Internal`], never a panic.
pub(crate) fn from_c_order<A, D: Dimension>(dim: D, data: Vec<A>) -> Result<Array<A, D>, Error> {
    Array::from_shape_vec(dim, data)
        .map_err(|e| Error::Internal(format!("ndarray refused a result: {e}")))
}

/// A standard-layout (C order) copy of `view`, as TensorFlow's `strided_slice` returns it.
///
/// Why not `view.to_owned()`: for a view that is not contiguous (every strided or reversed
/// slice), ndarray's `to_owned` walks it element by element through the general iterator, which
/// measured 2.4x slower than NumPy's `.copy()` on a 4 MiB `[::-1, 1:63:2, ::-2]`. Filling a new
/// array and `assign`ing the view goes through `Zip`, whose inner loop runs along whole lanes and
/// measured on par with NumPy (`benches/strided_assign.rs`, group `to_owned_4MiB`). The fill costs one
/// pass over the output; `Array::uninit` would avoid it only with `unsafe`, and measured no
/// faster.
///
/// [`Error::TooLarge`] where the copy would have more bytes than an allocation can hold: a view
/// that is not contiguous may repeat elements (a broadcast view has stride 0), so its element
/// count times the element size can pass `isize::MAX`, where `from_elem` would panic.
pub(crate) fn owned_copy<A: Clone>(view: ArrayView<'_, A, IxDyn>) -> Result<ArrayD<A>, Error> {
    match view.first() {
        Some(first) if !view.is_standard_layout() => {
            check_size::<A>(view.shape())?;
            let mut out = ArrayD::from_elem(view.raw_dim(), first.clone());
            out.assign(&view);
            Ok(out)
        }
        // Contiguous in C order (ndarray copies it as one slice, which exists, so its copy fits),
        // or empty (nothing to copy and no element to fill with).
        _ => Ok(view.to_owned()),
    }
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
        // A fresh owned_copy is in standard layout from offset 0: its Vec is the C order.
        None => Cow::Owned(owned_copy(x.view().into_dyn())?.into_raw_vec_and_offset().0),
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
