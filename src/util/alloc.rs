//! Allocation guards: every owned result's size is checked before anything is allocated, so a
//! result too large for memory is [`Error::TooLarge`], never a panic or an abort.

use ndarray::{ArrayD, IxDyn};

use crate::error::Error;
use crate::util::hugepage;

/// `ArrayD::zeros(shape)`, or [`Error::TooLarge`] where ndarray would panic or the allocation
/// could not be asked for.
pub(crate) fn zeros<A: Clone + Default>(shape: &[usize]) -> Result<ArrayD<A>, Error> {
    check_size::<A>(shape)?;
    Ok(ArrayD::default(IxDyn(shape)))
}

/// Whether an owned array of `shape` can exist: ndarray panics when the product of the non-zero
/// axis lengths passes `isize::MAX`, and an allocation of more than `isize::MAX` bytes cannot be
/// asked for. Every op with an owned result calls this before allocating.
pub(crate) fn check_size<A>(shape: &[usize]) -> Result<(), Error> {
    let limit = isize::MAX as usize;
    // ndarray's own rule: the product of the non-zero axis lengths fits in isize.
    let nonzero = shape
        .iter()
        .filter(|&&d| d != 0)
        .try_fold(1usize, |n, &d| n.checked_mul(d));
    // The allocation's rule: the bytes (zero if any axis is) fit in isize.
    let elements: usize = if shape.contains(&0) {
        0
    } else {
        nonzero.unwrap_or(usize::MAX)
    };
    let bytes = elements.checked_mul(std::mem::size_of::<A>());
    let fits = nonzero.is_some_and(|n| n <= limit) && bytes.is_some_and(|b| b <= limit);
    if fits {
        Ok(())
    } else {
        Err(Error::TooLarge {
            shape: shape.to_vec(),
        })
    }
}

/// An empty `Vec` with room for the elements of an array of `shape`: [`check_size`], then a
/// fallible reservation, so a size that passes the isize rule but cannot be allocated is
/// [`Error::TooLarge`] rather than an abort.
pub(crate) fn try_vec<A>(shape: &[usize]) -> Result<Vec<A>, Error> {
    check_size::<A>(shape)?;
    // check_size guarantees the product of the non-zero axes fits; a zero axis makes it 0.
    let len = if shape.contains(&0) {
        0
    } else {
        shape
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .unwrap_or(usize::MAX)
    };
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Error::TooLarge {
        shape: shape.to_vec(),
    })?;
    // Every caller fills the whole reservation: large ones are backed by huge pages.
    hugepage::advise(&mut v);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_past_isize_are_errors_not_panics() {
        let huge = [usize::MAX / 2, 3];
        assert_eq!(
            zeros::<f32>(&huge).unwrap_err(),
            Error::TooLarge {
                shape: huge.to_vec()
            }
        );
        // Elements fit, bytes do not.
        let wide = [isize::MAX as usize / 2];
        assert!(zeros::<u64>(&wide).is_err());
        // As in ndarray, the non-zero axes must fit even when another axis is 0 ...
        assert!(zeros::<f64>(&[0, usize::MAX]).is_err());
        // ... but nothing is allocated then, so their bytes need not.
        assert_eq!(zeros::<f64>(&[0, isize::MAX as usize]).unwrap().len(), 0);
    }
}
