//! The spec layer: `Display` round trips through the parser, prepared plans, and the Python
//! front end's encoding.

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

fn arange(shape: &[usize]) -> ArrayD<i64> {
    let n: usize = shape.iter().product();
    ArrayD::from_shape_vec(IxDyn(shape), (0..n as i64).collect()).unwrap()
}

/// Shape and values, or that it failed.
fn outcome(r: Result<ndarray::ArrayViewD<'_, i64>, Error>) -> Option<(Vec<usize>, Vec<i64>)> {
    r.ok()
        .map(|v| (v.shape().to_vec(), v.iter().copied().collect()))
}

fn value(dim: usize) -> impl Strategy<Value = i64> {
    let d = dim as i64;
    prop_oneof![
        8 => -(d + 3)..=(d + 3),
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(i64::MIN + 1), Just(i64::MAX - 1)],
    ]
}

fn stride() -> impl Strategy<Value = i64> {
    prop_oneof![
        10 => prop_oneof![Just(1i64), Just(-1), Just(2), Just(-2), Just(3), Just(-3)],
        1 => Just(0i64),
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX)],
    ]
}

/// A random raw spec (bits anywhere, dead ones too) and a shape.
fn raw_case() -> impl Strategy<Value = (Vec<usize>, StridedSlice)> {
    prop::collection::vec(0usize..=4, 0..=5).prop_flat_map(|shape| {
        let n_max = shape.len() + 2;
        (Just(shape), 0..=n_max).prop_flat_map(|(shape, n)| {
            let entry = (value(4), value(4), stride());
            let masks = prop::array::uniform5(prop_oneof![
                3 => 0u64..(1 << n.max(1)),
                1 => any::<u64>().prop_map(|m| m & 0xFFFF_FFFF),
                1 => (0usize..40).prop_map(|b| 1u64 << b),
            ]);
            (Just(shape), prop::collection::vec(entry, n), masks).prop_map(|(shape, entries, m)| {
                let b = entries.iter().map(|e| e.0).collect::<Vec<_>>();
                let e = entries.iter().map(|e| e.1).collect::<Vec<_>>();
                let s = entries.iter().map(|e| e.2).collect::<Vec<_>>();
                let spec = StridedSlice::new(b, e, s).unwrap().with_masks(Masks {
                    begin: m[0],
                    end: m[1],
                    // Mostly zero or one ellipsis bit, so most specs resolve.
                    ellipsis: if m[2] % 3 == 0 {
                        m[2]
                    } else {
                        m[2] & m[2].wrapping_neg()
                    },
                    new_axis: m[3],
                    shrink_axis: m[4],
                });
                (shape, spec)
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

    /// Printing a raw spec as Python and parsing it back selects the same elements (or fails
    /// alike) on every shape.
    #[test]
    fn display_then_parse_means_the_same((shape, spec) in raw_case()) {
        let x = arange(&shape);
        let text = spec.to_string();
        let raw = outcome(x.tf_index(&spec));
        let reparsed = match text.parse::<StridedSlice>() {
            Ok(p) => outcome(x.tf_index(&p)),
            Err(_) => None,
        };
        prop_assert_eq!(raw, reparsed, "spec {:?} printed as `{}` on shape {:?}", spec, text, shape);
        // Printing is stable: the reparsed spec prints the same.
        if let Ok(p) = text.parse::<StridedSlice>() {
            prop_assert_eq!(p.to_string(), text);
        }
    }

    /// A plan gives what the one-shot call gives, and reports the shape it will produce.
    #[test]
    fn plan_matches_one_shot((shape, spec) in raw_case()) {
        let x = arange(&shape);
        match spec.resolve(&shape) {
            Ok(plan) => {
                let once = x.tf_index(&spec).unwrap();
                let planned = plan.apply(&x).unwrap();
                prop_assert_eq!(plan.shape(), once.shape());
                prop_assert_eq!(&planned, &once);
                prop_assert_eq!(planned.as_ptr(), once.as_ptr());
                prop_assert_eq!(x.slice(plan.slice_info()), once);
                let from_input = plan.axes().iter().filter(|a| matches!(a, OutputAxis::Input(_))).count();
                prop_assert_eq!(plan.axes().len(), plan.shape().len());
                prop_assert!(from_input <= shape.len());
            }
            Err(e) => prop_assert_eq!(Some(e), x.tf_index(&spec).err()),
        }
    }
}

#[test]
fn a_plan_applied_a_thousand_times_is_the_same_view() {
    let x = arange(&[6, 5, 4, 3]);
    let spec: StridedSlice = "1::2, None, ..., -1, ::-2".parse().unwrap();
    let plan = spec.resolve(x.shape()).unwrap();
    let once = x
        .tf_strided_slice(spec.begin(), spec.end(), spec.strides(), spec.masks())
        .unwrap();
    for _ in 0..1000 {
        let v = plan.apply(&x).unwrap();
        assert_eq!(v, once);
        assert_eq!(v.as_ptr(), once.as_ptr());
        assert_eq!(v.strides(), once.strides());
    }
    let mut y = x.clone();
    plan.apply_mut(&mut y).unwrap().fill(-1);
    assert_eq!(y.iter().filter(|&&v| v == -1).count(), once.len());
}

#[test]
fn a_plan_on_another_shape_is_an_error() {
    let plan = "0, ::-1"
        .parse::<StridedSlice>()
        .unwrap()
        .resolve(&[3, 4])
        .unwrap();
    for shape in [vec![3usize, 5], vec![3], vec![], vec![3, 4, 1]] {
        let err = plan.apply(&arange(&shape)).unwrap_err();
        assert_eq!(
            err,
            Error::PlanShapeMismatch {
                expected: vec![3, 4],
                found: shape.clone()
            }
        );
    }
}

#[test]
fn display_of_raw_specs() {
    let spec = |b: &[i64], e: &[i64], s: &[i64], m: Masks| {
        StridedSlice::new(b.to_vec(), e.to_vec(), s.to_vec())
            .unwrap()
            .with_masks(m)
            .to_string()
    };
    let none = Masks::NONE;
    assert_eq!(spec(&[], &[], &[], none), "()");
    assert_eq!(spec(&[1], &[2], &[1], none), "1:2");
    // Dead bits (past the one entry) are dropped: new_axis 0b111 is one new axis (TF issue #72332).
    assert_eq!(
        spec(
            &[0],
            &[0],
            &[1],
            Masks {
                new_axis: 0b111,
                ..none
            }
        ),
        "None"
    );
    // Shrink shows its index; its masks, end and positive stride are ignored.
    assert_eq!(
        spec(
            &[2],
            &[9],
            &[3],
            Masks {
                shrink_axis: 1,
                begin: 1,
                end: 1,
                ..none
            }
        ),
        "2"
    );
    // New axis wins over shrink; ellipsis wins over both.
    assert_eq!(
        spec(
            &[0, 0],
            &[1, 1],
            &[1, 1],
            Masks {
                new_axis: 3,
                shrink_axis: 3,
                ellipsis: 1,
                ..none
            }
        ),
        "..., None"
    );
    // Shrink with a negative stride (TF: "only stride 1 allowed on non-range indexing").
    assert_eq!(
        spec(
            &[2],
            &[3],
            &[-1],
            Masks {
                shrink_axis: 1,
                ..none
            }
        ),
        "2::0"
    );
    // Two ellipsis bits, one of them dead: still an error after printing.
    assert_eq!(
        spec(
            &[0],
            &[0],
            &[1],
            Masks {
                ellipsis: 0b101,
                ..none
            }
        ),
        "..., ..."
    );
    assert_eq!(
        spec(
            &[0, 5],
            &[0, 0],
            &[1, -1],
            Masks {
                begin: 1,
                end: 3,
                ..none
            }
        ),
        ":, 5::-1"
    );
}
