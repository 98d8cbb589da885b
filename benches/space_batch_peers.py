"""NumPy's equivalents of benches/space_batch.rs, on the same 4 MiB NHWC float32 input
(4, 256, 256, 4) with block [2, 2], unpadded and padded/cropped by 2 on each side:

  space_to_batch: np.pad (when padded) + reshape + transpose + reshape (the last one copies)
  batch_to_space: reshape + transpose + reshape (copies) + the crop as a view (no second copy,
                  which favours NumPy: our result is a fresh contiguous array)

    python3 benches/space_batch_peers.py            readable list (ms per call)
    python3 benches/space_batch_peers.py --quick    shorter repeats
    python3 benches/space_batch_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

Each readable figure is the best of 7 timeit repeats (each >= 0.2 s), in milliseconds per call.
"""

import numpy as np

from peers_common import best_ns, parse_args, run

N, HW, C = 4, 256, 4


def s2b(x, p):
    if p:
        x = np.pad(x, ((0, 0), (p, p), (p, p), (0, 0)))
    n, h, w, c = x.shape
    return x.reshape(n, h // 2, 2, w // 2, 2, c).transpose(2, 4, 0, 1, 3, 5).reshape(4 * n, h // 2, w // 2, c)


def b2s(y, p):
    nb, h, w, c = y.shape
    n = nb // 4
    full = y.reshape(2, 2, n, h, w, c).transpose(2, 3, 0, 4, 1, 5).reshape(n, 2 * h, 2 * w, c)
    return full[:, p:2 * h - p, p:2 * w - p, :] if p else full


x = np.arange(N * HW * HW * C, dtype=np.float32).reshape(N, HW, HW, C)
ys = {p: s2b(x, p) for p in (0, 2)}
# (json key, call): criterion groups space_to_batch_4MiB_pad<p> / batch_to_space_4MiB_crop<p>
CASES = [
    case
    for p in (0, 2)
    for case in (
        (f"space_to_batch_4MiB_pad{p}/numpy_pad_reshape_transpose_copy", lambda p=p: s2b(x, p)),
        (f"batch_to_space_4MiB_crop{p}/numpy_reshape_transpose_copy_crop_view",
         lambda p=p: b2s(ys[p], p)),
    )
]


def main():
    args = parse_args(__doc__)
    for p, y in ys.items():
        assert (b2s(y, p) == x).all()
    timing = {"min_s": args.timing["min_s"], "repeat": 3 if args.quick else 7}

    def readable():
        print(f"numpy {np.__version__}, input {x.shape} {x.dtype} ({x.nbytes / 2**20:.0f} MiB)")
        for p, y in ys.items():
            s2b_ms = best_ns(lambda: s2b(x, p), **timing) / 1e6
            b2s_ms = best_ns(lambda: b2s(y, p), **timing) / 1e6
            print(f"pad/crop {p}: space_to_batch {s2b_ms:.3f} ms, "
                  f"batch_to_space {b2s_ms:.3f} ms  (output {y.shape})")

    run(args, CASES, readable)


if __name__ == "__main__":
    main()
