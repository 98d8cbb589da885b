//! `tf_repeat` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.

use ndarray::{Array2, ArrayD, ArrayViewD, IxDyn, array};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{base, indices, input, tf_axis, view};

/// The input's elements in row-major order.
fn c_values(x: &ArrayViewD<'_, i64>) -> Vec<i64> {
    indices(x.shape()).iter().map(|i| x[i.as_slice()]).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn repeat_repeats_each_slice(
        (shape, layout) in input(4),
        // Counts past 8 too: a single count of 2 to 8 on the last axis has a kernel of its own.
        counts in prop::collection::vec(prop_oneof![3 => 0i64..4, 1 => 0i64..12], 0..6),
        axis in prop::option::of(-5isize..5),
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let rank = shape.len();
        // The input as TF sees it: flattened for None, a 1-vector for a scalar.
        let (xs, a) = match axis {
            None => (ArrayD::from_shape_vec(IxDyn(&[x.len()]), c_values(&x)).unwrap(), Some(0)),
            Some(a) if rank == 0 => (x.to_owned().into_shape_with_order(IxDyn(&[1])).unwrap(), tf_axis(a, 1)),
            Some(a) => (x.to_owned(), tf_axis(a, rank)),
        };
        let got = x.tf_repeat(&counts, axis);
        let Some(a) = a else {
            prop_assert!(got.is_err());
            return Ok(());
        };
        let dim = xs.shape()[a];
        if counts.len() != 1 && counts.len() != dim {
            prop_assert!(matches!(got, Err(Error::RepeatsLength { .. })), "{:?}", got);
            return Ok(());
        }
        // Output index k along the axis comes from input index source[k].
        let source: Vec<usize> = (0..dim)
            .flat_map(|j| std::iter::repeat_n(j, counts[if counts.len() == 1 { 0 } else { j }] as usize))
            .collect();
        let got = got.unwrap();
        let mut out_shape = xs.shape().to_vec();
        out_shape[a] = source.len();
        prop_assert_eq!(got.shape(), out_shape.as_slice());
        for j in indices(&out_shape) {
            let mut i = j.clone();
            i[a] = source[j[a]];
            prop_assert_eq!(got[j.as_slice()], xs[i.as_slice()]);
        }
    }
}

#[test]
fn repeat_rejects_every_negative_count() {
    let x = array![[1, 2], [3, 4]];
    // TensorFlow drops the element on axis 0 (graph and eager); meaningless, so an error.
    assert_eq!(
        x.tf_repeat(&[-1, 2], Some(0)).unwrap_err(),
        Error::RepeatNegative {
            index: 0,
            repeat: -1
        }
    );
    // Even on an empty axis, where no count is used.
    let e = Array2::<i32>::zeros((2, 0));
    assert!(matches!(
        e.tf_repeat(&[-1], Some(1)),
        Err(Error::RepeatNegative { .. })
    ));
    assert!(matches!(
        x.tf_repeat(&[i64::MAX], Some(0)),
        Err(Error::TooLarge { .. })
    ));
    assert!(matches!(
        x.tf_repeat(&[u64::MAX], Some(0)),
        Err(Error::ValueOutOfRange { .. })
    ));
}

#[test]
fn repeat_single_count_on_the_last_axis_every_kernel() {
    // Counts 0 and 1, the fixed-size kernels 2..=8, and the general loop past 8, on the last
    // axis, on `axis: None` and on a transposed (copied first) input.
    let x = array![[1, 2, 3], [4, 5, 6]];
    for count in 0..=10usize {
        let expect = |rows: &[[i32; 3]]| -> Vec<i32> {
            rows.iter()
                .flatten()
                .flat_map(|&v| std::iter::repeat_n(v, count))
                .collect()
        };
        let got = x.tf_repeat(&[count], Some(-1)).unwrap();
        assert_eq!(got.shape(), &[2, 3 * count]);
        assert_eq!(
            got.iter().copied().collect::<Vec<_>>(),
            expect(&[[1, 2, 3], [4, 5, 6]])
        );
        let flat = x.tf_repeat(&[count as i8], None).unwrap();
        assert_eq!(flat.shape(), &[6 * count]);
        assert_eq!(
            flat.iter().copied().collect::<Vec<_>>(),
            expect(&[[1, 2, 3], [4, 5, 6]])
        );
        let t = x.t().tf_repeat(&[count as u64], Some(1)).unwrap();
        assert_eq!(t.shape(), &[3, 2 * count]);
        let tv: Vec<i32> = [[1, 4], [2, 5], [3, 6]]
            .iter()
            .flatten()
            .flat_map(|&v| std::iter::repeat_n(v, count))
            .collect();
        assert_eq!(t.iter().copied().collect::<Vec<_>>(), tv);
    }
}

#[test]
fn repeat_per_element_counts_on_the_last_axis() {
    // One count per element, 0 to 6 (the array kernels 2..=4 and the general loop), row by row.
    let x = array![[1, 2, 3, 4], [5, 6, 7, 8]];
    let counts = [0usize, 2, 5, 3];
    let expect = |rows: &[[i32; 4]]| -> Vec<i32> {
        rows.iter()
            .flat_map(|row| {
                row.iter()
                    .zip(counts)
                    .flat_map(|(&v, c)| std::iter::repeat_n(v, c))
            })
            .collect()
    };
    let got = x.tf_repeat(&counts, Some(1)).unwrap();
    assert_eq!(got.shape(), &[2, 10]);
    assert_eq!(
        got.iter().copied().collect::<Vec<_>>(),
        expect(&[[1, 2, 3, 4], [5, 6, 7, 8]])
    );
    // A transposed input is read in its logical order.
    let t = x.t().to_owned();
    let got = t.t().tf_repeat(&counts, Some(-1)).unwrap();
    assert_eq!(
        got.iter().copied().collect::<Vec<_>>(),
        expect(&[[1, 2, 3, 4], [5, 6, 7, 8]])
    );
    // axis None: one count per element of the flattened input.
    let flat = x.tf_repeat(&[1, 0, 4, 1, 2, 0, 3, 1], None).unwrap();
    assert_eq!(
        flat.iter().copied().collect::<Vec<_>>(),
        vec![1, 3, 3, 3, 3, 4, 5, 5, 7, 7, 7, 8]
    );
}
