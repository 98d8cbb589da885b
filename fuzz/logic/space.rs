//! The space family: `tf_space_to_depth` / `tf_depth_to_space`, the four `SpaceToBatchExt`
//! methods, `tf_extract_image_patches` and (first byte 252 or more)
//! `tf_required_space_to_batch_paddings`. The first byte picks the op, the rest decode an input
//! shape and the op's arguments. Each op is an [`Op`]: TensorFlow's checks and result shape
//! (exact, in `u128`) worked out from the arguments alone, and for every result element the
//! input element it holds (or padding), both written from TensorFlow's definitions. [`check`]
//! turns that into the call's verdict: the error TensorFlow raises, a skip (valid but larger than
//! `MAX_RESULT`), `Error::TooLarge` (a result that cannot exist), or a result checked element by
//! element, the same from a copy of the input in another memory layout and from an `Ix4` view.
//! Round trips (`depth_to_space` undoing `space_to_depth`, `batch_to_space` with crops =
//! paddings undoing `space_to_batch`) are checked where a call succeeds.
//!
//! The input holds `Input::arange` + 1, so a 0 in a result can only be padding.

mod batch;
mod depth;
mod patches;
mod required;

use std::fmt::Debug;

use ndarray::{ArrayD, ArrayRef, Dimension, Ix4};
use ndarray_tfslice::prelude::*;

use super::input::{Input, MAX_ELEMENTS, MAX_RESULT, count};

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let op = input.u8();
    // Its own arguments, no input array; the top bytes so the other ops' corpus keeps its meaning.
    if op >= 252 {
        return required::required_paddings(&mut input);
    }
    let shape = Shape::decode(&mut input);
    match op % 7 {
        0 => depth::space_to_depth(&mut input, shape),
        1 => depth::depth_to_space(&mut input, shape),
        2 => batch::space_to_batch_nd(&mut input, shape),
        3 => batch::batch_to_space_nd(&mut input, shape),
        4 => batch::space_to_batch(&mut input, shape),
        5 => batch::batch_to_space(&mut input, shape),
        _ => patches::extract_image_patches(&mut input, shape),
    }
}

/// An input shape, and whether it is an empty array with huge dims.
pub struct Shape {
    pub dims: Vec<usize>,
    pub huge: bool,
}

impl Shape {
    /// Usually `[batch, height, width, depth]` with dims up to 12 (block sizes of 2 to 6 divide
    /// some), sometimes any rank up to 5, sometimes an empty array whose other dims go up to the
    /// limits: it holds nothing, but its result's shape is where sizes overflow.
    fn decode(input: &mut Input) -> Self {
        let kind = input.u8();
        let rank = if kind.is_multiple_of(4) {
            input.below(6)
        } else {
            4
        };
        if (kind >> 2).is_multiple_of(8) {
            return Shape {
                dims: huge_empty(input, rank),
                huge: true,
            };
        }
        let mut dims = Vec::with_capacity(rank);
        let mut elements = 1usize;
        for _ in 0..rank {
            let d = usize::from(input.u8() % 13).min(MAX_ELEMENTS / elements);
            elements *= d.max(1);
            dims.push(d);
        }
        Shape { dims, huge: false }
    }
}

/// A shape with a zero dim (none at rank 0) and the others drawn by `Input::size`, each cut down
/// so that the product of the non-zero dims stays within `isize::MAX` (ndarray's rule for any
/// array, empty or not).
fn huge_empty(input: &mut Input, rank: usize) -> Vec<usize> {
    let zero = input.below(rank);
    let mut nonzero = 1u128;
    (0..rank)
        .map(|axis| {
            let want = if axis == zero { 0 } else { input.size() };
            let d = (want as u128).min(isize::MAX as u128 / nonzero);
            nonzero *= d.max(1);
            d as usize
        })
        .collect()
}

/// The input array, and (for small shapes) the same contents in another memory layout.
pub struct Case {
    pub x: ArrayD<i64>,
    pub other: Option<ArrayD<i64>>,
}

impl Case {
    pub fn new(input: &mut Input, shape: &Shape) -> Self {
        let x = Input::arange(&shape.dims).mapv(|v| v + 1);
        // Another layout of a huge empty array would only test ndarray's own constructors.
        let other = (!shape.huge).then(|| input.relayout(&x));
        Case { x, other }
    }
}

/// What TensorFlow raises, found by the oracle in TensorFlow's order of checks, with the data the
/// crate's error variant must carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    BlockSizeTooSmall(usize),
    WrongRank(usize),
    SpaceNotDivisible {
        height: usize,
        width: usize,
        block_size: usize,
    },
    DepthNotDivisible {
        depth: usize,
        block_size_sq: usize,
    },
    BlockRankTooLarge {
        min: usize,
        rank: usize,
    },
    BlockPaddingsLength {
        argument: &'static str,
        expected: usize,
        rows: usize,
    },
    BlockShapeZero(usize),
    PaddedNotDivisible {
        index: usize,
        padded: usize,
        block: usize,
    },
    BlockProductZero,
    BatchNotDivisible {
        batch: usize,
        product: usize,
    },
    CropsTooLarge {
        index: usize,
        cropped: i128,
    },
    PatchesNotSpatial(&'static str, usize, usize),
    PatchesZero(&'static str, usize),
    PatchesOutputNegative {
        axis: usize,
        output_size: i128,
    },
    /// A size past `usize` on the way to the result's shape.
    TooLarge,
    /// Some error, which one depending on how sizes TensorFlow's `int64` cannot hold are
    /// ordered against a later check.
    Any,
}

impl Want {
    fn matches(self, e: &Error) -> bool {
        match (self, e) {
            (Want::BlockSizeTooSmall(b), Error::BlockSizeTooSmall { block_size }) => {
                b == *block_size
            }
            (Want::WrongRank(r), Error::WrongRank { expected, rank, .. }) => {
                (*expected, *rank) == (4, r)
            }
            (
                Want::SpaceNotDivisible {
                    height,
                    width,
                    block_size,
                },
                Error::SpaceNotDivisible {
                    width: w,
                    height: h,
                    block_size: b,
                },
            ) => (height, width, block_size) == (*h, *w, *b),
            (
                Want::DepthNotDivisible {
                    depth,
                    block_size_sq,
                },
                Error::DepthNotDivisible {
                    depth: d,
                    block_size_sq: s,
                },
            ) => (depth, block_size_sq) == (*d, *s),
            (
                Want::BlockRankTooLarge { min, rank },
                Error::BlockRankTooLarge { min: m, rank: r },
            ) => (min, rank) == (*m, *r),
            (
                Want::BlockPaddingsLength {
                    argument,
                    expected,
                    rows,
                },
                Error::BlockPaddingsLength {
                    argument: a,
                    expected: e,
                    rows: r,
                },
            ) => (argument, expected, rows) == (*a, *e, *r),
            (Want::BlockShapeZero(i), Error::BlockShapeZero { index }) => i == *index,
            (
                Want::PaddedNotDivisible {
                    index,
                    padded,
                    block,
                },
                Error::PaddedNotDivisible {
                    index: i,
                    padded: p,
                    block: b,
                },
            ) => (index, padded, block) == (*i, *p, *b),
            (Want::BlockProductZero, Error::BlockProductZero) => true,
            (
                Want::BatchNotDivisible { batch, product },
                Error::BatchNotDivisible {
                    batch: b,
                    product: p,
                },
            ) => (batch, product) == (*b, *p),
            (
                Want::CropsTooLarge { index, cropped },
                Error::CropsTooLarge {
                    index: i,
                    cropped: c,
                },
            ) => (index, cropped) == (*i, *c),
            (
                Want::PatchesNotSpatial(argument, index, value),
                Error::PatchesNotSpatial {
                    argument: a,
                    index: i,
                    value: v,
                },
            ) => (argument, index, value) == (*a, *i, *v),
            (
                Want::PatchesZero(argument, index),
                Error::PatchesZero {
                    argument: a,
                    index: i,
                },
            ) => (argument, index) == (*a, *i),
            (
                Want::PatchesOutputNegative { axis, output_size },
                Error::PatchesOutputNegative {
                    axis: a,
                    output_size: o,
                    ..
                },
            ) => (axis, output_size) == (*a, *o),
            (Want::TooLarge, Error::TooLarge { .. }) | (Want::Any, _) => true,
            _ => false,
        }
    }
}

/// One call of one op, with its oracle.
pub trait Op: Debug {
    /// TensorFlow's checks in its order on an input of `shape`: the result's exact shape (dims
    /// past `usize` included), or the error.
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want>;

    /// The input element (of an input of `shape`) that the result element at `index` holds, or
    /// `None` for padding. Only asked for the indices of a result `want` gave.
    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>>;

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error>;
}

/// Calls `op` on `case` (unless its valid result is too large to be worth making) and checks
/// the outcome against the oracle; the result, if the call was made and succeeded.
pub fn check<O: Op>(case: &Case, op: &O) -> Option<ArrayD<i64>> {
    let shape = case.x.shape();
    let outcome = match op.want(shape) {
        Err(want) => Err(want),
        Ok(dims) => match fits(&dims) {
            Fits::Yes(dims) => Ok(dims),
            Fits::Skip => return None,
            Fits::Never => Err(Want::TooLarge),
        },
    };
    let got = op.call(&*case.x);
    // The answer depends on the logical contents alone, not on the layout or dimension type.
    if let Some(other) = &case.other {
        assert_eq!(
            op.call(&**other),
            got,
            "{op:?} on {shape:?}: a copy with strides {:?} gives another answer",
            other.strides()
        );
    }
    if case.x.ndim() == 4 {
        let x4 = case.x.view().into_dimensionality::<Ix4>().expect("rank 4");
        assert_eq!(
            op.call(&*x4),
            got,
            "{op:?} on {shape:?}: an Ix4 view gives another answer than IxDyn"
        );
    }
    match (outcome, got) {
        (Err(want), Err(e)) => {
            assert!(
                want.matches(&e),
                "{op:?} on {shape:?}: TensorFlow raises {want:?}, the crate {e:?}"
            );
            assert!(
                !e.to_string().is_empty(),
                "{op:?}: an empty message for {e:?}"
            );
            None
        }
        (Err(want), Ok(y)) => panic!(
            "{op:?} on {shape:?}: TensorFlow raises {want:?}, the crate gives a result of shape {:?}",
            y.shape()
        ),
        (Ok(dims), Err(e)) => {
            panic!(
                "{op:?} on {shape:?}: the result is {dims:?} in TensorFlow, the crate fails: {e}"
            )
        }
        (Ok(dims), Ok(y)) => {
            assert_eq!(y.shape(), dims, "{op:?} on {shape:?}: the result's shape");
            check_elements(op, shape, &y);
            Some(y)
        }
    }
}

/// Every element of `y` is the input element (or the zero padding) the oracle says.
fn check_elements<O: Op>(op: &O, shape: &[usize], y: &ArrayD<i64>) {
    for (index, &got) in y.indexed_iter() {
        let index = index.slice();
        let want = match op.source(shape, index) {
            None => 0,
            Some(at) => {
                let inside = at.len() == shape.len() && at.iter().zip(shape).all(|(i, d)| i < d);
                assert!(
                    inside,
                    "oracle bug: {op:?} maps {index:?} to {at:?} of {shape:?}"
                );
                // arange + 1: the row-major position, counted from 1.
                at.iter()
                    .zip(shape)
                    .fold(0i64, |n, (&i, &d)| n * d as i64 + i as i64)
                    + 1
            }
        };
        assert_eq!(
            got, want,
            "{op:?} on {shape:?}: result{index:?} holds {got}, TensorFlow's definition {want} \
             (0: padding, else 1 + the input's row-major position)"
        );
    }
}

/// Whether a result shape can exist, and if so whether it is small enough to make.
enum Fits {
    Yes(Vec<usize>),
    Skip,
    Never,
}

fn fits(dims: &[u128]) -> Fits {
    let limit = isize::MAX as u128;
    if dims.iter().any(|&d| d > usize::MAX as u128) {
        return Fits::Never;
    }
    let usizes: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
    let nonzero: Vec<usize> = usizes.iter().copied().filter(|&d| d != 0).collect();
    let elements = count(&usizes);
    // ndarray's rule (the non-zero dims' product fits isize), then the allocation's (bytes).
    if count(&nonzero) > limit || elements.saturating_mul(8) > limit {
        Fits::Never
    } else if elements > MAX_RESULT {
        Fits::Skip
    } else {
        Fits::Yes(usizes)
    }
}
