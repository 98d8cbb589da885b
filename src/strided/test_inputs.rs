//! Test inputs shared by the view tests (`raw_view_tests.rs`, `apply_tests.rs`): numbered
//! storage under several layouts, random raw specs, and what identifies a view.

use ndarray::{ArrayD, ArrayViewD, ArrayViewMutD, Axis, IxDyn, Slice};
use proptest::prelude::*;

use crate::strided::masks::Masks;
use crate::strided::resolve::RawSpec;

/// How the input view lies over its storage.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Layout {
    Standard,
    /// Column-major (the storage's axes reversed).
    Transposed,
    /// Every other element of a storage twice as long, from element 1.
    Gaps,
    /// The axes in `mask` broadcast from length 1 (stride 0; read-only).
    Broadcast(u8),
}

/// What identifies a view: first element, shape, strides on axes longer than 1, and every
/// element's address in logical order.
#[derive(Debug, PartialEq)]
pub(crate) struct Seen {
    pub(crate) ptr: usize,
    pub(crate) shape: Vec<usize>,
    pub(crate) strides: Vec<isize>,
    pub(crate) addresses: Vec<usize>,
}

pub(crate) fn seen<A>(v: &ArrayViewD<'_, A>) -> Seen {
    Seen {
        ptr: v.as_ptr() as usize,
        shape: v.shape().to_vec(),
        strides: v
            .shape()
            .iter()
            .zip(v.strides())
            .map(|(&d, &s)| if d > 1 { s } else { 0 })
            .collect(),
        addresses: v.iter().map(|e| e as *const A as usize).collect(),
    }
}

pub(crate) fn seen_mut<A>(v: ArrayViewMutD<'_, A>) -> Seen {
    seen(&v.view())
}

/// The storage for `shape` under `layout`: numbered elements.
pub(crate) fn storage(shape: &[usize], layout: Layout) -> ArrayD<i32> {
    let dims: Vec<usize> = match layout {
        Layout::Standard => shape.to_vec(),
        Layout::Transposed => shape.iter().rev().copied().collect(),
        Layout::Gaps => shape.iter().map(|&d| 2 * d + 1).collect(),
        Layout::Broadcast(mask) => shape
            .iter()
            .enumerate()
            .map(|(i, &d)| if mask >> i & 1 == 1 { 1 } else { d })
            .collect(),
    };
    let n: usize = dims.iter().product();
    ArrayD::from_shape_vec(IxDyn(&dims), (0..n as i32).collect()).unwrap()
}

/// The input view of `shape` over `s`, with the axes in `flips` reversed.
pub(crate) fn input<'a>(
    s: &'a ArrayD<i32>,
    shape: &[usize],
    layout: Layout,
    flips: u8,
) -> ArrayViewD<'a, i32> {
    let mut v = match layout {
        Layout::Standard => s.view(),
        Layout::Transposed => s.view().reversed_axes(),
        Layout::Gaps => s.slice_each_axis(|_| Slice::new(1, None, 2)).into_dyn(),
        Layout::Broadcast(_) => s.broadcast(IxDyn(shape)).unwrap(),
    };
    for axis in 0..v.ndim() {
        if flips >> axis & 1 == 1 {
            v.invert_axis(Axis(axis));
        }
    }
    assert_eq!(v.shape(), shape);
    v
}

/// The same input as a mutable view (not for broadcasting, which has no mutable form).
pub(crate) fn input_mut<'a>(
    s: &'a mut ArrayD<i32>,
    shape: &[usize],
    layout: Layout,
    flips: u8,
) -> ArrayViewMutD<'a, i32> {
    let mut v = match layout {
        Layout::Transposed => s.view_mut().reversed_axes(),
        Layout::Gaps => s.slice_each_axis_mut(|_| Slice::new(1, None, 2)).into_dyn(),
        _ => s.view_mut(),
    };
    for axis in 0..v.ndim() {
        if flips >> axis & 1 == 1 {
            v.invert_axis(Axis(axis));
        }
    }
    assert_eq!(v.shape(), shape);
    v
}

/// A random spec: up to `rank + 3` entries, values around the dims (negative, out of range,
/// zero strides), every mask over the entries (several ellipsis bits included, for the error).
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    pub(crate) begin: Vec<i64>,
    pub(crate) end: Vec<i64>,
    pub(crate) strides: Vec<i64>,
    pub(crate) masks: Masks,
}

pub(crate) fn spec(rank: usize) -> impl Strategy<Value = Spec> {
    (0..=rank + 3).prop_flat_map(|n| {
        let value = prop_oneof![6 => -6i64..7, 1 => Just(i64::MIN), 1 => Just(i64::MAX)];
        let stride = prop_oneof![8 => -3i64..4, 1 => Just(i64::MIN), 1 => Just(i64::MAX)];
        let bits = move |weight: u32| {
            proptest::collection::vec(proptest::bool::weighted(weight as f64 / 10.0), n).prop_map(
                |v| {
                    v.iter()
                        .enumerate()
                        .fold(0u64, |m, (i, &b)| m | (u64::from(b) << i))
                },
            )
        };
        (
            proptest::collection::vec(value.clone(), n),
            proptest::collection::vec(value, n),
            proptest::collection::vec(stride, n),
            (bits(3), bits(3), bits(1), bits(2), bits(3)),
        )
            .prop_map(|(begin, end, strides, (b, e, ell, new, shrink))| Spec {
                begin,
                end,
                strides,
                masks: Masks {
                    begin: b,
                    end: e,
                    ellipsis: ell,
                    new_axis: new,
                    shrink_axis: shrink,
                },
            })
    })
}

pub(crate) fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        Just(Layout::Standard),
        Just(Layout::Transposed),
        Just(Layout::Gaps),
        any::<u8>().prop_map(Layout::Broadcast),
    ]
}

pub(crate) fn steps(s: &Spec) -> RawSpec<'_, i64, i64, i64> {
    RawSpec {
        begin: &s.begin,
        end: &s.end,
        strides: &s.strides,
        masks: s.masks,
    }
}
