//! `tf_squeeze` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.
//! Views are checked to *be* the input's elements (same address).

use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::assert_same_elements;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

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
}
