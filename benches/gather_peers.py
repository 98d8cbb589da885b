"""NumPy's equivalents of benches/gather.rs, on the same shapes, timed in one process.

    python3 benches/gather_peers.py

Each figure is the best of 7 timeit repeats (each >= 0.2 s), in microseconds per call.
"""

import timeit

import numpy as np

ROWS, COLS = 4096, 256  # 4 MiB of float32
rng = np.random.default_rng(7)
x = np.arange(ROWS * COLS, dtype=np.float32).reshape(ROWS, COLS)
rows = rng.integers(0, ROWS, 10_000)
cols = rng.integers(0, COLS, COLS)
rows_nd = rows[:, None]
pairs = np.stack([rng.integers(0, ROWS, 1 << 20), rng.integers(0, COLS, 1 << 20)], axis=1)

CASES = {
    "gather_rows: np.take(x, rows, 0)": lambda: np.take(x, rows, 0),
    "gather_rows: x[rows]": lambda: x[rows],
    "gather_last_axis: np.take(x, cols, 1)": lambda: np.take(x, cols, 1),
    "gather_last_axis: x[:, cols]": lambda: x[:, cols],
    "gather_nd_rows: x[tuple(idx.T)]": lambda: x[tuple(rows_nd.T)],
    "gather_nd_elements: x[tuple(idx.T)]": lambda: x[tuple(pairs.T)],
}


def best_us(fn):
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    n = max(n, int(n * 0.2 / max(t.timeit(n), 1e-9)))
    return min(t.repeat(7, n)) / n * 1e6


for name, fn in CASES.items():
    print(f"{name:45s} {best_us(fn):10.1f} us")
