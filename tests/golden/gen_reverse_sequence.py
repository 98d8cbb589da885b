"""reverse_sequence.json: tf.reverse_sequence (raw ReverseSequence), eager, CPU.

Case fields: name, note?, shape, seq_lengths, seq_axis, batch_axis, dtype ("int32" | "int64", the
type of seq_lengths); expect = {shape, values} or {"error": {kind, message | tf_message}}. The
input is arange(shape).

TF's axis messages ("Invalid seq_dim -1", "seq_dim must be < input rank ( 5 vs. 2)") differ from
this crate's AxisOutOfRange text, so they are recorded as tf_message (variant compared only); the
other kinds' TF text is the start of this crate's message.

Left out: seq_lengths values past int64 (TF cannot take them; this crate's ValueOutOfRange) and
ranks above 5 (TF: "ReverseSequenceOp : Unhandled input dimensions: 6"; this crate takes any
rank). Random ranks are 2-5, plus a few of rank 0 and 1, where every call fails.
"""

import math
import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, error_kinds, new_case, random_ones

FILE = "reverse_sequence.json"
SEED = 6_005

ERRORS = [
    ("AxisOutOfRange", r"Invalid (seq|batch)_dim -\d+"),
    ("AxisOutOfRange", r"(seq|batch)_dim must be < input rank \( \d+ vs\. \d+\)"),
    ("SeqAxisIsBatchAxis", r"batch_dim == seq_dim == \d+"),
    ("SeqLengthsCount", r"Length of seq_lengths != input\.dims\(\d+\), \(\d+ vs\. \d+\)"),
    ("SeqLengthNegative", r"seq_lens\(\d+\) < 0"),
    ("SeqLengthTooLong", r"seq_lens\(\d+\) > input\.dims\(\d+\)"),
]
DTYPES = {"int32": tf.int32, "int64": tf.int64}


def error_expect(exc):
    msg = clean_message(exc)
    kind = classify(msg, ERRORS)
    return {"error": {"kind": kind, "tf_message" if kind == "AxisOutOfRange" else "message": msg}}


def model(shape, lengths, seq, batch):
    """The definition: output[..., b, ..., t, ...] = input[..., b, ..., L_b - 1 - t, ...] for t < L_b."""
    x = arange(shape)
    out = x.copy()
    for b, n in enumerate(lengths):
        src = [slice(None)] * len(shape)
        src[batch] = b
        src[seq] = slice(0, n)
        dst = tuple(src)
        out[dst] = np.flip(x[dst], axis=seq - (batch < seq))
    return out


def run(shape, lengths, seq, batch, dtype):
    x = tf.constant(arange(shape))
    try:
        res = tf.reverse_sequence(x, tf.constant(lengths, DTYPES[dtype]), seq_axis=seq,
                                  batch_axis=batch)
    except tf.errors.InvalidArgumentError as e:
        return error_expect(e)
    out = res.numpy()
    want = model(shape, lengths, seq, batch)
    assert out.shape == want.shape and (out == want).all(), (shape, lengths, seq, batch)
    return as_expect(out)


def case(name, shape, lengths, seq, batch, dtype="int64", note=None):
    return new_case(name, note, shape=list(shape), seq_lengths=list(lengths), seq_axis=seq,
                    batch_axis=batch, dtype=dtype, expect=run(shape, lengths, seq, batch, dtype))


def hand():
    C = case
    return [
        C("seed004-batch0-seq1", (4, 8, 2), [7, 2, 3, 5], 1, 0,
          note="seed 004, first example (input.dims = (4, 8, ...))"),
        C("seed004-batch2-seq0", (8, 3, 4), [7, 2, 3, 5], 0, 2,
          note="seed 004, second example (input.dims = (8, ?, 4, ...))"),
        C("seed004-length-equals-dim", (2, 3), [3, 3], 1, 0,
          note="seed 004 says seq_lengths[i] < input.dims[seq_dim]; equal is allowed"),
        C("small", (2, 3), [1, 3], 1, 0, "int32"),
        C("zero-and-two", (2, 3), [0, 2], 1, 0),
        C("seq-before-batch", (3, 2), [2, 0], 0, 1),
        C("too-long", (2, 3), [1, 4], 1, 0),
        C("negative", (2, 3), [-1, 4], 1, 0, "int32"),
        C("too-long-before-negative", (2, 3), [4, -1], 1, 0),
        C("count", (2, 3), [1, 3, 3], 1, 0),
        C("count-beats-bad-length", (2, 3), [9, 9, 9], 1, 0),
        C("negative-seq-axis", (2, 3), [1, 3], -1, 0),
        C("negative-batch-axis", (2, 3), [1, 3], 1, -1),
        C("negative-batch-axis-first", (2, 3), [1, 3], -1, -1,
          note="the kernel's constructor checks batch_dim before seq_dim"),
        C("negative-batch-axis-beats-equal", (2, 3), [1, 3], -2, -2),
        C("negative-seq-beats-batch-past-rank", (2, 3), [1, 3, 4], -1, 5),
        C("equal-past-rank", (2, 3), [1, 3], 5, 5, note="equality is checked before the rank"),
        C("equal", (2, 3), [1, 3], 1, 1),
        C("seq-past-rank-first", (2, 3), [1, 3], 7, 5),
        C("seq-past-rank", (2, 3), [1, 3], 2, 0),
        C("batch-past-rank", (2, 3), [1, 3, 4], 0, 2),
        C("rank1-equal", (3,), [1, 3, 4], 0, 0),
        C("rank1-seq-past-rank", (3,), [1, 3, 4], 1, 0),
        C("rank1-batch-past-rank", (3,), [1], 0, 1),
        C("rank0", (), [1], 1, 0),
        C("rank0-equal", (), [1], 0, 0),
        C("zero-size-seq", (2, 0), [0, 0], 1, 0),
        C("zero-size-seq-too-long", (2, 0), [0, 1], 1, 0),
        C("zero-size-batch", (0, 2), [], 1, 0),
        C("zero-size-batch-count", (0, 2), [1], 1, 0),
        C("zero-size-inner", (2, 3, 0), [3, 1], 1, 0),
        C("ones-identity", (3, 4, 2), [1, 1, 1], 1, 0, note="lengths 0 and 1 change nothing"),
        C("time-major", (5, 3, 2), [5, 0, 3], 0, 1, "int32"),
        C("batch-last", (4, 2, 3), [4, 2, 1], 0, 2),
        C("batch-last-rank2", (4, 3), [4, 2, 1], 0, 1),
        C("rank5-middle-axes", (2, 3, 2, 4, 2), [4, 1, 3], 3, 1),
    ]


def random_axis(rng, rank, other=None):
    r = rng.random()
    if r < 0.04:
        return -rng.randint(1, 3)
    if r < 0.08:
        return rank + rng.randint(0, 1)
    if r < 0.11 and other is not None:
        return other
    choices = [a for a in range(rank) if a != other] or [0]
    return rng.choice(choices)


def random_lengths(rng, batch_dim, seq_dim):
    lengths = []
    for _ in range(batch_dim):
        r = rng.random()
        if r < 0.15:
            lengths.append(0)
        elif r < 0.35:
            lengths.append(seq_dim)
        elif r < 0.39:
            lengths.append(seq_dim + rng.randint(1, 2))
        elif r < 0.42:
            lengths.append(-rng.randint(1, 3))
        else:
            lengths.append(rng.randint(0, seq_dim))
    return lengths


def random_cases(rng, count):
    cases = []
    for i in range(count):
        rank = rng.choice([0, 1]) if rng.random() < 0.04 else rng.randint(2, 5)
        top = 4 if rank <= 3 else 3
        shape = [rng.choice([0, 1]) if rng.random() < 0.1 else rng.randint(1, top)
                 for _ in range(rank)]
        batch = random_axis(rng, rank)
        seq = random_axis(rng, rank, batch)
        batch_dim = shape[batch] if 0 <= batch < rank else rng.randint(1, 3)
        seq_dim = shape[seq] if 0 <= seq < rank else 3
        lengths = random_lengths(rng, batch_dim, seq_dim)
        if rng.random() < 0.06:
            lengths = lengths[:-1] if lengths and rng.random() < 0.5 else lengths + [0]
        dtype = rng.choice(["int32", "int64"])
        cases.append(case(f"random-{i:03d}", shape, lengths, seq, batch, dtype))
    return cases


def build():
    rng = random.Random(SEED)
    return hand() + random_cases(rng, 260)


def check(cases):
    rand = random_ones(cases)
    assert len(rand) >= 100, len(rand)
    ok = [c for c in rand if "error" not in c["expect"]]
    assert len(ok) >= 120, len(ok)
    assert {c["dtype"] for c in ok} == {"int32", "int64"}
    assert {len(c["shape"]) for c in ok} == {2, 3, 4, 5}
    assert any(c["seq_axis"] < c["batch_axis"] for c in ok)
    assert any(math.prod(c["shape"]) == 0 for c in ok)
    kinds = error_kinds(cases)
    want = {"AxisOutOfRange", "SeqAxisIsBatchAxis", "SeqLengthsCount", "SeqLengthNegative",
            "SeqLengthTooLong"}
    assert kinds == want, kinds
    rand_kinds = error_kinds(rand)
    assert rand_kinds == want, rand_kinds
