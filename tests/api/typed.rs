//! Typed inputs give typed outputs: each `let` names the type the op must return, so a wrong
//! dimension type is a compile error.

use ndarray::{
    Array1, Array2, Array3, Array4, ArrayD, ArrayView1, ArrayView2, ArrayView3, ArrayView4, Ix2,
    Ix3, array,
};
use ndarray_tfslice::prelude::*;

fn x3() -> Array3<i32> {
    Array3::from_shape_fn((2, 3, 4), |(i, j, k)| (100 * i + 10 * j + k) as i32)
}

#[test]
fn view_ops_keep_the_dimension_type() -> Result<(), Error> {
    let x = x3();
    let s: ArrayView3<i32> = x.tf_slice(&[1, 0, 1], &[1, -1, 2])?;
    assert_eq!(s, array![[[101, 102], [111, 112], [121, 122]]]);
    let parts: Vec<ArrayView3<i32>> = x.tf_split(&[1, -1], -1)?;
    assert_eq!(parts[1].shape(), &[2, 3, 3]);
    let rows: Vec<ArrayView2<i32>> = x.tf_unstack(1)?;
    assert_eq!(rows[2], array![[20, 21, 22, 23], [120, 121, 122, 123]]);
    let t: ArrayView3<i32> = x.tf_transpose(&[2, 0, 1])?;
    assert_eq!(t[[3, 1, 2]], 123);
    let r: ArrayView3<i32> = x.tf_reverse(&[-1])?;
    assert_eq!(r[[0, 0, 0]], 3);
    Ok(())
}

#[test]
fn owned_ops_keep_or_grow_the_dimension_type() -> Result<(), Error> {
    let x = x3();
    let tiled: Array3<i32> = x.tf_tile(&[1, 1, 2])?;
    assert_eq!(tiled.shape(), &[2, 3, 8]);
    let padded: Array3<i32> = x.tf_pad(&[[0, 0], [1, 0], [0, 1]], PadMode::Constant, -1)?;
    assert_eq!(padded.shape(), &[2, 4, 5]);
    let joined: Array3<i32> = tf_concat(&[&x, &x], 0)?;
    assert_eq!(joined.shape(), &[4, 3, 4]);
    let stacked: Array4<i32> = tf_stack(&[&x, &x], 1)?;
    assert_eq!(stacked.shape(), &[2, 2, 3, 4]);
    Ok(())
}

#[test]
fn one_hot_adds_one_axis() -> Result<(), Error> {
    let labels: Array1<u8> = array![2, 0];
    let hot: Array2<f32> = tf_one_hot(&labels, 3, 1.0, 0.0, -1)?;
    assert_eq!(hot, array![[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]);
    let grid: Array2<i64> = array![[0, 1], [1, 0]];
    let hot: Array3<i32> = tf_one_hot(&grid, 2, 1, 0, 0)?;
    assert_eq!(hot.shape(), &[2, 2, 2]);
    let dynamic: ArrayD<i32> = tf_one_hot(&grid.clone().into_dyn(), 2, 1, 0, 0)?;
    assert_eq!(dynamic, hot.into_dyn());
    Ok(())
}

#[test]
fn boolean_mask_is_rank_x_minus_rank_mask_plus_one() -> Result<(), Error> {
    let x = x3();
    // Ix3 input, Ix1 mask: Ix3.
    let kept: Array3<i32> = x.tf_boolean_mask(&array![false, true], 0)?;
    assert_eq!(kept.shape(), &[1, 3, 4]);
    // Ix3 input, Ix2 mask: Ix2.
    let mask = array![[true, false, true], [false, false, true]];
    let kept: Array2<i32> = x.tf_boolean_mask(&mask, 0)?;
    assert_eq!(kept.shape(), &[3, 4]);
    assert_eq!(kept.row(2), array![120, 121, 122, 123]);
    // Ix3 input, Ix3 mask: Ix1 (NumPy's x[x > 150]).
    let big = x.mapv(|v| v > 120);
    let picked: Array1<i32> = x.tf_boolean_mask(&big, 0)?;
    assert_eq!(picked, array![121, 122, 123]);
    // A mask at an inner axis: the same rule.
    let inner = Array2::from_shape_fn((3, 4), |(j, k)| j == k);
    let diagonal: Array2<i32> = x.tf_boolean_mask(&inner, 1)?;
    assert_eq!(diagonal, array![[0, 11, 22], [100, 111, 122]]);
    // IxDyn on either side: IxDyn.
    let kept: ArrayD<i32> = x.tf_boolean_mask(&mask.clone().into_dyn(), 0)?;
    assert_eq!(kept.shape(), &[3, 4]);
    let kept: ArrayD<i32> = x.clone().into_dyn().tf_boolean_mask(&mask, 0)?;
    assert_eq!(kept.shape(), &[3, 4]);
    Ok(())
}

#[test]
fn dynamic_stitch_follows_the_data_and_index_types() -> Result<(), Error> {
    // 1-D indices: the data's own type.
    let merged: Array2<f32> = tf_dynamic_stitch(
        &[array![0, 2], array![1, 3]],
        &[
            array![[1.0, 1.5], [3.0, 3.5]],
            array![[2.0, 2.5], [4.0, 4.5]],
        ],
    )?;
    assert_eq!(merged.column(0), array![1.0, 2.0, 3.0, 4.0]);
    // 2-D indices into 3-D data: one axis less.
    let idx: Array2<i32> = array![[1, 0]];
    let data: Array3<u8> = array![[[7, 7], [5, 5]]];
    let merged: Array2<u8> = tf_dynamic_stitch(&[idx.view()], &[data.view()])?;
    assert_eq!(merged, array![[5, 5], [7, 7]]);
    // Gaps are A::default().
    let merged: Array1<bool> = tf_dynamic_stitch(&[array![2]], &[array![true]])?;
    assert_eq!(merged, array![false, false, true]);
    Ok(())
}

#[test]
fn run_time_ranks_stay_dynamic_and_convert_with_question_mark() -> Result<(), Error> {
    fn gathered(x: &Array2<i32>) -> Result<Array2<i32>, Error> {
        let g: ArrayD<i32> = x.tf_gather(&array![1, 0], 0, 0)?;
        Ok(g.into_dimensionality::<Ix2>()?)
    }
    let x = array![[1, 2], [3, 4]];
    assert_eq!(gathered(&x)?, array![[3, 4], [1, 2]]);
    // A wrong rank is an Err, not a panic.
    let g = x.tf_gather(&array![1, 0], 0, 0)?;
    let err = g
        .into_dimensionality::<Ix3>()
        .map_err(Error::from)
        .unwrap_err();
    assert!(matches!(err, Error::Shape { .. }));
    let raw: ndarray::ArrayViewD<i32> = x.tf_strided_slice(
        &[0],
        &[1],
        &[1],
        Masks {
            shrink_axis: 1,
            ..Masks::NONE
        },
    )?;
    assert_eq!(raw.into_dimensionality::<ndarray::Ix1>()?, array![1, 2]);
    let _: ArrayD<i32> = x.tf_gather_nd(&array![[1]], 0)?;
    Ok(())
}

#[test]
fn move_forms_keep_types_and_lifetimes() -> Result<(), Error> {
    let x = x3();
    let v: ArrayView3<i32> = x.view().tf_slice_move(&[0, 1, 0], &[2, 2, 4])?;
    assert_eq!(v.shape(), &[2, 2, 4]);
    let t: ArrayView3<i32> = x.view().tf_transpose_move(&[1, 2, 0])?;
    assert_eq!(t.shape(), &[3, 4, 2]);
    let r: ArrayView3<i32> = x.view().tf_reverse_move(&[0])?;
    assert_eq!(r[[0, 0, 0]], 100);
    let parts: Vec<ArrayView3<i32>> = x.view().tf_split_move(2, 0)?;
    assert_eq!(parts[1][[0, 0, 0]], 100);
    let rows: Vec<ArrayView2<i32>> = x.view().tf_unstack_move(-1)?;
    assert_eq!(rows.len(), 4);
    // Owned arrays by value stay owned, nothing copied.
    let owned: Array3<i32> = x.clone().tf_transpose_move(&[2, 1, 0])?;
    assert_eq!(owned.shape(), &[4, 3, 2]);
    let sliced: Array3<i32> = x.clone().tf_slice_move(&[1, 0, 0], &[1, 3, 4])?;
    assert_eq!(sliced[[0, 0, 0]], 100);
    let _: ArrayView1<i32> = array![1].view();
    let _: ArrayView4<i32> = Array4::zeros((1, 1, 1, 1))
        .view()
        .tf_reverse_move(&[0; 0])?;
    let _: ArrayView2<i32> = ArrayView2::from_shape((1, 1), &[0]).expect("1x1");
    Ok(())
}
