//! `tf_frame` against a naive oracle written from TensorFlow's definition, element by element
//! (no code shared with `src/`), on inputs in several memory layouts, plus its own tests.
//! Views are checked to *be* the input's elements (same address).

use ndarray::{Array1, Array2, array, s};
use ndarray_tfslice::prelude::*;
use proptest::prelude::*;

use crate::naive::{assert_same_elements, base, indices, input, tf_axis, view};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn frame_takes_samples_step_by_step(
        (shape, layout) in input(3),
        frame_length in 0usize..6,
        frame_step in 1usize..4,
        pad_end in any::<bool>(),
        axis in -3isize..3,
    ) {
        let b = base(&shape, layout);
        let x = view(&b, &shape, layout);
        let rank = shape.len();
        let got = x.tf_frame(frame_length, frame_step, pad_end, -1, axis);
        let Some(a) = tf_axis(axis, rank) else {
            prop_assert!(got.is_err());
            return Ok(());
        };
        let n = shape[a];
        // Naively: frame f exists when it starts inside the signal (pad_end) or ends inside it.
        let frames = (0..=n)
            .take_while(|f| if pad_end { f * frame_step < n } else { f * frame_step + frame_length <= n })
            .count();
        let got = got.unwrap();
        let mut out_shape = shape.clone();
        out_shape.splice(a..=a, [frames, frame_length]);
        prop_assert_eq!(got.shape(), out_shape.as_slice());
        let mut padded = false;
        for j in indices(&out_shape) {
            let t = j[a] * frame_step + j[a + 1];
            let want = if t < n {
                let mut i = j.clone();
                i.splice(a..=a + 1, [t]);
                x[i.as_slice()]
            } else {
                padded = true;
                -1
            };
            prop_assert_eq!(got[j.as_slice()], want);
        }
        // No padding and a contiguous input: the frames are the signal's own samples.
        if !padded && x.is_standard_layout() && !out_shape.contains(&0) {
            prop_assert!(got.is_view());
            let g = got.view();
            assert_same_elements(&g, &out_shape, &x, |j| {
                let mut i = j.to_vec();
                let t = j[a] * frame_step + j[a + 1];
                i.splice(a..=a + 1, [t]);
                i
            });
        }
    }
}

#[test]
fn frame_views_overlap_and_copies_are_standard() {
    let audio = Array2::from_shape_fn((2, 20), |(i, j)| (100 * i + j) as i32);
    let frames = audio.tf_frame(8, 3, false, 0, 1).unwrap();
    assert!(frames.is_view());
    assert_eq!(frames.shape(), &[2, 5, 8]);
    assert!(std::ptr::eq(&frames[[1, 1, 0]], &frames[[1, 0, 3]]));
    // Fortran layout: still a view.
    let f = audio.t().as_standard_layout().into_owned();
    let ft = f.t();
    let frames = ft.tf_frame(8, 3, false, 0, 1).unwrap();
    assert!(frames.is_view());
    // A strided view: a copy, same values.
    let strided = audio.slice(s![.., ..;2]);
    let frames = strided.tf_frame(4, 2, false, 0, -1).unwrap();
    assert!(!frames.is_view() && frames.is_standard_layout());
    assert_eq!(frames.slice(s![0, 1, ..]), array![4, 6, 8, 10]);
    // pad_end with nothing to pad keeps the view.
    let x = Array1::from_iter(0..9);
    assert!(x.tf_frame(3, 3, true, 0, 0).unwrap().is_view());
    assert!(!x.tf_frame(4, 3, true, 0, 0).unwrap().is_view());
    assert_eq!(
        x.tf_frame(3, 0, false, 0, 0).unwrap_err(),
        Error::FrameStepZero
    );
}

#[test]
fn frame_huge_step_with_inner_axes() {
    // One padded frame whose step times the inner size overflows usize: found by the fuzzer
    // (the owned path multiplied them before knowing only frame 0 exists).
    let x = array![[1, 2], [3, 4], [5, 6]];
    let got = x.tf_frame(5, usize::MAX, true, 0, 0).unwrap();
    assert_eq!(got, array![[[1, 2], [3, 4], [5, 6], [0, 0], [0, 0]]]);
    // Two whole frames and one padded, along axis 0 with inner axes.
    let got = x.tf_frame(2, 1, true, -1, 0).unwrap();
    assert_eq!(
        got,
        array![[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[5, 6], [-1, -1]]]
    );
}

/// A result large enough to be written with streaming stores (the signal read plus the frames
/// written pass 32 MiB): every frame holds its samples, the padding included.
#[test]
fn a_streamed_padded_result_holds_every_frame() {
    let (signals, n, length, step) = (4usize, 1_000_003usize, 400usize, 160usize);
    let x = Array2::from_shape_fn((signals, n), |(b, i)| (b * n + i) as f32);
    let y = x.tf_frame(length, step, true, -1.0, -1).unwrap();
    let frames = n.div_ceil(step);
    assert_eq!(y.shape(), &[signals, frames, length]);
    let data = y.as_slice().expect("C order");
    for (at, frame) in data.chunks_exact(length).enumerate() {
        let (b, f) = (at / frames, at % frames);
        for (k, &got) in frame.iter().enumerate() {
            let i = f * step + k;
            let want = if i < n { (b * n + i) as f32 } else { -1.0 };
            assert_eq!(got, want, "signal {b} frame {f} sample {k}");
        }
    }
}
