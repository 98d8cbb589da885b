//! `tf_s!`: a Python index expression, the text inside `x[...]`, checked at compile time.
//!
//! A `macro_rules!` token muncher: it walks the tokens once, splitting entries at top-level `,`
//! and slice parts at top-level `:` (and `::`, one token to Rust, two colons here), so any Rust
//! expression without a top-level `:` or `,` is a bound. Each finished entry becomes a
//! `RawEntry`; shrinks and new axes are counted into the spec's `rank` chain type. Malformed input
//! stops at a `compile_error!` that quotes the entry.

/// A TensorFlow strided-slice spec in Python index syntax with Rust expressions as bounds, checked
/// at compile time: `tf_s![..., ::-1]` is `x[..., ::-1]`.
///
/// The value is a [`TypedSpec`](crate::TypedSpec) for
/// [`tf_index`](crate::TfSliceExt::tf_index) and its `_mut`, `_move`, `_to_owned` and `_assign`
/// forms. Its type carries the rank change, so the result's dimension type is known at compile
/// time: an input of `IxN` gives `Ix(N - indices + new axes)` (`IxDyn` stays `IxDyn`). Nothing is
/// parsed at run time.
///
/// # Syntax
///
/// The same as [`StridedSlice`](crate::StridedSlice)'s parser and TensorFlow's Python front end,
/// with the same meaning, entry by entry:
///
/// | entry | meaning |
/// |---|---|
/// | `i` (any primitive integer expression) | index `i` (negative counts from the end); the axis is dropped |
/// | `a:b`, `a:b:c`, any part omitted (`:`, `::-1`, `1:`, `:n`) or `None` | a range |
/// | `...` (or `Ellipsis`) | as many whole axes as the other entries leave; at most one |
/// | `None`, `newaxis`, `tf.newaxis`, `np.newaxis` | a new axis of length 1 |
///
/// Entries are separated by `,` (a trailing comma is fine); `tf_s![]` is the identity. As in
/// Python, axes past the last entry are kept whole (an implicit trailing `...`).
///
/// A bound is any Rust expression of a primitive integer type (`i32`, `i64`, `usize`, `u8`, ...,
/// each bound its own type) with no `:` or `,` outside brackets: `h:h + c`, `-1`, `n / 2:`,
/// `(v.len() - 1)::-1`, `f(a, b):`. Write a path with `::` in parentheses, `(consts::N):`, and a
/// literal past `i32` with a suffix (`5_000_000_000i64`), as Rust requires. A value that does
/// not fit in `i64` (a large `u64`, an `i128`) is not a compile error: every use of the spec is
/// then [`Error::ValueOutOfRange`](crate::Error::ValueOutOfRange), as with
/// [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice).
///
/// On an input of fixed rank, more indices than axes is a compile error (TensorFlow's
/// `Index out of range` at run time): the result's type would have a negative rank. On `IxDyn`
/// it is [`Error::TooManyIndices`](crate::Error::TooManyIndices) at run time, as with a parsed
/// spec. Every other TensorFlow error (an index out of bounds, a zero step) is an `Err` at run
/// time, since it depends on the shape or on run-time bounds.
///
/// `tf.newaxis` is matched as the three tokens `tf . newaxis`; any other dotted name is read as a
/// Rust expression (an index). Rust's range syntax `a..b` is refused with a hint; `..` is not an
/// entry (write `:` or `...`). A spec of many entries may need a higher
/// `#![recursion_limit]`: the macro takes one step per token.
///
/// # Examples
/// ```
/// use ndarray::{array, Array3, Array4, ArrayView1, ArrayView2, ArrayView3, ArrayView5};
/// use ndarray_tfslice::prelude::*;
///
/// // YOLOv3's box_xy[..., ::-1]: reverse the last axis.
/// let box_xy = array![[1.0, 2.0], [3.0, 4.0]];
/// let yx: ArrayView2<f64> = box_xy.tf_index(tf_s![..., ::-1])?;
/// assert_eq!(yx, array![[2.0, 1.0], [4.0, 3.0]]);
///
/// // A crop with run-time bounds, img[h:h + c, w:w + c], of an HWC image.
/// let img = Array3::<u8>::zeros((32, 32, 3));
/// let (h, w, c) = (4usize, 10usize, 16usize);
/// let crop: ArrayView3<u8> = img.tf_index(tf_s![h:h + c, w:w + c])?;
/// assert_eq!(crop.shape(), &[16, 16, 3]);
///
/// // A new axis and a drop: x[:, None, 1:] and x[..., 0].
/// let x = Array3::<f32>::zeros((2, 3, 4));
/// let y: Array4View<f32> = x.tf_index(tf_s![:, None, 1:])?;
/// # type Array4View<'a, A> = ndarray::ArrayView4<'a, A>;
/// assert_eq!(y.shape(), &[2, 1, 2, 4]);
/// let z: ArrayView2<f32> = x.tf_index(tf_s![..., 0])?;
/// assert_eq!(z.shape(), &[2, 3]);
///
/// // The Java StridedSlice page's foo[1, 2:4, tf.newaxis, ..., :-3:-1, :].
/// let foo = Array4::<i32>::zeros((5, 5, 5, 5));
/// let v = foo.tf_index(tf_s![1, 2:4, tf.newaxis, ..., :-3:-1, :])?;
/// assert_eq!(v.shape(), &[2, 1, 2, 5]); // the ellipsis covers no axis here
///
/// // An index from a variable; TensorFlow's errors at run time, as Err.
/// let i = -1;
/// let last: ArrayView1<f64> = box_xy.tf_index(tf_s![i])?;
/// assert_eq!(last, array![3.0, 4.0]);
/// assert!(box_xy.tf_index(tf_s![5]).is_err());
///
/// // Prints as Python.
/// assert_eq!(tf_s![h:h + c, ::-1, None].to_string(), "4:20, ::-1, None");
/// # Ok::<(), Error>(())
/// ```
///
/// A spec is `Copy`; paths as bounds go in parentheses:
/// ```
/// use ndarray::Array2;
/// use ndarray_tfslice::prelude::*;
/// mod consts { pub const N: usize = 2; }
/// let spec = tf_s![(consts::N):, :(consts::N)];
/// let x = Array2::<f32>::zeros((5, 5));
/// assert_eq!(x.tf_index(spec)?.shape(), &[3, 2]);
/// assert_eq!(x.tf_index(spec)?.shape(), &[3, 2]);
/// # Ok::<(), Error>(())
/// ```
///
/// # Compile errors
///
/// Two ellipses:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![..., 1, ...]; // tf_s!: a second ellipsis `...` after `..., 1,`
/// ```
/// An empty entry:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![1,, 2]; // tf_s!: an empty entry after `1,`
/// ```
/// A stray token:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![1 2, :]; // tf_s!: entry `1 2` is not ...
/// ```
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![1; 2];
/// ```
/// A slice of four parts:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![1:2:3:4];
/// ```
/// An ellipsis inside a slice:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![...:2];
/// ```
/// Rust's range syntax:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![1..3];
/// ```
/// A path without parentheses (`consts::N:` reads as `consts`, `:`, `:`, `N`, `:`):
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// mod consts { pub const N: usize = 2; }
/// let spec = tf_s![consts::N:];
/// ```
/// A bound that is not an integer:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![0.5:];
/// ```
/// More indices than a fixed-rank input has axes:
/// ```compile_fail
/// use ndarray_tfslice::prelude::*;
/// let x = ndarray::Array1::<f32>::zeros(3);
/// let y = x.tf_index(tf_s![0, 0]);
/// ```
/// A leading comma:
/// ```compile_fail
/// # use ndarray_tfslice::tf_s;
/// let spec = tf_s![, 1];
/// ```
#[macro_export]
macro_rules! tf_s {
    () => {
        $crate::__tf_s::Builder::<$crate::rank::Keep, 0>::new($crate::Masks::NONE).finish()
    };
    ($($tokens:tt)+) => {
        $crate::__tf_s_munch!(@munch [] [] [] [] [] [] [] [] $($tokens)+)
    };
}

/// The steps of [`tf_s!`]. Not part of the API.
///
/// State, in order: `[seen]` the tokens of finished entries with their commas (for messages),
/// `[raw]` the current entry's tokens, `[done]` finished entries as `RawEntry` expressions,
/// `[shrinks]` and `[new_axes]` one marker each, `[ellipsis]` a marker once one is seen,
/// `[parts]` the current entry's finished slice parts, `[current]` the part being read.
#[doc(hidden)]
#[macro_export]
macro_rules! __tf_s_munch {
    // Reading tokens.
    (@munch $seen:tt $raw:tt $done:tt $shr:tt $new:tt $ell:tt $parts:tt $cur:tt , $($rest:tt)*) => {
        $crate::__tf_s_munch!(@entry (comma [$($rest)*]) $seen $raw $done $shr $new $ell $parts $cur)
    };
    (@munch $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt [$($parts:tt)*] [$($cur:tt)*] :: $($rest:tt)*) => {
        $crate::__tf_s_munch!(@munch $seen [$($raw)* ::] $done $shr $new $ell [$($parts)* [$($cur)*] []] [] $($rest)*)
    };
    (@munch $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt [$($parts:tt)*] [$($cur:tt)*] : $($rest:tt)*) => {
        $crate::__tf_s_munch!(@munch $seen [$($raw)* :] $done $shr $new $ell [$($parts)* [$($cur)*]] [] $($rest)*)
    };
    (@munch [$($seen:tt)*] [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt $parts:tt $cur:tt .. $($rest:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: `..` in entry `", ::core::stringify!($($raw)* ..),
            "`: tf_s! takes Python syntax, `a:b` for a range, `:` for a whole axis, `...` for an ellipsis"
        ))
    };
    (@munch [$($seen:tt)*] [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt $parts:tt $cur:tt ..= $($rest:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: `..=` in entry `", ::core::stringify!($($raw)* ..=),
            "`: tf_s! takes Python syntax, `a:b` for a range"
        ))
    };
    (@munch $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt $parts:tt [$($cur:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__tf_s_munch!(@munch $seen [$($raw)* $t] $done $shr $new $ell $parts [$($cur)* $t] $($rest)*)
    };
    (@munch $seen:tt $raw:tt $done:tt $shr:tt $new:tt $ell:tt $parts:tt $cur:tt) => {
        $crate::__tf_s_munch!(@entry (end) $seen $raw $done $shr $new $ell $parts $cur)
    };

    // One entry, finished by a comma or the end.
    (@entry (comma $rest:tt) [] [] $done:tt $shr:tt $new:tt $ell:tt [] []) => {
        ::core::compile_error!("tf_s!: an empty entry at the start (a leading comma)")
    };
    (@entry (comma $rest:tt) [$($seen:tt)+] [] $done:tt $shr:tt $new:tt $ell:tt [] []) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: an empty entry after `", ::core::stringify!($($seen)+), "` (two commas in a row)"
        ))
    };
    (@entry (end) $seen:tt [] $done:tt $shr:tt $new:tt $ell:tt [] []) => {
        $crate::__tf_s_munch!(@emit $done $shr $new)
    };
    (@entry $after:tt [$($seen:tt)*] $raw:tt $done:tt $shr:tt $new:tt [x] [] [...]) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: a second ellipsis `...` after `", ::core::stringify!($($seen)*),
            "`: an index has at most one"
        ))
    };
    (@entry $after:tt [$($seen:tt)*] $raw:tt $done:tt $shr:tt $new:tt [x] [] [Ellipsis]) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: a second ellipsis `Ellipsis` after `", ::core::stringify!($($seen)*),
            "`: an index has at most one"
        ))
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt $shr:tt $new:tt [] [] [...]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done {($crate::__tf_s::Kind::Ellipsis) ($crate::__tf_s::RawEntry::Ellipsis)} $shr $new [x])
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt $shr:tt $new:tt [] [] [Ellipsis]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done {($crate::__tf_s::Kind::Ellipsis) ($crate::__tf_s::RawEntry::Ellipsis)} $shr $new [x])
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt $shr:tt [$($new:tt)*] $ell:tt [] [None]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done {($crate::__tf_s::Kind::NewAxis) ($crate::__tf_s::RawEntry::NewAxis)} $shr [$($new)* n] $ell)
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt $shr:tt [$($new:tt)*] $ell:tt [] [newaxis]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done {($crate::__tf_s::Kind::NewAxis) ($crate::__tf_s::RawEntry::NewAxis)} $shr [$($new)* n] $ell)
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt $shr:tt [$($new:tt)*] $ell:tt [] [tf . newaxis]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done {($crate::__tf_s::Kind::NewAxis) ($crate::__tf_s::RawEntry::NewAxis)} $shr [$($new)* n] $ell)
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt $shr:tt [$($new:tt)*] $ell:tt [] [np . newaxis]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done {($crate::__tf_s::Kind::NewAxis) ($crate::__tf_s::RawEntry::NewAxis)} $shr [$($new)* n] $ell)
    };
    (@entry $after:tt $seen:tt $raw:tt $done:tt [$($shr:tt)*] $new:tt $ell:tt [] [$index:expr]) => {
        $crate::__tf_s_munch!(@next $after $seen $raw $done
            {($crate::__tf_s::Kind::Index) ($crate::__tf_s::RawEntry::Index($crate::__tf_s::bound($index)))}
            [$($shr)* s] $new $ell)
    };
    (@entry $after:tt $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt [] [$($cur:tt)*]) => {
        $crate::__tf_s_munch!(@not_an_entry [$($raw)*])
    };
    (@entry $after:tt $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt [$begin:tt] $end:tt) => {
        $crate::__tf_s_munch!(@next $after $seen [$($raw)*] $done
            {($crate::__tf_s::Kind::Range {
                begin: $crate::__tf_s_munch!(@given $begin),
                end: $crate::__tf_s_munch!(@given $end),
            }) ($crate::__tf_s::RawEntry::Range(
                $crate::__tf_s_munch!(@part [$($raw)*] $begin),
                $crate::__tf_s_munch!(@part [$($raw)*] $end),
                ::core::option::Option::None,
            ))} $shr $new $ell)
    };
    (@entry $after:tt $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt [$begin:tt $end:tt] $stride:tt) => {
        $crate::__tf_s_munch!(@next $after $seen [$($raw)*] $done
            {($crate::__tf_s::Kind::Range {
                begin: $crate::__tf_s_munch!(@given $begin),
                end: $crate::__tf_s_munch!(@given $end),
            }) ($crate::__tf_s::RawEntry::Range(
                $crate::__tf_s_munch!(@part [$($raw)*] $begin),
                $crate::__tf_s_munch!(@part [$($raw)*] $end),
                $crate::__tf_s_munch!(@part [$($raw)*] $stride),
            ))} $shr $new $ell)
    };
    (@entry $after:tt $seen:tt [$($raw:tt)*] $done:tt $shr:tt $new:tt $ell:tt [$($parts:tt)*] $cur:tt) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: entry `", ::core::stringify!($($raw)*),
            "` has more than three slice parts (`a:b:c` at most; write a path bound in parentheses, `(m::N):`)"
        ))
    };

    // After an entry: the next one, or the end.
    (@next (comma [$($rest:tt)*]) [$($seen:tt)*] [$($raw:tt)*] [$($done:tt)*] $entry:tt $shr:tt $new:tt $ell:tt) => {
        $crate::__tf_s_munch!(@munch [$($seen)* $($raw)* ,] [] [$($done)* $entry] $shr $new $ell [] [] $($rest)*)
    };
    (@next (end) $seen:tt $raw:tt [$($done:tt)*] $entry:tt $shr:tt $new:tt $ell:tt) => {
        $crate::__tf_s_munch!(@emit [$($done)* $entry] $shr $new)
    };

    // Whether a slice part gives a bound (for the masks).
    (@given []) => { false };
    (@given [None]) => { false };
    (@given $part:tt) => { true };

    // A slice part: omitted, `None`, or a bound.
    (@part $raw:tt []) => { ::core::option::Option::None };
    (@part $raw:tt [None]) => { ::core::option::Option::None };
    (@part [$($raw:tt)*] [...]) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: entry `", ::core::stringify!($($raw)*), "`: `...` cannot be part of a slice"
        ))
    };
    (@part $raw:tt [$bound:expr]) => {
        ::core::option::Option::Some($crate::__tf_s::bound($bound))
    };
    (@part [$($raw:tt)*] [$($part:tt)*]) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: entry `", ::core::stringify!($($raw)*), "`: slice part `", ::core::stringify!($($part)*),
            "` is not an integer expression (write a path bound in parentheses, `(m::N):`)"
        ))
    };

    // Errors.
    (@not_an_entry [$($raw:tt)*]) => {
        ::core::compile_error!(::core::concat!(
            "tf_s!: entry `", ::core::stringify!($($raw)*),
            "` is not an integer expression, a slice `a:b:c`, `...` or `None` \
             (write a path bound in parentheses, `(m::N)`)"
        ))
    };

    // The value: the entries, and the rank chain (every shrink, then every new axis).
    // The kinds, and so the masks and the length, are constants of the expansion; the bounds
    // are evaluated and stored one statement per entry, in order (straight-line code that folds,
    // where a loop over an array of entries stayed a loop when the call grew).
    (@emit [$({($kind:expr) ($entry:expr)})*] $shr:tt $new:tt) => {{
        const __TF_S_KINDS: &[$crate::__tf_s::Kind] = &[$($kind),*];
        const __TF_S_LEN: usize = __TF_S_KINDS.len();
        const __TF_S_MASKS: $crate::Masks = $crate::__tf_s::masks(__TF_S_KINDS);
        let mut spec = $crate::__tf_s::Builder::<$crate::__tf_s_munch!(@type $shr $new), __TF_S_LEN>::new(__TF_S_MASKS);
        $(spec.push($entry);)*
        spec.finish()
    }};
    (@type [s $($shr:tt)*] $new:tt) => {
        $crate::rank::Shrink<$crate::__tf_s_munch!(@type [$($shr)*] $new)>
    };
    (@type [] [n $($new:tt)*]) => {
        $crate::rank::NewAxis<$crate::__tf_s_munch!(@type [] [$($new)*])>
    };
    (@type [] []) => { $crate::rank::Keep };
}
