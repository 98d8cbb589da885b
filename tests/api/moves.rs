//! Helpers that take a view and return a view of it: each only compiles because the `_move`
//! form keeps the input's lifetime (the borrowing form would be `error[E0515]`).

use ndarray::{Array3, ArrayView1, ArrayView2, ArrayView3, array};
use ndarray_tfslice::prelude::*;

fn crop<'a>(
    x: ArrayView3<'a, u8>,
    h: usize,
    w: usize,
    c: usize,
) -> Result<ArrayView3<'a, u8>, Error> {
    x.tf_slice_move(&[h, w, 0], &[c as i64, c as i64, -1])
}

fn last_row<'a>(x: ArrayView2<'a, f32>) -> Result<ndarray::ArrayViewD<'a, f32>, Error> {
    x.tf_strided_slice_move(
        &[-1],
        &[0],
        &[1],
        Masks {
            shrink_axis: 1,
            ..Masks::NONE
        },
    )
}

fn heads<'a>(x: ArrayView2<'a, f32>) -> Result<Vec<ArrayView2<'a, f32>>, Error> {
    x.tf_split_move(&[2, 2, 1, -1], -1)
}

fn columns<'a>(x: ArrayView2<'a, f32>) -> Result<Vec<ArrayView1<'a, f32>>, Error> {
    x.tf_unstack_move(1)
}

fn chw<'a>(x: ArrayView3<'a, u8>) -> Result<ArrayView3<'a, u8>, Error> {
    x.tf_transpose_move(&[2, 0, 1])
}

fn yx<'a>(x: ArrayView2<'a, f32>) -> Result<ArrayView2<'a, f32>, Error> {
    x.tf_reverse_move(&[-1])
}

#[test]
fn helpers_return_views_of_their_argument() -> Result<(), Error> {
    let img = Array3::<u8>::from_shape_fn((4, 5, 3), |(i, j, k)| (25 * k + 5 * i + j) as u8);
    let patch = crop(img.view(), 1, 2, 2)?;
    assert_eq!(patch.shape(), &[2, 2, 3]);
    assert!(std::ptr::eq(&patch[[1, 1, 2]], &img[[2, 3, 2]]));
    // Out of range is TensorFlow's error, not a panic.
    assert!(matches!(
        crop(img.view(), 3, 0, 2),
        Err(Error::SliceSizeOutOfRange { .. })
    ));
    let c = chw(img.view())?;
    assert!(std::ptr::eq(&c[[2, 3, 4]], &img[[3, 4, 2]]));

    let feats = array![
        [0.0f32, 1.0, 2.0, 3.0, 4.0, 5.0],
        [6.0, 7.0, 8.0, 9.0, 10.0, 11.0]
    ];
    assert_eq!(
        last_row(feats.view())?,
        array![6.0f32, 7.0, 8.0, 9.0, 10.0, 11.0].into_dyn()
    );
    let parts = heads(feats.view())?;
    assert_eq!(
        parts.iter().map(|p| p.ncols()).collect::<Vec<_>>(),
        [2, 2, 1, 1]
    );
    assert!(std::ptr::eq(&parts[3][[1, 0]], &feats[[1, 5]]));
    assert_eq!(columns(feats.view())?[4], array![4.0f32, 10.0]);
    assert_eq!(
        yx(feats.view())?.row(0),
        array![5.0f32, 4.0, 3.0, 2.0, 1.0, 0.0]
    );
    // Errors are TensorFlow's, whatever the form.
    assert_eq!(
        feats.view().tf_split_move(4, 1).unwrap_err(),
        feats.tf_split(4, 1).unwrap_err()
    );
    assert_eq!(
        feats.view().tf_reverse_move(&[1, -1]).unwrap_err(),
        feats.tf_reverse(&[1, -1]).unwrap_err()
    );
    Ok(())
}

/// Mutable views split into disjoint mutable parts, alive at once; empty parts behave as
/// `tf_split`'s (their copies are fine).
#[test]
fn mutable_views_split_into_disjoint_parts() -> Result<(), Error> {
    let mut x = ndarray::Array2::<i32>::zeros((2, 5));
    {
        let mut parts = x.view_mut().tf_split_move(&[2, 0, -1], 1)?;
        assert_eq!(
            parts.iter().map(|p| p.ncols()).collect::<Vec<_>>(),
            [2, 0, 3]
        );
        assert_eq!(parts[1].to_owned().shape(), &[2, 0]);
        for (i, part) in parts.iter_mut().enumerate() {
            part.fill(i as i32 + 1);
        }
    }
    assert_eq!(x, array![[1, 1, 3, 3, 3], [1, 1, 3, 3, 3]]);
    {
        let rows = x.view_mut().tf_unstack_move(-1)?;
        assert_eq!(rows.len(), 5);
        for (j, mut column) in rows.into_iter().enumerate() {
            column += j as i32 * 10;
        }
    }
    assert_eq!(x, array![[1, 11, 23, 33, 43], [1, 11, 23, 33, 43]]);
    // The same errors as the borrowing forms.
    assert_eq!(
        x.view_mut().tf_split_move(3, 1).unwrap_err(),
        x.tf_split(3, 1).unwrap_err()
    );
    assert!(x.view_mut().tf_unstack_move(2).is_err());
    let empty = ndarray::Array2::<i32>::zeros((0, 3));
    let mut e = empty.clone();
    assert!(e.view_mut().tf_unstack_move(0)?.is_empty());
    assert_eq!(e.view_mut().tf_split_move(3, 1)?.len(), 3);
    Ok(())
}
