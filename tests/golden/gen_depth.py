"""depth.json: tf.nn.space_to_depth and tf.nn.depth_to_space (raw SpaceToDepth / DepthToSpace,
NHWC, DCR order), eager, CPU.

Case fields: name, note?, op ("space_to_depth" | "depth_to_space"), shape, block_size; expect =
{shape, values} or {"error": {kind, message | tf_message}}.

TF's attribute check (`block_size` >= 2) runs before the kernel, so it beats a wrong rank; it
carries a `; NodeDef: ...` tail describing the graph node, of which only the first line is
recorded. DepthToSpace words its rank error "Input rank should be: 4 instead of: 3" (SpaceToDepth
has no colons), so that one is recorded as tf_message (variant compared only).

Every successful result is also checked against a NumPy reshape/transpose model of the op.

Left out: negative block sizes (TF: "Value for attr 'block_size' of -2 must be at least minimum
2"), which this crate's `usize` argument cannot express.
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, new_case, tally

FILE = "depth.json"
SEED = 8_001

ERRORS = [
    ("BlockSizeTooSmall", r"Value for attr 'block_size' of -?\d+ must be at least minimum 2"),
    ("WrongRank", r"Input rank should be:? 4 instead of:? \d+"),
    ("SpaceNotDivisible", r"Image width \d+ and height \d+ should be divisible by block_size: \d+"),
    ("DepthNotDivisible", r"Input depth dimension \d+ should be divisible by: \d+"),
]
# (op, kind) pairs whose TF text is not a prefix of this crate's message.
TF_MESSAGE_ONLY = {("depth_to_space", "WrongRank")}


def model(op, x, b):
    """NumPy's reshape/transpose form of the op, to cross-check TF."""
    n, h, w, c = x.shape
    if op == "space_to_depth":
        y = x.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5)
        return y.reshape(n, h // b, w // b, c * b * b)
    y = x.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h * b, w * b, c // (b * b))


def run(op, shape, block_size):
    x = tf.constant(arange(shape))
    raw = tf.raw_ops.SpaceToDepth if op == "space_to_depth" else tf.raw_ops.DepthToSpace
    try:
        y = raw(input=x, block_size=block_size).numpy()
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        msg = clean_message(e).split("\n")[0].rstrip()  # drop an attribute check's NodeDef tail
        kind = classify(msg, ERRORS)
        key = "tf_message" if (op, kind) in TF_MESSAGE_ONLY else "message"
        return {"error": {"kind": kind, key: msg}}
    want = model(op, arange(shape), block_size)
    assert want.shape == y.shape and (want == y).all(), (op, shape, block_size)
    return as_expect(y)


def case(name, op, shape, block_size, note=None):
    return new_case(name, note, op=op, shape=list(shape), block_size=block_size,
                    expect=run(op, shape, block_size))


def hand():
    S = lambda name, *a, **k: case("s2d-" + name, "space_to_depth", *a, **k)  # noqa: E731
    D = lambda name, *a, **k: case("d2s-" + name, "depth_to_space", *a, **k)  # noqa: E731
    return [
        S("seed004-1x2x2x1", (1, 2, 2, 1), 2, note="seed 004: [[[[1],[2]],[[3],[4]]]] -> [[[[1,2,3,4]]]]"),
        S("seed004-1x2x2x3", (1, 2, 2, 3), 2, note="seed 004: depth 3 -> [1, 1, 1, 12]"),
        S("seed004-1x4x4x1", (1, 4, 4, 1), 2, note="seed 004: [1 4 4 1] -> [1 2 2 4]"),
        S("block1", (1, 2, 2, 1), 1, note="the seed's 'block_size be >=1' is wrong: minimum 2"),
        S("block0", (1, 2, 2, 1), 0),
        S("block1-beats-rank", (4, 6, 3), 1),
        S("rank3", (4, 6, 3), 2),
        S("rank0", (), 2),
        S("rank5", (1, 1, 2, 2, 4), 2),
        S("width-not-divisible", (1, 4, 3, 1), 2),
        S("height-not-divisible", (1, 3, 4, 1), 2),
        S("both-not-divisible", (2, 4, 6, 3), 4),
        S("empty-batch-not-divisible", (0, 3, 3, 1), 2, note="checked even when empty"),
        S("empty-batch", (0, 2, 2, 1), 2),
        S("empty-height", (1, 0, 2, 1), 2),
        S("empty-depth", (1, 2, 2, 0), 2),
        S("block-equals-image", (2, 3, 3, 2), 3),
        S("block4", (1, 4, 8, 2), 4),
        D("seed004-1x1x1x4", (1, 1, 1, 4), 2, note="seed 004: [[[[1,2,3,4]]]] -> [[[[1],[2]],[[3],[4]]]]"),
        D("seed004-1x1x1x12", (1, 1, 1, 12), 2, note="seed 004: -> [1, 2, 2, 3]"),
        D("seed004-1x2x2x4", (1, 2, 2, 4), 2,
          note="seed 004: -> [1 4 4 1] (the seed prints it with a bracket missing)"),
        D("block1", (1, 2, 2, 6), 1),
        D("block0", (1, 2, 2, 4), 0),
        D("block1-beats-rank", (2, 2, 6), 1),
        D("rank3", (2, 2, 6), 2, note="TF: 'Input rank should be: 4 instead of: 3'"),
        D("rank0", (), 2),
        D("rank5", (1, 1, 1, 1, 4), 2),
        D("depth-not-divisible", (1, 2, 2, 6), 2),
        D("depth-divisible-by-block-only", (1, 2, 2, 2), 2, note="needs block_size^2"),
        D("empty-batch-not-divisible", (0, 3, 3, 3), 2, note="checked even when empty"),
        D("empty-batch", (0, 2, 2, 4), 2),
        D("empty-width", (1, 2, 0, 8), 2),
        D("empty-depth", (1, 2, 2, 0), 2),
        D("block3", (2, 2, 1, 18), 3),
        D("block4", (1, 1, 2, 32), 4),
    ]


def rand_block(rng):
    return rng.choices([0, 1, 2, 3, 4], weights=[1, 1, 6, 3, 2])[0]


def rand_dim(rng, b, divisible, small=3):
    """A dimension, usually a multiple of b (0 included), else anything."""
    if divisible and b >= 2:
        return b * rng.choice([0] + [1, 2] * 4 + list(range(1, small + 1)))
    return rng.choice([0, 1, 2, 3, 4, 5, 6, 7])


def rand_bad_rank_shape(rng):
    rank = rng.choice([0, 1, 2, 3, 3, 5, 5])
    return [rng.choice([0, 1, 2, 3, 4]) for _ in range(rank)]


def random_cases(rng, op, n):
    cases = []
    while len(cases) < n:
        b = rand_block(rng)
        r = rng.random()
        if r < 0.1:
            shape = rand_bad_rank_shape(rng)
        elif op == "space_to_depth":
            good = r < 0.85
            shape = [rng.choice([0, 1, 1, 2, 3]), rand_dim(rng, b, good), rand_dim(rng, b, good),
                     rng.choice([0, 1, 1, 2, 2, 3])]
        else:
            good = r < 0.85
            sq = b * b if b >= 2 else 4
            depth = sq * rng.choice([0, 1, 1, 1, 2, 2]) if good else rng.choice([0, 1, 2, 3, 5, 6, 8, 9])
            dims = [0, 1, 1, 2, 2, 3]
            shape = [rng.choice([0, 1, 1, 2, 3]), rng.choice(dims), rng.choice(dims), depth]
        if np.prod(shape, dtype=np.int64) > 600:
            continue
        tag = "s2d" if op == "space_to_depth" else "d2s"
        cases.append(case(f"random-{tag}-{len(cases):03d}", op, shape, b))
    return cases


def build():
    rng = random.Random(SEED)
    return (hand() + random_cases(rng, "space_to_depth", 150)
            + random_cases(rng, "depth_to_space", 150))


def check(cases):
    for op, kinds in [
        ("space_to_depth", ["BlockSizeTooSmall", "WrongRank", "SpaceNotDivisible"]),
        ("depth_to_space", ["BlockSizeTooSmall", "WrongRank", "DepthNotDivisible"]),
    ]:
        mine = [c for c in cases if c["op"] == op]
        assert len(mine) >= 100, (op, len(mine))
        counts = tally(mine)
        assert counts.get("ok", 0) >= 50, (op, counts)
        assert counts.get("ok-empty", 0) >= 10, (op, counts)
        for k in kinds:
            got = counts.get(k, 0)
            assert got >= 8, f"{op}: only {got} {k} cases"
        assert {0, 2, 3, 4} <= {c["block_size"] for c in mine}, op
