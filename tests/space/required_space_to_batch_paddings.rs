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
        let (paddings, crops) = if with_base {
            tf_required_space_to_batch_paddings(&input, &block, &base)
        } else {
            tf_required_space_to_batch_paddings(&input, &block, None)
        }
        .unwrap();
        for i in 0..d.len() {
            let full = input[i] + base[i][0] + base[i][1];
            let mut extra = 0;
            while !(full + extra).is_multiple_of(block[i]) {
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
            tf_required_space_to_batch_paddings(&input, &block, &base).unwrap();
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any negative size, block size or padding is an error naming the first one in the
    /// crate's order (block sizes, then input_shape, then base_paddings in row-major order);
    /// the same values in another integer type give the same answer.
    #[test]
    fn negatives_are_errors(
        d in prop::collection::vec((-3i64..8, -2i64..5, [-2i64..4, -2i64..4]), 0..4),
        with_base in any::<bool>(),
    ) {
        let input: Vec<i64> = d.iter().map(|t| t.0).collect();
        let block: Vec<i64> = d.iter().map(|t| t.1).collect();
        let base: Vec<[i64; 2]> = d.iter().map(|t| if with_base { t.2 } else { [0, 0] }).collect();
        let got = tf_required_space_to_batch_paddings(&input, &block, &base);
        let narrow: Vec<i8> = input.iter().map(|&v| v as i8).collect();
        let narrow_base: Vec<[i32; 2]> = base.iter().map(|p| [p[0] as i32, p[1] as i32]).collect();
        let block_view = ndarray::Array1::from(block.clone());
        prop_assert_eq!(
            &got,
            &tf_required_space_to_batch_paddings(&narrow, &block_view, &narrow_base)
        );
        let first_block = block.iter().position(|&b| b < 1);
        let first_input = input.iter().position(|&v| v < 0);
        let first_base = base.iter().flatten().position(|&v| v < 0);
        match (first_block, first_input, first_base) {
            (Some(index), _, _) if block[index] == 0 => {
                prop_assert_eq!(got, Err(Error::BlockShapeZero { index }));
            }
            (Some(index), _, _) => {
                prop_assert_eq!(got, Err(Error::BlockShapeNegative { index, value: block[index] }));
            }
            (None, Some(index), _) => prop_assert_eq!(
                got,
                Err(Error::RequiredPaddingsNegative {
                    argument: Argument::InputShape,
                    index,
                    value: input[index],
                })
            ),
            (None, None, Some(index)) => prop_assert_eq!(
                got,
                Err(Error::RequiredPaddingsNegative {
                    argument: Argument::BasePaddings,
                    index,
                    value: base[index / 2][index % 2],
                })
            ),
            (None, None, None) => prop_assert!(got.is_ok()),
        }
    }
}

#[test]
fn base_paddings_shape_errors() {
    // An [n, 3] array: TensorFlow's "Shapes (2, 3) and [2, 2] are incompatible".
    let three = ndarray::array![[0, 0, 0], [1, 1, 1]];
    assert_eq!(
        tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], &three),
        Err(Error::PaddingsNotPairs {
            argument: "base_paddings",
            rows: 2,
            columns: 3,
            expected_rows: Some(2),
        })
    );
    assert_eq!(
        tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], &[[0, 0]]),
        Err(Error::BlockPaddingsLength {
            argument: "base_paddings",
            expected: 2,
            rows: 1,
        })
    );
    // A value past i64 is named by its argument.
    assert_eq!(
        tf_required_space_to_batch_paddings(&[u64::MAX], &[2], None),
        Err(Error::ValueOutOfRange {
            argument: Argument::InputShape,
            index: 0,
            value: u64::MAX.to_string(),
        })
    );
    assert!(matches!(
        tf_required_space_to_batch_paddings(&[4], &[2], &[[0u64, u64::MAX]]),
        Err(Error::ValueOutOfRange {
            argument: Argument::BasePaddings,
            index: 1,
            ..
        })
    ));
}
