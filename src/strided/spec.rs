//! `StridedSlice`: a TensorFlow strided-slice spec as a value, built like the Java API's op, parsed
//! from Python index syntax (see `parse.rs`), and printed back as Python.

use std::fmt;

use crate::error::{Argument, Error};
use crate::int_list::{IntList, widen};
use crate::strided::masks::{Masks, bit};
use crate::strided::resolve::MAX_SPEC_LEN;

/// A TensorFlow strided-slice spec: `begin`, `end`, `strides` and the five [`Masks`], unresolved
/// (it means nothing until applied to a shape).
///
/// Build one from a graph's raw attributes, the way TensorFlow's Java `StridedSlice` op takes them,
/// or parse a Python index expression; print it back as Python with `Display`.
///
/// ```
/// use ndarray_tfslice::prelude::*;
///
/// // A GraphDef node: begin [1, 2, 0, 0, 0, 0], end [2, 4, 0, 0, -3, 0], begin_mask 48, ...
/// let raw = StridedSlice::new([1, 2, 0, 0, 0, 0], [2, 4, 0, 0, -3, 0], [1, 1, 1, 1, -1, 1])?
///     .begin_mask(48)
///     .end_mask(32)
///     .ellipsis_mask(8)
///     .new_axis_mask(4)
///     .shrink_axis_mask(1);
/// // ... is the Python expression x[1, 2:4, None, ..., :-3:-1, :].
/// assert_eq!(raw.to_string(), "1, 2:4, None, ..., :-3:-1, :");
/// let parsed: StridedSlice = "1, 2:4, None, ..., :-3:-1, :".parse()?;
/// assert_eq!(parsed, raw);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StridedSlice {
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    masks: Masks,
}

/// What one entry of a [`StridedSlice`] is, after TensorFlow's precedence (ellipsis over new axis
/// over the rest) and with the values TensorFlow ignores left out. `Display` prints it in Python
/// syntax.
///
/// ```
/// use ndarray_tfslice::prelude::*;
/// // Bits 0 of both new_axis and shrink_axis: the new axis wins.
/// let spec = StridedSlice::new([3], [4], [1])?.new_axis_mask(1).shrink_axis_mask(1);
/// assert_eq!(spec.entry(0), Some(Entry::NewAxis));
/// assert_eq!(Entry::Range { begin: Some(1), end: None, stride: -2 }.to_string(), "1::-2");
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// `...`: as many whole axes as the other entries leave over.
    Ellipsis,
    /// `None` / `tf.newaxis`: a new axis of length 1.
    NewAxis,
    /// A single index: the axis is dropped (shrink). `stride` is only checked: TensorFlow rejects
    /// zero and negative strides here and ignores positive ones.
    Index {
        /// The index (negative counts from the end).
        index: i64,
        /// The stride given with it.
        stride: i64,
    },
    /// `begin:end:stride`; `None` for a masked (omitted) bound.
    Range {
        /// The start, or `None` for the full range in the walk direction.
        begin: Option<i64>,
        /// The stop, or `None` for the full range in the walk direction.
        end: Option<i64>,
        /// The step.
        stride: i64,
    },
}

impl StridedSlice {
    /// A spec with no mask bits set, from `begin`, `end` and `strides` (one value per entry).
    ///
    /// # Errors
    /// [`Error::SpecLengthMismatch`] if the three lengths differ, [`Error::SpecTooLong`] past 64
    /// entries.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([1, 0], [3, 0], [1, -1])?.begin_mask(0b10).end_mask(0b10);
    /// assert_eq!(spec.to_string(), "1:3, ::-1");
    /// assert!(StridedSlice::new([1], [3, 4], [1]).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(
        begin: impl Into<Vec<i64>>,
        end: impl Into<Vec<i64>>,
        strides: impl Into<Vec<i64>>,
    ) -> Result<Self, Error> {
        Self::from_parts(begin.into(), end.into(), strides.into(), Masks::NONE)
    }

    /// A spec from values of any primitive integer type and all five masks, as
    /// [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice) takes them.
    ///
    /// # Errors
    /// As [`new`](StridedSlice::new), and [`Error::ValueOutOfRange`] for a value past `i64`.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let m = Masks { shrink_axis: 1, ..Masks::NONE };
    /// let spec = StridedSlice::from_raw(&[2u32, 0], &[3, 0], &[1, 1], m)?;
    /// assert_eq!(spec.to_string(), "2, 0:0");
    /// # Ok::<(), Error>(())
    /// ```
    pub fn from_raw<B: IntList + ?Sized, N: IntList + ?Sized, T: IntList + ?Sized>(
        begin: &B,
        end: &N,
        strides: &T,
        masks: Masks,
    ) -> Result<Self, Error> {
        let (b, e, s) = (
            widen(begin, Argument::Begin)?.to_vec(),
            widen(end, Argument::End)?.to_vec(),
            widen(strides, Argument::Strides)?.to_vec(),
        );
        Self::from_parts(b, e, s, masks)
    }

    /// Checks the lengths once, so every `StridedSlice` has a valid shape of its own.
    pub(crate) fn from_parts(
        begin: Vec<i64>,
        end: Vec<i64>,
        strides: Vec<i64>,
        masks: Masks,
    ) -> Result<Self, Error> {
        if begin.len() != strides.len() || end.len() != strides.len() {
            return Err(Error::SpecLengthMismatch {
                begin_len: begin.len(),
                end_len: end.len(),
                strides_len: strides.len(),
            });
        }
        if strides.len() > MAX_SPEC_LEN {
            return Err(Error::SpecTooLong {
                len: strides.len(),
                max: MAX_SPEC_LEN,
            });
        }
        Ok(StridedSlice {
            begin,
            end,
            strides,
            masks,
        })
    }

    /// Sets `begin_mask` (bit `i`: ignore `begin[i]`, start from the first element in the walk
    /// direction).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([7], [3], [1])?.begin_mask(1);
    /// assert_eq!(spec.to_string(), ":3");
    /// # Ok::<(), Error>(())
    /// ```
    #[must_use]
    pub fn begin_mask(mut self, mask: u64) -> Self {
        self.masks.begin = mask;
        self
    }

    /// Sets `end_mask` (bit `i`: ignore `end[i]`, run to the last element in the walk direction).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([1], [9], [-1])?.end_mask(1);
    /// assert_eq!(spec.to_string(), "1::-1");
    /// # Ok::<(), Error>(())
    /// ```
    #[must_use]
    pub fn end_mask(mut self, mask: u64) -> Self {
        self.masks.end = mask;
        self
    }

    /// Sets `ellipsis_mask` (bit `i`: entry `i` is `...`).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([0, 2], [0, 3], [1, 1])?.ellipsis_mask(1);
    /// assert_eq!(spec.to_string(), "..., 2:3");
    /// # Ok::<(), Error>(())
    /// ```
    #[must_use]
    pub fn ellipsis_mask(mut self, mask: u64) -> Self {
        self.masks.ellipsis = mask;
        self
    }

    /// Sets `new_axis_mask` (bit `i`: entry `i` is a new axis).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([0, 0], [4, 0], [1, 1])?.new_axis_mask(2);
    /// assert_eq!(spec.to_string(), "0:4, None");
    /// # Ok::<(), Error>(())
    /// ```
    #[must_use]
    pub fn new_axis_mask(mut self, mask: u64) -> Self {
        self.masks.new_axis = mask;
        self
    }

    /// Sets `shrink_axis_mask` (bit `i`: entry `i` is the single index `begin[i]`).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([0, 3], [0, 4], [1, 1])?.begin_mask(1).end_mask(1).shrink_axis_mask(2);
    /// assert_eq!(spec.to_string(), ":, 3");
    /// # Ok::<(), Error>(())
    /// ```
    #[must_use]
    pub fn shrink_axis_mask(mut self, mask: u64) -> Self {
        self.masks.shrink_axis = mask;
        self
    }

    /// Sets all five masks at once.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::new([1, 0], [0, 0], [1, 1])?.with_masks(Masks::from_tf(0, 1, 0, 2, 0));
    /// assert_eq!(spec.to_string(), "1:, None");
    /// # Ok::<(), Error>(())
    /// ```
    #[must_use]
    pub fn with_masks(mut self, masks: Masks) -> Self {
        self.masks = masks;
        self
    }

    /// `begin`, one value per entry.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// // TF's own encoding of x[1, 2:4, None, ..., :-3:-1, :].
    /// let spec: StridedSlice = "1, 2:4, None, ..., :-3:-1, :".parse()?;
    /// assert_eq!(spec.begin(), &[1, 2, 0, 0, 0, 0]);
    /// assert_eq!(spec.end(), &[2, 4, 0, 0, -3, 0]);
    /// assert_eq!(spec.strides(), &[1, 1, 1, 1, -1, 1]);
    /// assert_eq!(spec.masks(), Masks { begin: 48, end: 32, ellipsis: 8, new_axis: 4, shrink_axis: 1 });
    /// assert_eq!((spec.len(), spec.is_empty()), (6, false));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn begin(&self) -> &[i64] {
        &self.begin
    }

    /// `end`, one value per entry.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "1:-1:2, 4".parse()?;
    /// assert_eq!(spec.end(), &[-1, 5]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn end(&self) -> &[i64] {
        &self.end
    }

    /// `strides`, one value per entry.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "1:-1:2, 4".parse()?;
    /// assert_eq!(spec.strides(), &[2, 1]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// The five masks, as set (dead bits included).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "..., :3, 0".parse()?;
    /// assert_eq!(spec.masks(), Masks { begin: 0b010, ellipsis: 0b001, shrink_axis: 0b100, ..Masks::NONE });
    /// # Ok::<(), Error>(())
    /// ```
    pub fn masks(&self) -> Masks {
        self.masks
    }

    /// The number of entries (the length of `begin`, `end` and `strides`).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// assert_eq!("..., 0".parse::<StridedSlice>()?.len(), 2);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.strides.len()
    }

    /// Whether the spec has no entries (the identity, `x[()]`).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let identity: StridedSlice = "()".parse()?;
    /// assert!(identity.is_empty());
    /// assert_eq!(identity.to_string(), "()");
    /// # Ok::<(), Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.strides.is_empty()
    }

    /// What entry `i` is, or `None` past the end.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "..., None, 3, ::-2, 1:".parse()?;
    /// assert_eq!(spec.entry(0), Some(Entry::Ellipsis));
    /// assert_eq!(spec.entry(1), Some(Entry::NewAxis));
    /// assert_eq!(spec.entry(2), Some(Entry::Index { index: 3, stride: 1 }));
    /// assert_eq!(spec.entry(3), Some(Entry::Range { begin: None, end: None, stride: -2 }));
    /// assert_eq!(spec.entry(4), Some(Entry::Range { begin: Some(1), end: None, stride: 1 }));
    /// assert_eq!(spec.entry(5), None);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn entry(&self, i: usize) -> Option<Entry> {
        let stride = *self.strides.get(i)?;
        let m = self.masks;
        Some(if bit(m.ellipsis, i) {
            Entry::Ellipsis
        } else if bit(m.new_axis, i) {
            Entry::NewAxis
        } else if bit(m.shrink_axis, i) {
            Entry::Index {
                index: self.begin[i],
                stride,
            }
        } else {
            Entry::Range {
                begin: (!bit(m.begin, i)).then_some(self.begin[i]),
                end: (!bit(m.end, i)).then_some(self.end[i]),
                stride,
            }
        })
    }

    /// Every entry, in order.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "None, -1".parse()?;
    /// let entries: Vec<Entry> = spec.entries().collect();
    /// assert_eq!(entries, [Entry::NewAxis, Entry::Index { index: -1, stride: 1 }]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        (0..self.len()).filter_map(|i| self.entry(i))
    }
}

impl fmt::Display for Entry {
    /// The entry in Python index syntax. Two indexes only [`StridedSlice::from_raw`] can make
    /// have no Python spelling, and neither selects anything:
    /// - one with a stride TensorFlow rejects (zero or negative) prints as `index::0`, which
    ///   TensorFlow rejects at the same axis (as a zero stride);
    /// - `i64::MAX` prints as itself, which the parser rejects as TensorFlow's Python does (its
    ///   end, `index + 1`, does not fit in `int64`); as a spec it is out of range on every axis.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Entry::Ellipsis => f.write_str("..."),
            Entry::NewAxis => f.write_str("None"),
            Entry::Index { index, stride } if stride > 0 => write!(f, "{index}"),
            Entry::Index { index, .. } => write!(f, "{index}::0"),
            Entry::Range { begin, end, stride } => {
                if let Some(b) = begin {
                    write!(f, "{b}")?;
                }
                f.write_str(":")?;
                if let Some(e) = end {
                    write!(f, "{e}")?;
                }
                if stride != 1 {
                    write!(f, ":{stride}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for StridedSlice {
    /// The spec as a Python index expression with the same meaning (what goes inside `x[...]`):
    /// dead mask bits and ignored values dropped, a shrink shown as its index, new axis + shrink as
    /// `None`, the empty spec as `()`. An ellipsis mask with more than one bit set (an error in
    /// TensorFlow even when the extra bits are dead) keeps two ellipses, so it stays an error.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut written = 0;
        let mut ellipses = 0;
        for entry in self.entries() {
            f.write_str(if written > 0 { ", " } else { "" })?;
            write!(f, "{entry}")?;
            written += 1;
            ellipses += usize::from(entry == Entry::Ellipsis);
        }
        if self.masks.ellipsis.count_ones() > 1 {
            for _ in ellipses..2 {
                f.write_str(if written > 0 { ", ..." } else { "..." })?;
                written += 1;
            }
        }
        if written == 0 {
            f.write_str("()")?;
        }
        Ok(())
    }
}
