"""NumPy's equivalents of benches/mask.rs, on the same shapes, masks, partitions and indices.

    python3 benches/mask_numpy.py

Two figures per case, in microseconds per call: the best of 7 timeit repeats (each a batch of
calls lasting >= 0.2 s), and the best single call of 100 (less exposed to a busy machine).
"""

import timeit

import numpy as np

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


CASES = {
    "boolean_mask rows       x[row_mask]": lambda: x[row_mask],
    "boolean_mask elements   x[elem_mask]": lambda: x[elem_mask],
    "dynamic_partition rows  [x[p == i] for i in range(4)]": lambda: [x[parts == i]
                                                                     for i in range(4)],
    "dynamic_stitch rows     zeros_like + out[idx] = data": stitch_zeros,
    "dynamic_stitch rows     empty_like + out[idx] = data": stitch_empty,
    "one_hot 64k x 16        np.eye(16, dtype=f32)[idx]": lambda: np.eye(DEPTH,
                                                                         dtype=np.float32)[hot],
    "one_hot 64k x 16        eye[idx] (eye prebuilt)": lambda: eye[hot],
}

assert (stitch_zeros() == x).all()
print(f"numpy {np.__version__}")
for name, fn in CASES.items():
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    best = min(t.repeat(repeat=7, number=n)) / n
    single = min(t.repeat(repeat=100, number=1))
    print(f"{name:60s} {best * 1e6:9.1f} us  (best single {single * 1e6:9.1f} us)")
