//! `tf_pad` against a naive oracle written from TensorFlow's definition (one output element at a
//! time, index arithmetic only, no code shared with `src/`), plus edge cases: rank 0, rank 9,
//! zero-size axes, views in any layout, sizes too large.

use ndarray::{Array, ArrayD, ArrayView, ArrayViewD, Axis, array, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{arange, indices};

/// What the oracle expects: the output's shape and elements, or which check fails.
#[derive(Debug, PartialEq)]
enum Want {
    Ok(Vec<usize>, Vec<i64>),
    PaddingsLength,
    Reflect { axis: usize },
    Symmetric { axis: usize },
}

/// `tf.pad` on an input of `shape` holding `values` (row-major), one output element at a time.
fn oracle(shape: &[usize], values: &[i64], paddings: &[[usize; 2]], mode: PadMode, c: i64) -> Want {
    if paddings.len() != shape.len() {
        return Want::PaddingsLength;
    }
    for (axis, (&n, &[b, a])) in shape.iter().zip(paddings).enumerate() {
        match mode {
            PadMode::Reflect if b + 1 > n || a + 1 > n => return Want::Reflect { axis },
            PadMode::Symmetric if b > n || a > n => return Want::Symmetric { axis },
            _ => {}
        }
    }
    let out: Vec<usize> = shape
        .iter()
        .zip(paddings)
        .map(|(&n, &[b, a])| b + n + a)
        .collect();
    let total: usize = out.iter().product();
    let mut result = Vec::with_capacity(total);
    // The output indices, row-major.
    for index in indices(&out) {
        // Its source: per axis, i = j - before, mirrored back into [0, n) or outside.
        let mut source = 0usize;
        let mut inside = true;
        for k in 0..out.len() {
            let n = shape[k] as i64;
            let mut i = index[k] as i64 - paddings[k][0] as i64;
            if i < 0 || i >= n {
                match mode {
                    PadMode::Constant => inside = false,
                    PadMode::Reflect => i = if i < 0 { -i } else { 2 * (n - 1) - i },
                    PadMode::Symmetric => i = if i < 0 { -i - 1 } else { 2 * n - 1 - i },
                }
            }
            source = source * shape[k] + i.max(0) as usize;
        }
        result.push(if inside { values[source] } else { c });
    }
    Want::Ok(out, result)
}

fn got(result: Result<ArrayD<i64>, Error>) -> Want {
    match result {
        Ok(a) => Want::Ok(a.shape().to_vec(), a.iter().copied().collect()),
        Err(Error::PaddingsLength { .. }) => Want::PaddingsLength,
        Err(Error::ReflectPaddingTooLarge { axis, .. }) => Want::Reflect { axis },
        Err(Error::SymmetricPaddingTooLarge { axis, .. }) => Want::Symmetric { axis },
        Err(e) => panic!("unexpected error {e}"),
    }
}

/// The input seen through a view of another layout: 0 as it is, 1 transposed, 2 every axis
/// reversed, 3 a strided slice of a larger array.
fn with_layout(x: &ArrayD<i64>, layout: u8) -> ArrayD<i64> {
    match layout {
        1 => x.t().to_owned(),
        2 => {
            let mut v = x.view();
            for k in 0..v.ndim() {
                v.invert_axis(Axis(k));
            }
            v.to_owned()
        }
        _ => x.clone(),
    }
}

fn view_of(x: &ArrayD<i64>, layout: u8) -> ArrayViewD<'_, i64> {
    match layout {
        1 => x.t(),
        2 => {
            let mut v = x.view();
            for k in 0..v.ndim() {
                v.invert_axis(Axis(k));
            }
            v
        }
        _ => x.view(),
    }
}

fn mode_strategy() -> impl Strategy<Value = PadMode> {
    prop_oneof![
        Just(PadMode::Constant),
        Just(PadMode::Reflect),
        Just(PadMode::Symmetric)
    ]
}

fn case_strategy() -> impl Strategy<Value = (Vec<usize>, Vec<[usize; 2]>, PadMode, u8)> {
    let shape = prop::collection::vec(0usize..5, 0..=5);
    // One call in ten has a wrong number of rows (or the right one by chance).
    let wrong_rows = prop::option::weighted(0.1, 0usize..7);
    (shape, wrong_rows, mode_strategy(), 0u8..3).prop_flat_map(|(shape, wrong, mode, layout)| {
        let rows = wrong.unwrap_or(shape.len());
        let paddings = prop::collection::vec([0usize..6, 0usize..6], rows);
        (Just(shape), paddings, Just(mode), Just(layout))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn pad_matches_oracle((shape, paddings, mode, layout) in case_strategy(), c in -3i64..3) {
        let base = arange(&shape);
        let x = view_of(&base, layout);
        let values: Vec<i64> = x.iter().copied().collect();
        let want = oracle(x.shape(), &values, &paddings, mode, c);
        prop_assert_eq!(got(x.tf_pad(&paddings, mode, c)), want);
        // The same through an owned array of that layout and a strided slice of a bigger one.
        let owned = with_layout(&base, layout);
        prop_assert_eq!(got(owned.tf_pad(&paddings, mode, c)), got(x.tf_pad(&paddings, mode, c)));
    }

    #[test]
    fn strided_views_pad_like_their_copy(rows in 1usize..6, cols in 1usize..6, b in 0usize..3, a in 0usize..3, mode in mode_strategy()) {
        let big = arange(&[2 * rows, 3 * cols]);
        let view = big.slice(s![..;2, ..;-3]);
        let copy = view.to_owned();
        let p = [[b.min(rows - 1), a.min(rows - 1)], [a.min(cols - 1), b.min(cols - 1)]];
        prop_assert_eq!(view.tf_pad(&p, mode, -1), copy.tf_pad(&p, mode, -1));
    }
}

#[test]
fn oracle_agrees_with_tensorflow_examples() {
    let t = [1, 2, 3, 4, 5, 6];
    let p = [[1, 1], [2, 2]];
    let Want::Ok(shape, v) = oracle(&[2, 3], &t, &p, PadMode::Reflect, 0) else {
        panic!()
    };
    assert_eq!(shape, [4, 7]);
    assert_eq!(&v[..7], &[6, 5, 4, 5, 6, 5, 4]);
    let Want::Ok(_, v) = oracle(&[2, 3], &t, &p, PadMode::Symmetric, 0) else {
        panic!()
    };
    assert_eq!(&v[..7], &[2, 1, 1, 2, 3, 3, 2]);
}

#[test]
fn rank_zero_takes_no_rows() {
    let x = ndarray::arr0(5);
    assert_eq!(
        x.tf_pad(&[[0; 2]; 0], PadMode::Reflect, 0).unwrap(),
        ndarray::arr0(5)
    );
    assert!(matches!(
        x.tf_pad(&[[0, 0]], PadMode::Constant, 0),
        Err(Error::PaddingsLength { len: 1, .. })
    ));
}

#[test]
fn rank_nine_past_tensorflow_limits() {
    let shape = [2, 1, 2, 1, 2, 1, 2, 1, 2];
    let x = arange(&shape);
    let p = [[1, 1]; 9];
    for mode in [PadMode::Constant, PadMode::Symmetric] {
        let y = x.tf_pad(&p, mode, -1).unwrap();
        assert_eq!(y.shape(), &[4, 3, 4, 3, 4, 3, 4, 3, 4]);
        let values: Vec<i64> = x.iter().copied().collect();
        assert_eq!(got(Ok(y)), oracle(&shape, &values, &p, mode, -1));
    }
    // Reflect cannot pad a length-1 axis.
    assert!(matches!(
        x.tf_pad(&p, PadMode::Reflect, 0),
        Err(Error::ReflectPaddingTooLarge {
            axis: 1,
            dim: 1,
            ..
        })
    ));
}

#[test]
fn zero_size_axes() {
    let x = Array::<i64, _>::zeros((2, 0));
    assert_eq!(
        x.tf_pad(&[[0, 0], [1, 1]], PadMode::Constant, 7).unwrap(),
        array![[7, 7], [7, 7]]
    );
    assert_eq!(
        x.tf_pad(&[[1, 0], [0, 0]], PadMode::Symmetric, 7)
            .unwrap()
            .shape(),
        &[3, 0]
    );
    assert_eq!(
        x.tf_pad(&[[0, 0], [0, 0]], PadMode::Reflect, 0),
        Err(Error::ReflectPaddingTooLarge {
            axis: 1,
            before: 0,
            after: 0,
            dim: 0
        })
    );
    // A huge result with no element: nothing to allocate, nothing to walk.
    let y = x
        .tf_pad(&[[1usize << 61, 1 << 61], [0, 0]], PadMode::Constant, 0)
        .unwrap();
    assert_eq!(y.shape(), &[(1 << 62) + 2, 0]);
}

#[test]
fn keeps_the_dimension_type() {
    let x = array![[[1.5f32]]];
    let y: ndarray::Array3<f32> = x
        .tf_pad(&[[0, 0], [1, 0], [0, 1]], PadMode::Constant, 0.0)
        .unwrap();
    assert_eq!(y, array![[[0.0, 0.0], [1.5, 0.0]]]);
    // Non-Copy elements.
    let x = array![String::from("a"), String::from("b")];
    let y = x
        .tf_pad(&[[1, 2]], PadMode::Symmetric, String::new())
        .unwrap();
    assert_eq!(y, array!["a", "a", "b", "b", "a"].mapv(String::from));
}

#[test]
fn sizes_past_isize_are_too_large() {
    let x = array![1u8];
    assert_eq!(
        x.tf_pad(&[[i64::MAX, i64::MAX]], PadMode::Constant, 0),
        Err(Error::TooLarge {
            shape: vec![usize::MAX]
        })
    );
    assert!(matches!(
        x.tf_pad(&[[isize::MAX as usize, 0]], PadMode::Constant, 0),
        Err(Error::TooLarge { .. })
    ));
    // Elements fit, bytes do not.
    let x = array![1u64];
    assert!(matches!(
        x.tf_pad(&[[1usize << 61, 0]], PadMode::Constant, 0),
        Err(Error::TooLarge { .. })
    ));
    // A broadcast view whose own element count fits but whose copy would not.
    let one = [0f32];
    let one = ArrayView::from(&one[..]);
    let huge = one.broadcast((1 << 31, 1 << 31)).unwrap();
    assert!(matches!(
        huge.tf_pad(&[[0, 0], [0, 0]], PadMode::Symmetric, 0.0),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn errors_name_tensorflow_condition() {
    let x = array![[1, 2, 3], [4, 5, 6]];
    let e = x.tf_pad(&[[1, 1]], PadMode::Constant, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The first dimension of paddings must be the rank of inputs[1,2] [2,3] (paddings needs one \
         [before, after] row per input axis: 2 rows, got 1)"
    );
    let e = x
        .tf_pad(&[[0, 0], [1, 3]], PadMode::Reflect, 0)
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("paddings must be less than the dimension size: 1, 3 not less than 3")
    );
    let e = x
        .tf_pad(&[[0, 3], [0, 0]], PadMode::Symmetric, 0)
        .unwrap_err();
    assert!(
        e.to_string().starts_with(
            "paddings must be no greater than the dimension size: 0, 3 greater than 2"
        )
    );
}
