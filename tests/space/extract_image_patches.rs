//! `tf_extract_image_patches` against a naive oracle written from TensorFlow's kernel (its
//! `ParseAttributeVec4` checks, `GetWindowedOutputSize` in signed arithmetic with C++'s
//! truncating division, Eigen's `extract_image_patches` read one element at a time), plus edge
//! cases: zero-size dimensions, every wrong rank, views in, `Ix4` results, huge arguments.

use ndarray::{Array, Array4, ArrayD, ArrayView, Axis, IxDyn, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

/// The first failing check, with the data that identifies it.
#[derive(Debug, PartialEq)]
enum Fail {
    NotSpatial(&'static str, usize),
    Zero(&'static str, usize),
    Rank(usize),
    Negative(usize, i128),
    Other(String),
}

fn fail(err: &Error) -> Fail {
    match err {
        Error::PatchesNotSpatial {
            argument, index, ..
        } => Fail::NotSpatial(argument, *index),
        Error::PatchesZero { argument, index } => Fail::Zero(argument, *index),
        Error::WrongRank {
            rank,
            op,
            expected: 4,
        } if *op == "tf_extract_image_patches" => Fail::Rank(*rank),
        Error::PatchesOutputNegative {
            axis, output_size, ..
        } => Fail::Negative(*axis, *output_size),
        other => Fail::Other(format!("{other:?}")),
    }
}

/// TensorFlow's `GetWindowedOutputSize`: (output size, padding before), signed.
fn windowed(input: i128, k: i128, stride: i128, rate: i128, padding: Padding) -> (i128, i128) {
    let eff = k + (k - 1) * (rate - 1);
    match padding {
        Padding::Valid => ((input - eff + stride) / stride, 0),
        Padding::Same => {
            let out = (input + stride - 1) / stride;
            let needed = ((out - 1) * stride + eff - input).max(0);
            (out, needed / 2)
        }
    }
}

fn oracle(
    x: &ArrayD<i64>,
    ksizes: [usize; 4],
    strides: [usize; 4],
    rates: [usize; 4],
    padding: Padding,
) -> Result<ArrayD<i64>, Fail> {
    for (name, a) in [("ksizes", ksizes), ("strides", strides), ("rates", rates)] {
        if a[0] != 1 {
            return Err(Fail::NotSpatial(name, 0));
        }
        if a[3] != 1 {
            return Err(Fail::NotSpatial(name, 3));
        }
        if a[1] < 1 {
            return Err(Fail::Zero(name, 1));
        }
        if a[2] < 1 {
            return Err(Fail::Zero(name, 2));
        }
    }
    let &[n, rows, cols, depth] = x.shape() else {
        return Err(Fail::Rank(x.ndim()));
    };
    let i = |v: usize| v as i128;
    let (out_rows, pad_top) = windowed(i(rows), i(ksizes[1]), i(strides[1]), i(rates[1]), padding);
    if out_rows < 0 {
        return Err(Fail::Negative(1, out_rows));
    }
    let (out_cols, pad_left) = windowed(i(cols), i(ksizes[2]), i(strides[2]), i(rates[2]), padding);
    if out_cols < 0 {
        return Err(Fail::Negative(2, out_cols));
    }
    let (kr, kc) = (ksizes[1], ksizes[2]);
    let shape = [n, out_rows as usize, out_cols as usize, kr * kc * depth];
    let mut out = ArrayD::zeros(IxDyn(&shape));
    for b in 0..n {
        for r in 0..shape[1] {
            for c in 0..shape[2] {
                for di in 0..kr {
                    for dj in 0..kc {
                        let y = i(r * strides[1]) + i(di * rates[1]) - pad_top;
                        let xx = i(c * strides[2]) + i(dj * rates[2]) - pad_left;
                        if (0..i(rows)).contains(&y) && (0..i(cols)).contains(&xx) {
                            for k in 0..depth {
                                out[[b, r, c, (di * kc + dj) * depth + k]] =
                                    x[[b, y as usize, xx as usize, k]];
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

fn numbered(shape: &[usize]) -> ArrayD<i64> {
    let len = shape.iter().product::<usize>() as i64;
    // Start at 1, so that a zero can only be padding.
    ArrayD::from_shape_vec(IxDyn(shape), (1..=len).collect()).unwrap()
}

fn any_shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        12 => (0usize..3, 0usize..9, 0usize..9, 0usize..4).prop_map(|(a, b, c, d)| vec![a, b, c, d]),
        1 => prop::collection::vec(0usize..4, 0..7),
    ]
}

/// `[1, a, b, 1]` with a, b in `spatial`; now and then a bad batch or depth entry.
fn attribute(spatial: std::ops::Range<usize>) -> impl Strategy<Value = [usize; 4]> {
    let edge = prop_oneof![20 => Just(1usize), 1 => 0usize..3];
    (edge.clone(), spatial.clone(), spatial, edge).prop_map(|(a, b, c, d)| [a, b, c, d])
}

fn padding() -> impl Strategy<Value = Padding> {
    prop_oneof![Just(Padding::Same), Just(Padding::Valid)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    #[test]
    fn matches_oracle(
        shape in any_shape(),
        ksizes in attribute(0..6),
        strides in attribute(0..4),
        rates in attribute(0..4),
        padding in padding(),
    ) {
        let x = numbered(&shape);
        let got = x.tf_extract_image_patches(ksizes, strides, rates, padding).map_err(|e| fail(&e));
        prop_assert_eq!(got, oracle(&x, ksizes, strides, rates, padding));
    }

    #[test]
    fn valid_arguments_match_oracle(
        shape in (1usize..3, 1usize..9, 1usize..9, 1usize..4),
        k in (1usize..5, 1usize..5),
        st in (1usize..4, 1usize..4),
        r in (1usize..4, 1usize..4),
        padding in padding(),
        flip in 0usize..4,
    ) {
        let x = numbered(&[shape.0, shape.1, shape.2, shape.3]);
        let (ksizes, strides, rates) = ([1, k.0, k.1, 1], [1, st.0, st.1, 1], [1, r.0, r.1, 1]);
        let want = oracle(&x, ksizes, strides, rates, padding);
        prop_assert_eq!(x.tf_extract_image_patches(ksizes, strides, rates, padding).map_err(|e| fail(&e)), want);
        // A view that is not in standard layout gives what its copy gives.
        let mut v = x.view();
        v.invert_axis(Axis(flip));
        prop_assert_eq!(
            v.tf_extract_image_patches(ksizes, strides, rates, padding),
            v.to_owned().tf_extract_image_patches(ksizes, strides, rates, padding)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    // Windows with padding, and patch rows of 128 to 511 bytes (16 to 63 `i64`), are written
    // row of patches by row of patches where the columns are inside the image and evenly
    // spaced, by one interleaving kernel (`gather_runs`); the others are a view of the input
    // through the copy engine: windows of 1 to 8 rows (a kernel per source count up to 4, one
    // extend per round past that), patch rows whose length has a fixed-size kernel (3 columns
    // of 1 channel, 16 of 3, ...) or not, strides closer and wider than the window.
    #[test]
    fn regular_windows_match_oracle(
        shape in (1usize..3, 1usize..12, 1usize..20, prop::sample::select(vec![1usize, 2, 3, 4])),
        k in (1usize..9, 1usize..17),
        st in (1usize..5, 1usize..18),
        rate in 1usize..3,
        padding in padding(),
    ) {
        let x = numbered(&[shape.0, shape.1, shape.2, shape.3]);
        let (ksizes, strides, rates) = ([1, k.0, k.1, 1], [1, st.0, st.1, 1], [1, rate, 1, 1]);
        let want = oracle(&x, ksizes, strides, rates, padding);
        prop_assert_eq!(x.tf_extract_image_patches(ksizes, strides, rates, padding).map_err(|e| fail(&e)), want);
    }
}

/// `ksizes`, `strides`, `rates` and padding, as `tf_extract_image_patches` takes them.
type Args = ([usize; 4], [usize; 4], [usize; 4], Padding);

/// The patches of `x` converted by `to` equal the oracle's patches `want` converted the same
/// way (the element type decides the copy path: byte gathers, fixed-size moves, ...).
fn same_in<A>(x: &ArrayD<i64>, want: &ArrayD<i64>, to: fn(i64) -> A, args: Args, what: &str)
where
    A: Clone + Default + PartialEq + std::fmt::Debug,
{
    let (ksizes, strides, rates, padding) = args;
    let got = x
        .mapv(to)
        .tf_extract_image_patches(ksizes, strides, rates, padding)
        .unwrap();
    assert_eq!(got, want.mapv(to), "{} {what}", std::any::type_name::<A>());
}

/// Patches wholly inside the image are copied as a view of the input by the copy engine (byte
/// gathers for `u8`, the short runs' loops of patch rows): one-, two- and four-byte elements,
/// images wide enough for whole vectors of the gathers, tiling patches with gaps between them,
/// overlapping patches (im2col's 3×3 / 1) and dilated ones, and an image the windows do not
/// cover to its edge.
#[test]
fn patches_of_small_elements_match_oracle() {
    for (k, st, rate) in [
        ((2, 2), (2, 2), (1, 1)),
        ((2, 3), (2, 3), (1, 1)),
        ((4, 4), (4, 4), (1, 1)),
        ((3, 2), (4, 3), (1, 1)),
        ((1, 8), (1, 8), (1, 1)),
        ((3, 3), (1, 1), (1, 1)),
        ((3, 3), (2, 2), (1, 1)),
        ((2, 3), (1, 2), (1, 1)),
        ((3, 3), (3, 3), (2, 2)),
        ((3, 2), (1, 1), (2, 3)),
    ] {
        for (rows, cols, depth) in [(8, 64, 1), (9, 130, 3), (4, 100, 2), (8, 48, 4)] {
            let x = numbered(&[2, rows, cols, depth]);
            let (ksizes, strides, rates) =
                ([1, k.0, k.1, 1], [1, st.0, st.1, 1], [1, rate.0, rate.1, 1]);
            for padding in [Padding::Valid, Padding::Same] {
                let args = (ksizes, strides, rates, padding);
                let want = oracle(&x, ksizes, strides, rates, padding).unwrap();
                let what = format!("{k:?} {st:?} {rows}x{cols}x{depth}");
                same_in(&x, &want, |v| v as u8, args, &what);
                same_in(&x, &want, |v| v as u16, args, &what);
                same_in(&x, &want, |v| v as f32, args, &what);
            }
        }
    }
}

#[test]
fn ix4_f32_with_zero_padding() {
    let x = Array4::<f32>::from_elem((1, 3, 3, 2), 1.0);
    let y: Array4<f32> = x
        .tf_extract_image_patches([1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], Padding::Same)
        .unwrap();
    // ceil(3 / 2) = 2 windows; pad_needed = (2 - 1) * 2 + 3 - 3 = 2: one row/col of zeros before.
    assert_eq!(y.shape(), &[1, 2, 2, 18]);
    assert_eq!(y.slice(s![0, 0, 0, ..6]).sum(), 0.0); // the top patch row is padding
    assert_eq!(y.slice(s![0, 1, 1, ..]).sum(), 8.0); // 2x2 real pixels, depth 2
}

#[test]
fn sliced_view_input() {
    let x = numbered(&[2, 7, 9, 3]);
    let v = x.slice(s![.., 1..6, ..;2, 1..]);
    let a = v.tf_extract_image_patches([1, 2, 3, 1], [1, 1, 2, 1], [1, 2, 1, 1], Padding::Same);
    let b = v.to_owned().tf_extract_image_patches(
        [1, 2, 3, 1],
        [1, 1, 2, 1],
        [1, 2, 1, 1],
        Padding::Same,
    );
    assert_eq!(a, b);
}

#[test]
fn every_wrong_rank() {
    for rank in [0, 1, 2, 3, 5, 6, 9] {
        let x = ArrayD::<i32>::zeros(IxDyn(&vec![2; rank]));
        assert_eq!(
            x.tf_extract_image_patches([1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], Padding::Valid),
            Err(Error::WrongRank {
                op: "tf_extract_image_patches",
                expected: 4,
                rank
            })
        );
    }
}

#[test]
fn valid_output_size_rounds_toward_zero() {
    let x = numbered(&[1, 5, 5, 2]);
    let p =
        |k, s| x.tf_extract_image_patches([1, k, 1, 1], [1, s, 1, 1], [1, 1, 1, 1], Padding::Valid);
    assert_eq!(p(6, 1).unwrap().shape(), &[1, 0, 5, 12]);
    assert_eq!(p(9, 3).unwrap().shape(), &[1, 0, 5, 18]);
    let err = p(11, 3).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Computed output size would be negative: -1 [input_size: 5, effective_filter_size: 11, \
         stride: 3] (input axis 1)"
    );
}

#[test]
fn huge_arguments() {
    let x = numbered(&[1, 3, 3, 1]);
    // A rate past the image: every tap but none lands in the padding, in u128 arithmetic.
    let big = usize::MAX;
    let y = x
        .tf_extract_image_patches([1, 2, 2, 1], [1, 1, 1, 1], [1, big, big, 1], Padding::Same)
        .unwrap();
    assert_eq!(y.shape(), &[1, 3, 3, 4]);
    assert_eq!(
        y,
        oracle(
            &x,
            [1, 2, 2, 1],
            [1, 1, 1, 1],
            [1, big, big, 1],
            Padding::Same
        )
        .unwrap()
    );
    // An effective patch size near 2^128: the output size saturates.
    let err =
        x.tf_extract_image_patches([1, big, 1, 1], [1, 1, 1, 1], [1, big, 1, 1], Padding::Valid);
    assert!(matches!(
        err,
        Err(Error::PatchesOutputNegative {
            axis: 1,
            output_size: i128::MIN,
            ..
        })
    ));
    // A huge stride: one window.
    let y = x
        .tf_extract_image_patches([1, 1, 1, 1], [1, big, big, 1], [1, 1, 1, 1], Padding::Same)
        .unwrap();
    assert_eq!(y, Array::from_elem((1, 1, 1, 1), 1).into_dyn());
}

#[test]
fn too_large() {
    // An empty batch, so nothing is allocated, but a patch depth past usize.
    let empty: [i64; 0] = [];
    let x = ArrayView::from_shape((0, 3, 3, 2), &empty[..]).unwrap();
    let k = 1 << 32;
    assert_eq!(
        x.tf_extract_image_patches([1, k, k, 1], [1, 1, 1, 1], [1, 1, 1, 1], Padding::Same),
        Err(Error::TooLarge {
            shape: vec![0, 3, 3, usize::MAX]
        })
    );
    // Empty depth: the patch depth is 0 whatever the patch size.
    let x = ArrayView::from_shape((1, 3, 3, 0), &empty[..]).unwrap();
    let y = x
        .tf_extract_image_patches([1, k, k, 1], [1, 1, 1, 1], [1, 1, 1, 1], Padding::Same)
        .unwrap();
    assert_eq!(y.shape(), &[1, 3, 3, 0]);
}

#[test]
fn zero_size_dims() {
    for shape in [[0, 3, 3, 2], [1, 0, 3, 2], [1, 3, 0, 2], [1, 3, 3, 0]] {
        let x = ArrayD::<u8>::zeros(IxDyn(&shape));
        for padding in [Padding::Same, Padding::Valid] {
            let got = x.tf_extract_image_patches([1, 1, 2, 1], [1, 2, 1, 1], [1, 1, 1, 1], padding);
            let x64 = x.mapv(i64::from);
            let want = oracle(&x64, [1, 1, 2, 1], [1, 2, 1, 1], [1, 1, 1, 1], padding);
            assert_eq!(
                got.map(|y| y.mapv(i64::from)).map_err(|e| fail(&e)),
                want,
                "{shape:?} {padding:?}"
            );
        }
    }
}

/// Rows of patches whose patch rows are whole 64-byte moves (128 to 448 bytes) and whose windows
/// do not overlap are written as rows of pieces, each window row's runs down a block of patches
/// (ViT's 16×16 / 16 of RGB `f32`); overlapping windows with the same rows stay round by round.
/// Both against the oracle, with gaps between windows, images the windows do not cover to
/// their edge, and SAME padding where it adds nothing and where it does.
#[test]
fn patch_rows_of_whole_cache_lines_match_oracle() {
    for (k, st, depth) in [
        ((16, 16), (16, 16), 3),
        ((8, 8), (8, 8), 4),
        ((8, 8), (9, 10), 4),
        ((2, 32), (3, 32), 1),
        ((4, 16), (4, 17), 2),
        ((3, 16), (1, 8), 2),
    ] {
        for (rows, cols) in [(32, 64), (35, 70)] {
            let x = numbered(&[2, rows, cols, depth]);
            let (ksizes, strides, rates) = ([1, k.0, k.1, 1], [1, st.0, st.1, 1], [1, 1, 1, 1]);
            for padding in [Padding::Valid, Padding::Same] {
                let args = (ksizes, strides, rates, padding);
                let want = oracle(&x, ksizes, strides, rates, padding).unwrap();
                let what = format!("{k:?} {st:?} {rows}x{cols}x{depth}");
                same_in(&x, &want, |v| v as f32, args, &what);
                same_in(&x, &want, |v| v as f64, args, &what);
                same_in(&x, &want, |v| v, args, &what);
            }
        }
    }
}
