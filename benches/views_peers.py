"""NumPy's equivalents of benches/views.rs: view creation on the same 4 MiB float32 shapes.

    python3 benches/views_peers.py            readable list, nanoseconds per call
    python3 benches/views_peers.py --quick    shorter repeats

Each figure is the best of several timeit repeats (each >= MIN_SECONDS), per call. Like the Rust
bench, nothing touches the elements: np.split, np.moveaxis, np.transpose and np.flip return views;
list(x) builds one view (or, at rank 1, one NumPy scalar) per index.
"""

import sys
import timeit

import numpy as np

SHAPES = [(1 << 20,), (64, 128, 128), (16, 8, 8, 8, 8, 16)]


def perm(rank):
    return (rank - 1, *range(rank - 1))


def reverse_axes(rank):
    return {1: (0,), 3: (0, -1)}.get(rank, (0, 2, -1))


def best_ns(stmt, env, repeat, min_s):
    timer = timeit.Timer(stmt, globals=env)
    n, t = timer.autorange()
    while t < min_s:
        n *= 2
        t = timer.timeit(n)
    return min(timer.repeat(repeat, n)) / n * 1e9


def main(quick):
    repeat, min_s = (3, 0.05) if quick else (5, 0.2)
    print(f"numpy {np.__version__}; best of {repeat} repeats, ns per call")
    for shape in SHAPES:
        x = np.zeros(shape, dtype=np.float32)
        rank = x.ndim
        chunk = shape[-1] // 4
        env = {"np": np, "x": x, "p": perm(rank), "axes": reverse_axes(rank),
               "sizes": [chunk, 2 * chunk]}
        rows = [
            ("np.split(x, 4, axis=-1)", "np.split(x, 4, axis=-1)"),
            ("np.split(x, [c, 2c, 3c], axis=-1)", f"np.split(x, [{chunk}, {2 * chunk}, {3 * chunk}], axis=-1)"),
            ("list(x)  [unstack axis 0]", "list(x)"),
        ]
        if rank > 1:
            rows.append(("list(np.moveaxis(x, -1, 0))  [unstack last]", "list(np.moveaxis(x, -1, 0))"))
        rows += [
            (f"np.transpose(x, {perm(rank)})", "np.transpose(x, p)"),
            ("x.T", "x.T"),
            (f"np.flip(x, {reverse_axes(rank)})", "np.flip(x, axes)"),
        ]
        print(f"rank {rank} {shape}")
        for label, stmt in rows:
            print(f"  {label:48s} {best_ns(stmt, env, repeat, min_s):14,.0f}")


if __name__ == "__main__":
    main("--quick" in sys.argv[1:])
