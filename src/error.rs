//! The crate's one error type.

use std::fmt;

use crate::util::shape::py_shape;

/// Which integer argument of a call a value came from.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
/// let err = array![1, 2].tf_slice(&[0u64], &[u64::MAX]).unwrap_err();
/// assert!(matches!(err, Error::ValueOutOfRange { argument: Argument::Size, index: 0, .. }));
/// assert_eq!(Argument::Size.to_string(), "size");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Argument {
    /// `begin` of `tf_strided_slice` or `tf_slice`.
    Begin,
    /// `end` of `tf_strided_slice`.
    End,
    /// `strides` of `tf_strided_slice`.
    Strides,
    /// `size` of `tf_slice`.
    Size,
    /// `seq_lengths` of `tf_reverse_sequence`.
    SeqLengths,
    /// `indices` of `tf_gather`, `tf_gather_nd` or `tf_dynamic_stitch` (`tf_one_hot` takes any
    /// index: one outside `[0, depth)`, past `i64` included, gives a row of `off_value`).
    Indices,
    /// `partitions` of `tf_dynamic_partition`.
    Partitions,
    /// `multiples` of `tf_tile`.
    Multiples,
    /// `paddings` of `tf_pad` or `tf_space_to_batch*` (the index counts values in row-major
    /// order: row `i / 2`, column `i % 2`).
    Paddings,
    /// `crops` of `tf_batch_to_space*` (indexed as `Paddings`).
    Crops,
    /// `block_shape` of `tf_space_to_batch_nd` / `tf_batch_to_space_nd`.
    BlockShape,
    /// `perm` of `tf_transpose`.
    Perm,
    /// `axis` (a list) of `tf_reverse`, `tf_squeeze` or `tf_roll`.
    Axis,
    /// `size_splits` of `tf_split`.
    SizeSplits,
    /// `shape` of `tf_strided_slice_grad`, `tf_reshape` or `tf_scatter_nd`.
    Shape,
    /// `repeats` of `tf_repeat`.
    Repeats,
    /// `input_shape` of `tf_required_space_to_batch_paddings`.
    InputShape,
    /// `base_paddings` of `tf_required_space_to_batch_paddings` (indexed as `Paddings`).
    BasePaddings,
}

impl fmt::Display for Argument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Argument::Begin => "begin",
            Argument::End => "end",
            Argument::Strides => "strides",
            Argument::Size => "size",
            Argument::SeqLengths => "seq_lengths",
            Argument::Indices => "indices",
            Argument::Partitions => "partitions",
            Argument::Multiples => "multiples",
            Argument::Paddings => "paddings",
            Argument::Crops => "crops",
            Argument::BlockShape => "block_shape",
            Argument::Perm => "perm",
            Argument::Axis => "axis",
            Argument::SizeSplits => "size_splits",
            Argument::Shape => "shape",
            Argument::Repeats => "repeats",
            Argument::InputShape => "input_shape",
            Argument::BasePaddings => "base_paddings",
        })
    }
}

/// Everything that can go wrong in this crate.
///
/// Each message starts with TensorFlow's own words for the condition (so a TF user recognises it),
/// then says where: the spec index (position in `begin`/`end`/`strides`), the input axis, and the
/// offending values. Variants carry the same data as fields.
///
/// ```
/// use ndarray::Array1;
/// use ndarray_tfslice::prelude::*;
///
/// let x = Array1::<f32>::zeros(4);
/// let err = x.tf_strided_slice(&[0], &[4], &[0], Masks::NONE).unwrap_err();
/// assert_eq!(err, Error::ZeroStride { index: 0, axis: 0 });
/// assert!(err.to_string().starts_with("strides[0] must be non-zero"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    // ---- strided (src/strided/): the spec itself (spec.rs, parse.rs) ----
    /// `begin`, `end` and `strides` differ in length (TensorFlow's E1).
    #[error(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes \
         [{begin_len}], [{end_len}], and [{strides_len}] instead."
    )]
    SpecLengthMismatch {
        /// `begin.len()`.
        begin_len: usize,
        /// `end.len()`.
        end_len: usize,
        /// `strides.len()`.
        strides_len: usize,
    },

    /// The spec has more entries than a 64-bit mask can describe. TensorFlow stops at 31 (its masks
    /// are `int32`); this crate accepts up to 64.
    #[error(
        "slice spec has {len} entries, but at most {max} are supported (one bit per entry in each mask)"
    )]
    SpecTooLong {
        /// The spec length given.
        len: usize,
        /// The most entries a spec may have.
        max: usize,
    },

    /// More than one bit of `ellipsis_mask` is set (TensorFlow's E2).
    #[error(
        "Multiple ellipses in slice spec not allowed (ellipsis_mask {ellipsis_mask:#b} sets bits \
         {first} and {second})"
    )]
    MultipleEllipses {
        /// The whole ellipsis mask.
        ellipsis_mask: u64,
        /// The lowest bit set.
        first: usize,
        /// The second-lowest bit set.
        second: usize,
    },

    // ---- strided: resolution against the input shape (resolve.rs) ----
    /// A range or index entry on a rank-0 input (TensorFlow's E3).
    #[error(
        "Attempting to slice scalar input. (spec index {index} is a range or index; a scalar has no axis for it)"
    )]
    SliceScalar {
        /// The spec entry that needed an axis.
        index: usize,
    },

    /// More range and index entries than the input has axes (TensorFlow's E4).
    #[error(
        "Index out of range using input dim {axis}; input has only {rank} dims (spec index {index} \
         is a range or index past the last input axis)"
    )]
    TooManyIndices {
        /// The spec entry that found no axis left.
        index: usize,
        /// The input axis it would have used (always equal to `rank`).
        axis: usize,
        /// The input rank.
        rank: usize,
    },

    /// A zero stride on a range or index entry (TensorFlow's E5). TensorFlow names the input axis.
    #[error(
        "strides[{axis}] must be non-zero (the stride at spec index {index}, for input axis \
         {axis}, is 0)"
    )]
    ZeroStride {
        /// The spec entry.
        index: usize,
        /// The input axis it applies to (TensorFlow's number).
        axis: usize,
    },

    /// A shrink (single index) entry with a negative stride (TensorFlow's E6).
    #[error(
        "only stride 1 allowed on non-range indexing. (spec index {index} shrinks input axis {axis} \
         but its stride is {stride}; any positive stride is accepted)"
    )]
    ShrinkNegativeStride {
        /// The spec entry.
        index: usize,
        /// The input axis.
        axis: usize,
        /// The stride given.
        stride: i64,
    },

    /// A shrink (single index) entry outside its axis (TensorFlow's E7). TensorFlow prints the index
    /// after adding the dimension size once to a negative value; the message then gives the
    /// indices the axis takes, `-dim` to `dim - 1`.
    #[error(
        "slice index {shifted} of dimension {axis} out of bounds. (spec index {index}: begin {begin} \
         on an axis of size {dim}, {})",
        index_range(*.dim)
    )]
    ShrinkOutOfBounds {
        /// The spec entry.
        index: usize,
        /// The input axis.
        axis: usize,
        /// `begin[index]` as given.
        begin: i64,
        /// `begin` with the axis size added once if it was negative (what TensorFlow prints).
        shifted: i64,
        /// The size of the axis.
        dim: usize,
    },

    // ---- every family: integer arguments past i64 (src/util/values.rs) ----
    /// An index value does not fit in `i64`, TensorFlow's widest index type.
    #[error("{argument}[{index}] = {value} does not fit in i64 (TensorFlow's widest index type)")]
    ValueOutOfRange {
        /// Which argument.
        argument: Argument,
        /// Its position: in row-major order where the argument is an array of any rank
        /// (`indices`, `partitions`); for `tf_dynamic_stitch`, in the index array that holds it.
        index: usize,
        /// The value, printed in decimal.
        value: String,
    },

    // ---- strided: Python index syntax (parse.rs) ----
    /// A Python index expression that does not parse.
    #[error("cannot parse index expression at byte {offset}: expected {expected}, found {found}")]
    Parse {
        /// Byte offset into the text where the problem is.
        offset: usize,
        /// What would have been accepted there.
        expected: String,
        /// What is there (quoted), or `end of input`.
        found: String,
    },

    // ---- strided: plans, assignment, gradient (plan.rs, assign.rs, grad.rs) ----
    /// A prepared [`Plan`](crate::Plan) applied to an array of another shape.
    #[error("the plan was resolved for shape {expected:?}, but the array has shape {found:?}")]
    PlanShapeMismatch {
        /// The shape the plan was resolved for.
        expected: Vec<usize>,
        /// The shape of the array it was applied to.
        found: Vec<usize>,
    },

    /// Slice assignment: the value does not broadcast into the slice's final shape. It broadcasts
    /// one way only: shapes align from the right, each value dim equals the target's or is 1, and
    /// extra leading value dims must be 1.
    #[error(
        "Cannot broadcast input shape {} into final shape {} (assigning to `x[{spec}]` on an \
         input of shape {})",
        tf_shape(value_shape),
        tf_shape(final_shape),
        tf_shape(input_shape)
    )]
    AssignBroadcast {
        /// The value's shape.
        value_shape: Vec<usize>,
        /// The shape of the slice being assigned to.
        final_shape: Vec<usize>,
        /// The spec, as a Python index expression.
        spec: String,
        /// The shape of the array assigned into.
        input_shape: Vec<usize>,
    },

    /// `tf_strided_slice_grad`: `dy` must have exactly the forward slice's shape (no broadcasting).
    #[error(
        "shape of dy was {} instead of {} (the gradient of `x[{spec}]` on an input of shape {})",
        tf_shape(dy_shape),
        tf_shape(expected),
        tf_shape(input_shape)
    )]
    GradShapeMismatch {
        /// The shape of `dy` given.
        dy_shape: Vec<usize>,
        /// The forward slice's shape.
        expected: Vec<usize>,
        /// The spec, as a Python index expression.
        spec: String,
        /// The forward input's shape (the shape of the result).
        input_shape: Vec<usize>,
    },

    /// `tf_strided_slice_grad` or `tf_scatter_nd`: an entry of `shape` is negative.
    #[error("Dimension {value} must be >= 0 (shape[{index}])")]
    NegativeDimension {
        /// Its position in `shape`.
        index: usize,
        /// The entry.
        value: i64,
    },

    // ---- every family: results too large to allocate, and bugs (src/util/alloc.rs) ----
    /// An owned result would have more elements, or more bytes, than an allocation can hold
    /// (`isize::MAX`).
    #[error(
        "an array of shape {shape:?} is too large to allocate (its size overflows isize{})",
        overflow_note(.shape)
    )]
    TooLarge {
        /// The shape asked for; a dimension that itself overflows `usize` is `usize::MAX`.
        shape: Vec<usize>,
    },

    /// ndarray refused a shape conversion the caller asked for, most often
    /// `.into_dimensionality::<Ix2>()?` on an `IxDyn` result whose rank depends on run-time
    /// values (`tf_gather`, `tf_gather_nd`, `tf_strided_slice` with raw masks): `Error`
    /// implements `From<ndarray::ShapeError>` so `?` works in functions returning this crate's
    /// `Result`.
    ///
    /// ```
    /// use ndarray::{array, Array2, Ix2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// fn rows(x: &Array2<f32>, idx: &[i64]) -> Result<Array2<f32>, Error> {
    ///     let picked = x.tf_gather(&ndarray::aview1(idx), 0, 0)?; // ArrayD: batch_dims is run-time
    ///     Ok(picked.into_dimensionality::<Ix2>()?)
    /// }
    /// assert_eq!(rows(&array![[1., 2.], [3., 4.]], &[1])?, array![[3., 4.]]);
    /// # Ok::<(), Error>(())
    /// ```
    #[error("ndarray: {message}")]
    Shape {
        /// ndarray's message.
        message: String,
    },

    /// ndarray refused something this crate built after validating it. This is a bug in this
    /// crate, never the caller's mistake; please report it.
    #[error("internal error: {0}; this is a bug in ndarray-tfslice, please report it")]
    Internal(String),

    // ---- strided: tf.slice (slice.rs) ----
    /// `tf_slice`: `begin` or `size` does not have one entry per input axis.
    #[error(
        "Expected begin and size arguments to be 1-D tensors of size {rank}, but got shapes \
         [{begin_len}] and [{size_len}] instead."
    )]
    SliceLengthMismatch {
        /// The input rank.
        rank: usize,
        /// `begin.len()`.
        begin_len: usize,
        /// `size.len()`.
        size_len: usize,
    },

    /// `tf_slice` on an axis of size 0: begin and size must both be 0.
    #[error(
        "Expected begin[{axis}] == 0 (got {begin}) and size[{axis}] == 0 (got {size}) when \
         input.dim_size({axis}) == 0"
    )]
    SliceEmptyAxis {
        /// The input axis.
        axis: usize,
        /// `begin[axis]`.
        begin: i64,
        /// `size[axis]`, after TensorFlow replaces `-1` by `dim - begin`.
        size: i64,
    },

    /// `tf_slice`: begin outside `[0, dim]`. There is no negative indexing and no clamping.
    #[error("Expected begin[{axis}] in [0, {dim}], but got {begin}")]
    SliceBeginOutOfRange {
        /// The input axis.
        axis: usize,
        /// `begin[axis]`.
        begin: i64,
        /// The size of the axis.
        dim: usize,
    },

    /// `tf_slice`: size outside `[0, dim - begin]` (after `-1` became `dim - begin`).
    #[error("Expected size[{axis}] in [0, {max}], but got {size}")]
    SliceSizeOutOfRange {
        /// The input axis.
        axis: usize,
        /// `size[axis]`.
        size: i64,
        /// `dim - begin`, the largest size allowed.
        max: i64,
    },

    // ---- every op family (src/ops/): axes and input lists (src/util/axis.rs) ----
    /// An axis argument outside its valid range `[min, max)`: `[-rank, rank)` for most ops,
    /// `[-(rank + 1), rank + 1)` for `tf_stack`, `[0, rank)` for `tf_reverse_sequence` (which,
    /// like TensorFlow, takes no negative axes).
    #[error("{argument} = {axis} not in [{min}, {max}) ({op})")]
    AxisOutOfRange {
        /// The method or function, e.g. `"tf_split"`.
        op: &'static str,
        /// Which argument, e.g. `"axis"`, `"axis[1]"`, `"seq_axis"`.
        argument: String,
        /// The value given.
        axis: isize,
        /// The smallest valid value.
        min: isize,
        /// One past the largest valid value.
        max: isize,
    },

    /// A joining op was given no arrays, so the result's shape is unknown.
    #[error("{op} needs at least one input array, got none")]
    NoInputs {
        /// `"tf_concat"` or `"tf_stack"`.
        op: &'static str,
    },

    // ---- join family (src/ops/join/): split / unstack ----
    /// `tf_split` with `Split::Num(0)` or `Split::Sizes(&[])`: TensorFlow needs at least one output.
    #[error(
        "Value for attr 'num_split' of 0 must be at least minimum 1 (Split::Num(0) and an empty \
         Split::Sizes ask for no part)"
    )]
    SplitNoOutputs,

    /// `tf_split` with `Split::Num(n)`: `n` does not divide the axis.
    #[error(
        "Number of ways to split should evenly divide the split dimension, but got split_dim \
         {axis} (size = {dim}) and num_split {num_split}"
    )]
    SplitUneven {
        /// The (non-negative) split axis.
        axis: usize,
        /// Its size.
        dim: usize,
        /// `n`.
        num_split: usize,
    },

    /// `tf_split` with `Split::Sizes`: more than one size is `-1`.
    #[error(
        "There can only be one -1 in the input. (size_splits[{first}] and size_splits[{second}] \
         are both -1)"
    )]
    SplitMultipleInferred {
        /// The first `-1`'s position.
        first: usize,
        /// The second `-1`'s position.
        second: usize,
    },

    /// `tf_split` with `Split::Sizes`: a size below `-1`.
    #[error(
        "Split size at index {index} must be >= 0. Got: {size} (the only negative size allowed \
         is one -1, which stands for the rest of the axis)"
    )]
    SplitNegativeSize {
        /// Its position in the sizes.
        index: usize,
        /// The size.
        size: i64,
    },

    /// `tf_split` with `Split::Sizes`: the sizes do not add up to the axis (or, with a `-1`,
    /// exceed it).
    #[error(
        "Determined shape must either match input shape along split_dim exactly if fully \
         specified, or be less than the size of the input along split_dim if not fully \
         specified.  Got: {total} (split_dim {axis} has size {dim})"
    )]
    SplitSizesMismatch {
        /// The (non-negative) split axis.
        axis: usize,
        /// Its size.
        dim: usize,
        /// The sum of the sizes given (a `-1` not counted), saturating.
        total: i64,
    },

    /// `tf_split` with `Split::Sizes(&[size])`: a single part must be the whole axis. TensorFlow
    /// does not infer a lone `-1` here.
    #[error(
        "If there is only one output, it must have the same size as the input. Input size: {dim} \
         output size: {size} (split_dim {axis})"
    )]
    SplitOneOutput {
        /// The (non-negative) split axis.
        axis: usize,
        /// Its size.
        dim: usize,
        /// The one size given.
        size: i64,
    },

    // ---- concat / stack ----
    /// `tf_concat` of 0-d arrays.
    #[error("ConcatOp : Can't concatenate scalars (use tf.stack instead)")]
    ConcatScalars,

    /// `tf_concat`: an input's rank differs from the first input's.
    #[error(
        "ConcatOp : Ranks of all input tensors should match: shape[0] = {} vs. shape[{index}] = {}",
        tf_shape(.first), tf_shape(.shape)
    )]
    ConcatRankMismatch {
        /// The input's position.
        index: usize,
        /// The first input's shape.
        first: Vec<usize>,
        /// The input's shape.
        shape: Vec<usize>,
    },

    /// `tf_concat`: an input differs from the first input on an axis other than the concat axis.
    #[error(
        "ConcatOp : Dimension {axis} in both shapes must be equal: shape[0] = {} vs. \
         shape[{index}] = {}",
        tf_shape(.first), tf_shape(.shape)
    )]
    ConcatShapeMismatch {
        /// The input's position.
        index: usize,
        /// The axis where the shapes differ.
        axis: usize,
        /// The first input's shape.
        first: Vec<usize>,
        /// The input's shape.
        shape: Vec<usize>,
    },

    /// `tf_stack`: an input's shape differs from the first input's.
    #[error(
        "Shapes of all inputs must match: values[0].shape = {} != values[{index}].shape = {}",
        tf_shape(.first), tf_shape(.shape)
    )]
    StackShapeMismatch {
        /// The input's position.
        index: usize,
        /// The first input's shape.
        first: Vec<usize>,
        /// The input's shape.
        shape: Vec<usize>,
    },

    // ---- tile ----
    /// `tf_tile`: `multiples` does not have one entry per axis.
    #[error("Expected multiples argument to be a vector of length {rank} but got length {len}")]
    TileMultiplesLength {
        /// The input rank.
        rank: usize,
        /// `multiples.len()`.
        len: usize,
    },

    /// `tf_tile`: a negative multiple.
    #[error("Expected multiples[{index}] >= 0, but got {value}")]
    TileNegativeMultiple {
        /// Its position in `multiples`.
        index: usize,
        /// The multiple.
        value: i64,
    },

    // ---- pad ----
    /// `tf_pad`: `paddings` does not have one row per axis.
    #[error(
        "The first dimension of paddings must be the rank of inputs[{len},2] {} (paddings needs \
         one [before, after] row per input axis: {} rows, got {len})",
        tf_shape(.shape), .shape.len()
    )]
    PaddingsLength {
        /// `paddings.len()`.
        len: usize,
        /// The input shape.
        shape: Vec<usize>,
    },

    /// `tf_pad`, `tf_space_to_batch*`, `tf_batch_to_space*`: an ndarray `paddings` or `crops`
    /// that is not an `[n, 2]` matrix.
    #[error("{}", pairs_message(.argument, *.rows, *.columns, *.expected_rows))]
    PaddingsNotPairs {
        /// `"paddings"` or `"crops"`.
        argument: &'static str,
        /// The rows given.
        rows: usize,
        /// The columns given (not 2).
        columns: usize,
        /// The rows the op needs where it checks the whole shape at once (`block_shape.len()`
        /// for the space/batch ops); `None` for `tf_pad`, which checks the columns first.
        expected_rows: Option<usize>,
    },

    /// `tf_pad`: a negative padding (TensorFlow: `Pad` and `MirrorPad` differ only in the
    /// capital letter).
    #[error(
        "{}addings must be non-negative: {before} {after} (axis {axis})",
        if *.mirror { "p" } else { "P" }
    )]
    PaddingNegative {
        /// The input axis.
        axis: usize,
        /// `paddings[axis][0]`.
        before: i64,
        /// `paddings[axis][1]`.
        after: i64,
        /// Whether the mode is a mirror mode (TensorFlow's `MirrorPad` op).
        mirror: bool,
    },

    /// `tf_pad` with `PadMode::Reflect`: a padding is not less than its axis (reflection excludes
    /// the edge element, so at most `dim - 1` elements can be mirrored).
    #[error(
        "paddings must be less than the dimension size: {before}, {after} not less than {dim} \
         (axis {axis})"
    )]
    ReflectPaddingTooLarge {
        /// The axis.
        axis: usize,
        /// `paddings[axis][0]`.
        before: usize,
        /// `paddings[axis][1]`.
        after: usize,
        /// The axis size.
        dim: usize,
    },

    /// `tf_pad` with `PadMode::Symmetric`: a padding is greater than its axis.
    #[error(
        "paddings must be no greater than the dimension size: {before}, {after} greater than \
         {dim} (axis {axis})"
    )]
    SymmetricPaddingTooLarge {
        /// The axis.
        axis: usize,
        /// `paddings[axis][0]`.
        before: usize,
        /// `paddings[axis][1]`.
        after: usize,
        /// The axis size.
        dim: usize,
    },

    // ---- reverse / reverse_sequence ----
    /// `tf_reverse`: the same axis twice (after negative axes are resolved).
    #[error(
        "axis {axis} specified more than once. (axis[{first}] and axis[{second}] both name it)"
    )]
    ReverseDuplicateAxis {
        /// The (non-negative) axis.
        axis: usize,
        /// Its first position in the list.
        first: usize,
        /// Its second position.
        second: usize,
    },

    /// `tf_reverse_sequence`: `seq_axis == batch_axis`.
    #[error("batch_dim == seq_dim == {axis} (seq_axis and batch_axis must be different axes)")]
    SeqAxisIsBatchAxis {
        /// The axis.
        axis: usize,
    },

    /// `tf_reverse_sequence`: `seq_lengths` does not have one entry per batch element.
    #[error("Length of seq_lengths != input.dims({batch_axis}), ({len} vs. {dim})")]
    SeqLengthsCount {
        /// The batch axis.
        batch_axis: usize,
        /// Its size.
        dim: usize,
        /// `seq_lengths.len()`.
        len: usize,
    },

    /// `tf_reverse_sequence`: a negative sequence length.
    #[error("seq_lens({index}) < 0 (seq_lengths[{index}] = {length})")]
    SeqLengthNegative {
        /// Its position (the batch index).
        index: usize,
        /// The length.
        length: i64,
    },

    /// `tf_reverse_sequence`: a sequence length past the sequence axis.
    #[error(
        "seq_lens({index}) > input.dims({seq_axis}) (seq_lengths[{index}] = {length}, but seq_axis \
         {seq_axis} has size {dim})"
    )]
    SeqLengthTooLong {
        /// Its position (the batch index).
        index: usize,
        /// The length.
        length: i64,
        /// The sequence axis.
        seq_axis: usize,
        /// Its size.
        dim: usize,
    },

    // ---- transpose ----
    /// `tf_transpose`: `perm` does not have one entry per axis.
    #[error(
        "transpose expects a vector of size {rank}. But input(1) is a vector of size {len} (perm \
         needs one entry per input axis)"
    )]
    PermLength {
        /// The input rank.
        rank: usize,
        /// `perm.len()`.
        len: usize,
    },

    /// `tf_transpose`: a `perm` entry is not an axis.
    #[error("{value} is out of range [0 .. {rank}) (perm[{index}])")]
    PermOutOfRange {
        /// Its position in `perm`.
        index: usize,
        /// The entry, a negative one already counted from the end as TF reports it.
        value: i64,
        /// The input rank.
        rank: usize,
    },

    /// `tf_transpose`: `perm` repeats an axis, so another is missing.
    #[error(
        "{missing} is missing from {{{}}}. (perm must name each input axis exactly once)",
        join(.perm)
    )]
    PermNotPermutation {
        /// The smallest axis not in `perm`.
        missing: usize,
        /// `perm`.
        perm: Vec<usize>,
    },

    // ---- gather family (src/ops/gather/): shared by gather, gather_nd, boolean_mask,
    // dynamic_partition, dynamic_stitch, one_hot ----
    /// An index (or partition number) outside `[0, bound)`. `position` is its position in the
    /// index array, as TensorFlow prints it (`indices[1,1]`; nothing for a 0-d index array:
    /// `indices = 7 is not in [0, 3)`).
    #[error("{argument}{} = {value} is not in [0, {bound})", tf_position(.position))]
    IndexOutOfRange {
        /// `"indices"` or `"partitions"`.
        argument: &'static str,
        /// The index's position in its array.
        position: Vec<usize>,
        /// The index.
        value: i64,
        /// The size of the axis it indexes (or the number of partitions).
        bound: usize,
    },

    // ---- gather ----
    /// `tf_gather` or `tf_gather_nd` on a 0-d array. (`tf.gather_nd` words it "params must be
    /// at least a vector".)
    #[error("params must be at least 1 dimensional")]
    GatherScalarParams,

    /// `tf_gather`: `batch_dims` outside `[-rank(indices), rank(indices)]`.
    #[error("Expected batch_dims in the range [{min}, {max}], but got {batch_dims}")]
    BatchDimsOutOfRange {
        /// The value given.
        batch_dims: isize,
        /// `-rank(indices)`.
        min: isize,
        /// `rank(indices)`.
        max: isize,
    },

    /// `tf_gather`: `batch_dims` (resolved) greater than `axis` (resolved). This also covers
    /// `batch_dims >= rank(params)`, which TensorFlow checks first and words "batch_dims (3) must
    /// be less than rank(params) (2).".
    #[error("batch_dims ({batch_dims}) must be less than or equal to axis ({axis}).")]
    BatchDimsPastAxis {
        /// The resolved `batch_dims`.
        batch_dims: usize,
        /// The resolved `axis`.
        axis: usize,
    },

    /// `tf_gather` / `tf_gather_nd`: a batch dimension of `params` and `indices` differ.
    /// `tf.gather_nd` raises this only where its reshape of `indices` fails ("Input to reshape
    /// is a tensor with 3 values, but the requested shape has 2"): it compares the products of
    /// the batch dimensions, not the dimensions.
    #[error(
        "params.shape[{axis}]: {params_dim} should be equal to indices.shape[{axis}]: {indices_dim}"
    )]
    BatchShapeMismatch {
        /// The batch axis.
        axis: usize,
        /// `params.shape[axis]`.
        params_dim: usize,
        /// `indices.shape[axis]`.
        indices_dim: usize,
    },

    // ---- gather_nd ----
    /// `tf_gather_nd` with 0-d indices.
    #[error("indices must be at least a vector")]
    GatherNdScalarIndices,

    /// `tf_gather_nd`: a negative `batch_dims` (TensorFlow's Python wrapper rejects it).
    #[error("tf.gather_nd does not allow negative batch_dims (batch_dims = {batch_dims})")]
    GatherNdNegativeBatchDims {
        /// The value given.
        batch_dims: isize,
    },

    /// `tf_gather_nd`: `batch_dims` is not less than the rank of `indices`.
    #[error(
        "Argument `batch_dims` = {batch_dims} must be less than rank(`indices`) = {indices_rank}"
    )]
    GatherNdBatchDims {
        /// The value given.
        batch_dims: usize,
        /// The rank of `indices`.
        indices_rank: usize,
    },

    /// `tf_gather_nd`: the index vectors are longer than `params` has (non-batch) axes.
    #[error("index innermost dimension length must be <= params rank; saw: {depth} vs. {rank}")]
    GatherNdIndexDepth {
        /// `indices.shape[-1]`.
        depth: usize,
        /// The rank of `params` (past the batch axes).
        rank: usize,
    },

    /// `tf_gather_nd`: an index vector outside `params`.
    #[error(
        "indices{} = [{}] does not index into param shape {}",
        tf_position(.position), join_i64(.index), tf_shape(.shape)
    )]
    GatherNdOutOfBounds {
        /// The index vector's position in `indices` (all but the last axis; empty for 1-d
        /// `indices`, which TensorFlow prints as `indices = [..]`).
        position: Vec<usize>,
        /// The index vector.
        index: Vec<i64>,
        /// The shape of `params` (past the batch axes).
        shape: Vec<usize>,
    },

    /// `tf_gather_nd`: `batch_dims` not less than the rank of `params` (checked after
    /// [`GatherNdBatchDims`](Error::GatherNdBatchDims), as TensorFlow does).
    #[error(
        "Argument `batch_dims` = {batch_dims} must be less than rank(`params`) = {params_rank}"
    )]
    GatherNdBatchDimsParams {
        /// The value given.
        batch_dims: usize,
        /// The rank of `params`.
        params_rank: usize,
    },

    /// `tf_gather_nd`: at least one index vector, but `params` has no element (even when every
    /// slice gathered would be empty).
    #[error("Requested more than 0 entries, but params is empty.  Params shape: {}", tf_shape(.shape))]
    GatherNdEmptyParams {
        /// The shape of `params`.
        shape: Vec<usize>,
    },

    // ---- boolean_mask ----
    /// `tf_boolean_mask` with a 0-d mask.
    #[error("mask cannot be scalar.")]
    BooleanMaskScalar,

    /// `tf_boolean_mask`: the mask's shape is not the tensor's from `axis` on.
    #[error(
        "Shapes {} and {} are incompatible (the mask must have the shape of the tensor's axes \
         {axis}..{})",
        py_shape(.tensor_dims), py_shape(.mask_shape), axis.saturating_add(.mask_shape.len())
    )]
    BooleanMaskShape {
        /// The resolved `axis`.
        axis: usize,
        /// The tensor's dims the mask must match (as many as the mask has, where it has them).
        tensor_dims: Vec<usize>,
        /// The mask's shape.
        mask_shape: Vec<usize>,
    },

    // ---- dynamic_partition / dynamic_stitch ----
    /// `tf_dynamic_partition` with `num_partitions == 0`.
    #[error("Value for attr 'num_partitions' of 0 must be at least minimum 1")]
    NoPartitions,

    /// `tf_dynamic_partition`: `data`'s shape does not start with `partitions`' shape.
    #[error(
        "data.shape must start with partitions.shape, got data.shape = {}, partitions.shape = {}",
        tf_shape(.data_shape), tf_shape(.partitions_shape)
    )]
    PartitionsShape {
        /// `data.shape`.
        data_shape: Vec<usize>,
        /// `partitions.shape`.
        partitions_shape: Vec<usize>,
    },

    /// `tf_dynamic_stitch`: different numbers of index and data arrays.
    #[error(
        "List argument 'data' to 'dynamic_stitch' Op with length {data} must match length \
         {indices} of argument 'indices'."
    )]
    StitchCount {
        /// The number of index arrays.
        indices: usize,
        /// The number of data arrays.
        data: usize,
    },

    /// `tf_dynamic_stitch`: `data[i]`'s shape does not start with `indices[i]`'s.
    #[error(
        "data[{index}].shape = {} does not start with indices[{index}].shape = {}",
        tf_shape(.data_shape), tf_shape(.indices_shape)
    )]
    StitchShape {
        /// `i`.
        index: usize,
        /// `data[i].shape`.
        data_shape: Vec<usize>,
        /// `indices[i].shape`.
        indices_shape: Vec<usize>,
    },

    /// `tf_dynamic_stitch`: the element shapes (`data[i].shape[indices[i].ndim..]`) differ.
    #[error(
        "Need data[0].shape[{first_rank}:] = data[{index}].shape[{rank}:], got data[0].shape = \
         {}, data[{index}].shape = {}, indices[0].shape = {}, indices[{index}].shape = {}",
        tf_shape(.first), tf_shape(.shape), tf_shape(prefix(.first, *.first_rank)),
        tf_shape(prefix(.shape, *.rank))
    )]
    StitchElementShape {
        /// `i`.
        index: usize,
        /// `data[0].shape`.
        first: Vec<usize>,
        /// `indices[0].ndim`.
        first_rank: usize,
        /// `data[i].shape`.
        shape: Vec<usize>,
        /// `indices[i].ndim`.
        rank: usize,
    },

    /// `tf_dynamic_stitch`: a negative index.
    #[error(
        "indices[{array}]{} is out of range (it is {value}; an index must be >= 0)",
        tf_position(.position)
    )]
    StitchIndexNegative {
        /// Which index array.
        array: usize,
        /// The index's position in it.
        position: Vec<usize>,
        /// The index.
        value: i64,
    },

    // ---- one_hot ----
    /// `tf_one_hot`: `axis` neither -1 nor in `[0, rank(indices) + 1)`.
    #[error("Expected axis to be -1 or between [0, {max}).  But received: {axis}")]
    OneHotAxis {
        /// The value given.
        axis: isize,
        /// `rank(indices) + 1`.
        max: usize,
    },

    // ---- scatter_nd / tensor_scatter_nd_update / _add / in-place scatter_nd_update / _add ----
    /// A scatter op's `indices` of rank 0 or 1. TensorFlow rejects rank 0 in its words; it
    /// reads 1-D `indices` `[n]` inconsistently (its tensor ops reject them with an unrelated
    /// shape error, its variable ops apply the first index and drop the rest), so this crate
    /// rejects them everywhere: write `[1, n]` for one index vector, `[n, 1]` for `n` indices.
    #[error("{}", scatter_indices_rank(.shape))]
    ScatterIndicesRank {
        /// The shape of `indices`.
        shape: Vec<usize>,
    },

    /// A scatter op's `updates` is 0-d.
    #[error("Updates shape must have rank at least one. Found:[]")]
    ScatterUpdatesScalar,

    /// A scatter op where exactly one of `indices` and `updates` is empty, or both are not but
    /// the output is (TensorFlow's `tf_scatter_nd` also counts a 0-d `shape` as empty here).
    #[error(
        "Indices and updates specified for empty output shape (output shape {}, indices shape \
         {}, updates shape {}: either both of indices and updates are empty, or none of the three)",
        tf_shape(.output_shape), tf_shape(.indices_shape), tf_shape(.updates_shape)
    )]
    ScatterEmpty {
        /// The shape of the output (`shape`, or the tensor's).
        output_shape: Vec<usize>,
        /// The shape of `indices`.
        indices_shape: Vec<usize>,
        /// The shape of `updates`.
        updates_shape: Vec<usize>,
    },

    /// A scatter op's `updates.shape[..k]` is not `indices.shape[..k]`, `k = rank(indices) - 1`
    /// (TensorFlow aborts the process where `updates` has fewer dims than that and the ones it
    /// has match: this crate returns this error).
    #[error("{}", scatter_outer(.op, .indices_shape, .updates_shape))]
    ScatterOuterShape {
        /// The method or function, e.g. `"tf_scatter_nd"`.
        op: &'static str,
        /// The shape of `indices`.
        indices_shape: Vec<usize>,
        /// The shape of `updates`.
        updates_shape: Vec<usize>,
    },

    /// A scatter op's `updates.shape[k..]` is not the output's `shape[depth..]`, `k =
    /// rank(indices) - 1`, `depth = indices.shape[-1]`.
    #[error("{}", scatter_inner(.op, .output_shape, .updates_shape, *.depth, *.outer))]
    ScatterInnerShape {
        /// The method or function, e.g. `"tf_scatter_nd"`.
        op: &'static str,
        /// The shape of the output.
        output_shape: Vec<usize>,
        /// The shape of `updates`.
        updates_shape: Vec<usize>,
        /// `indices.shape[-1]`, the length of an index vector.
        depth: usize,
        /// `rank(indices) - 1`, the axes of `updates` that list the updates.
        outer: usize,
    },

    /// A scatter op whose output would be 0-d (possible only where `indices` and `updates` are
    /// empty).
    #[error("Output must be at least 1-D, got shape: []")]
    ScatterScalarOutput,

    /// A scatter op with empty index vectors (`indices.shape[-1] = 0`) into a non-empty output.
    /// (TensorFlow's words: "Only indices.shape[-1] values between 1 and 5 are currently
    /// supported.  Requested rank: 0"; this crate has no upper limit, TensorFlow stops at 7.)
    #[error(
        "Only indices.shape[-1] values of at least 1 are supported.  Requested rank: 0 (the \
         output is not empty)"
    )]
    ScatterEmptyIndexVector,

    /// A scatter op's index vector outside the output.
    #[error(
        "indices{} = [{}] does not index into shape {}",
        tf_position(.position), join_i64(.index), tf_shape(.shape)
    )]
    ScatterOutOfBounds {
        /// The index vector's position in `indices` (all but the last axis).
        position: Vec<usize>,
        /// The index vector.
        index: Vec<i64>,
        /// The shape of the output.
        shape: Vec<usize>,
    },

    // ---- space family (src/ops/space/): shared by space_to_depth, depth_to_space,
    // space_to_batch(_nd), batch_to_space(_nd), extract_image_patches ----
    /// An op that needs an input of a given rank (NHWC: 4) got another.
    #[error("Input rank should be {expected} instead of {rank} ({op})")]
    WrongRank {
        /// The method, e.g. `"tf_space_to_depth"`.
        op: &'static str,
        /// The rank it needs.
        expected: usize,
        /// The input's rank.
        rank: usize,
    },

    /// `tf_space_to_depth` / `tf_depth_to_space` with a block size below 2.
    #[error("Value for attr 'block_size' of {block_size} must be at least minimum 2")]
    BlockSizeTooSmall {
        /// The block size given.
        block_size: usize,
    },

    /// `tf_space_to_depth`: height or width not a multiple of the block size.
    #[error(
        "Image width {width} and height {height} should be divisible by block_size: {block_size}"
    )]
    SpaceNotDivisible {
        /// The input's width (axis 2).
        width: usize,
        /// The input's height (axis 1).
        height: usize,
        /// The block size.
        block_size: usize,
    },

    /// `tf_depth_to_space`: depth not a multiple of `block_size²`.
    #[error("Input depth dimension {depth} should be divisible by: {block_size_sq}")]
    DepthNotDivisible {
        /// The input's depth (axis 3).
        depth: usize,
        /// `block_size * block_size`.
        block_size_sq: usize,
    },

    /// `tf_space_to_batch_nd` / `tf_batch_to_space_nd`: the input needs a batch axis plus one
    /// axis per block dimension.
    #[error(
        "input rank should be >= {min} instead of {rank} (a batch axis plus one axis per \
         block_shape entry)"
    )]
    BlockRankTooLarge {
        /// `block_shape.len() + 1`.
        min: usize,
        /// The input's rank.
        rank: usize,
    },

    /// `tf_space_to_batch_nd` / `tf_batch_to_space_nd`: `paddings` / `crops` does not have one row
    /// per block dimension.
    #[error(
        "{argument} should have shape [{expected}, 2] instead of [{rows},2] (one [start, end] row \
         per block_shape entry)"
    )]
    BlockPaddingsLength {
        /// `"paddings"` or `"crops"`.
        argument: &'static str,
        /// `block_shape.len()`.
        expected: usize,
        /// The number of rows given.
        rows: usize,
    },

    /// `tf_space_to_batch_nd`: a zero block size.
    #[error("All values in block_shape must be positive, got value, 0 at index {index}.")]
    BlockShapeZero {
        /// Its position in `block_shape`.
        index: usize,
    },

    /// `tf_space_to_batch_nd`: a negative block size.
    #[error("All values in block_shape must be positive, got value, {value} at index {index}.")]
    BlockShapeNegative {
        /// Its position in `block_shape`.
        index: usize,
        /// The block size.
        value: i64,
    },

    /// `tf_space_to_batch_nd` / `tf_space_to_batch`: a negative padding.
    #[error("Paddings must be non-negative (paddings[{index}] = [{before}, {after}])")]
    BlockPaddingNegative {
        /// The spatial dimension (0-based, after the batch axis).
        index: usize,
        /// The padding before.
        before: i64,
        /// The padding after.
        after: i64,
    },

    /// `tf_batch_to_space_nd`: a zero block size (TF checks the product).
    #[error("Product of block sizes must be positive, got 0")]
    BlockProductZero,

    /// `tf_batch_to_space_nd`: an odd number of negative block sizes (TF checks the product).
    #[error("Product of block sizes must be positive, got {product}")]
    BlockProductNegative {
        /// The product of the block sizes.
        product: i64,
    },

    /// `tf_batch_to_space_nd` / `tf_batch_to_space`: a negative crop.
    #[error("Crops must be non-negative (crops[{index}] = [{start}, {end}])")]
    CropsNegative {
        /// The spatial dimension (0-based, after the batch axis).
        index: usize,
        /// The crop at the start.
        start: i64,
        /// The crop at the end.
        end: i64,
    },

    /// `tf_space_to_batch_nd`: a padded spatial dim not a multiple of its block size.
    #[error(
        "padded_shape[{index}]={padded} is not divisible by block_shape[{index}]={block} (input \
         axis {} with paddings[{index}] added)",
        .index.saturating_add(1)
    )]
    PaddedNotDivisible {
        /// The spatial dimension (0-based, after the batch axis).
        index: usize,
        /// Its size after padding.
        padded: usize,
        /// Its block size.
        block: usize,
    },

    /// `tf_batch_to_space_nd`: the batch is not a multiple of the product of the block sizes.
    #[error(
        "Input batch dimension ({batch}) is not divisible by product of block sizes ({product})"
    )]
    BatchNotDivisible {
        /// The input's batch size.
        batch: usize,
        /// The product of `block_shape`.
        product: usize,
    },

    /// `tf_batch_to_space_nd`: the crops of a dimension exceed it.
    #[error(
        "cropped_shape[{index}]={cropped} must be non-negative (crops[{index}] add up to more \
         than block_shape[{index}] times the size of input axis {})",
        .index.saturating_add(1)
    )]
    CropsTooLarge {
        /// The spatial dimension (0-based, after the batch axis).
        index: usize,
        /// `dim * block - crop_start - crop_end`, negative.
        cropped: i128,
    },

    /// `tf_extract_image_patches`: a `ksizes` / `strides` / `rates` entry for the batch or depth
    /// axis is not 1.
    #[error(
        "Only support {argument} across space. ({argument}[{index}] = {value}; batch and depth entries must be 1)"
    )]
    PatchesNotSpatial {
        /// `"ksizes"`, `"strides"` or `"rates"`.
        argument: &'static str,
        /// The entry (0 or 3).
        index: usize,
        /// Its value.
        value: usize,
    },

    /// `tf_extract_image_patches`: a zero spatial `ksizes` / `strides` / `rates` entry.
    #[error("{argument} is out of range. ({argument}[{index}] = 0; it must be at least 1)")]
    PatchesZero {
        /// `"ksizes"`, `"strides"` or `"rates"`.
        argument: &'static str,
        /// The entry (1 or 2).
        index: usize,
    },

    /// `tf_extract_image_patches` with [`Padding::Valid`](crate::Padding::Valid): the effective
    /// patch size passes the input by so much that TensorFlow's output size,
    /// `(input_size - effective_ksize + stride) / stride` rounded toward zero, is negative. (When
    /// it rounds to 0 the result is empty instead.)
    #[error(
        "Computed output size would be negative: {output_size} [input_size: {input_size}, \
         effective_filter_size: {effective_ksize}, stride: {stride}] (input axis {axis})"
    )]
    PatchesOutputNegative {
        /// The spatial input axis (1 for rows, 2 for columns).
        axis: usize,
        /// The output size TensorFlow computed (saturated at `i128::MIN`).
        output_size: i128,
        /// The input's size on that axis.
        input_size: usize,
        /// `ksize + (ksize - 1) * (rate - 1)`, the patch's extent in the input.
        effective_ksize: u128,
        /// The stride on that axis.
        stride: usize,
    },

    // ---- required_space_to_batch_paddings ----
    /// `tf_required_space_to_batch_paddings`: `input_shape` (the spatial dimensions) does not
    /// have one entry per `block_shape` entry.
    #[error(
        "Shapes ({input_len},) and [{block_len}] are incompatible (input_shape needs one entry \
         per block_shape entry)"
    )]
    SpatialShapeLength {
        /// `input_shape.len()`.
        input_len: usize,
        /// `block_shape.len()`.
        block_len: usize,
    },

    /// `tf_required_space_to_batch_paddings`: a negative `input_shape` entry or `base_paddings`
    /// value (TensorFlow's NumPy arithmetic returns a Python-modulo padding for it, which no
    /// `tf.space_to_batch_nd` accepts); worded as TensorFlow words a bad `block_shape`.
    #[error("All values in {argument} must be non-negative, got value, {value} at index {index}.")]
    RequiredPaddingsNegative {
        /// [`Argument::InputShape`] or [`Argument::BasePaddings`].
        argument: Argument,
        /// Its position (for `base_paddings`, in row-major order: row `index / 2`, column
        /// `index % 2`).
        index: usize,
        /// The value.
        value: i64,
    },

    // ---- shape family (src/ops/shape/): shared by roll and frame ----
    /// An op that needs at least one axis got a 0-d array (`tf_roll`, `tf_frame`).
    #[error("input must be 1-D or higher ({op})")]
    ScalarInput {
        /// The method, e.g. `"tf_roll"`.
        op: &'static str,
    },

    // ---- reshape ----
    /// `tf_reshape`: a second `-1` in `shape`.
    #[error("Only one input size may be -1, not both {first} and {second}")]
    ReshapeMultipleInferred {
        /// The first `-1`'s position.
        first: usize,
        /// The second `-1`'s position.
        second: usize,
    },

    /// `tf_reshape`: a size below `-1`.
    #[error("Size {index} must be non-negative, not {size}")]
    ReshapeNegativeSize {
        /// Its position in `shape`.
        index: usize,
        /// The size.
        size: i64,
    },

    /// `tf_reshape`: the sizes multiply past `i64` (TensorFlow checks each size against the
    /// product of those before it, a `0` among them stopping the check).
    #[error("Shape [{}] has too many elements", join_i64(.shape))]
    ReshapeTooManyElements {
        /// `shape` as given.
        shape: Vec<i64>,
    },

    /// `tf_reshape` with a `-1`: the other sizes do not divide the element count.
    #[error(
        "Input to reshape is a tensor with {values} values, but the requested shape requires a \
         multiple of {product}"
    )]
    ReshapeNotMultiple {
        /// The input's element count (its zero axes left out when `shape` has a `0`).
        values: usize,
        /// The product of the sizes given (zeros and the `-1` left out).
        product: u64,
    },

    /// `tf_reshape`: the requested shape holds another number of elements.
    #[error(
        "Input to reshape is a tensor with {values} values, but the requested shape has {requested}"
    )]
    ReshapeCountMismatch {
        /// The input's element count.
        values: usize,
        /// The requested shape's element count.
        requested: u64,
    },

    // ---- expand_dims / squeeze ----
    /// `tf_expand_dims`: `axis` outside `[-rank - 1, rank]`.
    #[error("Tried to expand dim index {axis} for tensor with {rank} dimensions.")]
    ExpandDimsAxis {
        /// The value given.
        axis: isize,
        /// The input's rank.
        rank: usize,
    },

    /// `tf_squeeze`: an entry of `axis` outside `[-rank, rank)`.
    #[error("Tried to squeeze dim index {axis} for tensor with {rank} dimensions. (axis[{index}])")]
    SqueezeAxis {
        /// Its position in `axis`.
        index: usize,
        /// The value given.
        axis: i64,
        /// The input's rank.
        rank: usize,
    },

    /// `tf_squeeze`: a listed axis is not of size 1.
    #[error("Can not squeeze dim[{axis}], expected a dimension of 1, got {dim}")]
    SqueezeNotOne {
        /// The (non-negative) axis.
        axis: usize,
        /// Its size.
        dim: usize,
    },

    // ---- repeat ----
    /// `tf_repeat`: `repeats` has neither one entry nor one per element of the axis.
    #[error(
        "Incompatible shapes: [{len}] vs. [{dim}] (repeats needs 1 entry or one per element of \
         axis {axis})"
    )]
    RepeatsLength {
        /// `repeats.len()`.
        len: usize,
        /// The size of the axis (of the flattened input when `axis` is `None`).
        dim: usize,
        /// The (non-negative) axis; 0 when `axis` is `None`.
        axis: usize,
    },

    /// `tf_repeat`: a negative repeat count. TensorFlow's answer depends on the axis and on
    /// graph or eager mode (an error from its `Tile`, a reshape error, or the element dropped);
    /// a negative count has no meaning, so this crate rejects it everywhere.
    #[error("Expected repeats[{index}] >= 0, but got {repeat}")]
    RepeatNegative {
        /// Its position in `repeats`.
        index: usize,
        /// The value.
        repeat: i64,
    },

    // ---- frame ----
    /// `tf_frame` with `frame_step == 0` (TensorFlow divides by it).
    #[error("Integer division by zero (frame_step must be at least 1)")]
    FrameStepZero,

    // ---- roll ----
    /// `tf_roll`: `shift` and `axis` differ in length.
    #[error("shift and axis must have the same size (shift has {shift_len}, axis {axis_len})")]
    RollLength {
        /// `shift.len()`.
        shift_len: usize,
        /// `axis.len()`.
        axis_len: usize,
    },

    /// `tf_roll`: an entry of `axis` outside `[-rank, rank)`. TensorFlow prints the axis after
    /// adding the rank once to a negative value.
    #[error("axis {shifted} is out of range (axis[{index}] = {axis}, rank {rank})")]
    RollAxis {
        /// Its position in `axis`.
        index: usize,
        /// The value given.
        axis: i64,
        /// `axis`, plus the rank if it was negative (what TensorFlow prints).
        shifted: i128,
        /// The input's rank.
        rank: usize,
    },
}

/// [`Error::ScatterIndicesRank`]: TensorFlow's words for rank 0, the crate's rule for rank 1.
fn scatter_indices_rank(shape: &[usize]) -> String {
    if shape.is_empty() {
        String::from("Indices shape must have rank at least one. Found:[]")
    } else {
        format!(
            "Indices shape must have rank at least two (index vectors along the last axis; write \
             [1, n] for one index vector, [n, 1] for n indices). Found:{}",
            tf_shape(shape)
        )
    }
}

/// [`Error::ScatterOuterShape`] in the words of the TensorFlow op `op` stands for.
fn scatter_outer(op: &str, indices: &[usize], updates: &[usize]) -> String {
    let outer = indices.len().saturating_sub(1);
    if op == "tf_scatter_nd" {
        format!(
            "Dimensions [0,{outer}) of indices[shape={}] must match dimensions [0,{outer}) of \
             updates[shape={}]",
            tf_shape(indices),
            tf_shape(updates)
        )
    } else {
        format!(
            "Outer dimensions of indices and update must match. Indices shape: {}, updates \
             shape:{} ({op})",
            tf_shape(indices),
            tf_shape(updates)
        )
    }
}

/// [`Error::ScatterInnerShape`] in the words of the TensorFlow op `op` stands for (which has
/// two, for a rank and for a dimension that differ).
fn scatter_inner(op: &str, out: &[usize], updates: &[usize], depth: usize, outer: usize) -> String {
    let (rank, urank) = (out.len(), updates.len());
    if op == "tf_scatter_nd" {
        format!(
            "Dimensions [{depth},{rank}) of input[shape={}] must match dimensions \
             [{outer},{urank}) of updates[shape={}]",
            tf_shape(out),
            tf_shape(updates)
        )
    } else if urank.checked_sub(outer) != rank.checked_sub(depth) {
        format!(
            "Inner dimensions of output shape must match inner dimensions of updates shape. \
             Output: {} updates: {} ({op})",
            tf_shape(out),
            tf_shape(updates)
        )
    } else {
        format!(
            "The inner {} dimensions of output.shape={} must match the inner {} dimensions of \
             updates.shape={} ({op})",
            rank.saturating_sub(depth),
            tf_shape(out),
            urank.saturating_sub(outer),
            tf_shape(updates)
        )
    }
}

/// The indices an axis of size `dim` takes, for [`Error::ShrinkOutOfBounds`].
fn index_range(dim: usize) -> String {
    match dim.checked_sub(1) {
        Some(last) => format!("whose indices are -{dim} to {last}"),
        None => String::from("which has no index"),
    }
}

/// For [`Error::TooLarge`]: what a `usize::MAX` dimension stands for, if the shape has one.
fn overflow_note(shape: &[usize]) -> String {
    if shape.contains(&usize::MAX) {
        format!("; {} marks a dimension that overflows usize", usize::MAX)
    } else {
        String::new()
    }
}

/// A shape as TensorFlow prints it: `[2,2]`, `[]`.
fn tf_shape(shape: &[usize]) -> String {
    format!("[{}]", join(shape))
}

/// `[1,2]`, or nothing for a 0-d array: where an element is, as TensorFlow's
/// `SliceDebugString` prints it after the array's name.
fn tf_position(position: &[usize]) -> String {
    if position.is_empty() {
        String::new()
    } else {
        format!("[{}]", join(position))
    }
}

/// The first `n` dims of `shape` (all of them if it has fewer): `indices[i].shape`, which
/// `data[i].shape` starts with.
fn prefix(shape: &[usize], n: usize) -> &[usize] {
    shape.get(..n).unwrap_or(shape)
}

impl From<ndarray::ShapeError> for Error {
    fn from(e: ndarray::ShapeError) -> Self {
        Error::Shape {
            message: e.to_string(),
        }
    }
}

/// TensorFlow's words for a `paddings` / `crops` tensor of the wrong shape.
fn pairs_message(argument: &str, rows: usize, columns: usize, expected: Option<usize>) -> String {
    match expected {
        None => format!("{argument} must be a matrix with 2 columns: [{rows},{columns}]"),
        Some(m) => format!("{argument} should have shape [{m}, 2] instead of [{rows},{columns}]"),
    }
}

/// `0, 3`: an index vector as TensorFlow prints it.
fn join_i64(values: &[i64]) -> String {
    let parts: Vec<String> = values.iter().map(ToString::to_string).collect();
    parts.join(", ")
}

/// `0,0,1`: how TensorFlow prints a list inside its messages.
fn join(values: &[usize]) -> String {
    let parts: Vec<String> = values.iter().map(ToString::to_string).collect();
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_is_send_sync_static() {
        fn check<T: Send + Sync + 'static + std::error::Error>() {}
        check::<Error>();
    }
}
