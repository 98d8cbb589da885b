//! `tf_expand_dims` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.
//! Views are checked to *be* the input's elements (same address).

use ndarray::Array3;
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{assert_same_elements, base, input, view};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn expand_dims_inserts_an_axis_of_one((shape, layout) in input(4), axis in -6isize..6) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let rank = shape.len() as isize;
        let at = if axis < 0 { axis + rank + 1 } else { axis };
        match x.tf_expand_dims(axis) {
            Ok(got) => {
                prop_assert!((0..=rank).contains(&at));
                let at = at as usize;
                let mut out_shape = shape.clone();
                out_shape.insert(at, 1);
                assert_same_elements(&got.view(), &out_shape, &x, |j| {
                    let mut i = j.to_vec();
                    i.remove(at);
                    i
                });
            }
            Err(Error::ExpandDimsAxis { .. }) => prop_assert!(!(0..=rank).contains(&at)),
            Err(e) => prop_assert!(false, "{}", e),
        }
    }
}

#[test]
fn squeeze_and_expand_dims_round_trip() {
    let x = Array3::<i32>::zeros((2, 1, 3));
    let e = x.tf_expand_dims(-1).unwrap();
    assert_eq!(e.shape(), &[2, 1, 3, 1]);
    let s = e.tf_squeeze(&[-1, 1]).unwrap();
    assert_eq!(s.shape(), &[2, 3]);
    assert!(matches!(
        x.tf_squeeze(&[i64::MAX]),
        Err(Error::SqueezeAxis { .. })
    ));
    assert!(matches!(
        x.tf_expand_dims(isize::MIN),
        Err(Error::ExpandDimsAxis { .. })
    ));
}
