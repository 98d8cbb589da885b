//! Result dimension types worked out from input dimension types: [`MaskedDim`] for the ops whose
//! output rank is `rank(x) - rank(mask) + 1` (`tf_boolean_mask`, `tf_dynamic_stitch`), and the
//! conversion of a checked shape into the result's dimension type.

use ndarray::{Dim, Dimension, Ix1, Ix2, Ix3, Ix4, Ix5, Ix6, IxDyn};

use crate::error::Error;
use crate::util::sealed::{private_decl, private_impl};

/// The dimension type of `rank(Self) - rank(M) + 1` axes: what `tf_boolean_mask` returns for an
/// input of dimension `Self` and a mask of dimension `M`, and what `tf_dynamic_stitch` returns for
/// `data` of dimension `Self` and `indices` of dimension `M` (the masked, or indexed, axes become
/// one).
///
/// Implemented for every pair of fixed dimensions `IxN`, `IxM` with `1 <= M <= N <= 6` (so an
/// `Ix1` mask keeps the input's type, an `Ix2` mask on an `Ix3` input gives `Ix2`, ...), and with
/// `IxDyn` on either side (result `IxDyn`). A mask of higher fixed rank than the input has no
/// impl: TensorFlow rejects it, and here it does not compile. Sealed.
///
/// ```
/// use ndarray::{array, Array2, Array3, ArrayD, Ix2, Ix3};
/// use ndarray_tfslice::prelude::*;
///
/// let x: Array3<i32> = Array3::zeros((2, 3, 4));
/// let mask = array![[true, false, true], [false, false, true]];
/// // Two masked axes become one: a typed Ix2 result, no into_dimensionality.
/// let kept: Array2<i32> = x.tf_boolean_mask(&mask, 0)?;
/// assert_eq!(kept.shape(), &[3, 4]);
/// // IxDyn on either side gives IxDyn.
/// let kept: ArrayD<i32> = x.tf_boolean_mask(&mask.into_dyn(), 0)?;
/// assert_eq!(kept.shape(), &[3, 4]);
/// fn check<D: MaskedDim<Ix2, Masked = Ix2>>() {}
/// check::<Ix3>();
/// # Ok::<(), Error>(())
/// ```
pub trait MaskedDim<M: Dimension>: Dimension {
    /// `rank(Self) - rank(M) + 1` axes.
    type Masked: Dimension;

    private_decl! {}
}

/// The dimension type [`MaskedDim`] gives: `Masked<D, E>` is `<D as MaskedDim<E>>::Masked`, the
/// result of `tf_boolean_mask` on a `D` input with an `E` mask.
///
/// ```
/// use ndarray::{Ix1, Ix2, Ix3};
/// use ndarray_tfslice::Masked;
/// let _: Option<Masked<Ix3, Ix2>> = None::<Ix2>;
/// let _: Option<Masked<Ix2, Ix1>> = None::<Ix2>;
/// ```
pub type Masked<D, E> = <D as MaskedDim<E>>::Masked;

macro_rules! masked {
    ($x:ty, $m:ty => $out:ty) => {
        impl MaskedDim<$m> for $x {
            type Masked = $out;
            private_impl! {}
        }
    };
}

masked!(Ix1, Ix1 => Ix1);
masked!(Ix2, Ix1 => Ix2);
masked!(Ix2, Ix2 => Ix1);
masked!(Ix3, Ix1 => Ix3);
masked!(Ix3, Ix2 => Ix2);
masked!(Ix3, Ix3 => Ix1);
masked!(Ix4, Ix1 => Ix4);
masked!(Ix4, Ix2 => Ix3);
masked!(Ix4, Ix3 => Ix2);
masked!(Ix4, Ix4 => Ix1);
masked!(Ix5, Ix1 => Ix5);
masked!(Ix5, Ix2 => Ix4);
masked!(Ix5, Ix3 => Ix3);
masked!(Ix5, Ix4 => Ix2);
masked!(Ix5, Ix5 => Ix1);
masked!(Ix6, Ix1 => Ix6);
masked!(Ix6, Ix2 => Ix5);
masked!(Ix6, Ix3 => Ix4);
masked!(Ix6, Ix4 => Ix3);
masked!(Ix6, Ix5 => Ix2);
masked!(Ix6, Ix6 => Ix1);
masked!(IxDyn, IxDyn => IxDyn);

macro_rules! masked_dyn {
    ($($n:literal)*) => {$(
        masked!(IxDyn, Dim<[usize; $n]> => IxDyn);
        masked!(Dim<[usize; $n]>, IxDyn => IxDyn);
    )*};
}

masked_dyn!(0 1 2 3 4 5 6);

/// `shape` as the dimension type `D`: the checks before guarantee the rank, so a mismatch is an
/// internal error, never a panic (`D::zeros` panics on the wrong rank for fixed dimensions).
pub(crate) fn dim_of<D: Dimension>(shape: &[usize]) -> Result<D, Error> {
    if D::NDIM.is_some_and(|n| n != shape.len()) {
        return Err(Error::Internal(format!(
            "a result of shape {shape:?} does not fit {}",
            std::any::type_name::<D>()
        )));
    }
    let mut dim = D::zeros(shape.len());
    dim.slice_mut().copy_from_slice(shape);
    Ok(dim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims_of_the_right_rank_only() {
        assert_eq!(dim_of::<Ix2>(&[2, 3]), Ok(ndarray::Dim([2, 3])));
        assert_eq!(dim_of::<IxDyn>(&[2, 3, 4]), Ok(IxDyn(&[2, 3, 4])));
        assert!(matches!(dim_of::<Ix2>(&[2]), Err(Error::Internal(_))));
    }
}
