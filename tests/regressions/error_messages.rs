//! One message of each [`Error`] variant, as a user sees it, pinned in
//! `tests/snapshots/error_messages.txt`.
//!
//! Each case is a real public call that fails, so the snapshot shows what a caller reads; a
//! variant is constructed directly only where no public call can produce it (said at the case).
//! The lines are `<Variant>: <message>`, in the order of `pub enum Error` in `src/error.rs`.
//!
//! A reviewed wording change is recorded by running
//! `UPDATE_SNAPSHOTS=1 cargo test --test regressions`, which rewrites the snapshot instead of
//! comparing with it; the diff of the snapshot is then the review. A second test fails when a
//! variant of the enum has no case here.

use ndarray::{Array1, Array2, Array3, Array4, ArrayD, IxDyn, arr0, array};
use ndarray_tfslice::prelude::*;

/// The snapshot's path.
const SNAPSHOT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/snapshots/error_messages.txt"
);

/// The `Err` of a call that must fail; `label` names the case when it succeeds instead.
fn err<T>(label: &str, result: Result<T, Error>) -> Error {
    match result {
        Err(e) => e,
        Ok(_) => panic!("{label}: the call succeeded, expected an Err"),
    }
}

/// `(name, the Err of expr)`: a case of the variant `name`, from a call that must fail.
macro_rules! case {
    ($name:ident, $call:expr) => {
        (stringify!($name), err(stringify!($name), $call))
    };
}

/// A parsed Python index expression (the case's own text, known to parse).
fn spec(text: &str) -> StridedSlice {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} parses: {e}"))
}

/// The variant's name, from its `Debug` form (`SplitUneven { .. }` -> `SplitUneven`).
fn variant(err: &Error) -> String {
    format!("{err:?}")
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// One failing call per variant, in the enum's order, named by the variant it must produce.
fn cases() -> Vec<(&'static str, Error)> {
    // x = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], the input of most cases.
    let x = Array2::from_shape_fn((3, 4), |(i, j)| (4 * i + j) as i32);
    let mut xm = x.clone();
    let none = Masks::NONE;
    let image = Array4::<i32>::zeros((1, 4, 6, 1));
    let idx = |v: Vec<i64>| ArrayD::from_shape_vec(IxDyn(&[v.len()]), v).expect("1-d");
    let long = vec![0i64; 65];
    let ones = vec![1i64; 65];
    vec![
        // ---- strided slice, slice, index, assign, grad ----
        case!(
            SpecLengthMismatch,
            x.tf_strided_slice(&[0, 0], &[1], &[1, 1], none)
        ),
        case!(SpecTooLong, x.tf_strided_slice(&long, &long, &ones, none)),
        case!(MultipleEllipses, x.tf_index(&spec("..., 0, ..."))),
        case!(SliceScalar, arr0(7).tf_index(&spec("0"))),
        case!(TooManyIndices, x.tf_index(&spec("0, 1, 2"))),
        // A new axis first, so the spec index (2) and the input axis (1) differ.
        case!(
            ZeroStride,
            x.tf_strided_slice(
                &[0, 0, 0],
                &[0, 3, 4],
                &[1, 1, 0],
                Masks {
                    new_axis: 0b1,
                    ..none
                },
            )
        ),
        case!(
            ShrinkNegativeStride,
            x.tf_strided_slice(
                &[1],
                &[2],
                &[-1],
                Masks {
                    shrink_axis: 0b1,
                    ..none
                },
            )
        ),
        case!(ShrinkOutOfBounds, x.tf_index(&spec("0, -5"))),
        case!(ValueOutOfRange, x.tf_slice(&[0u64, 0], &[u64::MAX, 1])),
        case!(Parse, "1:2:3:4".parse::<StridedSlice>()),
        case!(
            PlanShapeMismatch,
            spec("1:")
                .resolve(&[3, 4])
                .and_then(|plan| plan.apply(&Array2::<i32>::zeros((2, 4))).map(drop))
        ),
        case!(
            AssignBroadcast,
            xm.tf_index_assign(&spec("0:2"), &array![1, 2, 3])
        ),
        case!(
            GradShapeMismatch,
            tf_strided_slice_grad(&[3, 4], &[0], &[2], &[1], none, &Array1::<f64>::zeros(3))
        ),
        case!(
            NegativeDimension,
            tf_strided_slice_grad(&[3, -4], &[0], &[2], &[1], none, &Array1::<f64>::zeros(3))
        ),
        case!(TooLarge, array![[1u8, 2]].tf_tile(&[1u64 << 62, 1 << 62])),
        case!(
            Shape,
            x.tf_gather(&array![0, 1], 0, 0)
                .and_then(|g| Ok(g.into_dimensionality::<ndarray::Ix3>()?))
        ),
        // No public call produces Internal: it marks a check of this crate that ndarray refused
        // after validation, i.e. a bug.
        (
            "Internal",
            Error::Internal(String::from(
                "ndarray refused a resolved slice: ShapeError/OutOfBounds: out of bounds indexing",
            )),
        ),
        case!(SliceLengthMismatch, x.tf_slice(&[0], &[1, 1])),
        case!(
            SliceEmptyAxis,
            Array2::<i32>::zeros((0, 4)).tf_slice(&[1, 0], &[0, 4])
        ),
        case!(SliceBeginOutOfRange, x.tf_slice(&[0, 5], &[1, 1])),
        case!(SliceSizeOutOfRange, x.tf_slice(&[1, 0], &[3, 4])),
        // ---- ops: shared ----
        case!(AxisOutOfRange, x.tf_split(Split::Num(2), 2)),
        case!(NoInputs, tf_concat::<Array2<i32>>(&[], 0)),
        // ---- split ----
        case!(SplitNoOutputs, x.tf_split(Split::Num(0), 0)),
        case!(SplitUneven, x.tf_split(Split::Num(3), 1)),
        case!(
            SplitMultipleInferred,
            x.tf_split(Split::Sizes(&[-1, 2, -1]), 1)
        ),
        case!(SplitNegativeSize, x.tf_split(Split::Sizes(&[-2, 6]), 1)),
        case!(SplitSizesMismatch, x.tf_split(Split::Sizes(&[1, 2]), 1)),
        case!(SplitOneOutput, x.tf_split(Split::Sizes(&[-1]), 1)),
        // ---- concat / stack ----
        case!(
            ConcatScalars,
            tf_concat(&[arr0(1).view(), arr0(2).view()], 0)
        ),
        case!(
            ConcatRankMismatch,
            tf_concat(&[x.view().into_dyn(), array![1, 2, 3].into_dyn().view()], 0)
        ),
        case!(
            ConcatShapeMismatch,
            tf_concat(&[x.view(), Array2::<i32>::zeros((2, 3)).view()], 0)
        ),
        case!(
            StackShapeMismatch,
            tf_stack(&[x.view(), Array2::<i32>::zeros((3, 3)).view()], 0)
        ),
        // ---- tile / pad ----
        case!(TileMultiplesLength, x.tf_tile(&[2])),
        case!(TileNegativeMultiple, x.tf_tile(&[1, -2])),
        case!(PaddingsLength, x.tf_pad(&[[1, 1]], PadMode::Constant, 0)),
        case!(
            PaddingsNotPairs,
            x.tf_pad(&array![[1, 1, 1], [0, 0, 0]], PadMode::Constant, 0)
        ),
        case!(
            PaddingNegative,
            x.tf_pad(&[[0, 0], [-1, 0]], PadMode::Constant, 0)
        ),
        case!(
            ReflectPaddingTooLarge,
            x.tf_pad(&[[0, 0], [1, 4]], PadMode::Reflect, 0)
        ),
        case!(
            SymmetricPaddingTooLarge,
            x.tf_pad(&[[0, 0], [5, 0]], PadMode::Symmetric, 0)
        ),
        // ---- reverse / reverse_sequence ----
        case!(ReverseDuplicateAxis, x.tf_reverse(&[1, -1])),
        case!(SeqAxisIsBatchAxis, x.tf_reverse_sequence(&[1, 1, 1], 0, 0)),
        case!(SeqLengthsCount, x.tf_reverse_sequence(&[1, 1], 1, 0)),
        case!(SeqLengthNegative, x.tf_reverse_sequence(&[1, -1, 2], 1, 0)),
        case!(SeqLengthTooLong, x.tf_reverse_sequence(&[1, 5, 2], 1, 0)),
        // ---- transpose ----
        case!(PermLength, x.tf_transpose(&[0])),
        case!(PermOutOfRange, x.tf_transpose(&[0, 2])),
        case!(PermNotPermutation, x.tf_transpose(&[1, 1])),
        // ---- gather / gather_nd ----
        case!(IndexOutOfRange, x.tf_gather(&array![[0, 1], [2, 4]], 1, 0)),
        case!(GatherScalarParams, arr0(1).tf_gather(&array![0], 0, 0)),
        case!(
            BatchDimsOutOfRange,
            x.tf_gather(&array![[0], [1], [2]], 1, 3)
        ),
        // Not with axis 0: there `tf.gather` ignores batch_dims.
        case!(
            BatchDimsPastAxis,
            Array3::<i32>::zeros((2, 3, 4)).tf_gather(&array![[0], [1]], 1, 2)
        ),
        case!(BatchShapeMismatch, x.tf_gather(&array![[0], [1]], 1, 1)),
        case!(GatherNdScalarIndices, x.tf_gather_nd(&arr0(0), 0)),
        case!(
            GatherNdNegativeBatchDims,
            x.tf_gather_nd(&array![[0, 1]], -1)
        ),
        case!(GatherNdBatchDims, x.tf_gather_nd(&array![0, 1], 1)),
        case!(GatherNdIndexDepth, x.tf_gather_nd(&array![[0, 1, 2]], 0)),
        case!(
            GatherNdOutOfBounds,
            x.tf_gather_nd(&array![[0, 1], [3, 0]], 0)
        ),
        case!(
            GatherNdBatchDimsParams,
            array![1, 2].tf_gather_nd(&Array3::<i32>::zeros((2, 1, 1)), 1)
        ),
        case!(
            GatherNdEmptyParams,
            Array2::<i32>::zeros((0, 3)).tf_gather_nd(&array![[0]], 0)
        ),
        // ---- boolean_mask ----
        case!(
            BooleanMaskScalar,
            x.view().into_dyn().tf_boolean_mask(&arr0(true), 0)
        ),
        case!(BooleanMaskShape, x.tf_boolean_mask(&array![true, false], 0)),
        // ---- dynamic_partition / dynamic_stitch ----
        case!(NoPartitions, x.tf_dynamic_partition(&array![0, 0, 0], 0)),
        case!(PartitionsShape, x.tf_dynamic_partition(&array![0, 1], 2)),
        case!(
            StitchCount,
            tf_dynamic_stitch(
                &[idx(vec![0]).view(), idx(vec![1]).view()],
                &[array![1.0].into_dyn().view(),]
            )
        ),
        case!(
            StitchShape,
            tf_dynamic_stitch(&[idx(vec![0, 1]).view()], &[array![1.0].into_dyn().view()])
        ),
        case!(
            StitchElementShape,
            tf_dynamic_stitch(
                &[idx(vec![0]).view(), idx(vec![1]).view()],
                &[
                    array![[1.0, 2.0]].into_dyn().view(),
                    array![[3.0, 4.0, 5.0]].into_dyn().view(),
                ]
            )
        ),
        case!(
            StitchIndexNegative,
            tf_dynamic_stitch(
                &[idx(vec![0]).view(), idx(vec![2, -1]).view()],
                &[
                    array![1.0].into_dyn().view(),
                    array![2.0, 3.0].into_dyn().view(),
                ]
            )
        ),
        // ---- one_hot ----
        case!(OneHotAxis, tf_one_hot(&array![0, 1], 3, 1, 0, 2)),
        // ---- scatter_nd, tensor_scatter_nd_update/add, scatter_nd_update/add ----
        case!(
            ScatterIndicesRank,
            x.tf_tensor_scatter_nd_update(&array![1, 0], &arr0(5))
        ),
        case!(
            ScatterUpdatesScalar,
            tf_scatter_nd(&array![[1]], &arr0(5), &[4])
        ),
        case!(
            ScatterEmpty,
            x.tf_tensor_scatter_nd_add(&Array2::<i32>::zeros((0, 1)), &array![[1, 2, 3, 4]])
        ),
        case!(
            ScatterOuterShape,
            tf_scatter_nd(&array![[1], [2]], &array![5, 6, 7], &[4])
        ),
        case!(
            ScatterInnerShape,
            xm.tf_scatter_nd_update(&array![[1]], &array![[5, 6]])
        ),
        case!(
            ScatterScalarOutput,
            tf_scatter_nd(
                &Array2::<i32>::zeros((0, 0)),
                &Array1::<i32>::zeros(0),
                &[0u8; 0]
            )
        ),
        case!(
            ScatterEmptyIndexVector,
            tf_scatter_nd(
                &Array2::<i32>::zeros((0, 0)),
                &Array2::<i32>::zeros((0, 3)),
                &[3]
            )
        ),
        case!(
            ScatterOutOfBounds,
            x.tf_tensor_scatter_nd_update(&array![[[0, 1], [3, 0]]], &array![[7, 8]])
        ),
        // ---- space_to_depth, depth_to_space, space/batch, extract_image_patches ----
        case!(WrongRank, x.tf_space_to_depth(2)),
        case!(BlockSizeTooSmall, image.tf_space_to_depth(1)),
        case!(SpaceNotDivisible, image.tf_space_to_depth(4)),
        case!(
            DepthNotDivisible,
            Array4::<i32>::zeros((1, 2, 2, 6)).tf_depth_to_space(2)
        ),
        case!(
            BlockRankTooLarge,
            x.tf_space_to_batch_nd(&[2, 2], &[[0, 0], [0, 0]])
        ),
        case!(
            BlockPaddingsLength,
            image.tf_space_to_batch_nd(&[2, 2], &[[0, 0]])
        ),
        case!(
            BlockShapeZero,
            image.tf_space_to_batch_nd(&[2, 0], &[[0, 0], [0, 0]])
        ),
        case!(
            BlockShapeNegative,
            image.tf_space_to_batch_nd(&[2, -1], &[[0, 0], [0, 0]])
        ),
        case!(
            BlockPaddingNegative,
            image.tf_space_to_batch_nd(&[2, 2], &[[0, 0], [-2, 0]])
        ),
        case!(
            BlockProductZero,
            image.tf_batch_to_space_nd(&[2, 0], &[[0, 0], [0, 0]])
        ),
        case!(
            BlockProductNegative,
            image.tf_batch_to_space_nd(&[-1, 1], &[[0, 0], [0, 0]])
        ),
        case!(
            CropsNegative,
            image.tf_batch_to_space_nd(&[1, 1], &[[0, -1], [0, 0]])
        ),
        case!(
            PaddedNotDivisible,
            image.tf_space_to_batch_nd(&[3, 2], &[[0, 0], [0, 0]])
        ),
        case!(
            BatchNotDivisible,
            Array4::<i32>::zeros((6, 2, 3, 1)).tf_batch_to_space_nd(&[2, 2], &[[0, 0], [0, 0]])
        ),
        case!(
            CropsTooLarge,
            Array4::<i32>::zeros((4, 1, 3, 1)).tf_batch_to_space_nd(&[2, 2], &[[2, 1], [0, 0]])
        ),
        case!(
            PatchesNotSpatial,
            image.tf_extract_image_patches([2, 2, 2, 1], [1; 4], [1; 4], Padding::Valid)
        ),
        case!(
            PatchesZero,
            image.tf_extract_image_patches([1, 0, 2, 1], [1; 4], [1; 4], Padding::Valid)
        ),
        case!(
            PatchesOutputNegative,
            image.tf_extract_image_patches([1, 7, 1, 1], [1; 4], [1; 4], Padding::Valid)
        ),
        case!(
            SpatialShapeLength,
            tf_required_space_to_batch_paddings(&[4, 5, 6], &[2, 4], None)
        ),
        case!(
            RequiredPaddingsNegative,
            tf_required_space_to_batch_paddings(&[4, 5], &[2, 4], &[[0, 0], [-3, 0]])
        ),
        // ---- shape ops ----
        case!(ScalarInput, arr0(1).tf_roll(&[1], &[0])),
        case!(ReshapeMultipleInferred, x.tf_reshape([-1, 2, -1])),
        case!(ReshapeNegativeSize, x.tf_reshape([3, -4])),
        case!(ReshapeTooManyElements, x.tf_reshape([-1i64, 1 << 62, 4])),
        case!(ReshapeNotMultiple, x.tf_reshape([5, -1])),
        case!(ReshapeCountMismatch, x.tf_reshape([3, 5])),
        case!(ExpandDimsAxis, x.tf_expand_dims(-4)),
        case!(SqueezeAxis, x.tf_squeeze(&[0, 2])),
        case!(SqueezeNotOne, x.tf_squeeze(&[1])),
        case!(RepeatsLength, x.tf_repeat(&[1, 2], Some(1))),
        case!(RepeatNegative, x.tf_repeat(&[1, -2, 1], Some(0))),
        case!(FrameStepZero, x.tf_frame(2, 0, false, 0, -1)),
        case!(RollLength, x.tf_roll(&[1, 2], &[0])),
        case!(RollAxis, x.tf_roll(&[1], &[-3])),
    ]
}

/// The snapshot text: `<Variant>: <message>` per case, after checking each case produced the
/// variant it names.
fn render() -> String {
    let mut text = String::new();
    for (name, err) in cases() {
        assert_eq!(variant(&err), name, "the {name} case produced {err:?}");
        let message = err.to_string();
        assert!(!message.is_empty(), "{name}: empty message");
        text.push_str(&format!("{name}: {message}\n"));
    }
    text
}

/// The names of `pub enum Error`'s variants, in order, read from `src/error.rs`: its lines of
/// four spaces, a capitalised name, then ` {`, `(` or `,`.
fn enum_variants() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/error.rs");
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = source
        .split_once("pub enum Error {")
        .and_then(|(_, rest)| rest.split_once("\n}"))
        .map(|(body, _)| body)
        .expect("src/error.rs declares `pub enum Error { .. }`");
    body.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("    ")?;
            let end = rest.find(|c: char| !c.is_ascii_alphanumeric())?;
            let (name, after) = rest.split_at(end);
            let is_variant = name.starts_with(|c: char| c.is_ascii_uppercase())
                && (after.starts_with(" {") || after.starts_with('(') || after == ",");
            is_variant.then(|| name.to_string())
        })
        .collect()
}

/// Whether this run rewrites the snapshot (`UPDATE_SNAPSHOTS=1`).
fn updating() -> bool {
    std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1")
}

/// Every message, as users see it, equals the committed snapshot (or rewrites it with
/// `UPDATE_SNAPSHOTS=1`).
#[test]
fn messages_match_snapshot() {
    let text = render();
    if updating() {
        std::fs::write(SNAPSHOT, &text).unwrap_or_else(|e| panic!("{SNAPSHOT}: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(SNAPSHOT).unwrap_or_else(|e| {
        panic!("{SNAPSHOT}: {e}; run `UPDATE_SNAPSHOTS=1 cargo test --test regressions`")
    });
    if committed != text {
        // The lines only the snapshot has, then the lines only the new text has.
        let only = |sign: char, a: &str, b: &str| -> Vec<String> {
            let others: Vec<&str> = b.lines().collect();
            a.lines()
                .filter(|line| !others.contains(line))
                .map(|line| format!("{sign} {line}"))
                .collect()
        };
        let mut diff = only('-', &committed, &text);
        diff.extend(only('+', &text, &committed));
        panic!(
            "error messages differ from {SNAPSHOT} ({} vs {} lines); if the change is intended, \
             rerun with UPDATE_SNAPSHOTS=1 and review the diff:\n{}",
            committed.lines().count(),
            text.lines().count(),
            diff.join("\n")
        );
    }
}

/// The snapshot has one line per variant of `Error`, in the enum's order: a new variant without
/// a case here fails.
#[test]
fn every_variant_has_a_case() {
    let declared = enum_variants();
    assert!(
        declared.len() > 70,
        "read only {} variants from src/error.rs: {declared:?}",
        declared.len()
    );
    // While the other test rewrites the file, the names are those it writes.
    let snapshot = if updating() {
        render()
    } else {
        std::fs::read_to_string(SNAPSHOT).unwrap_or_else(|e| panic!("{SNAPSHOT}: {e}"))
    };
    let covered: Vec<String> = snapshot
        .lines()
        .filter_map(|line| line.split_once(": ").map(|(name, _)| name.to_string()))
        .collect();
    let missing: Vec<&String> = declared.iter().filter(|v| !covered.contains(v)).collect();
    assert!(
        missing.is_empty(),
        "variants of Error with no case in tests/regressions/error_messages.rs: {missing:?}"
    );
    assert_eq!(
        covered, declared,
        "the snapshot's variants are not the enum's, in its order"
    );
}
