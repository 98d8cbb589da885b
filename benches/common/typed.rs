//! Typed selections: `x.tf_index(tf_s![..])` on an `Array3` / `Array4` beside ndarray's static
//! `s![..]` of the same selection (DESIGN.md target: at most 1.2x). Shared by `count.rs`
//! (callgrind) and `strided_slice.rs` (criterion).

use std::hint::black_box;

use ndarray::{Array3, Array4, ArrayView, Dimension, NewAxis, s};
use ndarray_tfslice::prelude::*;

/// The case names, each written once with `tf_s!` and once with `s!`.
#[allow(dead_code)] // count.rs takes a name from the command line
pub const NAMES: &[&str] = &[
    "rank3_plain",
    "rank3_negative",
    "rank3_mixed",
    "rank4_crop",
    "rank4_mixed",
    "rank4_reverse_last",
];

/// 4 MiB of f32 each; the crop's bounds are run-time values.
pub struct Inputs {
    pub x3: Array3<f32>,
    pub x4: Array4<f32>,
    pub crop: (usize, usize, usize),
}

impl Inputs {
    pub fn new() -> Self {
        Inputs {
            x3: Array3::zeros((64, 128, 128)),
            x4: Array4::zeros((4, 64, 64, 64)),
            crop: (5, 9, 32),
        }
    }
}

/// What identifies a view: its first element, shape and strides (on the stack, so that
/// recording it costs the same on both sides). Equal when they select the same elements in the
/// same order: the stride of an axis of length 1 does not matter (ndarray gives a new axis
/// stride 0 in `slice`, and `insert_axis` another).
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    ptr: usize,
    ndim: usize,
    shape: [usize; 6],
    strides: [isize; 6],
}

impl PartialEq for Seen {
    fn eq(&self, other: &Seen) -> bool {
        let same_strides = (0..self.ndim.min(6))
            .all(|i| self.shape[i] <= 1 || self.strides[i] == other.strides[i]);
        (self.ptr, self.ndim, self.shape) == (other.ptr, other.ndim, other.shape) && same_strides
    }
}

#[inline(always)]
fn seen<D: Dimension>(v: ArrayView<'_, f32, D>) -> Seen {
    let mut s = Seen {
        ptr: v.as_ptr() as usize,
        ndim: v.ndim(),
        shape: [0; 6],
        strides: [0; 6],
    };
    for (i, (&d, &st)) in v.shape().iter().zip(v.strides()).enumerate().take(6) {
        s.shape[i] = d;
        s.strides[i] = st;
    }
    s
}

/// One side of one case.
pub type Run = fn(&Inputs) -> Option<Seen>;

macro_rules! cases {
    ($($name:literal => |$x3:ident, $x4:ident, $h:ident, $w:ident, $c:ident| $tf:expr, $nd:expr;)*) => {
        /// `x.tf_index(tf_s![..])` for case `name`, chosen once (no string match in a timed loop).
        pub fn tf(name: &str) -> Option<Run> {
            match name {
                $($name => Some(|x: &Inputs| {
                    let ($h, $w, $c) = black_box(x.crop);
                    let ($x3, $x4) = (black_box(&x.x3), black_box(&x.x4));
                    let _ = ($h, $w, $c, $x3, $x4);
                    Some(seen($tf.ok()?))
                }),)*
                _ => None,
            }
        }

        /// ndarray's static `s![..]` of the same selection.
        pub fn ndarray_static(name: &str) -> Option<Run> {
            match name {
                $($name => Some(|x: &Inputs| {
                    let ($h, $w, $c) = black_box(x.crop);
                    let ($x3, $x4) = (black_box(&x.x3), black_box(&x.x4));
                    let _ = ($h, $w, $c, $x3, $x4);
                    Some(seen($nd))
                }),)*
                _ => None,
            }
        }
    };
}

cases! {
    "rank3_plain" => |x3, x4, h, w, c|
        x3.tf_index(tf_s![1:-1, 2:100, 3:]), x3.slice(s![1..63, 2..100, 3..]);
    "rank3_negative" => |x3, x4, h, w, c|
        x3.tf_index(tf_s![::-1, 100:10:-3, ::-2]), x3.slice(s![..;-1, 11..101;-3, ..;-2]);
    "rank3_mixed" => |x3, x4, h, w, c|
        x3.tf_index(tf_s![1, ..., None, ::-2]), x3.slice(s![1, .., NewAxis, ..;-2]);
    "rank4_crop" => |x3, x4, h, w, c|
        x4.tf_index(tf_s![:, h:h + c, w:w + c]), x4.slice(s![.., h..h + c, w..w + c, ..]);
    "rank4_mixed" => |x3, x4, h, w, c|
        x4.tf_index(tf_s![0, ..., None, ::-1]), x4.slice(s![0, .., .., NewAxis, ..;-1]);
    "rank4_reverse_last" => |x3, x4, h, w, c|
        x4.tf_index(tf_s![..., ::-1]), x4.slice(s![.., .., .., ..;-1]);
}
