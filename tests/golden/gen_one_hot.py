"""one_hot.json: tf.one_hot(indices, depth, on_value, off_value, axis) (eager, CPU).

Case fields: name, note?, indices = {shape, values, dtype} (dtype one TF's OneHot takes:
int32, int64, uint8, int8; the Rust replay uses the same width), depth, on, off (int64, so the
output is int64), axis, expect = {shape, values} or {"error": {kind, message}}.

TF's "Expected axis to be -1 or between [0, 2).  But received: 2" is this crate's OneHotAxis
text. Indices outside [0, depth), negative ones included, give rows of `off`: no error.

Left out: a negative depth (a usize here; TF: "depth must be non-negative, got: -1"), and depths
past int32 (TF's `depth` is int32: 2**40 silently becomes 0 and gives an empty axis; this crate
allocates what it is asked for, or says TooLarge).
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import array_field, as_expect, classify, clean_message, new_case, outcome_counts, random_ones

FILE = "one_hot.json"
SEED = 7_301

ERRORS = [("OneHotAxis", r"Expected axis to be -1 or between \[0, \d+\)\.  But received: -?\d+")]
DTYPES = {"int32": np.int32, "int64": np.int64, "uint8": np.uint8, "int8": np.int8}


def model(indices, depth, on, off, axis):
    """The definition: compare every index with every d of the new axis."""
    a = indices.ndim if axis == -1 else axis
    d = np.arange(depth).reshape((1,) * a + (depth,) + (1,) * (indices.ndim - a))
    hot = np.expand_dims(indices.astype(np.int64), a) == d
    return np.where(hot, np.int64(on), np.int64(off))


def case(name, indices, depth, on=1, off=0, axis=-1, dtype="int64", note=None):
    indices = np.asarray(indices, dtype=DTYPES[dtype])
    c = new_case(name, note, indices=dict(array_field(indices), dtype=dtype), depth=depth, on=on,
                 off=off, axis=axis)
    try:
        res = tf.one_hot(tf.constant(indices), depth, on_value=np.int64(on),
                         off_value=np.int64(off), axis=axis)
        c["expect"] = as_expect(res.numpy())
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e)
        c["expect"] = {"error": {"kind": classify(msg, ERRORS), "message": msg}}
    if "error" not in c["expect"]:
        assert c["expect"] == as_expect(model(indices, depth, on, off, axis)), c
    return c


def hand():
    C = case
    return [
        C("seed004-vector", [0, 2, -1, 1], 3, on=5, off=0,
          note="seed 004: on_value = 5.0, off_value = 0.0 (here int64); one_hot(-1) is all off"),
        C("seed004-matrix", [[0, 2], [1, -1]], 3, note="seed 004: output is [2 x 2 x 3]"),
        C("seed004-defaults", [0, 1, 2], 3, note="seed 004: the default values are 1 and 0"),
        C("seed004-features-axis0", [0, 1, 1, 0, 2], 3, axis=0,
          note="seed 004: depth x features if axis == 0"),
        C("seed004-batch-axis1", [[0, 1, 2, 1, 0], [2, 2, 0, 1, 1]], 3, axis=1,
          note="seed 004: batch x depth x features if axis == 1"),
        C("seed004-batch-axis0", [[0, 1, 2, 1, 0], [2, 2, 0, 1, 1]], 3, axis=0,
          note="seed 004: depth x batch x features if axis == 0"),
        C("scalar", 1, 3),
        C("scalar-axis0", 1, 3, axis=0),
        C("scalar-axis1", 1, 3, axis=1),
        C("scalar-out-of-range", 7, 3),
        C("depth-zero", [1, 2], 0),
        C("depth-zero-axis0", [1, 2], 0, axis=0),
        C("depth-one", [0, 1, -1], 1),
        C("empty-indices", np.zeros((0, 2)), 3, axis=1),
        C("axis-too-big", [0, 1], 3, axis=2),
        C("axis-minus-two", [0, 1], 3, axis=-2, note="only -1 counts from the end"),
        C("axis-minus-two-matrix", [[0, 2], [1, -1]], 3, axis=-2),
        C("axis-rank-plus-one", [[0, 2], [1, -1]], 3, axis=2),
        C("negative-on-off", [2, 0], 4, on=-3, off=-9),
        C("on-equals-off", [2, 0], 4, on=7, off=7),
        C("uint8-wide", [0, 2, 255], 3, dtype="uint8", note="255 is out of range: all off"),
        C("uint8-depth-256", [0, 255, 128], 256, dtype="uint8"),
        C("int8-negative", [0, 2, -1, -128, 127], 3, dtype="int8"),
        C("int32-extremes", [2**31 - 1, -(2**31), 1], 2, dtype="int32"),
        C("int64-extremes", [2**63 - 1, -(2**63), 0], 2, dtype="int64"),
        C("rank4-axis2", np.arange(24).reshape(1, 2, 3, 4) % 5 - 1, 4, axis=2),
    ]


def rand_shape(rng):
    rank = rng.choices(range(4), weights=[2, 4, 4, 3])[0]
    dims = [0] + [1, 2, 3, 4] * 3 + [5]
    return [rng.choice(dims) for _ in range(rank)]


def random_cases(rng, n):
    cases = []
    for i in range(n):
        shape = rand_shape(rng)
        rank = len(shape)
        depth = rng.choice([0, 1, 2, 3, 4, 5, 7])
        dtype = rng.choice(["int32", "int32", "int64", "int64", "uint8", "int8"])
        lo = 0 if dtype == "uint8" else -2
        values = [rng.randint(lo, depth + 1) for _ in range(int(np.prod(shape, dtype=np.int64)))]
        r = rng.random()
        axis = rng.choice([-1, -1]) if r < 0.35 else rng.randint(0, rank) if r < 0.85 else \
            rng.choice([rank + 1, rank + 2, -2, -3])
        on, off = rng.choice([(1, 0), (5, -1), (0, 1), (-4, 9)])
        cases.append(case(f"random-{i:03d}", np.array(values).reshape(shape), depth, on, off,
                          axis, dtype))
    return cases


def build():
    rng = random.Random(SEED)
    return hand() + random_cases(rng, 150)


def check(cases):
    kinds = outcome_counts(cases)
    assert kinds.get("ok", 0) >= 100 and kinds.get("OneHotAxis", 0) >= 15, kinds
    rand = random_ones(cases)
    assert len(rand) >= 100
    assert {len(c["indices"]["shape"]) for c in rand} == {0, 1, 2, 3}
    assert {c["indices"]["dtype"] for c in rand} == set(DTYPES)
    assert any(c["depth"] == 0 for c in rand)
