//! The checks of TensorFlow's `SpaceToBatchND` / `BatchToSpaceND` kernels, in their order, and
//! the geometry the copies walk.
//!
//! Both ops relate a *space* layout `[batch, space_0 .. space_{M-1}, rest..]` to a *batch* layout
//! `[batch * prod(block), grid_0 .. grid_{M-1}, rest..]`: the element at grid position `y` and
//! block offset `o` (part of the batch index, offsets outermost) sits at padded position
//! `w = y * block + o`, that is space position `w - start` (`start` being the padding before, or
//! the crop at the start). `space_to_batch_nd` reads the space layout and writes the batch
//! layout (positions in the padding are zeros); `batch_to_space_nd` does the reverse (positions in
//! the crops are dropped).

use crate::error::Error;

/// One spatial dimension that moves: `grid * block == start + space + end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SpatialDim {
    /// Its size in the space layout (input of `space_to_batch_nd`, output of `batch_to_space_nd`).
    pub space: usize,
    /// Its size in the batch layout.
    pub grid: usize,
    /// The block size.
    pub block: usize,
    /// Padding before (`space_to_batch_nd`) or crop at the start (`batch_to_space_nd`).
    pub start: usize,
}

/// A validated call: the output shape, and both arrays seen as
/// `[batch or batch * blocks, dims.., inner]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The output's shape (the input's rank).
    pub out_shape: Vec<usize>,
    /// The batch of the space layout (input batch of `space_to_batch_nd`, output batch of
    /// `batch_to_space_nd`).
    pub batch: usize,
    /// The spatial dims that move. Trailing ones with block 1 and nothing padded or cropped are
    /// left out: with the remaining dims they form `inner`, which moves as whole runs.
    pub dims: Vec<SpatialDim>,
    /// Elements per innermost position (product of the dims after `dims`, in both layouts).
    pub inner: usize,
}

/// `paddings` or `crops` as the user gave it: its `[rows, columns]` and, when it has 2 columns,
/// the widened pairs (empty otherwise, so only the shape check looks at it).
pub(crate) struct Pairs {
    pub shape: [usize; 2],
    pub values: Vec<[i64; 2]>,
}

impl Pairs {
    /// The shape check TF makes on `paddings` / `crops` in one go: `[m, 2]`.
    fn check(&self, argument: &'static str, m: usize) -> Result<&[[i64; 2]], Error> {
        let [rows, columns] = self.shape;
        if columns != 2 {
            return Err(Error::PaddingsNotPairs {
                argument,
                rows,
                columns,
                expected_rows: Some(m),
            });
        }
        if rows != m {
            return Err(Error::BlockPaddingsLength {
                argument,
                expected: m,
                rows,
            });
        }
        Ok(&self.values)
    }
}

/// A checked non-negative `i64` as `usize`, saturating past `usize` (32-bit targets), where the
/// size checks that follow reject it.
fn to_usize(v: i64) -> usize {
    u64::try_from(v).map_or(0, |v| usize::try_from(v).unwrap_or(usize::MAX))
}

/// `SpaceToBatchND`'s checks in `SpaceToBatchOpCompute`'s order: input rank, paddings shape, each
/// block size, then each padded dimension (its paddings' signs, then its divisibility). TensorFlow's limit of 4 spatial dims that move
/// ("Maximum number of non-combined block dimensions") is an implementation limit, not applied.
pub(crate) fn space_to_batch_plan(
    shape: &[usize],
    block_shape: &[i64],
    paddings: &Pairs,
) -> Result<Plan, Error> {
    let m = block_shape.len();
    let (batch, spatial, _) = split_shape(shape, m)?;
    let paddings = paddings.check("paddings", m)?;
    if let Some(index) = block_shape.iter().position(|&b| b < 1) {
        return Err(match block_shape[index] {
            0 => Error::BlockShapeZero { index },
            value => Error::BlockShapeNegative { index, value },
        });
    }
    let block_shape: Vec<usize> = block_shape.iter().map(|&b| to_usize(b)).collect();
    let mut out_shape = shape.to_vec();
    let mut dims = Vec::with_capacity(m);
    for (index, ((&space, &block), &[before, after])) in
        spatial.iter().zip(&block_shape).zip(paddings).enumerate()
    {
        if before < 0 || after < 0 {
            return Err(Error::BlockPaddingNegative {
                index,
                before,
                after,
            });
        }
        let (before, after) = (to_usize(before), to_usize(after));
        let Some(padded) = space.checked_add(before).and_then(|n| n.checked_add(after)) else {
            // TF's int64 would overflow here; nothing this large can be allocated.
            let mut shape = shape.to_vec();
            if let Some(d) = shape.get_mut(index + 1) {
                *d = usize::MAX;
            }
            return Err(Error::TooLarge { shape });
        };
        if padded % block != 0 {
            return Err(Error::PaddedNotDivisible {
                index,
                padded,
                block,
            });
        }
        let grid = padded / block;
        set(&mut out_shape, index + 1, grid)?;
        dims.push(SpatialDim {
            space,
            grid,
            block,
            start: before,
        });
    }
    // The block product only matters when there is a batch: 0 * anything is 0, even where the
    // product itself overflows (TF's int64 product would wrap there).
    let out_batch = if batch == 0 {
        0
    } else {
        block_shape
            .iter()
            .try_fold(batch, |n, &b| n.checked_mul(b))
            .unwrap_or(usize::MAX)
    };
    set(&mut out_shape, 0, out_batch)?;
    if out_batch == usize::MAX {
        return Err(Error::TooLarge { shape: out_shape });
    }
    finish(shape, out_shape, batch, dims)
}

/// `BatchToSpaceND`'s checks in `BatchToSpaceOpCompute`'s order: input rank, crops shape, the
/// block product (its sign: TF accepts negative block sizes whose product is positive, and then
/// finds a negative cropped size), the batch's divisibility, then each cropped dimension (its
/// crops' signs, then its size). As for `space_to_batch_plan`,
/// TensorFlow's limit of 4 moving spatial dims is not applied.
pub(crate) fn batch_to_space_plan(
    shape: &[usize],
    block_shape: &[i64],
    crops: &Pairs,
) -> Result<Plan, Error> {
    let m = block_shape.len();
    let (in_batch, grids, _) = split_shape(shape, m)?;
    let crops = crops.check("crops", m)?;
    // TF multiplies first and checks the product: a zero anywhere makes it zero.
    if block_shape.contains(&0) {
        return Err(Error::BlockProductZero);
    }
    let negatives = block_shape.iter().filter(|&&b| b < 0).count();
    if negatives % 2 == 1 {
        // TF's int64 product, wrapping as its multiplication does in practice.
        let product = block_shape.iter().fold(1i64, |n, &b| n.wrapping_mul(b));
        return Err(Error::BlockProductNegative { product });
    }
    let magnitudes: Vec<usize> = block_shape
        .iter()
        .map(|&b| to_usize(b.saturating_abs()))
        .collect();
    // A product past usize::MAX divides no batch but 0; saturating keeps exactly that.
    let product = magnitudes
        .iter()
        .try_fold(1usize, |n, &b| n.checked_mul(b))
        .unwrap_or(usize::MAX);
    if in_batch % product != 0 {
        return Err(Error::BatchNotDivisible {
            batch: in_batch,
            product,
        });
    }
    let batch = in_batch / product;
    let mut out_shape = shape.to_vec();
    set(&mut out_shape, 0, batch)?;
    let mut dims = Vec::with_capacity(m);
    let mut too_large = false;
    for (index, (((&grid, &signed), &block), &[start, end])) in grids
        .iter()
        .zip(block_shape)
        .zip(&magnitudes)
        .zip(crops)
        .enumerate()
    {
        if start < 0 || end < 0 {
            return Err(Error::CropsNegative { index, start, end });
        }
        // Dims are at most isize::MAX and blocks within i64: the product fits in i128.
        let cropped = (grid as i128)
            .checked_mul(i128::from(signed))
            .map_or(i128::MAX, |n| n - i128::from(start) - i128::from(end));
        if cropped < 0 {
            return Err(Error::CropsTooLarge { index, cropped });
        }
        let start = to_usize(start);
        let space = usize::try_from(cropped).unwrap_or(usize::MAX);
        too_large |= space == usize::MAX;
        set(&mut out_shape, index + 1, space)?;
        dims.push(SpatialDim {
            space,
            grid,
            block,
            start,
        });
    }
    if too_large {
        return Err(Error::TooLarge { shape: out_shape });
    }
    finish(shape, out_shape, batch, dims)
}

/// `(batch, the m spatial dims, the rest)`, or TF's rank error.
fn split_shape(shape: &[usize], m: usize) -> Result<(usize, &[usize], &[usize]), Error> {
    match shape.split_first() {
        Some((&batch, tail)) if tail.len() >= m => {
            let (spatial, rest) = tail.split_at(m);
            Ok((batch, spatial, rest))
        }
        _ => Err(Error::BlockRankTooLarge {
            min: m.saturating_add(1),
            rank: shape.len(),
        }),
    }
}

fn set(shape: &mut [usize], axis: usize, value: usize) -> Result<(), Error> {
    let slot = shape
        .get_mut(axis)
        .ok_or_else(|| Error::Internal(format!("no axis {axis} in a checked shape")))?;
    *slot = value;
    Ok(())
}

/// Folds the trailing spatial dims that do not move into `inner`.
fn finish(
    shape: &[usize],
    out_shape: Vec<usize>,
    batch: usize,
    mut dims: Vec<SpatialDim>,
) -> Result<Plan, Error> {
    while let Some(d) = dims.last() {
        if d.block == 1 && d.space == d.grid {
            dims.pop();
        } else {
            break;
        }
    }
    // The input exists, so any product of its dims fits; checked all the same.
    let inner = shape
        .get(dims.len() + 1..)
        .and_then(|rest| rest.iter().try_fold(1usize, |n, &d| n.checked_mul(d)))
        .ok_or_else(|| Error::Internal("inner size of an existing array overflows".into()))?;
    Ok(Plan {
        out_shape,
        batch,
        dims,
        inner,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[[i64; 2]]) -> Pairs {
        Pairs {
            shape: [p.len(), 2],
            values: p.to_vec(),
        }
    }

    fn space_to_batch_plan(shape: &[usize], block: &[i64], p: &[[i64; 2]]) -> Result<Plan, Error> {
        super::space_to_batch_plan(shape, block, &pairs(p))
    }

    fn batch_to_space_plan(shape: &[usize], block: &[i64], p: &[[i64; 2]]) -> Result<Plan, Error> {
        super::batch_to_space_plan(shape, block, &pairs(p))
    }

    #[test]
    fn negative_values_in_tf_order() {
        // A negative block before any padding; a negative padding at its dim.
        assert_eq!(
            space_to_batch_plan(&[1, 4, 4, 1], &[-1, 1], &[[0, -1], [0, 0]]),
            Err(Error::BlockShapeNegative {
                index: 0,
                value: -1
            })
        );
        assert_eq!(
            space_to_batch_plan(&[1, 4, 4, 1], &[2, 2], &[[0, 0], [-2, 0]]),
            Err(Error::BlockPaddingNegative {
                index: 1,
                before: -2,
                after: 0
            })
        );
        // batch_to_space: the product's sign, the batch, then the crops' signs.
        assert_eq!(
            batch_to_space_plan(&[1, 4, 4, 1], &[-1, 1], &[[0, -1], [0, 0]]),
            Err(Error::BlockProductNegative { product: -1 })
        );
        assert_eq!(
            batch_to_space_plan(&[1, 4, 4, 1], &[-1, -1], &[[0, 0], [0, 0]]),
            Err(Error::CropsTooLarge {
                index: 0,
                cropped: -4
            })
        );
        assert_eq!(
            batch_to_space_plan(&[1, 4, 4, 1], &[1, 1], &[[0, -1], [0, 0]]),
            Err(Error::CropsNegative {
                index: 0,
                start: 0,
                end: -1
            })
        );
        assert!(matches!(
            batch_to_space_plan(&[1, 4, 4, 1], &[2, 2], &[[0, -1], [0, 0]]),
            Err(Error::BatchNotDivisible { .. })
        ));
    }

    #[test]
    fn space_to_batch_checks_in_tf_order() {
        // Rank first, even with bad paddings and a zero block.
        assert_eq!(
            space_to_batch_plan(&[2, 4], &[0, 2], &[[0, 0]]),
            Err(Error::BlockRankTooLarge { min: 3, rank: 2 })
        );
        assert_eq!(
            space_to_batch_plan(&[], &[], &[]),
            Err(Error::BlockRankTooLarge { min: 1, rank: 0 })
        );
        // Then the paddings' rows, before the zero block.
        assert!(matches!(
            space_to_batch_plan(&[2, 4, 6], &[0, 2], &[[0, 0]]),
            Err(Error::BlockPaddingsLength {
                argument: "paddings",
                expected: 2,
                rows: 1
            })
        ));
        // Every block size before any padded dim.
        assert_eq!(
            space_to_batch_plan(&[2, 5, 6], &[2, 0], &[[0, 0], [0, 0]]),
            Err(Error::BlockShapeZero { index: 1 })
        );
        assert_eq!(
            space_to_batch_plan(&[2, 5, 7], &[2, 2], &[[0, 0], [0, 0]]),
            Err(Error::PaddedNotDivisible {
                index: 0,
                padded: 5,
                block: 2
            })
        );
    }

    #[test]
    fn space_to_batch_geometry() {
        let p = space_to_batch_plan(&[2, 4, 6, 3], &[2, 3], &[[1, 1], [0, 0]]).unwrap();
        assert_eq!(p.out_shape, [12, 3, 2, 3]);
        assert_eq!(p.batch, 2);
        assert_eq!(p.inner, 3);
        assert_eq!(p.dims.len(), 2);
        // A trailing block of 1 without padding folds into the inner run.
        let p = space_to_batch_plan(&[2, 4, 6, 3], &[2, 1], &[[0, 0], [0, 0]]).unwrap();
        assert_eq!((p.dims.len(), p.inner), (1, 18));
        let p = space_to_batch_plan(&[2, 4, 6, 3], &[], &[]).unwrap();
        assert_eq!(
            (p.out_shape, p.dims.len(), p.inner),
            (vec![2, 4, 6, 3], 0, 72)
        );
    }

    #[test]
    fn space_to_batch_overflow_is_too_large() {
        let err = space_to_batch_plan(&[1, 2], &[1], &[[i64::MAX, i64::MAX]]);
        assert_eq!(
            err,
            Err(Error::TooLarge {
                shape: vec![1, usize::MAX]
            })
        );
        let big = 1 << 40;
        let err = space_to_batch_plan(&[3, 0, 0], &[big, big], &[[0, 0], [0, 0]]);
        assert!(matches!(err, Err(Error::TooLarge { .. })));
        // No batch: the product never matters.
        let p = space_to_batch_plan(&[0, 0, 0], &[big, big], &[[0, 0], [0, 0]]).unwrap();
        assert_eq!(p.out_shape, [0, 0, 0]);
    }

    #[test]
    fn batch_to_space_checks_in_tf_order() {
        assert_eq!(
            batch_to_space_plan(&[8, 2], &[2, 2], &[[0, 0]]),
            Err(Error::BlockRankTooLarge { min: 3, rank: 2 })
        );
        assert!(matches!(
            batch_to_space_plan(&[8, 2, 3], &[0, 2], &[[0, 0]]),
            Err(Error::BlockPaddingsLength {
                argument: "crops",
                expected: 2,
                rows: 1
            })
        ));
        // The product, before the batch's divisibility.
        assert_eq!(
            batch_to_space_plan(&[7, 2, 3], &[2, 0], &[[0, 0], [0, 0]]),
            Err(Error::BlockProductZero)
        );
        // The batch, before the crops.
        assert_eq!(
            batch_to_space_plan(&[7, 2, 3], &[2, 2], &[[9, 0], [0, 0]]),
            Err(Error::BatchNotDivisible {
                batch: 7,
                product: 4
            })
        );
        assert_eq!(
            batch_to_space_plan(&[8, 2, 3], &[2, 2], &[[3, 2], [0, 0]]),
            Err(Error::CropsTooLarge {
                index: 0,
                cropped: -1
            })
        );
        // A crop on a block of 1 is still checked.
        assert_eq!(
            batch_to_space_plan(&[4, 2, 3], &[1, 1], &[[0, 3], [0, 0]]),
            Err(Error::CropsTooLarge {
                index: 0,
                cropped: -1
            })
        );
    }

    #[test]
    fn batch_to_space_geometry() {
        let p = batch_to_space_plan(&[8, 2, 3, 1], &[2, 2], &[[1, 0], [0, 2]]).unwrap();
        assert_eq!(p.out_shape, [2, 3, 4, 1]);
        assert_eq!(p.batch, 2);
        // A block product past usize::MAX divides only an empty batch.
        let huge = [i64::MAX, 4];
        assert_eq!(
            batch_to_space_plan(&[6, 1, 1], &huge, &[[0, 0], [0, 0]]),
            Err(Error::BatchNotDivisible {
                batch: 6,
                product: usize::MAX
            })
        );
        // An empty batch: the shape is planned; its size is checked where it is allocated.
        let p = batch_to_space_plan(&[0, 1, 1], &huge, &[[0, 0], [0, 0]]).unwrap();
        assert_eq!(p.out_shape, [0, i64::MAX as usize, 4]);
        let p = batch_to_space_plan(&[0, 1, 1], &huge, &[[i64::MAX, 0], [0, 0]]).unwrap();
        assert_eq!(p.out_shape, [0, 0, 4]);
    }
}
