//! Slicing allocates nothing proportional to the data, and resolution allocates nothing beyond
//! what ndarray's own `IxDyn` slicing of the same selection allocates.
//!
//! A counting global allocator (`common/alloc.rs`), in a test binary of its own, counts what the
//! current thread allocates while a call runs.

use ndarray::{ArrayD, IxDyn, SliceInfoElem};
use ndarray_tfslice::prelude::*;

use crate::counting;
use counting::measure;

#[test]
fn slicing_allocates_nothing_proportional_to_the_data() {
    // 64 MiB of f32: 16 Mi elements, rank 3.
    let x = ArrayD::<f32>::zeros(IxDyn(&[256, 256, 256]));
    let m = Masks {
        end: 0b100,
        new_axis: 0b1000,
        ..Masks::NONE
    };
    let (bytes, _, y) = measure(|| {
        x.tf_strided_slice(&[1, -1, 0, 0], &[255, 0, 0, 0], &[3, -2, 1, 1], m)
            .map(|v| v.shape().to_vec())
    });
    assert_eq!(y.unwrap(), vec![85, 128, 256, 1]);
    assert!(
        bytes < 1024,
        "a view of a 64 MiB array allocated {bytes} bytes"
    );

    let (bytes, _, y) = measure(|| x.tf_slice(&[0, 0, 0], &[-1, 5, 7]).map(|v| v.len()));
    assert_eq!(y.unwrap(), 256 * 5 * 7);
    assert!(bytes < 1024, "tf_slice allocated {bytes} bytes");

    // Errors allocate nothing proportional to the data either.
    let (bytes, _, y) = measure(|| x.tf_strided_slice(&[0], &[1], &[0], Masks::NONE).is_err());
    assert!(y);
    assert!(bytes < 1024, "an error allocated {bytes} bytes");
}

#[test]
fn resolution_allocates_no_more_than_ndarray_dyn_slicing() {
    for rank in [1usize, 3, 4, 6, 8] {
        let shape: Vec<usize> = (0..rank).map(|i| 3 + i % 3).collect();
        let x = ArrayD::<u8>::zeros(IxDyn(&shape));
        let n = rank;
        let (b, e, s) = (vec![1i64; n], vec![-1i64; n], vec![1i64; n]);
        let elems: Vec<SliceInfoElem> = shape
            .iter()
            .map(|&d| SliceInfoElem::Slice {
                start: 1,
                end: Some(d as isize - 1),
                step: 1,
            })
            .collect();
        let (ours, ours_calls, a) =
            measure(|| x.tf_strided_slice(&b, &e, &s, Masks::NONE).map(|v| v.len()));
        let (theirs, theirs_calls, bl) = measure(|| x.slice(elems.as_slice()).len());
        assert_eq!(a.unwrap(), bl);
        assert!(
            ours <= theirs && ours_calls <= theirs_calls,
            "rank {rank}: tf_strided_slice allocated {ours} B in {ours_calls} calls, ndarray {theirs} B in {theirs_calls}"
        );
    }
}

/// Specs that add and drop axes, at every rank up to 8: no more allocated than ndarray's own
/// slicing of the same selection.
#[test]
fn rank_changing_specs_allocate_no_more_than_ndarray() {
    for rank in 1usize..=8 {
        let shape: Vec<usize> = (0..rank).map(|i| 2 + i % 3).collect();
        let x = ArrayD::<u8>::zeros(IxDyn(&shape));
        // x[0, None, ::-1, ..., None] (ranks 1 and 2 take what fits).
        let mut b = vec![0i64, 0, 0, 0, 0];
        let mut e = vec![0i64; 5];
        let mut s = vec![1i64, 1, -1, 1, 1];
        let mut m = Masks {
            begin: 0b00100,
            end: 0b00100,
            ellipsis: 0b01000,
            new_axis: 0b10010,
            shrink_axis: 0b00001,
        };
        let mut elems = vec![SliceInfoElem::Index(0), SliceInfoElem::NewAxis];
        if rank >= 2 {
            elems.push(SliceInfoElem::Slice {
                start: 0,
                end: None,
                step: -1,
            });
        } else {
            // Drop the `::-1` entry: rank 1 has only the shrunk axis.
            b.remove(2);
            e.remove(2);
            s.remove(2);
            m = Masks {
                begin: 0,
                end: 0,
                ellipsis: 0b0100,
                new_axis: 0b1010,
                shrink_axis: 0b0001,
            };
        }
        elems.extend((elems.len() - 1..rank).map(|_| SliceInfoElem::Slice {
            start: 0,
            end: None,
            step: 1,
        }));
        elems.push(SliceInfoElem::NewAxis);
        let (ours, ours_calls, a) =
            measure(|| x.tf_strided_slice(&b, &e, &s, m).map(|v| v.shape().len()));
        let (theirs, theirs_calls, bl) = measure(|| x.slice(elems.as_slice()).ndim());
        assert_eq!(a.unwrap(), bl, "rank {rank}");
        assert!(
            ours <= theirs && ours_calls <= theirs_calls,
            "rank {rank}: tf_strided_slice allocated {ours} B in {ours_calls} calls, ndarray {theirs} B in {theirs_calls}"
        );
    }
}

/// Outputs of rank 4 or less from inputs of rank 4 or less (ndarray's inline `IxDyn` capacity)
/// allocate nothing at all: not the one-shot call, not a prepared plan, not `tf_slice`, and not the
/// mutable or by-value forms.
#[test]
fn views_up_to_rank_4_allocate_nothing() {
    use ndarray_tfslice::prelude::*;
    let exprs = [
        "1:-1",
        "::-1, 2",
        "None, ..., -1",
        "1, ..., None, ::-2",
        "::2, None, 1:3, ::-1",
        "0, 0",
        "..., None, None",
        "()",
        "-1, -1, -1, -1",
    ];
    for shape in [vec![9usize], vec![4, 6], vec![3, 4, 5], vec![2, 3, 4, 5]] {
        let mut x = ArrayD::<f32>::zeros(IxDyn(&shape));
        for expr in exprs {
            let spec: StridedSlice = expr.parse().unwrap();
            let (b, e, s, m) = (spec.begin(), spec.end(), spec.strides(), spec.masks());
            let Ok(view) = x.tf_strided_slice(b, e, s, m) else {
                continue; // a spec the shape rejects (e.g. too many indices)
            };
            if view.ndim() > 4 {
                continue;
            }
            let plan = spec.resolve(&shape).unwrap();
            let (bytes, calls, _) = measure(|| x.tf_strided_slice(b, e, s, m).map(|v| v.len()));
            assert_eq!(
                (bytes, calls),
                (0, 0),
                "tf_strided_slice x[{expr}] on {shape:?}"
            );
            let (bytes, calls, _) = measure(|| plan.apply(&x).map(|v| v.len()));
            assert_eq!((bytes, calls), (0, 0), "plan x[{expr}] on {shape:?}");
            let (bytes, calls, _) = measure(|| x.tf_index_mut(&spec).map(|v| v.len()));
            assert_eq!(
                (bytes, calls),
                (0, 0),
                "tf_index_mut x[{expr}] on {shape:?}"
            );
            let (bytes, calls, _) = measure(|| x.view().tf_index_move(&spec).map(|v| v.len()));
            assert_eq!(
                (bytes, calls),
                (0, 0),
                "tf_index_move x[{expr}] on {shape:?}"
            );
        }
        let size: Vec<i64> = vec![-1; shape.len()];
        let begin: Vec<i64> = vec![1; shape.len()];
        let (bytes, calls, r) = measure(|| x.tf_slice(&begin, &size).map(|v| v.len()));
        assert!(r.is_ok());
        assert_eq!((bytes, calls), (0, 0), "tf_slice on {shape:?}");
    }
}
