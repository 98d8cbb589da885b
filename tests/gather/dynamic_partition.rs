//! `tf_dynamic_partition` and `tf_dynamic_stitch` against naive oracles written from
//! TensorFlow's definitions, the seed's round trip (stitch undoes partition), and edge cases.
//!
//! The oracles share no code with `src/`: they walk multi-indices with explicit loops.

use ndarray::{
    Array1, Array2, ArrayD, ArrayView1, ArrayViewD, IxDyn, ShapeBuilder, arr0, array, s,
};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive;
use naive::{flat, indices};

/// `outputs[i] = pack([data[js, ...] for js if partitions[js] == i])`, as flat positions into
/// `data` with each output's shape. Partition numbers must be valid.
fn partition_oracle(
    shape: &[usize],
    pshape: &[usize],
    parts: &[i64],
    n: usize,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let rest = &shape[pshape.len()..];
    (0..n)
        .map(|i| {
            let mut values = Vec::new();
            let mut count = 0;
            for js in indices(pshape) {
                if parts[flat(&js, pshape)] == i as i64 {
                    count += 1;
                    for r in indices(rest) {
                        let full: Vec<usize> = js.iter().chain(&r).copied().collect();
                        values.push(flat(&full, shape));
                    }
                }
            }
            let mut out_shape = vec![count];
            out_shape.extend_from_slice(rest);
            (out_shape, values)
        })
        .collect()
}

/// `merged[indices[m][i..], ...] = data[m][i.., ...]` in order of m, then i; unnamed rows are
/// `None`. Data values are `(m, flat position in data[m])`.
type Merged = (Vec<usize>, Vec<Option<(usize, usize)>>);

fn stitch_oracle(ishapes: &[Vec<usize>], idx: &[Vec<i64>], slice: &[usize]) -> Merged {
    let rows = idx
        .iter()
        .flatten()
        .map(|&i| i as usize + 1)
        .max()
        .unwrap_or(0);
    let per_row: usize = slice.iter().product();
    let mut out = vec![None; rows * per_row];
    for (m, ishape) in ishapes.iter().enumerate() {
        let dshape: Vec<usize> = ishape.iter().chain(slice).copied().collect();
        for i in indices(ishape) {
            let row = idx[m][flat(&i, ishape)] as usize;
            for r in indices(slice) {
                let full: Vec<usize> = i.iter().chain(&r).copied().collect();
                out[row * per_row + flat(&r, slice)] = Some((m, flat(&full, &dshape)));
            }
        }
    }
    let mut shape = vec![rows];
    shape.extend_from_slice(slice);
    (shape, out)
}

/// A data shape, a partitions shape it starts with, valid partition numbers and their count.
fn partition_case() -> impl Strategy<Value = (Vec<usize>, usize, Vec<i64>, usize)> {
    (prop::collection::vec(0usize..4, 0..5), 1usize..5)
        .prop_flat_map(|(shape, n)| (Just(shape.clone()), 0..=shape.len(), Just(n)))
        .prop_flat_map(|(shape, lead, n)| {
            let size: usize = shape[..lead].iter().product();
            (
                Just(shape),
                Just(lead),
                prop::collection::vec(0..n as i64, size),
                Just(n),
            )
        })
}

fn iota(shape: &[usize]) -> ArrayD<usize> {
    let n: usize = shape.iter().product();
    ArrayD::from_shape_vec(IxDyn(shape), (0..n).collect()).unwrap()
}

/// Index arrays (shapes and values, duplicates likely) and one slice shape.
fn stitch_case() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<Vec<i64>>, Vec<usize>)> {
    (
        prop::collection::vec(prop::collection::vec(0usize..3, 0..3), 1..4),
        prop::collection::vec(0usize..3, 0..3),
        1i64..8,
    )
        .prop_flat_map(|(ishapes, slice, bound)| {
            let values: Vec<_> = ishapes
                .iter()
                .map(|s| prop::collection::vec(0..bound, s.iter().product::<usize>()))
                .collect();
            (Just(ishapes), values, Just(slice))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn partition_matches_the_oracle((shape, lead, parts, n) in partition_case()) {
        let data = iota(&shape);
        let p = ArrayD::from_shape_vec(IxDyn(&shape[..lead]), parts.clone()).unwrap();
        let got = data.tf_dynamic_partition(&p, n).unwrap();
        let want = partition_oracle(&shape, &shape[..lead], &parts, n);
        prop_assert_eq!(got.len(), n);
        for (g, (wshape, wvalues)) in got.iter().zip(want) {
            prop_assert_eq!(g.shape(), &wshape[..]);
            prop_assert_eq!(g.iter().copied().collect::<Vec<_>>(), wvalues);
        }
    }

    #[test]
    fn stitch_matches_the_oracle((ishapes, idx, slice) in stitch_case()) {
        let index_arrays: Vec<ArrayD<i64>> = ishapes
            .iter()
            .zip(&idx)
            .map(|(s, v)| ArrayD::from_shape_vec(IxDyn(s), v.clone()).unwrap())
            .collect();
        // data[m] holds (m, its own flat position).
        let data: Vec<ArrayD<Option<(usize, usize)>>> = ishapes
            .iter()
            .enumerate()
            .map(|(m, s)| {
                let shape: Vec<usize> = s.iter().chain(&slice).copied().collect();
                iota(&shape).mapv(|i| Some((m, i)))
            })
            .collect();
        let iv: Vec<ArrayViewD<'_, i64>> = index_arrays.iter().map(|a| a.view()).collect();
        let dv: Vec<_> = data.iter().map(|a| a.view()).collect();
        let got = tf_dynamic_stitch(&iv, &dv).unwrap();
        let (shape, values) = stitch_oracle(&ishapes, &idx, &slice);
        prop_assert_eq!(got.shape(), &shape[..]);
        prop_assert_eq!(got.iter().copied().collect::<Vec<_>>(), values);
    }

    /// The seed's identity: stitching the partitioned positions back puts every slice home.
    #[test]
    fn stitch_undoes_partition((shape, lead, parts, n) in partition_case()) {
        let data = iota(&shape).mapv(|v| v as i64 * 7 - 3);
        let p = ArrayD::from_shape_vec(IxDyn(&shape[..lead]), parts).unwrap();
        let size: usize = shape[..lead].iter().product();
        let positions = ArrayD::from_shape_vec(IxDyn(&shape[..lead]), (0..size as i32).collect())
            .unwrap();
        let pieces = data.tf_dynamic_partition(&p, n).unwrap();
        let where_from = positions.tf_dynamic_partition(&p, n).unwrap();
        let iv: Vec<_> = where_from.iter().map(|a| a.view()).collect();
        let dv: Vec<_> = pieces.iter().map(|a| a.view()).collect();
        let merged = tf_dynamic_stitch(&iv, &dv).unwrap();
        // Stitching gives the slices in position order: data with the partitioned axes flattened.
        let mut flat_shape = vec![size];
        flat_shape.extend_from_slice(&shape[lead..]);
        if size > 0 {
            prop_assert_eq!(merged, data.into_shape_with_order(IxDyn(&flat_shape)).unwrap());
        } else {
            prop_assert_eq!(merged.len(), 0);
        }
    }
}

#[test]
fn any_index_array_kind() {
    let data = array![[1, 2], [3, 4], [5, 6]];
    let want = vec![array![[3, 4]].into_dyn(), array![[1, 2], [5, 6]].into_dyn()];
    let p32: Array1<i32> = array![1, 0, 1];
    assert_eq!(data.tf_dynamic_partition(&p32, 2).unwrap(), want);
    let pu8: ArrayView1<'_, u8> = ArrayView1::from(&[1u8, 0, 1]);
    assert_eq!(data.tf_dynamic_partition(&pu8, 2).unwrap(), want);
    let pd: ArrayD<i64> = array![1i64, 0, 1].into_dyn();
    assert_eq!(data.view().tf_dynamic_partition(&pd, 2).unwrap(), want);
    let pu: Array1<usize> = array![1, 0, 1];
    assert_eq!(data.to_shared().tf_dynamic_partition(&pu, 2).unwrap(), want);
    // 2-d partitions over a Fortran-order view.
    let f = Array2::from_shape_vec((2, 2).f(), vec![10, 30, 20, 40]).unwrap();
    let p2 = Array2::from_shape_vec((2, 2), vec![0u16, 1, 1, 0]).unwrap();
    let out = f.tf_dynamic_partition(&p2, 2).unwrap();
    assert_eq!(
        out,
        vec![array![10, 40].into_dyn(), array![20, 30].into_dyn()]
    );
}

#[test]
fn partition_errors() {
    let data = Array2::<f32>::zeros((2, 3));
    assert_eq!(
        data.tf_dynamic_partition(&array![0, 0], 0),
        Err(Error::NoPartitions)
    );
    let err = data.tf_dynamic_partition(&array![0, 0, 0], 2).unwrap_err();
    assert_eq!(
        err.to_string(),
        "data.shape must start with partitions.shape, got data.shape = [2,3], partitions.shape = [3]"
    );
    let err = data
        .tf_dynamic_partition(&array![[0, 1, 1], [1, 5, 0]], 2)
        .unwrap_err();
    assert_eq!(
        err,
        Error::IndexOutOfRange {
            argument: "partitions",
            position: vec![1, 1],
            value: 5,
            bound: 2
        }
    );
    assert_eq!(err.to_string(), "partitions[1,1] = 5 is not in [0, 2)");
    let err = data.tf_dynamic_partition(&array![0, -1], 2).unwrap_err();
    assert_eq!(err.to_string(), "partitions[1] = -1 is not in [0, 2)");
    // A u64 past i64::MAX cannot be printed as TF's int64: ValueOutOfRange, with its position.
    let err = data
        .tf_dynamic_partition(&array![0, u64::MAX], 2)
        .unwrap_err();
    assert_eq!(
        err,
        Error::ValueOutOfRange {
            argument: Argument::Partitions,
            index: 1,
            value: u64::MAX.to_string()
        }
    );
    // More partitions than memory: TooLarge, not an abort.
    assert!(matches!(
        data.tf_dynamic_partition(&array![0, 1], usize::MAX),
        Err(Error::TooLarge { .. })
    ));
    // Scalar data takes only 0-d partitions.
    assert!(matches!(
        arr0(7).tf_dynamic_partition(&array![0], 2),
        Err(Error::PartitionsShape { .. })
    ));
}

/// Found by the `gather` fuzz target: a partition count only an allocation limits.
#[test]
fn partition_count_is_no_allocation_before_the_checks() {
    let data = array![10, 20, 30];
    // A bad partition fails as such, however many partitions there are: nothing of that size
    // is allocated first (a reservation of 8 TiB used to fail first, as TooLarge, and 2^32
    // partitions zeroed 32 GiB before the error).
    assert_eq!(
        data.tf_dynamic_partition(&array![0, -7, 1], 1 << 40),
        Err(Error::IndexOutOfRange {
            argument: "partitions",
            position: vec![1],
            value: -7,
            bound: 1 << 40
        })
    );
    // Too many outputs to exist, though a [usize; n] of counts could: TooLarge before any
    // allocation (the fuzzer's input asked for 1.7e18 bytes first, which AddressSanitizer
    // aborts on).
    let n = 0x0300_0200_0400_0200;
    assert_eq!(
        arr0(5).tf_dynamic_partition(&arr0(0i64), n),
        Err(Error::TooLarge { shape: vec![n] })
    );
}

#[test]
fn partition_edge_shapes() {
    // 0-d partitions: the whole array is one slice.
    let out = arr0(7).tf_dynamic_partition(&arr0(0), 2).unwrap();
    assert_eq!(
        out,
        vec![array![7].into_dyn(), Array1::<i32>::zeros(0).into_dyn()]
    );
    // Zero-size slices still count.
    let out = Array2::<u8>::zeros((3, 0))
        .tf_dynamic_partition(&array![1, 1, 0], 2)
        .unwrap();
    assert_eq!((out[0].shape(), out[1].shape()), (&[1, 0][..], &[2, 0][..]));
    // Rank 9.
    let shape = [2, 1, 2, 1, 2, 1, 2, 1, 2];
    let data = iota(&shape);
    let p = iota(&shape[..4]).mapv(|v| (v % 3) as i8);
    let out = data.tf_dynamic_partition(&p, 3).unwrap();
    let parts: Vec<i64> = p.iter().map(|&v| v as i64).collect();
    for (g, (ws, wv)) in out
        .iter()
        .zip(partition_oracle(&shape, &shape[..4], &parts, 3))
    {
        assert_eq!(g.shape(), &ws[..]);
        assert_eq!(g.iter().copied().collect::<Vec<_>>(), wv);
    }
}

fn views<T>(arrays: &[ArrayD<T>]) -> Vec<ArrayViewD<'_, T>> {
    arrays.iter().map(|a| a.view()).collect()
}

#[test]
fn stitch_errors() {
    let i = [array![0, 1].into_dyn()];
    let d = [array![1, 2].into_dyn(), array![3].into_dyn()];
    let err = tf_dynamic_stitch(&views(&i), &views(&d)).unwrap_err();
    assert_eq!(
        err,
        Error::StitchCount {
            indices: 1,
            data: 2
        }
    );
    assert_eq!(
        err.to_string(),
        "List argument 'data' to 'dynamic_stitch' Op with length 2 must match length 1 of argument 'indices'."
    );
    let none: [ArrayViewD<'_, i32>; 0] = [];
    let no_data: [ArrayViewD<'_, f32>; 0] = [];
    assert_eq!(
        tf_dynamic_stitch(&none, &no_data),
        Err(Error::NoInputs {
            op: "tf_dynamic_stitch"
        })
    );
    // The negative index is found before the shape error of array 0, as in TF.
    let i = [array![0, 1].into_dyn(), array![[2, 3], [5, -1]].into_dyn()];
    let d = [
        array![1, 2, 3].into_dyn(),
        array![[3, 4], [5, 6]].into_dyn(),
    ];
    let err = tf_dynamic_stitch(&views(&i), &views(&d)).unwrap_err();
    assert_eq!(
        err,
        Error::StitchIndexNegative {
            array: 1,
            position: vec![1, 1],
            value: -1
        }
    );
    assert_eq!(
        err.to_string(),
        "indices[1][1,1] is out of range (it is -1; an index must be >= 0)"
    );
    let i = [array![0, 1].into_dyn(), array![2].into_dyn()];
    let err = tf_dynamic_stitch(&views(&i), &views(&d)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "data[0].shape = [3] does not start with indices[0].shape = [2]"
    );
    let i = [array![0].into_dyn(), array![1].into_dyn()];
    let d = [array![[1, 2]].into_dyn(), array![[3, 4, 5]].into_dyn()];
    let err = tf_dynamic_stitch(&views(&i), &views(&d)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Need data[0].shape[1:] = data[1].shape[1:], got data[0].shape = [1,2], data[1].shape = \
         [1,3], indices[0].shape = [1], indices[1].shape = [1]"
    );
    // Indices too wide for i64, and a length that cannot be allocated.
    let i = [array![u64::MAX].into_dyn()];
    let d = [array![1.0].into_dyn()];
    assert!(matches!(
        tf_dynamic_stitch(&views(&i), &views(&d)),
        Err(Error::ValueOutOfRange {
            argument: Argument::Indices,
            index: 0,
            ..
        })
    ));
    let i = [array![i64::MAX].into_dyn()];
    assert!(matches!(
        tf_dynamic_stitch(&views(&i), &views(&d)),
        Err(Error::TooLarge { .. })
    ));
    let i = [array![isize::MAX as i64 / 8].into_dyn()];
    assert!(matches!(
        tf_dynamic_stitch(&views(&i), &views(&d)),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn stitch_order_gaps_and_element_types() {
    // Later arrays win, and later positions within one array.
    let i = [array![2, 2].into_dyn(), array![0, 2, 2].into_dyn()];
    let d = [array![1, 2].into_dyn(), array![3, 4, 5].into_dyn()];
    assert_eq!(
        tf_dynamic_stitch(&views(&i), &views(&d)).unwrap(),
        array![3, 0, 5].into_dyn()
    );
    // Gaps are A::default(): TF gives b'' for strings.
    let i = [array![3u8].into_dyn()];
    let d = [array!["a".to_string()].into_dyn()];
    let merged = tf_dynamic_stitch(&views(&i), &views(&d)).unwrap();
    assert_eq!(
        merged,
        array![String::new(), String::new(), String::new(), "a".into()].into_dyn()
    );
    // No indices at all: zero rows of the slice shape.
    let i = [ArrayD::<i32>::zeros(IxDyn(&[0]))];
    let d = [ArrayD::<f64>::zeros(IxDyn(&[0, 3]))];
    assert_eq!(
        tf_dynamic_stitch(&views(&i), &views(&d)).unwrap().shape(),
        &[0, 3]
    );
    // A zero-size slice shape with a big index allocates nothing.
    let i = [array![1_000_000_000_000i64].into_dyn()];
    let d = [ArrayD::<f64>::zeros(IxDyn(&[1, 0]))];
    assert_eq!(
        tf_dynamic_stitch(&views(&i), &views(&d)).unwrap().shape(),
        &[1_000_000_000_001, 0]
    );
    // Views in any layout.
    let data = Array2::from_shape_fn((3, 4), |(r, c)| 10 * r + c);
    let rev = data.slice(s![..;-1, ..;2]).into_dyn();
    let idx = array![2usize, 0, 1].into_dyn();
    let merged = tf_dynamic_stitch(&[idx.view()], &[rev]).unwrap();
    assert_eq!(merged, array![[10, 12], [0, 2], [20, 22]].into_dyn());
}
