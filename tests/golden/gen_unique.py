"""unique.json: tf.unique_with_counts(x) and tf.compat.v1.setdiff1d(x, y) (eager, CPU).

Case fields: name, note?, op ("unique_with_counts" | "setdiff1d"), dtype (int32 | int64 |
float32 | float64), x (and y for setdiff1d): 1-D lists of values, floats written as Python's
repr strings ("nan", "-0.0", "inf", "1.5") so NaN and the sign of zero survive JSON; expect =
{"outputs": [values, idx, counts]} (unique_with_counts) or {"outputs": [out, idx]}
(setdiff1d), each {shape, values}, values in the same encoding. The Rust replay compares floats bit for bit (NaN with NaN by is_nan).

TF's own rules recorded here: each NaN is a distinct value; -0.0 and 0.0 are one value, and
the first occurrence's sign is kept; results in order of first occurrence.

Left out: inputs that are not 1-D (TF: "unique expects a 1D vector.", "x should be a 1D
vector."; this crate's functions take 1-D arrays by type, so they do not compile), and float16
(TF keeps -0.0 and 0.0 apart there; this crate does not take f16).
"""

import random

import numpy as np
import tensorflow as tf

from tfcommon import new_case

FILE = "unique.json"
SEED = 7_501
DTYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32, "float64": np.float64}


def enc(arr, dtype):
    if dtype.startswith("float"):
        return [repr(float(v)) for v in np.asarray(arr).tolist()]
    return [int(v) for v in np.asarray(arr).tolist()]


def key(v):
    """TF's equality: NaN unique (None), -0.0 is 0.0."""
    if isinstance(v, float) and v != v:
        return None
    return 0.0 if v == 0 else v


def model_unique(x):
    first, values, idx, counts = {}, [], [], []
    for v in x:
        k = key(v)
        at = first.setdefault(k, len(values)) if k is not None else len(values)
        if at == len(values):
            values.append(v)
            counts.append(0)
        counts[at] += 1
        idx.append(at)
    return values, idx, counts


def model_setdiff(x, y):
    remove = {key(v) for v in y if key(v) is not None}
    keep = [(i, v) for i, v in enumerate(x) if key(v) is None or key(v) not in remove]
    return [v for _, v in keep], [i for i, _ in keep]


def same(a, b):
    """Lists equal element for element, NaN with NaN, the sign of zero compared."""
    return len(a) == len(b) and all(repr(float(p)) == repr(float(q)) for p, q in zip(a, b))


def outputs(*lists):
    return {"outputs": [{"shape": [len(v)], "values": v} for v in lists]}


def case(name, op, dtype, x, y=None, note=None):
    xs = np.asarray(x, dtype=DTYPES[dtype])
    fields = dict(op=op, dtype=dtype, x=enc(xs, dtype))
    if op == "unique_with_counts":
        v, i, c = tf.unique_with_counts(tf.constant(xs), out_idx=tf.int64)
        expect = outputs(enc(v.numpy(), dtype), i.numpy().tolist(), c.numpy().tolist())
        mv, mi, mc = model_unique(xs.tolist())
        assert same(v.numpy().tolist(), mv) and i.numpy().tolist() == mi, name
        assert c.numpy().tolist() == mc, name
    else:
        ys = np.asarray(y, dtype=DTYPES[dtype])
        fields["y"] = enc(ys, dtype)
        out, i = tf.compat.v1.setdiff1d(tf.constant(xs), tf.constant(ys), index_dtype=tf.int64)
        expect = outputs(enc(out.numpy(), dtype), i.numpy().tolist())
        mo, mi = model_setdiff(xs.tolist(), ys.tolist())
        assert same(out.numpy().tolist(), mo) and i.numpy().tolist() == mi, name
    return new_case(name, note, **fields, expect=expect)


def seed_cases():
    return [
        case("doc-unique-with-counts", "unique_with_counts", "int32", [1, 1, 2, 4, 4, 4, 7, 8, 8]),
        case("doc-unique", "unique_with_counts", "int64", [1, 1, 2, 4, 4, 4, 7, 8, 8]),
        case("doc-setdiff1d", "setdiff1d", "int32", [1, 2, 3, 4, 5, 6], [1, 3, 5]),
    ]


NAN, INF = float("nan"), float("inf")


def hand_cases():
    c = []
    for dt in ("float32", "float64"):
        c.append(case(f"unique-nan-{dt}", "unique_with_counts", dt, [NAN, 1.0, NAN, -0.0, 0.0, 1.0]))
        c.append(case(f"unique-negzero-first-{dt}", "unique_with_counts", dt, [-0.0, 0.0, 2.0, -0.0]))
        c.append(case(f"unique-zero-first-{dt}", "unique_with_counts", dt, [0.0, -0.0]))
        c.append(case(f"unique-inf-{dt}", "unique_with_counts", dt, [INF, -INF, INF, NAN]))
        c.append(case(f"setdiff-nan-{dt}", "setdiff1d", dt, [NAN, 1.0, NAN, -0.0, 0.0], [NAN, 0.0]))
        c.append(case(f"setdiff-negzero-{dt}", "setdiff1d", dt, [-0.0, 1.0, 0.0], [-0.0]))
        c.append(case(f"setdiff-inf-{dt}", "setdiff1d", dt, [INF, -INF, 1.0], [INF]))
    for dt in ("int32", "int64"):
        c.append(case(f"unique-empty-{dt}", "unique_with_counts", dt, []))
        c.append(case(f"setdiff-empty-x-{dt}", "setdiff1d", dt, [], [1, 2]))
        c.append(case(f"setdiff-empty-y-{dt}", "setdiff1d", dt, [3, 1, 3], []))
        c.append(case(f"setdiff-everything-{dt}", "setdiff1d", dt, [3, 1, 3], [1, 3, 9]))
        c.append(case(f"setdiff-duplicates-{dt}", "setdiff1d", dt, [3, 1, 3, 2, 1], [2]))
    c.append(case("unique-int-extremes", "unique_with_counts", "int64",
                  [2**63 - 1, -(2**63), 0, -(2**63), 2**63 - 1]))
    c.append(case("unique-negative", "unique_with_counts", "int32", [-1, -2, -1, 0, -2]))
    return c


def random_values(rng, dtype, n):
    if dtype.startswith("int"):
        pool = rng.choice([3, 6, 20, 1000])
        return [rng.randint(-pool, pool) for _ in range(n)]
    pool = [0.0, -0.0, 1.0, -1.0, 2.5, NAN, INF, -INF, 1e-30, 3.0]
    pool = rng.sample(pool, rng.randint(2, len(pool)))
    return [rng.choice(pool) for _ in range(n)]


def random_cases(rng):
    cases = []
    for op in ("unique_with_counts", "setdiff1d"):
        for n in range(170):
            dtype = rng.choice(list(DTYPES))
            length = rng.choice([0, 1, 2, 3, 5, 8, 13, 21, 40])
            x = random_values(rng, dtype, length)
            y = None
            if op == "setdiff1d":
                y = random_values(rng, dtype, rng.choice([0, 1, 2, 4, 8, 16]))
                if x and rng.random() < 0.5:
                    y += rng.sample(x, min(len(x), rng.randint(1, 4)))
                    rng.shuffle(y)
            cases.append(case(f"random-{op}-{n:03d}", op, dtype, x, y))
    return cases


def build():
    rng = random.Random(SEED)
    return seed_cases() + hand_cases() + random_cases(rng)


def check(cases):
    for op in ("unique_with_counts", "setdiff1d"):
        mine = [c for c in cases if c["op"] == op]
        assert len(mine) >= 150, (op, len(mine))
        floats = [c for c in mine if c["dtype"].startswith("float")]
        assert sum("nan" in c["x"] for c in floats) >= 20
        assert sum("-0.0" in c["x"] and "0.0" in c["x"] for c in floats) >= 10
        assert sum(not c["x"] for c in mine) >= 5
        print(f"  {op}: {len(mine)} cases, {len(floats)} float")
    diffs = [c for c in cases if c["op"] == "setdiff1d"]
    assert sum(len(c["expect"]["outputs"][0]["values"]) < len(c["x"]) for c in diffs) >= 60
