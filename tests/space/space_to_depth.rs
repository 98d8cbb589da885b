//! `tf_space_to_depth` / `tf_depth_to_space` against a naive oracle written from TensorFlow's
//! definition (one element at a time, walking the *input*, where the crate walks the output in
//! runs), the round trip, TensorFlow's order of checks, and edge cases: zero-size dimensions,
//! every wrong rank, views in, `Ix4` and `IxDyn` results, sizes that overflow.

use std::ops::Range;

use ndarray::{Array, Array4, ArrayD, ArrayView, Ix4, IxDyn, ShapeBuilder, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::arange;

/// Which check fails first, TensorFlow's order: attribute, rank, divisibility.
#[derive(Debug, PartialEq)]
enum Fail {
    Block,
    Rank,
    Divisible,
}

fn kind(err: &Error) -> Fail {
    match err {
        Error::BlockSizeTooSmall { .. } => Fail::Block,
        Error::WrongRank { .. } => Fail::Rank,
        Error::SpaceNotDivisible { .. } | Error::DepthNotDivisible { .. } => Fail::Divisible,
        other => panic!("unexpected error {other:?}"),
    }
}

/// `out[b, y / bs, x / bs, ((y % bs) * bs + x % bs) * c + k] = in[b, y, x, k]`, or the check
/// that fails.
fn oracle_space_to_depth(x: &ArrayD<i64>, bs: usize) -> Result<ArrayD<i64>, Fail> {
    if bs < 2 {
        return Err(Fail::Block);
    }
    let &[n, h, w, c] = x.shape() else {
        return Err(Fail::Rank);
    };
    if h % bs != 0 || w % bs != 0 {
        return Err(Fail::Divisible);
    }
    let mut out = ArrayD::zeros(IxDyn(&[n, h / bs, w / bs, c * bs * bs]));
    for b in 0..n {
        for y in 0..h {
            for xx in 0..w {
                for k in 0..c {
                    let d = ((y % bs) * bs + xx % bs) * c + k;
                    out[[b, y / bs, xx / bs, d]] = x[[b, y, xx, k]];
                }
            }
        }
    }
    Ok(out)
}

/// `out[b, y * bs + dy, x * bs + dx, k] = in[b, y, x, (dy * bs + dx) * (c / bs²) + k]`, or the
/// check that fails.
fn oracle_depth_to_space(x: &ArrayD<i64>, bs: usize) -> Result<ArrayD<i64>, Fail> {
    if bs < 2 {
        return Err(Fail::Block);
    }
    let &[n, h, w, c] = x.shape() else {
        return Err(Fail::Rank);
    };
    if c % (bs * bs) != 0 {
        return Err(Fail::Divisible);
    }
    let oc = c / (bs * bs);
    let mut out = ArrayD::zeros(IxDyn(&[n, h * bs, w * bs, oc]));
    for b in 0..n {
        for y in 0..h {
            for xx in 0..w {
                for d in 0..c {
                    let (dy, dx, k) = (d / oc / bs, d / oc % bs, d % oc);
                    out[[b, y * bs + dy, xx * bs + dx, k]] = x[[b, y, xx, d]];
                }
            }
        }
    }
    Ok(out)
}

/// Shapes of rank 0-6, mostly rank 4, small dims including 0.
fn any_shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        4 => prop::collection::vec(0usize..9, 4),
        1 => prop::collection::vec(0usize..4, 0..7),
    ]
}

/// A rank-4 shape `space_to_depth` accepts for `bs` (or `depth_to_space`, if `depth`).
fn divisible_shape(depth: bool) -> impl Strategy<Value = (Vec<usize>, usize)> {
    (2usize..5).prop_flat_map(move |bs| {
        let dims = (0usize..3, 0usize..4, 0usize..4, 0usize..4);
        dims.prop_map(move |(n, a, b, c)| {
            let shape = if depth {
                vec![n, a, b, c * bs * bs]
            } else {
                vec![n, a * bs, b * bs, c]
            };
            (shape, bs)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn space_to_depth_matches_oracle(shape in any_shape(), bs in 0usize..6) {
        let x = arange(&shape);
        let got = x.tf_space_to_depth(bs).map_err(|e| kind(&e));
        prop_assert_eq!(got, oracle_space_to_depth(&x, bs));
    }

    #[test]
    fn depth_to_space_matches_oracle(shape in any_shape(), bs in 0usize..6) {
        let x = arange(&shape);
        let got = x.tf_depth_to_space(bs).map_err(|e| kind(&e));
        prop_assert_eq!(got, oracle_depth_to_space(&x, bs));
    }

    #[test]
    fn valid_space_to_depth_matches_oracle((shape, bs) in divisible_shape(false)) {
        let x = arange(&shape);
        prop_assert_eq!(x.tf_space_to_depth(bs).ok(), oracle_space_to_depth(&x, bs).ok());
    }

    #[test]
    fn valid_depth_to_space_matches_oracle((shape, bs) in divisible_shape(true)) {
        let x = arange(&shape);
        prop_assert_eq!(x.tf_depth_to_space(bs).ok(), oracle_depth_to_space(&x, bs).ok());
    }

    #[test]
    fn round_trip((shape, bs) in divisible_shape(false)) {
        let x = arange(&shape);
        let y = x.tf_space_to_depth(bs).unwrap();
        prop_assert_eq!(y.tf_depth_to_space(bs).unwrap(), x);
    }

    #[test]
    fn round_trip_from_depth((shape, bs) in divisible_shape(true)) {
        let x = arange(&shape);
        let y = x.tf_depth_to_space(bs).unwrap();
        prop_assert_eq!(y.tf_space_to_depth(bs).unwrap(), x);
    }

    #[test]
    fn views_in_give_the_same_result((shape, bs) in divisible_shape(false), flip in 0usize..4) {
        // A view with a reversed axis is not in standard layout; the result must not care.
        let x = arange(&shape);
        let mut v = x.view();
        v.invert_axis(ndarray::Axis(flip));
        let owned = v.to_owned();
        prop_assert_eq!(v.tf_space_to_depth(bs).unwrap(), owned.tf_space_to_depth(bs).unwrap());
        let d = owned.tf_space_to_depth(bs).unwrap();
        let mut dv = d.view();
        dv.invert_axis(ndarray::Axis(flip));
        prop_assert_eq!(dv.tf_depth_to_space(bs).unwrap(), dv.to_owned().tf_depth_to_space(bs).unwrap());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    // Both ops' interleaving kernel (`gather_runs`) on every path it has here: 2 to 4 band rows
    // (one kernel each), 5 to 7 (a copy per run), block rows of 1 to 28 elements with and
    // without a fixed-size kernel, zero-size axes, and a reversed (non-C-order) view.
    #[test]
    fn every_block_size_and_depth_matches_oracle(
        bs in 2usize..8,
        (n, a, b, c) in (0usize..3, 0usize..3, 0usize..3, 0usize..5),
        flip in 0usize..5,
    ) {
        for depth in [false, true] {
            let shape = if depth {
                vec![n, a, b, c * bs * bs]
            } else {
                vec![n, a * bs, b * bs, c]
            };
            let x = arange(&shape);
            let mut v = x.view();
            if flip < 4 {
                v.invert_axis(ndarray::Axis(flip));
            }
            let logical = v.to_owned();
            if depth {
                prop_assert_eq!(
                    v.tf_depth_to_space(bs).ok(),
                    oracle_depth_to_space(&logical, bs).ok()
                );
            } else {
                prop_assert_eq!(
                    v.tf_space_to_depth(bs).ok(),
                    oracle_space_to_depth(&logical, bs).ok()
                );
            }
        }
    }
}

#[test]
fn ix4_in_ix4_out() {
    let x = Array4::from_shape_fn((2, 4, 6, 3), |(a, b, c, d)| {
        (a * 1000 + b * 100 + c * 10 + d) as f32
    });
    let y: Array4<f32> = x.tf_space_to_depth(2).unwrap();
    assert_eq!(y.shape(), &[2, 2, 3, 12]);
    let back: Array4<f32> = y.tf_depth_to_space(2).unwrap();
    assert_eq!(back, x);
    // The DCR order: x[b, 2 * i + dy, 2 * j + dx, k] is y[b, i, j, (dy * 2 + dx) * 3 + k].
    let (dy, dx, k) = (1, 0, 2);
    assert_eq!(
        y[[1, 1, 2, (dy * 2 + dx) * 3 + k]],
        x[[1, 2 + dy, 4 + dx, k]]
    );
}

#[test]
fn fortran_layout_input() {
    let x = Array::from_shape_vec((1, 2, 4, 2).f(), (0..16).collect()).unwrap();
    let c = x.as_standard_layout().to_owned();
    assert_eq!(
        x.tf_space_to_depth(2).unwrap(),
        c.tf_space_to_depth(2).unwrap()
    );
    assert_eq!(
        x.tf_depth_to_space(2),
        Err(Error::DepthNotDivisible {
            depth: 2,
            block_size_sq: 4
        })
    );
}

#[test]
fn sliced_view_input() {
    let x = arange(&[2, 6, 8, 3]);
    let v = x.slice(s![.., 1..5, ..;2, 1..]);
    assert_eq!(
        v.tf_space_to_depth(2).unwrap(),
        v.to_owned().tf_space_to_depth(2).unwrap()
    );
}

#[test]
fn zero_size_dims() {
    for shape in [
        [0, 2, 2, 1],
        [1, 0, 2, 1],
        [1, 2, 0, 1],
        [1, 2, 2, 0],
        [0, 0, 0, 0],
    ] {
        let x = ArrayD::<u8>::zeros(IxDyn(&shape));
        let y = x.tf_space_to_depth(2).unwrap();
        assert_eq!(
            y.shape(),
            &[shape[0], shape[1] / 2, shape[2] / 2, shape[3] * 4]
        );
        let y = x.tf_depth_to_space(2);
        if shape[3] == 0 {
            assert_eq!(
                y.unwrap().shape(),
                &[shape[0], shape[1] * 2, shape[2] * 2, 0]
            );
        }
    }
    // Divisibility is checked even when nothing would be moved, as TensorFlow does.
    let x = ArrayD::<u8>::zeros(IxDyn(&[0, 3, 3, 1]));
    assert!(matches!(
        x.tf_space_to_depth(2),
        Err(Error::SpaceNotDivisible {
            width: 3,
            height: 3,
            block_size: 2
        })
    ));
}

#[test]
fn every_wrong_rank() {
    for rank in [0, 1, 2, 3, 5, 6, 9] {
        let x = ArrayD::<i32>::zeros(IxDyn(&vec![2; rank]));
        assert_eq!(
            x.tf_space_to_depth(2),
            Err(Error::WrongRank {
                op: "tf_space_to_depth",
                expected: 4,
                rank
            })
        );
        assert_eq!(
            x.tf_depth_to_space(2),
            Err(Error::WrongRank {
                op: "tf_depth_to_space",
                expected: 4,
                rank
            })
        );
        // The block size is TensorFlow's first check.
        assert_eq!(
            x.tf_depth_to_space(1),
            Err(Error::BlockSizeTooSmall { block_size: 1 })
        );
    }
    let x = ndarray::Array3::<i32>::zeros((2, 2, 4));
    assert!(matches!(
        x.tf_space_to_depth(2),
        Err(Error::WrongRank { rank: 3, .. })
    ));
}

#[test]
fn huge_block_sizes() {
    let x = arange(&[1, 2, 2, 4]);
    assert!(matches!(
        x.tf_space_to_depth(usize::MAX),
        Err(Error::SpaceNotDivisible { .. })
    ));
    assert_eq!(
        x.tf_depth_to_space(usize::MAX),
        Err(Error::DepthNotDivisible {
            depth: 4,
            block_size_sq: usize::MAX
        })
    );
    // An empty image with a block size whose square overflows: 0 is divisible by anything.
    let e = ArrayD::<i64>::zeros(IxDyn(&[1, 0, 0, 0]));
    assert_eq!(e.tf_depth_to_space(1 << 40).unwrap().shape(), &[1, 0, 0, 0]);
}

#[test]
fn too_large() {
    // Empty inputs whose result would have a dimension, or a product of dimensions, past isize.
    let empty: [i64; 0] = [];
    let half = isize::MAX as usize / 2;
    let x = ArrayView::from_shape((1, 0, 2, half), &empty[..]).unwrap();
    assert_eq!(
        x.tf_space_to_depth(2),
        Err(Error::TooLarge {
            shape: vec![1, 0, 1, half * 4]
        })
    );
    // A depth that overflows usize itself is reported as usize::MAX.
    let x = ArrayView::from_shape((1, 0, 0, isize::MAX as usize), &empty[..]).unwrap();
    assert_eq!(
        x.tf_space_to_depth(2),
        Err(Error::TooLarge {
            shape: vec![1, 0, 0, usize::MAX]
        })
    );
    let x = ArrayView::from_shape((0, 1 << 31, 1 << 31, 0), &empty[..]).unwrap();
    assert_eq!(
        x.tf_depth_to_space(4),
        Err(Error::TooLarge {
            shape: vec![0, 1 << 33, 1 << 33, 0]
        })
    );
    let x = ArrayView::from_shape((0, usize::MAX / 2, 1, 0), &empty[..]).unwrap();
    assert!(matches!(
        x.tf_depth_to_space(4),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn strings_move_too() {
    // Any Clone element works, not only numbers.
    let x = Array::from_shape_fn((1, 2, 2, 1), |(_, y, x, _)| format!("{y}{x}"));
    let y = x.tf_space_to_depth(2).unwrap();
    assert_eq!(
        y.iter().cloned().collect::<Vec<_>>(),
        ["00", "01", "10", "11"]
    );
    let _: Array<String, Ix4> = y;
}

/// `tf_depth_to_space` (`depth`) or `tf_space_to_depth` of block `bs` on the columns `cols` of
/// an `arange` of `shape` converted to each of `types` (`u8`, `u16`, `i32`, `f32`), sliced after
/// the conversion (a view whose rows have gaps unless `cols` is every column), against the
/// oracle's `i64` result converted the same way.
fn check_typed(depth: bool, bs: usize, shape: [usize; 4], cols: Range<usize>, types: &[&str]) {
    fn op<T: Clone>(depth: bool, bs: usize, x: ArrayView<'_, T, IxDyn>) -> ArrayD<T> {
        if depth {
            x.tf_depth_to_space(bs)
        } else {
            x.tf_space_to_depth(bs)
        }
        .unwrap()
    }
    fn typed<T: Clone>(x: &ArrayD<T>, cols: &Range<usize>) -> ArrayD<T> {
        x.slice(s![.., .., cols.clone(), ..]).into_dyn().to_owned()
    }
    let x = arange(&shape);
    let logical = typed(&x, &cols);
    let want = if depth {
        oracle_depth_to_space(&logical, bs)
    } else {
        oracle_space_to_depth(&logical, bs)
    }
    .unwrap();
    let what = format!("{shape:?} columns {cols:?}, depth {depth}, block {bs}");
    let view = |t: &str| format!("{t} {what}");
    for &t in types {
        match t {
            "u8" => {
                let x = x.mapv(|v| v as u8);
                let got = op(depth, bs, x.slice(s![.., .., cols.clone(), ..]).into_dyn());
                assert_eq!(got, want.mapv(|v| v as u8), "{}", view(t));
            }
            "u16" => {
                let x = x.mapv(|v| v as u16);
                let got = op(depth, bs, x.slice(s![.., .., cols.clone(), ..]).into_dyn());
                assert_eq!(got, want.mapv(|v| v as u16), "{}", view(t));
            }
            "i32" => {
                let x = x.mapv(|v| v as i32);
                let got = op(depth, bs, x.slice(s![.., .., cols.clone(), ..]).into_dyn());
                assert_eq!(got, want.mapv(|v| v as i32), "{}", view(t));
            }
            _ => {
                let x = x.mapv(|v| v as f32);
                let got = op(depth, bs, x.slice(s![.., .., cols.clone(), ..]).into_dyn());
                assert_eq!(got, want.mapv(|v| v as f32), "{}", view(t));
            }
        }
    }
}

/// Units of 9 elements (block 3 of RGB: three pixels of three channels), which have a
/// fixed-size kernel of their own (and for bytes, overlapping 16-byte moves), in the element
/// types whose copies take other paths than the `i64` of the property tests, on images large
/// enough for every kernel's main loop.
#[test]
fn block_3_of_rgb_bytes_and_floats_match_the_oracle() {
    check_typed(true, 3, [2, 7, 11, 27], 0..11, &["u8", "f32"]);
    check_typed(false, 3, [2, 21, 33, 3], 0..33, &["u8", "f32"]);
    check_typed(true, 3, [2, 7, 13, 27], 1..12, &["u8", "f32"]);
}

/// Block 3 of one channel (ESPCN's upsampler): units of 3 elements, which for 1-, 2- and 4-byte
/// primitives (bytes where no byte gather takes them) are copied by overlapping moves (each
/// unit's move runs into the next unit's slot, the last exactly). Whole images, one column or
/// block column, and views whose rows have gaps.
#[test]
fn block_3_of_one_channel_matches_the_oracle() {
    let types = ["u8", "u16", "i32", "f32"];
    check_typed(true, 3, [2, 7, 11, 9], 0..11, &types);
    check_typed(true, 3, [2, 7, 1, 9], 0..1, &types);
    check_typed(true, 3, [2, 7, 13, 9], 1..12, &types);
    check_typed(false, 3, [2, 21, 33, 1], 0..33, &types);
    check_typed(false, 3, [2, 21, 3, 1], 0..3, &types);
    check_typed(false, 3, [2, 21, 35, 1], 1..34, &types);
}

/// Bytes whose 64-byte output vectors take three or four source windows (where the CPU has
/// AVX-512 VBMI, two permutes and a blend each): block 3 of one and two channels, block 4 of
/// one. Rows long enough for whole periods of the gather (576 bytes for three sources of
/// 3-byte units) and short ones (masked loads only), whole images and views with gaps; `u16`
/// beside them takes the moves.
#[test]
fn bytes_from_up_to_four_windows_match_the_oracle() {
    let types = ["u8", "u16"];
    for (bs, c, width) in [
        (3, 1, 249),
        (3, 2, 120),
        (4, 1, 256),
        (3, 1, 30),
        (4, 1, 20),
    ] {
        let space = [2, 2 * bs, width, c];
        let depth = [2, 2, width / bs, c * bs * bs];
        check_typed(false, bs, space, 0..width, &types);
        check_typed(false, bs, space, 1..width - bs + 1, &types);
        check_typed(true, bs, depth, 0..width / bs, &types);
        check_typed(true, bs, depth, 1..width / bs - 1, &types);
    }
}

/// Block 2 with units of 8 bytes (one `f32` or `i32` channel, two `u16` channels): the unit
/// interleave compiled with AVX2 (`space_to_depth`) and the one-pass split of each input row
/// (`depth_to_space`), at widths that leave the vector loops a remainder of every length, and
/// views whose rows have gaps.
#[test]
fn block_2_of_8_byte_units_matches_the_oracle() {
    let words = ["i32", "f32"];
    for (width, cols) in [
        (2, 0..2),
        (10, 0..10),
        (34, 0..34),
        (230, 0..230),
        (40, 3..37),
    ] {
        check_typed(false, 2, [2, 6, width, 1], cols, &words);
    }
    check_typed(false, 2, [2, 6, 18, 2], 0..18, &["u16"]);
    for (width, cols) in [
        (1, 0..1),
        (5, 0..5),
        (17, 0..17),
        (115, 0..115),
        (20, 2..19),
    ] {
        check_typed(true, 2, [2, 3, width, 4], cols, &words);
    }
    check_typed(true, 2, [2, 3, 9, 8], 0..9, &["u16"]);
}
