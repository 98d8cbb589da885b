//! `tf_unique_with_counts` and `tf_setdiff1d`: proptests against the quadratic oracles of
//! `tests/naive/set_oracle.rs` (shared with the fuzz target; IEEE equality is TensorFlow's here:
//! `-0.0 == 0.0`, NaN equal to nothing), sharing no code with `src/`; inputs in several layouts.

use ndarray::{Array1, ArrayView1, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::set_oracle::{setdiff_oracle, unique_oracle};

/// Bit-for-bit equal lists (so the kept sign of zero is checked), NaN matching NaN.
fn same_floats(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(p, q)| (p.is_nan() && q.is_nan()) || p.to_bits() == q.to_bits())
}

fn float() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(1.5),
        Just(-2.0),
        (-3i32..3).prop_map(f64::from),
    ]
}

/// `x` as a view whose elements are every other element of a longer array, reversed (so no
/// function may assume a contiguous input).
fn strided<A: Clone>(x: &[A], fill: A) -> Array1<A> {
    let mut wide = Vec::new();
    for a in x.iter().rev() {
        wide.push(fill.clone());
        wide.push(a.clone());
    }
    Array1::from(wide)
}

fn view_of<A>(wide: &Array1<A>) -> ArrayView1<'_, A> {
    wide.slice(s![..;-2])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn unique_ints(x in prop::collection::vec(-4i64..4, 0..40)) {
        let wide = strided(&x, 99);
        let (v, i, c) = tf_unique_with_counts(&view_of(&wide));
        let (wv, wi, wc) = unique_oracle(&x);
        prop_assert_eq!((v.to_vec(), i.to_vec(), c.to_vec()), (wv, wi, wc));
    }

    #[test]
    fn unique_floats(x in prop::collection::vec(float(), 0..40)) {
        let (v, i, c) = tf_unique_with_counts(&Array1::from(x.clone()));
        let (wv, wi, wc) = unique_oracle(&x);
        prop_assert!(same_floats(&v.to_vec(), &wv), "{:?} vs {:?}", v, wv);
        prop_assert_eq!((i.to_vec(), c.to_vec()), (wi, wc));
        // f32 the same way.
        let x32: Vec<f32> = x.iter().map(|&a| a as f32).collect();
        let (v32, i32_, _) = tf_unique_with_counts(&Array1::from(x32));
        let back: Vec<f64> = v32.iter().map(|&a| f64::from(a)).collect();
        prop_assert!(same_floats(&back, &v.to_vec()));
        prop_assert_eq!(i32_, i);
    }

    #[test]
    fn setdiff_ints(
        x in prop::collection::vec(-4i32..4, 0..40),
        y in prop::collection::vec(-4i32..4, 0..10),
    ) {
        let wide = strided(&x, 99);
        let (out, idx) = tf_setdiff1d(&view_of(&wide), &Array1::from(y.clone()));
        let (wo, wi) = setdiff_oracle(&x, &y);
        prop_assert_eq!((out.to_vec(), idx.to_vec()), (wo, wi));
    }

    #[test]
    fn setdiff_floats(
        x in prop::collection::vec(float(), 0..40),
        y in prop::collection::vec(float(), 0..10),
    ) {
        let (out, idx) = tf_setdiff1d(&Array1::from(x.clone()), &Array1::from(y.clone()));
        let (wo, wi) = setdiff_oracle(&x, &y);
        prop_assert!(same_floats(&out.to_vec(), &wo));
        prop_assert_eq!(idx.to_vec(), wi);
    }

    /// unique's values, gathered by idx, give x back; the counts add up to its length.
    #[test]
    fn unique_round_trip(x in prop::collection::vec(any::<u8>(), 0..60)) {
        let (v, i, c) = tf_unique_with_counts(&Array1::from(x.clone()));
        let back: Vec<u8> = i.iter().map(|&k| v[k]).collect();
        prop_assert_eq!(back, x.clone());
        prop_assert_eq!(c.sum(), x.len());
    }
}

#[test]
fn bools() {
    let (v, i, c) = tf_unique_with_counts(&ndarray::array![true, false, true]);
    assert_eq!(
        (v, i, c),
        (
            ndarray::array![true, false],
            ndarray::array![0, 1, 0],
            ndarray::array![2, 1]
        )
    );
}
