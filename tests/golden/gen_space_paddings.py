"""space_paddings.json: tf.required_space_to_batch_paddings(input_shape, block_shape,
base_paddings) (eager, CPU; TF computes it with NumPy where the arguments are constants).

Case fields: name, note?, input_shape, block_shape, base_paddings (a list of [start, end] rows,
or null for TF's default of zeros), expect = {"outputs": [paddings, crops]} (each {shape,
values}) or {"error": {kind, message?, tf_message?, tf_outcome?}}.

TF's Python wrapper raises ValueError for lengths that do not fit ("Shapes (3,) and [2] are
incompatible": SpatialShapeLength; "Shapes (1, 2) and [2, 2] are incompatible":
BlockPaddingsLength, recorded as tf_message since this crate words it as space_to_batch_nd
does). The crate's decisions, recorded with TF's outcome as tf_outcome:
- a zero block size: TF returns a zero extra padding (after NumPy's divide-by-zero warning);
  BlockShapeZero here.
- an empty block_shape with a non-empty input_shape: TF returns empty results without a check;
  SpatialShapeLength here.

- a negative block size: TF follows Python's modulo (block -4 gives an extra padding of -1 or
  so); BlockShapeNegative here (space_to_batch_nd's error).
- a negative input_shape entry or base_paddings value: TF follows Python's modulo;
  RequiredPaddingsNegative here (index: the entry's position, row-major for base_paddings).
  The crate checks lengths, then base_paddings' shape, then block sizes, then input_shape, then
  base_paddings; the negative cases keep to one bad argument at a time past the length checks.

Left out: a 0-d block_shape (a list here).
"""

import random
import warnings

import numpy as np
import tensorflow as tf

from tfcommon import clean_message, classify, new_case

FILE = "space_paddings.json"
SEED = 7_601

ERRORS = [
    ("SpatialShapeLength", r"Shapes \(\d+,\) and \[\d+\] are incompatible"),
    ("BlockPaddingsLength", r"Shapes \(\d+, \d+\) and \[\d+, 2\] are incompatible"),
]


def field(arr):
    arr = np.asarray(arr, dtype=np.int64).reshape(-1, 2)
    return {"shape": list(arr.shape), "values": arr.reshape(-1).tolist()}


def run(input_shape, block_shape, base):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            p, c = tf.required_space_to_batch_paddings(
                input_shape, block_shape, base_paddings=base)
        except ValueError as e:
            return ("error", clean_message(e))
    return ("ok", (np.asarray(p), np.asarray(c)))


def model(input_shape, block_shape, base):
    base = base if base is not None else [[0, 0]] * len(block_shape)
    paddings, crops = [], []
    for size, block, (start, end) in zip(input_shape, block_shape, base):
        extra = (block - (size + start + end) % block) % block
        paddings.append([start, end + extra])
        crops.append([0, extra])
    return paddings, crops


def case(name, input_shape, block_shape, base=None, note=None):
    status, value = run(input_shape, block_shape, base)
    c = new_case(name, note, input_shape=list(input_shape), block_shape=list(block_shape),
                 base_paddings=base)
    if status == "error":
        kind = classify(value, ERRORS)
        key = "message" if kind == "SpatialShapeLength" else "tf_message"
        c["expect"] = {"error": {"kind": kind, key: value}}
    elif any(b < 0 for b in block_shape) and 0 not in block_shape[:min(
            [i for i, b in enumerate(block_shape) if b < 0])]:
        c["expect"] = {"error": {"kind": "BlockShapeNegative",
                                 "tf_outcome": [field(value[0]), field(value[1])]}}
    elif 0 in block_shape:
        c["expect"] = {"error": {"kind": "BlockShapeZero",
                                 "tf_outcome": [field(value[0]), field(value[1])]}}
    elif len(input_shape) != len(block_shape):
        c["expect"] = {"error": {"kind": "SpatialShapeLength",
                                 "tf_outcome": [field(value[0]), field(value[1])]}}
    elif any(d < 0 for d in input_shape) or any(v < 0 for r in (base or []) for v in r):
        c["expect"] = {"error": {"kind": "RequiredPaddingsNegative",
                                 "tf_outcome": [field(value[0]), field(value[1])]}}
    else:
        c["expect"] = {"outputs": [field(value[0]), field(value[1])]}
        p, cr = model(input_shape, block_shape, base)
        assert c["expect"]["outputs"] == [field(p), field(cr)], name
    return c


def hand_cases():
    return [
        case("doc", [4, 6], [2, 4], note="TF's documentation"),
        case("doc-base", [4, 5], [2, 4], [[1, 0], [2, 3]]),
        case("no-block-dims", [], []),
        case("empty-block-nonempty-input", [4, 5], [], note="TF checks nothing here"),
        case("zero-block", [4, 5], [0, 4], note="TF: zero extra padding"),
        case("zero-block-second", [4, 5], [2, 0]),
        case("length", [4, 5, 6], [2, 4]),
        case("length-short", [4], [2, 4]),
        case("base-rows", [4, 5], [2, 4], [[1, 0]]),
        case("base-rows-long", [4, 5], [2, 4], [[1, 0], [0, 0], [2, 2]]),
        case("zero-input", [0, 0], [3, 1]),
        case("exact", [6, 8], [3, 4]),
        case("block-one", [5, 7, 9], [1, 1, 1]),
        case("base-makes-exact", [3], [4], [[1, 0]]),
        case("big", [100003], [7], [[5, 9]]),
    ]


def random_cases(rng):
    cases = []
    for n in range(180):
        k = rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 5])
        block = [rng.choice([1, 2, 3, 4, 5, 8]) for _ in range(k)]
        inp = [rng.choice([0, 1, 2, 3, 5, 7, 10, 13, 16, 31, 224]) for _ in range(k)]
        base = None
        if rng.random() < 0.6:
            base = [[rng.randint(0, 4), rng.randint(0, 4)] for _ in range(k)]
        roll = rng.random()
        if roll < 0.04:
            block[rng.randrange(k)] = 0
        elif roll < 0.08:
            inp.append(rng.randint(1, 9))
        elif roll < 0.11 and base is not None:
            base.append([1, 1])
        cases.append(case(f"random-{n:03d}", inp, block, base))
    return cases


def negative_cases(rng):
    """TF's answers to negative values, which this crate refuses (a separate stream of random
    numbers, so the cases above stay as they were)."""
    cases = [
        case("negative-input", [4, -5], [2, 4], note="TF: extra padding 1 (Python modulo)"),
        case("negative-block", [4, 5], [2, -4], note="TF: extra padding -1"),
        case("negative-base-end", [4, 5], [2, 4], [[0, -1], [0, 0]]),
        case("negative-base-start", [4, 5], [2, 4], [[0, 0], [-3, 0]]),
        case("negative-block-after-zero", [4, 5], [0, -4], note="the zero comes first"),
    ]
    for n in range(20):
        k = rng.choice([1, 2, 3])
        block = [rng.choice([1, 2, 3, 4]) for _ in range(k)]
        inp = [rng.choice([0, 1, 5, 7, 16]) for _ in range(k)]
        base = [[rng.randint(0, 3), rng.randint(0, 3)] for _ in range(k)] \
            if rng.random() < 0.6 else None
        which = rng.choice(["input", "block", "base"] if base else ["input", "block"])
        i = rng.randrange(k)
        if which == "input":
            inp[i] = -rng.randint(1, 9)
        elif which == "block":
            block[i] = -rng.randint(1, 5)
        else:
            base[i][rng.randrange(2)] = -rng.randint(1, 4)
        cases.append(case(f"random-negative-{n:03d}", inp, block, base))
    return cases


def build():
    return hand_cases() + random_cases(random.Random(SEED)) + negative_cases(
        random.Random(SEED + 1))


def check(cases):
    assert len(cases) >= 150, len(cases)
    kinds = {}
    for c in cases:
        k = c["expect"]["error"]["kind"] if "error" in c["expect"] else "ok"
        kinds[k] = kinds.get(k, 0) + 1
    print(f"  {dict(sorted(kinds.items()))}")
    assert kinds.get("ok", 0) >= 120
    for k in ("SpatialShapeLength", "BlockPaddingsLength", "BlockShapeZero", "BlockShapeNegative",
              "RequiredPaddingsNegative"):
        assert kinds.get(k, 0) >= 3, k
    assert sum("outputs" in c["expect"] and any(c["expect"]["outputs"][1]["values"])
               for c in cases) >= 60, "too few cases needing extra padding"
