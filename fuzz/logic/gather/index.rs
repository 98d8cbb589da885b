//! Index arrays: their integer types, shapes and values, and the integer arguments (axes,
//! batch_dims) that go with them.

use std::fmt::Debug;

use ndarray::{ArrayD, IxDyn};
use num_traits::PrimInt;

use crate::logic::input::{Gap, Input, MAX_ELEMENTS};

/// An integer type index arrays are made of. The oracles read every value widened to `i128`,
/// which holds all of them exactly.
pub trait Index: PrimInt + Into<i128> + Debug + Gap {
    /// `v` as this type, wrapping like `as` (so `-1` is `255u8` or `u64::MAX`).
    fn wrap(v: i64) -> Self;
}

impl Index for i32 {
    fn wrap(v: i64) -> Self {
        v as i32
    }
}

impl Index for i64 {
    fn wrap(v: i64) -> Self {
        v
    }
}

impl Index for u8 {
    fn wrap(v: i64) -> Self {
        v as u8
    }
}

impl Index for u64 {
    fn wrap(v: i64) -> Self {
        v as u64
    }
}

/// Which [`Index`] type a call's index arrays have.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    I32,
    I64,
    U8,
    U64,
}

pub fn kind(input: &mut Input) -> Kind {
    input.pick(&[Kind::I32, Kind::I64, Kind::U8, Kind::U64])
}

/// An index into an axis of length `bound`: mostly in range, sometimes just outside it (`-1`,
/// `bound`), sometimes anything `Input::i64` gives (the integer limits among them).
pub fn value(input: &mut Input, bound: usize) -> i64 {
    match input.u8() {
        0..=219 => input.below(bound) as i64,
        220..=229 => -1,
        230..=239 => bound as i64,
        _ => input.i64(),
    }
}

/// `values` as an array of `shape` of type `T`.
pub fn array<T: Index>(shape: &[usize], values: &[i64]) -> ArrayD<T> {
    let values = values.iter().map(|&v| T::wrap(v)).collect();
    ArrayD::from_shape_vec(IxDyn(shape), values).expect("one value per element")
}

/// The values of `a` in row-major order, widened.
pub fn widen<T: Index>(a: &ArrayD<T>) -> Vec<i128> {
    a.iter().map(|&v| v.into()).collect()
}

/// `lead` (the axes an index array shares with params), now and then with one dim changed so
/// that they disagree, then up to `extra` more axes of 0..=6, within [`MAX_ELEMENTS`].
pub fn shape_after(input: &mut Input, lead: &[usize], extra: usize) -> Vec<usize> {
    let mut shape = lead.to_vec();
    if input.u8() < 16 {
        let k = input.below(shape.len());
        if let Some(d) = shape.get_mut(k) {
            *d = (*d + 1) % 7;
        }
    }
    for _ in 0..input.below(extra + 1) {
        let room = MAX_ELEMENTS / shape.iter().map(|&d| d.max(1)).product::<usize>();
        shape.push(usize::from(input.u8() % 7).min(room));
    }
    shape
}

/// An axis-like argument: mostly `valid`, written as it is or counted from the end of `rank`
/// axes (`valid - rank`), sometimes anything `Input::i64` gives.
pub fn axis(input: &mut Input, valid: usize, rank: usize) -> isize {
    match input.u8() {
        0..=109 => valid as isize,
        110..=219 => valid as isize - rank as isize,
        _ => input.i64() as isize,
    }
}
