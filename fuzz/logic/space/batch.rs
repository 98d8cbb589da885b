//! `tf_space_to_batch_nd` / `tf_batch_to_space_nd` (TensorFlow's `SpaceToBatchND` /
//! `BatchToSpaceND`) and the 4-D forms `tf_space_to_batch` / `tf_batch_to_space`, which TF 2.x's
//! `tf.compat.v1` defines as the ND op with `block_shape = [block_size, block_size]` followed by
//! a rank-4 check on the result.
//!
//! Space layout `[batch, space_0 .. space_{M-1}, rest..]`, batch layout `[batch * prod(block),
//! grid_0 .. grid_{M-1}, rest..]`: batch-layout element `[(o_0, .., o_{M-1}, n), y_0 .., r..]`
//! (block offsets outermost, the last fastest, the space batch `n` innermost) is the zero-padded
//! space element `[n, y_i * block_i + o_i - start_i .., r..]`, `start_i` being the padding
//! before (or the crop at the start) of dim `i`.

use ndarray::{ArrayD, ArrayRef, Dimension};
use ndarray_tfslice::prelude::*;

use super::{Case, Fits, Input, MAX_ELEMENTS, Op, Shape, Want, check, fits};

pub fn space_to_batch_nd(input: &mut Input, shape: Shape) {
    let m = input.below(shape.dims.len() + 1);
    let block_shape: Vec<usize> = (0..m).map(|_| input.list_size()).collect();
    let paddings = rows(input, m, &shape.dims, &block_shape);
    let op = SpaceToBatchNd {
        block_shape,
        paddings,
    };
    let case = Case::new(input, &shape);
    if let Some(y) = check(&case, &op) {
        assert_eq!(
            y.tf_batch_to_space_nd(&op.block_shape, &op.paddings),
            Ok(case.x.clone()),
            "{op:?} on {:?}: batch_to_space_nd with crops = paddings does not undo it",
            shape.dims
        );
    }
}

pub fn batch_to_space_nd(input: &mut Input, mut shape: Shape) {
    let m = input.below(shape.dims.len() + 1);
    let block_shape: Vec<usize> = (0..m).map(|_| input.list_size()).collect();
    let crops = rows(input, m, &[], &[]);
    divisible_batch(input, &mut shape, &block_shape);
    let op = BatchToSpaceNd { block_shape, crops };
    check(&Case::new(input, &shape), &op);
}

pub fn space_to_batch(input: &mut Input, shape: Shape) {
    let block_size = input.list_size();
    let paddings = rows(input, 2, &shape.dims, &[block_size; 2]);
    let op = SpaceToBatch {
        paddings,
        block_size,
    };
    let case = Case::new(input, &shape);
    if let Some(y) = check(&case, &op) {
        assert_eq!(
            y.tf_batch_to_space(&op.paddings, block_size),
            Ok(case.x.clone()),
            "{op:?} on {:?}: batch_to_space with crops = paddings does not undo it",
            shape.dims
        );
    }
}

pub fn batch_to_space(input: &mut Input, mut shape: Shape) {
    let block_size = input.list_size();
    let crops = rows(input, 2, &[], &[]);
    divisible_batch(input, &mut shape, &[block_size; 2]);
    let op = BatchToSpace { crops, block_size };
    check(&Case::new(input, &shape), &op);
}

/// Paddings or crops: usually one row per block dim, sometimes another count. Given the shape
/// and blocks, the paddings after are sometimes set so each padded dim divides.
fn rows(input: &mut Input, m: usize, dims: &[usize], block_shape: &[usize]) -> Vec<[usize; 2]> {
    let n = if input.u8().is_multiple_of(16) {
        input.below(m + 2)
    } else {
        m
    };
    let mut rows: Vec<[usize; 2]> = (0..n)
        .map(|_| [input.list_size(), input.list_size()])
        .collect();
    if !block_shape.is_empty() && input.bool() {
        for ((row, &b), &d) in rows.iter_mut().zip(block_shape).zip(dims.iter().skip(1)) {
            if b != 0 {
                let rem = (d as u128 + row[0] as u128) % b as u128;
                // Below b, so a usize.
                row[1] = ((b as u128 - rem) % b as u128) as usize;
            }
        }
    }
    rows
}

/// Sometimes makes the batch a multiple of the block product (within `MAX_ELEMENTS`), so that
/// `batch_to_space` gets past its divisibility check.
fn divisible_batch(input: &mut Input, shape: &mut Shape, block_shape: &[usize]) {
    if !input.bool() || shape.huge || shape.dims.is_empty() {
        return;
    }
    let product = block_shape
        .iter()
        .fold(1u128, |p, &b| p.saturating_mul(b as u128));
    let rest: u128 = shape.dims[1..].iter().map(|&d| d.max(1) as u128).product();
    let batch = product.saturating_mul((shape.dims[0] as u128 / product.max(1)).max(1));
    if product != 0 && batch.saturating_mul(rest) <= MAX_ELEMENTS as u128 {
        shape.dims[0] = batch as usize;
    }
}

/// `SpaceToBatchND`'s checks in its order: rank, paddings' rows, each block size, then each
/// padded dim (a size past `usize` is the crate's `TooLarge`, where TF's `int64` overflows);
/// the output batch past `usize` is `TooLarge` too (the crate saturates it at `usize::MAX`).
fn space_to_batch_want(
    shape: &[usize],
    block_shape: &[usize],
    paddings: &[[usize; 2]],
) -> Result<Vec<u128>, Want> {
    let m = block_shape.len();
    if shape.len() < m + 1 {
        return Err(Want::BlockRankTooLarge {
            min: m + 1,
            rank: shape.len(),
        });
    }
    if paddings.len() != m {
        return Err(Want::BlockPaddingsLength {
            argument: "paddings",
            expected: m,
            rows: paddings.len(),
        });
    }
    if let Some(index) = block_shape.iter().position(|&b| b == 0) {
        return Err(Want::BlockShapeZero(index));
    }
    let mut out: Vec<u128> = shape.iter().map(|&d| d as u128).collect();
    for (index, (&b, &[before, after])) in block_shape.iter().zip(paddings).enumerate() {
        let padded = shape[index + 1] as u128 + before as u128 + after as u128;
        if padded > usize::MAX as u128 {
            return Err(Want::TooLarge);
        }
        if !padded.is_multiple_of(b as u128) {
            return Err(Want::PaddedNotDivisible {
                index,
                padded: padded as usize,
                block: b,
            });
        }
        out[index + 1] = padded / b as u128;
    }
    out[0] = block_shape
        .iter()
        .fold(out[0], |n, &b| n.saturating_mul(b as u128));
    if out[0] >= usize::MAX as u128 {
        return Err(Want::TooLarge);
    }
    Ok(out)
}

/// The space element (or padding) at batch-layout `index`.
fn space_to_batch_source(
    shape: &[usize],
    block_shape: &[usize],
    paddings: &[[usize; 2]],
    index: &[usize],
) -> Option<Vec<usize>> {
    let batch = shape[0];
    let mut at = index.to_vec();
    at[0] = index[0] % batch;
    let mut offsets = index[0] / batch;
    for (i, (&b, &[before, _])) in block_shape.iter().zip(paddings).enumerate().rev() {
        let o = offsets % b;
        offsets /= b;
        let padded = index[i + 1] as u128 * b as u128 + o as u128;
        let position = padded.checked_sub(before as u128)?;
        if position >= shape[i + 1] as u128 {
            return None;
        }
        at[i + 1] = position as usize;
    }
    Some(at)
}

/// `BatchToSpaceND`'s checks in its order: rank, crops' rows, the block product (a zero block),
/// the batch's divisibility, each cropped dim's sign; then `[batch / prod, grid_i * block_i -
/// crops_i.., rest..]`.
fn batch_to_space_want(
    shape: &[usize],
    block_shape: &[usize],
    crops: &[[usize; 2]],
) -> Result<Vec<u128>, Want> {
    let m = block_shape.len();
    if shape.len() < m + 1 {
        return Err(Want::BlockRankTooLarge {
            min: m + 1,
            rank: shape.len(),
        });
    }
    if crops.len() != m {
        return Err(Want::BlockPaddingsLength {
            argument: "crops",
            expected: m,
            rows: crops.len(),
        });
    }
    if block_shape.contains(&0) {
        return Err(Want::BlockProductZero);
    }
    let product = block_shape
        .iter()
        .fold(1u128, |p, &b| p.saturating_mul(b as u128));
    if !(shape[0] as u128).is_multiple_of(product) {
        return Err(Want::BatchNotDivisible {
            batch: shape[0],
            // The crate shows a product past usize as usize::MAX.
            product: usize::try_from(product).unwrap_or(usize::MAX),
        });
    }
    let mut out: Vec<u128> = shape.iter().map(|&d| d as u128).collect();
    out[0] = shape[0] as u128 / product;
    for (index, (&b, &[start, end])) in block_shape.iter().zip(crops).enumerate() {
        // A dim (at most isize::MAX) times a block (at most usize::MAX) is below 2^127.
        let cropped = shape[index + 1] as i128 * b as i128 - start as i128 - end as i128;
        if cropped < 0 {
            return Err(Want::CropsTooLarge { index, cropped });
        }
        out[index + 1] = cropped as u128;
    }
    Ok(out)
}

/// The batch-layout element at space-layout `index` of the result.
fn batch_to_space_source(
    shape: &[usize],
    block_shape: &[usize],
    crops: &[[usize; 2]],
    index: &[usize],
) -> Option<Vec<usize>> {
    let out_batch = shape[0] / block_shape.iter().product::<usize>();
    let mut at = index.to_vec();
    let mut offsets = 0;
    for (i, (&b, &[start, _])) in block_shape.iter().zip(crops).enumerate() {
        let padded = index[i + 1] as u128 + start as u128;
        at[i + 1] = (padded / b as u128) as usize;
        offsets = offsets * b + (padded % b as u128) as usize;
    }
    at[0] = offsets * out_batch + index[0];
    Some(at)
}

#[derive(Debug)]
struct SpaceToBatchNd {
    block_shape: Vec<usize>,
    paddings: Vec<[usize; 2]>,
}

impl Op for SpaceToBatchNd {
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        space_to_batch_want(shape, &self.block_shape, &self.paddings)
    }

    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        space_to_batch_source(shape, &self.block_shape, &self.paddings, index)
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_space_to_batch_nd(&self.block_shape, &self.paddings)
            .map(|y| y.into_dyn())
    }
}

#[derive(Debug)]
struct BatchToSpaceNd {
    block_shape: Vec<usize>,
    crops: Vec<[usize; 2]>,
}

impl Op for BatchToSpaceNd {
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        batch_to_space_want(shape, &self.block_shape, &self.crops)
    }

    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        batch_to_space_source(shape, &self.block_shape, &self.crops, index)
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_batch_to_space_nd(&self.block_shape, &self.crops)
            .map(|y| y.into_dyn())
    }
}

/// The 4-D forms: the ND op's outcome, then the rank. Where the ND op's result cannot exist and
/// the rank is wrong, which error comes first is not TensorFlow's to say (its `int64` sizes stop
/// well before): any error will do.
fn four_d(shape: &[usize], nd: Result<Vec<u128>, Want>) -> Result<Vec<u128>, Want> {
    let dims = nd?;
    if shape.len() == 4 {
        Ok(dims)
    } else if matches!(fits(&dims), Fits::Never) {
        Err(Want::Any)
    } else {
        Err(Want::WrongRank(shape.len()))
    }
}

#[derive(Debug)]
struct SpaceToBatch {
    paddings: Vec<[usize; 2]>,
    block_size: usize,
}

impl Op for SpaceToBatch {
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        let nd = space_to_batch_want(shape, &[self.block_size; 2], &self.paddings);
        four_d(shape, nd)
    }

    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        space_to_batch_source(shape, &[self.block_size; 2], &self.paddings, index)
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_space_to_batch(&self.paddings, self.block_size)
            .map(|y| y.into_dyn())
    }
}

#[derive(Debug)]
struct BatchToSpace {
    crops: Vec<[usize; 2]>,
    block_size: usize,
}

impl Op for BatchToSpace {
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        let nd = batch_to_space_want(shape, &[self.block_size; 2], &self.crops);
        four_d(shape, nd)
    }

    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        batch_to_space_source(shape, &[self.block_size; 2], &self.crops, index)
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_batch_to_space(&self.crops, self.block_size)
            .map(|y| y.into_dyn())
    }
}
