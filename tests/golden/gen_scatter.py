"""scatter.json: tf.scatter_nd(indices, updates, shape), tf.tensor_scatter_nd_update(tensor,
indices, updates) and tf.tensor_scatter_nd_add(tensor, indices, updates) (eager, CPU).

Case fields: name, note?, op ("scatter_nd" | "tensor_scatter_nd_update" |
"tensor_scatter_nd_add"), shape (scatter_nd: the `shape` argument, entries may be negative;
the tensor ops: tensor = arange(shape), int64), indices = {shape, values}, dtype (int32 | int64,
all TF's scatter kernels take; the Rust replay uses the same type), updates = {shape, values}
(values -(1 + arange), int64), expect = {shape, values} or {"error": {kind, message?,
tf_message?}}. The Rust replay runs the in-place forms (scatter_nd_update / scatter_nd_add on
&mut self) on the tensor ops' cases too: this crate gives them the tensor ops' checks.

Each case runs in a forked child, because TF aborts the whole process (`Check failed: d <
dims()`) where `updates` has fewer dims than `indices.shape[:-1]` and the ones it has match.
Such a case is recorded as this crate's documented error, ScatterOuterShape, with
"tf": "abort"; check() asserts aborts happen exactly there.

The crate's decisions recorded here (as kind with TF's text as tf_message, or TF's outcome in
tf_outcome where TF returned a value):
- the in-place forms take the tensor ops' checks. Their own cases ("variable_scatter_nd_update" |
  "variable_scatter_nd_add") run TF's variable ops (tf.Variable.scatter_nd_update / _add, i.e.
  ResourceScatterNdUpdate / Add) on the same inputs: where the tensor op succeeds the variable's
  new value is recorded (and must equal the tensor op's); where it fails, this crate's error kind
  (the tensor op's) with what the variable op did as tf_message ("ok" where it wrote anyway, as
  for 1-D indices, whose first index only it applies) and tf_variable_written (whether it had
  changed the variable when it failed: it writes the valid updates, after the bad one too, before reporting it).
- 1-D indices ([n]): ScatterIndicesRank. TF's tensor ops and scatter_nd reject them with
  unrelated shape errors (its variable ops apply the first index only).
- "Indices and updates specified for empty output.  indices shape: [..]" (scatter_nd's second
  emptiness check): ScatterEmpty, this crate's words differ after "empty output".
- "Only indices.shape[-1] values between 1 and 5 ... Requested rank: 0": ScatterEmptyIndexVector
  (this crate has no upper limit on the index depth, TF stops at 7: left out).

Element types: every case above has int64 tensor and updates (no values_dtype field). The
"typed" cases (names starting typed-, own random stream) add values_dtype = float32 | float64 |
int32 | bool: tensor = arange(shape) in that type (bool: odd elements true), updates = -(1 +
arange) / 4 for the floats (quarters: every sum of a few is exact in float32, so the order
duplicates are added in cannot change a result and the replay compares exactly), -(1 + arange)
for int32, and arange % 3 == 0 for bool; expect values are then JSON numbers or booleans.
TF adds duplicate bools as logical or in scatter_nd; tensor_scatter_nd_add has no bool kernel in
TF 2.21 ("Could not find device for node: TensorScatterAdd[T=DT_BOOL"), so there is no bool
case for it (this crate's ScatterAdd for bool, logical or, follows scatter_nd).

Not deterministic in TF: some of its variable ops' messages for 0-d indices or updates print
an uninitialised dimension ("updates[shape=[]] = 58848"), a different number each run; only
tf_message holds them (never compared), so a regenerated file differs there.

Left out: index vectors longer than 7 (TF's kernel limit) and shapes whose element count
overflows int64 (TF's MakeShape; this crate says TooLarge).
"""

import os
import pickle
import random
import re

import numpy as np
import tensorflow as tf

from tfcommon import (array_field, arange, as_expect, assert_at_least, classify, clean_message,
                      new_case, outcome_counts, rand_shape)

FILE = "scatter.json"
SEED = 7_401
OPS = ["scatter_nd", "tensor_scatter_nd_update", "tensor_scatter_nd_add"]
VARIABLE_OPS = {"variable_scatter_nd_update": "tensor_scatter_nd_update",
                "variable_scatter_nd_add": "tensor_scatter_nd_add"}
DTYPES = {"int32": np.int32, "int64": np.int64}

ERRORS = [
    ("ScatterIndicesRank", r"Indices shape must have rank at least one\. Found:\[\]"),
    ("ScatterUpdatesScalar", r"Updates shape must have rank at least one\. Found:\[\]"),
    ("NegativeDimension", r"Dimension -\d+ must be >= 0"),
    ("ScatterEmpty", r"Indices and updates specified for empty output shape"),
    ("ScatterEmpty2", r"Indices and updates specified for empty output\.  indices shape: \[[\d,]*\]"),
    ("ScatterOuterShape", r"Dimensions \[0,\d+\) of indices\[shape=\[[\d,]*\]\] must match "
                          r"dimensions \[0,\d+\) of updates\[shape=\[[\d,]*\]\]|"
                          r"Outer dimensions of indices and update must match\. Indices shape: "
                          r"\[[\d,]*\], updates shape:\[[\d,]*\]"),
    ("ScatterInnerShape", r"Dimensions \[\d+,\d+\) of input\[shape=\[[\d,]*\]\] must match "
                          r"dimensions \[\d+,\d+\) of updates\[shape=\[[\d,]*\]\]|"
                          r"Inner dimensions of output shape must match inner dimensions of "
                          r"updates shape\. Output: \[[\d,]*\] updates: \[[\d,]*\]|"
                          r"The inner \d+ dimensions of output\.shape=\[[\d,]*\] must match the "
                          r"inner \d+ dimensions of updates\.shape=\[[\d,]*\]"),
    ("ScatterScalarOutput", r"Output must be at least 1-D, got shape: \[\]"),
    ("ScatterEmptyIndexVector", r"Only indices\.shape\[-1\] values between 1 and \d+ are currently "
                                r"supported\.  Requested rank: 0"),
    ("ScatterOutOfBounds", r"indices(\[[\d,]+\])? = \[[-\d, ]*\] does not index into shape \[[\d,]*\]"),
]
TF_MESSAGE_ONLY = {"ScatterEmpty2": "ScatterEmpty", "ScatterEmptyIndexVector": "ScatterEmptyIndexVector"}


VALUE_DTYPES = {"int64": np.int64, "int32": np.int32, "float32": np.float32,
                "float64": np.float64, "bool": np.bool_}


def tensor_of(shape, values_dtype="int64"):
    """The tensor ops' input: arange(shape) in the case's element type (bool: odd ones true)."""
    a = arange([max(d, 0) for d in shape])
    if values_dtype == "bool":
        return a % 2 == 1
    return a.astype(VALUE_DTYPES[values_dtype])


def updates_of(updates_shape, values_dtype="int64"):
    a = arange(updates_shape)
    if values_dtype == "bool":
        return a % 3 == 0
    if values_dtype.startswith("float"):
        return (-(1 + a) / 4).astype(VALUE_DTYPES[values_dtype])
    return (-(1 + a)).astype(VALUE_DTYPES[values_dtype])


def run_tf(op, shape, indices, dtype, updates):
    """TF's result as ("ok", ndarray) or ("error", message); raises on anything unexpected."""
    idx = tf.constant(indices.astype(DTYPES[dtype]))
    upd = tf.constant(updates)
    values_dtype = np.dtype(updates.dtype).name if updates.dtype != np.bool_ else "bool"
    try:
        if op == "scatter_nd":
            out = tf.scatter_nd(idx, upd, tf.constant(np.asarray(shape, dtype=DTYPES[dtype])))
        elif op == "tensor_scatter_nd_update":
            out = tf.tensor_scatter_nd_update(tf.constant(tensor_of(shape, values_dtype)), idx, upd)
        else:
            out = tf.tensor_scatter_nd_add(tf.constant(tensor_of(shape, values_dtype)), idx, upd)
        return ("ok", out.numpy())
    except tf.errors.InvalidArgumentError as e:
        return ("error", clean_message(e))


def run_variable(op, shape, indices, dtype, updates):
    """TF's variable op: ("ok", new value) or ("error", message, whether the variable changed)."""
    v = tf.Variable(arange(shape))
    idx = tf.constant(indices.astype(DTYPES[dtype]))
    upd = tf.constant(updates)
    try:
        if op == "variable_scatter_nd_update":
            v.scatter_nd_update(idx, upd)
        else:
            v.scatter_nd_add(idx, upd)
        return ("ok", v.numpy())
    except tf.errors.InvalidArgumentError as e:
        return ("error", clean_message(e), not np.array_equal(v.numpy(), arange(shape)))


def variable_expect(op, shape, indices, dtype, updates):
    """The in-place form's expectation: the tensor op's outcome, checked against the variable op."""
    mine = expect_of(VARIABLE_OPS[op], shape, indices, dtype, updates)
    got = in_child(lambda: run_variable(op, shape, indices, dtype, updates))
    if "values" in mine:
        assert got != "abort" and got[0] == "ok", (op, shape, indices.shape, got)
        assert as_expect(got[1]) == mine, (op, shape, "variable and tensor op differ")
        return mine
    err = dict(mine["error"])
    err.pop("message", None)
    err.pop("tf", None)
    if got == "abort":
        err["tf_message"] = "abort"
    elif got[0] == "ok":
        err["tf_message"] = "ok"
        err["tf_variable_written"] = not np.array_equal(got[1], arange(shape))
    else:
        err["tf_message"] = got[1]
        err["tf_variable_written"] = got[2]
    return {"error": err}


def in_child(f):
    """f() in a forked child: its value, or "abort" if the child died (TF's CHECK failures)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        try:
            data = pickle.dumps(("value", f()))
        except BaseException as e:  # noqa: BLE001 - reported to the parent
            data = pickle.dumps(("raise", repr(e)))
        os.write(w, data)
        os._exit(0)
    os.close(w)
    chunks = []
    while True:
        c = os.read(r, 1 << 16)
        if not c:
            break
        chunks.append(c)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return "abort"
    kind, value = pickle.loads(b"".join(chunks))
    if kind == "raise":
        raise RuntimeError(f"TF call raised something unexpected: {value}")
    return value


def predicted_abort(indices_shape, updates_shape):
    """Where TF's dim-by-dim outer check reads past the end of `updates`' shape."""
    outer = indices_shape[:-1]
    u = list(updates_shape)
    return 1 <= len(u) < len(outer) and list(outer[:len(u)]) == u


def expect_of(op, shape, indices, dtype, updates):
    got = in_child(lambda: run_tf(op, shape, indices, dtype, updates))
    one_d = indices.ndim == 1
    if got == "abort":
        assert predicted_abort(indices.shape, updates.shape), (op, shape, indices.shape, updates.shape)
        return {"error": {"kind": "ScatterOuterShape", "tf": "abort"}}
    assert not predicted_abort(indices.shape, updates.shape) or one_d or indices.ndim == 0 \
        or updates.ndim == 0 or got[0] == "error", "predicted an abort TF did not have"
    status, value = got
    if one_d:
        # The crate refuses 1-D indices; record what TF did.
        tf_said = value if status == "error" else f"ok: shape {list(value.shape)}"
        return {"error": {"kind": "ScatterIndicesRank", "tf_message": tf_said}}
    if status == "ok":
        return as_expect(value) if value.dtype == np.int64 else array_field(value)
    kind = classify(value, ERRORS)
    if kind in TF_MESSAGE_ONLY:
        return {"error": {"kind": TF_MESSAGE_ONLY[kind], "tf_message": value}}
    return {"error": {"kind": kind, "message": value}}


def model(op, shape, indices, updates):
    """The definition, where TF succeeded: index vector by index vector, in row-major order."""
    if op == "scatter_nd":
        out = np.zeros(shape, updates.dtype)
    else:
        out = tensor_of(shape, "bool" if updates.dtype == np.bool_ else
                        np.dtype(updates.dtype).name).copy()
    depth = indices.shape[-1]
    if out.size == 0:
        return out
    vecs = indices.reshape(-1, depth)
    upd = updates.reshape((vecs.shape[0],) + tuple(shape[depth:]))
    for k, v in enumerate(vecs):
        at = tuple(int(i) for i in v)
        if op == "tensor_scatter_nd_update":
            out[at] = upd[k]
        elif out.dtype == np.bool_:
            out[at] |= upd[k]
        else:
            out[at] += upd[k]
    return out


def case(name, op, shape, indices, updates_shape=None, dtype="int32", note=None,
         values_dtype="int64"):
    indices = np.asarray(indices, dtype=np.int64)
    if updates_shape is None:
        out = [max(d, 0) for d in shape]
        depth = indices.shape[-1] if indices.ndim else 0
        updates_shape = list(indices.shape[:-1]) + out[depth:]
    updates = updates_of(updates_shape, values_dtype)
    run = variable_expect if op in VARIABLE_OPS else expect_of
    typed = {} if values_dtype == "int64" else {"values_dtype": values_dtype}
    c = new_case(name, note, op=op, shape=list(shape), indices=array_field(indices), dtype=dtype,
                 **typed, updates=array_field(updates),
                 expect=run(op, shape, indices, dtype, updates))
    if "values" in c["expect"]:
        want = model(VARIABLE_OPS.get(op, op), shape, indices, updates)
        assert c["expect"] == array_field(want), (name, c["expect"], want.tolist())
    return c


def typed_cases(rng):
    """The ops on float32, float64, int32 and bool values: the documentation's examples and
    duplicates by hand, then random cases (generated as the int64 ones, recast)."""
    c = []
    for values_dtype in ("float32", "float64", "int32", "bool"):
        for op in OPS:
            if op == "tensor_scatter_nd_add" and values_dtype == "bool":
                continue  # TF has no bool kernel for it
            add = lambda name, *a, **k: c.append(case(  # noqa: E731
                f"typed-{values_dtype}-{op}-{name}", op, *a, values_dtype=values_dtype, **k))
            add("doc-vector", [8], [[4], [3], [1], [7]])
            add("doc-slices", [4, 4, 4], [[0], [2]])
            add("duplicates", [5], [[1], [1], [3], [1]])
            add("duplicate-rows", [3, 2], [[2], [0], [2]])
            add("oob", [8], [[8]])
            add("inner-dim", [4, 3], [[1]], [1, 2])
            add("empty-indices", [4], np.zeros((0, 1), np.int64), [0])
            for n, r in enumerate(random_cases(rng, op, 12)):
                idx = np.asarray(r["indices"]["values"], np.int64).reshape(r["indices"]["shape"])
                add(f"random-{n:02d}", r["shape"], idx, r["updates"]["shape"], r["dtype"])
    return c


def seed_cases():
    """The examples of TF's documentation of the three ops."""
    c = []
    c.append(case("doc-scatter-nd-vector", "scatter_nd", [8], [[4], [3], [1], [7]]))
    c.append(case("doc-scatter-nd-slices", "scatter_nd", [4, 4, 4], [[0], [2]]))
    c.append(case("doc-tensor-update-vector", "tensor_scatter_nd_update", [8], [[1], [3], [4], [7]]))
    c.append(case("doc-tensor-update-rows", "tensor_scatter_nd_update", [4, 4, 4], [[0], [2]]))
    c.append(case("doc-tensor-update-elements", "tensor_scatter_nd_update", [4, 4, 4],
                  [[0, 1], [2, 3]]))
    c.append(case("doc-tensor-add-vector", "tensor_scatter_nd_add", [8], [[4], [3], [1], [7]]))
    c.append(case("doc-tensor-add-slices", "tensor_scatter_nd_add", [4, 4, 4], [[0], [2]]))
    return c


def hand_cases():
    c = []
    z = lambda *s: np.zeros(s, np.int64)  # noqa: E731
    for op in OPS:
        add = lambda name, *a, **k: c.append(case(f"{op}-{name}", op, *a, **k))  # noqa: E731
        add("duplicates", [5], [[1], [1], [3], [1]], note="scatter_nd and add: sums; update: last wins")
        add("duplicate-rows", [3, 2], [[2], [0], [2]])
        add("scalar-indices", [4], 1, [1])
        add("vector-indices", [4, 2], [1, 0], [])
        add("vector-indices-one", [4, 1], [2], [1])
        add("vector-indices-rows", [4, 2], [1], [2])
        add("vector-indices-first-only", [4], [2, 0], [2],
            note="TF's variable ops write 9 at index 2 and drop the rest")
        add("scalar-updates", [4], [[1]], [])
        add("empty-updates-only", [4, 3], [[1]], [1, 0])
        add("empty-indices-only", [4], z(0, 1), [2])
        add("empty-vectors-with-updates", [4], z(2, 0), [2, 4], note="indices empty, updates not")
        add("empty-everything", [4, 3], z(0, 1), [0, 3])
        add("empty-everything-bad-inner", [4, 3], z(0, 1), [0, 2])
        add("empty-output", [0, 3], [[0]], [1, 3])
        add("empty-output-empty-slices", [3, 0], [[5]], [1, 0])
        add("empty-output-ok", [0, 3], z(0, 1), [0, 3])
        add("empty-output-depth-0", [0], z(2, 0), [2, 0])
        add("empty-output-ok-elements", [2, 0], z(0, 2), [0])
        add("empty-output-ok-rank-3", [2, 0, 3], z(3, 0, 1), [3, 0, 0, 3])
        add("depth-0-nonempty-output", [3], z(0, 0), [0, 3])
        add("depth-past-rank", [4, 4], [[1, 2, 3]], [1])
        add("outer-mismatch", [4], [[1], [2]], [3])
        add("outer-mismatch-second", [4], [[[1], [2]]], [1, 3])
        add("outer-abort", [4], [[[1]]], [1], note="TF aborts the process")
        add("outer-abort-2", [4, 2], [[[1], [2]], [[0], [3]]], [2], note="TF aborts the process")
        add("outer-fewer-mismatch", [4, 2], [[[1]], [[2]]], [1])
        add("inner-rank", [4], [[1]], [1, 1])
        add("inner-dim", [4, 3], [[1]], [1, 2])
        add("inner-rank-fewer", [4, 3, 2], [[1]], [1, 3])
        add("scalar-output-empty", [], z(0, 0), [0])
        add("scalar-output-one-update", [], z(1, 0), [1])
        add("scalar-output-depth-1", [], z(0, 1), [0])
        add("oob", [8], [[8]])
        add("oob-negative", [8], [[-1]])
        add("oob-last-reported", [8], [[9], [8], [1]])
        add("oob-last-reported-2", [8], [[1], [9], [8], [7], [6]])
        add("oob-position-2d", [3, 3], [[[1, 9], [9, 1]], [[1, 1], [5, 5]]])
        add("oob-int64-huge", [3], [[2**40]], dtype="int64")
        add("oob-int64-max", [3], [[2**63 - 1]], dtype="int64")
        add("rank-5-elements", [2, 1, 3, 2, 2], [[1, 0, 2, 1, 1], [0, 0, 0, 0, 0], [1, 0, 2, 1, 1]])
        add("rank-5-slices", [2, 1, 3, 2, 2], [[[1, 0]], [[0, 0]]])
        add("depth-6", [1, 2, 1, 2, 1, 2], [[0, 1, 0, 1, 0, 1], [0, 0, 0, 0, 0, 0]])
        add("int64", [3, 4], [[2], [0]], dtype="int64")
    c.append(case("scatter_nd-negative-shape", "scatter_nd", [-3], [[1]], [1]))
    c.append(case("scatter_nd-negative-shape-second", "scatter_nd", [2, -1], [[1]], [1, 0]))
    c.append(case("scatter_nd-negative-after-ranks", "scatter_nd", [-3], [[1]], [],
                  note="updates' rank is checked before the shape"))
    c.append(case("scatter_nd-negative-before-empty", "scatter_nd", [-3], [[1]], [0]))
    c.append(case("scatter_nd-zero-dim-shape", "scatter_nd", [0], [[1]], [1],
                  note="second emptiness check: TF's words differ"))
    return c


def random_cases(rng, op, count):
    cases = []
    for n in range(count):
        shape = rand_shape(rng, limit=300)
        rank = len(shape)
        roll = rng.random()
        if roll < 0.03:
            depth = 0
        elif roll < 0.08:
            depth = rank + 1
        else:
            depth = rng.randint(1, rank) if rank else 0
        outer = [rng.choice([0, 1, 2, 3, 4] if rng.random() < 0.1 else [1, 2, 3, 4])
                 for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
        roll = rng.random()
        if roll < 0.02:
            idx_shape = []
        elif roll < 0.05:
            idx_shape = [depth]
        else:
            idx_shape = outer + [depth]
        count_v = int(np.prod(idx_shape[:-1], dtype=np.int64)) if idx_shape else 1
        dims = shape[:depth] + [1] * max(depth - rank, 0)
        values = []
        for _ in range(count_v):
            values.extend(rng.randint(0, max(d - 1, 0)) for d in dims)
        if not idx_shape:
            values = [rng.randint(0, 3)]
        total = len(values)
        if rng.random() < 0.15 and total and depth:
            for _ in range(rng.randint(1, 2)):
                k = rng.randrange(total)
                d = dims[k % depth]
                values[k] = rng.choice([-1, -3, d, d + 2])
        indices = np.asarray(values, dtype=np.int64).reshape(idx_shape)
        ushape = list(idx_shape[:-1]) + shape[depth:] if idx_shape else list(shape)
        roll = rng.random()
        if roll < 0.06 and ushape:
            k = rng.randrange(len(ushape))
            ushape[k] += rng.choice([1, 2]) if ushape[k] < 2 else rng.choice([-1, 1])
        elif roll < 0.09 and ushape:
            ushape.pop(rng.randrange(len(ushape)))
        elif roll < 0.12:
            ushape.insert(rng.randint(0, len(ushape)), rng.choice([1, 2]))
        elif roll < 0.15:
            ushape = []
        elif roll < 0.17 and len(idx_shape) > 2:
            ushape = list(idx_shape[:rng.randint(1, len(idx_shape) - 2)])  # TF's abort
        sh = list(shape)
        if op == "scatter_nd" and rng.random() < 0.04 and sh:
            sh[rng.randrange(len(sh))] = rng.choice([-1, -2])
        dtype = rng.choice(["int32", "int64"])
        cases.append(case(f"random-{op}-{n:03d}", op, sh, indices, ushape, dtype))
    return cases


def build():
    rng = random.Random(SEED)
    cases = seed_cases() + hand_cases()
    for op in OPS:
        cases += random_cases(rng, op, 170)
    for op in VARIABLE_OPS:
        cases += [case(f"{op}-{c['name'].split('-', 1)[1]}", op, c["shape"],
                       np.asarray(c["indices"]["values"], np.int64).reshape(c["indices"]["shape"]),
                       c["updates"]["shape"], c["dtype"])
                  for c in cases if c["op"] == VARIABLE_OPS[op] and not c["name"].startswith("random-")]
        cases += random_cases(rng, op, 150)
    # Their own stream, so the int64 cases above stay as they were.
    return cases + typed_cases(random.Random(SEED + 1))


def check(cases):
    for op in OPS:
        mine = [c for c in cases if c["op"] == op]
        counts = outcome_counts(mine)
        print(f"  {op}: {len(mine)} cases, {dict(sorted(counts.items()))}")
        assert len(mine) >= 150, (op, len(mine))
        assert_at_least(counts, {"ok": 80, "ScatterOutOfBounds": 10, "ScatterInnerShape": 5,
                                 "ScatterOuterShape": 5, "ScatterEmpty": 4, "ScatterIndicesRank": 5,
                                 "ScatterUpdatesScalar": 2, "ScatterScalarOutput": 1,
                                 "ScatterEmptyIndexVector": 1})
        assert sum(c["expect"].get("error", {}).get("tf") == "abort" for c in mine) >= 2
        assert sum("error" not in c["expect"] and 0 in c["expect"]["shape"] for c in mine) >= 3
    assert outcome_counts(c for c in cases if c["op"] == "scatter_nd")["NegativeDimension"] >= 3
    for op in VARIABLE_OPS:
        mine = [c for c in cases if c["op"] == op]
        counts = outcome_counts(mine)
        print(f"  {op}: {len(mine)} cases, {dict(sorted(counts.items()))}")
        assert len(mine) >= 150 and counts.get("ok", 0) >= 80, (op, len(mine))
        written = [c for c in mine if c["expect"].get("error", {}).get("tf_variable_written")]
        assert len(written) >= 3, "too few cases where TF's variable op wrote before failing"
        assert any(c["expect"].get("error", {}).get("tf_message") == "ok" for c in mine), \
            "no 1-D indices case the variable op half applied"
    # Duplicated index vectors among the successes, so sums and the last-wins rule are replayed.
    dup = 0
    for c in cases:
        if "values" in c["expect"] and len(c["indices"]["shape"]) >= 2 and c["indices"]["shape"][-1]:
            d = c["indices"]["shape"][-1]
            v = c["indices"]["values"]
            vecs = [tuple(v[i:i + d]) for i in range(0, len(v), d)]
            dup += len(vecs) != len(set(vecs))
    assert dup >= 30, dup
    for c in cases:
        e = c["expect"].get("error")
        if e and "message" in e:
            assert not re.search(r"node name", e["message"]), c["name"]
