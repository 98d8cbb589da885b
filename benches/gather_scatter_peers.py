"""NumPy's equivalent of benches/gather_scatter.rs, on the same shapes and the same rows, timed in
one process.

    python3 benches/gather_scatter_peers.py            readable list (us per call)
    python3 benches/gather_scatter_peers.py --quick    shorter repeats
    python3 benches/gather_scatter_peers.py --json     {"<criterion group>/<numpy name>": ns}

The rows come from gather_scatter.rs's own xorshift64* (same seed, same draw order). `np.add.at`
is NumPy's unbuffered in-place add, the one that adds duplicates (as scatter_nd_add does;
`x[rows] += updates` would not).
"""

import numpy as np

from peers_common import parse_args, run_cases_us

VOCAB, HIDDEN, ROWS = 30522, 768, 2048


def draws(bounds):
    """gather_scatter.rs's `Rng(0x9E37_79B9_7F4A_7C15).below(n)` for each n of `bounds`."""
    mask, s, out = (1 << 64) - 1, 0x9E37_79B9_7F4A_7C15, []
    for n in bounds:
        s ^= s >> 12
        s = (s ^ (s << 25)) & mask
        s ^= s >> 27
        out.append((((s * 0x2545_F491_4F6C_DD1D) & mask) >> 33) % n)
    return np.array(out, dtype=np.int64)


x = np.zeros((VOCAB, HIDDEN), dtype=np.float32)
rows = draws([VOCAB] * ROWS)
k = np.arange(ROWS)[:, None]
j = np.arange(HIDDEN)[None, :]
updates = ((k * 7 + j) % 13).astype(np.float32)

CASES = [
    ("scatter_nd_add_rows_30522x768/numpy_add_at", "scatter_nd_add: np.add.at(x, rows, updates)",
     lambda: np.add.at(x, rows, updates)),
]


def main():
    args = parse_args(__doc__)
    repeat = 3 if args.quick else 7

    run_cases_us(args, CASES, repeat)


if __name__ == "__main__":
    main()
