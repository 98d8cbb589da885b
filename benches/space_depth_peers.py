"""NumPy's equivalents of benches/space_depth.rs, on the same shapes (float32), timed in one process.

    python3 benches/space_depth_peers.py            readable list (us per call)
    python3 benches/space_depth_peers.py --quick    shorter repeats
    python3 benches/space_depth_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

space_to_depth / depth_to_space (block 2): the reshape/transpose/reshape that copies.
extract_image_patches 3x3, stride 2, SAME on (4, 128, 128, 4): np.pad (SAME: 1 zero row/column
after), np.lib.stride_tricks.sliding_window_view, the stride-2 subsample, the transpose to
(row, column, depth) patch order and the copying reshape; also without the np.pad.
Each readable figure is the best of 60 timeit repeats of at least 5 ms each, in microseconds per
call (many short repeats: on a shared, loaded machine the best of them is the stable figure).
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from peers_common import parse_args, run_cases_us


def s2d(x, b):
    n, h, w, c = x.shape
    return x.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5).reshape(
        n, h // b, w // b, c * b * b)


def d2s(x, b):
    n, h, w, c = x.shape
    return x.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5).reshape(
        n, h * b, w * b, c // (b * b))


def windows(p):
    v = sliding_window_view(p, (3, 3), axis=(1, 2))[:, ::2, ::2]  # (n, 64, 64, c, 3, 3)
    n, r, q, c = v.shape[:4]
    return v.transpose(0, 1, 2, 4, 5, 3).reshape(n, r, q, 9 * c)


def patches(x):
    return windows(np.pad(x, ((0, 0), (0, 1), (0, 1), (0, 0))))


x = np.arange(4 * 256 * 256 * 4, dtype=np.float32).reshape(4, 256, 256, 4)
y = np.arange(4 * 128 * 128 * 16, dtype=np.float32).reshape(4, 128, 128, 16)
img = np.arange(4 * 128 * 128 * 4, dtype=np.float32).reshape(4, 128, 128, 4)
padded = np.pad(img, ((0, 0), (0, 1), (0, 1), (0, 0)))

# (json key, readable label, call)
CASES = [
    ("space_to_depth_4MiB/numpy_copy_floor", "copy (4,256,256,4), the floor", lambda: x.copy()),
    ("space_to_depth_4MiB/numpy_reshape_transpose_copy", "space_to_depth (4,256,256,4) b=2",
     lambda: s2d(x, 2)),
    ("depth_to_space_4MiB/numpy_reshape_transpose_copy_4x256x256x4",
     "depth_to_space (4,256,256,4) b=2", lambda: d2s(x, 2)),
    ("depth_to_space_4MiB/numpy_reshape_transpose_copy_4x128x128x16",
     "depth_to_space (4,128,128,16) b=2", lambda: d2s(y, 2)),
    ("extract_image_patches_1MiB/numpy_pad_sliding_window_copy",
     "extract_patches 3x3 s2 SAME (4,128,128,4), with np.pad", lambda: patches(img)),
    ("extract_image_patches_1MiB/numpy_sliding_window_copy_prepadded",
     "extract_patches 3x3 s2 SAME (4,128,128,4), pre-padded", lambda: windows(padded)),
]


def main():
    args = parse_args(__doc__)
    assert (d2s(s2d(x, 2), 2) == x).all() and patches(img).shape == (4, 64, 64, 36)
    repeat = 10 if args.quick else 60

    run_cases_us(args, CASES, repeat, min_s=0.005, width=58, header=f"numpy {np.__version__}")


if __name__ == "__main__":
    main()
