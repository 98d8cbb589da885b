"""NumPy's equivalents of benches/gather_mask.rs, on the same shapes, masks, partitions and indices.

    python3 benches/gather_mask_peers.py            readable list (us per call)
    python3 benches/gather_mask_peers.py --quick    shorter repeats
    python3 benches/gather_mask_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

Two readable figures per case, in microseconds per call: the best of 7 timeit repeats (each a batch
of calls lasting >= 0.2 s), and the best single call of 100 (less exposed to a busy machine).
"""

import numpy as np

from peers_common import parse_args, run_best_and_single

ROWS, COLS, N_HOT, DEPTH = 4096, 256, 65536, 16


def hash_(n):
    """The bench's pseudo-random pattern: (i * 2654435761 mod 2**32) >> 16."""
    return (np.arange(n, dtype=np.uint32) * np.uint32(2654435761)) >> np.uint32(16)


x = np.arange(ROWS * COLS, dtype=np.float32).reshape(ROWS, COLS)
row_mask = (hash_(ROWS) & 1) == 1
elem_mask = ((hash_(ROWS * COLS) & 1) == 1).reshape(ROWS, COLS)
parts = (hash_(ROWS) % 4).astype(np.int32)
hot = (hash_(N_HOT) % DEPTH).astype(np.int32)
eye = np.eye(DEPTH, dtype=np.float32)
pieces = [x[parts == i] for i in range(4)]
where_from = [np.flatnonzero(parts == i).astype(np.int32) for i in range(4)]


def stitch_zeros():
    out = np.zeros_like(x)
    for idx, d in zip(where_from, pieces):
        out[idx] = d
    return out


def stitch_empty():
    out = np.empty_like(x)
    for idx, d in zip(where_from, pieces):
        out[idx] = d
    return out


# (json key, readable label, call)
CASES = [
    ("boolean_mask_4MiB/numpy_mask_rows", "boolean_mask rows       x[row_mask]",
     lambda: x[row_mask]),
    ("boolean_mask_4MiB/numpy_mask_elements", "boolean_mask elements   x[elem_mask]",
     lambda: x[elem_mask]),
    ("partition_4MiB/numpy_partition_rows",
     "dynamic_partition rows  [x[p == i] for i in range(4)]",
     lambda: [x[parts == i] for i in range(4)]),
    ("partition_4MiB/numpy_stitch_rows_zeros",
     "dynamic_stitch rows     zeros_like + out[idx] = data", stitch_zeros),
    ("partition_4MiB/numpy_stitch_rows_empty",
     "dynamic_stitch rows     empty_like + out[idx] = data", stitch_empty),
    ("one_hot_4MiB/numpy_eye_index", "one_hot 64k x 16        np.eye(16, dtype=f32)[idx]",
     lambda: np.eye(DEPTH, dtype=np.float32)[hot]),
    ("one_hot_4MiB/numpy_prebuilt_eye_index", "one_hot 64k x 16        eye[idx] (eye prebuilt)",
     lambda: eye[hot]),
    ("one_hot_4MiB/numpy_eye_index_axis0", "one_hot 64k x 16 axis 0 np.eye(16, dtype=f32)[:, idx]",
     lambda: np.eye(DEPTH, dtype=np.float32)[:, hot]),
]


def main():
    args = parse_args(__doc__)
    assert (stitch_zeros() == x).all()
    assert (np.eye(DEPTH, dtype=np.float32)[:, hot] == (np.arange(DEPTH)[:, None] == hot)).all()
    repeat, singles = (3, 20) if args.quick else (7, 100)
    if not args.json:
        print(f"numpy {np.__version__}")
    run_best_and_single(
        args, CASES, repeat, singles,
        lambda name, best, single: f"{name:60s} {best:9.1f} us  (best single {single:9.1f} us)",
    )


if __name__ == "__main__":
    main()
