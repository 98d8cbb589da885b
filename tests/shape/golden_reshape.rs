//! tests/golden/shape.json replayed for `tf_reshape`: every case against TensorFlow 2.21 (format
//! in tests/golden/gen_shape.py).

use ndarray_tfslice::prelude::*;

use crate::common::{arange, compare, ints, replay_op, shape_of};
use crate::naive::{Layout, base, view};

const FILE: &str = "shape.json";

/// The layouts each owned-result case is replayed in besides the plain one.
const LAYOUTS: [Layout; 3] = [Layout::Strided, Layout::Reversed, Layout::Transposed];

#[test]
fn reshape_matches_tensorflow() {
    replay_op(FILE, "reshape", 150, |case| {
        let x = arange(&shape_of(&case["shape"]));
        let sizes = ints(&case["sizes"]);
        let got = x.tf_reshape(&sizes).map(|c| c.into_owned());
        compare(got, &case["expect"])?;
        // The same values in other layouts (a view or a copy, whichever they allow).
        let shape = shape_of(&case["shape"]);
        for layout in LAYOUTS {
            let b = base(&shape, layout);
            let v = view(&b, &shape, layout).as_standard_layout().into_owned();
            let v2 = view(&b, &shape, layout);
            // Each layout holds other values; compare it with its own C-order copy.
            let want = v.tf_reshape(&sizes).map(|c| c.into_owned());
            let got = v2.tf_reshape(&sizes).map(|c| c.into_owned());
            if want != got {
                return Err(format!(
                    "{layout:?}: {got:?} vs its C-order copy's {want:?}"
                ));
            }
        }
        Ok(())
    });
}
