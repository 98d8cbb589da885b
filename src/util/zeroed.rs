//! Lazily zeroed results: a `Vec` of primitive numbers allocated with `alloc_zeroed`, so the OS
//! provides zero pages on first touch instead of the crate writing every byte.
//!
//! `tf_one_hot` of 2048 ids to depth 30522 is 250 MB of which 2048 elements are "on": filling
//! it with the off value is about 61,000 page faults and 250 MB of writes per call (154 ms
//! measured), a zeroed allocation only the pages the "on" elements land in. Safe Rust has this
//! (`vec![0.0; n]` calls `alloc_zeroed`) but aborts the process when the allocation fails;
//! `Vec::try_reserve` keeps the crate's "too large is an `Err`, never an abort" promise but has no
//! zeroed form. So this is `alloc_zeroed` with a checked `Layout`, the one `unsafe` block here.
//!
//! Which types: only those where all-zero bytes is a valid value, and the value off must equal
//! (`ZeroBits`, sealed: implemented here for the primitive integers, floats and `bool`). A
//! generic `A` is matched to them at run time through `Any` (no specialization), and the off
//! value is checked to be exactly the zero bit pattern (`-0.0` is not: it keeps the filled path).

use std::alloc::{Layout, alloc_zeroed};
use std::any::Any;

use crate::error::Error;

/// Primitive types whose all-zero bit pattern is a valid value (`0`, `+0.0`, `false`).
///
/// # Safety
/// Implement only for types where every all-zero byte pattern of `size_of::<Self>()` bytes is a
/// valid, initialised value, and with a non-zero size.
unsafe trait ZeroBits: Copy + 'static {
    /// Whether `self` is exactly the all-zero bit pattern.
    fn is_zero_bits(&self) -> bool;
}

macro_rules! zero_bits_int {
    ($($t:ty),*) => {$(
        // SAFETY: all-zero bytes is the integer 0.
        unsafe impl ZeroBits for $t {
            fn is_zero_bits(&self) -> bool {
                *self == 0
            }
        }
    )*};
}
zero_bits_int!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

macro_rules! zero_bits_float {
    ($($t:ty),*) => {$(
        // SAFETY: all-zero bytes is +0.0.
        unsafe impl ZeroBits for $t {
            fn is_zero_bits(&self) -> bool {
                self.to_bits() == 0
            }
        }
    )*};
}
zero_bits_float!(f32, f64);

// SAFETY: the byte 0 is `false`.
unsafe impl ZeroBits for bool {
    fn is_zero_bits(&self) -> bool {
        !*self
    }
}

/// `len` elements equal to `value`, zeroed lazily by the allocator, if `A` is one of the
/// [`ZeroBits`] types and `value` is its zero bit pattern; `None` otherwise (the caller fills).
/// [`Error::TooLarge`] (naming `shape`) where the allocation cannot be made.
pub(crate) fn zeroed_like<A: Clone + 'static>(
    value: &A,
    len: usize,
    shape: &[usize],
) -> Option<Result<Vec<A>, Error>> {
    macro_rules! try_types {
        ($($t:ty),*) => {$(
            if let Some(v) = (value as &dyn Any).downcast_ref::<$t>() {
                if !v.is_zero_bits() {
                    return None;
                }
                return Some(zeroed_vec::<$t>(len, shape).and_then(|data| {
                    // `A` is `$t`: the downcast cannot fail (an Internal error if it did).
                    let boxed: Box<dyn Any> = Box::new(data);
                    boxed
                        .downcast::<Vec<A>>()
                        .map(|b| *b)
                        .map_err(|_| Error::Internal(String::from("zeroed: type mismatch")))
                }));
            }
        )*};
    }
    try_types!(
        f32, f64, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, bool
    );
    None
}

/// A `Vec` of `len` zeros of `T`, allocated zeroed: [`Error::TooLarge`] naming `shape` if the
/// size overflows or the allocator refuses.
fn zeroed_vec<T: ZeroBits>(len: usize, shape: &[usize]) -> Result<Vec<T>, Error> {
    let too_large = || Error::TooLarge {
        shape: shape.to_vec(),
    };
    if len == 0 {
        return Ok(Vec::new());
    }
    // Layout::array fails where len * size_of::<T>() overflows or passes isize::MAX.
    let layout = Layout::array::<T>(len).map_err(|_| too_large())?;
    // SAFETY: `layout` has a non-zero size (len > 0, and ZeroBits types are not zero-sized).
    let ptr = unsafe { alloc_zeroed(layout) }.cast::<T>();
    if ptr.is_null() {
        return Err(too_large());
    }
    // SAFETY: `ptr` was allocated by the global allocator (Vec's) with the layout of `[T; len]`,
    // which is what `Vec<T>` with capacity `len` deallocates with; all `len` elements are
    // initialised, since all-zero bytes is a valid `T` (the `ZeroBits` contract); `len <= len`.
    Ok(unsafe { Vec::from_raw_parts(ptr, len, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_values_of_primitive_types_are_zeroed() {
        let v = zeroed_like(&0.0f32, 5, &[5]).unwrap().unwrap();
        assert_eq!(v, vec![0.0f32; 5]);
        assert!(v.iter().all(|x| x.to_bits() == 0));
        assert_eq!(zeroed_like(&0u8, 3, &[3]).unwrap().unwrap(), vec![0u8; 3]);
        assert_eq!(zeroed_like(&0i64, 2, &[2]).unwrap().unwrap(), vec![0i64; 2]);
        assert_eq!(
            zeroed_like(&false, 2, &[2]).unwrap().unwrap(),
            vec![false; 2]
        );
        assert_eq!(
            zeroed_like(&0.0f64, 0, &[0]).unwrap().unwrap(),
            Vec::<f64>::new()
        );
    }

    #[test]
    fn other_values_and_types_are_not() {
        // -0.0 == 0.0, but its bits are not zero: the zeroed memory would be +0.0.
        assert!(zeroed_like(&-0.0f32, 5, &[5]).is_none());
        assert!(zeroed_like(&1i32, 5, &[5]).is_none());
        assert!(zeroed_like(&true, 5, &[5]).is_none());
        assert!(zeroed_like(&'\0', 5, &[5]).is_none());
        assert!(zeroed_like(&String::new(), 5, &[5]).is_none());
        assert!(zeroed_like(&(0u8, 0u32), 5, &[5]).is_none());
    }

    #[test]
    fn too_large_is_an_error() {
        let err = zeroed_like(&0u64, usize::MAX / 4, &[7])
            .unwrap()
            .unwrap_err();
        assert_eq!(err, Error::TooLarge { shape: vec![7] });
        // Fits isize, not any machine's memory: the allocator refuses, no abort.
        let err = zeroed_like(&0u8, 1 << 62, &[1 << 62]).unwrap().unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                shape: vec![1 << 62]
            }
        );
    }
}
