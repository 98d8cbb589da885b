//! `tf_required_space_to_batch_paddings`: a proptest against the definition (the padded size is
//! the least multiple of the block at or past the base-padded size) and a round trip through
//! `tf_space_to_batch_nd` / `tf_batch_to_space_nd`.

use ndarray::{Array, IxDyn, SliceInfoElem};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

fn dims() -> impl Strategy<Value = Vec<(usize, usize, [usize; 2])>> {
    prop::collection::vec((0usize..12, 1usize..6, [0usize..4, 0usize..4]), 0..4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The extra padding is the smallest that makes the size a multiple of the block, found by
    /// counting up (no modulo, unlike the crate).
    #[test]
    fn least_multiple(d in dims(), with_base in any::<bool>()) {
        let input: Vec<usize> = d.iter().map(|t| t.0).collect();
        let block: Vec<usize> = d.iter().map(|t| t.1).collect();
        let base: Vec<[usize; 2]> = d.iter().map(|t| if with_base { t.2 } else { [0, 0] }).collect();
        let (paddings, crops) = tf_required_space_to_batch_paddings(
            &input, &block, with_base.then_some(base.as_slice())).unwrap();
        for i in 0..d.len() {
            let full = input[i] + base[i][0] + base[i][1];
            let mut extra = 0;
            while (full + extra) % block[i] != 0 {
                extra += 1;
            }
            prop_assert_eq!(paddings[i], [base[i][0], base[i][1] + extra]);
            prop_assert_eq!(crops[i], [0, extra]);
        }
    }

    /// space_to_batch_nd with the paddings accepts every input; batch_to_space_nd with the
    /// crops gives the base-padded input back (the input at offset base[i][0]).
    #[test]
    fn round_trip(d in dims()) {
        let input: Vec<usize> = d.iter().map(|t| t.0).collect();
        let block: Vec<usize> = d.iter().map(|t| t.1).collect();
        let base: Vec<[usize; 2]> = d.iter().map(|t| t.2).collect();
        let (paddings, crops) =
            tf_required_space_to_batch_paddings(&input, &block, Some(&base)).unwrap();
        let mut shape = vec![2];
        shape.extend(&input);
        shape.push(1);
        let n: usize = shape.iter().product();
        let x = Array::from_shape_vec(IxDyn(&shape), (1..=n as i64).collect()).unwrap();
        let batched = x.tf_space_to_batch_nd(&block, &paddings).unwrap();
        let back = batched.tf_batch_to_space_nd(&block, &crops).unwrap();
        let mut spec = vec![SliceInfoElem::from(..)];
        for i in 0..d.len() {
            spec.push(SliceInfoElem::from(base[i][0]..base[i][0] + input[i]));
        }
        spec.push(SliceInfoElem::from(..));
        let start = back.slice(spec.as_slice());
        prop_assert_eq!(start, x.view());
        // Everything else is padding: the input's n elements are the only non-zero ones.
        prop_assert_eq!(back.iter().filter(|&&v| v != 0).count(), n);
    }
}
