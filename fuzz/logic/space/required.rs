//! `tf_required_space_to_batch_paddings` against its definition, worked out in `i128` from the
//! arguments alone: the checks in the crate's documented order (lengths, `base_paddings`' rows,
//! block sizes below 1, negative sizes, negative paddings, a padded size past `i64`), then for
//! each dimension the least extra padding that makes it a multiple of its block, found by
//! counting for small blocks rather than by the crate's modulo.

use ndarray_tfslice::prelude::*;

use super::Input;

pub fn required_paddings(input: &mut Input) {
    let k = input.below(5);
    // Usually one entry per block dimension, sometimes any number.
    let len = |input: &mut Input| {
        if input.u8().is_multiple_of(8) {
            input.below(5)
        } else {
            k
        }
    };
    let sizes: Vec<i64> = (0..len(input))
        .map(|_| {
            if input.bool() {
                input.below(20) as i64
            } else {
                input.i64()
            }
        })
        .collect();
    let block: Vec<i64> = (0..k)
        .map(|_| match input.u8() % 8 {
            0 => input.i64(),
            _ => 1 + input.below(6) as i64,
        })
        .collect();
    let base: Option<Vec<[i64; 2]>> = input.bool().then(|| {
        (0..len(input))
            .map(|_| [input.i64().max(input.i64()), input.i64().max(input.i64())])
            .collect()
    });
    let got = match &base {
        Some(pairs) => tf_required_space_to_batch_paddings(&sizes, &block, pairs),
        None => tf_required_space_to_batch_paddings(&sizes, &block, None),
    };
    // The same call through other integer and container types gives the same answer.
    let wide: Vec<i128> = sizes.iter().map(|&v| i128::from(v)).collect();
    let block_array = ndarray::Array1::from(block.clone());
    let again = match &base {
        Some(pairs) => {
            let rows = ndarray::Array2::from_shape_fn((pairs.len(), 2), |(i, j)| pairs[i][j]);
            tf_required_space_to_batch_paddings(&wide, &block_array, &rows)
        }
        None => tf_required_space_to_batch_paddings(&wide, &block_array, None),
    };
    assert_eq!(got, again);

    if sizes.len() != k {
        assert!(
            matches!(got, Err(Error::SpatialShapeLength { .. })),
            "{got:?}"
        );
        return;
    }
    let pairs = base.unwrap_or_else(|| vec![[0, 0]; k]);
    if pairs.len() != k {
        assert!(
            matches!(got, Err(Error::BlockPaddingsLength { .. })),
            "{got:?}"
        );
        return;
    }
    if let Some(index) = block.iter().position(|&b| b < 1) {
        let want = if block[index] == 0 {
            Error::BlockShapeZero { index }
        } else {
            Error::BlockShapeNegative {
                index,
                value: block[index],
            }
        };
        assert_eq!(got, Err(want));
        return;
    }
    for (argument, values) in [
        (Argument::InputShape, sizes.clone()),
        (
            Argument::BasePaddings,
            pairs.iter().flatten().copied().collect(),
        ),
    ] {
        if let Some(index) = values.iter().position(|&v| v < 0) {
            let value = values[index];
            assert_eq!(
                got,
                Err(Error::RequiredPaddingsNegative {
                    argument,
                    index,
                    value
                })
            );
            return;
        }
    }
    let mut want = (Vec::new(), Vec::new());
    for ((&size, &b), &[start, end]) in sizes.iter().zip(&block).zip(&pairs) {
        let full = i128::from(size) + i128::from(start) + i128::from(end);
        let b = i128::from(b);
        // Counting for the usual small blocks; a huge block (an edge value) by Euclid's modulo.
        let extra = if b <= 64 {
            (0..b).find(|e| (full + e) % b == 0).unwrap_or(0)
        } else {
            (-full).rem_euclid(b)
        };
        if full + extra > i128::from(i64::MAX) {
            assert!(matches!(got, Err(Error::TooLarge { .. })), "{got:?}");
            return;
        }
        let padded_end = i128::from(end) + extra;
        want.0.push([start as usize, padded_end as usize]);
        want.1.push([0, extra as usize]);
    }
    assert_eq!(got, Ok(want));
}
