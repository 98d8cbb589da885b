//! `tf_space_to_batch_nd` / `tf_batch_to_space_nd` (and the 4-D forms) against an oracle written
//! from TensorFlow's definition, element by element; round trips; edge cases.
//!
//! The oracle shares no code with `src/`: for every output index it computes, with plain index
//! arithmetic, which input element (or padding zero) TensorFlow puts there:
//! - space to batch: output batch `ob = o_flat * batch + n` (block offsets outermost, the last
//!   spatial dim's offset fastest); output `[ob, y.., r..]` is input `[n, y_i * b_i + o_i -
//!   pad_start_i .., r..]`, or 0 where that is outside the input;
//! - batch to space: output `[n, z.., r..]` is input `[o_flat * batch_out + n, (z_i +
//!   crop_start_i) / b_i .., r..]` with `o_i = (z_i + crop_start_i) % b_i`.

use ndarray::{Array, Array4, ArrayD, Axis, IxDyn, array, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::indices;

// ---------------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------------

/// TF's result, or `None` where TF raises (any of its errors).
fn oracle_space_to_batch(
    x: &ArrayD<i32>,
    block: &[usize],
    pads: &[[usize; 2]],
) -> Option<ArrayD<i32>> {
    let shape = x.shape();
    let m = block.len();
    if shape.len() < m + 1 || pads.len() != m || block.contains(&0) {
        return None;
    }
    let mut out_shape = shape.to_vec();
    for i in 0..m {
        let padded = shape[i + 1] + pads[i][0] + pads[i][1];
        if !padded.is_multiple_of(block[i]) {
            return None;
        }
        out_shape[i + 1] = padded / block[i];
    }
    let batch = shape[0];
    out_shape[0] = batch * block.iter().product::<usize>();
    let mut values = vec![];
    for idx in indices(&out_shape) {
        let (n, mut o_flat) = (idx[0] % batch, idx[0] / batch);
        let mut offsets = vec![0; m];
        for i in (0..m).rev() {
            offsets[i] = o_flat % block[i];
            o_flat /= block[i];
        }
        let mut src = idx.clone();
        src[0] = n;
        let mut inside = true;
        for i in 0..m {
            let x_i = (idx[i + 1] * block[i] + offsets[i]) as i64 - pads[i][0] as i64;
            inside &= x_i >= 0 && (x_i as usize) < shape[i + 1];
            src[i + 1] = x_i.max(0) as usize;
        }
        values.push(if inside { x[IxDyn(&src)] } else { 0 });
    }
    Some(ArrayD::from_shape_vec(IxDyn(&out_shape), values).unwrap())
}

fn oracle_batch_to_space(
    x: &ArrayD<i32>,
    block: &[usize],
    crops: &[[usize; 2]],
) -> Option<ArrayD<i32>> {
    let shape = x.shape();
    let m = block.len();
    if shape.len() < m + 1 || crops.len() != m {
        return None;
    }
    let product: usize = block.iter().product();
    if product == 0 || !shape[0].is_multiple_of(product) {
        return None;
    }
    let mut out_shape = shape.to_vec();
    out_shape[0] = shape[0] / product;
    for i in 0..m {
        let full = shape[i + 1] * block[i];
        if crops[i][0] + crops[i][1] > full {
            return None;
        }
        out_shape[i + 1] = full - crops[i][0] - crops[i][1];
    }
    let mut values = vec![];
    for idx in indices(&out_shape) {
        let mut src = idx.clone();
        let mut o_flat = 0;
        for i in 0..m {
            let w = idx[i + 1] + crops[i][0];
            o_flat = o_flat * block[i] + w % block[i];
            src[i + 1] = w / block[i];
        }
        src[0] = o_flat * out_shape[0] + idx[0];
        values.push(x[IxDyn(&src)]);
    }
    Some(ArrayD::from_shape_vec(IxDyn(&out_shape), values).unwrap())
}

#[test]
fn oracle_matches_tf_doc_examples() {
    // tf.space_to_batch_nd's example 4 and its inverse (TensorFlow 2.21).
    let x = Array::from_iter(1..=16)
        .into_shape_with_order(IxDyn(&[2, 2, 4, 1]))
        .unwrap();
    let y = oracle_space_to_batch(&x, &[2, 2], &[[0, 0], [2, 0]]).unwrap();
    let flat: Vec<i32> = y.iter().copied().collect();
    assert_eq!(y.shape(), &[8, 1, 3, 1]);
    assert_eq!(
        flat,
        [
            0, 1, 3, 0, 9, 11, 0, 2, 4, 0, 10, 12, 0, 5, 7, 0, 13, 15, 0, 6, 8, 0, 14, 16
        ]
    );
    assert_eq!(
        oracle_batch_to_space(&y, &[2, 2], &[[0, 0], [2, 0]]),
        Some(x)
    );
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/// An input `[batch] + spatial + rest` holding 0..len, the block shape, and per spatial dim
/// (start, end) rows: paddings that mostly divide, or crops mostly within the limit.
#[derive(Clone, Debug)]
struct Case {
    shape: Vec<usize>,
    block: Vec<usize>,
    rows: Vec<[usize; 2]>,
    /// Reverse this axis of the input (a non-standard-layout view) if it exists.
    invert: Option<usize>,
}

fn dims(max_len: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![1 => Just(0usize), 8 => 1usize..=4], 0..=max_len)
}

fn space_case() -> impl Strategy<Value = Case> {
    space_case_with(0usize..=5)
}

fn space_case_with(m: impl Strategy<Value = usize>) -> impl Strategy<Value = Case> {
    m.prop_flat_map(|m| {
        (
            0usize..=3,
            prop::collection::vec(prop_oneof![1 => Just(0usize), 12 => 1usize..=3], m),
            prop::collection::vec(prop_oneof![1 => Just(0usize), 8 => 1usize..=3], m),
            dims(2),
            prop::collection::vec((0usize..=3, 0usize..=2, prop::bool::weighted(0.85)), m),
            prop::option::of(0usize..6),
        )
    })
    .prop_map(|(batch, block, spatial, rest, pads, invert)| {
        let rows = block
            .iter()
            .zip(&spatial)
            .zip(&pads)
            .map(|((&b, &d), &(start, k, fit))| {
                if fit && b > 0 {
                    let end = (b - (d + start) % b) % b + k * b;
                    [start, end]
                } else {
                    [start, k]
                }
            })
            .collect();
        let shape = [vec![batch], spatial, rest].concat();
        Case {
            shape,
            block,
            rows,
            invert,
        }
    })
}

fn batch_case() -> impl Strategy<Value = Case> {
    (0usize..=5)
        .prop_flat_map(|m| {
            (
                prop::collection::vec(prop_oneof![1 => Just(0usize), 12 => 1usize..=3], m),
                prop_oneof![8 => 0usize..=2, 1 => 0usize..=7],
                prop::collection::vec(prop_oneof![1 => Just(0usize), 8 => 1usize..=3], m),
                dims(2),
                prop::collection::vec((0usize..=8, 0usize..=8, prop::bool::weighted(0.85)), m),
                prop::bool::weighted(0.9),
                prop::option::of(0usize..6),
            )
        })
        .prop_map(|(block, k, grid, rest, crops, divisible, invert)| {
            let product: usize = block.iter().product();
            let batch = if divisible { k * product } else { k };
            let rows = block
                .iter()
                .zip(&grid)
                .zip(&crops)
                .map(|((&b, &d), &(a, c, within))| {
                    let full = d * b;
                    if within {
                        let start = a.min(full);
                        [start, c.min(full - start)]
                    } else {
                        [a, c]
                    }
                })
                .collect();
            let shape = [vec![batch], grid, rest].concat();
            Case {
                shape,
                block,
                rows,
                invert,
            }
        })
}

fn input(case: &Case) -> ArrayD<i32> {
    let len: usize = case.shape.iter().product();
    let mut x = ArrayD::from_shape_vec(IxDyn(&case.shape), (0..len as i32).collect()).unwrap();
    if let Some(axis) = case.invert.filter(|&a| a < x.ndim()) {
        x.invert_axis(Axis(axis));
    }
    x
}

fn elems(shape: &[usize], block: &[usize]) -> usize {
    shape.iter().product::<usize>() * block.iter().map(|&b| b.max(1)).product::<usize>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn space_to_batch_nd_matches_oracle(case in space_case()) {
        prop_assume!(elems(&case.shape, &case.block) <= 20_000);
        let x = input(&case);
        let got = x.tf_space_to_batch_nd(&case.block, &case.rows);
        let want = oracle_space_to_batch(&x, &case.block, &case.rows);
        match (got, want) {
            (Ok(g), Some(w)) => {
                prop_assert_eq!(&g, &w);
                prop_assert!(g.is_standard_layout());
            }
            (Err(_), None) => {}
            (g, w) => prop_assert!(false, "ours {:?}, oracle {:?}", g.map(|a| a.shape().to_vec()),
                                   w.map(|a| a.shape().to_vec())),
        }
    }

    #[test]
    fn batch_to_space_nd_matches_oracle(case in batch_case()) {
        let x = input(&case);
        let got = x.tf_batch_to_space_nd(&case.block, &case.rows);
        let want = oracle_batch_to_space(&x, &case.block, &case.rows);
        match (got, want) {
            (Ok(g), Some(w)) => prop_assert_eq!(g, w),
            (Err(_), None) => {}
            (g, w) => prop_assert!(false, "ours {:?}, oracle {:?}", g.map(|a| a.shape().to_vec()),
                                   w.map(|a| a.shape().to_vec())),
        }
    }

    /// batch_to_space_nd(space_to_batch_nd(x, b, p), b, p) == x.
    #[test]
    fn round_trip(case in space_case()) {
        prop_assume!(elems(&case.shape, &case.block) <= 20_000);
        let x = input(&case);
        if let Ok(y) = x.tf_space_to_batch_nd(&case.block, &case.rows) {
            prop_assert_eq!(y.tf_batch_to_space_nd(&case.block, &case.rows), Ok(x));
        }
    }

    /// The 4-D forms are the ND ops with [b, b] on rank 4.
    #[test]
    fn four_d_forms_are_the_nd_ops(case in space_case_with(Just(2)), bs in 0usize..=3) {
        prop_assume!(elems(&case.shape, &[bs, bs]) <= 20_000);
        let x = input(&case);
        let nd = x.tf_space_to_batch_nd(&[bs, bs], &case.rows);
        let v1 = x.tf_space_to_batch(&case.rows, bs);
        if x.ndim() == 4 || nd.is_err() {
            prop_assert_eq!(v1, nd);
        } else {
            let is_wrong_rank = matches!(v1, Err(Error::WrongRank { expected: 4, .. }));
            prop_assert!(is_wrong_rank);
        }
        let nd = x.tf_batch_to_space_nd(&[bs, bs], &case.rows);
        let v1 = x.tf_batch_to_space(&case.rows, bs);
        if x.ndim() == 4 || nd.is_err() {
            prop_assert_eq!(v1, nd);
        } else {
            let is_wrong_rank = matches!(v1, Err(Error::WrongRank { expected: 4, .. }));
            prop_assert!(is_wrong_rank);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Edge cases
// ---------------------------------------------------------------------------------------------

#[test]
fn empty_block_shape_is_a_copy() {
    let x = array![[1, 2], [3, 4]];
    assert_eq!(x.tf_space_to_batch_nd(&[0; 0], &[[0; 2]; 0]), Ok(x.clone()));
    assert_eq!(x.tf_batch_to_space_nd(&[0; 0], &[[0; 2]; 0]), Ok(x.clone()));
    let t = x.t();
    assert_eq!(
        t.tf_space_to_batch_nd(&[0; 0], &[[0; 2]; 0]),
        Ok(t.to_owned())
    );
    // Rank 0 has no batch axis.
    let scalar = ndarray::arr0(5);
    assert_eq!(
        scalar.tf_space_to_batch_nd(&[0; 0], &[[0; 2]; 0]),
        Err(Error::BlockRankTooLarge { min: 1, rank: 0 })
    );
    assert_eq!(
        scalar.tf_batch_to_space_nd(&[0; 0], &[[0; 2]; 0]),
        Err(Error::BlockRankTooLarge { min: 1, rank: 0 })
    );
}

#[test]
fn zero_size_dims() {
    let x = ArrayD::<f32>::zeros(IxDyn(&[2, 0, 4]));
    // Padding alone fills a zero-size spatial dim.
    let y = x.tf_space_to_batch_nd(&[2, 2], &[[1, 1], [0, 0]]).unwrap();
    assert_eq!(y.shape(), &[8, 1, 2]);
    assert!(y.iter().all(|&v| v == 0.0));
    let x = ArrayD::<f32>::zeros(IxDyn(&[0, 4, 4]));
    assert_eq!(
        x.tf_space_to_batch_nd(&[2, 2], &[[0, 0], [0, 0]])
            .unwrap()
            .shape(),
        &[0, 2, 2]
    );
    assert_eq!(
        x.tf_batch_to_space_nd(&[2, 2], &[[1, 0], [0, 0]])
            .unwrap()
            .shape(),
        &[0, 7, 8]
    );
    // Crops at the limit leave an empty dim; past it is an error even with nothing in it.
    assert_eq!(
        x.tf_batch_to_space_nd(&[2, 2], &[[4, 4], [0, 0]])
            .unwrap()
            .shape(),
        &[0, 0, 8]
    );
    assert_eq!(
        x.tf_batch_to_space_nd(&[2, 2], &[[9, 0], [0, 0]]),
        Err(Error::CropsTooLarge {
            index: 0,
            cropped: -1
        })
    );
}

#[test]
fn high_rank_and_many_spatial_dims() {
    // Rank 9, five moving spatial dims (TensorFlow's kernel stops at four).
    let shape = [2, 2, 2, 2, 2, 2, 1, 3, 1];
    let len: usize = shape.iter().product();
    let x = ArrayD::from_shape_vec(IxDyn(&shape), (0..len as i32).collect()).unwrap();
    let block = [2, 2, 2, 2, 2];
    let pads = [[0, 0]; 5];
    let y = x.tf_space_to_batch_nd(&block, &pads).unwrap();
    assert_eq!(y.shape(), &[64, 1, 1, 1, 1, 1, 1, 3, 1]);
    assert_eq!(Some(y.clone()), oracle_space_to_batch(&x, &block, &pads));
    assert_eq!(y.tf_batch_to_space_nd(&block, &pads), Ok(x));
}

#[test]
fn views_in_and_fixed_dimension_types_out() {
    let x = Array::from_iter(0..2 * 4 * 6 * 3)
        .into_shape_with_order((2, 4, 6, 3))
        .unwrap();
    // A strided, reversed view gives what its copy gives.
    let v = x.slice(s![.., ..;-1, 1..;2, ..]);
    let y: Array4<i32> = v.tf_space_to_batch(&[[0, 0], [1, 0]], 2).unwrap();
    assert_eq!(
        y,
        v.to_owned()
            .tf_space_to_batch(&[[0, 0], [1, 0]], 2)
            .unwrap()
    );
    assert_eq!(y.shape(), &[8, 2, 2, 3]);
    // Owned, ArcArray and CowArray all have the methods.
    let arc = x.to_shared();
    assert_eq!(
        arc.tf_space_to_batch_nd(&[2], &[[0, 0]]).unwrap().shape(),
        &[4, 2, 6, 3]
    );
    let cow = ndarray::CowArray::from(x.view());
    assert_eq!(
        cow.tf_batch_to_space_nd(&[2], &[[1, 1]]).unwrap().shape(),
        &[1, 6, 6, 3]
    );
}

#[test]
fn trailing_block_of_one_moves_whole_rows() {
    // Block 1 on the width: whole rows move (and padding there is still applied).
    let x = Array::from_iter(0..24)
        .into_shape_with_order((1, 4, 3, 2))
        .unwrap()
        .into_dyn();
    for pads in [[[0, 0], [0, 0]], [[0, 2], [1, 0]]] {
        let y = x.tf_space_to_batch_nd(&[2, 1], &pads).unwrap();
        assert_eq!(Some(y.clone()), oracle_space_to_batch(&x, &[2, 1], &pads));
        assert_eq!(y.tf_batch_to_space_nd(&[2, 1], &pads), Ok(x.clone()));
    }
}

#[test]
fn four_d_forms_check_the_rank_after_the_nd_op() {
    let x = ArrayD::<f32>::zeros(IxDyn(&[4, 6, 4]));
    // The ND op succeeds on rank 3, so the rank is what fails ...
    assert_eq!(
        x.tf_space_to_batch(&[[0, 0], [0, 0]], 2),
        Err(Error::WrongRank {
            op: "tf_space_to_batch",
            expected: 4,
            rank: 3
        })
    );
    // ... but where the ND op fails, its error comes first, as in TensorFlow.
    let x = ArrayD::<f32>::zeros(IxDyn(&[4, 6, 3]));
    assert_eq!(
        x.tf_space_to_batch(&[[0, 0], [0, 0]], 2),
        Err(Error::PaddedNotDivisible {
            index: 1,
            padded: 3,
            block: 2
        })
    );
    let x = ArrayD::<f32>::zeros(IxDyn(&[8, 2, 3, 1, 1]));
    assert_eq!(
        x.tf_batch_to_space(&[[0, 0], [0, 0]], 2),
        Err(Error::WrongRank {
            op: "tf_batch_to_space",
            expected: 4,
            rank: 5
        })
    );
    assert_eq!(
        ArrayD::<f32>::zeros(IxDyn(&[8, 2])).tf_batch_to_space(&[[0, 0], [0, 0]], 2),
        Err(Error::BlockRankTooLarge { min: 3, rank: 2 })
    );
}

#[test]
fn sizes_past_isize_are_errors_not_panics() {
    let x = ArrayD::<f32>::zeros(IxDyn(&[1, 1, 1]));
    // TensorFlow's lists are int64: the widest value is i64::MAX.
    let huge = i64::MAX as usize;
    assert!(matches!(
        x.tf_space_to_batch_nd(&[1, 1], &[[huge, 0], [0, 0]]),
        Err(Error::TooLarge { .. })
    ));
    // Divisible and representable, but too many bytes.
    let half = 1usize << 62;
    assert!(matches!(
        x.tf_space_to_batch_nd(&[1, 1], &[[half, half - 1], [0, 0]]),
        Err(Error::TooLarge { .. })
    ));
    assert!(matches!(
        x.tf_space_to_batch_nd(&[huge, huge], &[[huge - 1, 0], [huge - 1, 0]]),
        Err(Error::TooLarge { .. })
    ));
    assert_eq!(
        x.tf_batch_to_space_nd(&[1, huge], &[[0, 0], [0, 0]]),
        Err(Error::BatchNotDivisible {
            batch: 1,
            product: huge
        })
    );
    let x = ArrayD::<f32>::zeros(IxDyn(&[0, 3, 1]));
    assert!(matches!(
        x.tf_batch_to_space_nd(&[huge, huge], &[[0, 0], [0, 0]]),
        Err(Error::TooLarge { .. })
    ));
    // Zero-sized elements: no bytes, so only the element count limits.
    let units = Array::from_elem((4, 3, 2), ());
    let y = units
        .tf_batch_to_space_nd(&[2, 2], &[[0, 0], [0, 0]])
        .unwrap();
    assert_eq!(y.shape(), &[1, 6, 4]);
}
