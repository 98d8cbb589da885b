//! The in-place application of specs with as many shrinks as new axes (`apply.rs`,
//! [`slice_balanced`]) against ndarray's `slice_move` of the same resolved elements: the same
//! first element, shape, strides on axes longer than 1, and element addresses, or the same error;
//! and [`move_collapsed`] on its own, up to 64 axes.

use ndarray::{ArrayView, ArrayViewD, IxDyn, ShapeBuilder};
use proptest::prelude::*;

use super::*;
use crate::strided::ext::TfSliceExt;
use crate::strided::resolve::RawSpec;
use crate::strided::test_inputs::{
    Layout, Spec, input, input_mut, layout, seen, seen_mut, steps, storage,
};

/// ndarray's answer: the resolved elements through `slice_move`.
fn by_slice_move<'a>(x: &ArrayViewD<'a, i32>, s: &Spec) -> Result<ArrayViewD<'a, i32>, Error> {
    let mut elems = Elems::new();
    resolve(x.shape(), &s.begin, &s.end, &s.strides, s.masks, &mut elems)?;
    Ok(x.clone().slice_move(elems.as_slice()))
}

/// One entry of a balanced spec, before it is written as begin / end / strides / masks.
#[derive(Clone, Debug)]
enum Entry {
    /// `begin:end:stride`, either bound left out when its mask bit is set.
    Range(i64, i64, i64, bool, bool),
    Index(i64),
    NewAxis,
    Ellipsis,
}

/// A spec over `rank` axes with as many shrinks as new axes (at least one of each): every axis a
/// range or an index, an ellipsis standing for a run of ranges (or for none), and the new axes
/// anywhere among the entries. Indices mostly in range (negative too), sometimes past the axis,
/// for the error.
fn balanced_spec(shape: Vec<usize>) -> impl Strategy<Value = (Vec<usize>, Spec)> {
    let rank = shape.len();
    let range = (
        -6i64..7,
        -6i64..7,
        prop_oneof![-3i64..0, 1i64..4],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(b, e, s, bm, em)| Entry::Range(b, e, s, bm, em));
    let index = prop_oneof![9 => -4i64..4, 1 => Just(7i64)].prop_map(Entry::Index);
    let axes = proptest::collection::vec(prop_oneof![range, index], rank);
    (
        axes,
        0..=rank,
        0..=rank,
        any::<bool>(),
        proptest::collection::vec(any::<usize>(), rank),
    )
        .prop_filter_map("no shrink", move |(mut axes, a, b, ellipsis, at)| {
            // The ellipsis takes the place of the axes a..b, made full ranges.
            let (a, b) = (a.min(b), a.max(b));
            if ellipsis {
                for e in &mut axes[a..b] {
                    *e = Entry::Range(0, 0, 1, true, true);
                }
                axes.splice(a..b, [Entry::Ellipsis]);
            }
            let shrinks = axes.iter().filter(|e| matches!(e, Entry::Index(_))).count();
            if shrinks == 0 {
                return None;
            }
            for &p in &at[..shrinks] {
                axes.insert(p % (axes.len() + 1), Entry::NewAxis);
            }
            Some((shape.clone(), write(&axes)))
        })
}

fn write(entries: &[Entry]) -> Spec {
    let mut s = Spec {
        begin: vec![],
        end: vec![],
        strides: vec![],
        masks: Masks::NONE,
    };
    for (i, e) in entries.iter().enumerate() {
        let bit = 1u64 << i;
        let (b, en, st) = match *e {
            Entry::Range(b, en, st, bm, em) => {
                s.masks.begin |= if bm { bit } else { 0 };
                s.masks.end |= if em { bit } else { 0 };
                (b, en, st)
            }
            Entry::Index(i) => {
                s.masks.shrink_axis |= bit;
                (i, i + 1, 1)
            }
            Entry::NewAxis => {
                s.masks.new_axis |= bit;
                (0, 0, 1)
            }
            Entry::Ellipsis => {
                s.masks.ellipsis |= bit;
                (0, 0, 1)
            }
        };
        s.begin.push(b);
        s.end.push(en);
        s.strides.push(st);
    }
    s
}

fn outlined(s: &Spec) -> Outlined<'_, i64, i64, i64> {
    Outlined(steps(s))
}

fn check(shape: &[usize], layout: Layout, flips: u8, s: &Spec) -> Result<(), TestCaseError> {
    let changes = rank_changes(s.masks, s.strides.len());
    prop_assert!(!in_place_suits(changes) && balances(changes, s.masks.new_axis, shape.len()));

    let st = storage(shape, layout);
    let x = input(&st, shape, layout, flips);
    let expected = by_slice_move(&x, s).map(|v| seen(&v));
    let ours = slice_balanced(|| x.clone(), shape, outlined(s)).map(|v| seen(&v));
    prop_assert_eq!(&expected, &ours);
    // The public entry points that take this path: the same view.
    let public = x
        .tf_strided_slice(&s.begin, &s.end, &s.strides, s.masks)
        .map(|v| seen(&v));
    prop_assert_eq!(&expected, &public);
    let plan = RawSpec {
        begin: &s.begin,
        end: &s.end,
        strides: &s.strides,
        masks: s.masks,
    };
    let planned =
        crate::strided::plan::Plan::from_raw(shape, plan.begin, plan.end, plan.strides, plan.masks)
            .and_then(|p| p.apply(&x).map(|v| seen(&v)));
    prop_assert_eq!(&expected, &planned);

    // Mutable views (no broadcast input has one): the same elements.
    if let Layout::Broadcast(_) = layout {
        return Ok(());
    }
    let mut st = st;
    let ours_mut = {
        let x = input_mut(&mut st, shape, layout, flips);
        slice_balanced(|| x, shape, outlined(s)).map(seen_mut)
    };
    prop_assert_eq!(&expected, &ours_mut);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn balanced_specs_equal_slice_move(
        (shape, s) in proptest::collection::vec(1usize..5, 1..=6).prop_flat_map(balanced_spec),
        layout in layout(),
        flips in any::<u8>(),
    ) {
        check(&shape, layout, flips, &s)?;
    }

    /// The length-1 axes at `from` end at `to`, each kind of axis in its own order (every axis
    /// told apart by its stride), at every rank up to 64.
    #[test]
    fn move_collapsed_keeps_each_kind_in_order(
        (rank, from, to) in (1usize..=64).prop_flat_map(|rank| {
            let positions = proptest::sample::subsequence((0..rank).collect::<Vec<_>>(), 0..=rank);
            (Just(rank), positions).prop_flat_map(move |(rank, from)| {
                let k = from.len();
                let to = proptest::sample::subsequence((0..rank).collect::<Vec<_>>(), k);
                (Just(rank), Just(from), to)
            })
        }),
    ) {
        let set = |p: &[usize]| p.iter().fold(0u64, |m, &i| m | 1 << i);
        let data = [0u8];
        let strides: Vec<usize> = (1..=rank).collect();
        let mut v = ArrayView::from_shape(IxDyn(&vec![1; rank]).strides(IxDyn(&strides)), &data[..])
            .unwrap();
        move_collapsed(&mut v, set(&from), set(&to));
        let moved: Vec<usize> = to.iter().map(|&p| v.strides()[p] as usize).collect();
        let collapsed: Vec<usize> = from.iter().map(|&p| p + 1).collect();
        prop_assert_eq!(moved, collapsed);
        let rest: Vec<usize> = (0..rank).filter(|p| !to.contains(p)).map(|p| v.strides()[p] as usize).collect();
        let kept: Vec<usize> = (0..rank).filter(|p| !from.contains(p)).map(|p| p + 1).collect();
        prop_assert_eq!(rest, kept);
    }
}

/// The bench case `x[None, ..., 5]` and `x[1, ..., None, ::-2]`: in place, with the shrunk
/// axis's stride left on the new axis, and the elements ndarray's slicing gives.
#[test]
fn mixed_bench_cases_slice_in_place() {
    let x = ndarray::ArrayD::<i32>::from_shape_vec(IxDyn(&[2, 3, 4]), (0..24).collect()).unwrap();
    let v = x
        .tf_strided_slice(
            &[1, 0, 0, 0],
            &[2, 0, 0, 0],
            &[1, 1, 1, -2],
            Masks {
                shrink_axis: 0b0001,
                ellipsis: 0b0010,
                new_axis: 0b0100,
                begin: 0b1000,
                end: 0b1000,
            },
        )
        .unwrap();
    assert_eq!(v.shape(), &[3, 1, 2]);
    assert_eq!(v.strides(), &[4, 12, -2]);
    assert_eq!(
        v,
        ndarray::array![[[15, 13]], [[19, 17]], [[23, 21]]].into_dyn()
    );
    let r1 = ndarray::ArrayD::<i32>::from_shape_vec(IxDyn(&[8]), (0..8).collect()).unwrap();
    let v = r1
        .tf_strided_slice(
            &[0, 0, 5],
            &[0, 0, 6],
            &[1, 1, 1],
            Masks {
                new_axis: 0b001,
                ellipsis: 0b010,
                shrink_axis: 0b100,
                ..Masks::NONE
            },
        )
        .unwrap();
    assert_eq!((v.shape(), v.as_ptr()), (&[1][..], &r1[[5]] as *const i32));
}
