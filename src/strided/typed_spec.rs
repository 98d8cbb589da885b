//! `TypedSpec`: the value of [`tf_s!`](crate::tf_s), a strided-slice spec of `N` entries whose
//! type records its rank change, and the hidden functions the macro expands to.

use std::fmt;
use std::marker::PhantomData;

use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::strided::masks::Masks;
use crate::strided::resolve::MAX_SPEC_LEN;
use crate::strided::spec::{Entry, StridedSlice, entry_at};

/// A strided-slice spec written with [`tf_s!`](crate::tf_s): `N` entries, checked at compile
/// time, bounds evaluated where the macro is, and the rank change in the type `R` (a
/// [`rank`](crate::rank) chain), so that [`tf_index`](crate::TfSliceExt::tf_index) and its
/// forms return a view of a fixed dimension type.
///
/// It is `Copy`: use one value for many arrays. `Display` prints it as Python;
/// `StridedSlice::try_from` turns it into a run-time spec.
///
/// A bound whose value does not fit in `i64` (a `u64` past `i64::MAX`, an `i128`) is kept as
/// it was given: every use of the spec is then [`Error::ValueOutOfRange`] naming the first such
/// bound in TensorFlow's order (every `begin`, then every `end`, then every `stride`), the error
/// [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice) gives for the same values. Nothing
/// panics.
///
/// ```
/// use ndarray::{array, ArrayView1};
/// use ndarray_tfslice::prelude::*;
///
/// let spec = tf_s![1:, -1];
/// assert_eq!(spec.to_string(), "1:, -1");
/// assert_eq!(StridedSlice::try_from(spec)?, "1:, -1".parse()?);
/// let x = array![[1, 2], [3, 4], [5, 6]];
/// let y: ArrayView1<i32> = x.tf_index(spec)?;
/// assert_eq!(y, array![4, 6]);
///
/// // A bound past i64 is an error when the spec is used, not a panic.
/// let far = u64::MAX;
/// let err = x.tf_index(tf_s![far:]).unwrap_err();
/// assert_eq!(err.to_string(), "begin[0] = 18446744073709551615 does not fit in i64 (TensorFlow's widest index type)");
/// # Ok::<(), Error>(())
/// ```
pub struct TypedSpec<R, const N: usize> {
    begin: [i64; N],
    end: [i64; N],
    strides: [i64; N],
    masks: Masks,
    out_of_range: Option<OutOfRange>,
    rank: PhantomData<fn() -> R>,
}

/// The first bound that did not fit in `i64`, as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OutOfRange {
    argument: Argument,
    index: usize,
    value: Wide,
}

/// Any primitive integer, exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wide {
    Signed(i128),
    Unsigned(u128),
}

impl fmt::Display for Wide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Wide::Signed(v) => write!(f, "{v}"),
            Wide::Unsigned(v) => write!(f, "{v}"),
        }
    }
}

impl<R, const N: usize> Clone for TypedSpec<R, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, const N: usize> Copy for TypedSpec<R, N> {}

impl<R, const N: usize> fmt::Debug for TypedSpec<R, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypedSpec")
            .field("python", &format_args!("{self}"))
            .field("begin", &self.begin)
            .field("end", &self.end)
            .field("strides", &self.strides)
            .field("masks", &self.masks)
            .finish()
    }
}

impl<R, const N: usize> PartialEq for TypedSpec<R, N> {
    fn eq(&self, other: &Self) -> bool {
        (
            self.begin,
            self.end,
            self.strides,
            self.masks,
            self.out_of_range,
        ) == (
            other.begin,
            other.end,
            other.strides,
            other.masks,
            other.out_of_range,
        )
    }
}

impl<R, const N: usize> Eq for TypedSpec<R, N> {}

impl<R, const N: usize> TypedSpec<R, N> {
    /// `begin`, one value per entry, as TensorFlow's Python front end encodes `x[...]` (0 where
    /// the entry has no start).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let h = 3;
    /// assert_eq!(tf_s![h:h + 2, ..., 7].begin(), &[3, 0, 7]);
    /// ```
    pub fn begin(&self) -> &[i64] {
        &self.begin
    }

    /// `end`, one value per entry (an index `i` has end `i + 1`).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let h = 3;
    /// assert_eq!(tf_s![h:h + 2, ..., 7].end(), &[5, 0, 8]);
    /// ```
    pub fn end(&self) -> &[i64] {
        &self.end
    }

    /// `strides`, one value per entry (1 where none was given).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// assert_eq!(tf_s![::-1, None, 1::2].strides(), &[-1, 1, 2]);
    /// ```
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// The five masks, as TensorFlow's Python front end sets them.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let m = tf_s![1, 2:4, None, ..., :-3:-1, :].masks();
    /// assert_eq!(m, Masks::from_tf(48, 32, 8, 4, 1));
    /// ```
    pub fn masks(&self) -> Masks {
        self.masks
    }

    /// `begin`, `end` and `strides` as arrays, for the typed resolution.
    #[inline(always)]
    pub(crate) fn arrays(&self) -> (&[i64; N], &[i64; N], &[i64; N]) {
        (&self.begin, &self.end, &self.strides)
    }

    /// [`Error::ValueOutOfRange`] for a bound that did not fit in `i64`.
    #[inline(always)]
    pub(crate) fn check_bounds(&self) -> Result<(), Error> {
        match self.out_of_range {
            None => Ok(()),
            Some(bad) => Err(out_of_range(bad)),
        }
    }
}

#[cold]
fn out_of_range(bad: OutOfRange) -> Error {
    Error::ValueOutOfRange {
        argument: bad.argument,
        index: bad.index,
        value: bad.value.to_string(),
    }
}

impl<R, const N: usize> fmt::Display for TypedSpec<R, N> {
    /// The spec as a Python index expression, as [`StridedSlice`]'s `Display` prints it (the
    /// empty spec as `()`). A bound past `i64` prints as it was given.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if N == 0 {
            return f.write_str("()");
        }
        for i in 0..N {
            f.write_str(if i > 0 { ", " } else { "" })?;
            let Some(entry) = entry_at(&self.begin, &self.end, &self.strides, self.masks, i) else {
                continue;
            };
            let exact = |argument: Argument, value: i64| match self.out_of_range {
                Some(bad) if bad.argument == argument && bad.index == i => bad.value.to_string(),
                _ => value.to_string(),
            };
            match entry {
                Entry::Index { index, .. } => f.write_str(&exact(Argument::Begin, index))?,
                Entry::Range { begin, end, stride } => {
                    if let Some(b) = begin {
                        f.write_str(&exact(Argument::Begin, b))?;
                    }
                    f.write_str(":")?;
                    if let Some(e) = end {
                        f.write_str(&exact(Argument::End, e))?;
                    }
                    let stride_text = exact(Argument::Strides, stride);
                    if stride_text != "1" {
                        write!(f, ":{stride_text}")?;
                    }
                }
                other => write!(f, "{other}")?,
            }
        }
        Ok(())
    }
}

impl<R, const N: usize> TryFrom<TypedSpec<R, N>> for StridedSlice {
    type Error = Error;

    /// The same spec as a run-time [`StridedSlice`].
    ///
    /// # Errors
    /// [`Error::ValueOutOfRange`] if a bound does not fit in `i64`.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec = StridedSlice::try_from(tf_s![..., None, 0])?;
    /// assert_eq!(spec.to_string(), "..., None, 0");
    /// assert!(StridedSlice::try_from(tf_s![(i128::MAX)]).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    fn try_from(spec: TypedSpec<R, N>) -> Result<Self, Error> {
        spec.check_bounds()?;
        StridedSlice::from_parts(
            spec.begin.to_vec(),
            spec.end.to_vec(),
            spec.strides.to_vec(),
            spec.masks,
        )
    }
}

/// What [`tf_s!`](crate::tf_s) expands to. Not part of the API: the names and signatures here
/// may change in any release.
#[doc(hidden)]
pub mod __tf_s {
    use super::*;

    /// One bound as given: its `i64` value, or the value that does not fit.
    #[derive(Clone, Copy)]
    pub struct Bound(Result<i64, Wide>);

    /// A bound: any primitive integer expression.
    #[inline(always)]
    pub fn bound<T: PrimInt>(value: T) -> Bound {
        Bound(value.to_i64().ok_or_else(|| {
            value
                .to_i128()
                .map(Wide::Signed)
                .or_else(|| value.to_u128().map(Wide::Unsigned))
                // Every primitive integer fits in i128 or u128.
                .unwrap_or(Wide::Unsigned(0))
        }))
    }

    /// What one entry of a `tf_s!` spec is, known when the macro expands.
    #[derive(Clone, Copy)]
    pub enum Kind {
        /// `...`
        Ellipsis,
        /// A new axis.
        NewAxis,
        /// A single index.
        Index,
        /// A range; whether it gives a begin and an end.
        Range {
            /// A begin is given.
            begin: bool,
            /// An end is given.
            end: bool,
        },
    }

    /// The masks TensorFlow's Python front end sets for these entries (as the parser does).
    pub const fn masks(kinds: &[Kind]) -> Masks {
        let mut m = Masks::NONE;
        let mut i = 0;
        while i < kinds.len() && i < MAX_SPEC_LEN {
            let bit = 1u64 << i;
            match kinds[i] {
                Kind::Ellipsis => m.ellipsis |= bit,
                Kind::NewAxis => m.new_axis |= bit,
                Kind::Index => m.shrink_axis |= bit,
                Kind::Range { begin, end } => {
                    if !begin {
                        m.begin |= bit;
                    }
                    if !end {
                        m.end |= bit;
                    }
                }
            }
            i += 1;
        }
        m
    }

    /// One entry of a `tf_s!` spec.
    #[derive(Clone, Copy)]
    pub enum RawEntry {
        /// `...`
        Ellipsis,
        /// `None`, `newaxis`, `tf.newaxis`, `np.newaxis`
        NewAxis,
        /// A single index: shrink.
        Index(Bound),
        /// `begin:end:stride`, each part optional.
        Range(Option<Bound>, Option<Bound>, Option<Bound>),
    }

    /// A spec under construction: one [`push`](Builder::push) per entry, in order.
    pub struct Builder<R, const N: usize> {
        spec: TypedSpec<R, N>,
        len: usize,
    }

    impl<R, const N: usize> Builder<R, N> {
        /// An empty spec with the `masks` the entries' kinds give.
        #[inline(always)]
        pub fn new(masks: Masks) -> Self {
            const { assert!(N <= MAX_SPEC_LEN, "tf_s!: at most 64 entries") };
            Builder {
                spec: TypedSpec {
                    begin: [0; N],
                    end: [0; N],
                    strides: [1; N],
                    masks,
                    out_of_range: None,
                    rank: PhantomData,
                },
                len: 0,
            }
        }

        /// The value of one bound; one past `i64` is kept if it is the first in TensorFlow's
        /// check order (argument, then index). No call out of line: a `&mut self` passed to one
        /// kept the whole spec in memory, and its masks stopped folding.
        #[inline(always)]
        fn value(&mut self, b: Bound, argument: Argument, index: usize) -> i64 {
            match b.0 {
                Ok(v) => v,
                Err(value) => {
                    let later = match self.spec.out_of_range {
                        Some(old) => (argument as u8, index) < (old.argument as u8, old.index),
                        None => true,
                    };
                    if later {
                        self.spec.out_of_range = Some(OutOfRange {
                            argument,
                            index,
                            value,
                        });
                    }
                    i64::MAX
                }
            }
        }

        /// The next entry. Entries past `N` are ignored (`tf_s!` pushes exactly `N`).
        #[inline(always)]
        pub fn push(&mut self, entry: RawEntry) {
            let i = self.len;
            self.len += 1;
            if i >= N {
                return;
            }
            match entry {
                RawEntry::Ellipsis | RawEntry::NewAxis => {}
                RawEntry::Index(b) => {
                    let index = self.value(b, Argument::Begin, i);
                    self.spec.begin[i] = index;
                    // An index of i64::MAX is out of bounds on every axis, so the saturated end
                    // never selects anything.
                    self.spec.end[i] = index.saturating_add(1);
                }
                RawEntry::Range(b, e, st) => {
                    if let Some(b) = b {
                        self.spec.begin[i] = self.value(b, Argument::Begin, i);
                    }
                    if let Some(e) = e {
                        self.spec.end[i] = self.value(e, Argument::End, i);
                    }
                    if let Some(st) = st {
                        self.spec.strides[i] = self.value(st, Argument::Strides, i);
                    }
                }
            }
        }

        /// The spec.
        #[inline(always)]
        pub fn finish(self) -> TypedSpec<R, N> {
            self.spec
        }
    }
}
