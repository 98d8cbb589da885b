//! The write side against ndarray's `assign` (element `i` of the value to element `i` of the
//! target) for random shapes, targets (steps of either sign, offsets, in C- or F-order arrays)
//! and values (C and F order, reversed, gapped, broadcast), on every kernel; and the planning
//! rules.

use ndarray::{ArrayD, ArrayViewD, ArrayViewMutD, IxDyn, ShapeBuilder, Slice};
use proptest::prelude::*;

use super::*;

/// The region of `view` in `memory`.
fn region<A>(memory: &[A], ptr: *const A, shape: &[usize], strides: &[isize]) -> Option<Region> {
    Region::of::<A>(
        memory.as_ptr() as usize,
        memory.len(),
        ptr as usize,
        shape,
        strides,
    )
}

/// `0, 1, 2, ...` in an array of `shape`, in C order or (`fortran`) with its axes in reverse
/// memory order.
fn base(shape: &[usize], fortran: bool) -> ArrayD<i64> {
    let n: usize = shape.iter().product();
    let values = (0..n as i64).collect();
    if fortran {
        let reversed: Vec<usize> = shape.iter().rev().copied().collect();
        ArrayD::from_shape_vec(IxDyn(&reversed), values)
            .unwrap()
            .reversed_axes()
    } else {
        ArrayD::from_shape_vec(IxDyn(shape), values).unwrap()
    }
}

/// Each axis of the target: the base is `len * |step| + offset` long there, the target takes
/// `len` elements from `offset` (from the other end for a negative step).
#[derive(Clone, Debug)]
struct Axis1 {
    len: usize,
    step: isize,
    offset: usize,
}

/// How the value lies in its memory.
#[derive(Clone, Copy, Debug)]
enum ValueLayout {
    C,
    F,
    Reversed,
    Gapped,
    /// Length 1 on every other axis (from the first), broadcast into the target.
    Broadcast,
}

fn axes() -> impl Strategy<Value = Vec<Axis1>> {
    let axis = (
        1usize..=6,
        prop_oneof![Just(1isize), Just(-1), Just(2), Just(-2), Just(3)],
        0usize..2,
    )
        .prop_map(|(len, step, offset)| Axis1 { len, step, offset });
    prop::collection::vec(axis, 0..=4)
}

fn value_layout() -> impl Strategy<Value = ValueLayout> {
    prop_oneof![
        Just(ValueLayout::C),
        Just(ValueLayout::F),
        Just(ValueLayout::Reversed),
        Just(ValueLayout::Gapped),
        Just(ValueLayout::Broadcast),
    ]
}

/// The target view of `x` that `axes` describe.
fn target<'a>(x: &'a mut ArrayD<i64>, axes: &[Axis1]) -> ArrayViewMutD<'a, i64> {
    let mut v = x.view_mut();
    for (k, a) in axes.iter().enumerate() {
        let end = a.offset + (a.len - 1) * a.step.unsigned_abs() + 1;
        v.slice_axis_inplace(
            ndarray::Axis(k),
            Slice::new(a.offset as isize, Some(end as isize), a.step),
        );
    }
    v
}

/// The value's own shape for `layout` (length 1 on every other axis where it is broadcast)
/// and its memory (twice as long where it is gapped).
fn value_memory(shape: &[usize], layout: ValueLayout) -> (Vec<usize>, Vec<i64>) {
    let own: Vec<usize> = match layout {
        ValueLayout::Broadcast => shape
            .iter()
            .enumerate()
            .map(|(k, &d)| if k % 2 == 0 { 1 } else { d })
            .collect(),
        _ => shape.to_vec(),
    };
    let gap = if matches!(layout, ValueLayout::Gapped) {
        2
    } else {
        1
    };
    let n: usize = own.iter().product::<usize>() * gap;
    (own, (0..n as i64).map(|i| -1 - i).collect())
}

/// The value in `memory` laid out as `layout`, of its own shape `own`.
fn value_view<'m>(own: &[usize], memory: &'m [i64], layout: ValueLayout) -> ArrayViewD<'m, i64> {
    match layout {
        ValueLayout::F => ArrayViewD::from_shape(IxDyn(own).f(), memory).unwrap(),
        ValueLayout::Gapped => {
            let mut wide = own.to_vec();
            match wide.last_mut() {
                Some(last) => *last *= 2,
                None => return ArrayViewD::from_shape(IxDyn(own), &memory[..1]).unwrap(),
            }
            let mut v = ArrayViewD::from_shape(IxDyn(&wide), memory).unwrap();
            v.slice_axis_inplace(ndarray::Axis(own.len() - 1), Slice::new(0, None, 2));
            v
        }
        _ => {
            let mut v = ArrayViewD::from_shape(IxDyn(own), memory).unwrap();
            if matches!(layout, ValueLayout::Reversed) && !own.is_empty() {
                v.invert_axis(ndarray::Axis(0));
            }
            v
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn the_write_is_ndarrays_assign(axes in axes(), layout in value_layout(), fortran in any::<bool>()) {
        let base_shape: Vec<usize> = axes
            .iter()
            .map(|a| a.offset + (a.len - 1) * a.step.unsigned_abs() + 1 + a.offset)
            .collect();
        let shape: Vec<usize> = axes.iter().map(|a| a.len).collect();
        let (own, memory) = value_memory(&shape, layout);
        let own_view = value_view(&own, &memory, layout);
        let v = own_view.broadcast(IxDyn(&shape)).expect("broadcasts");
        let mut want = base(&base_shape, fortran);
        target(&mut want, &axes).assign(&v);

        let mut got = base(&base_shape, fortran);
        let memory_start = got.as_slice_memory_order().unwrap().as_ptr();
        let (start, len) = (memory_start, got.len());
        let t = target(&mut got, &axes);
        let to = Region::of::<i64>(start as usize, len, t.as_ptr() as usize, t.shape(), t.strides());
        let from = region(&memory, v.as_ptr(), v.shape(), v.strides());
        let (to, from) = (to.expect("inside"), from.expect("inside"));
        match Write::new(&shape, &to, &from) {
            Some(write) => {
                prop_assert!(write.run(got.as_slice_memory_order_mut().unwrap(), &memory));
                prop_assert_eq!(&got, &want);
                // Strings: `clone_from` over live values.
                let mut got_s = base(&base_shape, fortran).mapv(|x| x.to_string());
                let memory_s: Vec<String> = memory.iter().map(|x| x.to_string()).collect();
                prop_assert!(write.run(got_s.as_slice_memory_order_mut().unwrap(), &memory_s));
                prop_assert_eq!(got_s, want.mapv(|x| x.to_string()));
            }
            None => {
                // Left to ndarray only for a long innermost run strided on some side.
                let (steps, ..) = plan(&shape, &to, &from);
                let run = steps.last().copied().expect("a run");
                prop_assert!(run.len > SHORT && (run.dst, run.src) != (1, 1) && (run.dst, run.src) != (1, 0));
            }
        }
    }
}

#[test]
fn regions_are_checked_against_their_slice() {
    let x = ndarray::Array::from_iter(0..24)
        .into_shape_with_order((2, 3, 4))
        .unwrap();
    let memory = x.as_slice().unwrap();
    let flipped = x.slice(ndarray::s![.., ..;-1, 1..3]);
    let r = region(memory, flipped.as_ptr(), flipped.shape(), flipped.strides()).unwrap();
    assert_eq!((r.offset, r.strides.as_slice()), (9, &[12isize, -4, 1][..]));
    // The same view against a slice that ends before its last element.
    assert_eq!(
        region(
            &memory[..20],
            flipped.as_ptr(),
            flipped.shape(),
            flipped.strides()
        ),
        None
    );
    // A first element before the slice, or between two elements.
    let start = memory.as_ptr() as usize;
    assert_eq!(Region::of::<i32>(start + 4, 23, start, &[2], &[1]), None);
    assert_eq!(Region::of::<i32>(start, 24, start + 2, &[2], &[1]), None);
    // Nothing to place: empty, zero-sized elements.
    assert_eq!(Region::of::<i32>(start, 24, start, &[0], &[1]), None);
    assert_eq!(Region::of::<()>(start, 24, start, &[2], &[1]), None);
}

/// A region at `offset` with `strides`, inside any slice.
fn r(offset: usize, strides: &[isize]) -> Region {
    Region {
        offset,
        strides: strides.to_vec(),
        len: usize::MAX,
    }
}

fn step(len: usize, dst: isize, src: isize) -> Step {
    Step { len, dst, src }
}

#[test]
fn the_plan_merges_what_continues_on_both_sides_and_walks_forwards() {
    // YOLO's pred[..., 0:2] = xy: the outer axes merge, the pairs stay.
    let (steps, d, s) = plan(
        &[16, 52, 52, 3, 2],
        &r(0, &[689520, 13260, 255, 85, 1]),
        &r(0, &[16224, 312, 6, 2, 1]),
    );
    assert_eq!(
        (steps, d, s),
        (vec![step(129792, 85, 2), step(2, 1, 1)], 0, 0)
    );
    // x[::-1] = v: walked forwards from the destination's other end, the source backwards.
    let (steps, d, s) = plan(&[4, 3], &r(9, &[-3, 1]), &r(0, &[3, 1]));
    assert_eq!((steps, d, s), (vec![step(4, 3, -3), step(3, 1, 1)], 0, 9));
    // A broadcast row: the source's stride 0 does not continue the row.
    let (steps, ..) = plan(&[5, 3], &r(0, &[3, 1]), &r(0, &[0, 1]));
    assert_eq!(steps, vec![step(5, 3, 0), step(3, 1, 1)]);
}

#[test]
fn long_strided_runs_are_left_to_ndarray() {
    // x[::-1, 1:63:2, ::-2] = v of the 4 MiB bench: runs of 32, every other element.
    let to = r(0, &[-4096, 128, -2]);
    assert_eq!(Write::new(&[256, 31, 32], &to, &r(0, &[992, 32, 1])), None);
    // Runs of 4 or fewer, contiguous runs of any length and broadcast fills are written here.
    assert!(Write::new(&[256, 31, 4], &to, &r(0, &[124, 4, 1])).is_some());
    assert!(Write::new(&[8, 64], &r(0, &[128, 1]), &r(0, &[64, 1])).is_some());
    assert!(Write::new(&[8, 64], &r(0, &[128, 1]), &r(0, &[1, 0])).is_some());
    // Ranks that do not match the shape.
    assert_eq!(Write::new(&[8], &r(0, &[1, 1]), &r(0, &[1])), None);
}

#[test]
fn a_short_slice_writes_nothing() {
    let to = Region::of::<i64>(0x1000, 8, 0x1000, &[8], &[1]).unwrap();
    let from = Region::of::<i64>(0x2000, 8, 0x2000, &[8], &[1]).unwrap();
    let write = Write::new(&[8], &to, &from).unwrap();
    let mut dst = vec![0i64; 7];
    assert!(!write.run(&mut dst, &[1; 8]));
    assert_eq!(dst, [0; 7]);
    let mut dst = vec![0i64; 8];
    assert!(write.run(&mut dst, &[1; 8]));
    assert_eq!(dst, [1; 8]);
}
