//! `tf_space_to_depth` / `tf_depth_to_space` (TensorFlow's `SpaceToDepth` / `DepthToSpace`, NHWC,
//! "DCR" depth order), each the other's inverse.

use ndarray::{ArrayD, ArrayRef, Dimension};
use ndarray_tfslice::Error;
use ndarray_tfslice::prelude::*;

use super::super::input::MAX_ELEMENTS;
use super::{Case, Input, Op, Shape, Want, check};

pub fn space_to_depth(input: &mut Input, shape: Shape) {
    let op = SpaceToDepth {
        block_size: input.size(),
    };
    both_shapes(input, shape, &op, op.block_size, true);
}

pub fn depth_to_space(input: &mut Input, shape: Shape) {
    let op = DepthToSpace {
        block_size: input.size(),
    };
    both_shapes(input, shape, &op, op.block_size, false);
}

/// `op` (`space_to_depth` with `block` where `to_depth`, else `depth_to_space`) on the decoded
/// shape, then on a [`wide`] image.
fn both_shapes<O: Op>(input: &mut Input, shape: Shape, op: &O, block: usize, to_depth: bool) {
    one_shape(input, &shape, op, block, to_depth);
    if let Some(wide) = wide(input, block, !to_depth) {
        one_shape(input, &wide, op, block, to_depth);
    }
}

/// The checked call, the round trip through the other op, and the call on other types.
fn one_shape<O: Op>(input: &mut Input, shape: &Shape, op: &O, block: usize, to_depth: bool) {
    let case = Case::new(input, shape);
    let Some(y) = check(&case, op) else {
        return;
    };
    let back = depth_op(&y, block, !to_depth);
    assert_eq!(
        back,
        Ok(case.x.clone()),
        "{op:?} on {:?}: the other op does not undo it",
        shape.dims
    );
    every_type(
        &case,
        &y,
        |x| depth_op(x, block, to_depth),
        |x| depth_op(x, block, to_depth),
    );
}

/// `x.tf_space_to_depth(block)` where `to_depth`, else `x.tf_depth_to_space(block)`.
fn depth_op<A: Clone>(x: &ArrayD<A>, block: usize, to_depth: bool) -> Result<ArrayD<A>, Error> {
    if to_depth {
        x.tf_space_to_depth(block)
    } else {
        x.tf_depth_to_space(block)
    }
}

/// A wide image for block sizes 2 to 4 (after the case of `Shape::decode`'s dims, which are at
/// most 12): rows of 9 to 48 output pixels (`space_to_depth`) or input pixels 8 to 55
/// (`depth_to_space`), 1 to 12 channels, within [`MAX_ELEMENTS`]. The copy engine's compiled
/// gathers (`word_blend`'s AVX2 blends of 4- and 8-byte pixels, `byte_fixed`'s `pshufb`
/// programs for RGB bytes) take only rows of more than 8 output pixels whose vector periods fit
/// inside the image, so narrower shapes never reach them.
fn wide(input: &mut Input, block: usize, depth_op: bool) -> Option<Shape> {
    if !(2..=4).contains(&block) {
        return None;
    }
    let channels = [1, 2, 3, 4, 6, 12][input.below(6)];
    let (batch, rows) = (1 + input.below(2), 1 + input.below(3));
    let dims = if depth_op {
        let depth = channels * block * block;
        let room = MAX_ELEMENTS / (batch * rows * depth);
        [batch, rows, (8 + input.below(48)).min(room), depth]
    } else {
        let room = MAX_ELEMENTS / (batch * rows * block * block * channels);
        let width = (9 + input.below(40)).min(room);
        [batch, rows * block, width * block, channels]
    };
    Some(Shape {
        dims: dims.to_vec(),
        huge: false,
    })
}

/// The same op on `f32` and `u8` copies of the input (in its layout and in `other`'s) gives
/// `y` converted: the copy engine's loops for 4-byte and one-byte primitives (the `pshufb`
/// byte gathers for `u8`, the AVX2 blends for `f32` in [`wide`] images) answer as the `i64`
/// path does. The values are the input's `1..=n`, exact in `f32` and wrapped in `u8` on both
/// sides.
fn every_type(
    case: &Case,
    y: &ArrayD<i64>,
    on_f32: impl Fn(&ArrayD<f32>) -> Result<ArrayD<f32>, Error>,
    on_u8: impl Fn(&ArrayD<u8>) -> Result<ArrayD<u8>, Error>,
) {
    for x in std::iter::once(&case.x).chain(&case.other) {
        converted(x, y, |v| v as f32, &on_f32);
        converted(x, y, |v| v as u8, &on_u8);
    }
}

/// `op` on `x` converted by `to` is `y` converted. `mapv` keeps a memory-contiguous layout's
/// strides (F order, a flipped axis); a gapped one comes back in C order.
fn converted<T: Clone + PartialEq + std::fmt::Debug>(
    x: &ArrayD<i64>,
    y: &ArrayD<i64>,
    to: fn(i64) -> T,
    op: impl Fn(&ArrayD<T>) -> Result<ArrayD<T>, Error>,
) {
    let xs = x.mapv(to);
    assert_eq!(
        op(&xs),
        Ok(y.mapv(to)),
        "{}, strides {:?}",
        std::any::type_name::<T>(),
        xs.strides()
    );
}

#[derive(Debug)]
struct SpaceToDepth {
    block_size: usize,
}

impl Op for SpaceToDepth {
    /// `block_size >= 2` (the attribute's minimum), rank 4, height and width divisible; then
    /// `[n, h / bs, w / bs, c * bs²]`.
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        let bs = self.block_size;
        if bs < 2 {
            return Err(Want::BlockSizeTooSmall(bs));
        }
        let &[n, h, w, c] = shape else {
            return Err(Want::WrongRank(shape.len()));
        };
        if h % bs != 0 || w % bs != 0 {
            return Err(Want::SpaceNotDivisible {
                height: h,
                width: w,
                block_size: bs,
            });
        }
        let sq = bs as u128 * bs as u128;
        Ok(vec![
            n as u128,
            (h / bs) as u128,
            (w / bs) as u128,
            (c as u128).saturating_mul(sq),
        ])
    }

    /// `out[b, i, j, (di * bs + dj) * c + k] = in[b, i * bs + di, j * bs + dj, k]`.
    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        let (bs, c) = (self.block_size, shape[3]);
        let &[b, i, j, d] = index else { return None };
        let (di, dj, k) = (d / c / bs, d / c % bs, d % c);
        Some(vec![b, i * bs + di, j * bs + dj, k])
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_space_to_depth(self.block_size).map(|y| y.into_dyn())
    }
}

#[derive(Debug)]
struct DepthToSpace {
    block_size: usize,
}

impl Op for DepthToSpace {
    /// `block_size >= 2`, rank 4, depth divisible by `bs²`; then `[n, h * bs, w * bs, c / bs²]`.
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        let bs = self.block_size;
        if bs < 2 {
            return Err(Want::BlockSizeTooSmall(bs));
        }
        let &[n, h, w, c] = shape else {
            return Err(Want::WrongRank(shape.len()));
        };
        // Below 2^128: no overflow in u128.
        let sq = bs as u128 * bs as u128;
        if !(c as u128).is_multiple_of(sq) {
            return Err(Want::DepthNotDivisible {
                depth: c,
                // The crate reports a square past usize as usize::MAX.
                block_size_sq: usize::try_from(sq).unwrap_or(usize::MAX),
            });
        }
        Ok(vec![
            n as u128,
            h as u128 * bs as u128,
            w as u128 * bs as u128,
            c as u128 / sq,
        ])
    }

    /// `out[b, y, x, k] = in[b, y / bs, x / bs, ((y % bs) * bs + x % bs) * (c / bs²) + k]`.
    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        let bs = self.block_size;
        let oc = shape[3] / (bs * bs);
        let &[b, y, x, k] = index else { return None };
        Some(vec![b, y / bs, x / bs, ((y % bs) * bs + x % bs) * oc + k])
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_depth_to_space(self.block_size).map(|y| y.into_dyn())
    }
}
