//! [`ArrayLike`]: what the list-taking ops (`tf_concat`, `tf_stack`, `tf_dynamic_stitch`) accept
//! as list items, so a port passes `&[a, b]`, `&[a.view(), b]`-free lists of owned arrays, views
//! or references without mapping them to views first.

use ndarray::{ArrayBase, ArrayRef, ArrayView, Data, Dimension};

use crate::error::Error;
use crate::util::alloc::try_vec;
use crate::util::sealed::{private_decl, private_impl};

/// An item of a list input: an owned array (`Array2<f32>`), a view (`ArrayView2<f32>`), an
/// `ArcArray`/`CowArray`, or a reference to any of them (`&Array2<f32>`), of any dimension type.
///
/// The list itself is a slice: `&[a, b]`, `&vec` (a `Vec` derefs to one), `&parts[1..]`.
///
/// ```
/// use ndarray::{array, Array2, ArrayView2};
/// use ndarray_tfslice::prelude::*;
///
/// let a = array![[1, 2]];
/// let b = array![[3, 4]];
/// let want = array![[1, 2], [3, 4]];
/// // References, owned arrays, views, Vecs: no .view() mapping.
/// assert_eq!(tf_concat(&[&a, &b], 0)?, want);
/// assert_eq!(tf_concat(&[a.clone(), b.clone()], 0)?, want);
/// let views: Vec<ArrayView2<i32>> = vec![a.view(), b.view()];
/// assert_eq!(tf_concat(&views, 0)?, want);
/// let owned: Vec<Array2<i32>> = vec![a, b];
/// assert_eq!(tf_stack(&owned, 0)?.shape(), &[2, 1, 2]);
/// # Ok::<(), Error>(())
/// ```
///
/// Sealed: it cannot be implemented outside this crate.
pub trait ArrayLike {
    /// The element type.
    type Elem;
    /// The dimension type.
    type Dim: Dimension;

    /// A view of the array.
    #[doc(hidden)]
    fn __view(&self) -> ArrayView<'_, Self::Elem, Self::Dim>;

    private_decl! {}
}

impl<S: Data, D: Dimension> ArrayLike for ArrayBase<S, D> {
    type Elem = S::Elem;
    type Dim = D;

    #[inline]
    fn __view(&self) -> ArrayView<'_, S::Elem, D> {
        self.view()
    }

    private_impl! {}
}

impl<A, D: Dimension> ArrayLike for ArrayRef<A, D> {
    type Elem = A;
    type Dim = D;

    #[inline]
    fn __view(&self) -> ArrayView<'_, A, D> {
        self.view()
    }

    private_impl! {}
}

impl<T: ArrayLike + ?Sized> ArrayLike for &T {
    type Elem = T::Elem;
    type Dim = T::Dim;

    #[inline]
    fn __view(&self) -> ArrayView<'_, T::Elem, T::Dim> {
        (**self).__view()
    }

    private_impl! {}
}

/// Views of a list's items.
type Views<'a, T> = Vec<ArrayView<'a, <T as ArrayLike>::Elem, <T as ArrayLike>::Dim>>;

/// Views of every item, reserved fallibly (a list is as long as the user made it).
pub(crate) fn views<T: ArrayLike>(values: &[T]) -> Result<Views<'_, T>, Error> {
    let mut out = try_vec(&[values.len()])?;
    out.extend(values.iter().map(ArrayLike::__view));
    Ok(out)
}
