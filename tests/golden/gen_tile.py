"""tile.json: tf.tile (Tile), eager, CPU, multiples passed as an int64 tensor.

Case fields: name, note?, shape, multiples; expect = {shape, values} or
{"error": {kind, message | tf_message}}. The input is arange(prod(shape)).reshape(shape) (int64).

TF's two overflow messages ("Expected a non-negative size, got ..." when one axis overflows int64,
"Encountered overflow when multiplying ..." when the element count does) are this crate's TooLarge,
whose text differs: recorded as tf_message (variant compared only).

Left out:
- Negative multiples (TF: "Expected multiples[0] >= 0, but got -1"): recorded in int_lists.json
  (gen_int_lists.py).
- Results whose element count fits in int64 but whose bytes do not: TF would try to allocate them.
- Empty results whose non-zero axes multiply past isize (shape [0, 2**40, 2**30]): TF accepts them,
  this crate reports TooLarge as ndarray cannot build such a shape (tested in tests/join/tile.rs).
"""

import math
import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, new_case, outcome, random_ones

FILE = "tile.json"
SEED = 6_003

ERRORS = [
    ("TileMultiplesLength", r"Expected multiples argument to be a vector of length \d+ but got "
                            r"length \d+"),
    ("TooLarge", r"Expected a non-negative size, got -?\d+"),
    ("TooLarge", r"Encountered overflow when multiplying -?\d+ with -?\d+, result: -?\d+"),
]
TF_MESSAGE_ONLY = {"TooLarge"}


def run(shape, multiples):
    x = tf.constant(arange(shape))
    try:
        res = tf.tile(x, tf.constant(multiples, dtype=tf.int64, shape=[len(multiples)]))
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e).split("\n")[0].rstrip()
        kind = classify(msg, ERRORS)
        return {"error": {"kind": kind, "tf_message" if kind in TF_MESSAGE_ONLY else "message": msg}}
    if res.shape.num_elements() == 0:
        # NumPy cannot hold every empty shape TF can (an axis of 2**62 elements of int64).
        return {"shape": res.shape.as_list(), "values": []}
    res = res.numpy()
    want = np.tile(arange(shape), multiples) if shape else arange(shape)
    assert want.shape == res.shape and (want == res).all(), (shape, multiples)
    return as_expect(res)


def case(name, shape, multiples, note=None):
    return new_case(name, note, shape=list(shape), multiples=list(multiples),
                    expect=run(shape, multiples))


def hand():
    C = case
    big = 2**62
    return [
        C("seed004-abcd-by-2", (4,), [2],
          note="seed 004: tiling [a b c d] by [2] produces [a b c d a b c d]"),
        C("rows", (2, 3), [1, 2]),
        C("columns", (2, 3), [2, 1]),
        C("both", (2, 3), [2, 3]),
        C("identity", (2, 3), [1, 1]),
        C("zero-multiple", (2, 3), [0, 2]),
        C("all-zero", (2, 3), [0, 0]),
        C("zero-size-input", (0, 3), [4, 2]),
        C("zero-size-input-inner", (2, 0), [3, 5]),
        C("scalar", (), [], note="a rank-0 input takes no multiples and comes back unchanged"),
        C("scalar-one-multiple", (), [2]),
        C("vector-no-multiples", (3,), []),
        C("too-many-multiples", (3,), [2, 2]),
        C("too-few-multiples", (2, 3), [2]),
        C("length-beats-overflow", (2, 3), [big, big, big], note="the length is checked first"),
        C("many-of-one-row", (1, 5), [1, 200], note="a short block repeated many times"),
        C("many-of-one-element", (1,), [300]),
        C("inner-ones", (2, 1, 3), [3, 1, 1]),
        C("middle", (2, 2, 2), [1, 3, 1]),
        C("rank5", (1, 2, 1, 2, 1), [2, 1, 3, 1, 2]),
        C("rank8", (1, 2, 1, 1, 2, 1, 1, 2), [2, 1, 2, 1, 1, 2, 1, 1]),
        C("rank9", (1,) * 8 + (2,), [1, 2] * 4 + [2], note="TF's Tile handles rank 9 too"),
        C("axis-overflow", (2,), [big], note="2 * 2**62 overflows int64: TF's message says so"),
        C("axis-overflow-on-empty", (0, 3), [big, big],
          note="an axis of 3 * 2**62 overflows even though the result is empty"),
        C("elements-overflow", (1, 1), [big, 4]),
        C("elements-overflow-2", (1, 1), [2**40, 2**30]),
        C("empty-with-huge-axis", (0, 1), [big, big],
          note="an empty result with an axis of 2**62: fine in TF and in ndarray"),
    ]


def random_case(rng, i):
    rank = rng.randint(0, 5)
    shape = [0 if rng.random() < 0.08 else rng.randint(1, 4) for _ in range(rank)]
    multiples = [0 if rng.random() < 0.08 else rng.randint(1, 3) for _ in range(rank)]
    # Keep results small: trim multiples down to 1 until at most 3000 elements remain.
    while math.prod(d * m for d, m in zip(shape, multiples)) > 3000:
        j = max(range(rank), key=lambda k: multiples[k])
        multiples[j] = 1 if multiples[j] > 1 else multiples[j]
        if all(m <= 1 for m in multiples):
            break
    if rng.random() < 0.15:
        if multiples and rng.random() < 0.5:
            multiples.pop(rng.randrange(len(multiples)))
        else:
            multiples.insert(rng.randint(0, len(multiples)), rng.randint(0, 3))
    return case(f"random-{i:03d}", shape, multiples)


def build():
    rng = random.Random(SEED)
    return hand() + [random_case(rng, i) for i in range(150)]


def check(cases):
    rand = random_ones(cases)
    assert len(rand) >= 100, len(rand)
    kinds = {outcome(c) for c in cases}
    assert {"ok", "TileMultiplesLength", "TooLarge"} <= kinds, kinds
    empty = [c for c in rand if "shape" in c["expect"] and 0 in c["expect"]["shape"]]
    assert len(empty) >= 10, ("zero-size results", len(empty))
    bad = [c for c in rand if "error" in c["expect"]]
    assert len(bad) >= 10, ("random errors", len(bad))
    assert set(range(6)) <= {len(c["shape"]) for c in rand}
