"""reverse.json: tf.reverse (raw ReverseV2 with an int32 axis list), eager and in a tf.function.

Case fields: name, note?, shape, axis (list), expect = {shape, values} or
{"error": {kind, message | tf_message}}. ReverseDuplicateAxis: TF's "axis 1 specified more than
once." is this crate's prefix. AxisOutOfRange: TF's "'axis'[0] = 3 is out of valid range [0, 2"
differs from this crate's text, so it is recorded as tf_message (variant compared only).

Every case runs twice: eagerly, and in a tf.function with the axis list a graph constant (where
TF's shape function checks it while the graph is built). They agree except on one point: the
eager kernel returns a scalar input, or an input with no elements, unchanged without looking at
the axis list, while the graph rejects an invalid list whatever the data. This crate follows the
graph (an invalid axis is an error whatever the data); those cases record the graph's error and
say so in their note. The script asserts that this is the only disagreement.

Left out: rank > 8 (TF's kernel: "reverse is not implemented for tensors of rank > 8"; this crate
has no such limit).
"""

import random
import re

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, new_case, outcome_counts

FILE = "reverse.json"
SEED = 6_005

ERRORS = [
    ("AxisOutOfRange", r"'axis'\[\d+\] = -?\d+ is out of valid range \[0, -?\d+"),
    ("ReverseDuplicateAxis", r"axis \d+ specified more than once\."),
]
TF_MESSAGE_ONLY = {"AxisOutOfRange"}
# The graph's ValueError wraps the shape function's message in traceback text.
GRAPH_MSG = re.compile(r"('axis'\[\d+\] = -?\d+ is out of valid range \[0, -?\d+|"
                       r"axis \d+ specified more than once\.)")


def error_expect(msg):
    kind = classify(msg, ERRORS)
    key = "tf_message" if kind in TF_MESSAGE_ONLY else "message"
    return {"error": {"kind": kind, key: msg}}


def run_eager(shape, axis):
    try:
        y = tf.raw_ops.ReverseV2(tensor=tf.constant(arange(shape)),
                                 axis=tf.constant(axis, dtype=tf.int32, shape=[len(axis)]))
    except tf.errors.InvalidArgumentError as e:
        return error_expect(clean_message(e))
    return as_expect(y.numpy())


def run_graph(shape, axis):
    x = arange(shape)

    @tf.function
    def f():
        return tf.raw_ops.ReverseV2(tensor=tf.constant(x),
                                    axis=tf.constant(axis, dtype=tf.int32, shape=[len(axis)]))

    try:
        y = f()
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        found = GRAPH_MSG.search(str(e))
        assert found, str(e)
        return error_expect(found.group(1))
    return as_expect(y.numpy())


def numpy_model(shape, axis):
    rank = len(shape)
    seen = set()
    for a in axis:
        c = a + rank if a < 0 else a
        if not 0 <= c < rank or c in seen:
            return None
        seen.add(c)
    return as_expect(np.flip(arange(shape), axis=tuple(seen)) if seen else arange(shape))


def case(name, shape, axis, note=None):
    eager, graph = run_eager(shape, axis), run_graph(shape, axis)
    if eager != graph:
        empty = len(shape) == 0 or 0 in shape
        assert empty and "error" not in eager and "error" in graph, (shape, axis, eager, graph)
        why = ("eager TF returns a scalar or empty input unchanged without checking the axes; "
               "a tf.function raises, and so does this crate")
        note = f"{note}; {why}" if note else why
    expect = graph
    assert (numpy_model(shape, axis) or expect) == expect, (shape, axis)
    return new_case(name, note, shape=list(shape), axis=list(axis), expect=expect)


def hand():
    C = case
    t = (1, 2, 3, 4)
    return [
        C("seed004-dims-fff-t", t, [3], note="seed 004: dims [False, False, False, True]"),
        C("seed004-dims-ftff", t, [1], note="seed 004: dims [False, True, False, False]"),
        C("seed004-dims-fftf", t, [2], note="seed 004: dims [False, False, True, False]"),
        C("empty-list-identity", (2, 3, 4), []),
        C("all-axes", (2, 3, 4), [2, 1, 0]),
        C("negative-axis", (2, 3, 4), [-1]),
        C("negative-alias-repeat", (2, 3, 4), [1, -2], note="-2 is axis 1 on rank 3"),
        C("same-negative-twice", (2, 3, 4), [-1, -1]),
        C("repeat", (2, 3, 4), [0, 0]),
        C("repeat-before-out-of-range", (2, 3, 4), [0, 0, 5], note="entries checked in order"),
        C("out-of-range-before-repeat", (2, 3, 4), [0, 5, 0]),
        C("out-of-range", (2, 3, 4), [3]),
        C("out-of-range-negative", (2, 3, 4), [-4]),
        C("rank1", (5,), [0]),
        C("rank1-negative", (5,), [-1]),
        C("scalar-empty-list", (), []),
        C("scalar-axis-0", (), [0]),
        C("scalar-axis-minus-1", (), [-1]),
        C("zero-size", (2, 0, 3), [0, 2]),
        C("zero-size-out-of-range", (2, 0, 3), [5]),
        C("zero-size-repeat", (2, 0, 3), [0, 0]),
        C("one-element-out-of-range", (1, 1), [3], note="one element: eager TF checks"),
        C("rank8", (2, 1, 2, 1, 2, 1, 2, 1), [0, -2, 4]),
    ]


def rand_shape(rng):
    rank = rng.choices(range(6), weights=[1, 2, 4, 4, 3, 2])[0]
    while True:
        shape = [rng.choice([0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 1]) for _ in range(rank)]
        if np.prod(shape, dtype=np.int64) <= 1500:
            return shape


def alias(rng, a, rank):
    return a - rank if rng.random() < 0.4 else a


def rand_axis(rng, rank):
    r = rng.random()
    chosen = rng.sample(range(rank), rng.randint(0, rank)) if rank else []
    axis = [alias(rng, a, rank) for a in chosen]
    if r < 0.6 or (rank == 0 and r < 0.75):
        return axis
    if r < 0.8 and rank:  # a repeat, often through the other sign
        a = rng.randrange(rank)
        axis.insert(rng.randint(0, len(axis)), alias(rng, a, rank))
        axis.insert(rng.randint(0, len(axis)), alias(rng, a, rank))
        return axis
    bad = rng.choice([rank, rank + 1, -rank - 1, -rank - 2, 9])
    axis.insert(rng.randint(0, len(axis)), bad)
    return axis


def build():
    rng = random.Random(SEED)
    cases = hand()
    for i in range(130):
        shape = rand_shape(rng)
        cases.append(case(f"random-{i:03d}", shape, rand_axis(rng, len(shape))))
    return cases


def check(cases):
    assert len(cases) >= 100, len(cases)
    kinds = outcome_counts(cases)
    assert kinds.get("ok", 0) >= 60, kinds
    for k, _ in ERRORS:
        assert kinds.get(k, 0) >= 15, kinds
    assert sum(c["axis"] == [] for c in cases) >= 5
    assert sum(any(a < 0 for a in c["axis"]) and "error" not in c["expect"] for c in cases) >= 15
    assert sum("error" not in c["expect"] and 0 in c["expect"]["shape"] for c in cases) >= 5
    assert sum("eager TF" in c.get("note", "") for c in cases) >= 3
    assert set(range(6)) <= {len(c["shape"]) for c in cases}
