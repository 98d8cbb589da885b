//! The crate's answers in the terms of the oracle (`strided_oracle.rs`, its sibling): masks as
//! the oracle takes them, errors as its `Fail`, views as its `Answer`. Public API only; included
//! with `#[path]` by `tests/strided/oracle.rs` and by the fuzz targets `strided` and `slice`.
#![allow(dead_code)] // each includer uses only some of it

use ndarray::{ArrayView, IxDyn};
use ndarray_tfslice::prelude::*;

use super::strided_oracle::{Answer, Fail};

pub fn masks_of(m: [u64; 5]) -> Masks {
    Masks {
        begin: m[0],
        end: m[1],
        ellipsis: m[2],
        new_axis: m[3],
        shrink_axis: m[4],
    }
}

pub fn fail_of(e: &Error) -> Fail {
    match *e {
        Error::SpecLengthMismatch {
            begin_len,
            end_len,
            strides_len,
        } => Fail::SpecLengthMismatch {
            begin_len,
            end_len,
            strides_len,
        },
        Error::MultipleEllipses {
            ellipsis_mask,
            first,
            second,
        } => Fail::MultipleEllipses {
            mask: ellipsis_mask,
            first,
            second,
        },
        Error::SliceScalar { index } => Fail::SliceScalar { index },
        Error::TooManyIndices { index, axis, rank } => Fail::TooManyIndices { index, axis, rank },
        Error::ZeroStride { index, axis } => Fail::ZeroStride { index, axis },
        Error::ShrinkNegativeStride {
            index,
            axis,
            stride,
        } => Fail::ShrinkNegativeStride {
            index,
            axis,
            stride,
        },
        Error::ShrinkOutOfBounds {
            index,
            axis,
            begin,
            shifted,
            dim,
        } => Fail::ShrinkOutOfBounds {
            index,
            axis,
            begin,
            shifted,
            dim,
        },
        Error::SliceLengthMismatch {
            rank,
            begin_len,
            size_len,
        } => Fail::SliceLengthMismatch {
            rank,
            begin_len,
            size_len,
        },
        Error::SliceEmptyAxis { axis, begin, size } => Fail::SliceEmptyAxis {
            axis,
            begin,
            size: Some(size),
        },
        Error::SliceBeginOutOfRange { axis, begin, dim } => {
            Fail::SliceBeginOutOfRange { axis, begin, dim }
        }
        Error::SliceSizeOutOfRange { axis, size, max } => {
            Fail::SliceSizeOutOfRange { axis, size, max }
        }
        Error::AssignBroadcast {
            ref value_shape,
            ref final_shape,
            ref input_shape,
            ..
        } => Fail::AssignBroadcast {
            value_shape: value_shape.clone(),
            final_shape: final_shape.clone(),
            input_shape: input_shape.clone(),
        },
        Error::GradShapeMismatch {
            ref dy_shape,
            ref expected,
            ref input_shape,
            ..
        } => Fail::GradShapeMismatch {
            dy_shape: dy_shape.clone(),
            expected: expected.clone(),
            input_shape: input_shape.clone(),
        },
        _ => Fail::Other(format!("{e:?}")),
    }
}

/// The crate's answer in the oracle's terms.
pub fn answer_of(r: Result<ArrayView<'_, i64, IxDyn>, Error>) -> Answer {
    match r {
        Ok(v) => Ok((v.shape().to_vec(), v.iter().copied().collect())),
        Err(e) => Err(fail_of(&e)),
    }
}

/// Where the oracle could not say what `size` is (it does not fit in i64), do not compare it.
pub fn forget_unknown_size(got: Answer, want: &Answer) -> Answer {
    match (got, want) {
        (
            Err(Fail::SliceEmptyAxis { axis, begin, .. }),
            Err(Fail::SliceEmptyAxis { size: None, .. }),
        ) => Err(Fail::SliceEmptyAxis {
            axis,
            begin,
            size: None,
        }),
        (got, _) => got,
    }
}
