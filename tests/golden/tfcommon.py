"""Helpers shared by the op generators (gen_*.py) that generate.py runs.

Each op family lives in its own `gen_<family>.py` next to this file and defines:

- `FILE`: the JSON file it writes (e.g. "split.json");
- `build() -> list[dict]`: the cases, deterministic (its own `random.Random(seed)`); each case has
  a unique `name`, the op's arguments, and `expect` = {"shape": [...], "values": [...]} (or, for
  ops with several outputs, {"outputs": [{"shape", "values"}, ...]}) or
  {"error": {"kind": <our Error variant name>, "message": <TF's message, cleaned>}};
- `check(cases)`: asserts on the mix (counts of random cases, error kinds covered); raises on a
  shortfall.

Inputs are `arange(shape)` (int64) unless a case says otherwise, so values identify positions.
"""

import json
import math
import re

import numpy as np
import tensorflow as tf

GENERATOR = "tests/golden/generate.py"


def clean_message(exc):
    """TF's MSG alone: drop the `{{function_node ...}} ` prefix and ` [Op:X] name: ...` suffix."""
    msg = exc.message if isinstance(exc, tf.errors.OpError) else str(exc)
    msg = re.sub(r"^\{\{function_node [^}]*\}\}\s*", "", msg)
    msg = re.sub(r"\s*\[Op:\w+\](\s*name:.*)?\s*$", "", msg, flags=re.S)
    return msg.rstrip()


def classify(msg, table):
    """The kind of the first (kind, regex) in `table` that matches all of `msg`."""
    for kind, pattern in table:
        if re.fullmatch(pattern, msg):
            return kind
    raise AssertionError(f"unclassified TF error message: {msg!r}")


def error_expect(exc, table):
    """`{"error": {kind, message}}` for a TF exception, classified by `table`."""
    msg = clean_message(exc)
    return {"error": {"kind": classify(msg, table), "message": msg}}


_ARANGE = {}


def arange(shape):
    shape = tuple(shape)
    if shape not in _ARANGE:
        _ARANGE[shape] = np.arange(math.prod(shape), dtype=np.int64).reshape(shape)
    return _ARANGE[shape]


def array_field(arr):
    """`{"shape", "values"}` of any array (indices, a mask), values flattened in C order."""
    arr = np.asarray(arr)
    return {"shape": list(arr.shape), "values": arr.reshape(-1).tolist()}


def as_expect(arr):
    arr = np.asarray(arr)
    assert arr.dtype == np.int64, arr.dtype
    return array_field(arr)


def new_case(name, note=None, **fields):
    """A case dict: `name`, then `note` if there is one, then `fields` in the order given."""
    c = {"name": name}
    if note:
        c["note"] = note
    c.update(fields)
    return c


def write_json(path, cases):
    meta = {"generator": GENERATOR, "tensorflow": tf.__version__, "numpy": np.__version__}
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    dump = lambda obj: json.dumps(obj, separators=(",", ":"))  # noqa: E731
    text = (dump(meta)[:-1] + ',"cases":[\n' + ",\n".join(dump(c) for c in cases) + "\n]}\n")
    assert json.loads(text) == dict(meta, cases=cases)
    path.write_text(text)
    return path.stat().st_size


def kind_of(case):
    exp = case["expect"]
    if "error" in exp:
        return exp["error"]["kind"]
    if "outputs" in exp:
        return "ok"
    return "ok-empty" if 0 in exp["shape"] else "ok"


def outcome(case):
    """The case's error kind, or "ok" (empty results included; see `kind_of` to tell them apart)."""
    exp = case["expect"]
    return exp["error"]["kind"] if "error" in exp else "ok"


def outcome_counts(cases):
    """How many cases have each `outcome`."""
    counts = {}
    for c in cases:
        counts[outcome(c)] = counts.get(outcome(c), 0) + 1
    return counts


def error_kinds(cases):
    """The set of error kinds among `cases`."""
    return {c["expect"]["error"]["kind"] for c in cases if "error" in c["expect"]}


def assert_error_kinds(cases, table):
    """The error kinds among `cases` are exactly those of the (kind, regex) `table`."""
    kinds, want = error_kinds(cases), {k for k, _ in table}
    assert kinds == want, (f"error kinds missing: {sorted(want - kinds)}, "
                           f"unknown: {sorted(kinds - want)}")


def random_ones(cases, prefix="random-"):
    """The randomly generated cases (by name)."""
    return [c for c in cases if c["name"].startswith(prefix)]


def assert_at_least(counts, need):
    """Each kind in `need` has at least that many in `counts`."""
    short = {k: (counts.get(k, 0), n) for k, n in need.items() if counts.get(k, 0) < n}
    assert not short, f"too few cases of kind: {short}"


SMALL_DIMS = [0] + [1, 2, 3, 4] * 3 + [5]


def rand_shape(rng, max_rank=5, limit=600, dims=SMALL_DIMS):
    """A shape of rank 0..max_rank (mostly 2 or 3) from `dims`, of at most `limit` elements."""
    rank = rng.choices(range(max_rank + 1), weights=[1, 3, 4, 4, 3, 2][:max_rank + 1])[0]
    while True:
        shape = [rng.choice(dims) for _ in range(rank)]
        if np.prod(shape, dtype=np.int64) <= limit:
            return shape


def tally(cases):
    counts = {}
    for c in cases:
        counts[kind_of(c)] = counts.get(kind_of(c), 0) + 1
    return dict(sorted(counts.items()))
