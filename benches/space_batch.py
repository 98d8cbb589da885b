"""NumPy's equivalents of benches/space_batch.rs, on the same 4 MiB NHWC float32 input
(4, 256, 256, 4) with block [2, 2], unpadded and padded/cropped by 2 on each side:

  space_to_batch: np.pad (when padded) + reshape + transpose + reshape (the last one copies)
  batch_to_space: reshape + transpose + reshape (copies) + the crop as a view (no second copy,
                  which favours NumPy: our result is a fresh contiguous array)

    python3 benches/space_batch.py

Each figure is the best of 7 timeit repeats, in milliseconds per call.
"""

import timeit

import numpy as np

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


def best(f):
    t = timeit.Timer(f)
    number, _ = t.autorange()
    return min(t.repeat(7, number)) / number * 1e3


def main():
    x = np.arange(N * HW * HW * C, dtype=np.float32).reshape(N, HW, HW, C)
    print(f"numpy {np.__version__}, input {x.shape} {x.dtype} ({x.nbytes / 2**20:.0f} MiB)")
    for p in (0, 2):
        y = s2b(x, p)
        assert (b2s(y, p) == x).all()
        print(f"pad/crop {p}: space_to_batch {best(lambda: s2b(x, p)):.3f} ms, "
              f"batch_to_space {best(lambda: b2s(y, p)):.3f} ms  (output {y.shape})")


if __name__ == "__main__":
    main()
