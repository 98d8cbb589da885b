//! Turning the fuzzer's bytes into shapes, arrays and arguments.
//!
//! Every read succeeds: past the end of the bytes it yields zeros, so every input, however
//! short, is a complete case and libFuzzer's mutations of one byte change one decision.

use ndarray::{ArrayD, Axis, IxDyn, ShapeBuilder, Slice};

/// The most elements an input array may have (a result may have more, up to [`MAX_RESULT`]).
pub const MAX_ELEMENTS: usize = 4096;

/// The most elements a call's result may have for the call to be made (see `logic/mod.rs`).
pub const MAX_RESULT: u128 = 1 << 16;

/// The fuzzer's bytes, read front to back.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |v, _| (v << 8) | u64::from(self.u8()))
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::from(self.u8()) % n
        }
    }

    /// One of `choices` (which must not be empty).
    pub fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.below(choices.len())]
    }

    /// An `i64` that is usually small (-8..=8), sometimes at or near a limit where arithmetic
    /// on it overflows (`i64::MIN`, `i64::MAX`, the `i32` and `u32` edges), sometimes any.
    pub fn i64(&mut self) -> i64 {
        const EDGES: [i64; 12] = [
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
            i64::MAX - 1,
            i32::MIN as i64,
            i32::MAX as i64,
            i32::MAX as i64 + 1,
            u32::MAX as i64,
            1 << 32,
            -(1 << 32),
            1 << 62,
            -(1 << 62),
        ];
        match self.u8() {
            0..=199 => i64::from(self.u8() % 17) - 8,
            200..=239 => self.pick(&EDGES),
            _ => self.u64() as i64,
        }
    }

    /// A `usize` that sizes a result: usually small (0..=8), sometimes a limit.
    pub fn size(&mut self) -> usize {
        const EDGES: [usize; 8] = [
            usize::MAX,
            usize::MAX - 1,
            isize::MAX as usize,
            isize::MAX as usize + 1,
            1 << 32,
            u32::MAX as usize,
            1 << 62,
            1 << 31,
        ];
        match self.u8() {
            0..=219 => usize::from(self.u8() % 9),
            220..=249 => self.pick(&EDGES),
            _ => self.u64() as usize,
        }
    }

    /// A value of an integer list (multiples, paddings, block sizes): as [`size`](Self::size),
    /// but within `i64` as TensorFlow's lists are (the crate rejects wider values up front).
    pub fn list_size(&mut self) -> usize {
        const EDGES: [usize; 8] = [
            i64::MAX as usize,
            i64::MAX as usize - 1,
            1 << 61,
            (1 << 62) + 1,
            1 << 32,
            u32::MAX as usize,
            1 << 62,
            1 << 31,
        ];
        match self.u8() {
            0..=219 => usize::from(self.u8() % 9),
            220..=249 => self.pick(&EDGES),
            _ => (self.u64() >> 1) as usize,
        }
    }

    /// A shape of rank `0..=max_rank` with at most [`MAX_ELEMENTS`] elements (a dim that would
    /// pass it is cut down; zero dims are common).
    pub fn shape(&mut self, max_rank: usize) -> Vec<usize> {
        let rank = self.below(max_rank + 1);
        let mut shape = Vec::with_capacity(rank);
        let mut elements = 1usize;
        for _ in 0..rank {
            let want = usize::from(self.u8() % 7);
            let room = MAX_ELEMENTS / elements.max(1);
            let d = want.min(room);
            elements = elements.saturating_mul(d.max(1));
            shape.push(d);
        }
        shape
    }

    /// `0, 1, 2, ...` in row-major order in an array of `shape`: each element says where it is,
    /// so a result shows which input elements it took.
    pub fn arange(shape: &[usize]) -> ArrayD<i64> {
        let n: usize = shape.iter().product();
        ArrayD::from_shape_vec(IxDyn(shape), (0..n as i64).collect())
            .expect("the shape's element count")
    }

    /// `x` (same shape, same logical contents) in another memory layout, picked by one byte:
    /// column-major, one axis walked backwards (a negative stride), or every other element of
    /// an array twice as wide along the last axis (gaps between elements, filled with
    /// [`Gap::gap`] so an op reading one shows it). A rank-0 array has no other layout.
    pub fn relayout<A: Gap>(&mut self, x: &ArrayD<A>) -> ArrayD<A> {
        let rank = x.ndim();
        if rank == 0 {
            return x.clone();
        }
        match self.u8() % 3 {
            0 => {
                let mut f = ArrayD::from_elem(IxDyn(x.shape()).f(), A::gap());
                f.assign(x);
                f
            }
            1 => {
                let axis = Axis(self.below(rank));
                let mut flipped = x.clone();
                flipped.invert_axis(axis);
                let mut back = flipped.as_standard_layout().into_owned();
                back.invert_axis(axis);
                back
            }
            _ => {
                let mut wide_shape = x.shape().to_vec();
                wide_shape[rank - 1] *= 2;
                let mut wide = ArrayD::from_elem(IxDyn(&wide_shape), A::gap());
                wide.slice_axis_inplace(Axis(rank - 1), Slice::new(0, None, 2));
                wide.assign(x);
                wide
            }
        }
    }
}

/// The element count of `shape` without overflow.
pub fn count(shape: &[usize]) -> u128 {
    shape
        .iter()
        .fold(1u128, |n, &d| n.saturating_mul(d as u128))
}

/// What fills the gaps of [`Input::relayout`]'s strided layout: a value the fuzzer's arrays
/// rarely hold, so an op that reads a gap gives itself away.
pub trait Gap: Clone {
    fn gap() -> Self;
}

macro_rules! gap {
    ($($t:ty => $v:expr),*) => {$(
        impl Gap for $t {
            fn gap() -> Self {
                $v
            }
        }
    )*};
}

gap!(i64 => i64::MIN, i32 => i32::MIN, u8 => u8::MAX, u64 => u64::MAX, bool => true, f64 => -7.25);
