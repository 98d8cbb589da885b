"""NumPy's equivalents of benches/join_pad.rs on the same 4 MiB float32 shapes, in ns per call.

    python3 benches/join_pad_peers.py            readable list (ms per call)
    python3 benches/join_pad_peers.py --quick    shorter repeats
    python3 benches/join_pad_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

pad: np.pad(x, p, mode="constant" (constant_values=0.5, as the bench) | "reflect" | "symmetric")
on (1024, 1024), p = [[1, 1], [2, 2]] and [[16, 16], [16, 16]]. reverse_sequence on (512, 2048):
a copy, then per batch element `out[b, :n] = x[b, n-1::-1]` (and per column for the time-major
layout), the way a NumPy user writes it (also on a (512, 64, 32) time-major array: seq axis 0,
batch axis 1); also fancy indexing with a precomputed index array (index build included).
The sequence lengths are the bench's own (the same LCG, so the same work).
Each figure is the best of 5 timeit repeats of >= 0.2 s (3 of >= 0.05 s with --quick).
"""

import numpy as np

from peers_common import best_ns, parse_args, run


def lengths(count, max_len):
    """pad.rs's `lengths`: the same LCG, so the same lengths in 0..=max_len."""
    state, out = 0x2545_F491_4F6C_DD1D, []
    for _ in range(count):
        state = (state * 6_364_136_223_846_793_005 + 1) & ((1 << 64) - 1)
        out.append((state >> 33) % (max_len + 1))
    return np.array(out)


x = np.arange(1024 * 1024, dtype=np.float32).reshape(1024, 1024)
seq = np.arange(512 * 2048, dtype=np.float32).reshape(512, 2048)
x3 = np.arange(512 * 64 * 32, dtype=np.float32).reshape(512, 64, 32)
batch_major = lengths(512, 2048)
time_major = lengths(2048, 512)
rnn = lengths(64, 512)


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


def pad_case(label, p, mode):
    kw = {"constant_values": 0.5} if mode == "constant" else {}
    return (f"pad_4MiB_{label}/numpy_pad_{mode}", lambda: np.pad(x, p, mode=mode, **kw))


CASES = [
    pad_case(label, p, mode)
    for label, p in (("1-2", [[1, 1], [2, 2]]), ("16", [[16, 16], [16, 16]]))
    for mode in ("constant", "reflect", "symmetric")
] + [
    ("reverse_sequence_4MiB/numpy_loop_batch0_seq1", lambda: reverse_loop(seq, batch_major)),
    ("reverse_sequence_4MiB/numpy_take_along_axis_batch0_seq1",
     lambda: reverse_fancy(seq, batch_major)),
    ("reverse_sequence_4MiB/numpy_loop_seq0_batch1",
     lambda: reverse_loop_time_major(seq, time_major)),
    ("reverse_sequence_4MiB/numpy_loop_time_major_512x64x32",
     lambda: reverse_loop_time_major(x3, rnn)),
]


def main():
    args = parse_args(__doc__)
    assert (reverse_fancy(seq, batch_major) == reverse_loop(seq, batch_major)).all()
    assert np.pad(x, 1, constant_values=0.5)[0, 0] == 0.5

    def readable():
        for key, fn in CASES:
            print(f"{key}: {best_ns(fn, **args.timing) / 1e6:.3f} ms")

    run(args, CASES, readable)


if __name__ == "__main__":
    main()
