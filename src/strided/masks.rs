//! The five bit masks of TensorFlow's `StridedSlice`.

/// The five masks of TensorFlow's `StridedSlice` op: bit `i` of each mask speaks about spec entry `i`.
///
/// TensorFlow's masks are `int32` attributes, so its specs stop at 31 entries; these masks are `u64`,
/// so a spec may have up to 64 entries. A bit at or past the spec length is ignored, exactly as
/// TensorFlow ignores it (`new_axis: 0b111` on a one-entry spec adds one axis, not three). The one
/// exception, as in TensorFlow, is [`ellipsis`](Masks::ellipsis): more than one bit set anywhere in it
/// is an error ([`Error::MultipleEllipses`](crate::Error::MultipleEllipses)).
///
/// When bits collide on one entry, the ellipsis wins over new_axis, and new_axis wins over the rest.
///
/// ```
/// use ndarray_tfslice::Masks;
///
/// // `x[1, 2:4, None, ..., :-3:-1, :]`, as TensorFlow's Python front end encodes it.
/// let masks = Masks { begin: 48, end: 32, ellipsis: 8, new_axis: 4, shrink_axis: 1 };
/// assert_eq!(masks, Masks::from_tf(48, 32, 8, 4, 1));
/// // A TF graph may carry -1 ("every bit"): it means bits 0 to 31.
/// assert_eq!(Masks::from_tf(-1, 0, 0, 0, 0).begin, 0xFFFF_FFFF);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Masks {
    /// Bit `i` set: ignore `begin[i]` and start from the first element in the walk direction.
    pub begin: u64,
    /// Bit `i` set: ignore `end[i]` and run to the last element in the walk direction.
    pub end: u64,
    /// Bit `i` set: entry `i` is `...`, standing for as many full axes as the rest of the spec leaves.
    pub ellipsis: u64,
    /// Bit `i` set: entry `i` inserts a new axis of length 1 (`tf.newaxis`, `None`).
    pub new_axis: u64,
    /// Bit `i` set: entry `i` is a single index `begin[i]` and its axis is dropped.
    pub shrink_axis: u64,
}

impl Masks {
    /// No bit set: every entry is a plain `begin:end:stride` range.
    ///
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    /// let x = array![0, 1, 2, 3];
    /// assert_eq!(x.tf_strided_slice(&[1], &[3], &[1], Masks::NONE)?, array![1, 2].into_dyn());
    /// # Ok::<(), Error>(())
    /// ```
    pub const NONE: Masks = Masks {
        begin: 0,
        end: 0,
        ellipsis: 0,
        new_axis: 0,
        shrink_axis: 0,
    };

    /// The masks as TensorFlow stores them: `int32` attributes, each reinterpreted as its 32 bits
    /// (so `-1` sets bits 0 to 31, as it does in TensorFlow).
    ///
    /// ```
    /// use ndarray_tfslice::Masks;
    /// let m = Masks::from_tf(0, 0, 0, 0, i32::MIN);
    /// assert_eq!(m.shrink_axis, 1 << 31);
    /// ```
    pub const fn from_tf(
        begin_mask: i32,
        end_mask: i32,
        ellipsis_mask: i32,
        new_axis_mask: i32,
        shrink_axis_mask: i32,
    ) -> Masks {
        Masks {
            begin: begin_mask as u32 as u64,
            end: end_mask as u32 as u64,
            ellipsis: ellipsis_mask as u32 as u64,
            new_axis: new_axis_mask as u32 as u64,
            shrink_axis: shrink_axis_mask as u32 as u64,
        }
    }
}

/// Whether bit `i` of `mask` is set; positions past 63 are never set.
pub(crate) fn bit(mask: u64, i: usize) -> bool {
    i < 64 && (mask >> i) & 1 == 1
}
