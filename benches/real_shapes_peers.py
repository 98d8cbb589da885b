"""NumPy's equivalents of benches/real_shapes.rs on the same shapes and values, in ns per call.

    python3 benches/real_shapes_peers.py            readable list (ms per call)
    python3 benches/real_shapes_peers.py --quick    shorter repeats
    python3 benches/real_shapes_peers.py --json     {"<criterion group>/numpy": ns} (peers_common)

Each case is what a NumPy user writes for an owned, C-order result: `x[sel].copy()` (always C order
for a non-contiguous view, as `np.ascontiguousarray`), `np.concatenate`, `x[mask]`, `np.pad`,
`np.ascontiguousarray(x.transpose(..))`, reshape + transpose + copying reshape for the patches and
depth ops, `np.tile`, `np.take`, `np.take_along_axis` (batch gather), `np.eye(d)[ids]` is 250 MB of
eye, so one_hot is `np.zeros` + fancy assignment, reverse_sequence a copy + a loop of flipped
prefixes, dynamic_partition `[x[p == i] for i in range(4)]`. Indices, masks and lengths come from
the bench's own LCG, so both sides do the same work. f32 throughout.
Each figure is the best of 5 timeit repeats of >= 0.2 s (3 of >= 0.05 s with --quick).
"""

import numpy as np

from peers_common import parse_args, run


def iota(shape):
    """real_shapes.rs's `iota`: 0, 1, 2, ... modulo 65521, as float32, C order."""
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.int64) % 65521).astype(np.float32).reshape(shape)


def lcg(count, n, seed):
    """real_shapes.rs's `lcg`: the same numbers below n."""
    state, out = seed, []
    for _ in range(count):
        state = (state * 6_364_136_223_846_793_005 + 1_442_695_040_888_963_407) & ((1 << 64) - 1)
        out.append((state >> 33) % n)
    return np.array(out, dtype=np.int64)


pred = iota((16, 52, 52, 3, 85))
xy = pred[..., 0:2].copy()
wh = pred[..., 2:4].copy()
dets = iota((1, 10647, 85))
keep = (lcg(10647, 10, 7) == 0).reshape(1, 10647)
img = iota((16, 224, 224, 3))
nchw = np.ascontiguousarray(img.transpose(0, 3, 1, 2))
deep = iota((16, 112, 112, 12))
table = iota((30522, 768))
ids = lcg(2048, 30522, 11)
seq = iota((16, 128, 768))
positions = lcg(320, 128, 13).reshape(16, 20)
lengths = lcg(16, 129, 17)
rows = iota((65536, 16))
rgba = iota((8, 256, 256, 4))
feature = iota((16, 56, 56, 64))
feature_nchw = np.ascontiguousarray(feature.transpose(0, 3, 1, 2))
wide = iota((4, 56, 56, 256))
dense = iota((768, 3072))
square = iota((1024, 1024))
gray = iota((16, 224, 224, 1))
tokens = iota((16, 128, 768))
big = iota((4, 512, 512, 3))
img64 = img.astype(np.float64)
img8 = (np.arange(16 * 224 * 224 * 3, dtype=np.int64) % 251).astype(np.uint8).reshape(16, 224, 224, 3)
parts = lcg(65536, 4, 19).astype(np.int32)
P = ((0, 0), (1, 1), (1, 1), (0, 0))


def one_hot():
    out = np.zeros((2048, 30522), dtype=np.float32)
    out[np.arange(2048), ids] = 1.0
    return out


def reverse_sequence():
    out = seq.copy()
    for b, n in enumerate(lengths):
        out[b, :n] = seq[b, n - 1::-1] if n else seq[b, :0]
    return out


def patches():
    v = img.reshape(16, 14, 16, 14, 16, 3).transpose(0, 1, 3, 2, 4, 5)
    return v.reshape(16, 14, 14, 768)


def space_to_depth():
    return img.reshape(16, 112, 2, 112, 2, 3).transpose(0, 1, 3, 2, 4, 5).reshape(16, 112, 112, 12)


def depth_to_space():
    return deep.reshape(16, 112, 112, 2, 2, 3).transpose(0, 1, 3, 2, 4, 5).reshape(16, 224, 224, 3)


c_xy, c_obj, c_cls = iota((4, 52, 52, 3, 2)), iota((4, 52, 52, 3, 1)), iota((4, 52, 52, 3, 80))
v_parts = [iota((4, 52, 52, 3, w)) for w in (2, 2, 1, 20)]
rgba_img = iota((8, 256, 256, 4))
img_u8 = (np.arange(16 * 224 * 224 * 3, dtype=np.int64) % 256).astype(np.uint8).reshape(16, 224, 224, 3)
deep_u8 = (np.arange(16 * 112 * 112 * 12, dtype=np.int64) % 256).astype(np.uint8).reshape(16, 112, 112, 12)


def space_to_depth_rgba_4():
    v = rgba_img.reshape(8, 64, 4, 64, 4, 4).transpose(0, 1, 3, 2, 4, 5)
    return v.reshape(8, 64, 64, 64)


def space_to_depth_u8():
    v = img_u8.reshape(16, 112, 2, 112, 2, 3).transpose(0, 1, 3, 2, 4, 5)
    return v.reshape(16, 112, 112, 12)


def depth_to_space_u8():
    v = deep_u8.reshape(16, 112, 112, 2, 2, 3).transpose(0, 1, 3, 2, 4, 5)
    return v.reshape(16, 224, 224, 3)


espcn = iota((8, 100, 100, 9))


def depth_to_space_espcn():
    v = espcn.reshape(8, 100, 100, 3, 3, 1).transpose(0, 1, 3, 2, 4, 5)
    return v.reshape(8, 300, 300, 1)


def assign_xy():
    """pred[..., 0:2] = xy (the same values: pred is unchanged for the other cases)."""
    pred[..., 0:2] = xy


CASES = [
    ("real_yolo_box_xy/numpy", lambda: pred[..., 0:2].copy()),
    ("real_yolo_classes/numpy", lambda: pred[..., 4:].copy()),
    ("real_yolo_concat_xy_wh/numpy", lambda: np.concatenate([xy, wh], axis=-1)),
    ("real_yolo_assign_xy/numpy", assign_xy),
    ("real_yolo_xy_swap/numpy", lambda: xy[..., ::-1].copy()),
    ("real_yolo_xy_flip_batch/numpy", lambda: xy[::-1].copy()),
    ("real_yolo_boolean_mask/numpy", lambda: dets[keep]),
    ("real_image_pad_constant/numpy", lambda: np.pad(img, P, mode="constant")),
    ("real_image_pad_reflect/numpy", lambda: np.pad(img, P, mode="reflect")),
    ("real_image_flip_copy/numpy", lambda: img[:, :, ::-1].copy()),
    ("real_image_nchw_copy/numpy", lambda: np.ascontiguousarray(img.transpose(0, 3, 1, 2))),
    ("real_image_nhwc_copy/numpy", lambda: np.ascontiguousarray(nchw.transpose(0, 2, 3, 1))),
    ("real_image_extract_patches/numpy", patches),
    ("real_image_space_to_depth/numpy", space_to_depth),
    ("real_image_depth_to_space/numpy", depth_to_space),
    ("real_image_tile/numpy", lambda: np.tile(img, (2, 1, 1, 1))),
    ("real_bert_gather_rows/numpy", lambda: np.take(table, ids, axis=0)),
    ("real_bert_batch_gather/numpy",
     lambda: np.take_along_axis(seq, positions[:, :, None], axis=1)),
    ("real_bert_one_hot/numpy", one_hot),
    ("real_bert_reverse_sequence/numpy", reverse_sequence),
    ("real_dynamic_partition/numpy", lambda: [rows[parts == i] for i in range(4)]),
    ("real_rgba_nchw_copy/numpy", lambda: np.ascontiguousarray(rgba.transpose(0, 3, 1, 2))),
    ("real_feature_nchw_copy/numpy",
     lambda: np.ascontiguousarray(feature.transpose(0, 3, 1, 2))),
    ("real_feature_nhwc_copy/numpy",
     lambda: np.ascontiguousarray(feature_nchw.transpose(0, 2, 3, 1))),
    ("real_wide_nchw_copy/numpy", lambda: np.ascontiguousarray(wide.transpose(0, 3, 1, 2))),
    ("real_dense_t_copy/numpy", lambda: np.ascontiguousarray(dense.T)),
    ("real_square_t_copy/numpy", lambda: np.ascontiguousarray(square.T)),
    ("real_gray_pad_symmetric/numpy",
     lambda: np.pad(gray, ((0, 0), (2, 2), (2, 2), (0, 0)), mode="symmetric")),
    ("real_bert_strip_cls_sep/numpy", lambda: tokens[:, 1:-1].copy()),
    ("real_gray_flip_copy/numpy", lambda: gray[:, :, ::-1].copy()),
    ("real_rgba_flip_copy/numpy", lambda: rgba[:, :, ::-1].copy()),
    ("real_big_nchw_copy/numpy", lambda: np.ascontiguousarray(big.transpose(0, 3, 1, 2))),
    ("real_f64_nchw_copy/numpy", lambda: np.ascontiguousarray(img64.transpose(0, 3, 1, 2))),
    ("real_u8_nchw_copy/numpy", lambda: np.ascontiguousarray(img8.transpose(0, 3, 1, 2))),
    ("real_u8_flip_copy/numpy", lambda: img8[:, :, ::-1].copy()),
    ("real_concat_widths_2_1_80/numpy",
     lambda: np.concatenate([c_xy, c_obj, c_cls], axis=-1)),
    ("real_concat_widths_2_2_1_20/numpy", lambda: np.concatenate(v_parts, axis=-1)),
    ("real_rgba_space_to_depth_4/numpy", space_to_depth_rgba_4),
    ("real_u8_space_to_depth/numpy", space_to_depth_u8),
    ("real_u8_depth_to_space/numpy", depth_to_space_u8),
    ("real_espcn_depth_to_space_3/numpy", depth_to_space_espcn),
    ("real_bgr_copy/numpy", lambda: img[..., ::-1].copy()),
    ("real_u8_bgr_copy/numpy", lambda: img8[..., ::-1].copy()),
    # Fancy indexing: NumPy's fastest form here (np.take(img, [2, 1, 0], axis=-1) took 5x longer).
    ("real_bgr_gather/numpy", lambda: img[..., [2, 1, 0]]),
    ("real_bgr_stack/numpy", lambda: np.stack([img[..., i] for i in (2, 1, 0)], axis=-1)),
]


def readable(args):
    from peers_common import best_ns

    for key, fn in CASES:
        print(f"{key:40s} {best_ns(fn, **args.timing) / 1e6:9.3f} ms")


if __name__ == "__main__":
    args = parse_args(__doc__)
    run(args, CASES, lambda: readable(args))
