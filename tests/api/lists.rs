//! List inputs take slices or `Vec`s of owned arrays, views or references, with no `.view()`
//! mapping; every form gives the same result.

use ndarray::{ArcArray2, Array2, ArrayView2, CowArray, Ix2, array};
use ndarray_tfslice::prelude::*;

#[test]
fn concat_and_stack_take_any_array_kind() -> Result<(), Error> {
    let a = array![[1, 2], [3, 4]];
    let b = array![[5, 6], [7, 8]];
    let want = tf_concat(&[a.view(), b.view()], 0)?;
    assert_eq!(tf_concat(&[&a, &b], 0)?, want);
    assert_eq!(tf_concat(&[a.clone(), b.clone()], 0)?, want);
    let owned: Vec<Array2<i32>> = vec![a.clone(), b.clone()];
    assert_eq!(tf_concat(&owned, 0)?, want);
    let refs: Vec<&Array2<i32>> = vec![&a, &b];
    assert_eq!(tf_concat(&refs, 0)?, want);
    let views: Vec<ArrayView2<i32>> = vec![a.view(), b.view()];
    assert_eq!(tf_concat(&views[..], 0)?, want);
    let shared: Vec<ArcArray2<i32>> = vec![a.to_shared(), b.to_shared()];
    assert_eq!(tf_concat(&shared, 0)?, want);
    let cows: Vec<CowArray<i32, Ix2>> = vec![CowArray::from(a.view()), CowArray::from(b.clone())];
    assert_eq!(tf_concat(&cows, 0)?, want);
    // Parts of a split go straight back in.
    let parts = want.tf_split(2, 0)?;
    assert_eq!(tf_concat(&parts, 0)?, want);
    assert_eq!(tf_stack(&owned, 0)?, tf_stack(&[&a, &b], 0)?);
    Ok(())
}

#[test]
fn dynamic_stitch_takes_any_array_kind() -> Result<(), Error> {
    let i0 = array![0, 2];
    let i1 = array![1];
    let d0 = array![[1.0, 1.0], [3.0, 3.0]];
    let d1 = array![[2.0, 2.0]];
    let want = array![[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]];
    assert_eq!(tf_dynamic_stitch(&[&i0, &i1], &[&d0, &d1])?, want);
    assert_eq!(
        tf_dynamic_stitch(&[i0.view(), i1.view()], &[d0.view(), d1.view()])?,
        want
    );
    let (indices, data): (Vec<_>, Vec<_>) = (vec![i0, i1], vec![d0, d1]);
    assert_eq!(tf_dynamic_stitch(&indices, &data)?, want);
    Ok(())
}
