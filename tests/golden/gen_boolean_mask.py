"""boolean_mask.json: tf.boolean_mask(tensor, mask, axis) (the Python API, eager, CPU).

Case fields: name, note?, shape (tensor = arange(shape)), mask = {shape, values} (values in C
order), axis, expect = {shape, values} or {"error": {kind, message | tf_message}}, and for a
negative axis in [-rank, rank) also tf_negative_axis (below).

TF's ValueError "Shapes (2,) and (3,) are incompatible" is this crate's BooleanMaskShape prefix.
An axis outside [-rank, rank) is this crate's AxisOutOfRange; TF reports it as incompatible
shapes (its Python wrapper slices `shape[axis:axis + mask.ndim]`, which is empty there), so that
text is recorded as tf_message.

Negative axes: TF 2.21's wrapper uses Python slicing on the static shape, so a negative axis
only works for a 1-D mask that stops short of the last axis (axis=-1 with a 1-D mask raises
"Shapes () and (3,) are incompatible"; with a mask of rank >= 2 the later gather uses the
negative axis on the reshaped tensor, i.e. the wrong axis). This crate resolves a negative axis
to axis + rank as everywhere else, so `expect` comes from TF called with axis + rank, and
tf_negative_axis records what TF does with the negative axis itself: "same" where it agrees
(asserted for every 1-D mask that stops short of the last axis), else its outcome.
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import (arange, array_field, as_expect, assert_at_least, classify, clean_message,
                      new_case, outcome_counts, rand_shape, random_ones)

FILE = "boolean_mask.json"
SEED = 7_101

ERRORS = [
    ("BooleanMaskScalar", r"mask cannot be scalar\."),
    ("BooleanMaskShape", r"Shapes \([\d, ]*\) and \([\d, ]*\) are incompatible"),
]


def run(shape, mask, axis):
    """TF's outcome for tf.boolean_mask(arange(shape), mask, axis) as an expect dict."""
    x = tf.constant(arange(shape))
    try:
        res = tf.boolean_mask(x, tf.constant(mask, dtype=tf.bool), axis=axis)
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        msg = clean_message(e)
        if isinstance(e, ValueError):
            return {"error": {"kind": classify(msg, ERRORS), "message": msg}}
        return {"error": {"kind": "InvalidArgument", "tf_message": msg}}
    return as_expect(res.numpy())


def numpy_model(shape, mask, axis):
    """The definition: the masked axes flattened, kept where the mask is true (C order)."""
    x = arange(shape)
    k = mask.ndim
    flat = x.reshape(x.shape[:axis] + (-1,) + x.shape[axis + k:]) if x.size else \
        np.zeros(x.shape[:axis] + (mask.size,) + x.shape[axis + k:], np.int64)
    return np.take(flat, np.flatnonzero(mask.reshape(-1)), axis=axis)


def case(name, shape, mask, axis=0, note=None):
    mask = np.asarray(mask, dtype=bool)
    shape = list(shape)
    rank, k = len(shape), mask.ndim
    c = new_case(name, note, shape=shape, mask=array_field(mask), axis=axis)
    if k == 0:
        c["expect"] = run(shape, mask, axis)
        assert c["expect"]["error"]["kind"] == "BooleanMaskScalar", c
    elif not -rank <= axis < rank:
        exp = run(shape, mask, axis)
        err = exp["error"]
        assert err["kind"] == "BooleanMaskShape", c
        c["expect"] = {"error": {"kind": "AxisOutOfRange", "tf_message": err["message"]}}
    elif axis < 0:
        c["expect"] = run(shape, mask, axis + rank)
        raw = run(shape, mask, axis)
        c["tf_negative_axis"] = "same" if raw == c["expect"] else raw
        if k == 1 and axis + k < 0:
            assert raw == c["expect"], c
    else:
        c["expect"] = run(shape, mask, axis)
    exp = c["expect"]
    if "error" not in exp:
        a = axis % rank
        want = numpy_model(shape, mask, a)
        assert exp == as_expect(want), (c, want)
    else:
        assert exp["error"]["kind"] != "InvalidArgument", c
    return c


def hand():
    C = case
    t3 = (2, 3, 4)
    m34 = [[True, False, True, False], [False, True, True, True], [True, True, False, False]]
    return [
        C("seed004-1d", (4,), [True, False, True, False],
          note="seed 004: tensor = [0, 1, 2, 3], mask = [True, False, True, False] -> [0, 2]"),
        C("seed004-2d", (3, 2), [True, False, True],
          note="seed 004: tensor = [[1, 2], [3, 4], [5, 6]] (here arange), mask = "
               "[True, False, True] -> rows 0 and 2"),
        C("all-false", (3, 2), [False, False, False]),
        C("all-true", (3, 2), [True, True, True]),
        C("mask-2d-full-rank", (2, 3), [[True, False, True], [False, True, True]]),
        C("mask-3d-full-rank", t3, arange(t3) % 3 == 0),
        C("mask-2d-axis1", t3, m34, axis=1),
        C("mask-1d-axis1", t3, [True, False, True], axis=1),
        C("mask-1d-last-axis", t3, [True, False, True, True], axis=2),
        C("mask-1d-axis-minus2", t3, [True, False, True], axis=-2,
          note="TF agrees with axis 1 here"),
        C("mask-1d-axis-minus1", t3, [True, False, True, True], axis=-1,
          note="TF raises 'Shapes () and (4,) are incompatible' (Python slicing of shape[-1:0]); "
               "this crate masks the last axis"),
        C("mask-2d-axis-minus2", t3, m34, axis=-2,
          note="TF raises (shape[-2:0] is empty); this crate means axis 1"),
        C("mask-2d-axis-minus3", t3, np.array(m34)[:2, :3], axis=-3,
          note="TF's gather then uses axis -3 of a rank-2 tensor and raises; this crate means "
               "axis 0"),
        C("shape-mismatch", t3, [True, False, True],
          note="TF: Shapes (2,) and (3,) are incompatible"),
        C("shape-mismatch-2d", t3, [[True, False], [True, True]]),
        C("mask-rank-past-tensor", t3, np.ones((2, 3, 4, 1), bool)),
        C("mask-past-last-axis", t3, np.ones((4, 1), bool), axis=2),
        C("scalar-mask", t3, True),
        C("scalar-mask-beats-bad-axis", t3, False, axis=7),
        C("scalar-tensor", (), [True],
          note="TF: Shapes () and (1,) are incompatible; here axis 0 of a rank-0 array"),
        C("scalar-tensor-scalar-mask", (), True),
        C("axis-too-big", t3, [True, False, True], axis=3),
        C("axis-too-negative", t3, [True, False], axis=-4),
        C("zero-rows", (0, 3), np.zeros((0,), bool)),
        C("zero-rows-2d-mask", (0, 3), np.zeros((0, 3), bool)),
        C("zero-middle-axis", (2, 0, 3), np.zeros((0,), bool), axis=1),
        C("zero-trailing", (3, 0), [True, False, True]),
        C("zero-trailing-mismatch", (3, 0), [True, False]),
        C("rank5-mask-2d-axis2", (2, 1, 3, 2, 2), [[True, False], [True, True], [False, True]],
          axis=2),
    ]


def random_cases(rng, n):
    cases = []
    for i in range(n):
        shape = rand_shape(rng)
        rank = len(shape)
        r = rng.random()
        if r < 0.04:
            k = 0
        elif rank == 0 or r < 0.1:
            k = rng.randint(1, 3)
        else:
            k = rng.randint(1, rank)
        if rank and rng.random() < 0.85:
            axis = rng.randrange(0, rank - k + 1) if k <= rank and rng.random() < 0.8 \
                else rng.randrange(0, rank)
            if rng.random() < 0.3:
                axis -= rank
        else:
            axis = rng.choice([rank, rank + 1, -rank - 1, -rank - 2, 6])
        a = axis % rank if rank else 0
        mshape = list(shape[a:a + k]) + [rng.choice([1, 2, 3])] * max(0, a + k - rank)
        if k and rng.random() < 0.15:
            j = rng.randrange(k)
            mshape[j] = rng.choice([d for d in [0, 1, 2, 3, 5] if d != mshape[j]])
        mshape = mshape[:k]
        p = rng.choice([0.0, 0.3, 0.5, 0.5, 0.8, 1.0])
        mask = np.array([rng.random() < p for _ in range(int(np.prod(mshape, dtype=np.int64)))],
                        dtype=bool).reshape(mshape)
        cases.append(case(f"random-{i:03d}", shape, mask, axis))
    return cases


def build():
    rng = random.Random(SEED)
    return hand() + random_cases(rng, 170)


def check(cases):
    assert_at_least(outcome_counts(cases),
                    {"ok": 80, "BooleanMaskScalar": 3, "BooleanMaskShape": 10, "AxisOutOfRange": 8})
    rand = random_ones(cases)
    assert len(rand) >= 100, len(rand)
    ranks = {len(c["shape"]) for c in rand}
    assert ranks == set(range(6)), ranks
    assert any("tf_negative_axis" in c and c["tf_negative_axis"] != "same" for c in cases)
