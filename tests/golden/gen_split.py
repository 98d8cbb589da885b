"""split.json: tf.split (raw Split / SplitV) and tf.unstack (raw Unpack), eager, CPU.

Case fields: name, note?, op ("split" | "unstack"), shape, axis, and for split either num_split
(Split, `Split::Num`) or size_splits (SplitV with int64 sizes, `Split::Sizes`); expect =
{"outputs": [{shape, values}, ...]} or {"error": {kind, message | tf_message}}.

TF's attribute check (`num_split` >= 1) carries a `; NodeDef: ...` tail describing the graph node;
only its first line is recorded. Split's axis message ("-input rank(-2) <= split_dim < input rank
(2), but got 5") differs from this crate's AxisOutOfRange text, so it is recorded as tf_message
(variant compared only); Unpack's ("axis = 2 not in [-2, 2)") is this crate's own prefix.

Unpack's `num` attribute is the axis length (this crate infers it, as tf.unstack does). Where the
axis is invalid there is no length, so the raw op gets num=1: with num=0 eager TF returns [] without
running the kernel at all, which would hide the axis check.

Left out: SplitV sizes whose sum overflows int64 (TF aborts the process: `Check failed:
0 <= new_num_elements`); this crate reports SplitSizesMismatch with a saturated total.
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import (SMALL_DIMS, arange, as_expect, classify, clean_message, new_case, outcome,
                      rand_shape)

FILE = "split.json"
SEED = 6_001

SPLIT_ERRORS = [
    ("SplitNoOutputs", r"Value for attr 'num_split' of 0 must be at least minimum 1"),
    ("AxisOutOfRange", r"-input rank\(-\d+\) <= split_dim < input rank \(\d+\), but got -?\d+"),
    ("SplitUneven", r"Number of ways to split should evenly divide the split dimension, but got "
                    r"split_dim \d+ \(size = \d+\) and num_split \d+"),
    ("SplitOneOutput", r"If there is only one output, it must have the same size as the input\. "
                       r"Input size: \d+ output size: -?\d+"),
    ("SplitMultipleInferred", r"There can only be one -1 in the input\."),
    ("SplitNegativeSize", r"Split size at index \d+ must be >= 0\. Got: -\d+"),
    ("SplitSizesMismatch", r"Determined shape must either match input shape along split_dim "
                           r"exactly if fully specified, or be less than the size of the input "
                           r"along split_dim if not fully specified\.  Got: -?\d+"),
]
UNSTACK_ERRORS = [("AxisOutOfRange", r"axis = -?\d+ not in \[-?\d+, \d+\)")]
# Kinds whose TF text is not a prefix of this crate's message.
TF_MESSAGE_ONLY = {("split", "AxisOutOfRange")}


def error_expect(op, exc, table):
    msg = clean_message(exc).split("\n")[0].rstrip()  # drop an attribute check's NodeDef tail
    kind = classify(msg, table)
    key = "tf_message" if (op, kind) in TF_MESSAGE_ONLY else "message"
    return {"error": {"kind": kind, key: msg}}


def outputs(tensors):
    return {"outputs": [as_expect(t.numpy()) for t in tensors]}


def run_split(shape, axis, num_split=None, size_splits=None):
    x = tf.constant(arange(shape))
    try:
        if size_splits is None:
            res = tf.raw_ops.Split(axis=axis, value=x, num_split=num_split)
        else:
            sizes = tf.constant(size_splits, dtype=tf.int64)
            res = tf.raw_ops.SplitV(value=x, size_splits=sizes, axis=axis,
                                    num_split=len(size_splits))
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        return error_expect("split", e, SPLIT_ERRORS)
    return outputs(res)


def run_unstack(shape, axis):
    x = tf.constant(arange(shape))
    rank = len(shape)
    num = shape[axis] if -rank <= axis < rank else 1
    try:
        res = tf.raw_ops.Unpack(value=x, num=num, axis=axis)
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        return error_expect("unstack", e, UNSTACK_ERRORS)
    if -rank <= axis < rank:
        # The crate's answer is list(np.moveaxis(x, axis, 0)); TF must agree.
        want = list(np.moveaxis(arange(shape), axis, 0))
        assert len(want) == len(res) and all((np.asarray(a) == b.numpy()).all()
                                             for a, b in zip(want, res)), (shape, axis)
    return outputs(res)


def split_case(name, shape, axis, num_split=None, size_splits=None, note=None):
    case = new_case(name, note, op="split", shape=list(shape), axis=axis)
    if size_splits is None:
        case["num_split"] = num_split
    else:
        case["size_splits"] = list(size_splits)
    case["expect"] = run_split(shape, axis, num_split, size_splits)
    return case


def unstack_case(name, shape, axis, note=None):
    return new_case(name, note, op="unstack", shape=list(shape), axis=axis,
                    expect=run_unstack(shape, axis))


def hand_split():
    S = split_case
    return [
        S("seed004-split-5x30-3-ways-axis1", (5, 30), 1, num_split=3,
          note="seed 004: tf.split(1, 3, value) on shape [5, 30] (old argument order)"),
        S("num-axis0", (3, 4), 0, num_split=3),
        S("num-negative-axis", (3, 4), -1, num_split=2),
        S("num-uneven", (3, 4), 1, num_split=3),
        S("num-uneven-negative-axis-prints-resolved", (3, 4), -1, num_split=3),
        S("num-one", (3, 4), 1, num_split=1),
        S("num-zero", (3, 4), 1, num_split=0),
        S("num-zero-beats-bad-axis", (3, 4), 5, num_split=0),
        S("num-bad-axis", (3, 4), 2, num_split=2),
        S("num-bad-negative-axis", (3, 4), -3, num_split=3),
        S("num-scalar", (), 0, num_split=1, note="a rank-0 input has no axis"),
        S("num-scalar-zero", (), 0, num_split=0),
        S("num-empty-axis-any-n", (2, 0, 3), 1, num_split=3),
        S("num-empty-other-axis-uneven", (2, 0, 3), 0, num_split=3),
        S("sizes-basic", (3, 4), 1, size_splits=[1, 3]),
        S("sizes-inferred", (3, 4), 1, size_splits=[-1, 1]),
        S("sizes-inferred-zero", (3, 4), 1, size_splits=[4, -1]),
        S("sizes-two-inferred", (3, 4), 1, size_splits=[-1, -1]),
        S("sizes-two-inferred-beat-mismatch", (3, 4), 1, size_splits=[5, -1, -1]),
        S("sizes-negative", (3, 4), 1, size_splits=[-2, 6]),
        S("sizes-negative-after-inferred", (3, 4), 1, size_splits=[-1, -2]),
        S("sizes-negative-mismatch-first", (3, 4), 1, size_splits=[-2, -3],
          note="the sum is checked before the signs, and negative sizes count in it"),
        S("sizes-mismatch-short", (3, 4), 1, size_splits=[1, 1]),
        S("sizes-mismatch-inferred-over", (3, 4), 1, size_splits=[5, -1]),
        S("sizes-empty", (3, 4), 1, size_splits=[]),
        S("sizes-empty-beats-bad-axis", (3, 4), 9, size_splits=[]),
        S("sizes-bad-axis-beats-two-inferred", (3, 4), 5, size_splits=[-1, -1]),
        S("sizes-one-whole", (3, 4), 1, size_splits=[4]),
        S("sizes-one-inferred-rejected", (3, 4), 1, size_splits=[-1],
          note="a lone -1 is not inferred: SplitV's one-output special case"),
        S("sizes-one-short", (3, 4), 1, size_splits=[3]),
        S("sizes-one-negative", (3, 4), -1, size_splits=[-5]),
        S("sizes-scalar", (), 0, size_splits=[1]),
        S("sizes-zero-size-input", (2, 0, 3), 0, size_splits=[1, 1]),
        S("sizes-empty-axis-inferred", (2, 0, 3), 1, size_splits=[0, -1, 0]),
        S("sizes-zeros", (2, 3), 0, size_splits=[0, 2, 0]),
    ]


def hand_unstack():
    U = unstack_case
    return [
        U("seed004-unpack-axis0", (2, 3, 4, 5), 0,
          note="seed 004: axis 0 of (A, B, C, D) gives A tensors of shape (B, C, D)"),
        U("seed004-unpack-axis1", (2, 3, 4, 5), 1,
          note="seed 004: axis 1 gives B tensors of shape (A, C, D)"),
        U("seed004-list", (3, 2), 0, note="seed 004: tf.unpack(x, n) = list(x)"),
        U("negative-axis", (3, 4), -1),
        U("negative-axis-first", (3, 4), -2),
        U("bad-axis", (3, 4), 2),
        U("bad-negative-axis", (3, 4), -3),
        U("scalar", (), 0, note="TF: axis = 0 not in [0, 0)"),
        U("scalar-negative", (), -1),
        U("zero-length-axis", (2, 0, 3), 1, note="no outputs"),
        U("zero-size-other-axis", (2, 0, 3), 0),
        U("zero-size-bad-axis", (2, 0, 3), 9),
        U("rank1", (5,), 0),
        U("rank8", (2, 1, 2, 1, 2, 1, 2, 1), 6),
    ]


BIG_DIMS = [0] + [1, 2, 3, 4] * 3 + [6, 8, 12]


def split_shape(rng, big=False):
    return rand_shape(rng, limit=1200, dims=BIG_DIMS if big else SMALL_DIMS)


def rand_axis(rng, rank, valid_share=0.85):
    if rank and rng.random() < valid_share:
        return rng.randrange(-rank, rank)
    return rng.choice([rank, rank + 1, -rank - 1, -rank - 3, 7])


def partition(rng, dim, k):
    cuts = sorted(rng.randint(0, dim) for _ in range(k - 1))
    edges = [0] + cuts + [dim]
    return [b - a for a, b in zip(edges, edges[1:])]


def rand_sizes(rng, dim):
    r = rng.random()
    k = rng.randint(1, 4) if r < 0.9 else rng.randint(2, 4)
    sizes = partition(rng, dim, k)
    if r < 0.40:
        return sizes  # exact
    if r < 0.55:
        sizes[rng.randrange(k)] = -1
        return sizes
    if r < 0.63:
        i, j = rng.sample(range(k + 1), 2)
        sizes = sizes + [0]
        sizes[i] = sizes[j] = -1
        return sizes
    if r < 0.72:  # a negative size with a matching total
        i = rng.randrange(k)
        neg = -rng.randint(2, 3)
        sizes[i] = neg
        sizes.append(dim - sum(sizes))
        return sizes
    if r < 0.85:  # a total off by a little
        sizes[rng.randrange(k)] += rng.choice([-2, -1, 1, 2, 3])
        return sizes
    if r < 0.90:  # a -1 with the rest already past the axis
        return sizes + [-1, dim + rng.randint(1, 3)]
    if r < 0.94:
        return []
    return [rng.choice([dim, dim + 1, max(dim - 1, 0), -1])]


def random_split(rng, n):
    cases = []
    for i in range(n):
        shape = split_shape(rng, big=True)
        rank = len(shape)
        axis = rand_axis(rng, rank)
        dim = shape[axis] if -rank <= axis < rank else 4
        if rng.random() < 0.45:
            r = rng.random()
            divisors = [d for d in range(1, max(dim, 4) + 1) if dim % d == 0]
            others = [d for d in range(2, dim + 3) if dim % d != 0]
            if r < 0.7 or not others:
                num = rng.choice(divisors)
            elif r < 0.92:
                num = rng.choice(others)
            else:
                num = 0
            cases.append(split_case(f"random-split-{i:03d}", shape, axis, num_split=num))
        else:
            cases.append(split_case(f"random-split-{i:03d}", shape, axis,
                                    size_splits=rand_sizes(rng, dim)))
    return cases


def random_unstack(rng, n):
    cases = []
    for i in range(n):
        shape = split_shape(rng)
        axis = rand_axis(rng, len(shape), valid_share=0.8)
        cases.append(unstack_case(f"random-unstack-{i:03d}", shape, axis))
    return cases


def build():
    rng = random.Random(SEED)
    return hand_split() + random_split(rng, 160) + hand_unstack() + random_unstack(rng, 110)


def check(cases):
    for op, kinds, minimum in [
        ("split", [k for k, _ in SPLIT_ERRORS], 4),
        ("unstack", ["AxisOutOfRange"], 10),
    ]:
        mine = [c for c in cases if c["op"] == op]
        assert len(mine) >= 100, (op, len(mine))
        assert sum(outcome(c) == "ok" for c in mine) >= 60, op
        for k in kinds:
            got = sum(outcome(c) == k for c in mine)
            assert got >= minimum, f"{op}: only {got} {k} cases"
        empties = [c for c in mine if "outputs" in c["expect"]
                   and any(0 in o["shape"] for o in c["expect"]["outputs"])]
        assert len(empties) >= 5, (op, "too few zero-size outputs")
        ranks = {len(c["shape"]) for c in mine}
        assert set(range(6)) <= ranks, (op, ranks)
