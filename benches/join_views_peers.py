"""NumPy's equivalents of benches/join_views.rs: view creation on the same 4 MiB float32 shapes.

    python3 benches/join_views_peers.py            readable list, nanoseconds per call
    python3 benches/join_views_peers.py --quick    shorter repeats
    python3 benches/join_views_peers.py --json     {"<criterion group>/<numpy name>/<parameter>": ns}

Each figure is the best of several timeit repeats (each >= MIN_SECONDS), per call (peers_common).
Like the Rust bench, nothing touches the elements: np.split, np.moveaxis, np.transpose and np.flip
return views; list(x) builds one view (or, at rank 1, one NumPy scalar) per index.
JSON keys follow the criterion ids of views.rs: `split_4_ways_last_axis/numpy_split_num/<rank>`,
`.../numpy_split_indices/<rank>`, `unstack/numpy_list/rank<r>_axis0`,
`unstack/numpy_list_moveaxis/rank<r>_axis-1`, `transpose/numpy_transpose_perm/<rank>`,
`transpose/numpy_T/<rank>`, `reverse/numpy_flip/<rank>`.
"""

import numpy as np

from peers_common import best_ns, parse_args, run

SHAPES = [(1 << 20,), (64, 128, 128), (16, 8, 8, 8, 8, 16)]


def perm(rank):
    return (rank - 1, *range(rank - 1))


def reverse_axes(rank):
    return {1: (0,), 3: (0, -1)}.get(rank, (0, 2, -1))


def rows(shape):
    """(json key, readable label, statement, globals) for one shape."""
    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    rank = x.ndim
    chunk = shape[-1] // 4
    env = {"np": np, "x": x, "p": perm(rank), "axes": reverse_axes(rank)}
    out = [
        (f"split_4_ways_last_axis/numpy_split_num/{rank}", "np.split(x, 4, axis=-1)",
         "np.split(x, 4, axis=-1)"),
        (f"split_4_ways_last_axis/numpy_split_indices/{rank}", "np.split(x, [c, 2c, 3c], axis=-1)",
         f"np.split(x, [{chunk}, {2 * chunk}, {3 * chunk}], axis=-1)"),
        (f"unstack/numpy_list/rank{rank}_axis0", "list(x)  [unstack axis 0]", "list(x)"),
    ]
    if rank > 1:
        out.append((f"unstack/numpy_list_moveaxis/rank{rank}_axis-1",
                    "list(np.moveaxis(x, -1, 0))  [unstack last]", "list(np.moveaxis(x, -1, 0))"))
    out += [
        (f"transpose/numpy_transpose_perm/{rank}", f"np.transpose(x, {perm(rank)})",
         "np.transpose(x, p)"),
        (f"transpose/numpy_T/{rank}", "x.T", "x.T"),
        (f"reverse/numpy_flip/{rank}", f"np.flip(x, {reverse_axes(rank)})", "np.flip(x, axes)"),
    ]
    return [(key, label, stmt, env) for key, label, stmt in out]


def main():
    args = parse_args(__doc__)
    timing = args.timing

    def readable():
        print(f"numpy {np.__version__}; best of {timing['repeat']} repeats, ns per call")
        for shape in SHAPES:
            print(f"rank {len(shape)} {shape}")
            for _, label, stmt, env in rows(shape):
                print(f"  {label:48s} {best_ns(stmt, env, **timing):14,.0f}")

    cases = [(key, stmt, env) for shape in SHAPES for key, _, stmt, env in rows(shape)]
    run(args, cases, readable)


if __name__ == "__main__":
    main()
