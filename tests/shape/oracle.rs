//! Each shape op against a naive oracle written from TensorFlow's definition, element by
//! element (no code shared with `src/`), on inputs in several memory layouts; plus round trips.
//!
//! View results are checked element by element to *be* the input's elements (same address).

use ndarray::{Array1, ArrayD, ArrayViewD, IxDyn};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{assert_same_elements, base, flat, indices, input, tf_axis, view};

/// The input's elements in row-major order.
fn c_values(x: &ArrayViewD<'_, i64>) -> Vec<i64> {
    indices(x.shape()).iter().map(|i| x[i.as_slice()]).collect()
}

/// TF's reshape, naively, for sizes without a 0 next to a -1 (the generator's domain).
fn reshape_oracle(n: usize, sizes: &[i64]) -> Option<Vec<usize>> {
    let minus = sizes.iter().filter(|&&s| s == -1).count();
    if minus > 1 || sizes.iter().any(|&s| s < -1) {
        return None;
    }
    let known: i64 = sizes.iter().filter(|&&s| s >= 0).product();
    let dims: Vec<i64> = if minus == 1 {
        if known == 0 || n as i64 % known != 0 {
            return None;
        }
        sizes
            .iter()
            .map(|&s| if s == -1 { n as i64 / known } else { s })
            .collect()
    } else {
        sizes.to_vec()
    };
    (dims.iter().product::<i64>() == n as i64).then(|| dims.iter().map(|&d| d as usize).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn reshape_is_c_order_under_the_new_shape(
        (shape, layout) in input(4),
        sizes in prop::collection::vec(prop_oneof![1 => Just(-1i64), 6 => 1i64..5, 1 => Just(0i64)], 0..4),
        fit in any::<bool>(),
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let n: usize = shape.iter().product();
        // Half the time, sizes that fit: the shape's own dims (permuted), one maybe -1.
        let sizes: Vec<i64> = if fit {
            let mut s: Vec<i64> = shape.iter().rev().map(|&d| d as i64).collect();
            if let Some(first) = s.first_mut().filter(|_| !sizes.is_empty() && n > 0) {
                *first = -1;
            }
            s
        } else {
            sizes.into_iter().filter(|_| true).collect()
        };
        let zero_and_minus = sizes.contains(&0) && sizes.contains(&-1);
        prop_assume!(!zero_and_minus);
        match (x.tf_reshape(&sizes), reshape_oracle(n, &sizes)) {
            (Ok(got), Some(dims)) => {
                prop_assert_eq!(got.shape(), dims.as_slice());
                prop_assert_eq!(c_values(&got.view().into_dyn()), c_values(&x));
                if x.is_standard_layout() {
                    prop_assert!(got.is_view());
                }
                // Back to the input's shape: the input again.
                let back = got.tf_reshape(&shape.iter().map(|&d| d as i64).collect::<Vec<_>>()).unwrap();
                prop_assert_eq!(back.view().into_dyn(), x.view());
            }
            (Err(_), None) => {}
            (got, want) => prop_assert!(false, "got {:?}, oracle {:?}", got.map(|g| g.shape().to_vec()), want),
        }
    }

    #[test]
    fn expand_dims_inserts_an_axis_of_one((shape, layout) in input(4), axis in -6isize..6) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let rank = shape.len() as isize;
        let at = if axis < 0 { axis + rank + 1 } else { axis };
        match x.tf_expand_dims(axis) {
            Ok(got) => {
                prop_assert!((0..=rank).contains(&at));
                let at = at as usize;
                let mut out_shape = shape.clone();
                out_shape.insert(at, 1);
                assert_same_elements(&got.view(), &out_shape, &x, |j| {
                    let mut i = j.to_vec();
                    i.remove(at);
                    i
                });
            }
            Err(Error::ExpandDimsAxis { .. }) => prop_assert!(!(0..=rank).contains(&at)),
            Err(e) => prop_assert!(false, "{}", e),
        }
    }

    #[test]
    fn squeeze_removes_listed_axes_of_one(
        shape in prop::collection::vec(prop_oneof![3 => Just(1usize), 1 => 0usize..4], 0..5),
        axis in prop::collection::vec(-6i64..6, 0..4),
    ) {
        let x = crate::naive::arange(&shape);
        let x = x.view();
        let rank = shape.len() as i64;
        // Naively: which axes go, or None where TF raises.
        let gone: Option<Vec<bool>> = if axis.is_empty() {
            Some(shape.iter().map(|&d| d == 1).collect())
        } else if axis.iter().any(|&a| a < -rank || a >= rank) {
            None
        } else {
            let listed: Vec<bool> = (0..shape.len())
                .map(|k| axis.iter().any(|&a| (if a < 0 { a + rank } else { a }) as usize == k))
                .collect();
            listed.iter().zip(&shape).all(|(&l, &d)| !l || d == 1).then_some(listed)
        };
        match (x.tf_squeeze(&axis), gone) {
            (Ok(got), Some(gone)) => {
                let out_shape: Vec<usize> =
                    shape.iter().zip(&gone).filter(|(_, g)| !**g).map(|(&d, _)| d).collect();
                assert_same_elements(&got, &out_shape, &x, |j| {
                    let mut it = j.iter();
                    gone.iter().map(|&g| if g { 0 } else { *it.next().unwrap() }).collect()
                });
            }
            (Err(_), None) => {}
            (got, want) => prop_assert!(false, "got {:?}, oracle {:?}", got.map(|g| g.shape().to_vec()), want),
        }
    }

    #[test]
    fn roll_moves_each_element_by_its_shift(
        (shape, layout) in input(4),
        pairs in prop::collection::vec((-30i64..30, -5isize..5), 0..4),
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let shift: Vec<i64> = pairs.iter().map(|p| p.0).collect();
        let axis: Vec<isize> = pairs.iter().map(|p| p.1).collect();
        let rank = shape.len();
        let valid = rank > 0 && axis.iter().all(|&a| tf_axis(a, rank).is_some());
        match x.tf_roll(&shift, &axis) {
            Ok(got) => {
                prop_assert!(valid);
                let mut net = vec![0i64; rank];
                for (&s, &a) in shift.iter().zip(&axis) {
                    net[tf_axis(a, rank).unwrap()] += s;
                }
                prop_assert_eq!(got.shape(), x.shape());
                for j in indices(&shape) {
                    let i: Vec<usize> = j.iter().zip(&shape).zip(&net)
                        .map(|((&j, &d), &s)| (j as i64 - s).rem_euclid(d as i64) as usize)
                        .collect();
                    prop_assert_eq!(got[j.as_slice()], x[i.as_slice()]);
                }
                prop_assert!(got.is_standard_layout());
                // Rolled back by the opposite shifts: the input again.
                let minus: Vec<i64> = shift.iter().map(|s| -s).collect();
                prop_assert_eq!(got.tf_roll(&minus, &axis).unwrap(), x.to_owned());
            }
            Err(_) => prop_assert!(!valid),
        }
    }

    #[test]
    fn repeat_repeats_each_slice(
        (shape, layout) in input(4),
        counts in prop::collection::vec(0i64..4, 0..6),
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

    #[test]
    fn frame_takes_samples_step_by_step(
        (shape, layout) in input(3),
        frame_length in 0usize..6,
        frame_step in 1usize..4,
        pad_end in any::<bool>(),
        axis in -3isize..3,
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let rank = shape.len();
        let got = x.tf_frame(frame_length, frame_step, pad_end, -1, axis);
        let Some(a) = tf_axis(axis, rank) else {
            prop_assert!(got.is_err());
            return Ok(());
        };
        let n = shape[a];
        // Naively: frame f exists when it starts inside the signal (pad_end) or ends inside it.
        let frames = (0..=n)
            .take_while(|f| if pad_end { f * frame_step < n } else { f * frame_step + frame_length <= n })
            .count();
        let got = got.unwrap();
        let mut out_shape = shape.clone();
        out_shape.splice(a..=a, [frames, frame_length]);
        prop_assert_eq!(got.shape(), out_shape.as_slice());
        let mut padded = false;
        for j in indices(&out_shape) {
            let t = j[a] * frame_step + j[a + 1];
            let want = if t < n {
                let mut i = j.clone();
                i.splice(a..=a + 1, [t]);
                x[i.as_slice()]
            } else {
                padded = true;
                -1
            };
            prop_assert_eq!(got[j.as_slice()], want);
        }
        // No padding and a contiguous input: the frames are the signal's own samples.
        if !padded && x.is_standard_layout() && !out_shape.contains(&0) {
            prop_assert!(got.is_view());
            let g = got.view();
            assert_same_elements(&g, &out_shape, &x, |j| {
                let mut i = j.to_vec();
                let t = j[a] * frame_step + j[a + 1];
                i.splice(a..=a + 1, [t]);
                i
            });
        }
    }

    #[test]
    fn meshgrid_broadcasts_each_input(
        lengths in prop::collection::vec(0usize..4, 0..4),
        ij in any::<bool>(),
    ) {
        let inputs: Vec<Array1<i64>> = lengths.iter().enumerate()
            .map(|(i, &n)| Array1::from_iter((0..n as i64).map(|k| 10 * i as i64 + k)))
            .collect();
        let grids = tf_meshgrid(&inputs, if ij { Indexing::Ij } else { Indexing::Xy }).unwrap();
        let m = lengths.len();
        let swap = !ij && m > 1;
        let mut shape = lengths.clone();
        if swap {
            shape.swap(0, 1);
        }
        prop_assert_eq!(grids.len(), m);
        for (i, g) in grids.iter().enumerate() {
            let along = if swap && i < 2 { 1 - i } else { i };
            prop_assert_eq!(g.shape(), shape.as_slice());
            for j in indices(&shape) {
                prop_assert!(std::ptr::eq(&g[j.as_slice()], &inputs[i][j[along]]));
            }
        }
    }

    #[test]
    fn sequence_mask_marks_the_first_lengths(
        shape in prop::collection::vec(0usize..4, 0..3),
        seed in prop::collection::vec(-3i32..7, 27),
        maxlen in prop::option::of(0usize..8),
    ) {
        let n: usize = shape.iter().product();
        let lengths = ArrayD::from_shape_vec(IxDyn(&shape), seed[..n].to_vec()).unwrap();
        let got = tf_sequence_mask(&lengths, maxlen).unwrap();
        let m = maxlen.unwrap_or_else(|| lengths.iter().copied().max().unwrap_or(0).max(0) as usize);
        let mut out_shape = shape.clone();
        out_shape.push(m);
        prop_assert_eq!(got.shape(), out_shape.as_slice());
        for j in indices(&out_shape) {
            let l = lengths.as_slice().unwrap()[flat(&j[..shape.len()], &shape)];
            prop_assert_eq!(got[j.as_slice()], (j[shape.len()] as i64) < l as i64);
        }
    }
}
