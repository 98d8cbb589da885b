//! `tf_strided_slice` and everything resolved the same way, against the oracle both this target
//! and `tests/strided/oracle.rs` include (`tests/naive/strided_oracle.rs`): the view, the mutable view,
//! the owned copy, the `_move` methods, `StridedSlice::from_raw` with `tf_index` and a `Plan`
//! (`resolve`, `apply`, `apply_mut`, `apply_to_owned`, `to_standard_layout` of the applied view,
//! ndarray's own `slice` of the plan), each on
//! a row-major input and on a copy in another layout; then slice assignment
//! (`tf_strided_slice_assign`, `tf_index_assign`, `Plan::apply_assign`) and `tf_strided_slice_grad`.
//!
//! A spec: an input of rank 0..=6; begin, end and strides of length 0..=8 (now and then one of
//! them an entry longer or shorter: TF's E1), as `i32` or `i64`, values from `Input::i64`; masks
//! of one random byte (every bit a spec of up to 8 entries reads), now and then a whole random
//! `u64` (dead bits: TF ignores them, except that it counts every ellipsis bit).
//!
//! No result is ever larger than the input (new axes have length 1), so no call is skipped for
//! size, except a gradient's: its shape is drawn up to the limits (see [`check_grad`]).

use std::fmt::Debug;

use ndarray::{ArrayD, ArrayRef, ArrayViewMut, IxDyn};
use ndarray_tfslice::prelude::*;
use num_traits::PrimInt;

use super::input::{Input, MAX_RESULT, count};
use super::strided_crate::{fail_of, masks_of};
use super::strided_oracle::{Answer, Fail, oracle_assign, oracle_grad, oracle_strided};

/// One decoded spec, its values as `i64` (already cut to `i32` and widened back when the calls
/// use `i32`), as the oracle takes them.
#[derive(Debug)]
struct Case {
    shape: Vec<usize>,
    narrow: bool,
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    /// `[begin, end, ellipsis, new_axis, shrink_axis]`.
    masks: [u64; 5],
}

impl Case {
    fn decode(input: &mut Input) -> Case {
        let shape = input.shape(6);
        let narrow = input.bool();
        let n = input.below(9);
        let values = |input: &mut Input| -> Vec<i64> {
            (0..n)
                .map(|_| match input.i64() {
                    v if narrow => i64::from(v as i32),
                    v => v,
                })
                .collect()
        };
        let mut begin = values(input);
        let mut end = values(input);
        let mut strides = values(input);
        // About one case in 40: one of the three an entry longer or shorter.
        let odd = input.u8();
        if odd < 6 {
            let v = match odd % 3 {
                0 => &mut begin,
                1 => &mut end,
                _ => &mut strides,
            };
            if odd < 3 {
                v.push(1);
            } else {
                v.pop();
            }
        }
        let masks = [
            mask(input),
            mask(input),
            ellipsis_mask(input),
            mask(input),
            mask(input),
        ];
        Case {
            shape,
            narrow,
            begin,
            end,
            strides,
            masks,
        }
    }
}

/// Usually one random byte; now and then any `u64`.
fn mask(input: &mut Input) -> u64 {
    match input.u8() {
        0..=239 => u64::from(input.u8()),
        _ => input.u64(),
    }
}

/// Usually none or one bit (bit 8 is dead for every spec here); now and then any `u64` (most
/// of which set several bits: TF's E2).
fn ellipsis_mask(input: &mut Input) -> u64 {
    match input.u8() {
        0..=159 => 0,
        160..=239 => 1 << (input.u8() % 9),
        _ => input.u64(),
    }
}

pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let case = Case::decode(&mut input);
    if case.narrow {
        let narrow = |v: &[i64]| -> Vec<i32> {
            v.iter()
                .map(|&x| i32::try_from(x).expect("decoded as i32"))
                .collect()
        };
        let (b, e, s) = (
            narrow(&case.begin),
            narrow(&case.end),
            narrow(&case.strides),
        );
        check(&mut input, &case, &b, &e, &s);
    } else {
        check(&mut input, &case, &case.begin, &case.end, &case.strides);
    }
}

fn check<I: PrimInt + Debug>(
    input: &mut Input,
    case: &Case,
    begin: &[I],
    end: &[I],
    strides: &[I],
) {
    let want = oracle_strided(
        &case.shape,
        &case.begin,
        &case.end,
        &case.strides,
        case.masks,
    );
    let masks = masks_of(case.masks);
    let spec = match StridedSlice::from_raw(begin, end, strides, masks) {
        Ok(spec) => {
            assert!(
                !matches!(want, Err(Fail::SpecLengthMismatch { .. })),
                "StridedSlice::from_raw accepted unequal lengths: {case:?}"
            );
            assert_eq!(
                (spec.begin(), spec.end(), spec.strides(), spec.masks()),
                (&case.begin[..], &case.end[..], &case.strides[..], masks),
                "StridedSlice::from_raw changed the spec"
            );
            Some(spec)
        }
        Err(e) => {
            agree("StridedSlice::from_raw", case, Err(e), &want);
            None
        }
    };
    let x = Input::arange(&case.shape);
    let other = input.relayout(&x);
    let spec = spec.as_ref();
    for a in [&x, &other] {
        check_views(case, a, begin, end, strides, &want);
        if let Some(spec) = spec {
            check_spec(case, a, spec, &want);
        }
    }
    check_assign(input, case, [&x, &other], begin, end, strides, spec, &want);
    check_grad(input, case, begin, end, strides, &want);
}

/// Shape and elements (in logical order) of an array.
pub fn seen(a: &ArrayRef<i64, IxDyn>) -> (Vec<usize>, Vec<i64>) {
    (a.shape().to_vec(), a.iter().copied().collect())
}

/// The address of every element of `a`, in logical row-major order.
pub fn addresses(a: &ArrayRef<i64, IxDyn>) -> Vec<*const i64> {
    a.iter().map(|e| e as *const i64).collect()
}

/// `view`'s elements are the very elements of the input (`addresses`) the oracle names: no copy.
pub fn assert_within(
    op: &str,
    what: &dyn Debug,
    view: &ArrayRef<i64, IxDyn>,
    input: &[*const i64],
    want: &Answer,
) {
    if let Ok((_, src)) = want {
        assert!(
            view.iter()
                .zip(src)
                .all(|(e, &s)| std::ptr::eq(e, input[s as usize])),
            "{op}: the result is not a view of the input's elements, for {what:?}"
        );
    }
}

/// The crate's answer (shape and elements, or an error with a message) is the oracle's.
pub fn agree(
    op: &str,
    what: &dyn Debug,
    got: Result<(Vec<usize>, Vec<i64>), Error>,
    want: &Answer,
) {
    let got = got.map_err(|e| {
        assert!(
            !e.to_string().is_empty(),
            "{op}: an empty message for {e:?}, for {what:?}"
        );
        fail_of(&e)
    });
    assert_eq!(&got, want, "{op} disagrees with the oracle on {what:?}");
}

/// A mutable view's shape and elements, then every element of it flipped (`!e`, never an
/// `arange` value) so [`assert_marked`] can see where it wrote.
fn mark(r: Result<ArrayViewMut<'_, i64, IxDyn>, Error>) -> Result<(Vec<usize>, Vec<i64>), Error> {
    r.map(|mut v| {
        let got = seen(&v);
        v.map_inplace(|e| *e = !*e);
        got
    })
}

/// `y` (an `arange` input) after [`mark`]: flipped exactly where the oracle's slice is.
fn assert_marked(op: &str, case: &Case, y: &ArrayD<i64>, want: &Answer) {
    let mut expected: Vec<i64> = (0..y.len() as i64).collect();
    if let Ok((_, src)) = want {
        for &s in src {
            expected[s as usize] = !s;
        }
    }
    assert!(
        y.iter().copied().eq(expected),
        "{op}: writes through the view landed elsewhere, for {case:?}"
    );
}

/// The raw-spec methods on one layout of the input.
fn check_views<I: PrimInt>(
    case: &Case,
    a: &ArrayD<i64>,
    begin: &[I],
    end: &[I],
    strides: &[I],
    want: &Answer,
) {
    let masks = masks_of(case.masks);
    let addrs = addresses(a);

    let view = a.tf_strided_slice(begin, end, strides, masks);
    if let Ok(v) = &view {
        assert_within("tf_strided_slice", case, v, &addrs, want);
    }
    agree("tf_strided_slice", case, view.map(|v| seen(&v)), want);

    let owned = a.tf_strided_slice_to_owned(begin, end, strides, masks);
    if let Ok(o) = &owned {
        assert!(
            o.is_standard_layout(),
            "tf_strided_slice_to_owned: not C order, for {case:?}"
        );
    }
    agree(
        "tf_strided_slice_to_owned",
        case,
        owned.map(|o| seen(&o)),
        want,
    );

    let mut y = a.clone();
    let got = mark(y.tf_strided_slice_mut(begin, end, strides, masks));
    agree("tf_strided_slice_mut", case, got, want);
    assert_marked("tf_strided_slice_mut", case, &y, want);

    let moved = a.view().tf_strided_slice_move(begin, end, strides, masks);
    if let Ok(v) = &moved {
        assert_within("tf_strided_slice_move (view)", case, v, &addrs, want);
    }
    agree(
        "tf_strided_slice_move (view)",
        case,
        moved.map(|v| seen(&v)),
        want,
    );
    let moved = a.clone().tf_strided_slice_move(begin, end, strides, masks);
    agree(
        "tf_strided_slice_move (owned)",
        case,
        moved.map(|v| seen(&v)),
        want,
    );
}

/// The `StridedSlice` methods and a `Plan` on one layout of the input.
fn check_spec(case: &Case, a: &ArrayD<i64>, spec: &StridedSlice, want: &Answer) {
    let addrs = addresses(a);

    let view = a.tf_index(spec);
    if let Ok(v) = &view {
        assert_within("tf_index", case, v, &addrs, want);
    }
    agree("tf_index", case, view.map(|v| seen(&v)), want);
    agree(
        "tf_index_to_owned",
        case,
        a.tf_index_to_owned(spec).map(|o| seen(&o)),
        want,
    );
    let mut y = a.clone();
    agree("tf_index_mut", case, mark(y.tf_index_mut(spec)), want);
    assert_marked("tf_index_mut", case, &y, want);
    agree(
        "tf_index_move",
        case,
        a.clone().tf_index_move(spec).map(|v| seen(&v)),
        want,
    );

    let plan = match spec.resolve(a.shape()) {
        Ok(plan) => plan,
        Err(e) => return agree("StridedSlice::resolve", case, Err(e), want),
    };
    let Ok((shape, _)) = want else {
        panic!("StridedSlice::resolve gave a plan where the oracle says {want:?}, for {case:?}");
    };
    assert_eq!(plan.shape(), &shape[..], "Plan::shape, for {case:?}");
    assert_eq!(
        plan.input_shape(),
        a.shape(),
        "Plan::input_shape, for {case:?}"
    );
    assert_eq!(plan.axes().len(), shape.len(), "Plan::axes, for {case:?}");
    for (axis, &len) in plan.axes().iter().zip(shape) {
        match *axis {
            OutputAxis::New => assert_eq!(
                len, 1,
                "Plan::axes: a new axis of length {len}, for {case:?}"
            ),
            OutputAxis::Input(i) => {
                assert!(i < a.ndim(), "Plan::axes: input axis {i}, for {case:?}")
            }
        }
    }

    let view = plan.apply(a);
    if let Ok(v) = &view {
        assert_within("Plan::apply", case, v, &addrs, want);
        // The copy engine on the view itself (any layout the relayout made): the same elements
        // in C order. A plan's view never repeats elements, so its copy always fits.
        let copy = v.to_standard_layout();
        assert!(
            copy.as_ref()
                .is_ok_and(|c| c.is_standard_layout() && c == v),
            "to_standard_layout: {copy:?} for {case:?}"
        );
    }
    agree("Plan::apply", case, view.map(|v| seen(&v)), want);
    let owned = plan.apply_to_owned(a);
    if let Ok(o) = &owned {
        assert!(
            o.is_standard_layout(),
            "Plan::apply_to_owned: not C order, for {case:?}"
        );
    }
    agree("Plan::apply_to_owned", case, owned.map(|o| seen(&o)), want);
    let mut y = a.clone();
    agree("Plan::apply_mut", case, mark(plan.apply_mut(&mut y)), want);
    assert_marked("Plan::apply_mut", case, &y, want);
    // The plan's SliceInfo is documented to work with ndarray's own slicing (which panics on a
    // bad one).
    agree(
        "ndarray's slice(plan.slice_info())",
        case,
        Ok(seen(&a.slice(plan.slice_info()))),
        want,
    );

    let mut wrong_shape = a.shape().to_vec();
    wrong_shape.push(1);
    match plan.apply(&ArrayD::<i64>::zeros(IxDyn(&wrong_shape))) {
        Err(Error::PlanShapeMismatch { expected, found }) => {
            assert_eq!(
                (&expected[..], found),
                (a.shape(), wrong_shape),
                "PlanShapeMismatch's shapes"
            );
        }
        other => panic!("Plan::apply to another shape gave {other:?}, for {case:?}"),
    }
}

/// A shape for an assigned value or a gradient's dy: usually near `target` (the slice's shape,
/// when the spec resolves): the same, one that broadcasts into it, or one just wrong.
fn near_shape(input: &mut Input, target: Option<&[usize]>) -> Vec<usize> {
    let small = |input: &mut Input| -> Vec<usize> {
        let rank = input.below(5);
        (0..rank).map(|_| input.below(4)).collect()
    };
    let Some(target) = target else {
        return small(input);
    };
    let rank = target.len();
    match input.u8() % 8 {
        0 | 1 => target.to_vec(),
        // Leading dims dropped, then some of the others replaced by 1.
        2 => {
            let drop = input.below(rank + 1);
            target[drop..]
                .iter()
                .map(|&d| if input.bool() { 1 } else { d })
                .collect()
        }
        3 => {
            let mut s = vec![1; 1 + input.below(2)];
            s.extend_from_slice(target);
            s
        }
        4 => Vec::new(),
        5 if rank == 0 => vec![2],
        5 => {
            let mut s = target.to_vec();
            let d = &mut s[input.below(rank)];
            *d = if input.bool() || *d == 0 {
                *d + 1
            } else {
                *d - 1
            };
            s
        }
        6 => {
            let mut s = vec![2];
            s.extend_from_slice(target);
            s
        }
        _ => small(input),
    }
}

/// `f(0), f(1), ...` row-major in `shape` (small, built by [`near_shape`]), sometimes in another
/// layout; and the same values as a flat list.
fn filled(input: &mut Input, shape: &[usize], f: impl Fn(i64) -> i64) -> (ArrayD<i64>, Vec<i64>) {
    let n = shape.iter().product::<usize>() as i64;
    let data: Vec<i64> = (0..n).map(f).collect();
    let c = ArrayD::from_shape_vec(IxDyn(shape), data.clone()).expect("the shape's element count");
    let a = if input.bool() { input.relayout(&c) } else { c };
    (a, data)
}

/// Slice assignment, with a value of the slice's shape, one that broadcasts, or a wrong one.
#[allow(clippy::too_many_arguments)]
fn check_assign<I: PrimInt>(
    input: &mut Input,
    case: &Case,
    arrays: [&ArrayD<i64>; 2],
    begin: &[I],
    end: &[I],
    strides: &[I],
    spec: Option<&StridedSlice>,
    want: &Answer,
) {
    let value_shape = near_shape(input, want.as_ref().ok().map(|(s, _)| &s[..]));
    // Negative, so a written element never looks like an input one.
    let (value, data) = filled(input, &value_shape, |i| !i);
    let before: Vec<i64> = arrays[0].iter().copied().collect();
    let expected = oracle_assign(&case.shape, want, &before, &value_shape, &data);
    let what = (case, &value_shape);
    for a in arrays {
        let mut y = a.clone();
        let got = y.tf_strided_slice_assign(begin, end, strides, masks_of(case.masks), &value);
        agree_assign("tf_strided_slice_assign", &what, got, a, &y, &expected);
        if let Some(spec) = spec {
            let mut y = a.clone();
            let got = y.tf_index_assign(spec, &value);
            agree_assign("tf_index_assign", &what, got, a, &y, &expected);
            // The same spec resolved first: the same errors, from `resolve` or the write.
            let mut y = a.clone();
            let got = spec
                .resolve(a.shape())
                .and_then(|plan| plan.apply_assign(&mut y, &value));
            agree_assign("Plan::apply_assign", &what, got, a, &y, &expected);
        }
    }
}

fn agree_assign(
    op: &str,
    what: &dyn Debug,
    got: Result<(), Error>,
    before: &ArrayD<i64>,
    after: &ArrayD<i64>,
    expected: &Result<Vec<i64>, Fail>,
) {
    match (got, expected) {
        (Ok(()), Ok(want)) => assert!(
            after.iter().eq(want),
            "{op} wrote {after:?}, the oracle says {want:?}, for {what:?}"
        ),
        (Err(e), Err(fail)) => {
            assert!(
                !e.to_string().is_empty(),
                "{op}: an empty message for {e:?}"
            );
            assert_eq!(
                &fail_of(&e),
                fail,
                "{op} fails differently from the oracle, for {what:?}"
            );
            assert_eq!(
                after, before,
                "{op} failed but changed the array, for {what:?}"
            );
        }
        (got, _) => panic!("{op} gave {got:?}, the oracle says {expected:?}, for {what:?}"),
    }
}

/// `tf_strided_slice_grad`. Its `shape` (the forward input's) is usually the case's, sometimes drawn
/// up to the limits: if its array cannot exist the call must fail; if it can but is large the
/// call is skipped (memory), as is the oracle where a dim is too long to walk.
fn check_grad<I: PrimInt>(
    input: &mut Input,
    case: &Case,
    begin: &[I],
    end: &[I],
    strides: &[I],
    want: &Answer,
) {
    let masks = masks_of(case.masks);
    let shape: Vec<usize> = if input.u8() < 192 {
        case.shape.clone()
    } else {
        let rank = input.below(7);
        (0..rank).map(|_| input.size()).collect()
    };
    let elements = count(&shape);
    if elements <= MAX_RESULT && shape.iter().all(|&d| d as u128 <= MAX_RESULT) {
        let forward = if shape == case.shape {
            want.clone()
        } else {
            oracle_strided(&shape, &case.begin, &case.end, &case.strides, case.masks)
        };
        let dy_shape = near_shape(input, forward.as_ref().ok().map(|(s, _)| &s[..]));
        let (dy, data) = filled(input, &dy_shape, |i| i + 1);
        let expected = oracle_grad(&shape, &forward, &dy_shape, &data);
        let what = (case, &shape, &dy_shape);
        match (
            tf_strided_slice_grad(&shape, begin, end, strides, masks, &dy),
            &expected,
        ) {
            (Ok(dx), Ok(want)) => {
                assert_eq!(
                    dx.shape(),
                    &shape[..],
                    "tf_strided_slice_grad's shape, for {what:?}"
                );
                assert!(
                    dx.iter().eq(want),
                    "tf_strided_slice_grad gave {dx:?}, the oracle {want:?}, for {what:?}"
                );
            }
            (Err(e), Err(fail)) => {
                assert!(
                    !e.to_string().is_empty(),
                    "tf_strided_slice_grad: an empty message for {e:?}"
                );
                assert_eq!(
                    &fail_of(&e),
                    fail,
                    "tf_strided_slice_grad fails differently from the oracle, for {what:?}"
                );
            }
            (got, _) => panic!(
                "tf_strided_slice_grad gave {got:?}, the oracle says {expected:?}, for {what:?}"
            ),
        }
        return;
    }
    // Too long for the oracle to walk. dy takes the shape the crate's own plan gives (nothing
    // else knows it), so the call gets past the spec and dy checks to the allocation.
    let Ok(plan) =
        StridedSlice::from_raw(begin, end, strides, masks).and_then(|s| s.resolve(&shape))
    else {
        return;
    };
    if count(plan.shape()) > MAX_RESULT || plan.shape().iter().any(|&d| d as u128 > MAX_RESULT) {
        return;
    }
    let dy = ArrayD::<i64>::zeros(IxDyn(plan.shape()));
    let what = (case, &shape);
    let bytes = elements.saturating_mul(std::mem::size_of::<i64>() as u128);
    if bytes > isize::MAX as u128 {
        match tf_strided_slice_grad(&shape, begin, end, strides, masks, &dy) {
            Ok(_) => panic!("tf_strided_slice_grad made an array that cannot exist, for {what:?}"),
            Err(e) => assert!(
                !e.to_string().is_empty(),
                "tf_strided_slice_grad: an empty message for {e:?}"
            ),
        }
    } else if elements == 0 {
        // Nothing to allocate. ndarray still refuses some of these shapes (the product of the
        // non-zero dims past isize::MAX), so an Err is fine, but an Ok must have the shape.
        if let Ok(dx) = tf_strided_slice_grad(&shape, begin, end, strides, masks, &dy) {
            assert_eq!(
                dx.shape(),
                &shape[..],
                "tf_strided_slice_grad's shape, for {what:?}"
            );
        }
    }
}
