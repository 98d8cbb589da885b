//! `explain` on the Java `StridedSlice` page's example, frozen: a change to the wording shows up
//! here and is reviewed, not slipped in.

use ndarray::{Array, NewAxis, s};
use ndarray_tfslice::prelude::*;

const JAVA_PAGE_EXAMPLE: &str = "\
x[1, 2:4, None, ..., :-3:-1, :] on an input of shape (5, 5, 5, 5, 5, 5)
  begin   = [1, 2, 0, 0, 0, 0]
  end     = [2, 4, 0, 0, -3, 0]
  strides = [1, 1, 1, 1, -1, 1]
  begin_mask = 48, end_mask = 32, ellipsis_mask = 8, new_axis_mask = 4, shrink_axis_mask = 1

1. `1` is an index into input axis 0 (size 5): element 1; the axis is dropped.
2. `2:4` is a range over input axis 1 (size 5): begin 2, end 4, stride 1: output axis 0, of size 2.
3. `None` is a new axis: output axis 1, of size 1.
4. `...` is an ellipsis: input axes 2 to 3 taken whole: output axes 2 to 3, of sizes 5, 5.
5. `:-3:-1` is a range over input axis 4 (size 5): begin 4 (begin_mask: start at the last element), end -3 + 5 = 2, stride -1: output axis 4, of size 2.
6. `:` is a range over input axis 5 (size 5): begin 0 (begin_mask: start at the first element), end 5 (end_mask: run past the last element), stride 1: output axis 5, of size 5.

output shape: (2, 1, 5, 5, 2, 5)
ndarray: s![1, 2..4, NewAxis, .., .., 3..5;-1, ..]
";

#[test]
fn explains_the_java_page_example() {
    let parsed: StridedSlice = "1, 2:4, None, ..., :-3:-1, :".parse().unwrap();
    let raw = StridedSlice::new([1, 2, 0, 0, 0, 0], [2, 4, 0, 0, -3, 0], [1, 1, 1, 1, -1, 1])
        .unwrap()
        .begin_mask(48)
        .end_mask(32)
        .ellipsis_mask(8)
        .new_axis_mask(4)
        .shrink_axis_mask(1);
    assert_eq!(parsed.explain(&[5; 6]), JAVA_PAGE_EXAMPLE);
    assert_eq!(raw.explain(&[5; 6]), JAVA_PAGE_EXAMPLE);
}

#[test]
fn the_printed_ndarray_slice_selects_the_same_elements() {
    // `s!` needs a fixed rank.
    let x = Array::from_iter(0..5usize.pow(6))
        .into_shape_with_order((5, 5, 5, 5, 5, 5))
        .unwrap();
    let spec: StridedSlice = "1, 2:4, None, ..., :-3:-1, :".parse().unwrap();
    // Copied from the explanation's last line.
    assert!(JAVA_PAGE_EXAMPLE.ends_with("ndarray: s![1, 2..4, NewAxis, .., .., 3..5;-1, ..]\n"));
    assert_eq!(
        x.slice(s![1, 2..4, NewAxis, .., .., 3..5;-1, ..])
            .into_dyn(),
        x.tf_index(&spec).unwrap()
    );
}

#[test]
fn explains_errors_where_tensorflow_raises() {
    let spec: StridedSlice = ":, -200, :".parse().unwrap();
    let text = spec.explain(&[6, 4, 4]);
    assert!(
        text.contains("1. `:` is a range over input axis 0 (size 6)"),
        "{text}"
    );
    assert!(!text.contains("2. "), "{text}");
    assert!(
        text.ends_with("TensorFlow raises: slice index -196 of dimension 1 out of bounds. (spec index 1: begin -200 on an axis of size 4, whose indices are -4 to 3)\n"),
        "{text}"
    );
}

#[test]
fn explains_dead_bits_clamping_and_the_implicit_ellipsis() {
    let spec = StridedSlice::new([10, -9], [20, 100], [1, -3])
        .unwrap()
        .begin_mask(64);
    let text = spec.explain(&[3, 4, 2]);
    assert!(
        text.contains("(begin_mask set bits at or past entry 2: TensorFlow ignores them)"),
        "{text}"
    );
    assert!(
        text.contains("begin 10, clamped to 3, end 20, clamped to 3"),
        "{text}"
    );
    assert!(
        text.contains("begin -9 + 4 = -5, clamped to -1 (before element 0), end 100, clamped to 3"),
        "{text}"
    );
    assert!(
        text.contains(
            "3. (no ellipsis in the spec, so TensorFlow appends one) input axis 2 taken whole"
        ),
        "{text}"
    );
    assert!(text.contains("output shape: (0, 0, 2)"), "{text}");
}
