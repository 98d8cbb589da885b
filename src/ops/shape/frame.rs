//! `tf.signal.frame`: overlapping frames of a signal along an axis; a view into the signal when
//! no padding is needed, an owned array otherwise.

use ndarray::{ArrayRef, ArrayView, CowArray, Dimension, IxDyn, ShapeBuilder};

use crate::error::Error;
use crate::util::alloc::try_vec;
use crate::util::axis::resolve_axis;
use crate::util::copy::Sink;
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};

/// `tf.signal.frame` as a method of every ndarray array.
pub trait FrameExt<A, D: Dimension> {
    /// `tf.signal.frame(self, frame_length, frame_step, pad_end, pad_value, axis)`: the signal
    /// along `axis` cut into frames of `frame_length` samples starting every `frame_step`
    /// samples. Axis `axis` of `self` becomes two axes, `[num_frames, frame_length]`, so the
    /// result has dimension type `D::Larger`; frame `f`, sample `k` is sample
    /// `f * frame_step + k` of the signal.
    ///
    /// TensorFlow's frame count for a signal of `n` samples: without `pad_end`, only whole
    /// frames, `max(0, 1 + (n - frame_length) / frame_step)` (rounded down, so a signal shorter
    /// than one frame has none); with `pad_end`, `ceil(n / frame_step)` frames, the samples past
    /// the end being `pad_value`.
    ///
    /// Without padding (or when `pad_end` needs none) a non-empty result is a view
    /// ([`CowArray`] with `is_view()`) whose frames overlap in memory: no sample is copied, whatever the
    /// overlap. That needs the input to be contiguous in memory with non-negative strides
    /// (standard or Fortran layout, any axis order); other layouts, and padded frames, give an
    /// owned array in standard layout. `frame_length` and `frame_step` are `usize`: TensorFlow's
    /// negative values only reach an error of its `range` op.
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::ScalarInput`]: `self` is 0-d.
    /// - [`Error::AxisOutOfRange`]: `axis` outside `[-rank, rank)`.
    /// - [`Error::FrameStepZero`]: `frame_step` is 0.
    /// - [`Error::TooLarge`]: the result does not fit.
    ///
    /// # Example
    /// TensorFlow's own example (`tf.signal.frame` documentation): a batch of 3 signals of 9152
    /// audio samples, frames of 512 samples every 180.
    /// ```
    /// use ndarray::{array, Array2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let audio = Array2::<f32>::zeros((3, 9152));
    /// // Only 49 frames: a frame starting at j * 180 for j > 48 would overhang the end.
    /// let frames = audio.tf_frame(512, 180, false, 0.0, -1)?;
    /// assert_eq!(frames.shape(), &[3, 49, 512]);
    /// assert!(frames.is_view());
    /// // With pad_end, the final two frames are kept, padded with zeros.
    /// let frames = audio.tf_frame(512, 180, true, 0.0, -1)?;
    /// assert_eq!(frames.shape(), &[3, 51, 512]);
    ///
    /// let signal = array![1, 2, 3, 4, 5, 6, 7];
    /// assert_eq!(signal.tf_frame(3, 2, false, 0, 0)?, array![[1, 2, 3], [3, 4, 5], [5, 6, 7]]);
    /// assert_eq!(
    ///     signal.tf_frame(3, 3, true, -1, 0)?,
    ///     array![[1, 2, 3], [4, 5, 6], [7, -1, -1]]
    /// );
    /// // The frames of the view share the signal's samples.
    /// let frames = signal.tf_frame(3, 2, false, 0, 0)?;
    /// assert!(std::ptr::eq(&frames[[0, 2]], &frames[[1, 0]]));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_frame(
        &self,
        frame_length: usize,
        frame_step: usize,
        pad_end: bool,
        pad_value: A,
        axis: isize,
    ) -> Result<CowArray<'_, A, D::Larger>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> FrameExt<A, D> for ArrayRef<A, D> {
    fn tf_frame(
        &self,
        frame_length: usize,
        frame_step: usize,
        pad_end: bool,
        pad_value: A,
        axis: isize,
    ) -> Result<CowArray<'_, A, D::Larger>, Error>
    where
        A: Clone,
    {
        let shape = self.shape();
        if shape.is_empty() {
            return Err(Error::ScalarInput { op: "tf_frame" });
        }
        let axis = resolve_axis("tf_frame", "axis", axis, shape.len())?;
        if frame_step == 0 {
            return Err(Error::FrameStepZero);
        }
        let n = shape[axis];
        let num_frames = frame_count(n, frame_length, frame_step, pad_end);
        let mut out_shape = Vec::with_capacity(shape.len() + 1);
        out_shape.extend_from_slice(&shape[..axis]);
        out_shape.extend_from_slice(&[num_frames, frame_length]);
        out_shape.extend_from_slice(&shape[axis + 1..]);
        // The last frame's end, past the signal when padding is needed.
        let end = num_frames
            .checked_sub(1)
            .and_then(|f| f.checked_mul(frame_step))
            .and_then(|s| s.checked_add(frame_length));
        let padded = end.is_some_and(|e| e > n);
        // An empty result is owned (nothing to copy): ndarray's own copy of an empty view with
        // these strides trips its debug checks.
        if !padded
            && !out_shape.contains(&0)
            && let Some(view) = frames_view(self, axis, &out_shape, frame_step)
        {
            return typed(view.into_dyn().into());
        }
        let data = try_vec::<A>(&out_shape)?;
        // The op reads the signal once (less than it writes: frames overlap) and writes the
        // result; one that passes the cache together with it streams (`Sink`).
        let read = self.len().saturating_mul(std::mem::size_of::<A>());
        let mut data = Sink::new(data, read);
        if !out_shape.contains(&0) {
            let source = c_order(self)?;
            let outer = shape[..axis].iter().product::<usize>();
            let inner = shape[axis + 1..].iter().product::<usize>();
            // Frames that end inside the signal, then the ones that run into the padding.
            let whole = frame_count(n, frame_length, frame_step, false).min(num_frames);
            // `run` fits: the result (checked by try_vec) holds at least one frame. `frame_step *
            // inner` may not (a huge step with a single frame): each start is computed from the
            // frame number, and is inside the signal.
            let run = frame_length * inner;
            // The padding of the frames that run past the signal, made once: at most a frame.
            let tail = if whole < num_frames {
                vec![pad_value; run]
            } else {
                Vec::new()
            };
            for signal in source.chunks_exact(n * inner).take(outer) {
                // Each frame is one contiguous run of the signal, copied once into the result.
                for f in 0..whole {
                    let start = f * frame_step * inner;
                    data.extend(&signal[start..start + run]);
                }
                for f in whole..num_frames {
                    let start = (f * frame_step).min(n) * inner;
                    let kept = &signal[start..];
                    data.extend(kept);
                    data.extend(&tail[..run - kept.len()]);
                }
            }
        }
        typed(from_c_order(IxDyn(&out_shape), data.finish())?.into())
    }

    private_impl! {}
}

/// TensorFlow's frame count for `n` samples.
pub(crate) fn frame_count(
    n: usize,
    frame_length: usize,
    frame_step: usize,
    pad_end: bool,
) -> usize {
    if pad_end {
        n.div_ceil(frame_step)
    } else {
        n.checked_sub(frame_length)
            .map_or(0, |rest| rest / frame_step + 1)
    }
}

/// The frames as a view with overlapping strides, where the input is one contiguous block of
/// memory with non-negative strides; `None` otherwise (the caller copies).
fn frames_view<'a, A, D: Dimension>(
    x: &'a ArrayRef<A, D>,
    axis: usize,
    out_shape: &[usize],
    frame_step: usize,
) -> Option<ArrayView<'a, A, IxDyn>> {
    let shape = x.shape();
    // Axes of length 0 or 1 may carry any stride; they are never stepped along.
    let strides: Vec<usize> = shape
        .iter()
        .zip(x.strides())
        .map(|(&d, &s)| {
            if d > 1 {
                usize::try_from(s).ok()
            } else {
                Some(0)
            }
        })
        .collect::<Option<_>>()?;
    // With non-negative strides the memory block starts at element [0, .., 0].
    let slice = x.as_slice_memory_order()?;
    let step = strides[axis];
    // Stepping from frame to frame moves frame_step samples; only used with two frames or more,
    // and then inside the block, so it fits (0 otherwise, where it could overflow).
    let frame_stride = if out_shape[axis] > 1 {
        step.checked_mul(frame_step)?
    } else {
        0
    };
    let mut out_strides = Vec::with_capacity(strides.len() + 1);
    out_strides.extend_from_slice(&strides[..axis]);
    out_strides.extend_from_slice(&[frame_stride, step]);
    out_strides.extend_from_slice(&strides[axis + 1..]);
    // ndarray checks every offset against the slice (overlap is fine for a read-only view).
    ArrayView::from_shape(IxDyn(out_shape).strides(IxDyn(&out_strides)), slice).ok()
}

/// The `IxDyn` result as `D::Larger` (the rank is the input's plus one by construction).
fn typed<'a, A, E: Dimension>(x: CowArray<'a, A, IxDyn>) -> Result<CowArray<'a, A, E>, Error> {
    x.into_dimensionality::<E>()
        .map_err(|e| Error::Internal(format!("tf_frame built a result of the wrong rank: {e}")))
}
