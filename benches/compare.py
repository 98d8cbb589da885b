"""Two markdown tables. First: ndarray-tfslice (criterion) beside ndarray, NumPy and TensorFlow
eager (benches/strided_peers.py), for the view cases of benches/cases.json and the owned operations
of benches/strided_assign.rs. Then the slicing and joining ops (below). Normally run by
benches/compare.sh.

    python3 benches/compare.py target/peers.json [--criterion-dir target/criterion] [--pinned CPU]
                            [--since UNIX_TIME] [--ops target/ops_numpy/*.json]

A second table follows: every slicing and joining op (OPS: the criterion benches join_views, join,
join_pad, gather, gather_mask, space_depth and space_batch) beside its ndarray-native twin and NumPy (the --ops files,
written by those benches' Python scripts with --json; see benches/peers_common.py).

Criterion figures are `mean.point_estimate` of `<group>/<function>/new/estimates.json`; the peer
figures are the best of several timeit repeats. A missing figure prints as `-`.
"""

import argparse
import datetime
import json
import math
import os
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Owned rows: (label, criterion group, ndarray-tfslice fn, ndarray-native fn, numpy op, TF op)
OWNED = [
    (
        "assign `x[sel] = v`",
        "assign_4MiB",
        "tf_strided_slice_assign",
        "ndarray_slice_mut_assign",
        "numpy_assign",
        "tf_eager_tensor_strided_slice_update",
    ),
    (
        "assign a broadcast row `x[sel] = row`",
        "assign_4MiB",
        "tf_strided_slice_assign_broadcast_row",
        "ndarray_slice_mut_assign_broadcast_row",
        "numpy_assign_broadcast_row",
        "tf_eager_tensor_strided_slice_update_broadcast_row",
    ),
    (
        "gradient (`StridedSliceGrad`)",
        "grad_4MiB",
        "tf_strided_slice_grad",
        "ndarray_zeros_then_assign",
        "numpy_zeros_then_assign",
        "tf_eager_strided_slice_grad",
    ),
    (
        "owned copy `x[sel]` (`tf_strided_slice_to_owned`)",
        "to_owned_4MiB",
        "tf_strided_slice_to_owned",
        "ndarray_view_to_owned",
        "numpy_copy",
        "tf_eager_strided_slice",
    ),
]
OWNED_SEL = "`sel` = `[::-1, 1:63:2, ::-2]` on 256×64×64 (value 256×31×32)"

# The slicing and joining ops (benches/join_views.rs, join.rs, join_pad.rs, gather.rs,
# gather_mask.rs, space_depth.rs, space_batch.rs) beside NumPy (their *_peers.py --json, whose keys
# are "<criterion group>/<numpy name>"). Rows: (label, criterion group, ndarray-tfslice fn,
# ndarray-native fn or None, numpy name); a parameterized criterion id is "<fn>/<parameter>".
VIEW_RANKS = {1: "1048576", 3: "64×128×128", 6: "16×8×8×8×8×16"}
VIEW_REVERSE_AXES = {1: "[0]", 3: "[0, -1]", 6: "[0, 2, -1]"}
PAD_WIDTHS = {"1-2": "[[1, 1], [2, 2]]", "16": "[[16, 16], [16, 16]]"}
PAD_NATIVE = {
    "constant": "ndarray_from_elem_assign",
    "reflect": "ndarray_concatenate_reflect",
    "symmetric": "ndarray_concatenate_symmetric",
}
OPS = [
    *(
        (f"`concat` 4 × 512×512, axis {a}", "concat_4x1MiB", f"tf_concat_axis{a}",
         f"ndarray_concatenate_axis{a}", f"numpy_concatenate_axis{a}")
        for a in (0, 1)
    ),
    *(
        (f"`stack` 4 × 512×512, axis {a}", "stack_4x1MiB", f"tf_stack_axis{a}",
         f"ndarray_stack_axis{a}", f"numpy_stack_axis{a}")
        for a in (0, 2)
    ),
    ("`tile` 512×512 by [2, 2]", "tile_to_4MiB", "tf_tile_1MiB_by_2x2",
     "ndarray_concatenate_1MiB_by_2x2", "numpy_tile_1MiB_by_2x2"),
    ("`tile` 1×256 by [4096, 1]", "tile_to_4MiB", "tf_tile_row256_by_4096x1",
     "ndarray_broadcast_to_owned_row256_by_4096x1", "numpy_tile_row256_by_4096x1"),
    ("`tile` 1×16 by [1, 16384]", "tile_to_4MiB", "tf_tile_row16_by_1x16384",
     "ndarray_concatenate_row16_by_1x16384", "numpy_tile_row16_by_1x16384"),
    *(
        (f"`pad` {mode}, 1024×1024 by {widths}", f"pad_4MiB_{tag}", f"tf_pad_{mode}",
         native, f"numpy_pad_{mode}")
        for tag, widths in PAD_WIDTHS.items()
        for mode, native in PAD_NATIVE.items()
    ),
    *(
        (f"`reverse_sequence` {label}", "reverse_sequence_4MiB", f"tf_reverse_sequence_{case}",
         f"ndarray_to_owned_assign_{case}", f"numpy_loop_{case}")
        for label, case in (
            ("512×2048, batch axis 0, seq axis 1", "batch0_seq1"),
            ("512×2048, seq axis 0, batch axis 1", "seq0_batch1"),
            ("512×64×32, seq axis 0, batch axis 1", "time_major_512x64x32"),
        )
    ),
    ("`gather` 10 000 rows of 4096×256", "gather_rows_4MiB", "tf_gather", "ndarray_select",
     "numpy_take"),
    ("`gather` 256 columns (axis 1) of 4096×256", "gather_last_axis_4MiB", "tf_gather",
     "ndarray_select", "numpy_take"),
    ("`gather_nd` 10 000 row indices into 4096×256", "gather_nd_rows_4MiB", "tf_gather_nd",
     "ndarray_select", "numpy_fancy_tuple"),
    ("`gather_nd` 2^20 (row, column) pairs of 4096×256", "gather_nd_elements_4MiB",
     "tf_gather_nd", "ndarray_index_loop", "numpy_fancy_tuple"),
    ("`scatter_nd_add` (in place) 2048 rows into 30522×768", "scatter_nd_add_rows_30522x768",
     "tf_scatter_nd_add", "ndarray_row_add", "numpy_add_at"),
    ("`boolean_mask` rows of 4096×256 (1-D mask)", "boolean_mask_4MiB", "tf_boolean_mask_rows",
     "ndarray_select_rows", "numpy_mask_rows"),
    ("`boolean_mask` elements of 4096×256 (2-D mask)", "boolean_mask_4MiB",
     "tf_boolean_mask_elements", "ndarray_iter_filter_elements", "numpy_mask_elements"),
    ("`dynamic_partition` 4096×256 rows into 4", "partition_4MiB", "tf_dynamic_partition_rows",
     "ndarray_select_per_partition", "numpy_partition_rows"),
    ("`dynamic_stitch` those 4 parts back to 4096×256", "partition_4MiB",
     "tf_dynamic_stitch_rows", "ndarray_zeros_then_assign_rows", "numpy_stitch_rows_zeros"),
    ("`one_hot` 65536 indices, depth 16", "one_hot_4MiB", "tf_one_hot", "ndarray_eye_select",
     "numpy_eye_index"),
    ("`one_hot` 65536 indices, depth 16, axis 0", "one_hot_4MiB", "tf_one_hot_axis0", None,
     "numpy_eye_index_axis0"),
    ("`space_to_depth` 4×256×256×4, block 2", "space_to_depth_4MiB", "tf_space_to_depth",
     "ndarray_permuted_to_owned", "numpy_reshape_transpose_copy"),
    *(
        (f"`depth_to_space` {shape.replace('x', '×')}, block 2", "depth_to_space_4MiB",
         f"tf_depth_to_space_{shape}", f"ndarray_permuted_to_owned_{shape}",
         f"numpy_reshape_transpose_copy_{shape}")
        for shape in ("4x256x256x4", "4x128x128x16")
    ),
    *(
        (f"`space_to_batch_nd` 4×256×256×4, block [2, 2], pad {p}", f"space_to_batch_4MiB_pad{p}",
         "tf_space_to_batch_nd", "ndarray_pad_reshape_permute_copy",
         "numpy_pad_reshape_transpose_copy")
        for p in (0, 2)
    ),
    *(
        (f"`batch_to_space_nd` back to 4×256×256×4, crop {p}", f"batch_to_space_4MiB_crop{p}",
         "tf_batch_to_space_nd", "ndarray_reshape_permute_copy_crop",
         "numpy_reshape_transpose_copy_crop_view")
        for p in (0, 2)
    ),
    ("`extract_image_patches` 3×3, stride 2, SAME on 4×128×128×4", "extract_image_patches_1MiB",
     "tf_extract_image_patches", "ndarray_pad_windows_collect", "numpy_pad_sliding_window_copy"),
    # The shape ops on real shapes (shape.rs, shape_peers.py).
    ("`frame` 16×160000 audio, 400 every 160 (view)", "frame_audio_16x160000", "tf_frame_view",
     None, "numpy_sliding_window_view"),
    ("`frame` 16×160000 audio, 400 every 160, `pad_end` (owned; NumPy: the view copied)",
     "frame_audio_16x160000", "tf_frame_pad_end_owned", "ndarray_windows_with_stride_collect",
     "numpy_sliding_window_view_copy"),
    ("`reshape` transposed 16×224×224×3 view to (16, -1)", "reshape_transposed_16x224x224x3",
     "tf_reshape", "ndarray_to_shape", "numpy_reshape"),
    ("the same as an `ArrayD` (`IxDyn`)", "reshape_transposed_dyn_16x224x224x3",
     "tf_reshape", "ndarray_to_shape", "numpy_reshape"),
    ("`repeat` 2048×768 rows by 2", "repeat_rows_2048x768", "tf_repeat", "ndarray_select",
     "numpy_repeat"),
    ("`repeat` 2048×768 last-axis elements by 2", "repeat_elements_2048x768", "tf_repeat",
     "ndarray_select", "numpy_repeat"),
    ("`roll` 16×56×56×96 by (-3, -3) on axes (1, 2)", "roll_16x56x56x96", "tf_roll",
     "ndarray_concatenate_assign", "numpy_roll"),
    # View ops: O(rank) views of 4 MiB `IxDyn` arrays (views.rs), reported without a target.
    *(
        (f"`split` {how}, last axis, rank {r} ({shape}) (views)", "split_4_ways_last_axis",
         f"tf_split_{kind}/{r}", f"{native}/{r}", f"numpy_split_{np_kind}/{r}")
        for r, shape in VIEW_RANKS.items()
        for how, kind, native, np_kind in (
            ("into 4", "num", "ndarray_axis_chunks_iter", "num"),
            ("by sizes [c, -1, c, c]", "sizes", "ndarray_split_at", "indices"),
        )
    ),
    *(
        (f"`unstack` axis {a}, rank {r} ({VIEW_RANKS[r]}) (views)", "unstack",
         f"tf_unstack/rank{r}_axis{a}", f"ndarray_axis_iter/rank{r}_axis{a}",
         f"{'numpy_list' if a == 0 else 'numpy_list_moveaxis'}/rank{r}_axis{a}")
        for r, a in ((1, 0), (3, 0), (3, -1), (6, 0), (6, -1))
    ),
    *(
        (f"`transpose` {what}, rank {r} ({shape}) (view)", "transpose", f"tf_transpose_{kind}/{r}",
         f"{native}/{r}", f"{np_name}/{r}")
        for r, shape in VIEW_RANKS.items()
        for what, kind, native, np_name in (
            ("last axis first", "perm", "ndarray_permuted_axes", "numpy_transpose_perm"),
            ("all axes reversed (`None`)", "none", "ndarray_t", "numpy_T"),
        )
    ),
    *(
        (f"`reverse` axes {VIEW_REVERSE_AXES[r]}, rank {r} ({shape}) (view)", "reverse",
         f"tf_reverse/{r}", f"ndarray_invert_axis/{r}", f"numpy_flip/{r}")
        for r, shape in VIEW_RANKS.items()
    ),
]
VIEW_GROUPS = {"split_4_ways_last_axis", "unstack", "transpose", "reverse"}

# Real shapes (benches/real_shapes.rs beside benches/real_shapes_peers.py, issue 15): every
# criterion group has "tfslice" and "ndarray" functions, the pure copies also "memcpy" (a `to_vec`
# of as many contiguous output bytes: the memory limit); the NumPy key is "<group>/numpy".
# Rows: (label, criterion group, pure copy?).
REAL = [
    ("YOLO `pred[..., 0:2]` copied, pred 16×52×52×3×85", "real_yolo_box_xy", True),
    ("YOLO `pred[..., 4:]` copied (beyond the list)", "real_yolo_classes", True),
    ("`concat` of two 16×52×52×3×2 on the last axis", "real_yolo_concat_xy_wh", True),
    ("YOLO `pred[..., 0:2] = xy` (slice assignment, in place; beyond the list)",
     "real_yolo_assign_xy", False),
    ("`xy[..., ::-1]` copied, xy 16×52×52×3×2", "real_yolo_xy_swap", True),
    ("`xy[::-1]` copied", "real_yolo_xy_flip_batch", True),
    ("`boolean_mask` of 1×10647×85 boxes (10% kept)", "real_yolo_boolean_mask", False),
    ("`pad` 16×224×224×3 by 1 on H, W, constant", "real_image_pad_constant", True),
    ("`pad` the same, reflect", "real_image_pad_reflect", True),
    ("flip (`x[:, :, ::-1]`) copied, 16×224×224×3", "real_image_flip_copy", True),
    ("NHWC → NCHW copy (`to_standard_layout`), 16×224×224×3", "real_image_nchw_copy", True),
    ("NCHW → NHWC copy (beyond the list)", "real_image_nhwc_copy", True),
    ("`extract_image_patches` 16×16 / 16, VALID, 16×224×224×3", "real_image_extract_patches",
     True),
    ("`space_to_depth` 2, 16×224×224×3", "real_image_space_to_depth", True),
    ("`depth_to_space` 2, 16×112×112×12", "real_image_depth_to_space", True),
    ("`tile` [2, 1, 1, 1], 16×224×224×3", "real_image_tile", True),
    # Not a pure copy in issue 15's sense (a strided, reversed or permuted view to C order;
    # tile; concat): 2048 rows read from random places of a 94 MB table, each starting with a
    # memory latency that a sequential memcpy never pays. Its memcpy ratio is shown, unmarked.
    ("`gather` 2048 rows of the BERT table 30522×768", "real_bert_gather_rows", False),
    ("batch `gather` 16×128×768 by 16×20 positions", "real_bert_batch_gather", False),
    ("`one_hot` of 2048 ids to depth 30522", "real_bert_one_hot", False),
    ("`reverse_sequence` 16×128×768 (batch 0, seq 1)", "real_bert_reverse_sequence", True),
    ("`dynamic_partition` 65536×16 into 4", "real_dynamic_partition", False),
    ("NHWC → NCHW copy of RGBA 8×256×256×4 (beyond the list)", "real_rgba_nchw_copy", True),
    ("NHWC → NCHW copy of a 64-channel feature map 16×56×56×64 (beyond the list)",
     "real_feature_nchw_copy", True),
    ("NCHW → NHWC copy of the same (beyond the list)", "real_feature_nhwc_copy", True),
    ("NHWC → NCHW copy of a 256-channel map 4×56×56×256 (beyond the list)",
     "real_wide_nchw_copy", True),
    ("768×3072 weights transposed (`w.T`) to C order (beyond the list)", "real_dense_t_copy",
     True),
    ("1024×1024 transposed to C order (beyond the list)", "real_square_t_copy", True),
    ("`pad` 16×224×224×1 by 2 on H, W, symmetric (beyond the list)", "real_gray_pad_symmetric",
     True),
    ("`x[:, 1:-1]` of 16×128×768 tokens copied (beyond the list)", "real_bert_strip_cls_sep",
     True),
    ("flip of a grey 16×224×224×1 batch (beyond the list)", "real_gray_flip_copy", True),
    ("flip of RGBA 8×256×256×4 (beyond the list)", "real_rgba_flip_copy", True),
    ("NHWC → NCHW copy of 4×512×512×3 (beyond the list)", "real_big_nchw_copy", True),
    ("NHWC → NCHW copy, `f64` 16×224×224×3 (beyond the list)", "real_f64_nchw_copy", True),
    ("NHWC → NCHW copy, `u8` 16×224×224×3 (beyond the list)", "real_u8_nchw_copy", True),
    ("flip, `u8` 16×224×224×3 (beyond the list)", "real_u8_flip_copy", True),
    ("`concat` of 4×52×52×3 × 2, 1, 80 on the last axis (beyond the list)",
     "real_concat_widths_2_1_80", True),
    ("`concat` of 4×52×52×3 × 2, 2, 1, 20 on the last axis (VOC; beyond the list)",
     "real_concat_widths_2_2_1_20", True),
    ("`space_to_depth` 4 of RGBA 8×256×256×4 (beyond the list)", "real_rgba_space_to_depth_4",
     True),
    ("`space_to_depth` 2 of u8 16×224×224×3 (beyond the list)", "real_u8_space_to_depth", True),
    ("`depth_to_space` 2 of u8 16×112×112×12 (beyond the list)", "real_u8_depth_to_space", True),
    ("`depth_to_space` 3 of ESPCN's 8×100×100×9 (keras-io super-resolution; beyond the list)",
     "real_espcn_depth_to_space_3", True),
    ("RGB → BGR, `x[..., ::-1]` copied, 16×224×224×3 (Keras `preprocess_input`; beyond the list)",
     "real_bgr_copy", True),
    ("RGB → BGR, `u8` 16×224×224×3 (beyond the list)", "real_u8_bgr_copy", True),
    ("RGB → BGR as `tf.gather(x, [2, 1, 0], axis=-1)` (beyond the list)", "real_bgr_gather", True),
    ("RGB → BGR as Keras 3's `stack([x[..., i] for i in (2, 1, 0)], -1)` (beyond the list)",
     "real_bgr_stack", True),
]
REAL_COPY_VS_MEMCPY = 1.5

OPS_VS_ND, OPS_NUMPY_VS_OURS = 1.0, 1.0

# Targets: (column, op, bound); the mark compares the ratio as printed.
TF_VS_ND, PLAN_VS_ND = 1.2, 1.0
NUMPY_VS_TF_VIEW, NUMPY_VS_TF_OWNED = 5.0, 1.0


def best_sample(path):
    """The fastest criterion sample's time per iteration. Python's figures are the best of several
    timeit repeats (each a mean over its loop), so the like-for-like Rust figure is the best
    sample (each a mean over its iterations), not criterion's mean over all samples, which on
    this shared machine carries the other tenants' noise (measured: a 4 MiB memcpy's mean was
    1.4x NumPy's best of the same copy in one run)."""
    sample = json.loads(path.read_text())
    return min(t / n for t, n in zip(sample["times"], sample["iters"]) if n > 0)


def load_criterion(root, since=None):
    """{(group_id, function_id): ns per call of the fastest sample} (criterion's mean where
    sample.json is missing). Keyed by the ids criterion records in benchmark.json,
    so directory-name sanitizing does not matter; directories without one fall back to names.
    A parameterized id (`BenchmarkId::new("tf_split_num", 3)`) is keyed `"tf_split_num/3"`.
    With `since` (Unix time), estimates written before it are left out (stale runs)."""
    out = {}
    root = Path(root)
    if not root.is_dir():
        return out
    for est in root.glob("**/new/estimates.json"):
        d = est.parent
        if since is not None and est.stat().st_mtime < since:
            continue
        try:
            mean = best_sample(d / "sample.json")
        except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
            try:
                mean = json.loads(est.read_text())["mean"]["point_estimate"]
            except (OSError, ValueError, KeyError, TypeError):
                continue
        key = None
        try:
            meta = json.loads((d / "benchmark.json").read_text())
            fn = meta["function_id"]
            if meta.get("value_str") is not None:  # BenchmarkId::new(fn, parameter)
                fn = f"{fn}/{meta['value_str']}"
            key = (meta["group_id"], fn)
        except (OSError, ValueError, KeyError, TypeError):
            rel = d.parent.relative_to(root).parts
            if len(rel) >= 2:
                key = ("/".join(rel[:-1]), rel[-1])
        if key is not None:
            out[key] = float(mean)
    return out


def sig3(x):
    return 0.0 if x == 0 else round(x, 2 - int(math.floor(math.log10(abs(x)))))


def human(ns):
    if ns is None:
        return "-"
    ns = sig3(ns)
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def ratio(a, b, target=None):
    """a / b as text, marked ✓/✗ against target = ('<=' | '>=', bound)."""
    if a is None or b is None or b == 0:
        return "-"
    r = a / b
    text = f"{r:,.0f}" if r >= 100 else f"{r:.1f}" if r >= 10 else f"{r:.2f}"
    if target is not None:
        shown = float(text.replace(",", ""))
        op, bound = target
        ok = shown <= bound if op == "<=" else shown >= bound
        return f"{text}x {'✓' if ok else '✗'}"
    return f"{text}x"


def cpu_model():
    # Cloud VMs often report only "AMD EPYC"; the family and model numbers tell the
    # microarchitecture apart (family 25 is Zen 3/4, 26 Zen 5), and figures differ between them.
    fields = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or platform.machine()
    if "cpu family" in fields and "model" in fields:
        name += f" (family {fields['cpu family']}, model {fields['model']})"
    return name


def rustc_version():
    try:
        return subprocess.run(
            ["rustc", "--version"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "rustc ?"


def load_ops_numpy(paths):
    """The op scripts' --json outputs, merged: {"<criterion group>/<numpy name>": ns}. A missing or
    unreadable file is reported on stderr and its figures print as `-`."""
    out = {}
    for path in paths:
        try:
            doc = json.loads(Path(path).read_text())
        except (OSError, ValueError) as err:
            print(f"compare.py: skipping {path}: {err}", file=sys.stderr)
            continue
        out.update({k: float(v) for k, v in doc.items()})
    return out


def print_ops_table(c, npt):
    """The second table: every slicing and joining op of OPS beside ndarray and NumPy."""
    print()
    print(
        "Slicing and joining ops (`f32`, 4 MiB in or out unless the row says otherwise), "
        "same run:"
    )
    print()
    print("| op | ndarray-tfslice | ndarray-native | NumPy | tfslice/ndarray | NumPy/tfslice |")
    print("|---|---|---|---|---|---|")
    owned, misses, unmeasured = 0, [], []
    for label, group, f_ours, f_nd, np_name in OPS:
        ours = c(group, f_ours)
        nd = c(group, f_nd) if f_nd else None
        npy = npt.get(f"{group}/{np_name}")
        view = group in VIEW_GROUPS
        vs_nd = ratio(ours, nd, None if view else ("<=", OPS_VS_ND))
        vs_np = ratio(npy, ours, None if view else (">=", OPS_NUMPY_VS_OURS))
        print(f"| {label} | {human(ours)} | {human(nd)} | {human(npy)} | {vs_nd} | {vs_np} |")
        if view:
            continue
        owned += 1
        missed = [
            f"{what} {r[:-2]}"
            for what, r in (("tfslice/ndarray", vs_nd), ("NumPy/tfslice", vs_np))
            if r.endswith("✗")
        ]
        if missed:
            misses.append(f"{label} ({', '.join(missed)})")
        elif vs_np == "-" or (f_nd and vs_nd == "-"):
            unmeasured.append(label)
    print()
    print(
        "ndarray-tfslice: the row's `tf_*` function (`tf_split(4 | &sizes, -1)`, `tf_unstack`, `tf_transpose(&perm)` (or `x.t()`), `tf_reverse`, `tf_concat`, "
        "`tf_stack`, `tf_tile`, `tf_pad(.., PadMode::Constant | Reflect | Symmetric, ..)`, "
        "`tf_reverse_sequence`, `tf_gather`, `tf_gather_nd`, `tf_boolean_mask`, "
        "`tf_dynamic_partition`, `tf_dynamic_stitch`, `tf_one_hot`, `tf_space_to_depth`, "
        "`tf_depth_to_space`, `tf_space_to_batch_nd`, `tf_batch_to_space_nd`, "
        "`tf_extract_image_patches`). ndarray-native: the same result with ndarray alone: "
        "`concatenate` / `stack`; tile as `concatenate` of copies or a broadcast view's `to_owned`; "
        "pad as `from_elem` + `slice_mut(..).assign` (constant) or `concatenate` of mirrored "
        "slices (reflect, symmetric); reverse_sequence as `to_owned` + an `assign` of each reversed "
        "prefix; gather and gather_nd of rows as `select`, gather_nd of elements as an `x[[i, j]]` "
        "loop; boolean_mask as `select` of the kept rows / `iter().zip(mask).filter` collected; "
        "dynamic_partition as a `select` per part; dynamic_stitch as `zeros` + a row `assign` per "
        "index; one_hot as `select` of a prebuilt `eye`'s rows (none for axis 0); the depth and "
        "batch ops as `into_shape_with_order` + `permuted_axes` + "
        "`as_standard_layout().into_owned()` (after `zeros` + `assign` for padding, then "
        "`slice(..).to_owned()` for a crop); extract_image_patches as `zeros` + `assign` padding, "
        "`windows_with_stride` flattened; views: `axis_chunks_iter` (split into 4), a `split_at` "
        "chain (split by sizes), `axis_iter(..).collect()` (unstack), `permuted_axes` / `t()` "
        "(transpose), `invert_axis` per axis (reverse). NumPy: `np.concatenate`, `np.stack`, "
        "`np.tile`, `np.pad(x, p, mode)`; reverse_sequence as `x.copy()` + a Python loop of "
        "`out[b, :n] = x[b, n-1::-1]`; `np.take(x, idx, axis)` (gather), `x[tuple(idx.T)]` "
        "(gather_nd), `x[mask]`, `[x[p == i] for i in range(4)]`, `np.zeros_like(x)` + "
        "`out[idx] = part` per part, `np.eye(16, dtype=np.float32)[idx]` (`[:, idx]` for axis 0); "
        "reshape + transpose + copying reshape for the depth and batch ops (`np.pad` first when "
        "padded; the batch_to_space crop stays a view, which favours NumPy); `np.pad` + "
        "`sliding_window_view(..)[:, ::2, ::2]` + transpose + reshape (patches); views: "
        "`np.split(x, 4 | [c, 2c, 3c], axis=-1)`, `list(x)` / `list(np.moveaxis(x, -1, 0))`, "
        "`np.transpose(x, perm)` / `x.T`, `np.flip(x, axes)`. Shape ops: `tf_frame` (a view; with "
        "`pad_end` owned), `tf_reshape`, `tf_repeat`, `tf_roll` beside ndarray's "
        "`windows_with_stride` collected, `to_shape(..).into_owned()`, `select` of each row twice, "
        "`concatenate` + block `assign`s, and NumPy's `sliding_window_view(x, 400, axis=-1)[:, "
        "::160]` (and its `.copy()`), `reshape`, `np.repeat`, `np.roll`. Same shapes, values, "
        "indices, masks and lengths on both sides."
    )
    print(
        f"Targets (✓/✗ on the ratio as printed), owned ops: tfslice/ndarray <= {OPS_VS_ND:g} and "
        f"NumPy/tfslice >= {OPS_NUMPY_VS_OURS:g}, i.e. at least as fast as both. View rows "
        "(split, unstack, transpose, reverse) are reported without a target: they build views in "
        "O(rank), touching no element, so their time is independent of the 4 MiB behind them "
        "(unstack builds one view per index: 2^20 of them at rank 1). Rust: fastest criterion sample; "
        "NumPy: best of several timeit repeats."
    )
    met = owned - len(misses) - len(unmeasured)
    print(
        f"Owned ops at least as fast as both: {met} of {owned}"
        + (f"; slower: {'; '.join(misses)}" if misses else "")
        + (f"; figures missing: {'; '.join(unmeasured)}" if unmeasured else "")
        + "."
    )


def print_real_table(c, npt):
    """The third table: owned results on real shapes beside ndarray, NumPy and a memcpy."""
    print()
    print("Owned results on real shapes (`f32`; issue 15), same run:")
    print()
    print(
        "| case | ndarray-tfslice | ndarray-native | NumPy | memcpy of the output | "
        "tfslice/ndarray | NumPy/tfslice | tfslice/memcpy |"
    )
    print("|---|---|---|---|---|---|---|---|")
    misses = []
    for label, group, pure in REAL:
        ours, nd, mc = c(group, "tfslice"), c(group, "ndarray"), c(group, "memcpy")
        npy = npt.get(f"{group}/numpy")
        vs_nd = ratio(ours, nd, ("<=", OPS_VS_ND))
        vs_np = ratio(npy, ours, (">=", OPS_NUMPY_VS_OURS))
        vs_mc = ratio(ours, mc, ("<=", REAL_COPY_VS_MEMCPY) if pure else None) if mc else "-"
        print(
            f"| {label} | {human(ours)} | {human(nd)} | {human(npy)} | {human(mc)} "
            f"| {vs_nd} | {vs_np} | {vs_mc} |"
        )
        missed = [
            f"{what} {r[:-2]}"
            for what, r in (("tfslice/ndarray", vs_nd), ("NumPy/tfslice", vs_np),
                            ("tfslice/memcpy", vs_mc))
            if r.endswith("✗")
        ]
        if missed:
            misses.append(f"{label} ({', '.join(missed)})")
    print()
    print(
        "ndarray-tfslice: `tf_index_to_owned`, `to_standard_layout`, `tf_concat`, "
        "`tf_boolean_mask`, `tf_pad`, `tf_extract_image_patches`, `tf_space_to_depth`, "
        "`tf_depth_to_space`, `tf_tile`, `tf_gather`, `tf_one_hot`, `tf_reverse_sequence`, "
        "`tf_dynamic_partition`, `tf_index_assign`. ndarray-native: "
        "`slice(..).as_standard_layout().into_owned()` "
        "(copies, flips, transposes, and the reshape + `permuted_axes` forms of patches and the "
        "depth ops), `concatenate`, `select`, `zeros` + `slice_mut(..).assign` (constant pad), "
        "`concatenate` of mirrored slices (reflect pad), `zeros` + a write per row (one_hot), "
        "`to_owned` + an `assign` of each reversed prefix (reverse_sequence), a `select` per "
        "part (partition), `select` per batch + `stack` (batch gather), `slice_mut(..).assign` on "
        "an `Array5` (slice assignment). NumPy: `x[sel].copy()`, `x[sel] = v`, "
        "`np.concatenate`, `x[mask]`, `np.pad`, `np.ascontiguousarray(x.transpose(..))`, "
        "reshape + transpose + reshape, `np.tile`, `np.take`, `np.take_along_axis`, `np.zeros` + "
        "fancy assignment (one_hot), a copy + a loop of flipped prefixes (reverse_sequence), "
        "`[x[p == i] for i in range(4)]`. memcpy: `to_vec` of as many contiguous `f32` as the "
        "output has (allocation included, like every owned result)."
    )
    print(
        f"Targets: tfslice/ndarray <= {OPS_VS_ND:g}, NumPy/tfslice >= {OPS_NUMPY_VS_OURS:g}, and "
        f"for pure copies tfslice/memcpy <= {REAL_COPY_VS_MEMCPY:g} (an unmarked memcpy ratio: "
        "not a pure copy, shown for scale). "
        + (f"Missed: {'; '.join(misses)}." if misses else "All met.")
    )
    # Read-bound copies (a few bytes taken from each long record) also time a read of the
    # same cache lines: their memory limit is the read, not the memcpy of the output.
    reads = []
    for label, group, _ in REAL:
        ours, limit = c(group, "tfslice"), c(group, "read_limit")
        if ours and limit:
            reads.append(f"{label}: {human(limit)} (tfslice/read {ours / limit:.2f}x)")
    if reads:
        print(
            "Reading the cache lines a read-bound copy must touch, writing nothing (the "
            "`read_limit` function of its group): " + "; ".join(reads) + "."
        )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("peers", help="JSON written by benches/strided_peers.py --json")
    ap.add_argument("--criterion-dir", default="target/criterion")
    ap.add_argument("--cases", default=str(HERE / "cases.json"))
    ap.add_argument(
        "--ops",
        nargs="*",
        default=[],
        metavar="JSON",
        help="the op benches' NumPy figures (each script's --json output), for the second table",
    )
    ap.add_argument("--pinned", metavar="CPU", help="say in the header that runs were pinned")
    ap.add_argument(
        "--since",
        type=float,
        metavar="UNIX_TIME",
        help="ignore criterion estimates older than this (compare.sh passes its start time)",
    )
    args = ap.parse_args()

    peers = json.loads(Path(args.peers).read_text())
    pt = peers.get("timings_ns", {})
    crit = load_criterion(args.criterion_dir, args.since)
    cases = json.loads(Path(args.cases).read_text())["cases"]

    def c(group, fn):
        return crit.get((group, fn))

    def p(group, op):
        return pt.get(f"{group}/{op}")

    tfv = peers.get("tensorflow")
    pin = f", pinned to CPU {args.pinned}" if args.pinned else ""
    quick = " — QUICK MODE (short measurements, not for the README)" if peers.get(
        "settings", {}
    ).get("quick") else ""
    print(
        f"Machine: {cpu_model()}, {os.cpu_count()} cores{pin}; {rustc_version()}; "
        f"NumPy {peers.get('numpy', '?')}; "
        f"TensorFlow {tfv if tfv else 'not measured'}; "
        f"{datetime.date.today().isoformat()}{quick}"
    )
    print()
    print(
        "| operation (4 MiB `f32`) | ndarray-tfslice | prepared plan | ndarray | NumPy "
        "| TF eager (`tf.strided_slice` / `t[..]`) | tfslice/ndarray | plan/ndarray "
        "| NumPy/tfslice | TF/tfslice |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")

    statics = []
    for case in cases:
        name, expr = case["name"], case["expr"]
        shape = "×".join(str(d) for d in case["shape"])
        ours, plan, nd = (c(name, f) for f in ("tf_strided_slice", "prepared_plan", "ndarray_slice"))
        npy = p(name, "numpy_basic_indexing")
        tf_ss, tf_gi = p(name, "tf_eager_strided_slice"), p(name, "tf_eager_getitem")
        tf_cell = human(tf_ss) if tf_gi is None else f"{human(tf_ss)} / {human(tf_gi)}"
        print(
            f"| `{name}`: `x[{expr}]` on {shape} | {human(ours)} | {human(plan)} | {human(nd)} "
            f"| {human(npy)} | {tf_cell} "
            f"| {ratio(ours, nd, ('<=', TF_VS_ND))} | {ratio(plan, nd, ('<=', PLAN_VS_ND))} "
            f"| {ratio(npy, ours, ('>=', NUMPY_VS_TF_VIEW))} | {ratio(tf_ss, ours)} |"
        )
        if len(case["shape"]) == 3:
            statics.append((name, c(name, "static_s"), ours, nd))

    for label, group, f_ours, f_nd, np_op, tf_op in OWNED:
        ours, nd = c(group, f_ours), c(group, f_nd)
        npy, tf_ = p(group, np_op), p(group, tf_op)
        print(
            f"| {label} | {human(ours)} | - | {human(nd)} | {human(npy)} | {human(tf_)} "
            f"| {ratio(ours, nd, ('<=', TF_VS_ND))} | - "
            f"| {ratio(npy, ours, ('>=', NUMPY_VS_TF_OWNED))} | {ratio(tf_, ours)} |"
        )

    print()
    print(
        "ndarray-tfslice: `tf_strided_slice` (views) / `tf_strided_slice_assign`, "
        "`tf_strided_slice_grad`, `tf_strided_slice_to_owned` (owned rows). "
        "Prepared plan: `StridedSlice::resolve` once, `Plan::apply` timed. ndarray: "
        "`ArrayD::slice(&[SliceInfoElem])` (views) / `slice_mut(..).assign(..)`, "
        "`ArrayD::zeros` + that assign, `slice(..).to_owned()` (owned rows). "
        "NumPy: the statement text `x[<expr>]` (a view), `x[sel] = v`, `np.zeros` + assign, "
        "`x[sel].copy()`. TF eager: always a copy; assign is `TensorStridedSliceUpdate` "
        f"(functional: returns a new 4 MiB tensor), gradient `StridedSliceGrad`. {OWNED_SEL}."
    )
    print(
        f"Targets (✓/✗ on the ratio as printed): tfslice/ndarray <= {TF_VS_ND}, "
        f"plan/ndarray <= {PLAN_VS_ND}, NumPy/tfslice >= {NUMPY_VS_TF_VIEW:g} for views "
        f"and >= {NUMPY_VS_TF_OWNED:g} for owned operations; TF is for reference. "
        "Rust: fastest criterion sample; Python: best of several timeit repeats."
    )
    if statics:
        parts = [
            f"`{n}` {human(s)} (tfslice/`s!` {ratio(o, s)}, ndarray/`s!` {ratio(d, s)})"
            for n, s, o, d in statics
        ]
        print("`s![..]` on an `Array3` (static slice, no spec to resolve): " + "; ".join(parts) + ".")
    # The typed groups of benches/strided_slice.rs (benches/common/typed.rs): `tf_s!` against a
    # static `s![..]` of the same selection, issue 16's wall-clock target.
    # The groups are read from the run (`typed_<name>`), not listed here again.
    typed = []
    names = sorted({g[len("typed_"):] for g, _ in crit if g.startswith("typed_")})
    for name in names:
        ours, fixed = c(f"typed_{name}", "tf_index_tf_s"), c(f"typed_{name}", "static_s")
        if ours is not None and fixed is not None:
            typed.append(
                f"`{name}` {human(ours)} / {human(fixed)} ({ratio(ours, fixed, ('<=', TF_VS_ND))})"
            )
    if typed:
        print(
            "`x.tf_index(tf_s![..])` / `x.slice(s![..])` on an `Array3` / `Array4` (criterion "
            "groups `typed_*`, `benches/common/typed.rs`): " + "; ".join(typed) + "."
        )

    ops_numpy = load_ops_numpy(args.ops)
    print_ops_table(c, ops_numpy)
    print_real_table(c, ops_numpy)


if __name__ == "__main__":
    main()
