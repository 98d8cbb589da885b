"""transpose.json: tf.transpose (raw Transpose with an int32 perm; perm None is tf.transpose(x)).

Case fields: name, note?, shape, perm (list, or null for TF's default), expect = {shape, values}
or {"error": {kind, message}}. TF's messages are prefixes of this crate's (PermLength,
PermOutOfRange, PermNotPermutation).

Negative perm entries (TF 2.21 accepts them: `-1` is the last axis) are recorded in
int_lists.json (gen_int_lists.py). Left out: int64 perms past int32: TF truncates them (perm
[2**32, 1, 2] is accepted as [0, 1, 2]); this crate reports the entry out of range instead.
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, new_case, outcome_counts

FILE = "transpose.json"
SEED = 6_007

ERRORS = [
    ("PermLength", r"transpose expects a vector of size \d+\. But input\(1\) is a vector of size \d+"),
    ("PermOutOfRange", r"\d+ is out of range \[0 \.\. \d+\)"),
    ("PermNotPermutation", r"\d+ is missing from \{[\d,]*\}\."),
]


def run(shape, perm):
    x = tf.constant(arange(shape))
    try:
        if perm is None:
            y = tf.transpose(x)
        else:
            y = tf.raw_ops.Transpose(x=x, perm=tf.constant(perm, dtype=tf.int32, shape=[len(perm)]))
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e)
        return {"error": {"kind": classify(msg, ERRORS), "message": msg}}
    # The crate's view is np.transpose(x, perm); TF must agree.
    assert (np.transpose(arange(shape), perm) == y.numpy()).all(), (shape, perm)
    return as_expect(y.numpy())


def case(name, shape, perm, note=None):
    return new_case(name, note, shape=list(shape), perm=perm, expect=run(shape, perm))


def hand():
    C = case
    x23, x223 = (2, 3), (2, 2, 3)
    return [
        C("seed004-default", x23, None, note="seed 004: tf.transpose(x) on [[1 2 3] [4 5 6]]"),
        C("seed004-perm-10", x23, [1, 0], note="seed 004: the same with perm=[1, 0]"),
        C("seed004-perm-021", x223, [0, 2, 1],
          note="seed 004: transpose the matrices in dimension 0"),
        C("repeat-names-missing", (2, 3, 4), [0, 0, 1], note="TF: 2 is missing from {0,0,1}."),
        C("repeat-all", (2, 3, 4), [1, 1, 1]),
        C("repeat-smallest-missing", (2, 3, 4), [2, 2, 0]),
        C("out-of-range-first", (2, 3, 4), [0, 1, 3]),
        C("out-of-range-beats-earlier-repeat", (2, 3, 4), [0, 0, 3],
          note="every entry is range-checked before any axis is found missing"),
        C("out-of-range-twice", (2, 3, 4), [3, 1, 5]),
        C("too-short", (2, 3, 4), [0, 1]),
        C("too-long", (2, 3, 4), [0, 1, 2, 3]),
        C("too-long-beats-out-of-range", (2, 3, 4), [9, 9, 9, 9]),
        C("scalar-empty-perm", (), []),
        C("scalar-default", (), None),
        C("scalar-perm-0", (), [0]),
        C("rank1-identity", (5,), [0]),
        C("rank1-default", (5,), None),
        C("rank1-out-of-range", (5,), [1]),
        C("zero-size", (2, 0, 3), [2, 0, 1]),
        C("zero-size-default", (2, 0, 3), None),
        C("zero-size-repeat", (2, 0, 3), [1, 1, 0], note="checked on empty inputs too"),
        C("rank6-default", (1, 2, 3, 1, 2, 2), None),
        C("rank8-reverse", (2, 1, 2, 1, 2, 1, 2, 1), list(range(7, -1, -1))),
        C("rank8-shuffle", (2, 1, 3, 1, 2, 1, 2, 2), [3, 0, 7, 1, 6, 2, 5, 4]),
    ]


def rand_shape(rng):
    rank = rng.choices(range(7), weights=[1, 2, 4, 4, 4, 3, 1])[0]
    while True:
        shape = [rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]) for _ in range(rank)]
        if np.prod(shape, dtype=np.int64) <= 1500:
            return shape


def rand_perm(rng, rank):
    r = rng.random()
    perm = list(range(rank))
    rng.shuffle(perm)
    if r < 0.15:
        return None
    if r < 0.60 or rank == 0:
        return perm
    if r < 0.70:  # wrong length
        n = rng.choice([k for k in range(max(rank - 2, 0), rank + 3) if k != rank])
        return [rng.randrange(rank + 1) for _ in range(n)]
    if r < 0.82:  # out of range, sometimes beside a repeat
        perm[rng.randrange(rank)] = rank + rng.choice([0, 0, 1, 5])
        if rank > 1 and rng.random() < 0.5:
            i, j = rng.sample(range(rank), 2)
            perm[i] = perm[j]
        return perm
    if rank < 2:  # nothing can repeat
        return [rank]
    i, j = rng.sample(range(rank), 2)
    perm[i] = perm[j]
    return perm


def build():
    rng = random.Random(SEED)
    cases = hand()
    for i in range(130):
        shape = rand_shape(rng)
        cases.append(case(f"random-{i:03d}", shape, rand_perm(rng, len(shape))))
    return cases


def check(cases):
    assert len(cases) >= 100, len(cases)
    kinds = outcome_counts(cases)
    assert kinds.get("ok", 0) >= 60, kinds
    for k, _ in ERRORS:
        assert kinds.get(k, 0) >= 8, kinds
    assert sum(c["perm"] is None for c in cases) >= 10
    assert sum("error" not in c["expect"] and 0 in c["expect"]["shape"] for c in cases) >= 5
    assert set(range(7)) <= {len(c["shape"]) for c in cases}
