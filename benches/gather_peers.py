"""NumPy's equivalents of benches/gather.rs, on the same shapes and the same indices, timed in one
process.

    python3 benches/gather_peers.py            readable list (us per call)
    python3 benches/gather_peers.py --quick    shorter repeats
    python3 benches/gather_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

The indices come from gather.rs's own xorshift64* (same seed, same draw order: 10 000 rows, 256
columns, then 2^20 (row, column) pairs), so both sides do the same memory accesses.
Each readable figure is the best of 7 timeit repeats (each >= 0.2 s), in microseconds per call.
"""

import numpy as np

from peers_common import parse_args, run_cases_us

ROWS, COLS = 4096, 256  # 4 MiB of float32
PICKED_ROWS, PICKED_ELEMENTS = 10_000, 1 << 20


def draws(bounds):
    """gather.rs's `Rng(0x9E37_79B9_7F4A_7C15).below(n)` for each n of `bounds`, in order."""
    mask, s, out = (1 << 64) - 1, 0x9E37_79B9_7F4A_7C15, []
    for n in bounds:
        s ^= s >> 12
        s = (s ^ (s << 25)) & mask
        s ^= s >> 27
        out.append((((s * 0x2545_F491_4F6C_DD1D) & mask) >> 33) % n)
    return np.array(out, dtype=np.int64)


x = np.arange(ROWS * COLS, dtype=np.float32).reshape(ROWS, COLS)
_all = draws([ROWS] * PICKED_ROWS + [COLS] * COLS + [ROWS, COLS] * PICKED_ELEMENTS)
rows = _all[:PICKED_ROWS]
cols = _all[PICKED_ROWS:PICKED_ROWS + COLS]
rows_nd = rows[:, None]
pairs = _all[PICKED_ROWS + COLS:].reshape(PICKED_ELEMENTS, 2)

# (json key, readable label, call)
CASES = [
    ("gather_rows_4MiB/numpy_take", "gather_rows: np.take(x, rows, 0)", lambda: np.take(x, rows, 0)),
    ("gather_rows_4MiB/numpy_fancy", "gather_rows: x[rows]", lambda: x[rows]),
    ("gather_last_axis_4MiB/numpy_take", "gather_last_axis: np.take(x, cols, 1)",
     lambda: np.take(x, cols, 1)),
    ("gather_last_axis_4MiB/numpy_fancy", "gather_last_axis: x[:, cols]", lambda: x[:, cols]),
    ("gather_nd_rows_4MiB/numpy_fancy_tuple", "gather_nd_rows: x[tuple(idx.T)]",
     lambda: x[tuple(rows_nd.T)]),
    ("gather_nd_elements_4MiB/numpy_fancy_tuple", "gather_nd_elements: x[tuple(idx.T)]",
     lambda: x[tuple(pairs.T)]),
]


def main():
    args = parse_args(__doc__)
    repeat = 3 if args.quick else 7

    run_cases_us(args, CASES, repeat, width=45)


if __name__ == "__main__":
    main()
