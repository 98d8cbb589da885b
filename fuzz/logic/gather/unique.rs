//! `tf_unique_with_counts` and `tf_setdiff1d` against quadratic oracles that compare with `==`
//! (on `f64`, IEEE equality is TensorFlow's: `-0.0 == 0.0`, NaN equal to nothing), on inputs in
//! any layout.

use ndarray::{Array1, ArrayD, Ix1};
use ndarray_tfslice::prelude::*;

use crate::logic::input::Input;
use crate::logic::set_oracle::{setdiff_oracle, unique_oracle};

const FLOATS: [f64; 8] = [
    0.0,
    -0.0,
    f64::NAN,
    1.5,
    -1.0,
    f64::INFINITY,
    2.0,
    f64::MIN_POSITIVE,
];

pub fn run(input: &mut Input) {
    let n = input.below(64);
    let m = input.below(16);
    if input.bool() {
        let x: Vec<i64> = (0..n).map(|_| input.i64() % 9).collect();
        let y: Vec<i64> = (0..m).map(|_| input.i64() % 9).collect();
        check(input, &x, &y, |a, b| a == b);
    } else {
        let x: Vec<f64> = (0..n).map(|_| input.pick(&FLOATS)).collect();
        let y: Vec<f64> = (0..m).map(|_| input.pick(&FLOATS)).collect();
        check(input, &x, &y, |a: &f64, b: &f64| {
            (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
        });
    }
}

fn check<A>(input: &mut Input, x: &[A], y: &[A], identical: fn(&A, &A) -> bool)
where
    A: UniqueElement + PartialEq + std::fmt::Debug + crate::logic::input::Gap,
{
    let same_list = |a: &Array1<A>, b: &[A]| {
        a.len() == b.len() && a.iter().zip(b).all(|(p, q)| identical(p, q))
    };
    // Another layout of x.
    let xd = ArrayD::from_shape_vec(ndarray::IxDyn(&[x.len()]), x.to_vec()).expect("1-d");
    let x2 = input
        .relayout(&xd)
        .into_dimensionality::<Ix1>()
        .expect("1-d");

    let (values, idx, counts) = unique_oracle(x);
    for xs in [Array1::from(x.to_vec()), x2.clone()] {
        let (v, i, c) = tf_unique_with_counts(&xs);
        assert!(
            same_list(&v, &values),
            "unique values of {x:?}: {v:?}, want {values:?}"
        );
        assert_eq!(i.to_vec(), idx, "unique idx of {x:?}");
        assert_eq!(c.to_vec(), counts, "unique counts of {x:?}");
    }

    let (out, pos) = setdiff_oracle(x, y);
    for xs in [Array1::from(x.to_vec()), x2] {
        let (o, p) = tf_setdiff1d(&xs, &Array1::from(y.to_vec()));
        assert!(
            same_list(&o, &out),
            "setdiff1d of {x:?} and {y:?}: {o:?}, want {out:?}"
        );
        assert_eq!(p.to_vec(), pos, "setdiff1d positions of {x:?} and {y:?}");
    }
}
