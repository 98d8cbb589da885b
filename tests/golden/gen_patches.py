"""patches.json: tf.image.extract_patches (raw ExtractImagePatches), eager, CPU.

Case fields: name, note?, shape, ksizes, strides, rates (4 entries each), padding ("SAME" |
"VALID"); expect = {shape, values} or {"error": {kind, message | tf_message}}.

TF checks ksizes, strides, rates (each: batch/depth entries == 1, then spatial entries >= 1) when
it builds the kernel, before it looks at the input; then the rank ("input must be
4-dimensional[5,5,2]", recorded as tf_message: this crate's WrongRank is worded for all NHWC
ops); then each axis's output size (rows, then columns). With VALID, TF's C++ division rounds
toward zero, so a patch a little larger than the image gives 0 windows and one larger by
2 * stride or more raises "Computed output size would be negative".

Every successful result is also checked against a NumPy model (zero padding by TF's SAME
arithmetic, then index arithmetic per tap).

Left out: negative ksizes/strides/rates (this crate's `usize` arguments cannot express them) and
attribute lists longer than 4 (TF ignores the extra entries; this crate takes `[usize; 4]`).
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, kind_of, new_case, tally

FILE = "patches.json"
SEED = 8_003

ERRORS = [
    ("PatchesNotSpatial", r"Only support (ksizes|strides|rates) across space\."),
    ("PatchesZero", r"(ksizes|strides|rates) is out of range\."),
    ("WrongRank", r"input must be 4-dimensional\[[\d,]*\]"),
    ("PatchesOutputNegative", r"Computed output size would be negative: -\d+ \[input_size: \d+, "
                              r"effective_filter_size: \d+, stride: \d+\]"),
]
TF_MESSAGE_ONLY = {"WrongRank"}


def model(x, ksizes, strides, rates, padding):
    """ExtractImagePatches by index arithmetic, to cross-check TF."""
    n, rows, cols, depth = x.shape
    out_dims, pads = [], []
    for size, k, s, r in [(rows, ksizes[1], strides[1], rates[1]),
                          (cols, ksizes[2], strides[2], rates[2])]:
        eff = k + (k - 1) * (r - 1)
        if padding == "VALID":
            out_dims.append(max(0, (size - eff + s) // s))
            pads.append(0)
        else:
            out = -(-size // s)
            out_dims.append(out)
            pads.append(max(0, (out - 1) * s + eff - size) // 2)
    kr, kc = ksizes[1], ksizes[2]
    y = np.zeros((n, out_dims[0], out_dims[1], kr * kc * depth), dtype=x.dtype)
    for b in range(n):
        for i in range(out_dims[0]):
            for j in range(out_dims[1]):
                for di in range(kr):
                    for dj in range(kc):
                        yy = i * strides[1] + di * rates[1] - pads[0]
                        xx = j * strides[2] + dj * rates[2] - pads[1]
                        if 0 <= yy < rows and 0 <= xx < cols:
                            at = (di * kc + dj) * depth
                            y[b, i, j, at:at + depth] = x[b, yy, xx, :]
    return y


def run(shape, ksizes, strides, rates, padding):
    x = tf.constant(arange(shape))
    try:
        y = tf.raw_ops.ExtractImagePatches(images=x, ksizes=ksizes, strides=strides, rates=rates,
                                           padding=padding).numpy()
    except tf.errors.OpError as e:
        msg = clean_message(e)
        kind = classify(msg, ERRORS)
        key = "tf_message" if kind in TF_MESSAGE_ONLY else "message"
        return {"error": {"kind": kind, key: msg}}
    want = model(arange(shape), ksizes, strides, rates, padding)
    assert want.shape == y.shape and (want == y).all(), (shape, ksizes, strides, rates, padding)
    return as_expect(y)


def case(name, shape, ksizes, strides, rates, padding, note=None):
    return new_case(name, note, shape=list(shape), ksizes=list(ksizes), strides=list(strides),
                    rates=list(rates), padding=padding,
                    expect=run(shape, ksizes, strides, rates, padding))


def hand():
    C = case
    one = [1, 1, 1, 1]
    k3, s2 = [1, 3, 3, 1], [1, 2, 2, 1]
    return [
        C("tfdoc-10x10-k3-s5-valid", (1, 10, 10, 1), k3, [1, 5, 5, 1], one, "VALID",
          note="tf.image.extract_patches documentation (seed 004 has no example)"),
        C("tfdoc-10x10-k3-s5-r2-valid", (1, 10, 10, 1), k3, [1, 5, 5, 1], [1, 2, 2, 1], "VALID",
          note="tf.image.extract_patches documentation, rate 2"),
        C("same-5x5-k3-s2", (1, 5, 5, 2), k3, s2, one, "SAME"),
        C("valid-5x5-k3-s2-r2", (1, 5, 5, 2), k3, s2, [1, 2, 2, 1], "VALID"),
        C("same-2x2-k2-s1-pad-after-only", (1, 2, 2, 1), [1, 2, 2, 1], one, one, "SAME"),
        C("same-odd-padding", (1, 4, 4, 1), [1, 4, 4, 1], one, one, "SAME",
          note="pad_needed 3: 1 before, 2 after"),
        C("same-k-bigger-than-image", (1, 2, 3, 1), [1, 4, 4, 1], one, one, "SAME"),
        C("same-dilated-past-image", (1, 3, 3, 1), [1, 3, 3, 1], one, [1, 3, 3, 1], "SAME"),
        C("same-stride-bigger-than-k", (2, 7, 5, 2), [1, 2, 1, 1], [1, 3, 4, 1], one, "SAME"),
        C("valid-k-one-past-image", (1, 5, 5, 2), [1, 6, 3, 1], one, one, "VALID",
          note="(5 - 6 + 1) / 1 = 0 windows"),
        C("valid-k-two-past-image", (1, 5, 5, 2), [1, 7, 3, 1], one, one, "VALID",
          note="(5 - 7 + 1) / 1 = -1: an error"),
        C("valid-rounds-toward-zero", (1, 5, 5, 2), [1, 9, 3, 1], [1, 3, 1, 1], one, "VALID",
          note="(5 - 9 + 3) / 3 = -1/3 rounds to 0: empty, no error"),
        C("valid-negative-stride3", (1, 5, 5, 2), [1, 11, 3, 1], [1, 3, 1, 1], one, "VALID"),
        C("valid-negative-by-rate", (1, 5, 5, 2), k3, one, [1, 4, 1, 1], "VALID"),
        C("valid-negative-cols", (1, 5, 2, 1), [1, 2, 4, 1], one, one, "VALID"),
        C("valid-negative-rows-before-cols", (1, 2, 2, 1), [1, 4, 5, 1], one, one, "VALID"),
        C("valid-empty-rows", (1, 0, 5, 2), [1, 1, 3, 1], one, one, "VALID"),
        C("valid-empty-rows-negative", (1, 0, 5, 2), [1, 2, 3, 1], one, one, "VALID"),
        C("same-empty-rows", (1, 0, 5, 2), [1, 2, 3, 1], one, one, "SAME"),
        C("empty-batch", (0, 3, 3, 2), [1, 2, 2, 1], one, one, "SAME"),
        C("empty-depth", (2, 3, 3, 0), [1, 2, 2, 1], one, one, "VALID"),
        C("k1-identity", (2, 3, 4, 3), one, one, one, "VALID"),
        C("ksizes-batch", (1, 5, 5, 2), [2, 3, 3, 1], s2, one, "SAME"),
        C("ksizes-depth", (1, 5, 5, 2), [1, 3, 3, 2], s2, one, "SAME"),
        C("ksizes-batch-zero", (1, 5, 5, 2), [0, 3, 3, 1], s2, one, "SAME"),
        C("strides-depth", (1, 5, 5, 2), k3, [1, 2, 2, 2], one, "SAME"),
        C("rates-batch", (1, 5, 5, 2), k3, s2, [2, 1, 1, 1], "SAME"),
        C("ksizes-zero", (1, 5, 5, 2), [1, 0, 3, 1], s2, one, "SAME"),
        C("ksizes-zero-cols", (1, 5, 5, 2), [1, 3, 0, 1], s2, one, "SAME"),
        C("strides-zero", (1, 5, 5, 2), k3, [1, 0, 2, 1], one, "SAME"),
        C("rates-zero", (1, 5, 5, 2), k3, s2, [1, 1, 0, 1], "SAME"),
        C("ksizes-batch-beats-zero", (1, 5, 5, 2), [2, 0, 3, 1], s2, one, "SAME"),
        C("ksizes-zero-beats-strides-batch", (1, 5, 5, 2), [1, 0, 3, 1], [2, 1, 1, 1], one, "SAME"),
        C("strides-batch-beats-rates-batch", (1, 5, 5, 2), one, [1, 1, 1, 3], [2, 1, 1, 1], "SAME"),
        C("attributes-beat-rank", (5, 5, 2), [2, 3, 3, 1], s2, one, "SAME"),
        C("rank3", (5, 5, 2), k3, s2, one, "SAME"),
        C("rank0", (), k3, s2, one, "SAME"),
        C("rank5", (1, 1, 5, 5, 2), k3, s2, one, "SAME"),
        C("rank-beats-negative-size", (5, 2), [1, 9, 9, 1], one, one, "VALID"),
    ]


def rand_attr(rng, lo, hi):
    return [1, rng.randint(lo, hi), rng.randint(lo, hi), 1]


def spoil(rng, attr):
    """attr with one entry made invalid: a batch/depth entry != 1, or a spatial 0."""
    attr = list(attr)
    if rng.random() < 0.5:
        attr[rng.choice([0, 3])] = rng.choice([0, 2, 3])
    else:
        attr[rng.choice([1, 2])] = 0
    return attr


def random_cases(rng, n):
    cases = []
    while len(cases) < n:
        ksizes, strides, rates = rand_attr(rng, 1, 4), rand_attr(rng, 1, 3), rand_attr(rng, 1, 3)
        if rng.random() < 0.5:  # mostly undilated, as in real use
            rates = [1, 1, 1, 1]
        padding = rng.choice(["SAME", "VALID"])
        if padding == "VALID" and rng.random() < 0.4:  # else most VALID windows miss the image
            ksizes, rates = rand_attr(rng, 1, 2), [1, 1, 1, 1]
        r = rng.random()
        if r < 0.12:
            which = rng.randrange(3)
            ksizes, strides, rates = [spoil(rng, a) if i == which else a
                                      for i, a in enumerate([ksizes, strides, rates])]
        if rng.random() < 0.08:
            rank = rng.choice([0, 1, 2, 3, 3, 5])
            shape = [rng.choice([0, 1, 2, 3, 4]) for _ in range(rank)]
        else:
            dims = [0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
            shape = [rng.choice([0, 1, 1, 1, 2, 2]), rng.choice(dims), rng.choice(dims),
                     rng.choice([0, 1, 1, 2, 2, 3])]
        if np.prod(shape, dtype=np.int64) > 200:
            continue
        c = case(f"random-{len(cases):03d}", shape, ksizes, strides, rates, padding)
        exp = c["expect"]
        if "shape" in exp and np.prod(exp["shape"], dtype=np.int64) > 1200:
            continue
        cases.append(c)
    return cases


def build():
    rng = random.Random(SEED)
    return hand() + random_cases(rng, 240)


def check(cases):
    assert len(cases) >= 100, len(cases)
    counts = tally(cases)
    assert counts.get("ok", 0) >= 80, counts
    assert counts.get("ok-empty", 0) >= 20, counts
    for k, _ in ERRORS:
        got = counts.get(k, 0)
        assert got >= 5, f"only {got} {k} cases"
    ok = [c for c in cases if kind_of(c) == "ok"]
    for padding in ["SAME", "VALID"]:
        assert sum(c["padding"] == padding for c in ok) >= 30, padding
    assert sum(c["rates"] != [1, 1, 1, 1] for c in ok) >= 20
    assert {2, 3} <= {s for c in ok for s in c["strides"][1:3]}
