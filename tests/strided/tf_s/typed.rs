//! Type-level tests: each `let` names the dimension type `tf_s!` must give, so a wrong rank
//! chain fails to compile; the values are then checked against the run-time parser's `IxDyn`
//! result.

use ndarray::{
    Array, Array1, Array2, Array3, Array4, Array6, ArrayD, ArrayView0, ArrayView1, ArrayView2,
    ArrayView3, ArrayView4, ArrayView5, ArrayView6, ArrayViewD, ArrayViewMut1, ArrayViewMut3,
    Dimension, Ix3, IxDyn, arr0, array,
};
use ndarray_tfslice::prelude::*;

fn arange<D: Dimension>(shape: D) -> Array<i64, D> {
    let n = shape.size() as i64;
    Array::from_shape_vec(shape, (0..n).collect()).unwrap()
}

/// `x[expr]` through the parser, as the reference.
fn parsed<D: Dimension>(x: &Array<i64, D>, expr: &str) -> ArrayD<i64> {
    x.tf_index(&expr.parse::<StridedSlice>().unwrap())
        .unwrap()
        .to_owned()
}

#[test]
fn shrinks_drop_one_rank_each() -> Result<(), Error> {
    let x3 = arange(Ix3(4, 5, 6));
    let y: ArrayView2<i64> = x3.tf_index(tf_s![..., 0])?;
    assert_eq!(y.into_dyn(), parsed(&x3, "..., 0"));
    let y: ArrayView1<i64> = x3.tf_index(tf_s![1, ..., -2])?;
    assert_eq!(y.into_dyn(), parsed(&x3, "1, ..., -2"));
    let y: ArrayView0<i64> = x3.tf_index(tf_s![1, 2, 3])?;
    assert_eq!(y.into_scalar(), &x3[[1, 2, 3]]);
    // A bare index with an implicit trailing ellipsis.
    let i = 3usize;
    let y: ArrayView2<i64> = x3.tf_index(tf_s![i])?;
    assert_eq!(y, x3.index_axis(ndarray::Axis(0), 3));
    Ok(())
}

#[test]
fn new_axes_add_one_rank_each() -> Result<(), Error> {
    let x2 = arange(ndarray::Ix2(3, 4));
    let y: ArrayView3<i64> = x2.tf_index(tf_s![:, None, 1:])?;
    assert_eq!(y.shape(), &[3, 1, 3]);
    assert_eq!(y.into_dyn(), parsed(&x2, ":, None, 1:"));
    let y: ArrayView4<i64> = x2.tf_index(tf_s![tf.newaxis, ..., np.newaxis])?;
    assert_eq!(y.shape(), &[1, 3, 4, 1]);
    let y: ArrayView5<i64> = x2.tf_index(tf_s![None, newaxis, :, None])?;
    assert_eq!(y.shape(), &[1, 1, 3, 1, 4]);
    Ok(())
}

#[test]
fn shrinks_and_new_axes_together() -> Result<(), Error> {
    // The Java StridedSlice page's foo[1, 2:4, None, ..., :-3:-1, :] on a rank-6 input: one
    // shrink, one new axis, Ix6 stays Ix6 (shrinking first keeps it off IxDyn).
    let foo = arange(ndarray::Ix6(5, 5, 5, 5, 5, 5));
    let y: ArrayView6<i64> = foo.tf_index(tf_s![1, 2:4, None, ..., :-3:-1, :])?;
    assert_eq!(y.shape(), &[2, 1, 5, 5, 2, 5]);
    assert_eq!(y.into_dyn(), parsed(&foo, "1, 2:4, None, ..., :-3:-1, :"));
    // Two new axes on Ix6 pass ndarray's fixed ranks: IxDyn.
    let y: ArrayViewD<i64> = foo.tf_index(tf_s![None, 0, None, None])?;
    assert_eq!(y.shape(), &[1, 1, 1, 5, 5, 5, 5, 5]);
    let x4 = arange(ndarray::Ix4(2, 3, 4, 5));
    let y: ArrayView3<i64> = x4.tf_index(tf_s![-1, None, ::-1, 0, 1::2])?;
    assert_eq!(y.into_dyn(), parsed(&x4, "-1, None, ::-1, 0, 1::2"));
    Ok(())
}

#[test]
fn dynamic_inputs_stay_dynamic() -> Result<(), Error> {
    let x = arange(IxDyn(&[3, 4, 5]));
    let y: ArrayViewD<i64> = x.tf_index(tf_s![..., 0, None])?;
    assert_eq!(y.to_owned(), parsed(&x, "..., 0, None"));
    // TensorFlow's run-time errors stay run-time errors.
    assert!(matches!(
        x.tf_index(tf_s![0, 0, 0, 0]),
        Err(Error::TooManyIndices { .. })
    ));
    assert!(matches!(
        x.tf_index(tf_s![::0]),
        Err(Error::ZeroStride { .. })
    ));
    Ok(())
}

#[test]
fn mut_move_to_owned_and_assign_are_typed() -> Result<(), Error> {
    let mut x: Array3<i64> = arange(Ix3(2, 3, 4));
    {
        let mut row: ArrayViewMut1<i64> = x.tf_index_mut(tf_s![1, -1])?;
        row.fill(-1);
    }
    assert_eq!(x.slice(ndarray::s![1, 2, ..]), array![-1, -1, -1, -1]);
    let crop: ArrayViewMut3<i64> = x.tf_index_mut(tf_s![:, 1:, ::2])?;
    assert_eq!(crop.shape(), &[2, 2, 2]);

    let owned: Array2<i64> = x.tf_index_to_owned(tf_s![0, ::-1])?;
    assert_eq!(owned, array![[8, 9, 10, 11], [4, 5, 6, 7], [0, 1, 2, 3]]);
    assert!(owned.is_standard_layout());

    let moved: ArrayView1<i64> = x.view().tf_index_move(tf_s![0, 0])?;
    assert_eq!(moved, array![0, 1, 2, 3]);
    let owned_move: Array4<i64> = x.clone().tf_index_move(tf_s![None])?;
    assert_eq!(owned_move.shape(), &[1, 2, 3, 4]);

    x.tf_index_assign(tf_s![:, 0], &arr0(7))?;
    assert!(x.slice(ndarray::s![.., 0, ..]).iter().all(|&v| v == 7));
    let err = x
        .tf_index_assign(tf_s![0, :2], &array![1, 2, 3])
        .unwrap_err();
    assert!(
        err.to_string().contains("0, :2"),
        "the spec's Python text is in the message: {err}"
    );
    Ok(())
}

/// A crop helper returning a view with its input's lifetime, the issue's `E0515` example.
fn crop<'a>(
    img: ndarray::ArrayView3<'a, u8>,
    h: usize,
    w: usize,
    c: usize,
) -> Result<ndarray::ArrayView3<'a, u8>, Error> {
    img.tf_index_move(tf_s![h:h + c, w:w + c])
}

#[test]
fn run_time_bounds_of_any_integer_type() -> Result<(), Error> {
    let img = Array3::<u8>::from_shape_fn((8, 9, 3), |(i, j, k)| (i * 27 + j * 3 + k) as u8);
    let v = crop(img.view(), 2, 3, 4)?;
    assert_eq!(v, img.slice(ndarray::s![2..6, 3..7, ..]));
    // Each bound its own type.
    let (a, b, c): (u8, i64, isize) = (1, -1, 2);
    let y: ArrayView3<u8> = img.tf_index(tf_s![a:b, ::c, 0u32:(2i16)])?;
    assert_eq!(y, img.slice(ndarray::s![1..7, ..;2, 0..2]));
    // Values past i64 are an Err when used, naming the argument and entry, never a panic.
    let big = u64::MAX;
    for err in [
        img.tf_index(tf_s![0, big:]).unwrap_err(),
        img.tf_index(tf_s![0, :1, ::(i128::MIN)]).unwrap_err(),
    ] {
        assert!(matches!(err, Error::ValueOutOfRange { .. }), "{err:?}");
    }
    assert_eq!(
        img.tf_index(tf_s![:(u128::MAX)]).unwrap_err(),
        Error::ValueOutOfRange {
            argument: Argument::End,
            index: 0,
            value: u128::MAX.to_string()
        }
    );
    // begin before end before strides, as tf_strided_slice checks them.
    assert!(matches!(
        img.tf_index(tf_s![:(u64::MAX):(u64::MAX), (u64::MAX)]),
        Err(Error::ValueOutOfRange {
            argument: Argument::Begin,
            index: 1,
            ..
        })
    ));
    assert_eq!(tf_s![:(u64::MAX)].to_string(), format!(":{}", u64::MAX));
    Ok(())
}

#[test]
fn a_spec_is_copy_and_prints_as_python() -> Result<(), Error> {
    let spec = tf_s![1, 2:4, None, ..., :-3:-1, :];
    assert_eq!(spec.to_string(), "1, 2:4, None, ..., :-3:-1, :");
    let again = spec;
    assert_eq!(spec, again);
    assert_eq!(
        StridedSlice::try_from(spec)?,
        "1, 2:4, None, ..., :-3:-1, :".parse()?
    );
    assert_eq!(tf_s![].to_string(), "()");
    assert_eq!(
        tf_s![Ellipsis, 1:None:2, None:3,].to_string(),
        "..., 1::2, :3"
    );
    let x = Array1::from_iter(0..10i64);
    let every_third: ArrayView1<i64> = x.tf_index(tf_s![::3])?;
    let identity: ArrayView1<i64> = x.tf_index(tf_s![])?;
    assert_eq!(every_third, array![0, 3, 6, 9]);
    assert_eq!(identity, x);
    let _: Array6<i64> = arange(ndarray::Ix6(1, 1, 1, 1, 1, 2));
    Ok(())
}
