"""NumPy's equivalents of benches/join.rs, on the same shapes (4 MiB of float32 in total).

    python3 benches/join_peers.py            readable list
    python3 benches/join_peers.py --quick    shorter repeats
    python3 benches/join_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

Two readable figures per case, in microseconds per call: the best of 7 timeit repeats (each a mean
over calls lasting >= 0.2 s, comparable to criterion's estimate), and the fastest of 300 single
calls (robust on a loaded machine, where means drift by +-40%).
"""

import numpy as np

from peers_common import parse_args, run_best_and_single


def mib(rows, seed):
    cols = 262_144 // rows
    i, j = np.indices((rows, cols))
    return (seed + i * 7 + j).astype(np.float32)


four = [mib(512, k) for k in range(4)]
x = mib(512, 0)
row = np.arange(256, dtype=np.float32).reshape(1, 256)
short = np.arange(16, dtype=np.float32).reshape(1, 16)

# (json key, readable label, call)
CASES = [
    ("concat_4x1MiB/numpy_concatenate_axis0", "np.concatenate axis 0, 4 x (512, 512)",
     lambda: np.concatenate(four, 0)),
    ("concat_4x1MiB/numpy_concatenate_axis1", "np.concatenate axis 1, 4 x (512, 512)",
     lambda: np.concatenate(four, 1)),
    ("stack_4x1MiB/numpy_stack_axis0", "np.stack axis 0, 4 x (512, 512)",
     lambda: np.stack(four, 0)),
    ("stack_4x1MiB/numpy_stack_axis2", "np.stack axis 2, 4 x (512, 512)",
     lambda: np.stack(four, 2)),
    ("tile_to_4MiB/numpy_tile_1MiB_by_2x2", "np.tile (512, 512) by (2, 2)",
     lambda: np.tile(x, (2, 2))),
    ("tile_to_4MiB/numpy_tile_row256_by_4096x1", "np.tile (1, 256) by (4096, 1)",
     lambda: np.tile(row, (4096, 1))),
    ("tile_to_4MiB/numpy_tile_row16_by_1x16384", "np.tile (1, 16) by (1, 16384)",
     lambda: np.tile(short, (1, 16_384))),
]


def main():
    args = parse_args(__doc__)
    repeat, singles = (3, 30) if args.quick else (7, 300)
    run_best_and_single(
        args, CASES, repeat, singles,
        lambda name, mean, fastest: f"{name:40s} mean {mean:8.1f} us   min {fastest:8.1f} us",
    )


if __name__ == "__main__":
    main()
