"""concat.json: tf.concat (ConcatV2) and tf.stack (Pack), through the Python API, eager, CPU.

Case fields: name, note?, op ("concat" | "stack"), shapes (one shape per input, in order), axis;
expect = {shape, values} or {"error": {kind, message | tf_message}}.

Inputs: input k is arange(prod(shapes[k])).reshape(shapes[k]) + offset_k (int64), where offset_k
is the number of elements of the inputs before it (sum of prod(shapes[j]) for j < k). So every
value names one input element, and concatenating all inputs flattened gives arange(total).

The Python API is what runs, not the raw ops: tf.concat returns a single input unchanged without
looking at the axis, and tf.stack checks the axis (a ValueError) before the Pack kernel runs.
Both axis messages differ from this crate's AxisOutOfRange text, so they are recorded as
tf_message (variant compared only); the other kinds are this crate's message prefixes. So is
tf.concat([]), which fails to find a kernel (NoInputs here); its message is cut before the
KernelDef it quotes, whose debug text varies between runs.

Left out, and tested in tests/join/concat.rs instead:
- tf.stack([]): TF returns an empty float32 tensor of shape (0,); this crate's result has rank
  (input rank + 1), which no input gives, so it is NoInputs.
- Axes past int32: the ConcatV2 kernel truncates an int64 axis to int32 (tf.concat([a, b], 2**32
  + 1) joins along axis 1); this crate takes the axis as isize and reports AxisOutOfRange.
- Results whose size overflows (TooLarge): NumPy cannot build their inputs' arange.
"""

import math
import random
import re

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, new_case, outcome, random_ones

FILE = "concat.json"
SEED = 6_002

CONCAT_ERRORS = [
    ("ConcatScalars", r"ConcatOp : Can't concatenate scalars \(use tf\.stack instead\)"),
    ("ConcatRankMismatch", r"ConcatOp : Ranks of all input tensors should match: "
                           r"shape\[0\] = \[[\d,]*\] vs\. shape\[\d+\] = \[[\d,]*\]"),
    ("ConcatShapeMismatch", r"ConcatOp : Dimension \d+ in both shapes must be equal: "
                            r"shape\[0\] = \[[\d,]*\] vs\. shape\[\d+\] = \[[\d,]*\]"),
    ("AxisOutOfRange", r"ConcatOp : Expected concatenating dimensions in the range "
                       r"\[-?\d+, \d+\), but got -?\d+"),
    ("NoInputs", r"OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '\[N=0, [^']*\]'"),
]
STACK_ERRORS = [
    ("StackShapeMismatch", r"Shapes of all inputs must match: values\[0\]\.shape = \[[\d,]*\] "
                           r"!= values\[\d+\]\.shape = \[[\d,]*\]"),
    ("AxisOutOfRange", r"Argument `axis` = -?\d+ not in range \[-?\d+, \d+\)"),
]
# Kinds whose TF text is not a prefix of this crate's message.
TF_MESSAGE_ONLY = {"AxisOutOfRange", "NoInputs"}


def inputs(shapes):
    """The case format's inputs: shifted aranges, so values tell inputs apart."""
    out, offset = [], 0
    for shape in shapes:
        out.append(arange(shape) + offset)
        offset += math.prod(shape)
    return out


def error_expect(exc, table):
    msg = clean_message(exc).split("\n")[0].rstrip()
    # The kernel lookup failure of an empty list quotes a KernelDef whose debug text varies between
    # runs; its head says enough.
    msg = re.sub(r", KernelDef: .*$", "", msg)
    kind = classify(msg, table)
    key = "tf_message" if kind in TF_MESSAGE_ONLY else "message"
    return {"error": {"kind": kind, key: msg}}


def run(op, shapes, axis):
    xs = [tf.constant(x) for x in inputs(shapes)]
    try:
        if op == "concat":
            res = tf.concat(xs, axis)
        else:
            res = tf.stack(xs, axis)
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        return error_expect(e, CONCAT_ERRORS if op == "concat" else STACK_ERRORS)
    res = res.numpy()
    model(op, shapes, axis, res)
    return as_expect(res)


def model(op, shapes, axis, res):
    """NumPy's answer must be TF's wherever TF succeeds (a single concat input is returned as is)."""
    xs = inputs(shapes)
    if op == "concat":
        want = xs[0] if len(xs) == 1 else np.concatenate(xs, axis)
    else:
        want = np.stack(xs, axis)
    assert want.shape == res.shape and (want == res).all(), (op, shapes, axis)


def case(name, op, shapes, axis, note=None):
    return new_case(name, note, op=op, shapes=[list(s) for s in shapes], axis=axis,
                    expect=run(op, shapes, axis))


def hand_concat():
    C = lambda name, shapes, axis, note=None: case(f"concat-{name}", "concat", shapes, axis, note)  # noqa: E731
    return [
        C("seed004-t1-t2-axis0", [(2, 3), (2, 3)], 0,
          note="seed 004: tf.concat(0, [t1, t2]) (old argument order), t1 and t2 of shape [2, 3]"),
        C("seed004-t1-t2-axis1", [(2, 3), (2, 3)], 1, note="seed 004: tf.concat(1, [t1, t2])"),
        C("seed004-expand-dims-is-stack", [(2, 1, 3), (2, 1, 3), (2, 1, 3)], 1,
          note="seed 004: tf.concat(axis, [tf.expand_dims(t, axis) for t in tensors])"),
        C("negative-axis", [(2, 3), (2, 4)], -1),
        C("most-negative-axis", [(2, 3), (5, 3)], -2),
        C("axis-past-rank", [(2, 3), (2, 3)], 2),
        C("axis-before-negative-rank", [(2, 3), (2, 3)], -3),
        C("one-input-bad-axis-is-identity", [(2, 3)], 5,
          note="tf.concat returns a single input unchanged, axis unchecked"),
        C("one-input-negative-bad-axis", [(2, 3)], -9),
        C("one-scalar-is-identity", [()], 3, note="even a scalar, with any axis"),
        C("one-scalar-axis0", [()], 0),
        C("no-inputs", [], 0, note="TF fails to pick a kernel; this crate says NoInputs"),
        C("two-scalars-axis0", [(), ()], 0,
          note="axis 0 passes TF's range check for a scalar first input (legacy scalars)"),
        C("two-scalars-axis1", [(), ()], 1, note="TF's range for rank 0 prints as [0, 0)"),
        C("two-scalars-axis-neg1", [(), ()], -1),
        C("scalar-first-then-vector", [(), (3,)], 0),
        C("scalar-first-bad-axis", [(), (3,)], 2),
        C("vector-then-scalar", [(3,), ()], 0,
          note="a scalar input is ConcatScalars, not a rank mismatch"),
        C("vector-then-scalar-bad-axis", [(3,), ()], 1, note="the axis is checked first"),
        C("shape-mismatch-before-later-scalar", [(2, 3), (2, 4), ()], 0,
          note="inputs are checked in order: input 1's shape before input 2's rank"),
        C("scalar-after-matching", [(2, 3), (2, 4), ()], 1),
        C("rank-mismatch-before-scalar", [(2, 3), (3,), ()], 0),
        C("rank-mismatch-higher", [(2, 3), (2, 3, 4), (2, 4)], 0),
        C("rank-mismatch-after-shape-ok", [(2, 3), (2, 4), (2, 3, 4)], -1),
        C("shape-mismatch-first-axis-reported", [(2, 3, 5), (3, 4, 6)], 2,
          note="the lowest differing axis is named"),
        C("shape-mismatch-later-input", [(2, 3), (2, 4), (4, 3)], 1),
        C("zero-size-inputs", [(2, 0), (2, 3), (2, 0)], 1),
        C("all-zero-size", [(0, 3), (0, 3)], 0),
        C("zero-size-other-axis", [(0, 3), (0, 4)], 1),
        C("zero-size-mismatch", [(0, 3), (1, 4)], 1),
        C("rank5-middle", [(1, 2, 1, 2, 1), (1, 2, 3, 2, 1), (1, 2, 0, 2, 1)], 2),
        C("five-inputs-last-axis", [(2, 1), (2, 2), (2, 3), (2, 0), (2, 1)], -1),
        C("rank8", [(1, 2, 1, 1, 2, 1, 1, 2), (1, 2, 1, 1, 2, 1, 1, 1)], 7),
    ]


def hand_stack():
    S = lambda name, shapes, axis, note=None: case(f"stack-{name}", "stack", shapes, axis, note)  # noqa: E731
    return [
        S("seed004-pack-xyz-axis0", [(2,), (2,), (2,)], 0,
          note="seed 004: pack([x, y, z]) (today's tf.stack), x, y, z of shape [2]"),
        S("seed004-pack-xyz-axis1", [(2,), (2,), (2,)], 1, note="seed 004: pack([x, y, z], axis=1)"),
        S("axis-rank-is-last", [(2, 3), (2, 3)], 2),
        S("axis-past", [(2, 3), (2, 3)], 3),
        S("axis-most-negative", [(2, 3), (2, 3)], -3),
        S("axis-before-most-negative", [(2, 3), (2, 3)], -4),
        S("scalars", [(), (), ()], 0),
        S("scalars-neg1", [(), ()], -1),
        S("scalars-axis1", [(), ()], 1),
        S("one-input", [(2, 3)], 1),
        S("one-input-bad-axis", [(2, 3)], 5, note="unlike concat, one input still checks the axis"),
        S("one-scalar", [()], 0),
        S("mismatch", [(2, 3), (3, 2)], 0),
        S("mismatch-other-axis", [(2, 3), (3, 2)], 1),
        S("mismatch-rank", [(2, 3), (3,)], 0),
        S("mismatch-bad-axis", [(2, 3), (3,)], 9, note="the axis is checked first"),
        S("mismatch-third", [(2, 3), (2, 3), (2, 4)], -1),
        S("zero-size", [(0, 3), (0, 3)], 0),
        S("zero-size-middle", [(2, 0, 3), (2, 0, 3)], 2),
        S("five-last-axis", [(2, 2)] * 5, -1),
        S("rank7", [(1, 2, 1, 2, 1, 2, 1)] * 2, 4),
    ]


def random_shape(rng, rank):
    return tuple(0 if rng.random() < 0.08 else rng.randint(1, 4) for _ in range(rank))


def random_axis(rng, rank):
    """Mostly in [-rank, rank), else just outside it (or far outside)."""
    if rank and rng.random() < 0.8:
        return rng.randint(-rank, rank - 1)
    return rng.choice([rank, rank + 1, -rank - 1, -rank - 2, 0, 7, -9])


def random_concat(rng, i):
    rank = rng.randint(0, 5)
    n = rng.randint(1, 5)
    base = random_shape(rng, rank)
    axis = random_axis(rng, rank)
    ax = axis + rank if axis < 0 else axis
    shapes = []
    for _ in range(n):
        s = list(base)
        if 0 <= ax < rank:
            s[ax] = rng.choice([0, 1, 2, 3])
        shapes.append(tuple(s))
    bad = rng.random()
    if n > 1 and bad < 0.4:
        k = rng.randint(1, n - 1)
        s = list(shapes[k])
        roll = rng.random()
        others = [j for j in range(rank) if j != ax]
        if roll < 0.5 and others:
            j = rng.choice(others)
            s[j] += rng.choice([-1, 1]) if s[j] else 1
        elif roll < 0.7:
            s = s + [rng.randint(1, 3)] if rng.random() < 0.5 or not s else s[:-1]
        else:
            s = []
        shapes[k] = tuple(s)
    return case(f"random-concat-{i:03d}", "concat", shapes, axis)


def random_stack(rng, i):
    rank = rng.randint(0, 5)
    n = rng.randint(1, 5)
    base = random_shape(rng, rank)
    axis = random_axis(rng, rank + 1)
    shapes = [base] * n
    if n > 1 and rng.random() < 0.25:
        k = rng.randint(1, n - 1)
        s = list(base)
        if s and rng.random() < 0.6:
            j = rng.randrange(len(s))
            s[j] += 1
        else:
            s = s + [1] if rng.random() < 0.5 or not s else s[:-1]
        shapes[k] = tuple(s)
    return case(f"random-stack-{i:03d}", "stack", shapes, axis)


def build():
    rng_concat = random.Random(SEED)
    rng_stack = random.Random(SEED + 1)
    return (hand_concat() + [random_concat(rng_concat, i) for i in range(200)]
            + hand_stack() + [random_stack(rng_stack, i) for i in range(150)])


def check(cases):
    for op, kinds, least in [
        ("concat", {"ok", "ConcatScalars", "ConcatRankMismatch", "ConcatShapeMismatch",
                    "AxisOutOfRange", "NoInputs"}, 150),
        ("stack", {"ok", "StackShapeMismatch", "AxisOutOfRange"}, 120),
    ]:
        mine = [c for c in cases if c["op"] == op]
        assert len(mine) >= least, (op, len(mine))
        rand = random_ones(mine)
        assert len(rand) >= 100, (op, len(rand))
        seen = {outcome(c) for c in mine}
        assert kinds <= seen, (op, kinds - seen)
        empty = [c for c in mine if "shape" in c["expect"] and 0 in c["expect"]["shape"]]
        assert len(empty) >= 10, (op, "zero-size results", len(empty))
        errors = [c for c in rand if "error" in c["expect"]]
        assert len(errors) >= len(rand) // 5, (op, "random errors", len(errors))
        ranks = {len(s) for c in rand for s in c["shapes"]}
        assert set(range(6)) <= ranks, (op, ranks)
