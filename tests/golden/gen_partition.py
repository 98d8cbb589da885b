"""partition.json: tf.dynamic_partition and tf.dynamic_stitch (the Python API, eager, CPU).

Case fields, op "dynamic_partition": name, note?, shape (data = arange(shape)), partitions =
{shape, values} (int32, C order), num_partitions, expect = {"outputs": [{shape, values}, ...]}
or {"error": {kind, message | tf_message}}.

Case fields, op "dynamic_stitch": name, note?, indices = [{shape, values}, ...] (int32),
data = [{shape, start}, ...] (data[m] = start + arange(shape): every value distinct and
non-zero, so a gap's 0 and a lost write both show), expect = {shape, values} or an error.

TF takes int32 partitions and indices only; the Rust replay feeds each case as i32 and as i64.

Messages: TF's texts are this crate's prefixes except
- a 0-d `partitions` out of range: TF prints `partitions = 3 is not in [0, 2)`, this crate
  `partitions[] = 3 ...` (one IndexOutOfRange format for every rank): tf_message;
- a negative stitch index: TF prints `indices[3] is out of range` (the C-order position within
  its array, not which array), this crate `indices[1][1,1] is out of range (it is -1)`:
  tf_message (the replay checks that the position TF printed is ours, flattened);
- no arrays at all: TF says `List argument 'indices' to 'DynamicStitch' Op with length 0 shorter
  than minimum length 1.`, this crate NoInputs: tf_message.
The count checks are TF's Python ones (ValueError), reached by building a graph: eagerly, TF's
C++ fast path sometimes answers first, with a message that depends on what ran before.
The attribute check for num_partitions = 0 carries a NodeDef tail: only its first line is kept.

Left out: a negative num_partitions (a usize here; TF: "Value for attr 'num_partitions' of -1
must be at least minimum 1"), and a stitch index of 2**31 - 1 (TF's int32 `max + 1` overflows: "Expected a
non-negative size, got -2147483648"); this crate computes in i64 and would allocate 2**31 rows.
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import (arange, array_field, as_expect, assert_at_least, classify, clean_message,
                      new_case, outcome_counts, rand_shape)

FILE = "partition.json"
SEED = 7_201

PARTITION_ERRORS = [
    ("NoPartitions", r"Value for attr 'num_partitions' of -?\d+ must be at least minimum 1"),
    ("PartitionsShape", r"data\.shape must start with partitions\.shape, got data\.shape = "
                        r"\[[\d,]*\], partitions\.shape = \[[\d,]*\]"),
    ("IndexOutOfRange", r"partitions(\[[\d,]+\])? = -?\d+ is not in \[0, \d+\)"),
]
STITCH_ERRORS = [
    ("StitchCount", r"List argument 'data' to 'dynamic_stitch' Op with length \d+ must match "
                    r"length \d+ of argument 'indices'\."),
    ("NoInputs", r"List argument 'indices' to 'DynamicStitch' Op with length 0 shorter than "
                 r"minimum length 1\."),
    ("StitchIndexNegative", r"indices\[\d+\] is out of range"),
    ("StitchShape", r"data\[\d+\]\.shape = \[[\d,]*\] does not start with indices\[\d+\]\.shape "
                    r"= \[[\d,]*\]"),
    ("StitchElementShape", r"Need data\[0\]\.shape\[\d+:\] = data\[\d+\]\.shape\[\d+:\], got "
                           r"data\[0\]\.shape = \[[\d,]*\], data\[\d+\]\.shape = \[[\d,]*\], "
                           r"indices\[0\]\.shape = \[[\d,]*\], indices\[\d+\]\.shape = \[[\d,]*\]"),
]


def error_expect(exc, table, tf_message_only):
    msg = clean_message(exc).split("\n")[0].rstrip()
    kind = classify(msg, table)
    key = "tf_message" if kind in tf_message_only(msg) else "message"
    return {"error": {"kind": kind, key: msg}}


def int_array(a):
    return array_field(np.asarray(a, dtype=np.int64))


# --------------------------------------------------------------------------------------------
# dynamic_partition
# --------------------------------------------------------------------------------------------

def partition_model(shape, parts, n):
    x = arange(shape)
    lead = parts.ndim
    rows = x.reshape((-1,) + tuple(shape[lead:])) if x.size else \
        np.zeros((parts.size,) + tuple(shape[lead:]), np.int64)
    flat = parts.reshape(-1)
    return [rows[flat == i] for i in range(n)]


def partition_case(name, shape, parts, n, note=None):
    parts = np.asarray(parts, dtype=np.int64)
    c = new_case(name, note, op="dynamic_partition", shape=list(shape),
                 partitions=int_array(parts), num_partitions=n)
    x = tf.constant(arange(shape))
    try:
        res = tf.dynamic_partition(x, tf.constant(parts, dtype=tf.int32), n)
        c["expect"] = {"outputs": [as_expect(t.numpy()) for t in res]}
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        scalar = lambda msg: {"IndexOutOfRange"} if msg.startswith("partitions =") else set()  # noqa: E731
        c["expect"] = error_expect(e, PARTITION_ERRORS, scalar)
    if "outputs" in c["expect"]:
        want = partition_model(shape, parts, n)
        assert c["expect"]["outputs"] == [as_expect(w) for w in want], c
    return c


def hand_partition():
    P = lambda name, *a, **k: partition_case(f"partition-{name}", *a, **k)  # noqa: E731
    return [
        P("seed004-scalar-partitions", (2,), 1, 2,
          note="seed 004: partitions = 1, data = [10, 20] (here arange): outputs[0] is empty "
               "with shape [0, 2], outputs[1] = [[10, 20]]"),
        P("seed004-vector-partitions", (5,), [0, 0, 1, 1, 0], 2,
          note="seed 004: data = [10, 20, 30, 40, 50] (here arange) -> [10, 20, 50], [30, 40]"),
        P("rows", (2, 3, 4), [0, 1], 2),
        P("2d-partitions", (2, 3, 4), [[0, 1, 1], [1, 0, 0]], 2),
        P("full-rank-partitions", (2, 3), [[2, 0, 1], [1, 2, 2]], 3),
        P("unused-partitions", (3, 2), [4, 4, 0], 6),
        P("one-partition", (3, 2), [0, 0, 0], 1),
        P("out-of-range", (2, 3, 4), [0, 3], 2),
        P("negative", (2, 3, 4), [0, -1], 2),
        P("out-of-range-2d-position", (2, 3, 4), [[0, 1, 1], [1, 5, 0]], 2,
          note="TF prints the position as partitions[1,1]"),
        P("first-bad-in-c-order", (2, 3, 4), [[0, 1, 1], [-1, 5, 0]], 2),
        P("scalar-out-of-range", (2,), 3, 2, note="TF: partitions = 3 is not in [0, 2)"),
        P("shape-mismatch", (2, 3, 4), [0, 1, 1], 2),
        P("shape-mismatch-beats-out-of-range", (2, 3, 4), [0, 1, 9], 2),
        P("shape-mismatch-2d", (2, 3, 4), [[0, 1], [1, 0]], 2),
        P("partitions-rank-past-data", (3,), [[0], [1], [0]], 2),
        P("scalar-data-scalar-partitions", (), 0, 2),
        P("scalar-data-vector-partitions", (), [0], 2),
        P("zero-partitions", (2, 3), [0, 0], 0,
          note="TF checks the num_partitions attribute first"),
        P("zero-partitions-beats-shape", (2, 3), [0, 0, 0], 0),
        P("empty-data", (0, 3), np.zeros((0,), np.int64), 3),
        P("zero-slice", (2, 0), [1, 1], 3),
        P("zero-slice-out-of-range", (2, 0), [1, 3], 3,
          note="the values are checked even when the slices are empty"),
    ]


def random_partitions(rng, count):
    cases = []
    for i in range(count):
        shape = rand_shape(rng)
        rank = len(shape)
        lead = rng.randint(0, rank)
        pshape = list(shape[:lead])
        r = rng.random()
        if r < 0.08 and pshape:
            j = rng.randrange(len(pshape))
            pshape[j] = rng.choice([d for d in [0, 1, 2, 3, 6] if d != pshape[j]])
        elif r < 0.12:
            pshape.append(rng.choice([1, 2]))
        n = rng.choice([1, 2, 3, 4, 5])
        if rng.random() < 0.04:
            n = 0
        size = int(np.prod(pshape, dtype=np.int64))
        values = [rng.randrange(max(n, 1)) for _ in range(size)]
        if size and rng.random() < 0.15:
            values[rng.randrange(size)] = rng.choice([-1, -3, n, n + 2])
        parts = np.array(values, dtype=np.int64).reshape(pshape)
        cases.append(partition_case(f"random-partition-{i:03d}", shape, parts, n))
    return cases


# --------------------------------------------------------------------------------------------
# dynamic_stitch
# --------------------------------------------------------------------------------------------

def stitch_data(shapes):
    data, start = [], 1
    for s in shapes:
        size = int(np.prod(s, dtype=np.int64))
        data.append({"shape": list(s), "start": start})
        start += size
    return data


def stitch_model(indices, data):
    slice_shape = tuple(data[0].shape[indices[0].ndim:])
    flat = [i.reshape(-1) for i in indices]
    n = max([int(f.max()) for f in flat if f.size] + [-1]) + 1
    out = np.zeros((n,) + slice_shape, np.int64)
    for idx, d in zip(flat, data):
        rows = d.reshape((idx.size,) + slice_shape)
        for pos, i in enumerate(idx):
            out[i] = rows[pos]
    return out


def stitch_case(name, indices, data_shapes, note=None):
    indices = [np.asarray(i, dtype=np.int64) for i in indices]
    data = stitch_data(data_shapes)
    c = new_case(name, note, op="dynamic_stitch", indices=[int_array(i) for i in indices],
                 data=data)
    arrays = [d["start"] + arange(d["shape"]) for d in data]
    try:
        args = ([i.astype(np.int32) for i in indices], arrays)
        if len(indices) != len(data) or not indices:
            # The op's Python definition checks the counts. Eagerly, whether that check or the
            # C++ fast path answers depends on what ran before (the latter says "NodeDef
            # expected inputs 'int32, int64' do not match 3 inputs specified", or fails its
            # kernel lookup for no arrays); building a graph always reaches the Python check.
            with tf.Graph().as_default():
                tf.dynamic_stitch(*args)
            raise AssertionError("TF accepted mismatched or no arrays")
        res = tf.dynamic_stitch(*args)
        c["expect"] = as_expect(res.numpy())
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        c["expect"] = error_expect(e, STITCH_ERRORS,
                                   lambda msg: {"StitchIndexNegative", "NoInputs"})
    if "error" not in c["expect"]:
        assert c["expect"] == as_expect(stitch_model(indices, arrays)), c
    return c


def hand_stitch():
    S = lambda name, *a, **k: stitch_case(f"stitch-{name}", *a, **k)  # noqa: E731
    return [
        S("seed004-merge", [6, [4, 1], [[5, 2], [0, 3]]], [(2,), (2, 2), (2, 2, 2)],
          note="seed 004: merged = [[1, 2], [11, 12], ..., [61, 62]] (data here is "
               "start + arange); its 'merged.shape = [max(indices)] + constant' misses a + 1"),
        S("one-array", [[1, 0]], [(2,)], note="seed 004 says 'at least 2' arrays; TF takes 1"),
        S("duplicates-across-arrays", [[0, 1], [1, 0]], [(2,), (2,)],
          note="later arrays win"),
        S("duplicates-within-array", [[0, 1, 0, 1]], [(4,)], note="later positions win"),
        S("duplicates-within-and-across", [[2, 2], [0, 2, 2]], [(2,), (3,)]),
        S("gap-is-zero", [[5, 1]], [(2,)]),
        S("gap-rows-are-zero", [[3]], [(1, 2)]),
        S("scalar-indices", [2, 0], [(), ()]),
        S("scalar-indices-with-slices", [2, 0], [(3,), (3,)]),
        S("all-empty", [np.zeros((0,))], [(0, 3)]),
        S("all-empty-two", [np.zeros((0,)), np.zeros((2, 0))], [(0, 3), (2, 0, 3)]),
        S("empty-and-full", [np.zeros((0,)), [1, 0]], [(0, 2), (2, 2)]),
        S("zero-slice", [[1, 0]], [(2, 0)]),
        S("negative", [[0, -1]], [(2,)], note="TF: indices[1] is out of range"),
        S("negative-position-within-array", [[0, 1], [[2, 3], [5, -1]]], [(2,), (2, 2)],
          note="TF prints the C-order position within the array: indices[3]"),
        S("negative-first-array-wins", [[0, 1, 4, -2], [[2, -3], [5, -1]]], [(4,), (2, 2)]),
        S("negative-beats-shape", [[0, 1], [[2, 3], [5, -1]]], [(3,), (2, 2)],
          note="TF checks the index values before any shape"),
        S("negative-scalar", [-1], [()]),
        S("count-mismatch", [[0, 1]], [(2,), (1,)]),
        S("count-mismatch-more-indices", [[0, 1], [2]], [(2,)]),
        S("count-no-data", [[0, 1]], []),
        S("no-inputs", [], []),
        S("shape-first-array", [[0, 1], [2]], [(3,), (1,)]),
        S("shape-second-array", [[0, 1], [2]], [(2,), (2,)]),
        S("shape-beats-element-shape", [[0], [1, 2]], [(1, 2), (1, 3)]),
        S("element-shape", [[0], [1]], [(1, 2), (1, 3)]),
        S("element-shape-rank", [[0], [1]], [(1, 2), (1,)]),
        S("element-shape-third", [[0], [1], [2, 3]], [(1, 2), (1, 3), (1,)]),
        S("element-shape-empty-first", [np.zeros((0,)), [0]], [(0, 2), (1, 3)]),
        S("mixed-index-ranks", [[[0, 1]], 2, [3]], [(1, 2, 2), (2,), (1, 2)]),
    ]


def random_stitch(rng, count):
    cases = []
    for i in range(count):
        m = rng.choice([1, 1, 2, 2, 3, 4])
        slice_shape = rand_shape(rng, max_rank=2, limit=12)
        ishapes = [rand_shape(rng, max_rank=3, limit=12) for _ in range(m)]
        sizes = [int(np.prod(s, dtype=np.int64)) for s in ishapes]
        total = sum(sizes)
        n = max(1, total + rng.choice([-3, -1, 0, 0, 2, 5]))
        indices = [np.array([rng.randrange(n) for _ in range(sz)], np.int64).reshape(s)
                   for s, sz in zip(ishapes, sizes)]
        dshapes = [list(s) + list(slice_shape) for s in ishapes]
        r = rng.random()
        if r < 0.1 and total:
            j = rng.choice([k for k in range(m) if sizes[k]])
            flat = indices[j].reshape(-1)
            flat[rng.randrange(flat.size)] = rng.choice([-1, -2, -7])
        elif r < 0.17:
            j = rng.randrange(m)
            dshapes[j] = dshapes[j][:-1] if dshapes[j] and rng.random() < 0.5 \
                else dshapes[j] + [rng.choice([1, 2])]
        elif r < 0.24 and dshapes[0]:
            j = rng.randrange(m)
            k = rng.randrange(len(dshapes[j]))
            dshapes[j][k] = rng.choice([d for d in [0, 1, 2, 3, 5] if d != dshapes[j][k]])
        elif r < 0.27:
            dshapes = dshapes[:-1] if rng.random() < 0.5 else dshapes + [[1]]
        cases.append(stitch_case(f"random-stitch-{i:03d}", indices, dshapes))
    return cases


def build():
    rng = random.Random(SEED)
    return hand_partition() + random_partitions(rng, 150) + hand_stitch() + \
        random_stitch(rng, 170)


def check(cases):
    def kinds(op):
        return outcome_counts(c for c in cases if c["op"] == op)
    part, stitch = kinds("dynamic_partition"), kinds("dynamic_stitch")
    print(f"  dynamic_partition: {dict(sorted(part.items()))}")
    print(f"  dynamic_stitch: {dict(sorted(stitch.items()))}")
    need_p = {"ok": 80, "NoPartitions": 3, "PartitionsShape": 8, "IndexOutOfRange": 10}
    need_s = {"ok": 80, "StitchCount": 3, "NoInputs": 1, "StitchIndexNegative": 8,
              "StitchShape": 5, "StitchElementShape": 5}
    for have, need in ((part, need_p), (stitch, need_s)):
        assert_at_least(have, need)
    assert sum(c["name"].startswith("random-partition-") for c in cases) >= 100
    assert sum(c["name"].startswith("random-stitch-") for c in cases) >= 100
