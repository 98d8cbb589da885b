"""NumPy's equivalents of benches/pad.rs on the same 4 MiB float32 shapes, in ns per call.

    python3 benches/pad_peers.py

pad: np.pad(x, p, mode="constant" | "reflect" | "symmetric") on (1024, 1024), p = [[1, 1], [2, 2]]
and [[16, 16], [16, 16]]. reverse_sequence on (512, 2048): a copy, then per batch element
`out[b, :n] = x[b, n-1::-1]` (and per column for the time-major layout), the way a NumPy user
writes it (also on a (512, 64, 32) time-major array: seq axis 0, batch axis 1); also fancy
indexing with a precomputed index array (index build included).
Each figure is the best of 5 timeit repeats of >= 0.2 s.
"""

import timeit

import numpy as np

rng = np.random.default_rng(0)
x = np.arange(1024 * 1024, dtype=np.float32).reshape(1024, 1024)
seq = np.arange(512 * 2048, dtype=np.float32).reshape(512, 2048)
batch_major = rng.integers(0, 2048 + 1, size=512)
time_major = rng.integers(0, 512 + 1, size=2048)


def reverse_loop(x, lengths):
    out = x.copy()
    for b, n in enumerate(lengths):
        out[b, :n] = x[b, n - 1::-1] if n else x[b, :0]
    return out


def reverse_loop_time_major(x, lengths):
    out = x.copy()
    for b, n in enumerate(lengths):
        out[:n, b] = x[n - 1::-1, b] if n else x[:0, b]  # any trailing feature axes ride along
    return out


def reverse_fancy(x, lengths):
    t = np.arange(x.shape[1])
    n = lengths[:, None]
    idx = np.where(t < n, n - 1 - t, t)
    return np.take_along_axis(x, idx, axis=1)


def best(fn):
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, int(number * 0.2 / max(timer.timeit(number), 1e-9)))
    return min(timer.repeat(repeat=5, number=number)) / number * 1e9


def main():
    assert (reverse_fancy(seq, batch_major) == reverse_loop(seq, batch_major)).all()
    for label, p in (("1-2", [[1, 1], [2, 2]]), ("16", [[16, 16], [16, 16]])):
        for mode in ("constant", "reflect", "symmetric"):
            ns = best(lambda: np.pad(x, p, mode=mode))
            print(f"pad_4MiB_{label}/numpy_pad_{mode}: {ns / 1e6:.3f} ms")
    print(f"reverse_sequence_4MiB/numpy_loop_batch0_seq1: "
          f"{best(lambda: reverse_loop(seq, batch_major)) / 1e6:.3f} ms")
    print(f"reverse_sequence_4MiB/numpy_take_along_axis_batch0_seq1: "
          f"{best(lambda: reverse_fancy(seq, batch_major)) / 1e6:.3f} ms")
    print(f"reverse_sequence_4MiB/numpy_loop_seq0_batch1: "
          f"{best(lambda: reverse_loop_time_major(seq, time_major)) / 1e6:.3f} ms")
    x3 = np.arange(512 * 64 * 32, dtype=np.float32).reshape(512, 64, 32)
    rnn = rng.integers(0, 512 + 1, size=64)
    print(f"reverse_sequence_4MiB/numpy_loop_time_major_512x64x32: "
          f"{best(lambda: reverse_loop_time_major(x3, rnn)) / 1e6:.3f} ms")


if __name__ == "__main__":
    main()
