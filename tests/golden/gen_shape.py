"""shape.json: the shape ops of issue 17, eager on CPU unless said, one `op` field per case.

Every input is arange(prod(shape)).reshape(shape) (int64) unless said. Fields per op:

- reshape: shape, sizes (an int64 tensor to raw Reshape). All five Reshape errors keep TF's
  words. Left out: sizes with a 0 and then values multiplying past int64 (TF accepts
  [0, 2**62, 2**62] for an empty input, which NumPy and ndarray cannot hold: TooLarge here, in
  tests/shape/ops.rs; with a -1 after them TF's kernel divides by zero and kills the process).
- expand_dims: shape, axis (tf.expand_dims).
- squeeze: shape, axis (a list; [] squeezes every axis of length 1).
- repeat: shape, repeats (a list), axis (null for None). Run in a tf.function with the input's
  shape and the repeats' length known and their values unknown (graph mode: eager mode raises a
  static-shape error for an empty first axis). Errors recorded as tf_message (only the variant is
  compared): AxisOutOfRange ("axis=2 out of bounds: expected -2<=axis<2"), RepeatsLength
  ("Dimensions 6 and 2 are not compatible", TF's static check), RepeatNegative (TF's Tile, or its
  reshape when the counts sum wrong). Left out, counted in check(): negative counts that TF
  answers with a result (on axis 0 it drops the element); this crate rejects every negative count.
- frame: shape, frame_length, frame_step, pad_end, pad_value, axis (tf.signal.frame). Errors:
  ScalarInput ("Shape () must have rank at least 1") and AxisOutOfRange (Python's IndexError)
  as tf_message; FrameStepZero ("Integer division by zero") with TF's words.
- roll: shape, shift, axis (int64 vectors to tf.roll). Shifts stay below 2**31 in size (TF
  truncates them to 32 bits; this crate does not: tests/shape/ops.rs).
- meshgrid: lengths, indexing ("xy" | "ij"); input i is 1000 * i + arange(lengths[i]);
  expect = {"outputs": [...]}.
- sequence_mask: lengths = {shape, values}, maxlen (null for None); expect values are 0/1.
  maxlen 0 gives an empty last axis. A negative maxlen is TF's error (its Range op: "Requires
  start <= limit when delta > 0: 0/-1"), recorded as kind "NegativeMaxlen" with tf_message:
  not a variant of this crate, whose maxlen is a usize; the replay checks TF refuses it.
"""

import math
import random

import numpy as np
import tensorflow as tf

from tfcommon import (arange, array_field, as_expect, classify, clean_message, new_case,
                      rand_shape, random_ones)

FILE = "shape.json"
SEED = 17_017
OPS = ["reshape", "expand_dims", "squeeze", "repeat", "frame", "roll", "meshgrid",
       "sequence_mask"]

ERRORS = [
    ("ReshapeMultipleInferred", r"Only one input size may be -1, not both \d+ and \d+"),
    ("ReshapeNegativeSize", r"Size \d+ must be non-negative, not -\d+"),
    ("ReshapeTooManyElements", r"Shape \[[-\d, ]*\] has too many elements"),
    ("ReshapeNotMultiple", r"Input to reshape is a tensor with \d+ values, but the requested "
                           r"shape requires a multiple of \d+"),
    ("ReshapeCountMismatch", r"Input to reshape is a tensor with \d+ values, but the requested "
                             r"shape has \d+"),
    ("ExpandDimsAxis", r"Tried to expand dim index -?\d+ for tensor with \d+ dimensions\."),
    ("SqueezeAxis", r"Tried to squeeze dim index -?\d+ for tensor with \d+ dimensions\."),
    ("SqueezeNotOne", r"Can not squeeze dim\[\d+\], expected a dimension of 1, got \d+"),
    ("ScalarInput", r"input must be 1-D or higher"),
    ("RollLength", r"shift and axis must have the same size"),
    ("RollAxis", r"axis -?\d+ is out of range"),
    ("FrameStepZero", r"Integer division by zero"),
]


def error(kind, msg, tf_words=True):
    return {"error": {"kind": kind, ("message" if tf_words else "tf_message"): msg}}


def op_error(e):
    msg = clean_message(e)
    return error(classify(msg, ERRORS), msg)


def x_of(shape):
    return tf.constant(arange(shape))


# ---- runners ----------------------------------------------------------------------------------

def run_reshape(shape, sizes):
    try:
        out = tf.raw_ops.Reshape(tensor=x_of(shape),
                                 shape=tf.constant(sizes, dtype=tf.int64, shape=[len(sizes)]))
    except tf.errors.InvalidArgumentError as e:
        return op_error(e)
    want = arange(shape).reshape(out.shape)
    assert (want == out.numpy()).all()
    return as_expect(out.numpy())


def run_expand_dims(shape, axis):
    try:
        return as_expect(tf.expand_dims(x_of(shape), axis).numpy())
    except tf.errors.InvalidArgumentError as e:
        return op_error(e)


def run_squeeze(shape, axis):
    try:
        return as_expect(tf.squeeze(x_of(shape), axis).numpy())
    except tf.errors.InvalidArgumentError as e:
        return op_error(e)


SKIPPED_REPEAT = []


def run_repeat(shape, repeats, axis):
    x = arange(shape)
    reps = np.asarray(repeats, dtype=np.int64)
    f = tf.function(lambda a, r: tf.repeat(a, r, axis=axis),
                    input_signature=[tf.TensorSpec(x.shape, tf.int64),
                                     tf.TensorSpec(reps.shape, tf.int64)])
    try:
        out = f(tf.constant(x), tf.constant(reps)).numpy()
    except ValueError as e:
        msg = str(e).strip().splitlines()[-1].strip()
        if "out of bounds" in msg:
            return error("AxisOutOfRange", msg, False)
        assert "are not compatible" in msg, msg
        return error("RepeatsLength", msg, False)
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e).splitlines()[0]
        assert min(repeats) < 0, (shape, repeats, axis, msg)
        return error("RepeatNegative", msg, False)
    if min(repeats, default=0) < 0:
        return None  # TF dropped the element (axis 0): left out, see the module doc
    flat = x.reshape(-1) if axis is None else x
    want = np.repeat(flat if flat.ndim else flat.reshape(1), repeats, axis=axis or 0)
    assert want.shape == out.shape and (want == out).all(), (shape, repeats, axis)
    return as_expect(out)


def run_frame(shape, frame_length, frame_step, pad_end, pad_value, axis):
    try:
        out = tf.signal.frame(x_of(shape), frame_length, frame_step, pad_end=pad_end,
                              pad_value=pad_value, axis=axis)
    except tf.errors.InvalidArgumentError as e:
        return op_error(e)
    except ValueError as e:
        assert "must have rank at least 1" in str(e), str(e)
        return error("ScalarInput", str(e), False)
    except IndexError as e:
        return error("AxisOutOfRange", str(e), False)
    return as_expect(out.numpy())


def run_roll(shape, shift, axis):
    try:
        out = tf.roll(x_of(shape), tf.constant(shift, dtype=tf.int64, shape=[len(shift)]),
                      tf.constant(axis, dtype=tf.int64, shape=[len(axis)]))
    except tf.errors.InvalidArgumentError as e:
        return op_error(e)
    return as_expect(out.numpy())


def run_meshgrid(lengths, indexing):
    inputs = [1000 * i + np.arange(n, dtype=np.int64) for i, n in enumerate(lengths)]
    outs = tf.meshgrid(*[tf.constant(v) for v in inputs], indexing=indexing)
    want = np.meshgrid(*inputs, indexing=indexing)
    for o, w in zip(outs, want):
        assert o.shape == w.shape and (o.numpy() == w).all()
    return {"outputs": [as_expect(o.numpy()) for o in outs]}


def run_sequence_mask(lengths, maxlen):
    try:
        out = tf.sequence_mask(tf.constant(lengths, dtype=tf.int64), maxlen).numpy()
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e)
        assert maxlen is not None and maxlen < 0, msg
        return error("NegativeMaxlen", msg, tf_words=False)
    return as_expect(out.astype(np.int64))


# ---- cases ------------------------------------------------------------------------------------

def reshape_case(name, shape, sizes, note=None):
    return new_case(name, note, op="reshape", shape=list(shape), sizes=list(sizes),
                    expect=run_reshape(shape, sizes))


def expand_case(name, shape, axis, note=None):
    return new_case(name, note, op="expand_dims", shape=list(shape), axis=axis,
                    expect=run_expand_dims(shape, axis))


def squeeze_case(name, shape, axis, note=None):
    return new_case(name, note, op="squeeze", shape=list(shape), axis=list(axis),
                    expect=run_squeeze(shape, axis))


def repeat_case(name, shape, repeats, axis, note=None):
    exp = run_repeat(shape, repeats, axis)
    if exp is None:
        SKIPPED_REPEAT.append(name)
        return None
    return new_case(name, note, op="repeat", shape=list(shape), repeats=list(repeats), axis=axis,
                    expect=exp)


def frame_case(name, shape, fl, fs, pad_end, axis, pad_value=-7, note=None):
    return new_case(name, note, op="frame", shape=list(shape), frame_length=fl, frame_step=fs,
                    pad_end=pad_end, pad_value=pad_value, axis=axis,
                    expect=run_frame(shape, fl, fs, pad_end, pad_value, axis))


def roll_case(name, shape, shift, axis, note=None):
    return new_case(name, note, op="roll", shape=list(shape), shift=list(shift), axis=list(axis),
                    expect=run_roll(shape, shift, axis))


def meshgrid_case(name, lengths, indexing, note=None):
    return new_case(name, note, op="meshgrid", lengths=list(lengths), indexing=indexing,
                    expect=run_meshgrid(lengths, indexing))


def mask_case(name, lengths, maxlen, note=None):
    return new_case(name, note, op="sequence_mask", lengths=array_field(np.asarray(lengths,
                    dtype=np.int64)), maxlen=maxlen, expect=run_sequence_mask(lengths, maxlen))


def hand():
    big = 2**62
    cases = [
        reshape_case("reshape-doc-6", (2, 3), [6], "tf.reshape(t1, [6])"),
        reshape_case("reshape-doc-2-minus1", (3, 2, 3), [2, -1]),
        reshape_case("reshape-doc-2-minus1-3", (3, 2, 3), [2, -1, 3]),
        reshape_case("reshape-scalar-to-empty-shape", (1,), [], "tf.reshape([7], [])"),
        reshape_case("reshape-two-inferred", (2, 3), [-1, -1]),
        reshape_case("reshape-not-multiple", (2, 3), [4, -1]),
        reshape_case("reshape-negative", (2, 3), [-2, 3]),
        reshape_case("reshape-negative-after-inferred", (2, 3), [-1, -3]),
        reshape_case("reshape-count", (2, 3), [7]),
        reshape_case("reshape-zero-with-inferred", (2, 3), [0, -1]),
        reshape_case("reshape-empty-infer-past-zero", (0, 3), [-1, 0],
                     "the input's zero axis is left out: (3, 0)"),
        reshape_case("reshape-empty-infer", (0, 3), [5, -1]),
        reshape_case("reshape-empty-not-dividing", (0, 5), [-1, 0, 2],
                     "no divisibility check when both have a zero: (2, 0, 2)"),
        reshape_case("reshape-too-many", (2, 3), [2**40, 2**40, 2**40]),
        reshape_case("reshape-too-many-with-inferred", (2, 3), [-1, big, 4]),
        reshape_case("reshape-too-many-before-second-inferred", (2, 3), [-1, big, 4, -1]),
        reshape_case("reshape-too-many-then-zero", (0, 3), [big, big, 0]),
        reshape_case("reshape-scalar-ones", (), [1, 1]),
        reshape_case("reshape-scalar-inferred", (), [-1]),
        expand_case("expand-doc-0", (2, 3), 0),
        expand_case("expand-minus-1", (2, 3), -1),
        expand_case("expand-low", (2, 3), -4),
        expand_case("expand-high", (2, 3), 3),
        expand_case("expand-scalar", (), 0),
        expand_case("expand-scalar-minus-1", (), -1),
        expand_case("expand-scalar-bad", (), 1),
        squeeze_case("squeeze-all", (1, 2, 1, 3, 1, 1), []),
        squeeze_case("squeeze-doc-2-4", (1, 2, 1, 3, 1, 1), [2, 4]),
        squeeze_case("squeeze-duplicate", (1, 2, 1), [0, 0, -3]),
        squeeze_case("squeeze-not-one", (1, 2, 1), [1]),
        squeeze_case("squeeze-range-before-size", (1, 2, 1), [1, 3],
                     "every entry's range is checked before any size"),
        squeeze_case("squeeze-lowest-axis-first", (1, 2, 3), [2, 1]),
        squeeze_case("squeeze-scalar", (), []),
        squeeze_case("squeeze-scalar-axis", (), [0]),
        squeeze_case("squeeze-zero", (0, 1), [0]),
        roll_case("roll-doc-1d", (5,), [2], [0]),
        roll_case("roll-doc-2d", (2, 5), [1, -2], [0, 1]),
        roll_case("roll-doc-same-axis", (2, 5), [2, -3], [1, 1]),
        roll_case("roll-scalar", (), [], []),
        roll_case("roll-length", (2, 3), [1, 2], [0]),
        roll_case("roll-axis-high", (2, 3), [1], [2]),
        roll_case("roll-axis-low", (2, 3), [1], [-3], "TF prints the axis plus the rank: -1"),
        roll_case("roll-empty-axis", (0, 3), [1], [0]),
        roll_case("roll-big-shift", (10,), [2**30 + 3], [0]),
        frame_case("frame-doc-audio", (3, 91), 12, 4, False, -1),
        frame_case("frame-doc-audio-pad", (3, 91), 12, 4, True, -1),
        frame_case("frame-short", (10,), 11, 2, False, 0),
        frame_case("frame-short-pad", (10,), 11, 2, True, 0),
        frame_case("frame-zero-length", (10,), 0, 2, False, 0),
        frame_case("frame-zero-step", (10,), 3, 0, False, 0),
        frame_case("frame-scalar", (), 2, 1, False, 0),
        frame_case("frame-axis-high", (10,), 3, 2, False, 1),
        frame_case("frame-axis-low", (10,), 3, 2, False, -2),
        frame_case("frame-empty-pad", (0,), 2, 1, True, 0),
        frame_case("frame-middle-axis", (2, 3, 4), 2, 1, False, 1),
        frame_case("frame-middle-axis-pad", (2, 3, 4), 2, 3, True, -2),
        meshgrid_case("meshgrid-doc-xy", [3, 3], "xy"),
        meshgrid_case("meshgrid-ij", [3, 2], "ij"),
        meshgrid_case("meshgrid-one-input", [3], "xy"),
        meshgrid_case("meshgrid-three", [2, 1, 3], "xy"),
        mask_case("mask-doc-maxlen", [1, 3, 2], 5),
        mask_case("mask-doc-2d", [[1, 3], [2, 0]], None),
        mask_case("mask-negative", [-1, 2], None),
        mask_case("mask-all-negative", [-1, -2], None, "maxlen is max(0, max(lengths))"),
        mask_case("mask-empty", np.zeros([0], dtype=np.int64), None),
        mask_case("mask-scalar", 3, None),
        mask_case("mask-scalar-maxlen", 3, 4),
        mask_case("mask-maxlen-zero", [1, 3], 0, "an empty last axis"),
        mask_case("mask-maxlen-zero-2d", [[1, 3], [0, 2]], 0),
        mask_case("mask-maxlen-zero-empty", np.zeros([0], dtype=np.int64), 0),
        mask_case("mask-maxlen-shorter", [1, 3, 5], 2, "lengths past maxlen are cut"),
        mask_case("mask-maxlen-negative", [1, 3], -1, "TF's Range error"),
        mask_case("mask-maxlen-negative-3", [[1], [3]], -3),
        mask_case("mask-maxlen-negative-empty", np.zeros([0], dtype=np.int64), -1),
    ]
    cases += [
        repeat_case("repeat-doc-abc", (3,), [3, 0, 2], 0),
        repeat_case("repeat-doc-axis-0", (2, 2), [2, 3], 0),
        repeat_case("repeat-doc-axis-1", (2, 2), [2, 3], 1),
        repeat_case("repeat-doc-scalar", (), [4], None),
        repeat_case("repeat-doc-flatten", (2, 2), [2], None),
        repeat_case("repeat-length", (2, 3), [1, 2, 3], 0),
        repeat_case("repeat-length-flat", (2, 3), [1, 2], None),
        repeat_case("repeat-empty-repeats", (2, 3), [], 0),
        repeat_case("repeat-empty-repeats-empty-axis", (0, 3), [], 0),
        repeat_case("repeat-axis-high", (2, 3), [2], 2),
        repeat_case("repeat-axis-low", (2, 3), [2], -3),
        repeat_case("repeat-scalar-axis-0", (), [2], 0),
        repeat_case("repeat-scalar-axis-1", (), [2], 1),
        repeat_case("repeat-negative-single", (2, 3), [-1], 1),
        repeat_case("repeat-negative-axis-1", (2, 3), [1, -2, 3], 1),
        repeat_case("repeat-negative-axis-0", (2, 3), [-1, 2], 0,
                    "TF drops the element: left out (this crate rejects negative counts)"),
        repeat_case("repeat-empty-first-axis", (0, 3), [1, 2, 3], 1,
                    "eager mode raises a static-shape error here; graph mode returns (0, 6)"),
    ]
    return [c for c in cases if c is not None]


def rand_list(rng, n, lo, hi):
    return [rng.randint(lo, hi) for _ in range(n)]


def random_reshape(rng, i):
    shape = rand_shape(rng)
    n = math.prod(shape)
    # A random factorisation of n (or a few zeros when n == 0), then some damage.
    sizes = []
    rest = n
    for _ in range(rng.randint(0, 4)):
        divs = [d for d in range(1, 7) if rest % d == 0] if rest else [0, 1, 2, 3]
        d = rng.choice(divs)
        sizes.append(d)
        rest = rest // d if d else rest
    if rest != 1 or not sizes or rng.random() < 0.3:
        sizes.append(rest if n else rng.choice([0, 1, 2]))
    rng.shuffle(sizes)
    r = rng.random()
    if r < 0.35 and sizes:
        j = rng.randrange(len(sizes))
        sizes[j] = -1
        others = [k for k in range(len(sizes)) if k != j]
        if others and rng.random() < 0.4:
            sizes[rng.choice(others)] += rng.choice([1, 2, 3])  # the rest may no longer divide
    elif r < 0.45 and len(sizes) > 1:
        a, b = rng.sample(range(len(sizes)), 2)
        sizes[a] = sizes[b] = -1
    elif r < 0.55 and sizes:
        sizes[rng.randrange(len(sizes))] = rng.randint(-5, -2)
    elif r < 0.7 and sizes:
        j = rng.randrange(len(sizes))
        sizes[j] = sizes[j] + rng.choice([1, 2, 3]) if sizes[j] >= 0 else sizes[j]
    elif r < 0.78:
        sizes.insert(rng.randint(0, len(sizes)), rng.choice([0, -1]))
    return reshape_case(f"random-reshape-{i:03d}", shape, sizes)


def random_expand(rng, i):
    shape = rand_shape(rng)
    r = len(shape)
    axis = rng.randint(-r - 3, r + 2)
    return expand_case(f"random-expand_dims-{i:03d}", shape, axis)


def random_squeeze(rng, i):
    rank = rng.randint(0, 5)
    shape = [rng.choice([1, 1, 1, 2, 3, 0]) for _ in range(rank)]
    k = rng.choice([0, 0, 1, 1, 2, 3])
    axis = [rng.randint(-rank - 1, rank) for _ in range(k)]
    if rng.random() < 0.4 and rank:
        ones = [a for a, d in enumerate(shape) if d == 1]
        axis = [a - rank if rng.random() < 0.5 else a for a in rng.sample(ones, len(ones) // 2 + (1 if ones and rng.random() < 0.5 else 0))] if ones else axis
    return squeeze_case(f"random-squeeze-{i:03d}", shape, axis)


def random_repeat(rng, i):
    while True:
        shape = rand_shape(rng, limit=200)
        rank = len(shape)
        if rng.random() < 0.2:
            axis = None
        else:
            axis = rng.randint(-rank - 1, rank) if rng.random() < 0.15 else (
                rng.randint(-rank, rank - 1) if rank else rng.choice([0, -1]))
        dim = math.prod(shape) if axis is None else (
            shape[axis] if rank and -rank <= axis < rank else 1)
        r = rng.random()
        if r < 0.4:
            repeats = [rng.randint(0, 3)]
        elif r < 0.85:
            repeats = rand_list(rng, dim, 0, 3)
        elif r < 0.9:
            repeats = rand_list(rng, rng.choice([0, 2, 3, 5]), 0, 3)
        else:
            repeats = rand_list(rng, rng.choice([1, dim]), 0, 3)
            if repeats:
                repeats[rng.randrange(len(repeats))] = rng.randint(-3, -1)
        c = repeat_case(f"random-repeat-{i:03d}", shape, repeats, axis)
        if c is not None:
            return c


def random_frame(rng, i):
    shape = rand_shape(rng, max_rank=4, limit=200, dims=[0, 1, 2, 3, 4, 5, 7, 9, 12])
    rank = len(shape)
    axis = rng.randint(-rank - 1, rank) if rng.random() < 0.1 else (
        rng.randint(-rank, rank - 1) if rank else 0)
    fl = rng.choice([0, 1, 2, 3, 4, 5, 8, 13])
    fs = rng.choice([1, 1, 2, 3, 4, 5, 7]) if rng.random() > 0.04 else 0
    return frame_case(f"random-frame-{i:03d}", shape, fl, fs, rng.random() < 0.5, axis,
                      pad_value=rng.randint(-9, -1))


def random_roll(rng, i):
    shape = rand_shape(rng)
    rank = len(shape)
    k = rng.choice([0, 1, 1, 2, 2, 3, 4])
    axis = [rng.randint(-rank, rank - 1) if rank and rng.random() > 0.1
            else rng.randint(-rank - 2, rank + 1) for _ in range(k)]
    shift = [rng.randint(-12, 12) if rng.random() > 0.1 else rng.randint(-2**30, 2**30)
             for _ in range(k)]
    if rng.random() < 0.05:
        shift.append(1)
    return roll_case(f"random-roll-{i:03d}", shape, shift, axis)


def random_meshgrid(rng, i):
    lengths = [rng.choice([0, 1, 2, 3, 4]) for _ in range(rng.randint(1, 4))]
    return meshgrid_case(f"random-meshgrid-{i:03d}", lengths, rng.choice(["xy", "ij"]))


def random_mask(rng, i):
    shape = rand_shape(rng, max_rank=3, limit=40)
    lengths = np.asarray([rng.randint(-2, 7) for _ in range(math.prod(shape))],
                         dtype=np.int64).reshape(shape)
    maxlen = None if rng.random() < 0.4 else rng.randint(0, 8)
    return mask_case(f"random-sequence_mask-{i:03d}", lengths, maxlen)


RANDOM = {"reshape": random_reshape, "expand_dims": random_expand, "squeeze": random_squeeze,
          "repeat": random_repeat, "frame": random_frame, "roll": random_roll,
          "meshgrid": random_meshgrid, "sequence_mask": random_mask}


def build():
    cases = hand()
    for op in OPS:
        rng = random.Random(f"{SEED}-{op}")
        cases += [RANDOM[op](rng, i) for i in range(160)]
    return cases


def check(cases):
    for op in OPS:
        mine = [c for c in cases if c["op"] == op]
        rand = random_ones(mine, f"random-{op}-")
        assert len(rand) >= 150, (op, len(rand))
        assert {len(c["shape"]) for c in rand if "shape" in c} >= (set(range(5)) if op in (
            "frame",) else set(range(6)) if op not in ("meshgrid", "sequence_mask") else set()), op
        errors = [c for c in rand if "error" in c["expect"]]
        if op not in ("meshgrid", "sequence_mask", "expand_dims"):
            assert len(errors) >= 10, (op, len(errors))
        empty = [c for c in mine if "shape" in c["expect"] and 0 in c["expect"]["shape"]]
        assert op == "meshgrid" or len(empty) >= 5, (op, len(empty))
    want = {k for k, _ in ERRORS} | {"AxisOutOfRange", "RepeatsLength", "RepeatNegative",
                                     "NegativeMaxlen"}
    kinds = {c["expect"]["error"]["kind"] for c in cases if "error" in c["expect"]}
    assert kinds == want, (sorted(want - kinds), sorted(kinds - want))
    print(f"  repeat cases left out (negative counts TF answers): {len(SKIPPED_REPEAT)}")
