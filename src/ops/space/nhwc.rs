//! What the NHWC image-layout ops share: the rank-4 check, the output-size check, and the owned
//! result in the input's dimension type. The run-length copy kernels are `crate::util::runs`.

use ndarray::{Array, Dimension};

use crate::error::Error;
use crate::util::alloc::check_size;
use crate::util::owned::from_c_order;

/// `[batch, height, width, depth]` of a rank-4 input, or [`Error::WrongRank`] naming `op`.
pub(crate) fn nhwc(op: &'static str, shape: &[usize]) -> Result<[usize; 4], Error> {
    match *shape {
        [n, h, w, c] => Ok([n, h, w, c]),
        _ => Err(Error::WrongRank {
            op,
            expected: 4,
            rank: shape.len(),
        }),
    }
}

/// `shape` if an owned array of it can exist, else [`Error::TooLarge`]. A dimension that
/// overflowed on the way (`None`) is reported as `usize::MAX`.
pub(crate) fn output_shape<A>(shape: [Option<usize>; 4]) -> Result<[usize; 4], Error> {
    let dims = shape.map(|d| d.unwrap_or(usize::MAX));
    if shape.contains(&None) {
        return Err(Error::TooLarge {
            shape: dims.to_vec(),
        });
    }
    check_size::<A>(&dims)?;
    Ok(dims)
}

/// The owned result: `data` (row-major) in `shape`, with the input's dimension type.
pub(crate) fn owned<A, D: Dimension>(
    like: D,
    shape: [usize; 4],
    data: Vec<A>,
) -> Result<Array<A, D>, Error> {
    let mut dim = like;
    if dim.ndim() != 4 {
        return Err(Error::Internal(format!(
            "an NHWC op was given a rank-{} dimension",
            dim.ndim()
        )));
    }
    dim.slice_mut().copy_from_slice(&shape);
    from_c_order(dim, data)
}
