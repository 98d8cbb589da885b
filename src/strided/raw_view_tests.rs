//! The direct build (`raw_view.rs`) against the safe path (`apply.rs`: in place, or ndarray's
//! `slice_move`), on random shapes, input layouts and specs with every mask: the same result or
//! the same error, and where both give a view, the same first element, shape, strides (on axes
//! of two or more elements; a length-1 axis has no meaningful stride) and element addresses.

use ndarray::{ArrayD, ArrayViewD, IxDyn};
use proptest::prelude::*;

use super::*;
use crate::strided::apply::slice_view;
use crate::strided::masks::Masks;
use crate::strided::resolve::resolve;
use crate::strided::test_inputs::{
    Layout, Seen, Spec, input, input_mut, layout, seen, seen_mut, spec, steps, storage,
};

/// The safe path's answer.
fn safe<'a>(x: &ArrayViewD<'a, i32>, s: &Spec) -> Result<ArrayViewD<'a, i32>, Error> {
    slice_view(x.clone(), x.shape(), &s.begin, &s.end, &s.strides, s.masks)
}

/// The shrinks and new axes a resolved spec has.
fn counts(shape: &[usize], s: &Spec) -> Option<(usize, usize)> {
    let mut all = Vec::new();
    resolve(shape, &s.begin, &s.end, &s.strides, s.masks, &mut all).ok()?;
    let shrinks = all
        .iter()
        .filter(|a| matches!(a, AxisStep::Index { .. }))
        .count();
    let new_axes = all
        .iter()
        .filter(|a| matches!(a, AxisStep::NewAxis { .. }))
        .count();
    Some((shrinks, new_axes))
}

/// `build` in the fixed dimension type `E`, as a `Seen`; `None` where it declined.
fn built<E: Dimension>(
    x: &ArrayViewD<'_, i32>,
    s: &Spec,
    counts: Option<(usize, usize)>,
) -> Result<Option<Seen>, Error> {
    let n = out_ndim(s.masks, s.strides.len(), x.ndim()).unwrap_or(usize::MAX);
    Ok(build::<i32, IxDyn, E>(x, n, counts, steps(s))?
        .ok()
        .map(|v| seen(&v.into_dyn())))
}

fn check(shape: &[usize], layout: Layout, flips: u8, s: &Spec) -> Result<(), TestCaseError> {
    let st = storage(shape, layout);
    let x = input(&st, shape, layout, flips);
    let expected = safe(&x, s);

    // The dispatching entry point, as `tf_strided_slice` calls it.
    let n = out_ndim(s.masks, s.strides.len(), x.ndim());
    let fast = view_dyn(&x, n, steps(s), |x| safe(&x.view(), s));
    match (&expected, &fast) {
        (Ok(e), Ok(f)) => prop_assert_eq!(seen(e), seen(f)),
        (Err(e), Err(f)) => prop_assert_eq!(e, f),
        _ => prop_assert!(false, "safe {:?}, direct {:?}", expected, fast),
    }

    // `build` itself in each dimension type that can hold the output, with and without the
    // counts (a typed spec's check): never a different view, never a different error.
    let c = counts(shape, s);
    let out = expected.as_ref().ok().map(|e| e.ndim());
    let mut results = vec![built::<IxDyn>(&x, s, None), built::<IxDyn>(&x, s, c)];
    match out {
        Some(0) => results.push(built::<ndarray::Ix0>(&x, s, c)),
        Some(1) => results.push(built::<ndarray::Ix1>(&x, s, c)),
        Some(2) => results.push(built::<ndarray::Ix2>(&x, s, c)),
        Some(3) => results.push(built::<ndarray::Ix3>(&x, s, c)),
        Some(4) => results.push(built::<ndarray::Ix4>(&x, s, c)),
        Some(5) => results.push(built::<ndarray::Ix5>(&x, s, c)),
        Some(6) => results.push(built::<ndarray::Ix6>(&x, s, c)),
        _ => {}
    }
    for r in results {
        match (&expected, r) {
            (Ok(e), Ok(Some(f))) => prop_assert_eq!(seen(e), f),
            // Declined: only an empty result may be (the rank and counts are right here)...
            (Ok(e), Ok(None)) => prop_assert_eq!(e.len(), 0),
            // ... or a spec whose output rank is unknown (more shrinks than axes), declined
            // before resolution; the caller's safe path reports the error.
            (Err(_), Ok(None)) => {}
            (Err(e), Err(f)) => prop_assert_eq!(e, &f),
            (e, f) => prop_assert!(false, "safe {:?}, direct {:?}", e, f),
        }
    }

    // Mutable: the same view as the read-only one (no broadcasting input has a mutable form).
    if let Layout::Broadcast(_) = layout {
        return Ok(());
    }
    let mut st = st;
    let fast_mut = {
        let mut x = input_mut(&mut st, shape, layout, flips);
        let n = out_ndim(s.masks, s.strides.len(), x.ndim());
        view_dyn_mut(&mut x, n, steps(s), |x| {
            let mut elems = crate::strided::elems::Elems::new();
            resolve(x.shape(), &s.begin, &s.end, &s.strides, s.masks, &mut elems)?;
            Ok(x.view_mut().slice_move(elems.as_slice()))
        })
        .map(seen_mut)
    };
    let x = input(&st, shape, layout, flips);
    let expected = safe(&x, s).map(|e| seen(&e));
    prop_assert_eq!(expected, fast_mut);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn direct_build_equals_safe_path(
        (shape, s) in proptest::collection::vec(0usize..5, 0..=6)
            .prop_flat_map(|shape| { let r = shape.len(); (Just(shape), spec(r)) }),
        layout in layout(),
        flips in any::<u8>(),
    ) {
        check(&shape, layout, flips, &s)?;
    }

    /// Mostly specs that resolve: a shrink and a new axis on every input, so that the direct
    /// build (not the safe fallback) is what gets compared.
    #[test]
    fn direct_build_equals_safe_path_on_mixed_specs(
        shape in proptest::collection::vec(1usize..5, 1..=6),
        layout in layout(),
        flips in any::<u8>(),
        shrink_at in 0usize..6,
        index in -4i64..4,
        new_at in 0usize..7,
        ellipsis in any::<bool>(),
        stride in prop_oneof![-3i64..0, 1i64..4],
    ) {
        // `None` at `new_at`, an index on axis `shrink_at`, a reversing / striding range after
        // it, and the rest of the axes by ellipsis (explicit or implicit).
        let rank = shape.len();
        let shrink_at = shrink_at % rank;
        let mut s = Spec { begin: vec![], end: vec![], strides: vec![], masks: Masks::NONE };
        let push = |s: &mut Spec, b: i64, e: i64, st: i64, kind: char| {
            let bit = 1u64 << s.begin.len();
            match kind {
                'n' => s.masks.new_axis |= bit,
                'i' => s.masks.shrink_axis |= bit,
                '.' => s.masks.ellipsis |= bit,
                _ => { s.masks.begin |= bit; s.masks.end |= bit; }
            }
            s.begin.push(b);
            s.end.push(e);
            s.strides.push(st);
        };
        for axis in 0..rank {
            if axis == new_at {
                push(&mut s, 0, 0, 1, 'n');
            }
            if axis == shrink_at {
                push(&mut s, index, index + 1, 1, 'i');
            } else if axis == rank - 1 && ellipsis {
                push(&mut s, 0, 0, 1, '.');
            } else {
                push(&mut s, 0, 0, stride, ':');
            }
        }
        if new_at >= rank {
            push(&mut s, 0, 0, 1, 'n');
        }
        let index_ok = if index < 0 { -index as usize <= shape[shrink_at] } else { (index as usize) < shape[shrink_at] };
        check(&shape, layout, flips, &s)?;
        // And here the direct build does build (a non-empty result).
        if index_ok {
            let st = storage(&shape, layout);
            let x = input(&st, &shape, layout, flips);
            let r = built::<IxDyn>(&x, &s, None);
            prop_assert!(matches!(r, Ok(Some(_))), "declined: {:?}", r);
        }
    }
}

/// Steps that break resolution's invariants make the build decline: the checks in `Direct`,
/// not resolution, keep every pointer in bounds.
#[test]
fn bad_steps_decline() {
    struct Raw(Vec<AxisStep>);
    impl Steps for Raw {
        fn push_into(self, _: &[usize], sink: &mut impl StepSink) -> Result<(), Error> {
            self.0.into_iter().for_each(|s| sink.push(s));
            Ok(())
        }
    }
    let range = |axis, begin, end, stride| AxisStep::Range {
        entry: None,
        axis,
        begin,
        end,
        stride,
    };
    let x = ArrayD::<i32>::zeros(IxDyn(&[3, 4]));
    let cases: Vec<Vec<AxisStep>> = vec![
        // Out-of-range begin or end; an index past the axis.
        vec![range(0, 3, 4, 1), range(1, 0, 4, 1)],
        vec![range(0, 0, 5, 1), range(1, 0, 4, 1)],
        vec![range(0, 2, -2, -1), range(1, 0, 4, 1)],
        vec![range(0, -1, 2, 1), range(1, 0, 4, 1)],
        vec![
            AxisStep::Index {
                entry: 0,
                axis: 0,
                index: 3,
            },
            range(1, 0, 4, 1),
        ],
        // An axis twice, out of order, or missing.
        vec![range(0, 0, 3, 1), range(0, 0, 3, 1)],
        vec![range(1, 0, 4, 1), range(0, 0, 3, 1)],
        vec![range(0, 0, 3, 1)],
        vec![range(0, 0, 3, 1), range(1, 0, 4, 1), range(2, 0, 1, 1)],
    ];
    for steps in cases {
        let r = build::<i32, IxDyn, IxDyn>(&x, usize::MAX, None, Raw(steps.clone()));
        assert!(matches!(r, Ok(Err(_))), "{steps:?} built");
        let r = build::<i32, IxDyn, ndarray::Ix2>(&x, 2, None, Raw(steps.clone()));
        assert!(matches!(r, Ok(Err(_))), "{steps:?} built as Ix2");
    }
    // The same checks let a valid list through.
    let ok = vec![range(0, 2, -1, -2), range(1, 1, 4, 2)];
    let v = build::<i32, IxDyn, IxDyn>(&x, 2, None, Raw(ok))
        .unwrap()
        .unwrap();
    assert_eq!(v.shape(), &[2, 2]);
    // Counts that differ from the steps' decline too (a `TypedSpec` whose type is wrong).
    let one_shrink = vec![
        AxisStep::Index {
            entry: 0,
            axis: 0,
            index: 1,
        },
        range(1, 0, 4, 1),
    ];
    let r = build::<i32, IxDyn, ndarray::Ix1>(&x, 1, Some((1, 1)), Raw(one_shrink.clone()));
    assert!(matches!(r, Ok(Err(_))));
    let r = build::<i32, IxDyn, ndarray::Ix1>(&x, 1, Some((1, 0)), Raw(one_shrink));
    assert!(matches!(r, Ok(Ok(_))));
}

/// A shrink and a new axis together, built directly (as `tf_index` with `tf_s!` and
/// `tf_strided_slice_mut` build it; `tf_strided_slice` slices such a balanced spec in place,
/// `apply_tests.rs`): the element addresses are the input's, and the new axis has stride 0.
#[test]
fn mixed_specs_build_directly() {
    let x = ArrayD::<i32>::from_shape_vec(IxDyn(&[2, 3, 4]), (0..24).collect()).unwrap();
    let s = Spec {
        begin: vec![1, 0, 0, 0],
        end: vec![2, 0, 0, 0],
        strides: vec![1, 1, 1, -2],
        masks: Masks {
            shrink_axis: 0b0001,
            ellipsis: 0b0010,
            new_axis: 0b0100,
            begin: 0b1000,
            end: 0b1000,
        },
    };
    let v = built::<IxDyn>(&x.view(), &s, None).unwrap().expect("built");
    assert_eq!(v.shape, vec![3, 1, 2]);
    assert_eq!(v.ptr, &x[[1, 0, 3]] as *const i32 as usize);
    assert_eq!(v.strides, vec![4, 0, -2]);
}
