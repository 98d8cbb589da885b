//! Views one step apart in one allocation, joined as one view: `tf_stack` of
//! `[x[..., 2], x[..., 1], x[..., 0]]` (Keras 3's RGB -> BGR) is `x[..., ::-1]`, a view whose
//! new axis steps from one input to the next, so the stack is one C-order copy of that view by
//! the copy engine (a channel flip) instead of a copy of each input and an interleave.
//!
//! Why `unsafe`: ndarray makes a view only from an array it borrows, and the inputs' array is
//! not at hand, only views into it; `ArrayView::from_shape_ptr` makes the joined view from
//! their pointers. Measured (AMD EPYC family 25, pinned, best of 12 × 5 calls, `f32`
//! 16×224×224×3): each input copied to C order, then interleaved, 1.55-1.73 ms;
//! NumPy's `np.stack` of the same views 0.95 ms; one copy of the joined view 0.36-0.55 ms
//! (run 33, `real_bgr_stack`: 263 µs, 1.03x a `memcpy`). With `src/strided/raw_view.rs` and
//! the copy engine (`util/copy/`), this file holds the crate's `unsafe`: one block, whose
//! soundness rests on the checks in this file alone.
//!
//! Soundness: the joined view's elements are exactly the inputs' (index `i` on the new axis
//! is input `i`, at the same index elsewhere), so they live and stay unmutated as long as the
//! inputs' borrow. `from_shape_ptr` also needs them in one allocation; the inputs may be views
//! of different arrays that happen to lie one step apart. So the inputs' byte footprints
//! (from the lowest byte of their lowest element to the last byte of their highest) must
//! overlap, each with the next: two overlapping footprints share a byte, which lies in both
//! views' allocations, and allocations do not overlap, so the two are one allocation. The
//! joined view's footprint is the union of that chain of overlapping footprints: one range
//! inside that allocation, and its extent is within `isize::MAX` bytes, as every allocation's
//! is.

use ndarray::{ArrayView, Axis, Dimension, IxDyn, ShapeBuilder};

/// `values` (at least two, the same shape and strides, none empty, elements not zero-sized)
/// as one view with a new axis at `axis` (at most their rank) whose index `i` is `values[i]`,
/// where each input starts the same number of bytes (a whole number of elements) after the one
/// before and each input's footprint overlaps the next's (module doc); `None` otherwise.
pub(super) fn joined<'a, A, D: Dimension>(
    values: &[ArrayView<'a, A, D>],
    axis: usize,
) -> Option<ArrayView<'a, A, IxDyn>> {
    let size = std::mem::size_of::<A>() as isize;
    let (first, rest) = values.split_first()?;
    let second = rest.first()?;
    let (shape, strides) = (first.shape(), first.strides());
    if size == 0 || first.is_empty() || axis > shape.len() {
        return None;
    }
    let same = values
        .iter()
        .all(|v| v.shape() == shape && v.strides() == strides);
    // The step between inputs, in bytes and in elements; every input one step after the last.
    let address = |v: &ArrayView<'a, A, D>| v.as_ptr() as isize;
    let step_bytes = address(second).checked_sub(address(first))?;
    if !same || step_bytes % size != 0 {
        return None;
    }
    let steady = values
        .windows(2)
        .all(|w| address(&w[1]).checked_sub(address(&w[0])) == Some(step_bytes));
    // The extent of one footprint: from the lowest element's first byte to the highest's last.
    let mut extent: isize = size;
    for (&len, &stride) in shape.iter().zip(strides) {
        let span = (len as isize - 1).checked_mul(stride.checked_abs()?)?;
        extent = extent.checked_add(span.checked_mul(size)?)?;
    }
    if !steady || step_bytes.checked_abs()? >= extent {
        return None;
    }
    let step = step_bytes / size;
    // The joined layout, with non-negative strides (`from_shape_ptr` takes no other): each
    // negative axis starts from its far end, and is inverted back after.
    let mut dims: Vec<usize> = shape.to_vec();
    let mut all_strides: Vec<isize> = strides.to_vec();
    dims.insert(axis, values.len());
    all_strides.insert(axis, step);
    let mut low: isize = 0;
    for (&len, &stride) in dims.iter().zip(&all_strides) {
        if stride < 0 {
            low = low.checked_add((len as isize - 1).checked_mul(stride)?)?;
        }
    }
    let magnitudes: Vec<usize> = all_strides.iter().map(|s| s.unsigned_abs()).collect();
    // SAFETY: the module doc's argument, on the checks above. `first.as_ptr()` is an element of
    // the first input (not empty); `low` (a sum of (len - 1) * stride over the negative axes,
    // no overflow: checked) moves it to the joined view's lowest element, which is the element
    // of input 0 or of the last input at the lowest coordinates of the negative axes: an
    // element of an input, so aligned, initialised and inside the one allocation that the
    // overlapping footprints share; the offset stays within that allocation. From there, the
    // non-negative strides reach exactly the joined view's elements, each an element of an
    // input, all in that allocation's range; their count is at most the stack's result, which
    // the caller checked fits in `isize`. The view lives for `'a` and only reads, as the inputs
    // do.
    let mut joined = unsafe {
        let lowest = first.as_ptr().offset(low);
        ArrayView::from_shape_ptr(IxDyn(&dims).strides(IxDyn(&magnitudes)), lowest)
    };
    for (k, &stride) in all_strides.iter().enumerate() {
        if stride < 0 {
            joined.invert_axis(Axis(k));
        }
    }
    Some(joined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array3, Array4, s};

    #[test]
    fn channels_of_one_array_join() {
        let x = Array4::from_shape_fn((2, 3, 4, 3), |(a, b, c, d)| a * 1000 + b * 100 + c * 10 + d);
        let bgr = [
            x.slice(s![.., .., .., 2]),
            x.slice(s![.., .., .., 1]),
            x.slice(s![.., .., .., 0]),
        ];
        let flip = joined(&bgr, 3).expect("one step apart");
        assert_eq!(flip, x.slice(s![.., .., .., ..;-1]).into_dyn());
        // Joined on another axis: the new axis first.
        let first = joined(&bgr, 0).expect("one step apart");
        assert_eq!(
            first,
            x.view()
                .permuted_axes([3, 0, 1, 2])
                .slice(s![..;-1, .., .., ..])
                .into_dyn()
        );
        // Every other column of a view with a reversed axis.
        let r = x.slice(s![1, ..;-1, .., ..]);
        let cols = [r.slice(s![.., 0, ..]), r.slice(s![.., 2, ..])];
        let want = ndarray::stack(Axis(1), &cols).unwrap().into_dyn();
        assert_eq!(joined(&cols, 1).expect("footprints overlap"), want);
        // Whole rows of it do not overlap: not joined (the caller copies them instead).
        let rows = [r.slice(s![0, .., ..]), r.slice(s![2, .., ..])];
        assert!(joined(&rows, 1).is_none());
        // The same view twice: a new axis of stride 0.
        let same = [x.slice(s![0, .., .., 1]), x.slice(s![0, .., .., 1])];
        assert_eq!(
            joined(&same, 2).unwrap(),
            ndarray::stack(Axis(2), &same).unwrap().into_dyn()
        );
    }

    proptest::proptest! {
        /// `tf_stack` of slices of one array at evenly spaced indices (joined where their
        /// footprints overlap, copied one by one where not), on random shapes with reversed
        /// axes, equals ndarray's `stack`, on every join axis.
        #[test]
        fn spaced_slices_stack_as_ndarray_stacks(
            dims in proptest::collection::vec(1usize..5, 2..5),
            reversed in 0u8..16,
            pick in 0usize..4,
            start in 0usize..5,
            step in -2isize..=2,
            count in 2usize..4,
            at in 0usize..5,
        ) {
            let x = ndarray::ArrayD::from_shape_fn(IxDyn(&dims), |i| {
                i.slice().iter().fold(0i64, |acc, &k| acc * 10 + k as i64)
            });
            let mut v = x.view();
            for k in 0..dims.len() {
                if reversed >> k & 1 == 1 {
                    v.invert_axis(Axis(k));
                }
            }
            let axis = pick % dims.len();
            let picks: Vec<usize> = (0..count as isize)
                .map(|k| start as isize + k * step)
                .filter_map(|i| usize::try_from(i).ok())
                .filter(|&i| i < dims[axis])
                .collect();
            proptest::prop_assume!(picks.len() == count);
            let values: Vec<_> = picks.iter().map(|&i| v.index_axis(Axis(axis), i)).collect();
            let at = at % dims.len();
            let got = crate::ops::join::tf_stack(&values, at as isize).unwrap();
            proptest::prop_assert_eq!(got, ndarray::stack(Axis(at), &values).unwrap());
            if let Some(view) = joined(&values, at) {
                proptest::prop_assert_eq!(view, ndarray::stack(Axis(at), &values).unwrap());
            }
        }
    }

    #[test]
    fn views_not_one_step_apart_or_apart_in_memory_do_not() {
        let x = Array3::from_shape_fn((4, 5, 3), |(a, b, c)| a * 100 + b * 10 + c);
        let c = |i| x.slice(s![.., .., i]);
        assert!(joined(&[c(0), c(2), c(1)], 2).is_none());
        assert!(joined(&[c(0), x.slice(s![.., ..;-1, 1])], 2).is_none());
        assert!(joined(&[c(0)], 0).is_none());
        assert!(joined(&[c(0), c(1)], 3).is_none());
        // Footprints that do not overlap: blocks of separate arrays, or of one array placed
        // where another could begin, are never joined.
        let y = x.clone();
        let (a, b) = (x.slice(s![0, .., ..]), y.slice(s![0, .., ..]));
        assert!(joined(&[a, b], 0).is_none());
        let (top, bottom) = (x.slice(s![0..2, .., ..]), x.slice(s![2..4, .., ..]));
        assert!(joined(&[top, bottom], 0).is_none());
        // Empty views.
        let e = x.slice(s![.., 0..0, 0]);
        assert!(joined(&[e, e], 0).is_none());
    }
}
