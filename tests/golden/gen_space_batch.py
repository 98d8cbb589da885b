"""space_batch.json: TensorFlow's SpaceToBatchND / BatchToSpaceND and their 4-D forms.

Ops (case field `op`), as TF 2.x's Python calls them:
- "space_to_batch_nd": tf.space_to_batch_nd(x, block_shape, paddings)
- "batch_to_space_nd": tf.batch_to_space(x, block_shape, crops)   (BatchToSpaceND)
- "space_to_batch":    tf.compat.v1.space_to_batch(x, paddings, block_size)
- "batch_to_space":    tf.compat.v1.batch_to_space(x, crops, block_size)
The 4-D forms run the ND op with block_shape [block_size, block_size] and only then check the
result's rank (a ValueError "Shape (..) must have rank 4"; our WrongRank, recorded with
`tf_message` since our words differ).

Case fields: name, op, shape, block_shape (ND) or block_size (4-D), paddings or crops (rows of
[start, end]), input? (flat values when not arange(shape)), expect. Every successful result is
also checked against a NumPy model of TF's documented reshape/transpose steps.

Negative block sizes, paddings and crops are left out: the Rust API takes usize, which cannot
express them (TF only rejects them). So is TF's limit of 4 "non-combined block dimensions",
which this crate does not apply (M stays at most 3 here).

Regenerate (from the repo root): python3 tests/golden/generate.py space_batch
"""

import math
import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, random_ones, tally

FILE = "space_batch.json"

KINDS = [
    ("BlockRankTooLarge", r"input rank should be >= \d+ instead of \d+"),
    ("BlockPaddingsLength", r"(paddings|crops) should have shape \[\d+, 2\] instead of \[\d+,2\]"),
    ("BlockShapeZero", r"All values in block_shape must be positive, got value, 0 at index \d+\."),
    ("BlockProductZero", r"Product of block sizes must be positive, got 0"),
    ("PaddedNotDivisible", r"padded_shape\[\d+\]=\d+ is not divisible by block_shape\[\d+\]=\d+"),
    ("BatchNotDivisible",
     r"Input batch dimension \(\d+\) is not divisible by product of block sizes \(\d+\)"),
    ("CropsTooLarge", r"cropped_shape\[\d+\]=-\d+ must be non-negative"),
    ("WrongRank", r"Shape \(.*\) must have rank 4"),
]

ND_OPS = ["space_to_batch_nd", "batch_to_space_nd"]
V1_OPS = ["space_to_batch", "batch_to_space"]

# What each op can raise (with a usize API); check() asserts every one is covered.
OP_KINDS = {
    "space_to_batch_nd": {"BlockRankTooLarge", "BlockPaddingsLength", "BlockShapeZero",
                          "PaddedNotDivisible"},
    "batch_to_space_nd": {"BlockRankTooLarge", "BlockPaddingsLength", "BlockProductZero",
                          "BatchNotDivisible", "CropsTooLarge"},
    "space_to_batch": {"BlockRankTooLarge", "BlockPaddingsLength", "BlockShapeZero",
                       "PaddedNotDivisible", "WrongRank"},
    "batch_to_space": {"BlockRankTooLarge", "BlockPaddingsLength", "BlockProductZero",
                       "BatchNotDivisible", "CropsTooLarge", "WrongRank"},
}


def _ints(v, cols=None):
    a = np.array(v, dtype=np.int64)
    return a.reshape(-1, cols) if cols else a.reshape(-1)


def run_tf(op, x, block, rows):
    if op == "space_to_batch_nd":
        return tf.space_to_batch_nd(x, _ints(block), _ints(rows, 2))
    if op == "batch_to_space_nd":
        return tf.batch_to_space(x, _ints(block), _ints(rows, 2))
    if op == "space_to_batch":
        return tf.compat.v1.space_to_batch(x, _ints(rows, 2), block)
    return tf.compat.v1.batch_to_space(x, _ints(rows, 2), block)


def model(op, x, block, rows):
    """TF's documented steps in NumPy (block_shape [b, b] for the 4-D forms)."""
    if op in V1_OPS:
        block = [block, block]
    m = len(block)
    if op.startswith("space"):
        pad = [(0, 0)] + [tuple(r) for r in rows] + [(0, 0)] * (x.ndim - 1 - m)
        p = np.pad(x, pad)
        shape = [p.shape[0]]
        for i, b in enumerate(block):
            shape += [p.shape[i + 1] // b, b]
        r = p.reshape(shape + list(p.shape[m + 1:]))
        perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
        perm += list(range(1 + 2 * m, r.ndim))
        t = r.transpose(perm)
        return t.reshape([x.shape[0] * math.prod(block)]
                         + [p.shape[i + 1] // b for i, b in enumerate(block)]
                         + list(x.shape[m + 1:]))
    batch = x.shape[0] // math.prod(block)
    r = x.reshape(list(block) + [batch] + list(x.shape[1:]))
    perm = [m]
    for i in range(m):
        perm += [m + 1 + i, i]
    perm += list(range(2 * m + 1, r.ndim))
    t = r.transpose(perm)
    full = [batch] + [x.shape[i + 1] * b for i, b in enumerate(block)] + list(x.shape[m + 1:])
    t = t.reshape(full)
    index = (slice(None),) + tuple(slice(c0, full[i + 1] - c1) for i, (c0, c1) in enumerate(rows))
    return t[index]


def case(name, op, shape, block, rows, values=None, note=None):
    rows_key = "paddings" if op.startswith("space") else "crops"
    block_key = "block_size" if op in V1_OPS else "block_shape"
    c = {"name": name, "op": op, "shape": list(shape), block_key: block,
         rows_key: [list(r) for r in rows]}
    if note:
        c["note"] = note
    if values is None:
        x = arange(shape)
    else:
        c["input"] = list(values)
        x = np.array(values, dtype=np.int64).reshape(shape)
    try:
        y = np.asarray(run_tf(op, x, block, rows))
    except (tf.errors.OpError, ValueError) as e:
        msg = clean_message(e)
        kind = classify(msg, KINDS)
        key = "tf_message" if kind == "WrongRank" else "message"
        c["expect"] = {"error": {"kind": kind, key: msg}}
        return c
    want = model(op, x, block, rows)
    assert y.shape == want.shape and (y == want).all(), (name, y.shape, want.shape)
    c["expect"] = as_expect(y)
    return c


def small(shape, limit=2400):
    return math.prod(d for d in shape if d) <= limit and math.prod(shape) <= limit


# ---- random cases ------------------------------------------------------------------------

def rand_block(rng, m):
    return [0 if rng.random() < 0.05 else rng.choice([1, 1, 2, 2, 3, 3]) for _ in range(m)]


def rand_rest(rng):
    return [rng.choice([0, 1, 2, 3, 3]) if rng.random() < 0.1 else rng.randint(1, 3)
            for _ in range(rng.choice([0, 0, 1, 1, 2]))]


def fit_padding(rng, dim, b):
    """Paddings that make dim + pads a multiple of b (the usual, valid case)."""
    if b == 0:
        return [rng.randint(0, 2), rng.randint(0, 2)]
    before = rng.randint(0, 3)
    after = (-(dim + before)) % b + b * rng.choice([0, 0, 0, 1])
    return [before, after]


def bad_rows(rng, m, make):
    """Rows whose count is not m (TF's BlockPaddingsLength)."""
    n = rng.choice([r for r in (m - 1, m + 1, m + 2) if r >= 0])
    return [make() for _ in range(n)]


def random_space_to_batch(rng, i, op):
    while True:
        m = 2 if op == "space_to_batch" else rng.choice([0, 1, 1, 2, 2, 3, 3])
        batch = rng.choice([0, 1, 1, 2, 2, 3])
        spatial = [0 if rng.random() < 0.07 else rng.randint(1, 6) for _ in range(m)]
        if op == "space_to_batch":
            rest = [rng.choice([0, 1, 2, 3]) if rng.random() < 0.1 else rng.randint(1, 3)]
            shape = [batch] + spatial + rest
            roll = rng.random()
            if roll < 0.1:
                shape = shape[: rng.choice([2, 3])]
            elif roll < 0.18:
                shape = shape + [rng.randint(1, 2)]
            bs = 0 if rng.random() < 0.08 else rng.choice([1, 2, 2, 2, 3, 3])
            block = [bs, bs]
        else:
            shape = [batch] + spatial + rand_rest(rng)
            block = rand_block(rng, m)
            if m and rng.random() < 0.08:
                shape = shape[: rng.randint(0, m)]
        dims = shape[1:]
        rows = []
        for j, b in enumerate(block):
            dim = dims[j] if j < len(dims) else 1
            rows.append(fit_padding(rng, dim, b) if rng.random() < 0.7
                        else [rng.randint(0, 4), rng.randint(0, 4)])
        if rng.random() < 0.08:
            rows = bad_rows(rng, m, lambda: [rng.randint(0, 2), rng.randint(0, 2)])
        out_elems = math.prod(shape) * max(1, math.prod(block)) * 4
        if small(shape) and out_elems <= 20000:
            break
    return case(f"random-{op}-{i:03d}", op, shape, block[0] if op in V1_OPS else block, rows)


def random_batch_to_space(rng, i, op):
    while True:
        m = 2 if op == "batch_to_space" else rng.choice([0, 1, 1, 2, 2, 3, 3])
        if op == "batch_to_space":
            bs = 0 if rng.random() < 0.08 else rng.choice([1, 2, 2, 2, 3, 3])
            block = [bs, bs]
        else:
            block = rand_block(rng, m)
        prod = math.prod(block)
        batch = (prod * rng.choice([0, 1, 1, 1, 2, 2, 3]) if rng.random() < 0.88
                 else rng.randint(1, 12))
        grid = [0 if rng.random() < 0.07 else rng.randint(1, 4) for _ in range(m)]
        if op == "batch_to_space":
            rest = [rng.choice([0, 1, 2, 3]) if rng.random() < 0.1 else rng.randint(1, 3)]
        else:
            rest = rand_rest(rng)
        shape = [batch] + grid + rest
        if op == "batch_to_space":
            roll = rng.random()
            if roll < 0.1:
                shape = shape[: rng.choice([2, 3])]
            elif roll < 0.18:
                shape = shape + [rng.randint(1, 2)]
        elif m and rng.random() < 0.08:
            shape = shape[: rng.randint(0, m)]
        dims = shape[1:]
        rows = []
        for j, b in enumerate(block):
            full = (dims[j] if j < len(dims) else 1) * b
            roll = rng.random()
            if roll < 0.72:  # within the limit
                total = rng.randint(0, max(0, full - 1))
            elif roll < 0.8:  # at it: an empty output dim
                total = full
            elif roll < 0.9:  # past it
                total = full + rng.randint(1, 2)
            else:
                total = rng.randint(0, 5)
            start = rng.randint(0, total)
            rows.append([start, total - start])
        if rng.random() < 0.08:
            rows = bad_rows(rng, m, lambda: [rng.randint(0, 2), rng.randint(0, 2)])
        if small(shape):
            break
    return case(f"random-{op}-{i:03d}", op, shape, block[0] if op in V1_OPS else block, rows)


# ---- hand-picked cases ---------------------------------------------------------------------

def seed_cases():
    """Seed 004's eight examples (tf.space_to_batch / tf.batch_to_space, block_size 2)."""
    z = [[0, 0], [0, 0]]
    out = [
        case("seed-s2b-1", "space_to_batch", [1, 2, 2, 1], 2, z, range(1, 5)),
        case("seed-s2b-2", "space_to_batch", [1, 2, 2, 3], 2, z, range(1, 13)),
        case("seed-s2b-3", "space_to_batch", [1, 4, 4, 1], 2, z, range(1, 17),
             note="the seed's value has 5, 7 where TF has 9, 11"),
        case("seed-s2b-4", "space_to_batch", [2, 2, 4, 1], 2, z, range(1, 17)),
        case("seed-b2s-1", "batch_to_space", [4, 1, 1, 1], 2, z, range(1, 5)),
        case("seed-b2s-2", "batch_to_space", [4, 1, 1, 3], 2, z, range(1, 13)),
        case("seed-b2s-3", "batch_to_space", [4, 2, 2, 1], 2, z,
             [1, 3, 5, 7, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16],
             note="the seed's input (s2b-3's wrong value): TF's third row is 5, 10, 7, 12"),
        case("seed-b2s-3-fixed", "batch_to_space", [4, 2, 2, 1], 2, z,
             [1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16]),
        case("seed-b2s-4", "batch_to_space", [8, 1, 2, 1], 2, z,
             [1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16],
             note="the seed's value is s2b-3's wrong one; TF returns 1..16"),
    ]
    return out


def nd_doc_cases():
    """The examples of TF 2.x's tf.space_to_batch_nd / tf.batch_to_space docs."""
    z = [[0, 0], [0, 0]]
    s, b = "space_to_batch_nd", "batch_to_space_nd"
    return [
        case("doc-s2bnd-1", s, [1, 2, 2, 1], [2, 2], z),
        case("doc-s2bnd-2", s, [1, 2, 2, 3], [2, 2], z),
        case("doc-s2bnd-3", s, [1, 4, 4, 1], [2, 2], z),
        case("doc-s2bnd-4", s, [2, 2, 4, 1], [2, 2], [[0, 0], [2, 0]]),
        case("doc-b2snd-1", b, [4, 1, 1, 1], [2, 2], z),
        case("doc-b2snd-2", b, [4, 1, 1, 3], [2, 2], z),
        case("doc-b2snd-3", b, [4, 2, 2, 1], [2, 2], z),
        case("doc-b2snd-4", b, [8, 1, 3, 1], [2, 2], [[0, 0], [2, 0]]),
    ]


def edge_cases():
    s, b, s4, b4 = "space_to_batch_nd", "batch_to_space_nd", "space_to_batch", "batch_to_space"
    z2 = [[0, 0], [0, 0]]
    out = []
    add = lambda name, *a: out.append(case(name, *a))  # noqa: E731
    for op in (s, b):
        k = op[:1] + "nd"
        add(f"edge-{k}-empty-block-rank1", op, [3], [], [])
        add(f"edge-{k}-empty-block-rank4", op, [2, 3, 2, 1], [], [])
        add(f"edge-{k}-empty-block-rank0", op, [], [], [])
        add(f"edge-{k}-empty-block-one-row", op, [2, 3], [], [[0, 0]])
        add(f"edge-{k}-rank0", op, [], [2], [[0, 0]])
        add(f"edge-{k}-rank-before-rows", op, [4, 4], [2, 2], [[0, 0]])
        add(f"edge-{k}-rows-before-zero", op, [4, 4, 4], [0, 2], [[0, 0]])
        add(f"edge-{k}-block1", op, [2, 3, 2], [1, 1], z2)
        add(f"edge-{k}-block1-rest", op, [2, 3, 2, 2], [1], [[0, 0]])
        add(f"edge-{k}-zero-batch", op, [0, 4, 4], [2, 2], z2)
        add(f"edge-{k}-zero-rest", op, [4, 4, 4, 0], [2, 2], z2)
        add(f"edge-{k}-high-rank", op, [4, 2, 2, 1, 2, 1, 1, 2], [2, 2], z2)
        add(f"edge-{k}-first-zero-of-two", op, [4, 4, 4], [0, 0], z2)
    # space_to_batch_nd
    add("edge-snd-zero-later", s, [2, 4, 6, 3], [3, 0], z2)
    add("edge-snd-zero-before-padded", s, [2, 5, 6], [0, 2], z2)
    add("edge-snd-first-padded", s, [2, 5, 7], [2, 2], z2)
    add("edge-snd-second-padded", s, [2, 4, 7], [2, 2], z2)
    add("edge-snd-zero-spatial", s, [2, 0, 4], [2, 2], z2)
    add("edge-snd-zero-spatial-padded", s, [2, 0, 4], [2, 2], [[1, 1], [0, 0]])
    add("edge-snd-zero-spatial-odd", s, [2, 0, 4], [2, 2], [[1, 0], [0, 0]])
    add("edge-snd-zero-batch-bad-pad", s, [0, 3, 4], [2, 2], z2)
    add("edge-snd-all-padding", s, [1, 1, 1], [3, 3], [[2, 0], [0, 2]])
    add("edge-snd-block1-padded", s, [2, 3, 2], [1, 1], [[1, 2], [0, 1]])
    add("edge-snd-block-past-dim", s, [1, 2, 1], [4], [[1, 1]])
    add("edge-snd-block-equals-dim", s, [2, 5, 2], [5], [[0, 0]])
    add("edge-snd-big-padding", s, [1, 1, 2], [3], [[7, 7]])
    # batch_to_space_nd
    add("edge-bnd-batch-before-crops", b, [7, 2, 3, 1], [2, 2], [[9, 0], [0, 0]])
    add("edge-bnd-zero-before-batch", b, [7, 2, 3, 1], [0, 2], z2)
    add("edge-bnd-crop-at-limit", b, [8, 2, 3, 1], [2, 2], [[2, 2], [0, 0]])
    add("edge-bnd-crop-past-limit", b, [8, 2, 3, 1], [2, 2], [[3, 2], [0, 0]])
    add("edge-bnd-crop-second-dim", b, [8, 2, 3, 1], [2, 2], [[0, 0], [4, 3]])
    add("edge-bnd-crop-block1", b, [4, 2, 3, 1], [1, 1], [[0, 3], [0, 0]])
    add("edge-bnd-crop-zero-batch", b, [0, 4, 4], [2, 2], [[9, 0], [0, 0]])
    add("edge-bnd-crop-zero-grid", b, [4, 0, 4], [2, 2], [[1, 0], [0, 0]])
    add("edge-bnd-crops-both-ends", b, [9, 2, 2], [3, 3], [[1, 2], [2, 1]])
    add("edge-bnd-batch-indivisible", b, [6, 2, 3, 1], [2, 2], z2)
    add("edge-bnd-crop-to-empty-dim", b, [4, 1, 1], [2, 2], [[1, 1], [0, 1]])
    # The 4-D forms.
    for op in (s4, b4):
        k = op[:1] + "4"
        batch = 1 if op == s4 else 4
        add(f"edge-{k}-block1", op, [batch, 2, 3, 2], 1, z2)
        add(f"edge-{k}-block1-rows", op, [batch, 2, 3, 2], 1, [[1, 0], [0, 1]])
        add(f"edge-{k}-block0", op, [batch, 2, 2, 1], 0, z2)
        add(f"edge-{k}-rank2", op, [batch, 4], 2, z2)
        add(f"edge-{k}-rank5", op, [batch, 2, 2, 1, 2], 2, z2)
        add(f"edge-{k}-rank3-ok", op, [batch, 2, 4], 2, z2)
        add(f"edge-{k}-rank3-bs1", op, [batch, 2, 3], 1, z2)
        add(f"edge-{k}-rows1", op, [batch, 2, 2, 1], 2, [[0, 0]])
        add(f"edge-{k}-rows3", op, [batch, 2, 2, 1], 2, [[0, 0]] * 3)
        add(f"edge-{k}-zero-depth", op, [batch, 2, 2, 0], 2, z2)
    add("edge-s4-rank3-bad", s4, [4, 6, 3], 2, z2)
    add("edge-s4-padded", s4, [1, 3, 5, 2], 3, [[0, 0], [1, 0]])
    add("edge-s4-not-divisible", s4, [1, 3, 5, 2], 2, z2)
    add("edge-b4-rank3-bad", b4, [7, 2, 3], 2, z2)
    add("edge-b4-cropped", b4, [9, 2, 2, 1], 3, [[1, 2], [0, 5]])
    add("edge-b4-crops-past", b4, [9, 2, 2, 1], 3, [[1, 2], [0, 7]])
    add("edge-b4-not-divisible", b4, [8, 2, 2, 1], 2 + 1, z2)
    return out


def build():
    rng = random.Random(8_000_004)
    cases = seed_cases() + nd_doc_cases() + edge_cases()
    for op, n in (("space_to_batch_nd", 130), ("batch_to_space_nd", 130),
                  ("space_to_batch", 80), ("batch_to_space", 80)):
        gen = random_space_to_batch if op.startswith("space") else random_batch_to_space
        cases += [gen(rng, i, op) for i in range(n)]
    return cases


def check(cases):
    for op in ND_OPS + V1_OPS:
        mine = [c for c in cases if c["op"] == op]
        rand = random_ones(mine)
        need = 100 if op in ND_OPS else 50
        assert len(rand) >= need, (op, len(rand))
        counts = tally(mine)
        print(f"  {op}: {len(mine)} cases ({len(rand)} random): {counts}")
        missing = OP_KINDS[op] - set(counts)
        assert not missing, (op, missing)
        assert counts.get("ok", 0) >= len(mine) // 3, (op, counts)
        assert counts.get("ok-empty", 0) >= 3, (op, counts)
