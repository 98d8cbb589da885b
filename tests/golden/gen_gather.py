"""gather.json: tf.gather(params, indices, axis=axis, batch_dims=batch_dims), eager, CPU.

The Python API is the reference, not the raw GatherV2 op: its wrapper drops batch_dims when axis
is the constant 0 (`tf.gather(p, i, axis=0, batch_dims=1)` is `tf.gather(p, i, axis=0)`), and
`axis=None` means axis = batch_dims. Every case passes axis explicitly, as the Rust signature does.

Case fields: name, note?, shape (params = arange(shape), int64), indices = {shape, values},
dtype (int16 | int32 | int64: the indices' type, all TF accepts; the Rust replay uses the same
type), axis, batch_dims; expect = {shape, values} or {"error": {kind, message | tf_message}}.

TF's messages recorded as tf_message (variant compared only), because this crate words them
differently:
- AxisOutOfRange: "Shape must be at least rank 4 but is rank 3" (ours: "axis = 3 not in [-3, 3)").
- BatchDimsPastAxis when batch_dims >= rank(params): TF checks that first and says "batch_dims (3)
  must be less than rank(params) (2)."; ours says batch_dims must not pass the axis (implied).

Random cases: params of rank 0-5 (zero-size dims included), axis mostly valid, batch_dims 0 in
about a third of the cases and otherwise a valid or invalid value (often negative), indices
sharing params' batch dims (or not), values mostly in range, some negative or past the axis.
"""

import random
import re

import numpy as np
import tensorflow as tf

from tfcommon import (arange, array_field, as_expect, assert_error_kinds, classify, clean_message,
                      new_case, random_ones)

FILE = "gather.json"
SEED = 7_001

ERRORS = [
    ("GatherScalarParams", r"params must be at least 1 dimensional"),
    ("AxisOutOfRange", r"Shape must be at least rank \d+ but is rank \d+"),
    ("BatchDimsOutOfRange", r"Expected batch_dims in the range \[-\d+, \d+\], but got -?\d+"),
    ("BatchDimsPastAxis", r"batch_dims \(\d+\) must be less than or equal to axis \(\d+\)\."),
    ("BatchDimsPastAxis", r"batch_dims \(\d+\) must be less than rank\(params\) \(\d+\)\."),
    ("BatchShapeMismatch", r"params\.shape\[\d+\]: \d+ should be equal to indices\.shape\[\d+\]: \d+"),
    ("IndexOutOfRange", r"indices(\[[\d,]+\])? = -?\d+ is not in \[0, \d+\)"),
]
# TF texts that are not a prefix of this crate's message.
TF_MESSAGE_ONLY = [r"Shape must be at least rank", r"batch_dims \(\d+\) must be less than rank"]

DTYPES = {"int16": np.int16, "int32": np.int32, "int64": np.int64}


def run(shape, indices, dtype, axis, batch_dims):
    params = tf.constant(arange(shape))
    idx = tf.constant(np.asarray(indices, dtype=DTYPES[dtype]))
    try:
        out = tf.gather(params, idx, axis=axis, batch_dims=batch_dims)
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e)
        kind = classify(msg, ERRORS)
        only = any(re.match(p, msg) for p in TF_MESSAGE_ONLY)
        return {"error": {"kind": kind, ("tf_message" if only else "message"): msg}}
    return as_expect(out.numpy())



def case(name, shape, indices, axis, batch_dims=0, dtype="int32", note=None):
    arr = np.asarray(indices, dtype=np.int64)
    return new_case(
        name,
        note,
        shape=list(shape),
        indices=array_field(arr),
        dtype=dtype,
        axis=axis,
        batch_dims=batch_dims,
        expect=run(shape, arr, dtype, axis, batch_dims),
    )


def seed_cases():
    """tf.gather's documentation (seed 004) has formulas, no data: one case per formula."""
    return [
        case("seed-scalar-indices", [3, 2], 2, 0, note="output[:, ..., :] = params[indices, :, ... :]"),
        case("seed-vector-indices", [3, 2], [2, 0, 2], 0, note="output[i, :, ..., :] = params[indices[i], :, ... :]"),
        case("seed-higher-rank-indices", [3, 2], [[1, 0], [2, 2]], 0,
             note="output[i, ..., j, :, ... :] = params[indices[i, ..., j], :, ..., :]"),
        case("seed-permutation", [4, 3], [3, 1, 0, 2], 0, note="a permutation permutes params"),
    ]


def hand_cases():
    c = []
    add = lambda *a, **k: c.append(case(*a, **k))  # noqa: E731
    # The errors, one by one, in TF's order.
    add("scalar-params", [], [0], 0)
    add("scalar-params-before-axis", [], [0], 5, 9)
    add("axis-too-big", [2, 3, 4], [0], 3)
    add("axis-too-negative", [2, 3, 4], [0], -4)
    add("axis-before-batch-dims", [2, 3], [[9], [9], [9]], 5, 9)
    add("batch-dims-too-big", [2, 3, 4], [[0], [1]], 1, 3)
    add("batch-dims-too-negative", [2, 3, 4], [[0], [1]], 1, -3)
    add("batch-dims-past-axis", [2, 3, 4], [[0], [1]], 1, 2)
    add("batch-dims-past-axis-mismatch", [2, 3, 4], [[9], [9], [9]], 1, 2)
    add("batch-dims-past-params-rank", [2, 3], np.zeros((2, 3, 1), np.int64), 1, 3,
        note="TF: 'must be less than rank(params)', checked before the axis")
    add("batch-dims-past-negative-axis", [2, 3, 4], [[0], [1]], -3, 1,
        note="axis -3 is axis 0, but only the constant 0 drops batch_dims")
    add("batch-shape-mismatch", [2, 3], [[0], [1], [2]], 1, 1)
    add("batch-shape-mismatch-second-axis", [2, 3, 4], np.zeros((2, 1), np.int64), 2, 2)
    add("batch-shape-mismatch-before-index", [2, 3], [[9], [9], [9]], 1, 1)
    add("index-too-big", [3], [0, 7], 0)
    add("index-negative", [3], [0, -1], 0)
    add("index-scalar-out-of-range", [3], 7, 0, note="TF prints no position for 0-d indices")
    add("index-scalar-negative", [3, 2], -1, 0)
    add("index-2d-out-of-range", [3], [[0, 1], [2, 5]], 0)
    add("index-first-bad-reported", [3], [5, 6], 0)
    add("index-first-bad-reported-2d", [2, 3], [[1, 5], [6, 0]], 1)
    add("index-batched-out-of-range", [2, 3], [[0, 1], [5, 0]], 1, 1)
    add("index-int16-negative", [3], [[1, -5]], 0, dtype="int16")
    add("index-int64-huge", [3], [2**40], 0, dtype="int64")
    add("index-int64-min", [3], [-(2**63)], 0, dtype="int64")
    # TF's quirks.
    add("axis0-ignores-batch-dims", [2, 3, 4], [[0], [1]], 0, 1)
    add("axis0-ignores-batch-dims-out-of-range", [2, 3, 4], [[0], [1]], 0, 5)
    add("axis0-ignores-batch-dims-negative", [2, 3, 4], [[0], [1]], 0, -9)
    add("axis-none-is-batch-dims", [2, 3, 4], [[0], [1]], 1, 1, note="tf.gather(p, i, batch_dims=1)")
    add("axis-none-is-batch-dims-negative", [2, 3, 4], [[0], [1]], -1, -1,
        note="tf.gather(p, i, batch_dims=-1): axis -1, batch_dims 1")
    add("batch-dims-minus-rank-is-zero", [2, 3], [[0, 1], [2, 0]], 1, -2)
    add("batch-dims-equal-rank-indices", [2, 3], [2, 1], 1, 1, note="one scalar index per batch element")
    add("batch-dims-equal-rank-indices-2", [2, 1, 4], [[0], [0]], 2, 2)
    add("batch-dims-2-inner-axis", [2, 3, 4, 2], np.ones((2, 3, 2), np.int64), 3, 2)
    add("batch-dims-1-outer-axes", [2, 3, 4, 5], [[1, 3], [0, 0]], 2, 1)
    add("empty-outer-skips-check", [0, 5], [7], 1, note="result empty: indices not checked")
    add("empty-inner-skips-check", [3, 0], [7], 0)
    add("empty-indices", [3, 2], np.zeros((0,), np.int64), 0)
    add("empty-indices-2d", [3, 2], np.zeros((2, 0), np.int64), 1)
    add("empty-gather-axis-with-indices", [3, 0, 2], [0], 1)
    add("empty-gather-axis-no-indices", [3, 0, 2], np.zeros((0,), np.int64), 1)
    add("empty-batch", [0, 3], np.zeros((0, 2), np.int64), 1, 1)
    add("empty-batch-outer", [2, 0, 3], [[7], [7]], 2, 1)
    add("empty-batch-inner", [2, 3, 0], [[7], [7]], 1, 1)
    add("rank-5-middle", [2, 1, 3, 2, 2], [[2, 0, 1]], 2)
    add("last-axis", [3, 4], [3, 3, 0], -1)
    add("int16-indices", [5, 2], [4, 0], 0, dtype="int16")
    add("int64-indices", [5, 2], [[4], [1]], 1, dtype="int64", note="index 4 past axis 1 of size 2")
    return c


def random_cases(rng):
    cases = []
    for n in range(300):
        rank = rng.choice([0] + [1] * 3 + [2] * 4 + [3] * 4 + [4] * 3 + [5] * 2)
        shape = [rng.choice([0, 1, 2, 3, 3, 4, 4]) if rng.random() < 0.12 else rng.randint(1, 4)
                 for _ in range(rank)]
        r = max(rank, 1)
        roll = rng.random()
        # Batched cases need an axis past 0 (axis 0 drops batch_dims).
        axis = rng.randint(0, r - 1) if roll < 0.3 or r == 1 else rng.randint(1, r - 1)
        if roll < 0.3:
            bd = 0
        elif roll < 0.87:
            bd = rng.randint(1, axis) if axis else 0  # valid
        else:
            bd = rng.randint(0, min(rank, axis + 2))  # possibly past the axis
        batch_shape = list(shape[:bd])
        if bd and rng.random() < 0.08:  # mismatched batch dim
            k = rng.randrange(bd)
            batch_shape[k] += rng.choice([1, 2])
        extra = [rng.randint(0, 3) if rng.random() < 0.1 else rng.randint(1, 3)
                 for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3]))]
        idx_shape = batch_shape + extra
        # Written as TF may take it: negative forms of axis and batch_dims.
        axis_arg = axis - rank if rank and rng.random() < 0.3 else axis
        bd_arg = bd - len(idx_shape) if bd and rng.random() < 0.3 else bd
        if rng.random() < 0.06:
            axis_arg = rng.choice([rank, rank + 1, -rank - 1])
        if rng.random() < 0.06:
            bd_arg = rng.choice([len(idx_shape) + 1, -len(idx_shape) - 1])
        dim = shape[axis] if rank else 1
        bad = rng.random() < 0.15
        count = int(np.prod(idx_shape, dtype=np.int64))
        values = [rng.randint(0, max(dim - 1, 0)) for _ in range(count)]
        if bad and count:
            for _ in range(rng.randint(1, 2)):
                values[rng.randrange(count)] = rng.choice([-1, -2, dim, dim + 1, dim + 5])
        indices = np.asarray(values, dtype=np.int64).reshape(idx_shape)
        dtype = rng.choice(["int32", "int32", "int64", "int64", "int16"])
        cases.append(case(f"random-{n:03d}", shape, indices, axis_arg, bd_arg, dtype))
    return cases


def build():
    rng = random.Random(SEED)
    return seed_cases() + hand_cases() + random_cases(rng)


def check(cases):
    assert len(cases) >= 150, len(cases)
    rand = random_ones(cases)
    assert len(rand) >= 100, len(rand)
    assert_error_kinds(cases, ERRORS)
    batched = [c for c in cases if c["batch_dims"] != 0 and c["axis"] != 0]
    assert len(batched) >= 100, len(batched)
    ok_batched = [c for c in batched if "error" not in c["expect"]]
    assert len(ok_batched) >= 60, len(ok_batched)
    rand_errors = [c for c in rand if "error" in c["expect"]]
    assert 40 <= len(rand_errors) <= 160, len(rand_errors)
    empty = [c for c in cases if "shape" in c["expect"] and 0 in c["expect"]["shape"]]
    assert len(empty) >= 10, len(empty)
