"""gather_nd.json: tf.gather_nd(params, indices, batch_dims=batch_dims), eager, CPU.

The Python API is the reference: with batch_dims > 0 its wrapper (array_ops.batch_gather_nd)
checks batch_dims in Python (ValueError), reshapes indices to [prod(params.shape[:batch_dims]),
...] (a batch mismatch surfaces as a Reshape error, and only where the element counts differ),
prepends the batch coordinates to every index vector and calls the GatherNd kernel on the whole
params; with batch_dims = 0 it calls the kernel directly.

Case fields: name, note?, shape (params = arange(shape), int64), indices = {shape, values},
dtype (int16 | int32 | int64, all TF accepts; the Rust replay uses the same type), batch_dims;
expect = {shape, values} or {"error": {kind, message?, tf_message?}}.

Messages: GatherNd's out-of-bounds text ends with ", node name: GatherNd"; `message` is TF's
text up to there (this crate's message starts with it) and the whole is kept as tf_message.
Recorded as tf_message only (variant compared), because this crate words them differently:
- BatchShapeMismatch: "Input to reshape is a tensor with 3 values, but the requested shape has 2".
- GatherScalarParams: GatherNd says "params must be at least a vector" (ours: gather's words).
- with batch_dims > 0, GatherNdIndexDepth and GatherNdOutOfBounds: TF counts and prints the
  batch coordinates it prepended ("saw: 4 vs. 3"; "indices[1] = [1, 5] ... [2,3,4]"), this crate
  the caller's index vector and params' shape past the batch axes.

Left out: negative batch_dims (ValueError "tf.gather_nd does not allow negative batch_dims."; the
Rust argument is a usize), and index vectors longer than 7 (TF's kernel limit: "Only
indices.shape[-1] values between 1 and 7 are currently supported"; this crate has none).
"""

import random
import re

import numpy as np
import tensorflow as tf

from tfcommon import (arange, array_field, as_expect, assert_error_kinds, classify, clean_message,
                      error_kinds, new_case, random_ones)

FILE = "gather_nd.json"
SEED = 7_002

ERRORS = [
    ("GatherNdBatchDims", r"Argument `batch_dims` = \d+ must be less than rank\(`indices`\) = \d+"),
    ("GatherNdBatchDimsParams", r"Argument `batch_dims` = \d+ must be less than rank\(`params`\) = \d+"),
    ("BatchShapeMismatch", r"Input to reshape is a tensor with \d+ values, but the requested shape has \d+"),
    ("GatherScalarParams", r"params must be at least a vector"),
    ("GatherNdScalarIndices", r"indices must be at least a vector"),
    ("GatherNdIndexDepth", r"index innermost dimension length must be <= params rank; saw: \d+ vs\. \d+"),
    ("GatherNdEmptyParams", r"Requested more than 0 entries, but params is empty\.  Params shape: \[[\d,]*\]"),
    ("GatherNdOutOfBounds", r"indices(\[[\d,]+\])? = \[[-\d, ]*\] does not index into param shape "
                            r"\[[\d,]*\], node name: GatherNd"),
]
TF_MESSAGE_ONLY = {"BatchShapeMismatch", "GatherScalarParams"}
TF_MESSAGE_ONLY_BATCHED = {"GatherNdIndexDepth", "GatherNdOutOfBounds"}

DTYPES = {"int16": np.int16, "int32": np.int32, "int64": np.int64}


def error_expect(exc, batch_dims):
    msg = clean_message(exc)
    kind = classify(msg, ERRORS)
    if isinstance(exc, ValueError):
        assert kind.startswith("GatherNdBatchDims"), (kind, msg)
    if kind in TF_MESSAGE_ONLY or (batch_dims and kind in TF_MESSAGE_ONLY_BATCHED):
        return {"error": {"kind": kind, "tf_message": msg}}
    if kind == "GatherNdOutOfBounds":
        head = re.sub(r", node name: GatherNd$", "", msg)
        return {"error": {"kind": kind, "message": head, "tf_message": msg}}
    return {"error": {"kind": kind, "message": msg}}


def run(shape, indices, dtype, batch_dims):
    params = tf.constant(arange(shape))
    idx = tf.constant(np.asarray(indices, dtype=DTYPES[dtype]))
    try:
        out = tf.gather_nd(params, idx, batch_dims=batch_dims)
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        return error_expect(e, batch_dims)
    return as_expect(out.numpy())


def case(name, shape, indices, batch_dims=0, dtype="int32", note=None):
    arr = np.asarray(indices, dtype=np.int64)
    return new_case(
        name,
        note,
        shape=list(shape),
        indices=array_field(arr),
        dtype=dtype,
        batch_dims=batch_dims,
        expect=run(shape, arr, dtype, batch_dims),
    )


def seed_cases():
    """Every example of tf.gather_nd's documentation (seed 004), with arange params of the same
    shape instead of strings ('a' = 0, 'b' = 1, ...)."""
    return [
        case("seed-simple-matrix", [2, 2], [[0, 0], [1, 1]]),
        case("seed-slice-matrix", [2, 2], [[1], [0]]),
        case("seed-3-tensor-slice", [2, 2, 2], [[1]]),
        case("seed-3-tensor-rows", [2, 2, 2], [[0, 1], [1, 0]]),
        case("seed-3-tensor-elements", [2, 2, 2], [[0, 0, 1], [1, 0, 1]]),
        case("seed-batched-matrix", [2, 2], [[[0, 0]], [[0, 1]]]),
        case("seed-batched-slice-matrix", [2, 2], [[[1]], [[0]]]),
        case("seed-batched-3-tensor-slice", [2, 2, 2], [[[1]], [[0]]]),
        case("seed-batched-3-tensor-rows", [2, 2, 2], [[[0, 1], [1, 0]], [[0, 0], [1, 1]]]),
        case("seed-batched-3-tensor-elements", [2, 2, 2], [[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]),
    ]


def hand_cases():
    c = []
    add = lambda *a, **k: c.append(case(*a, **k))  # noqa: E731
    z = lambda *s: np.zeros(s, np.int64)  # noqa: E731
    # The errors, in TF's order.
    add("batch-dims-scalar-indices", [2, 3, 4], 0, 1)
    add("batch-dims-rank-indices", [2, 3, 4], z(2, 3, 1), 3)
    add("batch-dims-before-params", [2, 3], z(2, 3, 1, 1), 3, note="rank(indices) checked first")
    add("batch-dims-rank-params", [2, 3], z(2, 3, 1, 1), 2)
    add("batch-dims-scalar-params", [], z(2, 0), 1)
    add("batch-shape-mismatch", [2, 3], z(3, 1), 1)
    add("batch-shape-mismatch-before-depth", [2, 3], z(3, 5), 1)
    add("batch-shape-mismatch-before-empty", [2, 0], z(3, 1), 1)
    add("batch-shape-mismatch-second-axis", [2, 3, 4], z(2, 2, 1), 2)
    add("scalar-params", [], z(2, 0))
    add("scalar-params-scalar-indices", [], 0)
    add("scalar-params-vector-indices", [], z(1))
    add("scalar-indices", [3], 9)
    add("depth", [2, 3, 4], z(1, 4))
    add("depth-before-oob", [3], [[1, 9]])
    add("depth-before-empty", [2, 0], z(3, 3))
    add("depth-batched", [2, 3, 4], z(2, 3), 1)
    add("depth-batched-2", [2, 3, 4], z(2, 3, 2), 2)
    add("empty-params", [0, 3], [[0]])
    add("empty-params-slice", [2, 0], [[0]])
    add("empty-params-oob", [2, 0], [[5]], note="empty params checked before bounds")
    add("empty-params-full-vector", [2, 0], [[0, 0]])
    add("empty-params-empty-vector", [0, 3], z(2, 0))
    add("empty-params-batched", [2, 0, 4], z(2, 1), 1)
    add("oob", [2, 3, 4], [[0, 3]])
    add("oob-negative", [2, 3, 4], [[0, -1]])
    add("oob-last-reported", [3], [[5], [6]], note="TF's kernel reports the last bad vector")
    add("oob-last-reported-2", [3, 2], [[5, 0], [1, 0], [6, 0]])
    add("oob-last-reported-3", [3, 4], [[-1, 0], [0, 9]])
    add("oob-vector-indices", [3], [5], note="TF prints no position for 1-d indices")
    add("oob-higher-rank", [3], [[[0], [7]]])
    add("oob-batched", [2, 3, 4], [[1], [5]], 1)
    add("oob-batched-2d", [2, 3, 4], [[[1], [5]], [[7], [0]]], 1)
    add("oob-batched-2", [2, 3, 4], z(2, 3, 1) + 2, 2)
    add("oob-int16", [3], [[-5]], dtype="int16")
    add("oob-int64-huge", [3], [[2**40]], dtype="int64")
    # Successes and TF's quirks.
    add("empty-indices", [0, 3], z(0, 1))
    add("empty-indices-oob-free", [2, 3], z(0, 2))
    add("empty-last-dim", [2, 3], z(2, 0), note="an empty index vector picks all of params")
    add("empty-last-dim-vector", [2, 3], z(0))
    add("empty-last-dim-batched", [2, 3, 4], z(2, 5, 0), 1)
    add("batched", [2, 3, 4], [[1], [2]], 1)
    add("batched-elements", [2, 3, 4], [[[1, 3], [0, 0]], [[2, 1], [1, 2]]], 1)
    add("batched-2", [2, 3, 4], z(2, 3, 1) + 1, 2)
    add("batched-one-vector-each", [2, 3], [[1], [2]], 1)
    add("batched-same-count-other-shape", [2, 3, 4], z(3, 2, 1) + 1, 2,
        note="TF compares batch element counts only; batches read in row-major order")
    add("batched-same-count-oob", [2, 3, 4], np.array([1, 1, 1, 1, 9, 1]).reshape(3, 2, 1), 2)
    add("batched-mismatch-no-index-elements", [2, 3], z(3, 0, 1), 1,
        note="no index element: no batch comparison; the result takes params' batch shape")
    add("batched-mismatch-empty-vectors", [2, 3, 4], z(5, 3, 0), 1,
        note="indices batch 5, params batch 2: TF returns 2 x 3 whole rows")
    add("batched-mismatch-empty-vectors-2", [2, 3, 4], z(3, 2, 0), 2)
    add("batched-empty-batch", [0, 3, 4], z(0, 1), 1)
    add("batched-empty-batch-big-index", [0, 3, 4], z(0, 5, 1) + 9, 1)
    add("batched-mismatch-both-empty", [0, 3], z(3, 0, 1), 1)
    add("rank-5-elements", [2, 1, 3, 2, 2], [[1, 0, 2, 1, 1], [0, 0, 0, 0, 0]])
    add("rank-5-slices", [2, 1, 3, 2, 2], [[[1, 0]], [[0, 0]]])
    add("int16", [3, 4], [[2, 3]], dtype="int16")
    add("int64", [3, 4], [[2], [0]], dtype="int64")
    return c


def random_cases(rng):
    cases = []
    for n in range(300):
        rank = rng.choice([0] + [1] * 3 + [2] * 4 + [3] * 5 + [4] * 3 + [5] * 2)
        shape = [rng.choice([0, 1, 2, 3]) if rng.random() < 0.1 else rng.randint(1, 4)
                 for _ in range(rank)]
        roll = rng.random()
        if roll < 0.45 or rank < 2:
            bd = 0 if rng.random() < 0.97 else 1
        elif roll < 0.93:
            bd = rng.randint(1, rank - 1)
        else:
            bd = rng.randint(1, rank + 1)  # maybe too big
        batch_shape = list(shape[:bd])
        if bd and rng.random() < 0.08:
            k = rng.randrange(bd)
            batch_shape[k] += rng.choice([1, 2])
        room = max(rank - bd, 0)
        depth = rng.randint(0, room) if rng.random() < 0.9 else room + 1
        if rng.random() < 0.6 and room:
            depth = max(depth, 1)
        extra = [rng.randint(0, 3) if rng.random() < 0.08 else rng.randint(1, 3)
                 for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3]))]
        idx_shape = batch_shape + extra + [depth]
        if rng.random() < 0.02:
            idx_shape = []  # scalar indices
        count = int(np.prod(idx_shape[:-1], dtype=np.int64)) if idx_shape else 1
        dims = shape[bd:bd + depth]
        values = []
        for _ in range(count):
            values.extend(rng.randint(0, max(d - 1, 0)) for d in dims + [1] * (depth - len(dims)))
        values = values if idx_shape else [rng.randint(0, 3)]
        total = len(values)
        if rng.random() < 0.15 and total:
            for _ in range(rng.randint(1, 2)):
                k = rng.randrange(total)
                d = dims[k % depth] if depth and k % depth < len(dims) else 1
                values[k] = rng.choice([-1, -3, d, d + 2])
        indices = np.asarray(values, dtype=np.int64).reshape(idx_shape)
        dtype = rng.choice(["int32", "int32", "int64", "int64", "int16"])
        cases.append(case(f"random-{n:03d}", shape, indices, bd, dtype))
    return cases


def build():
    rng = random.Random(SEED)
    return seed_cases() + hand_cases() + random_cases(rng)


def check(cases):
    assert len(cases) >= 150, len(cases)
    rand = random_ones(cases)
    assert len(rand) >= 100, len(rand)
    assert_error_kinds(cases, ERRORS)
    batched = [c for c in cases if c["batch_dims"]]
    assert len(batched) >= 80, len(batched)
    assert sum("error" not in c["expect"] for c in batched) >= 50
    rand_kinds = error_kinds(rand)
    assert len(rand_kinds) >= 5, rand_kinds
    slices = [c for c in cases if "error" not in c["expect"]
              and c["indices"]["shape"] and c["indices"]["shape"][-1] < len(c["shape"]) - c["batch_dims"]]
    assert len(slices) >= 40, len(slices)
