//! `tf_meshgrid` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.
//! Views are checked to *be* the input's elements (same address).

use ndarray::Array1;
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::indices;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

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
}
