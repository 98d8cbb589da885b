//! `tf_reshape` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.
//! Views are checked to *be* the input's elements (same address).

use ndarray::{Array, ArrayViewD, IxDyn, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{base, indices, input, view};

/// The input's elements in row-major order.
fn c_values(x: &ArrayViewD<'_, i64>) -> Vec<i64> {
    indices(x.shape()).iter().map(|i| x[i.as_slice()]).collect()
}

/// TF's reshape, naively, for sizes without a 0 next to a -1 (the generator's domain).
fn reshape_oracle(n: usize, sizes: &[i64]) -> Option<Vec<usize>> {
    let minus = sizes.iter().filter(|&&s| s == -1).count();
    if minus > 1 || sizes.iter().any(|&s| s < -1) {
        return None;
    }
    let known: i64 = sizes.iter().filter(|&&s| s >= 0).product();
    let dims: Vec<i64> = if minus == 1 {
        if known == 0 || n as i64 % known != 0 {
            return None;
        }
        sizes
            .iter()
            .map(|&s| if s == -1 { n as i64 / known } else { s })
            .collect()
    } else {
        sizes.to_vec()
    };
    (dims.iter().product::<i64>() == n as i64).then(|| dims.iter().map(|&d| d as usize).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn reshape_is_c_order_under_the_new_shape(
        (shape, layout) in input(4),
        sizes in prop::collection::vec(prop_oneof![1 => Just(-1i64), 6 => 1i64..5, 1 => Just(0i64)], 0..4),
        fit in any::<bool>(),
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let n: usize = shape.iter().product();
        // Half the time, sizes that fit: the shape's own dims (permuted), one maybe -1.
        let sizes: Vec<i64> = if fit {
            let mut s: Vec<i64> = shape.iter().rev().map(|&d| d as i64).collect();
            if let Some(first) = s.first_mut().filter(|_| !sizes.is_empty() && n > 0) {
                *first = -1;
            }
            s
        } else {
            sizes.into_iter().filter(|_| true).collect()
        };
        let zero_and_minus = sizes.contains(&0) && sizes.contains(&-1);
        prop_assume!(!zero_and_minus);
        match (x.tf_reshape(&sizes), reshape_oracle(n, &sizes)) {
            (Ok(got), Some(dims)) => {
                prop_assert_eq!(got.shape(), dims.as_slice());
                prop_assert_eq!(c_values(&got.view().into_dyn()), c_values(&x));
                if x.is_standard_layout() {
                    prop_assert!(got.is_view());
                }
                // Back to the input's shape: the input again.
                let back = got.tf_reshape(&shape.iter().map(|&d| d as i64).collect::<Vec<_>>()).unwrap();
                prop_assert_eq!(back.view().into_dyn(), x.view());
            }
            (Err(_), None) => {}
            (got, want) => prop_assert!(false, "got {:?}, oracle {:?}", got.map(|g| g.shape().to_vec()), want),
        }
    }
}

#[test]
fn reshape_types_follow_the_shape_argument() {
    let x = Array::from_iter(0..24)
        .into_shape_with_order((2, 3, 4))
        .unwrap();
    let a: ndarray::CowArray<'_, i32, ndarray::Ix2> = x.tf_reshape([6, -1]).unwrap();
    assert_eq!(a.shape(), &[6, 4]);
    let b: ndarray::CowArray<'_, i32, IxDyn> = x.tf_reshape(&[6i64, -1][..]).unwrap();
    assert_eq!(b.shape(), &[6, 4]);
    let c = x.tf_reshape(vec![-1i64]).unwrap();
    assert_eq!(c.ndim(), 1);
    assert!(a.is_view() && b.is_view() && c.is_view());
}

#[test]
fn reshape_of_a_transposed_view_copies_in_c_order() {
    let x = Array::from_iter(0..24)
        .into_shape_with_order((2, 3, 4))
        .unwrap();
    let t = x.view().permuted_axes([0, 2, 1]);
    let r = t.tf_reshape([2, -1]).unwrap();
    assert!(!r.is_view());
    let want: Vec<i32> = t.iter().copied().collect();
    assert_eq!(r.iter().copied().collect::<Vec<_>>(), want);
    // Splitting an axis of a strided view needs no copy.
    let strided = x.slice(s![.., .., ..;2]);
    let r = strided.tf_reshape([2, 3, 2, 1]).unwrap();
    assert!(r.is_view());
}
