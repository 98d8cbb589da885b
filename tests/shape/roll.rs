//! `tf_roll` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.

use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{base, indices, input, tf_axis, view};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

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
}
