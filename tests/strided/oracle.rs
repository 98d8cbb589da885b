//! Differential test: `tf_strided_slice` and `tf_slice` against an oracle written straight from
//! TensorFlow's definition (`shared/reference/tf-strided-slice-semantics.md`, §1, §2 and §4), and
//! `tf_strided_slice_assign` / `tf_strided_slice_grad` against the same oracle plus TF's one-way
//! broadcast rule (§3), written element by element.
//!
//! The oracle lives in `naive/strided_oracle.rs` (shared with the fuzz targets `strided` and
//! `slice`) and shares no code with `src/`: it returns the row-major flat index into the input
//! of every output element. The input array holds its own flat index (`0..len`), so the
//! crate's view must contain exactly those numbers, in that order and shape.
//!
//! The hand-written tests at the bottom check the oracle itself against cases of the reference's
//! §6 (observed on TensorFlow 2.21), so a disagreement can be blamed on the right side.

use crate::strided_oracle;

use crate::strided_crate;

use ndarray::{ArrayD, IxDyn, ShapeBuilder};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use strided_crate::{answer_of, fail_of, forget_unknown_size, masks_of};
use strided_oracle::{Answer, Fail, broadcast_map, oracle_slice, oracle_strided};

/// The largest input the generators build (elements).
const MAX_ELEMS: usize = 512;

// ---------------------------------------------------------------------------------------------
// The crate side
// ---------------------------------------------------------------------------------------------

/// `0..len` in the given shape: every element is its own row-major flat index.
fn input(shape: &[usize]) -> ArrayD<i64> {
    let len = shape.iter().product::<usize>();
    ArrayD::from_shape_vec(IxDyn(shape), (0..len as i64).collect()).expect("shape matches")
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Case {
    shape: Vec<usize>,
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    /// `[begin, end, ellipsis, new_axis, shrink_axis]`.
    masks: [u64; 5],
}

/// Caps the element count at `MAX_ELEMS` by lowering dims, first to last.
fn cap(mut shape: Vec<usize>) -> Vec<usize> {
    let mut prod = 1usize;
    for d in shape.iter_mut() {
        while *d > 1 && prod * *d > MAX_ELEMS {
            *d -= 1;
        }
        prod *= (*d).max(1);
    }
    shape
}

/// Rank 0..=6, dims 0..=4 (0 rarely), at most `MAX_ELEMS` elements.
fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![1 => Just(0usize), 12 => 1usize..=4], 0..=6).prop_map(cap)
}

const EXTREMES: [i64; 10] = [
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    i64::MAX - 1,
    -(1 << 40),
    1 << 40,
    i32::MIN as i64,
    i32::MAX as i64,
    i32::MIN as i64 - 1,
    i32::MAX as i64 + 1,
];

/// A begin/end value near an axis of size `d`, sometimes extreme.
fn value(d: i64) -> impl Strategy<Value = i64> {
    prop_oneof![
        85 => (-(d + 3))..=(d + 3),
        15 => prop::sample::select(EXTREMES.to_vec()),
    ]
}

/// A stride: mostly small and nonzero, sometimes 0, sometimes extreme.
fn stride() -> impl Strategy<Value = i64> {
    prop_oneof![
        85 => prop::sample::select(vec![-3i64, -2, -1, 1, 2, 3]),
        5 => Just(0i64),
        10 => prop::sample::select(vec![i64::MIN, i64::MIN + 1, i64::MAX, -(1 << 40), 1 << 40, 4, -4]),
    ]
}

/// Random live bits over `0..n`, each set with probability `p`.
fn live_bits(n: usize, p: f64) -> impl Strategy<Value = u64> {
    prop::collection::vec(prop::bool::weighted(p), n).prop_map(|bits| {
        bits.iter()
            .enumerate()
            .filter(|&(_, &b)| b)
            .fold(0u64, |m, (i, _)| m | (1 << i))
    })
}

/// Bits `n..=40`, dead for a spec of length `n`: usually none.
fn dead_bits(n: usize) -> impl Strategy<Value = u64> {
    let dead = ((1u64 << 41) - 1) & !((1u64 << n) - 1);
    prop_oneof![
        85 => Just(0u64),
        15 => any::<u64>().prop_map(move |r| r & dead),
    ]
}

fn mask(n: usize, p: f64) -> impl Strategy<Value = u64> {
    (live_bits(n, p), dead_bits(n)).prop_map(|(l, d)| l | d)
}

/// Mostly none or one live bit; sometimes one dead bit, sometimes two bits.
fn ellipsis_mask(n: usize) -> impl Strategy<Value = u64> {
    (0u32..100, 0usize..=40, 0usize..=40).prop_map(move |(kind, a, b)| match kind {
        0..55 => 0u64,
        55..85 if n > 0 => 1u64 << (a % n),
        55..85 => 0,
        85..92 => 1u64 << (n + a % (41 - n)),
        _ => (1u64 << (a % (n + 1))) | (1u64 << b),
    })
}

fn strided_case() -> impl Strategy<Value = Case> {
    shape_strategy()
        .prop_flat_map(|shape| {
            let rank = shape.len();
            (Just(shape), 0..=rank + 2)
        })
        .prop_flat_map(|(shape, n)| {
            let entries = (0..n)
                .map(|i| {
                    let d = shape.get(i).copied().unwrap_or(4) as i64;
                    (value(d), value(d), stride())
                })
                .collect::<Vec<_>>();
            let masks = (
                mask(n, 0.3),
                mask(n, 0.3),
                ellipsis_mask(n),
                mask(n, 0.15),
                mask(n, 0.2),
            );
            (Just(shape), entries, masks, 0u32..100, value(4))
        })
        .prop_map(|(shape, entries, (b, e, el, na, sh), mismatch, extra)| {
            let mut case = Case {
                shape,
                begin: entries.iter().map(|t| t.0).collect(),
                end: entries.iter().map(|t| t.1).collect(),
                strides: entries.iter().map(|t| t.2).collect(),
                masks: [b, e, el, na, sh],
            };
            // About 3% of cases: begin, end or strides one entry longer or shorter (E1).
            if mismatch < 3 {
                let v = match mismatch {
                    0 => &mut case.begin,
                    1 => &mut case.end,
                    _ => &mut case.strides,
                };
                if v.is_empty() || extra % 2 == 0 {
                    v.push(extra);
                } else {
                    v.pop();
                }
            }
            case
        })
}

#[derive(Clone, Debug)]
struct SliceCase {
    shape: Vec<usize>,
    begin: Vec<i64>,
    size: Vec<i64>,
}

/// How to pick one `size` entry once `begin` is known.
#[derive(Clone, Copy, Debug)]
enum SizeSel {
    MinusOne,
    /// A valid size: `k % (D - begin + 1)`.
    Fits(u32),
    Raw(i64),
}

fn slice_case() -> impl Strategy<Value = SliceCase> {
    shape_strategy()
        .prop_flat_map(|shape| {
            let dims = shape
                .iter()
                .map(|&d| {
                    let d = d as i64;
                    let begin = prop_oneof![
                        85 => 0..=d,
                        10 => -2..=d + 2,
                        5 => prop::sample::select(EXTREMES.to_vec()),
                    ];
                    let size = prop_oneof![
                        20 => Just(SizeSel::MinusOne),
                        65 => any::<u32>().prop_map(SizeSel::Fits),
                        10 => (-3..=d + 2).prop_map(SizeSel::Raw),
                        5 => prop::sample::select(EXTREMES.to_vec()).prop_map(SizeSel::Raw),
                    ];
                    (begin, size)
                })
                .collect::<Vec<_>>();
            (Just(shape), dims, 0u32..100)
        })
        .prop_map(|(shape, dims, mismatch)| {
            let mut begin: Vec<i64> = dims.iter().map(|t| t.0).collect();
            let mut size: Vec<i64> = dims
                .iter()
                .zip(&shape)
                .map(|(&(b, sel), &d)| match sel {
                    SizeSel::MinusOne => -1,
                    SizeSel::Fits(k) => {
                        if (0..=d as i64).contains(&b) {
                            k as i64 % (d as i64 - b + 1)
                        } else {
                            k as i64 % 4
                        }
                    }
                    SizeSel::Raw(s) => s,
                })
                .collect();
            // About 4% of cases: begin or size one entry longer or shorter.
            match mismatch {
                0 => begin.push(0),
                1 => size.push(0),
                2 => {
                    begin.pop();
                }
                3 => {
                    size.pop();
                }
                _ => {}
            }
            SliceCase { shape, begin, size }
        })
}

/// Saturating i64 -> i32.
fn to_i32(v: i64) -> i32 {
    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// The main property: ranks 0 to 6, spec lengths 0 to rank + 2, random masks.
    #[test]
    fn strided_slice_matches_oracle(case in strided_case()) {
        let x = input(&case.shape);
        let got = answer_of(x.tf_strided_slice(
            &case.begin,
            &case.end,
            &case.strides,
            masks_of(case.masks),
        ));
        let want = oracle_strided(&case.shape, &case.begin, &case.end, &case.strides, case.masks);
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// `tf_slice` against §4.
    #[test]
    fn slice_matches_oracle(case in slice_case()) {
        let x = input(&case.shape);
        let want = oracle_slice(&case.shape, &case.begin, &case.size);
        let got = forget_unknown_size(answer_of(x.tf_slice(&case.begin, &case.size)), &want);
        prop_assert_eq!(got, want);
    }

    /// `i32` specs give exactly what the same values as `i64` give (and what the oracle says).
    #[test]
    fn strided_slice_i32_matches_i64(case in strided_case()) {
        let x = input(&case.shape);
        let b32: Vec<i32> = case.begin.iter().map(|&v| to_i32(v)).collect();
        let e32: Vec<i32> = case.end.iter().map(|&v| to_i32(v)).collect();
        let s32: Vec<i32> = case.strides.iter().map(|&v| to_i32(v)).collect();
        let b64: Vec<i64> = b32.iter().map(|&v| v.into()).collect();
        let e64: Vec<i64> = e32.iter().map(|&v| v.into()).collect();
        let s64: Vec<i64> = s32.iter().map(|&v| v.into()).collect();
        let m = masks_of(case.masks);
        let r32 = x.tf_strided_slice(&b32, &e32, &s32, m);
        let r64 = x.tf_strided_slice(&b64, &e64, &s64, m);
        match (&r32, &r64) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a.shape(), b.shape());
                prop_assert!(a.iter().zip(b.iter()).all(|(p, q)| std::ptr::eq(p, q)));
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            _ => prop_assert!(false, "i32 gave {:?}, i64 gave {:?}", r32, r64),
        }
        let want = oracle_strided(&case.shape, &b64, &e64, &s64, case.masks);
        prop_assert_eq!(answer_of(r32), want);
    }
}

// ---------------------------------------------------------------------------------------------
// Assignment and gradient (§3)
// ---------------------------------------------------------------------------------------------

/// How the value's (or dy's) shape is chosen from the final shape.
#[derive(Clone, Debug)]
enum ShapeSel {
    /// The final shape.
    Exact,
    /// Broadcastable: `drop % (rank + 1)` leading dims dropped, then the dims whose flag is set
    /// (cycling through `ones`) replaced by 1.
    Broadcastable { drop: usize, ones: Vec<bool> },
    /// `count` extra leading 1s in front of the final shape.
    LeadingOnes(usize),
    /// `[]`.
    Scalar,
    /// One dim off by one (up, or down when `up` is false and the dim is > 0); `[2]` for a
    /// rank-0 target.
    OffByOne { axis: usize, up: bool },
    /// An extra leading dim of 2.
    LeadingTwo,
    /// A 1 in place of a dim > 1 (the `pick`-th such dim, cycling); an extra leading 1 if there is
    /// none.
    OneForDim(usize),
    /// The final shape without its first dim (`[1]` for a rank-0 target).
    DropFirst,
    /// A random small shape.
    Random(Vec<usize>),
}

impl ShapeSel {
    fn shape_for(&self, target: &[usize]) -> Vec<usize> {
        let rank = target.len();
        match self {
            ShapeSel::Exact => target.to_vec(),
            ShapeSel::Broadcastable { drop, ones } => target[drop % (rank + 1)..]
                .iter()
                .enumerate()
                .map(|(j, &d)| if ones[j % ones.len()] { 1 } else { d })
                .collect(),
            ShapeSel::LeadingOnes(count) => {
                let mut s = vec![1; *count];
                s.extend_from_slice(target);
                s
            }
            ShapeSel::Scalar => Vec::new(),
            ShapeSel::OffByOne { axis, up } => {
                if rank == 0 {
                    return vec![2];
                }
                let mut s = target.to_vec();
                let d = &mut s[axis % rank];
                if *up || *d == 0 {
                    *d += 1;
                } else {
                    *d -= 1;
                }
                s
            }
            ShapeSel::LeadingTwo => {
                let mut s = vec![2];
                s.extend_from_slice(target);
                s
            }
            ShapeSel::OneForDim(pick) => {
                let big: Vec<usize> = (0..rank).filter(|&i| target[i] > 1).collect();
                let mut s = target.to_vec();
                if big.is_empty() {
                    s.insert(0, 1);
                } else {
                    s[big[pick % big.len()]] = 1;
                }
                s
            }
            ShapeSel::DropFirst => {
                if rank == 0 {
                    vec![1]
                } else {
                    target[1..].to_vec()
                }
            }
            ShapeSel::Random(s) => s.clone(),
        }
    }
}

/// Rank 0..=4, dims 0..=3.
fn small_shape() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![1 => Just(0usize), 6 => 1usize..=3], 0..=4)
}

/// Value shapes for assignment: mostly ones that broadcast, a good share that do not.
fn value_sel() -> impl Strategy<Value = ShapeSel> {
    prop_oneof![
        25 => Just(ShapeSel::Exact),
        20 => (0usize..4, prop::collection::vec(prop::bool::weighted(0.4), 1..=7))
            .prop_map(|(drop, ones)| ShapeSel::Broadcastable { drop, ones }),
        10 => (1usize..=3).prop_map(ShapeSel::LeadingOnes),
        8 => Just(ShapeSel::Scalar),
        12 => (0usize..8, any::<bool>()).prop_map(|(axis, up)| ShapeSel::OffByOne { axis, up }),
        8 => Just(ShapeSel::LeadingTwo),
        17 => small_shape().prop_map(ShapeSel::Random),
    ]
}

/// dy shapes for the gradient: the final shape ~75% of the time, else a wrong one (often one
/// that would broadcast, which the gradient must still reject).
fn dy_sel() -> impl Strategy<Value = ShapeSel> {
    prop_oneof![
        75 => Just(ShapeSel::Exact),
        6 => (0usize..8).prop_map(ShapeSel::OneForDim),
        4 => (0usize..8, any::<bool>()).prop_map(|(axis, up)| ShapeSel::OffByOne { axis, up }),
        3 => Just(ShapeSel::DropFirst),
        4 => (1usize..=2).prop_map(ShapeSel::LeadingOnes),
        3 => Just(ShapeSel::Scalar),
        5 => small_shape().prop_map(ShapeSel::Random),
    ]
}

/// `f(0), f(1), ...` in the given shape, row-major; in Fortran layout if `fortran` (same logical
/// content, so the crate must read the value through its strides).
fn filled(shape: &[usize], fortran: bool, f: impl Fn(i64) -> i64) -> ArrayD<i64> {
    let len = shape.iter().product::<usize>();
    let c = ArrayD::from_shape_vec(IxDyn(shape), (0..len as i64).map(f).collect())
        .expect("shape matches");
    if fortran {
        let mut a = ArrayD::zeros(IxDyn(shape).f());
        a.assign(&c);
        a
    } else {
        c
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    /// `x[spec] = value` (`TensorStridedSliceUpdate`) against §3: the spec's errors first, an empty
    /// slice is a no-op whatever the value, then one-way broadcasting; on any error x is
    /// unchanged.
    #[test]
    fn assign_matches_oracle(
        case in strided_case(),
        sel in value_sel(),
        random in small_shape(),
        fortran in prop::bool::weighted(0.25),
    ) {
        let original = input(&case.shape);
        let want = oracle_strided(&case.shape, &case.begin, &case.end, &case.strides, case.masks);
        let value_shape = match &want {
            Ok((final_shape, _)) => sel.shape_for(final_shape),
            Err(_) => random,
        };
        let value = filled(&value_shape, fortran, |i| -(1 + i));
        let mut x = original.clone();
        let got = x.tf_strided_slice_assign(
            &case.begin,
            &case.end,
            &case.strides,
            masks_of(case.masks),
            &value,
        );
        match want {
            Err(fail) => {
                prop_assert_eq!(got.map_err(|e| fail_of(&e)), Err(fail));
                prop_assert_eq!(&x, &original);
            }
            // An empty slice: a no-op, the value's shape is never looked at.
            Ok((_, src)) if src.is_empty() => {
                prop_assert_eq!(got, Ok(()));
                prop_assert_eq!(&x, &original);
            }
            Ok((final_shape, src)) => match broadcast_map(&value_shape, &final_shape) {
                None => {
                    match got {
                        Err(Error::AssignBroadcast {
                            value_shape: vs,
                            final_shape: fs,
                            input_shape,
                            ..
                        }) => {
                            prop_assert_eq!(vs, value_shape);
                            prop_assert_eq!(fs, final_shape);
                            prop_assert_eq!(input_shape, case.shape.clone());
                        }
                        other => prop_assert!(false, "expected AssignBroadcast, got {:?}", other),
                    }
                    prop_assert_eq!(&x, &original);
                }
                Some(map) => {
                    prop_assert_eq!(got, Ok(()));
                    let values: Vec<i64> = (0..value_shape.iter().product::<usize>() as i64)
                        .map(|i| -(1 + i))
                        .collect();
                    let mut expected = original.clone();
                    let flat = expected.as_slice_mut().expect("standard layout");
                    for (k, &s) in src.iter().enumerate() {
                        flat[s as usize] = values[map[k]];
                    }
                    prop_assert_eq!(&x, &expected);
                }
            },
        }
    }

    /// `StridedSliceGrad` against §3: zeros of `shape` with dy written where the forward slice
    /// read; dy must have exactly the final shape (no broadcasting).
    #[test]
    fn grad_matches_oracle(
        case in strided_case(),
        sel in dy_sel(),
        random in small_shape(),
        fortran in prop::bool::weighted(0.25),
    ) {
        let want = oracle_strided(&case.shape, &case.begin, &case.end, &case.strides, case.masks);
        let dy_shape = match &want {
            Ok((final_shape, _)) => sel.shape_for(final_shape),
            Err(_) => random,
        };
        let dy = filled(&dy_shape, fortran, |i| 1 + i);
        let got = tf_strided_slice_grad(
            &case.shape,
            &case.begin,
            &case.end,
            &case.strides,
            masks_of(case.masks),
            &dy,
        );
        match want {
            Err(fail) => prop_assert_eq!(got.map_err(|e| fail_of(&e)), Err(fail)),
            Ok((final_shape, src)) if final_shape == dy_shape => {
                let mut expected = ArrayD::<i64>::zeros(IxDyn(&case.shape));
                let flat = expected.as_slice_mut().expect("standard layout");
                for (k, &s) in src.iter().enumerate() {
                    flat[s as usize] = 1 + k as i64;
                }
                prop_assert_eq!(got, Ok(expected));
            }
            Ok((final_shape, _)) => match got {
                Err(Error::GradShapeMismatch {
                    dy_shape: ds,
                    expected,
                    input_shape,
                    ..
                }) => {
                    prop_assert_eq!(ds, dy_shape);
                    prop_assert_eq!(expected, final_shape);
                    prop_assert_eq!(input_shape, case.shape.clone());
                }
                other => prop_assert!(false, "expected GradShapeMismatch, got {:?}", other),
            },
        }
    }
}

/// The oracle's broadcast rule against the reference's §3 examples (from TF's
/// util/strided_slice_op_test.cc), and one mapping worked by hand.
#[test]
fn ref_broadcast_examples() {
    let ok: [(&[usize], &[usize]); 4] = [
        (&[], &[2, 4, 5]),
        (&[1, 5], &[4, 5]),
        (&[1, 1, 5], &[4, 5]),
        (&[1, 1, 1, 2, 4, 5], &[2, 4, 5]),
    ];
    for (value, target) in ok {
        assert!(
            broadcast_map(value, target).is_some(),
            "{value:?} -> {target:?}"
        );
    }
    let bad: [(&[usize], &[usize]); 5] = [
        (&[5], &[1]),
        (&[4], &[4, 5]),
        (&[2, 4, 5], &[2, 4, 5, 1]),
        (&[2, 4, 5], &[4, 5]),
        // §6 case 55.
        (&[3], &[2, 2]),
    ];
    for (value, target) in bad {
        assert!(
            broadcast_map(value, target).is_none(),
            "{value:?} -> {target:?}"
        );
    }
    // [2,1] into [2,3]: each row repeats one value; [3] into [2,3]: the rows repeat.
    assert_eq!(
        broadcast_map(&[2, 1], &[2, 3]),
        Some(vec![0, 0, 0, 1, 1, 1])
    );
    assert_eq!(
        broadcast_map(&[1, 3], &[2, 3]),
        Some(vec![0, 1, 2, 0, 1, 2])
    );
    assert_eq!(broadcast_map(&[3], &[2, 3]), Some(vec![0, 1, 2, 0, 1, 2]));
    assert_eq!(broadcast_map(&[], &[2]), Some(vec![0, 0]));
}

// ---------------------------------------------------------------------------------------------
// The oracle itself, against the reference's §6 (TensorFlow 2.21 observations)
// ---------------------------------------------------------------------------------------------

/// Mask bits in the oracle's order.
const fn m(begin: u64, end: u64, ellipsis: u64, new_axis: u64, shrink: u64) -> [u64; 5] {
    [begin, end, ellipsis, new_axis, shrink]
}

const NO_MASKS: [u64; 5] = [0; 5];

/// One raw-op spec: `shape | begin | end | strides | masks`.
struct Spec<'a> {
    shape: &'a [usize],
    begin: &'a [i64],
    end: &'a [i64],
    strides: &'a [i64],
    masks: [u64; 5],
}

impl Spec<'_> {
    fn oracle(&self) -> Answer {
        oracle_strided(self.shape, self.begin, self.end, self.strides, self.masks)
    }

    /// Asserts the oracle's answer, then that the crate agrees with it.
    fn expect(&self, want: Answer) {
        assert_eq!(self.oracle(), want, "oracle");
        let x = input(self.shape);
        let got =
            answer_of(x.tf_strided_slice(self.begin, self.end, self.strides, masks_of(self.masks)));
        assert_eq!(got, want, "crate");
    }

    fn expect_ok(&self, shape: &[usize], src: &[i64]) {
        self.expect(Ok((shape.to_vec(), src.to_vec())));
    }
}

fn spec<'a>(
    shape: &'a [usize],
    begin: &'a [i64],
    end: &'a [i64],
    strides: &'a [i64],
    masks: [u64; 5],
) -> Spec<'a> {
    Spec {
        shape,
        begin,
        end,
        strides,
        masks,
    }
}

/// §6 case 2: (3,2,3)`[-2::-1, :, ::2]` is [2,2,2].
#[test]
fn ref_case_02_negative_stride_from_negative_begin() {
    spec(
        &[3, 2, 3],
        &[-2, 0, 0],
        &[0, 0, 0],
        &[-1, 1, 2],
        m(0b110, 0b111, 0, 0, 0),
    )
    .expect_ok(&[2, 2, 2], &[6, 8, 9, 11, 0, 2, 3, 5]);
}

/// §6 cases 3 and 4: empty results.
#[test]
fn ref_cases_03_04_empty() {
    // (3,2,3)[0:-1:-1]: begin 0, end -1 -> D-1 = 2; walking down from 0 to 2 is empty.
    spec(&[3, 2, 3], &[0], &[-1], &[-1], NO_MASKS).expect_ok(&[0, 2, 3], &[]);
    // (3,2,3)[-1:0, 2:2, 2:3:-1]
    spec(&[3, 2, 3], &[-1, 2, 2], &[0, 2, 3], &[1, 1, -1], NO_MASKS).expect_ok(&[0, 0, 0], &[]);
}

/// §6 case 6: scalar `[None]`, `[...]`, `[()]`; case 7: scalar `[:]` is E3.
#[test]
fn ref_cases_06_07_scalar() {
    spec(&[], &[0], &[0], &[1], m(0, 0, 0, 1, 0)).expect_ok(&[1], &[0]);
    spec(&[], &[0], &[0], &[1], m(0, 0, 1, 0, 0)).expect_ok(&[], &[0]);
    spec(&[], &[], &[], &[], NO_MASKS).expect_ok(&[], &[0]);
    spec(&[], &[0], &[0], &[1], m(1, 1, 0, 0, 0)).expect(Err(Fail::SliceScalar { index: 0 }));
}

/// §6 case 16: (6,4,4)`[3:0:-2, newaxis, 1:3, 2, newaxis]` is [2,1,2,1].
#[test]
fn ref_case_16_new_axes_and_shrink() {
    spec(
        &[6, 4, 4],
        &[3, 0, 1, 2, 0],
        &[0, 0, 3, 3, 0],
        &[-2, 1, 1, 1, 1],
        m(0, 0, 0, 0b10010, 0b01000),
    )
    .expect_ok(&[2, 1, 2, 1], &[54, 58, 22, 26]);
}

/// §6 case 17: (6,4,4)`[:, -200, :]` and `[:, 200, :]` are E7 with the shifted value.
#[test]
fn ref_case_17_shrink_out_of_bounds() {
    let oob = |begin: i64, shifted: i64| Fail::ShrinkOutOfBounds {
        index: 1,
        axis: 1,
        begin,
        shifted,
        dim: 4,
    };
    let masks = m(0b101, 0b101, 0, 0, 0b010);
    spec(&[6, 4, 4], &[0, -200, 0], &[0, -199, 0], &[1, 1, 1], masks).expect(Err(oob(-200, -196)));
    spec(&[6, 4, 4], &[0, 200, 0], &[0, 201, 0], &[1, 1, 1], masks).expect(Err(oob(200, 200)));
}

/// §6 case 18: (2,)`[1:, 1:]` is E4 "input dim 1; input has only 1 dims".
#[test]
fn ref_case_18_too_many_indices() {
    spec(&[2], &[1, 1], &[0, 0], &[1, 1], m(0, 0b11, 0, 0, 0)).expect(Err(Fail::TooManyIndices {
        index: 1,
        axis: 1,
        rank: 1,
    }));
}

/// §6 case 24: [2,5] | [0,1] | [1,0] | [1,2] | end=2, shrink=1 is [2], x[0,1], x[0,3].
#[test]
fn ref_case_24_shrink_then_strided_range() {
    spec(&[2, 5], &[0, 1], &[1, 0], &[1, 2], m(0, 2, 0, 0, 1)).expect_ok(&[2], &[1, 3]);
}

/// §6 case 26: stride 0 at the ellipsis is ignored; two shrinks around it.
#[test]
fn ref_case_26_zero_stride_at_ellipsis() {
    spec(
        &[2, 2, 3, 2],
        &[0, 0, 1],
        &[1, 0, 2],
        &[1, 0, 1],
        m(0, 0, 2, 0, 5),
    )
    .expect_ok(&[2, 3], &[1, 3, 5, 7, 9, 11]);
}

/// §6 cases 27 to 33: shrink and stride rules.
#[test]
fn ref_cases_27_to_33_shrink_rules() {
    spec(&[5], &[-1], &[0], &[1], m(0, 0, 0, 0, 1)).expect_ok(&[], &[4]);
    spec(&[5], &[-1], &[0], &[-1], m(0, 0, 0, 0, 1)).expect(Err(Fail::ShrinkNegativeStride {
        index: 0,
        axis: 0,
        stride: -1,
    }));
    spec(&[5], &[2], &[0], &[3], m(0, 0, 0, 0, 1)).expect_ok(&[], &[2]);
    spec(&[5], &[2], &[0], &[1], m(1, 1, 0, 0, 1)).expect_ok(&[], &[2]);
    let oob = |begin, shifted, dim| Fail::ShrinkOutOfBounds {
        index: 0,
        axis: 0,
        begin,
        shifted,
        dim,
    };
    spec(&[5], &[-6], &[0], &[1], m(0, 0, 0, 0, 1)).expect(Err(oob(-6, -1, 5)));
    spec(&[0], &[0], &[1], &[1], m(0, 0, 0, 0, 1)).expect(Err(oob(0, 0, 0)));
    spec(&[5], &[2], &[4], &[0], m(1, 1, 0, 0, 0))
        .expect(Err(Fail::ZeroStride { index: 0, axis: 0 }));
}

/// §6 cases 34 to 36: precedence ellipsis > new_axis > the rest.
#[test]
fn ref_cases_34_to_36_precedence() {
    let x56: Vec<i64> = (0..30).collect();
    // [5,6] | [1,9] | [3,9] | [1,0] | new_axis=2: stride 0 at a new axis is fine.
    let want: Vec<i64> = (6..18).collect();
    spec(&[5, 6], &[1, 9], &[3, 9], &[1, 0], m(0, 0, 0, 2, 0)).expect_ok(&[2, 1, 6], &want);
    // [5,6] | [0,1] | [0,2] | [1,1] | new_axis=1, shrink=1: the new axis wins over shrink.
    spec(&[5, 6], &[0, 1], &[0, 2], &[1, 1], m(0, 0, 0, 1, 1)).expect_ok(&[1, 1, 6], &x56[6..12]);
    // [5] with every mask bit 0 set: the ellipsis wins.
    spec(&[5], &[0], &[0], &[1], m(1, 0, 1, 1, 1)).expect_ok(&[5], &[0, 1, 2, 3, 4]);
}

/// §6 case 37: new_axis=7 with n=1 adds one axis (issue #72332); case 38: dead shrink bits.
#[test]
fn ref_cases_37_38_dead_bits() {
    let all: Vec<i64> = (0..27).collect();
    spec(&[3, 3, 3], &[0], &[0], &[1], m(0, 0, 0, 7, 0)).expect_ok(&[1, 3, 3, 3], &all);
    spec(&[3, 3, 3], &[0], &[2], &[1], m(6, 6, 0, 0, 6)).expect_ok(&[2, 3, 3], &all[..18]);
    // An ellipsis bit at or past n is dead too (but still counted by E2).
    spec(&[3, 3, 3], &[1], &[2], &[1], m(0, 0, 4, 0, 0)).expect_ok(&[1, 3, 3], &all[9..18]);
}

/// §6 case 39: [2,3] | ellipsis=1, new_axis=2, shrink=4 is [2,1] (x[..., None, 0]).
#[test]
fn ref_case_39_new_axis_after_ellipsis() {
    spec(
        &[2, 3],
        &[0, 0, 0],
        &[0, 0, 1],
        &[1, 1, 1],
        m(0, 0, 1, 2, 4),
    )
    .expect_ok(&[2, 1], &[0, 3]);
}

/// §6 cases 40 to 43: E4, E3, new axes on a scalar, E2.
#[test]
fn ref_cases_40_to_43_dense_errors() {
    // The ellipsis covers no dim, entry 1 takes dim 0, entry 2 finds none left.
    spec(&[2], &[0, 0, 0], &[0, 0, 0], &[1, 1, 1], m(0, 0, 1, 0, 0)).expect(Err(
        Fail::TooManyIndices {
            index: 2,
            axis: 1,
            rank: 1,
        },
    ));
    spec(&[], &[0, 0], &[0, 0], &[1, 1], m(0, 0, 1, 0, 0))
        .expect(Err(Fail::SliceScalar { index: 1 }));
    spec(&[], &[0, 0], &[0, 0], &[1, 1], m(0, 0, 0, 3, 0)).expect_ok(&[1, 1], &[0]);
    spec(&[5], &[0, 0], &[0, 0], &[1, 1], m(0, 0, 3, 0, 0)).expect(Err(Fail::MultipleEllipses {
        mask: 3,
        first: 0,
        second: 1,
    }));
}

/// §6 cases 44 and 45: clamping, and -1 meaning the last element.
#[test]
fn ref_cases_44_45_clamping() {
    spec(&[5], &[10], &[20], &[1], NO_MASKS).expect_ok(&[0], &[]);
    spec(&[5], &[-10], &[20], &[1], NO_MASKS).expect_ok(&[5], &[0, 1, 2, 3, 4]);
    spec(&[5], &[100], &[-100], &[-1], NO_MASKS).expect_ok(&[5], &[4, 3, 2, 1, 0]);
    spec(&[5], &[-1], &[-1], &[-1], NO_MASKS).expect_ok(&[0], &[]);
    spec(&[5], &[0], &[-1], &[-1], NO_MASKS).expect_ok(&[0], &[]);
}

/// §6 case 46: [5] | [0] | [0] | [-2] | begin=end=1 is 4, 2, 0.
#[test]
fn ref_case_46_masked_negative_stride() {
    spec(&[5], &[0], &[0], &[-2], m(1, 1, 0, 0, 0)).expect_ok(&[3], &[4, 2, 0]);
}

/// §6 case 47: [7] | [6] | [0] | [-4] is 6, 2.
#[test]
fn ref_case_47_stride_minus_four() {
    spec(&[7], &[6], &[0], &[-4], NO_MASKS).expect_ok(&[2], &[6, 2]);
}

/// §6 case 48: [5] | [4] | [0] | [INT64_MIN] | end=1 is [1], value 4.
#[test]
fn ref_case_48_int64_min_stride() {
    spec(&[5], &[4], &[0], &[i64::MIN], m(0, 1, 0, 0, 0)).expect_ok(&[1], &[4]);
}

/// §6 case 49: [5] | [INT64_MAX] | [INT64_MIN] | [-1] is a full reverse.
#[test]
fn ref_case_49_extreme_begin_end() {
    spec(&[5], &[i64::MAX], &[i64::MIN], &[-1], NO_MASKS).expect_ok(&[5], &[4, 3, 2, 1, 0]);
}

/// §6 case 50: [5] | [INT64_MIN] | shrink=1 is E7 with -9223372036854775803.
#[test]
fn ref_case_50_shrink_int64_min() {
    spec(&[5], &[i64::MIN], &[0], &[1], m(0, 0, 0, 0, 1)).expect(Err(Fail::ShrinkOutOfBounds {
        index: 0,
        axis: 0,
        begin: i64::MIN,
        shifted: -9_223_372_036_854_775_803,
        dim: 5,
    }));
}

/// §6 case 52: unequal lengths are E1.
#[test]
fn ref_case_52_length_mismatch() {
    spec(&[5], &[0], &[1, 2], &[1], NO_MASKS).expect(Err(Fail::SpecLengthMismatch {
        begin_len: 1,
        end_len: 2,
        strides_len: 1,
    }));
}

/// §6 case 54: masks are per side.
#[test]
fn ref_case_54_masks_per_side() {
    spec(&[5], &[3], &[0], &[1], m(1, 0, 0, 0, 0)).expect_ok(&[0], &[]);
    spec(&[5], &[0], &[3], &[-1], m(0, 1, 0, 0, 0)).expect_ok(&[1], &[0]);
}

/// §5 worked encoding: `x[1, 2:4, None, ..., :-3:-1, :]` on (8,)*6 has shape (2,1,8,8,2,8).
#[test]
fn ref_worked_encoding_shape() {
    let shape = [8usize; 6];
    let got = oracle_strided(
        &shape,
        &[1, 2, 0, 0, 0, 0],
        &[2, 4, 0, 0, -3, 0],
        &[1, 1, 1, 1, -1, 1],
        m(48, 32, 8, 4, 1),
    )
    .expect("ok");
    assert_eq!(got.0, vec![2, 1, 8, 8, 2, 8]);
    // First element: x[1, 2, 0, 0, 7, 0].
    assert_eq!(got.1[0], 8i64.pow(5) + 2 * 8i64.pow(4) + 7 * 8);
}

/// §6 case 60 (tf.slice) and the other §4 rules, oracle and crate.
#[test]
fn ref_case_60_slice() {
    let check = |shape: &[usize], begin: &[i64], size: &[i64], want: Answer| {
        assert_eq!(oracle_slice(shape, begin, size), want, "oracle");
        let x = input(shape);
        let got = forget_unknown_size(answer_of(x.tf_slice(begin, size)), &want);
        assert_eq!(got, want, "crate");
    };
    check(
        &[3, 4],
        &[1, 1],
        &[-1, -1],
        Ok((vec![2, 3], vec![5, 6, 7, 9, 10, 11])),
    );
    check(&[3, 4], &[3, 0], &[0, 1], Ok((vec![0, 1], vec![])));
    check(
        &[3, 4],
        &[-1, 0],
        &[1, 1],
        Err(Fail::SliceBeginOutOfRange {
            axis: 0,
            begin: -1,
            dim: 3,
        }),
    );
    check(
        &[3, 4],
        &[2, 0],
        &[2, 1],
        Err(Fail::SliceSizeOutOfRange {
            axis: 0,
            size: 2,
            max: 1,
        }),
    );
    check(
        &[0, 4],
        &[1, 0],
        &[0, 1],
        Err(Fail::SliceEmptyAxis {
            axis: 0,
            begin: 1,
            size: Some(0),
        }),
    );
    // size -1 on an empty axis becomes 0 - begin = 0.
    check(&[0, 4], &[0, 0], &[-1, 2], Ok((vec![0, 2], vec![])));
    check(
        &[3],
        &[0, 0],
        &[1],
        Err(Fail::SliceLengthMismatch {
            rank: 1,
            begin_len: 2,
            size_len: 1,
        }),
    );
}
