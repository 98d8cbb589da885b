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

/// `SpaceToBatchND`'s checks in `SpaceToBatchOpCompute`'s order: input rank, paddings rows, each
/// block size, then each padded dimension. TensorFlow's limit of 4 spatial dims that move
/// ("Maximum number of non-combined block dimensions") is an implementation limit, not applied.
pub(crate) fn space_to_batch_plan(
    shape: &[usize],
    block_shape: &[usize],
    paddings: &[[usize; 2]],
) -> Result<Plan, Error> {
    let m = block_shape.len();
    let (batch, spatial, _) = split_shape(shape, m)?;
    if paddings.len() != m {
        return Err(Error::BlockPaddingsLength {
            argument: "paddings",
            expected: m,
            rows: paddings.len(),
        });
    }
    if let Some(index) = block_shape.iter().position(|&b| b == 0) {
        return Err(Error::BlockShapeZero { index });
    }
    let mut out_shape = shape.to_vec();
    let mut dims = Vec::with_capacity(m);
    for (index, ((&space, &block), &[before, after])) in
        spatial.iter().zip(block_shape).zip(paddings).enumerate()
    {
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

/// `BatchToSpaceND`'s checks in `BatchToSpaceOpCompute`'s order: input rank, crops rows, the block
/// product, the batch's divisibility, then each cropped dimension. As for `space_to_batch_plan`,
/// TensorFlow's limit of 4 moving spatial dims is not applied.
pub(crate) fn batch_to_space_plan(
    shape: &[usize],
    block_shape: &[usize],
    crops: &[[usize; 2]],
) -> Result<Plan, Error> {
    let m = block_shape.len();
    let (in_batch, grids, _) = split_shape(shape, m)?;
    if crops.len() != m {
        return Err(Error::BlockPaddingsLength {
            argument: "crops",
            expected: m,
            rows: crops.len(),
        });
    }
    // TF multiplies first and checks the product: a zero anywhere makes it zero.
    if block_shape.contains(&0) {
        return Err(Error::BlockProductZero);
    }
    // A product past usize::MAX divides no batch but 0; saturating keeps exactly that.
    let product = block_shape
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
    for (index, ((&grid, &block), &[start, end])) in
        grids.iter().zip(block_shape).zip(crops).enumerate()
    {
        // Dims are at most isize::MAX and blocks at most usize::MAX: the product fits in i128.
        let cropped = (grid as i128)
            .checked_mul(block as i128)
            .map_or(i128::MAX, |n| n - start as i128 - end as i128);
        if cropped < 0 {
            return Err(Error::CropsTooLarge { index, cropped });
        }
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
        let err = space_to_batch_plan(&[1, 2], &[1], &[[usize::MAX, 0]]);
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
        let huge = [usize::MAX, 2];
        assert_eq!(
            batch_to_space_plan(&[6, 1, 1], &huge, &[[0, 0], [0, 0]]),
            Err(Error::BatchNotDivisible {
                batch: 6,
                product: usize::MAX
            })
        );
        let err = batch_to_space_plan(&[0, 1, 1], &huge, &[[0, 0], [0, 0]]);
        assert!(matches!(err, Err(Error::TooLarge { .. })));
        let p = batch_to_space_plan(&[0, 1, 1], &huge, &[[usize::MAX, 0], [0, 0]]).unwrap();
        assert_eq!(p.out_shape, [0, 0, 2]);
    }
}
