"""pad.json: tf.pad (raw Pad / PadV2 for CONSTANT, MirrorPad for REFLECT and SYMMETRIC), eager, CPU.

Case fields: name, note?, shape, paddings ([[before, after], ...]), mode ("CONSTANT" | "REFLECT" |
"SYMMETRIC"), constant_value (int; tf.pad's constant_values, ignored by the mirror modes);
expect = {shape, values} or {"error": {kind, message | tf_message}}. The input is arange(shape).

Pad's message for a wrong number of rows ("...rank of inputs[1,2] [2,3]") is this crate's
PaddingsLength text; MirrorPad's has a comma ("inputs[1,2], [2,3]"), so it is recorded as
tf_message (variant compared only). Sizes TF cannot represent ("Expected a non-negative size",
"Encountered overflow when multiplying") are this crate's TooLarge, also tf_message only.

Negative paddings (TF: "Paddings must be non-negative") are recorded in int_lists.json
(gen_int_lists.py). Left out: paddings past int64 (TF cannot take them), and shapes TF accepts but cannot allocate
(ResourceExhausted: this crate would try to allocate them too). MirrorPad stops at rank 5 ("inputs rank
not in [0,5]: 6"), Pad at 8, or at 6 after merging neighbouring unpadded axes ("Only ranks up to 6
supported"): random ranks are 0-5; this crate takes any rank.
"""

import math
import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, error_kinds, new_case

FILE = "pad.json"
SEED = 6_004
MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")

ERRORS = [
    ("PaddingsLength", r"The first dimension of paddings must be the rank of inputs\[\d+,2\],? "
                       r"\[[\d,]*\]"),
    ("ReflectPaddingTooLarge", r"paddings must be less than the dimension size: \d+, \d+ not "
                               r"less than \d+"),
    ("SymmetricPaddingTooLarge", r"paddings must be no greater than the dimension size: \d+, \d+ "
                                 r"greater than \d+"),
    ("TooLarge", r"Expected a non-negative size, got -\d+|Encountered overflow when multiplying "
                 r"\d+ with \d+, result: -?\d+"),
]


def error_expect(mode, exc):
    msg = clean_message(exc)
    kind = classify(msg, ERRORS)
    exact = kind != "TooLarge" and (mode == "CONSTANT" or kind != "PaddingsLength")
    return {"error": {"kind": kind, "message" if exact else "tf_message": msg}}


def model(shape, paddings, mode, value):
    """np.pad's answer, which must be TF's wherever TF succeeds on a small output."""
    x = arange(shape)
    if len(shape) == 0:
        return x
    if mode == "CONSTANT":
        return np.pad(x, paddings, mode="constant", constant_values=value)
    return np.pad(x, paddings, mode=mode.lower())


def run(shape, paddings, mode, value):
    x = tf.constant(arange(shape))
    p = tf.constant(np.array(paddings, dtype=np.int64).reshape(len(paddings), 2))
    try:
        res = tf.pad(x, p, mode=mode, constant_values=value)
    except tf.errors.InvalidArgumentError as e:
        return error_expect(mode, e)
    if res.shape.num_elements() == 0:  # NumPy cannot hold a (2^62 + 1, 0) array
        return {"shape": res.shape.as_list(), "values": []}
    out = res.numpy()
    if math.prod(shape):  # np.pad refuses to mirror an empty array
        want = model(shape, paddings, mode, value)
        assert out.shape == want.shape and (out == want).all(), (shape, paddings, mode)
    return as_expect(out)


def case(name, shape, paddings, mode, value=0, note=None):
    paddings = [list(p) for p in paddings]
    return new_case(name, note, shape=list(shape), paddings=paddings, mode=mode,
                    constant_value=value, expect=run(shape, paddings, mode, value))


def hand():
    cases = []
    t = (2, 3)  # the seed's t = [[1, 2, 3], [4, 5, 6]] is arange + 1: the same positions
    for mode in MODES:
        m = mode.lower()
        cases += [
            case(f"seed004-{m}", t, [[1, 1], [2, 2]], mode,
                 note="seed 004: tf.pad(t, [[1, 1], [2, 2]], mode) with t = arange(6) + 1"),
            case(f"{m}-constant-value-7", t, [[1, 1], [2, 2]], mode, 7,
                 note="constant_values is PadV2's; the mirror modes ignore it"),
            case(f"{m}-scalar", (), [], mode, 5),
            case(f"{m}-scalar-one-row", (), [[0, 0]], mode),
            case(f"{m}-too-few-rows", t, [[1, 1]], mode),
            case(f"{m}-too-many-rows", t, [[1, 1], [2, 2], [0, 0]], mode),
            case(f"{m}-too-many-rows-beats-limit", t, [[9, 9], [9, 9], [0, 0]], mode),
            case(f"{m}-zero-size-zero-padding", (2, 0), [[0, 0], [0, 0]], mode,
                 note="REFLECT needs padding < dim even when the padding is 0"),
            case(f"{m}-zero-size-outer-padded", (2, 0), [[1, 1], [0, 0]], mode),
            case(f"{m}-zero-size-padded", (2, 0), [[0, 0], [1, 0]], mode, -3),
            case(f"{m}-zero-rows-padded-columns", (0, 3), [[0, 0], [1, 1]], mode, 4),
            case(f"{m}-zero-rows-padded-rows", (0, 3), [[2, 1], [0, 0]], mode, 4),
            case(f"{m}-at-reflect-limit", t, [[1, 1], [2, 2]], mode),
            case(f"{m}-past-reflect-limit", t, [[1, 1], [2, 3]], mode),
            case(f"{m}-at-symmetric-limit", t, [[2, 2], [3, 3]], mode),
            case(f"{m}-past-symmetric-limit", t, [[2, 3], [3, 3]], mode),
            case(f"{m}-first-bad-axis-reported", t, [[3, 0], [4, 0]], mode),
            case(f"{m}-length-one-axis", (1, 4), [[1, 1], [1, 1]], mode, 9),
            case(f"{m}-rank1", (5,), [[3, 4]], mode),
            case(f"{m}-rank5", (2, 1, 2, 1, 2), [[1, 0], [0, 1], [2, 2], [1, 1], [0, 2]], mode),
            case(f"{m}-no-padding", (2, 3, 2), [[0, 0], [0, 0], [0, 0]], mode),
        ]
    big = 2**62
    cases += [
        case("constant-huge-empty-ok", (1, 0), [[big // 2, big // 2], [0, 0]], "CONSTANT",
             note="a (2^62 + 1, 0) result: no element, so no allocation"),
        case("constant-dim-overflows-int64", (1, 0), [[big, big], [0, 0]], "CONSTANT"),
        case("constant-count-overflows", (0, 3), [[big // 2, big // 2], [1, 1]], "CONSTANT"),
        case("constant-count-overflows-square", (3, 3), [[2**40, 2**40], [2**40, 2**40]],
             "CONSTANT"),
        case("constant-dim-overflow-second-axis", (3, 3), [[1, 1], [big, big]], "CONSTANT"),
        case("reflect-huge-padding", (3, 3), [[big, big], [5, 5]], "REFLECT"),
        case("symmetric-huge-padding", (3, 3), [[2**40, 2**40], [5, 5]], "SYMMETRIC"),
    ]
    return cases


def random_cases(rng, mode, count):
    cases = []
    for i in range(count):
        rank = rng.randint(0, 5)
        top = 4 if rank <= 3 else 3  # keeps the rank-5 outputs (and the JSON) small
        shape = [rng.choice([0, 1, 2, 3]) if rng.random() < 0.2 else rng.randint(1, top)
                 for _ in range(rank)]
        limit = {"CONSTANT": None, "REFLECT": -1, "SYMMETRIC": 0}[mode]
        paddings = []
        for d in shape:
            row = []
            for _ in range(2):
                r = rng.random()
                if limit is None:
                    row.append(rng.choice([0, 0, 1, 2, 3] if rank <= 3 else [0, 0, 1, 2]))
                elif r < 0.35:
                    row.append(max(d + limit, 0))  # at the limit
                elif r < 0.45:
                    row.append(d + limit + 1)  # just past it
                else:
                    row.append(rng.randint(0, max(d + limit, 0)))
            paddings.append(row)
        if rng.random() < 0.08:
            paddings = paddings[:-1] if paddings and rng.random() < 0.5 else paddings + [[0, 1]]
        value = rng.choice([0, 0, -1, 7])
        cases.append(case(f"random-{mode.lower()}-{i:03d}", shape, paddings, mode, value))
    return cases


def build():
    rng = random.Random(SEED)
    cases = hand()
    for mode in MODES:
        cases += random_cases(rng, mode, 120)
    return cases


def check(cases):
    for mode in MODES:
        rand = [c for c in cases if c["name"].startswith(f"random-{mode.lower()}-")]
        assert len(rand) >= 100, (mode, len(rand))
        ok = [c for c in rand if "error" not in c["expect"]]
        assert len(ok) >= 50, (mode, len(ok))
        # REFLECT cannot succeed on a zero-size axis, not even with zero padding.
        assert any(0 in c["shape"] for c in (rand if mode == "REFLECT" else ok)), mode
        assert any(c["constant_value"] != 0 for c in ok), mode
    kinds = error_kinds(cases)
    want = {"PaddingsLength", "ReflectPaddingTooLarge", "SymmetricPaddingTooLarge", "TooLarge"}
    assert kinds == want, kinds
