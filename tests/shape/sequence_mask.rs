//! `tf_sequence_mask` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{flat, indices};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

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
