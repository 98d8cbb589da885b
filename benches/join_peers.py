"""NumPy's equivalents of benches/join.rs, on the same shapes (4 MiB of float32 in total).

    python3 benches/join_peers.py

Two figures per case, in microseconds per call: the best of 7 timeit repeats (each a mean over
many calls, comparable to criterion's estimate), and the fastest of 300 single calls (robust on a
loaded machine, where means drift by +-40%).
"""

import timeit

import numpy as np


def mib(rows, seed):
    cols = 262_144 // rows
    i, j = np.indices((rows, cols))
    return (seed + i * 7 + j).astype(np.float32)


four = [mib(512, k) for k in range(4)]
x = mib(512, 0)
row = np.arange(256, dtype=np.float32).reshape(1, 256)
short = np.arange(16, dtype=np.float32).reshape(1, 16)

CASES = [
    ("np.concatenate axis 0, 4 x (512, 512)", lambda: np.concatenate(four, 0)),
    ("np.concatenate axis 1, 4 x (512, 512)", lambda: np.concatenate(four, 1)),
    ("np.stack axis 0, 4 x (512, 512)", lambda: np.stack(four, 0)),
    ("np.stack axis 2, 4 x (512, 512)", lambda: np.stack(four, 2)),
    ("np.tile (512, 512) by (2, 2)", lambda: np.tile(x, (2, 2))),
    ("np.tile (1, 256) by (4096, 1)", lambda: np.tile(row, (4096, 1))),
    ("np.tile (1, 16) by (1, 16384)", lambda: np.tile(short, (1, 16_384))),
]

for name, fn in CASES:
    timer = timeit.Timer(fn)
    n, _ = timer.autorange()
    best = min(timer.repeat(7, n)) / n
    fastest = min(timer.repeat(300, 1))
    print(f"{name:40s} mean {best * 1e6:8.1f} us   min {fastest * 1e6:8.1f} us")
