"""Generate the TensorFlow golden cases for ndarray-tfslice.

Runs tf.raw_ops.StridedSlice, tf.raw_ops.Slice and tf.Tensor.__getitem__ (eager, CPU) on
np.arange(prod(shape), dtype=np.int64).reshape(shape) inputs and records the output shape and
values, or TF's exact error message, in strided_slice.json, slice.json and getitem.json next to
this file. Deterministic (fixed random seeds); needs only tensorflow and numpy.

It also writes two files for the write-side ops (reference §3):

- assign.json: tf.raw_ops.TensorStridedSliceUpdate(input, begin, end, strides, value, masks...)
  with input = arange(prod(shape)).reshape(shape) and value =
  -(1 + arange(prod(value_shape))).reshape(value_shape). Case fields: name, note?, shape, begin,
  end, strides, masks, index_dtype (int32/int64: the op's Index attr rejects int16), value_shape,
  expect = {"values": whole output flattened (shape = input shape)} or {"error": {kind, message}}.
  Error kinds: E1..E7 as in strided_slice.json, plus BCAST ("Cannot broadcast input shape [..]
  into final shape [..]"). Random value shapes: 40% the exact final shape, 15% broadcastable
  (dims -> 1, leading dims dropped), 10% extra leading 1s, 10% scalar, 15% not broadcastable,
  10% random small; a quarter of the empty slices get a [7,7] value instead (no-op rule).
- grad.json: tf.raw_ops.StridedSliceGrad(shape, begin, end, strides, dy, masks...) with
  dy = (1 + arange(prod(dy_shape))).reshape(dy_shape) and `shape` passed in the index dtype.
  Case fields: as above with dy_shape instead of value_shape; expect = {"values": output
  flattened (shape = `shape`)} or an error: E1..E7, or DY ("shape of dy was [..] instead of [..]").
  Random dy shapes: 75% exact, else off by one, a dim missing/extra, or broadcastable-but-unequal.

Every assign/grad result is also checked against a NumPy model of reference §3 (the forward
StridedSlice on the arange input gives the flat indices the slice touches); the script fails on
any disagreement or on an unclassified TF message. The random streams of the new files use
their own random.Random instances, so the three older files are unaffected by them.

The other "Slicing and Joining" ops each have a gen_<family>.py next to this file (listed in
OP_FAMILIES; the contract is in tfcommon.py), writing <family>.json.

Regenerate (from the repo root):  python3 tests/golden/generate.py
Only some files:                  python3 tests/golden/generate.py slicing split pad
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")  # silence the C++ kernel logging

import importlib
import math
import random
import sys
import time
from pathlib import Path

import numpy as np
import tensorflow as tf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tfcommon import arange, as_expect, classify, clean_message, tally, write_json  # noqa: E402

HERE = Path(__file__).resolve().parent

I16_MIN, I16_MAX = -(2**15), 2**15 - 1
I32_MIN, I32_MAX = -(2**31), 2**31 - 1
I64_MIN, I64_MAX = -(2**63), 2**63 - 1

TF_DTYPES = {"int16": tf.int16, "int32": tf.int32, "int64": tf.int64}

MASK_NAMES = ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"]


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------

STRIDED_KINDS = [
    ("E1", r"Expected begin, end, and strides to be 1D equal size tensors, but got shapes? .* instead\.|"
           r"Expected begin, end, and strides to be 1D equal size tensors, but got shape \[\d*\] for strides\."),
    ("E2", r"Multiple ellipses in slice spec not allowed"),
    ("E3", r"Attempting to slice scalar input\."),
    ("E4", r"Index out of range using input dim \d+; input has only \d+ dims"),
    ("E5", r"strides\[\d+\] must be non-zero"),
    ("E6", r"only stride 1 allowed on non-range indexing\."),
    ("E7", r"slice index -?\d+ of dimension \d+ out of bounds\."),
    ("E8", r"Unhandled input dimensions \d+"),
]

SLICE_KINDS = [
    ("S1", r"Expected begin and size arguments to be 1-D tensors of size \d+, "
           r"but got shapes \[[\d,]*\] and \[[\d,]*\] instead\."),
    ("S2", r"Expected begin\[\d+\] == 0 \(got -?\d+\) and size\[\d+\] == 0 \(got -?\d+\) "
           r"when input\.dim_size\(\d+\) == 0"),
    ("S3", r"Expected begin\[\d+\] in \[0, \d+\], but got -?\d+"),
    ("S4", r"Expected size\[\d+\] in \[0, -?\d+\], but got -?\d+"),
]


def op_error(exc, table):
    msg = clean_message(exc)
    kind = classify(msg, table)
    want = tf.errors.UnimplementedError if kind == "E8" else tf.errors.InvalidArgumentError
    assert isinstance(exc, want), (kind, type(exc).__name__, msg)
    return {"error": {"kind": kind, "message": msg}}


# --------------------------------------------------------------------------------------------
# Running TF and NumPy
# --------------------------------------------------------------------------------------------

def to_i32(mask):
    """A non-negative mask as the int32 attr value TF takes (bit 31 -> negative)."""
    m = mask & 0xFFFFFFFF
    return m - (1 << 32) if m >= (1 << 31) else m


def fits(v, bits):
    return -(1 << (bits - 1)) <= v < (1 << (bits - 1))


def min_dtype(values):
    """int32 unless some value does not fit; the _slice_helper packing rule."""
    return "int32" if all(fits(v, 32) for v in values) else "int64"


def run_strided(shape, begin, end, strides, masks, dtype):
    d = TF_DTYPES[dtype]
    try:
        out = tf.raw_ops.StridedSlice(
            input=tf.constant(arange(shape)),
            begin=tf.constant(begin, dtype=d),
            end=tf.constant(end, dtype=d),
            strides=tf.constant(strides, dtype=d),
            **{k: to_i32(m) for k, m in zip(MASK_NAMES, masks)},
        )
    except tf.errors.OpError as e:
        return op_error(e, STRIDED_KINDS)
    return as_expect(out.numpy())


def run_slice(shape, begin, size, dtype):
    d = TF_DTYPES[dtype]
    try:
        out = tf.raw_ops.Slice(
            input=tf.constant(arange(shape)),
            begin=tf.constant(begin, dtype=d),
            size=tf.constant(size, dtype=d),
        )
    except tf.errors.OpError as e:
        return op_error(e, SLICE_KINDS)
    return as_expect(out.numpy())


def run_getitem(shape, idx):
    try:
        out = tf.constant(arange(shape))[idx]
    except tf.errors.OpError as e:
        return op_error(e, STRIDED_KINDS)
    except (TypeError, ValueError) as e:
        return {"error": {"kind": type(e).__name__, "message": str(e)}}
    return as_expect(out.numpy())


def run_numpy(shape, idx):
    try:
        return as_expect(arange(shape)[idx])
    except (IndexError, TypeError, ValueError) as e:
        return {"error": {"kind": type(e).__name__, "message": str(e)}}


# --------------------------------------------------------------------------------------------
# Python index expressions: text <-> object, and the _slice_helper encoding
# --------------------------------------------------------------------------------------------


class _IndexMaker:
    """I[1, 2:4, None, ...] returns the index object Python passes to __getitem__."""

    def __getitem__(self, idx):
        return idx


I = _IndexMaker()


def _render_entry(s):
    if s is Ellipsis:
        return "..."
    if s is None:
        return "None"
    if isinstance(s, slice):
        part = lambda v: "" if v is None else str(v)  # noqa: E731
        text = f"{part(s.start)}:{part(s.stop)}"
        return text if s.step is None else f"{text}:{s.step}"
    return str(s)


def render_expr(idx):
    """Canonical text of an index as written inside x[...] (entries joined by ", ")."""
    if isinstance(idx, tuple):
        if len(idx) == 1:
            return _render_entry(idx[0]) + ","
        return ", ".join(_render_entry(s) for s in idx)
    return _render_entry(idx)


def parse_expr(text):
    return () if text == "" else eval(f"_I[{text}]", {"_I": I})  # noqa: S307 (our own text)


def expr_text(idx):
    text = render_expr(idx)
    back = parse_expr(text)
    assert type(back) is type(idx) and back == idx, (idx, text, back)
    return text


class EncodeError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def _check_index(v):
    if isinstance(v, bool) or not isinstance(v, int):
        raise EncodeError("TypeError", f"not an integer index: {v!r}")
    return v


def encode(idx):
    """Mirror of TF's _slice_helper: index object -> raw StridedSlice spec.

    Masks are returned as non-negative ints of any width (> 32 bits when the spec is longer
    than 32 entries); index_dtype is int64 if any value does not fit int32, else int32."""
    items = idx if isinstance(idx, tuple) else (idx,)
    spec = []  # (begin, end, stride) per entry
    masks = [0, 0, 0, 0, 0]
    for i, s in enumerate(items):
        bit = 1 << i
        if isinstance(s, slice):
            if s.start is None:
                masks[0] |= bit
            if s.stop is None:
                masks[1] |= bit
            spec.append((0 if s.start is None else _check_index(s.start),
                         0 if s.stop is None else _check_index(s.stop),
                         1 if s.step is None else _check_index(s.step)))
        elif s is Ellipsis:
            spec.append((0, 0, 1))
            masks[2] |= bit
        elif s is None:
            spec.append((0, 0, 1))
            masks[3] |= bit
        else:
            v = _check_index(s)
            spec.append((v, v + 1, 1))
            masks[4] |= bit
    begin, end, strides = ([e[j] for e in spec] for j in range(3))
    if not all(fits(v, 64) for v in begin + end + strides):
        raise EncodeError("ValueError", "value outside int64")
    return {"begin": begin, "end": end, "strides": strides, "masks": masks,
            "index_dtype": min_dtype(begin + end + strides)}


def tf_encoding(idx):
    """The spec TF's own _slice_helper builds for idx (traced on an unknown-rank placeholder)."""
    g = tf.Graph()
    with g.as_default():
        p = tf.compat.v1.placeholder(tf.int64, shape=None)
        p[idx]
    ops = [op for op in g.get_operations() if op.type == "StridedSlice"]
    assert len(ops) == 1, ops
    op = ops[0]
    with tf.compat.v1.Session(graph=g) as sess:
        b, e, s = sess.run(list(op.inputs[1:4]))
    return {"begin": b.tolist(), "end": e.tolist(), "strides": s.tolist(),
            "masks": [op.get_attr(k) for k in MASK_NAMES], "index_dtype": op.get_attr("Index").name}


def check_encoding(idx, enc):
    got = tf_encoding(idx)
    mine = dict(enc, masks=[to_i32(m) for m in enc["masks"]])
    assert got == mine, (idx, got, mine)


# --------------------------------------------------------------------------------------------
# StridedSlice case builders
# --------------------------------------------------------------------------------------------


def masks_of(begin=0, end=0, ellipsis=0, new_axis=0, shrink=0):
    return [begin, end, ellipsis, new_axis, shrink]


def strided_raw(name, shape, begin, end, strides, masks, dtype=None, note=None, expr=None):
    dtype = dtype or min_dtype(begin + end + strides)
    masks = [m & 0xFFFFFFFF for m in masks]
    case = {"name": name}
    if note:
        case["note"] = note
    case.update(shape=list(shape), begin=list(begin), end=list(end), strides=list(strides),
                masks=masks, index_dtype=dtype, expr=expr,
                expect=run_strided(shape, begin, end, strides, masks, dtype), source="tensorflow")
    return case


def strided_expr(name, shape, idx, note=None):
    """An index-expression case: encode it, run the raw op, and assert getitem agrees."""
    text = expr_text(idx)
    enc = encode(idx)
    check_encoding(idx, enc)
    case = strided_raw(name, shape, enc["begin"], enc["end"], enc["strides"], enc["masks"],
                       enc["index_dtype"], note, text)
    assert run_getitem(shape, idx) == case["expect"], (name, text)
    return case


def strided_numpy(name, shape, idx, note):
    """A case past a TF implementation limit (spec length >= 32, kernel rank > 8).

    TF gets the masks truncated to 32 bits (it rejects the spec before reading them); the
    expected result is NumPy's x[idx]. If TF happens to succeed, the TF result is recorded."""
    text = expr_text(idx)
    enc = encode(idx)
    n = len(enc["strides"])
    tf_res = run_strided(shape, enc["begin"], enc["end"], enc["strides"], enc["masks"],
                         enc["index_dtype"])
    np_res = run_numpy(shape, idx)
    assert "error" not in np_res, (name, np_res)
    if n < 31:  # longer specs need mask bits that tf.Tensor.__getitem__ cannot pass
        check_encoding(idx, enc)
        assert run_getitem(shape, idx) == tf_res, name
    case = {"name": name, "note": note, "shape": list(shape), "begin": enc["begin"],
            "end": enc["end"], "strides": enc["strides"], "masks": enc["masks"],
            "index_dtype": enc["index_dtype"], "expr": text}
    if "error" in tf_res:
        assert tf_res["error"]["kind"] in ("E1", "E8"), (name, tf_res)
        case.update(expect=np_res, source="numpy", tf_error=tf_res["error"])
    else:
        assert tf_res == np_res, name
        case.update(expect=tf_res, source="tensorflow")
    return case


# --- reference §6 ---------------------------------------------------------------------------

UNKNOWN_DIM = "graph-only in the reference (dim 1 unknown); run eagerly with dim 1 = 3"


def ref6_cases():
    E, R = strided_expr, strided_raw
    s5 = (1, 2, 1, 3, 4)
    cases = [
        E("ref6-1", (3, 2, 3), I[::1, ::5, ::2]),
        E("ref6-2", (3, 2, 3), I[-2::-1, :, ::2]),
        E("ref6-3", (3, 2, 3), I[0:-1:-1]),
        E("ref6-4", (3, 2, 3), I[-1:0, 2:2, 2:3:-1]),
        E("ref6-5", (3, 4, 8), I[1:0], "empty slice on the aligned dim-0 path"),
        E("ref6-6-a", (), I[None]),
        E("ref6-6-b", (), I[...]),
        E("ref6-6-c", (), I[()], "empty spec x[()]: identity"),
        E("ref6-7", (), I[:]),
        E("ref6-8-a", (1, 2, 1, 3, 2), I[..., 0:1]),
        E("ref6-8-b", (1, 2, 1, 3, 2), I[0:1, ..., 0:1]),
        E("ref6-9", s5, I[..., :, ...], "shape chosen here (the reference gives none)"),
        E("ref6-10-a", s5, I[..., 3]),
        E("ref6-10-b", s5, I[:, :, :, :, 3]),
        E("ref6-11", (2, 2), I[None, :, 0]),
        E("ref6-12", s5, I[..., None, :]),
        E("ref6-13", s5, I[:, ..., None, :, :]),
        E("ref6-14", s5, I[:, :, None, :, 2::-1]),
        E("ref6-15", s5, I[None, ..., None]),
        E("ref6-16", (6, 4, 4), I[3:0:-2, None, 1:3, 2, None]),
        E("ref6-17-a", (6, 4, 4), I[:, -200, :], "E7 prints the shifted index -196"),
        E("ref6-17-b", (6, 4, 4), I[:, 200, :]),
        E("ref6-18", (2,), I[1:, 1:]),
        # ref6-19 (x["foo"], x[0.0], ...) is a TypeError in Python before any op runs: no raw op.
        E("ref6-20", (5, 3, 7), I[3:5, :, 50:3], UNKNOWN_DIM),
        E("ref6-21", (5, 3, 7), I[:2:3, :, None, 50:3], UNKNOWN_DIM),
        E("ref6-22", (5, 3, 7), I[2, ::-2], "graph-only in the reference (y an unknown scalar); "
                                            "run eagerly with y = 2"),
        # ref6-23 (begin/end unknown, shape inference only) has no concrete raw op.
        R("ref6-24", (2, 5), [0, 1], [1, 0], [1, 2], masks_of(end=2, shrink=1)),
        R("ref6-25", (4,), [5], [3], [1], masks_of(begin=1), note="masked begin 5 is never checked"),
        R("ref6-26", (2, 2, 3, 2), [0, 0, 1], [1, 0, 2], [1, 0, 1], masks_of(ellipsis=2, shrink=5),
          note="stride 0 at the ellipsis index is ignored"),
        R("ref6-27", (5,), [-1], [0], [1], masks_of(shrink=1)),
        R("ref6-28", (5,), [-1], [0], [-1], masks_of(shrink=1)),
        R("ref6-29", (5,), [2], [0], [3], masks_of(shrink=1), note="positive stride on shrink is fine"),
        R("ref6-30", (5,), [2], [0], [1], masks_of(begin=1, end=1, shrink=1),
          note="begin/end masks ignored when shrinking"),
        R("ref6-31", (5,), [-6], [0], [1], masks_of(shrink=1)),
        R("ref6-32", (0,), [0], [1], [1], masks_of(shrink=1), note="shrink on a size-0 dim (#42091)"),
        R("ref6-33", (5,), [2], [4], [0], masks_of(begin=1, end=1),
          note="stride 0 fails even with both masks set"),
        R("ref6-34", (5, 6), [1, 9], [3, 9], [1, 0], masks_of(new_axis=2),
          note="stride 0 at a new-axis index is ignored"),
        R("ref6-35", (5, 6), [0, 1], [0, 2], [1, 1], masks_of(new_axis=1, shrink=1),
          note="new axis wins over shrink"),
        R("ref6-36", (5,), [0], [0], [1], masks_of(begin=1, ellipsis=1, new_axis=1, shrink=1),
          note="ellipsis wins"),
        R("ref6-37", (3, 3, 3), [0], [0], [1], masks_of(new_axis=7), note="dead new_axis bits (#72332)"),
        R("ref6-38", (3, 3, 3), [0], [2], [1], masks_of(begin=6, end=6, shrink=6), note="bits >= n are dead"),
        R("ref6-39", (2, 3), [0, 0, 0], [0, 0, 1], [1, 1, 1], masks_of(ellipsis=1, new_axis=2, shrink=4)),
        R("ref6-40", (2,), [0, 0, 0], [0, 0, 0], [1, 1, 1], masks_of(ellipsis=1)),
        R("ref6-41", (), [0, 0], [0, 0], [1, 1], masks_of(ellipsis=1)),
        R("ref6-42", (), [0, 0], [0, 0], [1, 1], masks_of(new_axis=3)),
        R("ref6-43", (5,), [0, 0], [0, 0], [1, 1], masks_of(ellipsis=3)),
        R("ref6-44-a", (5,), [10], [20], [1], masks_of(), note="clamping"),
        R("ref6-44-b", (5,), [-10], [20], [1], masks_of(), note="clamping"),
        R("ref6-44-c", (5,), [100], [-100], [-1], masks_of(), note="clamping: full reverse"),
        R("ref6-45-a", (5,), [-1], [-1], [-1], masks_of(), note="-1 is the last element"),
        R("ref6-45-b", (5,), [0], [-1], [-1], masks_of(), note="-1 is the last element"),
        R("ref6-46", (5,), [0], [0], [-2], masks_of(begin=1, end=1)),
        R("ref6-47", (7,), [6], [0], [-4], masks_of()),
        R("ref6-48", (5,), [4], [0], [I64_MIN], masks_of(end=1)),
        R("ref6-49", (5,), [I64_MAX], [I64_MIN], [-1], masks_of()),
        R("ref6-50", (5,), [I64_MIN], [0], [1], masks_of(shrink=1)),
        strided_numpy("ref6-51", (1,) * 31, (slice(0, 1),) * 31 + (None,),
                      "spec length 32: TF rejects it (E1, len must be < 32); expected = NumPy. "
                      "The new_axis bit is bit 31 (int32 attr -2147483648); "
                      "tf.Tensor.__getitem__ itself fails with 'Attr new_axis_mask has value "
                      "2147483648 out of range for an int32'"),
        R("ref6-52", (5,), [0], [1, 2], [1], masks_of()),
        strided_numpy("ref6-53", (1, 2, 2, 2, 2, 2, 2, 2, 2), I[0:1, 0:1],
                      "TF kernel limit: processing rank 9 > 8 (E8); expected = NumPy"),
        R("ref6-54-a", (5,), [3], [0], [1], masks_of(begin=1), note="masks are per side"),
        R("ref6-54-b", (5,), [0], [3], [-1], masks_of(end=1), note="masks are per side"),
        # ref6-55..59 are assign/update/grad ops (a later file); ref6-60 (Slice) is in slice.json.
    ]
    return cases


# --- seed documents -------------------------------------------------------------------------

T_NOTE = "the doc's t has other values; here t = arange(18).reshape(3,2,3)"


def seed_cases():
    E, R = strided_expr, strided_raw
    t = (3, 2, 3)
    cases = []

    # seed 000 (tf.strided_slice, TF 2.x doc) and 003 (the older Python doc): same examples.
    for seed, extra in (("000", "end[i] and strides[i] are ignored"),
                        ("003", "begin[i], end[i] and strides[i] must imply a slice of size 1")):
        k = iter(range(1, 100))
        nm = lambda: f"seed{seed}-{next(k)}"  # noqa: E731
        cases += [
            R(nm(), t, [1, 0, 0], [2, 1, 3], [1, 1, 1], masks_of(), note=T_NOTE),
            R(nm(), t, [1, 0, 0], [2, 2, 3], [1, 1, 1], masks_of(), note=T_NOTE),
            R(nm(), t, [1, -1, 0], [2, -3, 3], [1, -1, 1], masks_of(), note=T_NOTE),
            E(nm(), (7, 8, 9), I[5:, :, :3]),
            E(nm(), (7, 8, 9), I[5:7, 0:8, 0:3]),
            E(nm(), (8,), I[::-1]),
            E(nm(), (10, 3, 3, 10), I[3:5, ..., 4:5]),
            E(nm(), (10, 3, 3, 10), I[3:5, :, :, 4:5]),
            E(nm(), (10, 3, 3, 10), I[3:5, ...]),
            E(nm(), (10, 3, 3, 10), I[3:5, :, :, :]),
            E(nm(), (5, 3), I[:4, None, :2], "doc: shape (4, 1, 2); shape 5x3 chosen here"),
            E(nm(), (4, 5, 6), I[:, 3, :], "doc: shrink_axis_mask 2; shape 4x5x6 chosen here"),
        ]
        if seed == "000":
            cases.append(R(nm(), (4, 5, 6), [0, 3, 0], [0, 4, 0], [1, -1, 1],
                           masks_of(begin=5, end=5, shrink=2),
                           note=f"foo[:, 3, :] with stride -1 on the shrink entry: doc says "
                                f"'{extra}', but a negative shrink stride is E6"))
        else:
            cases.append(R(nm(), (4, 5, 6), [0, 3, 0], [0, 5, 0], [1, 1, 1],
                           masks_of(begin=5, end=5, shrink=2),
                           note=f"foo[:, 3, :] with end 5 on the shrink entry: doc says '{extra}', "
                                f"but TF 2.x ignores end when shrinking"))

    # seed 001 (Java StridedSlice doc)
    k = iter(range(1, 100))
    nm = lambda: f"seed001-{next(k)}"  # noqa: E731
    cases += [
        E(nm(), (3, 4), I[...], "identity"),
        E(nm(), (3, 4), I[:, ...], "doc claims (1, 3, 4); TF gives (3, 4)"),
        E(nm(), (3,), I[:]),
        E(nm(), (3,), I[0:-1]),
        E(nm(), (4,), I[-2::-1], "doc claims foo=[1,2,3,4] gives [4,3]; TF gives the elements "
                                 "at indices 2, 1, 0 (i.e. [3,2,1])"),
        E(nm(), (5, 6), I[2, :]),
        E(nm(), (5,) * 6, I[1, 2:4, None, ..., :-3:-1, :],
          "worked example; doc: final shape (2, 1, 5, 5, 2, 5), begin_mask 48"),
        E(nm(), (3,), I[-1], "doc: foo[-1] == 3 for foo == [1,2,3]"),
        E(nm(), (6, 4), I[3:5], "doc: foo[3:5] == foo[3:5, ...]; shape 6x4 chosen here"),
        E(nm(), (6, 4), I[3:5, ...]),
        E(nm(), (3, 4, 5, 9), I[2, ..., 5:8], "doc: implies foo[2, :, :, 5:8]; shape chosen here"),
        E(nm(), (3, 4, 5, 9), I[2, :, :, 5:8]),
        R(nm(), (6, 4), [3], [5], [1], masks_of(ellipsis=1 << 2),
          note="doc claims the implicit ellipsis is 1 << (m+1); an explicit bit there is dead "
               "(same as foo[3:5])"),
    ]

    # seed 004 (TF 0.x doc: tf.strided_slice examples are misprinted as tf.slice)
    k = iter(range(1, 100))
    nm = lambda: f"seed004-{next(k)}"  # noqa: E731
    cases += [
        R(nm(), t, [1, 0, 0], [2, 1, 3], [1, 1, 1], masks_of(), note=T_NOTE),
        R(nm(), t, [1, 0, 0], [2, 2, 3], [1, 1, 1], masks_of(), note=T_NOTE),
        R(nm(), t, [1, 1, 0], [2, -1, 3], [1, -1, 1], masks_of(),
          note="doc claims [[[4,4,4],[3,3,3]]]; TF 2.21 gives an empty (1,0,3) result "
               "(end -1 is index 1 = begin)"),
        E(nm(), (7, 8, 9), I[5:, :, :3]),
        E(nm(), (7, 8, 9), I[5:7, 0:8, 0:3]),
        E(nm(), (8,), I[::-1]),
        E(nm(), (10, 3, 3, 10), I[3:5, ..., 4:5]),
        E(nm(), (10, 3, 3, 10), I[3:5, :, :, 4:5]),
        E(nm(), (10, 3, 3, 10), I[3:5, ...]),
        E(nm(), (10, 3, 3, 10), I[3:5, :, :, :]),
        E(nm(), (10, 8), I[3:5, 4], "doc: shape 2; this one has shrink_axis_mask 2"),
        E(nm(), (10, 8), I[3:5, 4:5], "doc: shape 2x1 'with shrink_mask 1<<1 == 2', but this "
                                      "expression has shrink_axis_mask 0"),
        R(nm(), (10, 8), [3, 4], [5, 6], [1, 1], masks_of(shrink=2),
          note="doc (old semantics): shrink requires end-begin == 1; TF 2.x ignores end"),
    ]
    return cases


# --- hand-picked edge cases -----------------------------------------------------------------


def hand_cases():
    E, R = strided_expr, strided_raw
    k = iter(range(1, 1000))
    nm = lambda: f"hand-{next(k)}"  # noqa: E731
    cases = [
        E(nm(), (), I[None, None], "rank-0 input with two new axes"),
        E(nm(), (), I[..., None], "rank-0 input: ellipsis covers nothing, then a new axis"),
        R(nm(), (), [], [], [], masks_of(), note="rank-0 input, empty spec: identity"),
        E(nm(), (), I[..., None, 0], "rank-0 input: real index after new axis -> E3"),
        R(nm(), (2, 3, 4), [], [], [], masks_of(), note="empty spec: identity"),
        E(nm(), (0, 3), I[1:3, ::-1], "range on a size-0 dim"),
        E(nm(), (3, 0), I[:, 0], "shrink on a size-0 dim -> E7 index 0"),
        E(nm(), (3, 0), I[:, -1], "shrink -1 on a size-0 dim -> E7 index -1 (-1 + 0)"),
        E(nm(), (2, 0, 4), I[::-1, ::-2, 1::3], "reverse ranges with a size-0 dim"),
        E(nm(), (2, 3), I[0, ..., 1], "ellipsis covering zero dims"),
        E(nm(), (2, 3, 4), I[..., None, 0], "new axis after ellipsis shifts what the ellipsis covers"),
        E(nm(), (2, 3, 4), I[None, ..., None, 1:, None], "new axes around the ellipsis"),
        R(nm(), (4, 5), [1], [3], [1], masks_of(begin=0xFFFFFFFE, end=0xFFFFFFFE, new_axis=0xFFFFFFFE,
                                                 shrink=0xFFFFFFFE),
          note="every dead bit (1..31) set in four masks: no effect"),
        R(nm(), (4, 5), [1, 0], [3, 0], [1, 1], masks_of(ellipsis=1 << 31),
          note="ellipsis bit 31 is dead (n=2): same as no ellipsis"),
        R(nm(), (4, 5), [1, 0], [3, 0], [1, 1], masks_of(ellipsis=(1 << 31) | 2),
          note="ellipsis bits 1 and 31: E2 counts dead bits too"),
        R(nm(), (4, 5), [7, 7], [7, 7], [1, -1], masks_of(begin=0xFFFFFFFF, end=0xFFFFFFFF),
          note="begin_mask = end_mask = -1 (all 32 bits): full ranges"),
        R(nm(), (5,), [0], [0], [I64_MIN], masks_of(begin=1, end=1), note="stride INT64_MIN: one element"),
        R(nm(), (5,), [0], [0], [I64_MAX], masks_of(begin=1, end=1), note="stride INT64_MAX: one element"),
        R(nm(), (5,), [I64_MAX], [0], [1], masks_of(shrink=1), note="shrink at INT64_MAX -> E7"),
        R(nm(), (5,), [I64_MIN], [I64_MAX], [2**40], masks_of(), note="full range, huge stride"),
        R(nm(), (5,), [0], [-6], [1], masks_of(), note="end -D-1: shifted once to -1, clamps to 0"),
        R(nm(), (5,), [4], [-6], [-1], masks_of(), note="end -D-1 with negative stride: full reverse"),
        R(nm(), (5,), [-32768], [32767], [1], masks_of(), dtype="int16", note="int16 extremes"),
        R(nm(), (5,), [I32_MIN], [I32_MAX], [-1], masks_of(), dtype="int32", note="int32 extremes"),
        R(nm(), (2, 3, 4), [0, 0, 0], [0, 0, 1], [1, 1, 0], masks_of(ellipsis=1),
          note="E5 reports the dense dim (2), not the sparse index"),
        E(nm(), (2,), I[None, 0, 0], "E4 reports the dense position (1)"),
        R(nm(), (3, 3), [5, 0], [6, 0], [1, 0], masks_of(shrink=1),
          note="dim 0 (E7) is checked before dim 1 (E5)"),
        R(nm(), (3, 3), [0, 5], [0, 6], [0, 1], masks_of(shrink=2),
          note="dim 0 (E5) is checked before dim 1 (E7)"),
        R(nm(), (3, 3), [0, 1], [0, 2], [1, -1], masks_of(shrink=3),
          note="shrink with stride -1 on dim 1 -> E6"),
        R(nm(), (4,), [9], [0], [1], masks_of(begin=1, shrink=1),
          note="begin_mask is ignored when shrinking: raw begin 9 -> E7"),
        R(nm(), (4, 3), [2, 0], [2, 0], [0, 0], masks_of(new_axis=2, shrink=1),
          note="shrink dim 0; stride 0 at dim 0 -> E5 even when shrinking"),
        E(nm(), (2, 2, 1, 3, 2, 2), I[1, None, ..., ::-2, None, -1], "rank-6 mixed spec"),
        R(nm(), (3, 4), [0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, -1],
          masks_of(begin=0b0101, end=0b0101, new_axis=0b1010),
          note="n=4 > rank with the extra entries as new axes"),
        E(nm(), (3,), I[3:, ::-1], "E4 after a valid range: more real indices than dims"),
    ]
    # Limit cases: spec length >= 32 and kernel rank > 8 (expected = NumPy).
    note_len = ("TF limit: spec length {} >= 32 fails E1; expected = NumPy. Masks are "
                "{}-bit wide here (TF was called with them truncated to 32 bits)")
    for shape, idx in [
        ((2, 3), (slice(0, 1),) + (None,) * 31 + (slice(None, None, -1),)),
        ((2, 2, 2), (None,) * 18 + (1, Ellipsis) + (None,) * 18 + (slice(None, None, -1), None)),
        ((3,), (None,) * 62 + (slice(1, None),)),
        ((2,), (None,) * 30 + (slice(None, None, -1),) + (None,) * 33),
        ((2, 3), (None,) * 31 + (0,) + (None,) * 31 + (slice(None, None, 2),)),
    ]:
        n = len(idx)
        cases.append(strided_numpy(nm(), shape, idx, note_len.format(n, n)))
    # Ranks 9 and 10 (dims 1 or 2): keep cases where the kernel fails E8, plus a few it handles.
    rng = random.Random(909)
    want_e8, want_ok = 6, 3
    while want_e8 or want_ok:
        rank = rng.choice([9, 10])
        shape = tuple(rng.choice([1, 2]) for _ in range(rank))
        idx = rand_index(rng, shape, max_extra=1)
        if not isinstance(idx, tuple):
            idx = (idx,)
        if "error" in run_numpy(shape, idx):
            continue
        enc = encode(idx)
        res = run_strided(shape, enc["begin"], enc["end"], enc["strides"], enc["masks"],
                          enc["index_dtype"])
        if "error" in res and want_e8:
            want_e8 -= 1
            cases.append(strided_numpy(nm(), shape, idx,
                                       f"TF kernel limit: rank {rank} (E8); expected = NumPy"))
        elif "error" not in res and want_ok:
            want_ok -= 1
            cases.append(strided_numpy(nm(), shape, idx,
                                       f"rank {rank}: TF's kernel handles this one "
                                       f"(fast path or empty output)"))
    return cases


# --- random raw specs -----------------------------------------------------------------------

BIG = [I64_MIN, I64_MAX, I64_MIN + 1, I64_MAX - 1, 2**40, -(2**40)]
EDGE = [I32_MIN, I32_MAX, I32_MAX + 1, I32_MIN - 1, I16_MIN, I16_MAX, I16_MAX + 1, I16_MIN - 1]


def rand_shape(rng, max_rank, zero_p, max_prod=400, rank=None, max_dim=5):
    rank = rng.randint(0, max_rank) if rank is None else rank
    while True:
        shape = [0 if rng.random() < zero_p else rng.randint(1, max_dim) for _ in range(rank)]
        if math.prod(shape) <= max_prod:
            return shape


def rand_bound(rng, d):
    r = rng.random()
    if r < 0.88:
        return rng.randint(-(d + 3), d + 3)
    if r < 0.95:
        return rng.choice(BIG)
    return rng.choice(EDGE)


def rand_stride(rng):
    r = rng.random()
    if r < 0.45:
        return 1
    if r < 0.62:
        return -1
    if r < 0.80:
        return rng.choice([2, 3, -2, -3])
    if r < 0.86:
        return rng.choice([4, 5, 7, -4, -5, -7])
    if r < 0.93:
        return rng.choice([2**40, -(2**40), I64_MIN, I64_MAX, I32_MAX, I32_MIN])
    return 0


def sane_range(rng, d, s):
    """begin/end giving a non-empty range on a dim of size d >= 1 in the direction of s."""
    lo = rng.randint(0, d - 1)
    hi = rng.randint(lo + 1, d)  # forward indices lo..hi-1
    if s > 0:
        b, e = lo, hi
    else:
        b, e = hi - 1, lo - 1 if lo > 0 else -d - 1 - rng.randint(0, 2)
    if 0 <= b < d and rng.random() < 0.3:
        b -= d
    if 0 <= e < d and rng.random() < 0.3:
        e -= d
    return b, e


def rand_bits(rng, n, p):
    return sum(1 << i for i in range(n) if rng.random() < p)


def rand_dead_bits(rng, n):
    """1-3 bits at positions n..31 (bit 31 now and then)."""
    if n >= 32:
        return 0
    bits = 0
    for _ in range(rng.randint(1, 3)):
        bits |= 1 << (31 if rng.random() < 0.05 else rng.randint(n, 31))
    return bits


def rand_strided_spec(rng, shape):
    """A random raw spec (begin, end, strides, masks) for an input of this shape."""
    rank = len(shape)
    n = rng.randint(0, rank + 2)
    dims = [shape[i] if i < rank else rng.randint(1, 5) for i in range(n)]
    begin = [rand_bound(rng, d) for d in dims]
    end = [rand_bound(rng, d) for d in dims]
    strides = [rand_stride(rng) for _ in range(n)]
    for i in range(n):  # a good share of plain non-empty ranges
        if dims[i] > 0 and strides[i] != 0 and rng.random() < 0.35:
            begin[i], end[i] = sane_range(rng, dims[i], strides[i])

    bm, em = rand_bits(rng, n, 0.3), rand_bits(rng, n, 0.3)
    na, sh = rand_bits(rng, n, 0.12), rand_bits(rng, n, 0.18)
    r = rng.random()
    if r < 0.55:
        el = 0
    elif r < 0.87 and n > 0:
        el = 1 << rng.randrange(n)
    elif r < 0.95:
        el = 1 << (31 if rng.random() < 0.2 else rng.randint(n, 31))  # one dead bit
    else:
        el = 0
        while bin(el).count("1") < 2:  # E2
            el |= 1 << rng.choice(list(range(n + 1)) + [31])
    # Shrink entries: mostly an in-range begin and a positive stride, so they often succeed.
    for i in range(n):
        if sh >> i & 1:
            if rng.random() < 0.65:
                d = dims[i]
                begin[i] = rng.randint(-d, d - 1) if d > 0 else rng.choice([0, -1])
            if strides[i] < 0 and rng.random() < 0.7:
                strides[i] = -strides[i] if strides[i] != I64_MIN else 1
    masks = [bm, em, el, na, sh]
    if rng.random() < 0.3:  # dead bits past n
        for j in (0, 1, 3, 4):
            if rng.random() < 0.5:
                masks[j] |= rand_dead_bits(rng, n)
    if rng.random() < 0.02:
        masks[rng.choice([0, 1])] = 0xFFFFFFFF
    if rng.random() < 0.005:  # E1: lengths differ
        which = rng.choice([begin, end, strides])
        if which and rng.random() < 0.5:
            which.pop()
        else:
            which.append(rng.randint(-3, 3))
    return begin, end, strides, masks


def rand_index_dtype(rng, values, int16=True):
    """int64 when a value needs it; else int16 (20% if all fit and allowed), int32 or int64."""
    if not all(fits(v, 32) for v in values):
        return "int64"
    if int16 and all(fits(v, 16) for v in values) and rng.random() < 0.2:
        return "int16"
    return rng.choice(["int32", "int64"])


def rand_strided_case(rng, name):
    shape = rand_shape(rng, 6, 0.05)
    begin, end, strides, masks = rand_strided_spec(rng, shape)
    dtype = rand_index_dtype(rng, begin + end + strides)
    return strided_raw(name, shape, begin, end, strides, masks, dtype)


def build_strided():
    cases = ref6_cases() + seed_cases() + hand_cases()
    rng = random.Random(20240601)
    cases += [rand_strided_case(rng, f"random-{k}") for k in range(1, 3201)]
    return cases


# --------------------------------------------------------------------------------------------
# tf.slice
# --------------------------------------------------------------------------------------------


def slice_case(name, shape, begin, size, dtype=None, note=None):
    dtype = dtype or min_dtype(list(begin) + list(size))
    case = {"name": name}
    if note:
        case["note"] = note
    case.update(shape=list(shape), begin=list(begin), size=list(size), index_dtype=dtype,
                expect=run_slice(shape, begin, size, dtype))
    return case


def rand_slice_case(rng, name):
    shape = rand_shape(rng, 5, 0.09)
    begin, size = [], []
    valid = rng.random() < 0.45
    for d in shape:
        if valid:
            b = rng.randint(0, d - 1) if d > 0 and rng.random() < 0.9 else d
            r = rng.random()
            s = -1 if r < 0.3 else rng.randint(1, d - b) if d > b and r < 0.9 else rng.randint(0, d - b)
        else:
            r = rng.random()
            b = rng.randint(-2, d + 2) if r < 0.92 else rng.choice(BIG + EDGE)
            r = rng.random()
            if r < 0.3:
                s = -1
            elif r < 0.93:
                s = rng.randint(-3, d + 2)
            else:
                s = rng.choice(BIG + EDGE)
            if b + s > I64_MAX:
                # TF 2.21 checks `b + s <= D` with wrapping signed addition: for 0 < b <= D
                # this passes and the kernel then fails to allocate (or aborts). Not golden.
                s = rng.choice([-1, d + 1])
        begin.append(b)
        size.append(s)
    if rng.random() < 0.05:  # S1: wrong lengths
        which = rng.choice([begin, size])
        if which and rng.random() < 0.5:
            which.pop()
        else:
            which.append(rng.randint(0, 2))
    values = begin + size
    dtype = "int64" if not all(fits(v, 32) for v in values) else rng.choice(["int32", "int64"])
    return slice_case(name, shape, begin, size, dtype)


def build_slice():
    S = slice_case
    t = (3, 2, 3)
    cases = [
        S("ref6-60-a", (3, 4), [1, 1], [-1, -1]),
        S("ref6-60-b", (3, 4), [3, 0], [0, 1], note="begin == D is allowed"),
        S("ref6-60-c", (3, 4), [-1, 0], [1, 1], note="no negative indexing (size chosen here)"),
        S("ref6-60-d", (3, 4), [2, 0], [2, 1], note="bound printed is D - begin"),
        S("seed004-1", t, [1, 0, 0], [1, 1, 3], note=T_NOTE),
        S("seed004-2", t, [1, 0, 0], [1, 2, 3], note=T_NOTE),
        S("seed004-3", t, [1, 0, 0], [2, 1, 3], note=T_NOTE),
    ]
    k = iter(range(1, 1000))
    nm = lambda: f"hand-{next(k)}"  # noqa: E731
    cases += [
        S(nm(), (), [], [], note="rank 0: identity"),
        S(nm(), (), [0], [1], note="rank 0 with length-1 begin/size"),
        S(nm(), (0, 3), [0, 1], [-1, -1], note="size -1 on a size-0 dim with begin 0 is size 0"),
        S(nm(), (0, 3), [2, 0], [-1, 1],
          note="size -1 on a size-0 dim with begin 2: size becomes 0-2 = -2 before the check"),
        S(nm(), (0,), [I64_MIN], [-1], note="size -1: D - begin wraps (0 - INT64_MIN = INT64_MIN)"),
        S(nm(), (3,), [3], [-1], note="begin == D, size -1: empty"),
        S(nm(), (3,), [4], [-1], note="begin > D"),
        S(nm(), (3,), [0], [I64_MAX], note="huge size with begin 0 -> S4"),
        S(nm(), (3,), [1], [I64_MIN], note="INT64_MIN size -> S4"),
        S(nm(), (3,), [I64_MAX], [-1], note="size -1 with INT64_MAX begin: S3 on begin first"),
        S(nm(), (3, 4), [1, 5], [0, 0], note="begin > D on dim 1"),
        S(nm(), (3, 4), [1, 0], [3, 9], note="dim 0 reported first"),
        S(nm(), (3, 4), [1, 0, 0], [1, 1], note="S1 with different lengths"),
        S(nm(), (2, 0, 2), [1, 0, 1], [1, -1, 1], note="size-0 middle dim"),
    ]
    rng = random.Random(20240602)
    cases += [rand_slice_case(rng, f"random-{k}") for k in range(1, 401)]
    return cases


# --------------------------------------------------------------------------------------------
# __getitem__
# --------------------------------------------------------------------------------------------


def rand_index(rng, shape, max_extra=2):
    """A random basic index (int, slice, Ellipsis, None, or a tuple of them)."""
    rank = len(shape)
    k = 0 if rng.random() < 0.04 else rng.randint(1, rank + max_extra)
    items, pos = [], 0
    for _ in range(k):
        beyond = pos >= rank  # entries past the rank are mostly new axes
        d = rng.randint(1, 5) if beyond else shape[pos]
        r = rng.random()
        if r < 0.12 and (Ellipsis not in items or rng.random() < 0.7):
            items.append(Ellipsis)
            pos = max(pos, rank - (k - len(items)))
            continue
        if r < 0.22 or (beyond and rng.random() < 0.6):
            items.append(None)
            continue
        pos += 1
        if r < 0.45:
            v = rng.randint(-d, d - 1) if d > 0 and rng.random() < 0.8 else rng.randint(-d - 2, d + 1)
            if rng.random() < 0.01:
                v = rng.choice(BIG)
            items.append(v)
            continue
        q = rng.random()
        if q < 0.5:
            step = None
        elif q < 0.96:
            step = rng.choice([1, 1, -1, -1, 2, -2, 3, -3, 5, -5])
        else:
            step = rng.choice([0, 0, 0, I64_MIN, I64_MAX, 2**40])
        if d > 0 and step != 0 and rng.random() < 0.4:
            start, stop = sane_range(rng, d, step or 1)
            if rng.random() < 0.3:  # drop a bound that is the default anyway
                if (step or 1) > 0 and start == 0:
                    start = None
                elif (step or 1) < 0 and stop < -d:
                    stop = None
        else:
            def bound():
                q = rng.random()
                if q < 0.35:
                    return None
                if q < 0.96:
                    return rng.randint(-(d + 3), d + 3)
                return rng.choice(BIG + EDGE)

            start, stop = bound(), bound()
        items.append(slice(start, stop, step))
    if k == 1 and rng.random() < 0.7:
        return items[0]
    return tuple(items)


def getitem_case(name, shape, idx):
    text = expr_text(idx)
    expect = run_getitem(shape, idx)
    try:
        enc = encode(idx)
    except EncodeError as e:
        enc = None
        assert "error" in expect and expect["error"]["kind"] == e.kind, (name, text, expect)
    if enc is not None:
        check_encoding(idx, enc)
        raw = run_strided(shape, enc["begin"], enc["end"], enc["strides"], enc["masks"],
                          enc["index_dtype"])
        assert raw == expect, (name, text, raw, expect)
    # NumPy basic indexing agrees on shape and values, and errors in exactly the same cases
    # (except ints beyond int64, which only TF rejects).
    np_res = run_numpy(shape, idx)
    if enc is not None:
        assert ("error" in np_res) == ("error" in expect), (name, text, np_res, expect)
    if "error" not in expect:
        assert np_res == expect, (name, text)
    return {"name": name, "shape": list(shape), "expr": text,
            "encoding": None if "error" in expect else enc, "expect": expect}


def build_getitem():
    G = getitem_case
    k = iter(range(1, 1000))
    nm = lambda: f"hand-{next(k)}"  # noqa: E731
    cases = [
        G(nm(), (2, 3), ()),
        G(nm(), (), ()),
        G(nm(), (3, 4), (1,)),
        G(nm(), (3, 4), 1),
        G(nm(), (3, 4), Ellipsis),
        G(nm(), (3, 4), None),
        G(nm(), (), (None, None, Ellipsis, None)),
        G(nm(), (3, 4), (Ellipsis, Ellipsis)),
        G(nm(), (3, 4), (0, 0, 0)),
        G(nm(), (3, 4), slice(None, I64_MAX)),
        G(nm(), (3, 4), slice(I64_MIN, None, -1)),
        G(nm(), (3, 4), I64_MIN),
        G(nm(), (3, 4), I32_MAX),
        G(nm(), (3, 4), I64_MAX),       # end = 2**63 does not fit int64
        G(nm(), (3, 4), (slice(None, 2**63),)),
        G(nm(), (3, 4), (0, slice(-(2**63) - 1, None))),
        G(nm(), (3, 4), 0.0),
        G(nm(), (3, 4), (1, 1.5)),
        G(nm(), (3, 4), (slice(None, None, 0),)),
        G(nm(), (5,), (slice(None, None, I64_MIN),)),
    ]
    for name, shape, idx in [
        ("ref6-1", (3, 2, 3), I[::1, ::5, ::2]),
        ("ref6-2", (3, 2, 3), I[-2::-1, :, ::2]),
        ("ref6-16", (6, 4, 4), I[3:0:-2, None, 1:3, 2, None]),
        ("ref6-17-a", (6, 4, 4), I[:, -200, :]),
        ("ref6-19-a", (3,), 0.0),
        ("seed001-7", (5,) * 6, I[1, 2:4, None, ..., :-3:-1, :]),
    ]:
        cases.append(G(name, shape, idx))
    rng = random.Random(20240603)
    for j in range(1, 1001):
        shape = rand_shape(rng, 5, 0.05, rank=rng.choices(range(6), [1, 2, 2, 2, 2, 2])[0])
        cases.append(G(f"random-{j}", shape, rand_index(rng, shape)))
    return cases


# --------------------------------------------------------------------------------------------
# TensorStridedSliceUpdate (assign.json) and StridedSliceGrad (grad.json)
# --------------------------------------------------------------------------------------------

SHAPE_RE = r"\[(?:\d+(?:,\d+)*)?\]"
ASSIGN_KINDS = STRIDED_KINDS + [
    ("BCAST", rf"Cannot broadcast input shape {SHAPE_RE} into final shape {SHAPE_RE}"),
]
GRAD_KINDS = STRIDED_KINDS + [
    ("DY", rf"shape of dy was {SHAPE_RE} instead of {SHAPE_RE}"),
]

# Side information for the summary and the self-checks (not written to the JSON files):
# (file, case name) -> (final shape of the forward slice or None if it fails, value/dy category).
CASE_INFO = {}


def fmt_shape(shape):
    return "[" + ",".join(str(d) for d in shape) + "]"


def neg_arange(shape):
    """The value written by an assign case: -1, -2, ... in row-major order."""
    return -(1 + arange(shape))


def pos_arange(shape):
    """The dy of a grad case: 1, 2, ... in row-major order."""
    return 1 + arange(shape)


def spec_args(begin, end, strides, masks, dtype):
    d = TF_DTYPES[dtype]
    return dict(begin=tf.constant(begin, dtype=d), end=tf.constant(end, dtype=d),
                strides=tf.constant(strides, dtype=d),
                **{k: to_i32(m) for k, m in zip(MASK_NAMES, masks)})


def one_way_bcast(vshape, final):
    """StridedSliceAssignBCast: vshape broadcasts into final one way (reference §3)."""
    extra = len(vshape) - len(final)
    if extra > 0 and any(d != 1 for d in vshape[:extra]):
        return False
    return all(v == t or v == 1 for v, t in zip(reversed(vshape), reversed(final)))


def run_update(shape, begin, end, strides, masks, dtype, vshape):
    try:
        out = tf.raw_ops.TensorStridedSliceUpdate(
            input=tf.constant(arange(shape)), value=tf.constant(neg_arange(vshape)),
            **spec_args(begin, end, strides, masks, dtype))
    except tf.errors.OpError as e:
        return op_error(e, ASSIGN_KINDS)
    out = out.numpy()
    assert out.dtype == np.int64 and out.shape == tuple(shape), (out.dtype, out.shape, shape)
    return {"values": out.reshape(-1).tolist()}


def run_grad(shape, begin, end, strides, masks, dtype, dy_shape):
    try:
        out = tf.raw_ops.StridedSliceGrad(
            shape=tf.constant(shape, dtype=TF_DTYPES[dtype]), dy=tf.constant(pos_arange(dy_shape)),
            **spec_args(begin, end, strides, masks, dtype))
    except tf.errors.OpError as e:
        return op_error(e, GRAD_KINDS)
    out = out.numpy()
    assert out.dtype == np.int64 and out.shape == tuple(shape), (out.dtype, out.shape, shape)
    return {"values": out.reshape(-1).tolist()}


def model_update(shape, fwd, vshape):
    """What reference §3 predicts, from the forward StridedSlice on the arange input (whose
    output values are exactly the flat indices the slice reads)."""
    if "error" in fwd:
        return fwd
    final = fwd["shape"]
    out = arange(shape).reshape(-1).copy()
    if math.prod(final) == 0:
        return {"values": out.tolist()}  # empty slice: no-op, value shape never checked
    if not one_way_bcast(vshape, final):
        return {"error": {"kind": "BCAST", "message": f"Cannot broadcast input shape "
                                                      f"{fmt_shape(vshape)} into final shape "
                                                      f"{fmt_shape(final)}"}}
    value = neg_arange(vshape)
    extra = len(vshape) - len(final)
    if extra > 0:
        value = value.reshape(vshape[extra:])
    out[np.asarray(fwd["values"], dtype=np.int64)] = np.broadcast_to(value, final).reshape(-1)
    return {"values": out.tolist()}


def model_grad(shape, fwd, dy_shape):
    if "error" in fwd:
        return fwd
    final = fwd["shape"]
    if list(dy_shape) != list(final):  # no broadcasting, no empty-slice exception
        return {"error": {"kind": "DY", "message": f"shape of dy was {fmt_shape(dy_shape)} "
                                                   f"instead of {fmt_shape(final)}"}}
    out = np.zeros(math.prod(shape), dtype=np.int64)
    out[np.asarray(fwd["values"], dtype=np.int64)] = pos_arange(dy_shape).reshape(-1)
    return {"values": out.tolist()}


def _spec_case(name, note, shape, begin, end, strides, masks, dtype):
    dtype = dtype or min_dtype(list(begin) + list(end) + list(strides))
    case = {"name": name}
    if note:
        case["note"] = note
    case.update(shape=list(shape), begin=list(begin), end=list(end), strides=list(strides),
                masks=[m & 0xFFFFFFFF for m in masks], index_dtype=dtype)
    return case


def assign_case(name, shape, begin, end, strides, masks, vshape, dtype=None, note=None, how="hand"):
    case = _spec_case(name, note, shape, begin, end, strides, masks, dtype)
    a = [case[k] for k in ("shape", "begin", "end", "strides", "masks", "index_dtype")]
    fwd = run_strided(*a)
    expect = run_update(*a, list(vshape))
    model = model_update(shape, fwd, list(vshape))
    assert expect == model, (name, expect, model)
    case.update(value_shape=list(vshape), expect=expect)
    CASE_INFO["assign", name] = (fwd.get("shape"), how)
    return case


def grad_case(name, shape, begin, end, strides, masks, dy_shape, dtype=None, note=None, how="hand"):
    case = _spec_case(name, note, shape, begin, end, strides, masks, dtype)
    a = [case[k] for k in ("shape", "begin", "end", "strides", "masks", "index_dtype")]
    fwd = run_strided(*a)
    expect = run_grad(*a, list(dy_shape))
    model = model_grad(shape, fwd, list(dy_shape))
    assert expect == model, (name, expect, model)
    case.update(dy_shape=list(dy_shape), expect=expect)
    CASE_INFO["grad", name] = (fwd.get("shape"), how)
    return case


def assign_expr(name, shape, idx, vshape, note=None):
    enc = encode(idx)
    check_encoding(idx, enc)
    text = expr_text(idx)
    note = f"x[{text}] = value" + (f"; {note}" if note else "")
    return assign_case(name, shape, enc["begin"], enc["end"], enc["strides"], enc["masks"],
                       vshape, enc["index_dtype"], note)


def grad_expr(name, shape, idx, dy_shape, note=None):
    enc = encode(idx)
    check_encoding(idx, enc)
    text = expr_text(idx)
    note = f"gradient of x[{text}]" + (f"; {note}" if note else "")
    return grad_case(name, shape, enc["begin"], enc["end"], enc["strides"], enc["masks"],
                     dy_shape, enc["index_dtype"], note)


# --- random value / dy shapes ---------------------------------------------------------------


def rand_small_shape(rng):
    return [rng.randint(0, 4) for _ in range(rng.randint(0, 3))]


def rand_not_bcast(rng, final):
    """A value shape that does not broadcast one way into final (final has >= 0 dims)."""
    for _ in range(100):
        r = rng.random()
        if r < 0.45 and final:  # a dim off by one
            v = list(final)
            i = rng.randrange(len(v))
            v[i] += rng.choice([-1, 1]) if v[i] > 0 else 1
        elif r < 0.75:  # an extra leading dim > 1
            v = [rng.randint(2, 4)] + list(final)
        else:  # a 1-D shape of the wrong size
            v = [rng.randint(0, 6)]
        if not one_way_bcast(v, final):
            return v
    raise AssertionError(f"no non-broadcastable shape found for {final}")


def rand_value_shape(rng, final):
    """(value shape, category) for an assign case whose forward final shape is `final`."""
    if final is None:  # the spec itself fails: any value
        return rand_small_shape(rng), "spec-error"
    if math.prod(final) == 0 and rng.random() < 0.25:
        return [7, 7], "7x7"  # empty slice: the value shape is never checked
    r = rng.random()
    if r < 0.40:
        return list(final), "exact"
    if r < 0.55:
        v = [1 if rng.random() < 0.4 else d for d in final]
        return v[rng.randint(0, len(v)):] if v and rng.random() < 0.5 else v, "bcast"
    if r < 0.65:
        base = list(final) if rng.random() < 0.6 else [1 if rng.random() < 0.4 else d for d in final]
        return [1] * rng.randint(1, 3) + base, "lead-1s"
    if r < 0.75:
        return [], "scalar"
    if r < 0.90:
        return rand_not_bcast(rng, final), "not-bcast"
    return rand_small_shape(rng), "random"


def rand_wrong_dy(rng, final):
    """A dy shape != final: off by one, a dim missing or extra, or broadcastable but not equal."""
    for _ in range(100):
        v = list(final)
        r = rng.random()
        if r < 0.3 and v:
            i = rng.randrange(len(v))
            v[i] += rng.choice([-1, 1]) if v[i] > 0 else 1
            how = "off-by-one"
        elif r < 0.45 and v:
            del v[rng.randrange(len(v))]
            how = "missing-dim"
        elif r < 0.65:
            v.insert(rng.randint(0, len(v)), rng.randint(0, 3))
            how = "extra-dim"
        else:  # broadcastable into final, but not equal
            q = rng.random()
            if q < 0.5 and any(d != 1 for d in v):
                i = rng.choice([i for i, d in enumerate(v) if d != 1])
                v[i] = 1
            elif q < 0.75 and v:
                v = v[rng.randint(1, len(v)):]
            else:
                v = [1] * rng.randint(1, 2) + v
            assert one_way_bcast(v, final), (v, final)
            how = "bcast-not-equal"
        if v != list(final):
            return v, how
    raise AssertionError(f"no wrong dy shape found for {final}")


def rand_dy_shape(rng, final):
    if final is None:
        return (list(rand_small_shape(rng)), "spec-error")
    if rng.random() < 0.75:
        return list(final), "exact"
    return rand_wrong_dy(rng, final)


NEW_RANDOM = dict(max_rank=5, zero_p=0.08, max_prod=300, max_dim=4)


def rand_new_spec(rng):
    """Shape (ranks 0..5, dims 0..4, prod <= 300) and a spec drawn like the random strided cases."""
    p = NEW_RANDOM
    shape = rand_shape(rng, p["max_rank"], p["zero_p"], p["max_prod"], max_dim=p["max_dim"])
    begin, end, strides, masks = rand_strided_spec(rng, shape)
    dtype = rand_index_dtype(rng, begin + end + strides, int16=False)  # Index: int32/int64 only
    fwd = run_strided(shape, begin, end, strides, masks, dtype)
    return shape, begin, end, strides, masks, dtype, fwd.get("shape")


def rand_assign_case(rng, name):
    shape, begin, end, strides, masks, dtype, final = rand_new_spec(rng)
    vshape, how = rand_value_shape(rng, final)
    return assign_case(name, shape, begin, end, strides, masks, vshape, dtype, how=how)


def rand_grad_case(rng, name):
    shape, begin, end, strides, masks, dtype, final = rand_new_spec(rng)
    dy_shape, how = rand_dy_shape(rng, final)
    return grad_case(name, shape, begin, end, strides, masks, dy_shape, dtype, how=how)


# --- hand cases -----------------------------------------------------------------------------


def build_assign():
    A, X = assign_case, assign_expr
    r55 = ((2, 3), [0, 1], [2, 3], [1, 1], masks_of())
    cases = [
        A("ref6-55-a", *r55, [], note="ref: zeros[2,3][0:2, 1:3] = 5.0 (scalar broadcasts)"),
        A("ref6-55-b", *r55, [2], note="ref: value [5,6] broadcasts over rows"),
        A("ref6-55-c", *r55, [1, 1, 2, 2], note="extra leading 1s are dropped"),
        A("ref6-55-d", *r55, [3], note="ref: 'Cannot broadcast input shape [3] into final shape "
                                       "[2,2]'"),
        X("ref6-56-a", (3, 4), I[8:10, 8:10], [0], "empty slice: value [0] (the ref's `= []`)"),
        X("ref6-56-b", (3, 4), I[8:10, 8:10], [7, 7], "empty slice: a [7,7] value is never checked"),
        X("ref6-56-c", (3, 4), I[8:10, 0], [0], "empty slice with a shrink"),
        X("ref6-56-d", (3, 4), I[8:10, 0], [7, 7], "empty slice with a shrink, [7,7] value"),
        X("ref6-57-a", (3, 4), I[None, None, 0, 0:1], [1, 1, 1], "value [[[-1]]]"),
        X("ref6-57-b", (3, 4), I[None, None, 0, 0:1], [], "scalar value"),
        # util/strided_slice_op_test.cc broadcast shapes (reference §3)
        X("ref3-bcast-valid-a", (2, 4, 5), I[...], [], "{} -> [2,4,5]"),
        X("ref3-bcast-valid-b", (3, 4, 5), I[1], [1, 5], "[1,5] -> [4,5]"),
        X("ref3-bcast-valid-c", (3, 4, 5), I[1], [1, 1, 5], "[1,1,5] -> [4,5]"),
        X("ref3-bcast-valid-d", (2, 4, 5), I[...], [1, 1, 1, 2, 4, 5], "[1,1,1,2,4,5] -> [2,4,5]"),
        X("ref3-bcast-invalid-a", (3,), I[1:2], [5], "[5] -> [1]"),
        X("ref3-bcast-invalid-b", (3, 4, 5), I[2], [4], "[4] -> [4,5]"),
        X("ref3-bcast-invalid-c", (2, 4, 5), I[..., None], [2, 4, 5], "[2,4,5] -> [2,4,5,1]"),
        X("ref3-bcast-invalid-d", (3, 4, 5), I[0], [2, 4, 5], "[2,4,5] -> [4,5]"),
        X("ref3-bcast-valid-b2", (4, 8, 5), I[1, ::-2, :], [1, 5], "[1,5] -> [4,5], strided target"),
        X("ref3-bcast-invalid-b2", (4, 8, 5), I[::-1, 3, ...], [4], "[4] -> [4,5], strided target"),
    ]
    k = iter(range(1, 1000))
    nm = lambda: f"hand-{next(k)}"  # noqa: E731
    cases += [
        A(nm(), (), [], [], [], masks_of(), [], note="rank-0 input, empty spec: final shape []"),
        A(nm(), (), [], [], [], masks_of(), [1, 1], note="rank-0 target, value [1,1]: leading 1s"),
        A(nm(), (), [], [], [], masks_of(), [2], note="rank-0 target: message prints final shape []"),
        X(nm(), (), I[None], [], "rank-0 input with a new axis: final [1]"),
        X(nm(), (), I[None], [1, 1], "final [1], value [1,1]"),
        X(nm(), (), I[None], [2], "final [1], value [2]"),
        X(nm(), (), I[0], [], "E3 on a rank-0 input"),
        X(nm(), (5,), I[2], [1], "shrink to a scalar target, value [1]"),
        X(nm(), (5,), I[-1], [2], "shrink to a scalar target, value [2]"),
        X(nm(), (2, 3), I[1, 2], [1, 1, 1], "scalar target, value [1,1,1]"),
        X(nm(), (3,), I[1:2], [0], "value [0] into final [1]: a 0 dim does not broadcast"),
        X(nm(), (3, 0), I[:, 0], [7, 7], "shrink on a size-0 dim: E7 beats the empty no-op"),
        X(nm(), (3, 0), I[:, ::0], [7, 7], "stride 0 on an empty input: E5 beats the no-op"),
        X(nm(), (0, 3), I[:, 1], [7, 7], "empty input (processing shape [0,1]): no-op"),
        X(nm(), (0, 3), I[...], [2], "empty input, value [2] into [0,3]: no-op"),
        X(nm(), (0, 3), I[...], [0, 3], "empty input, exact value shape"),
        X(nm(), (0, 3), I[...], [1, 3], "empty input, value [1,3] broadcasts into [0,3] anyway"),
        X(nm(), (4, 5), I[1:1], [2, 5], "empty range, value [2,5]"),
        X(nm(), (4, 5), I[::-1, 3:1], [4, 2], "empty range on dim 1, value [4,2]"),
        X(nm(), (4, 5), I[::-2, 1::2], [2], "strided target [2,2], value [2]: same per row"),
        X(nm(), (4, 5), I[::-2, 1::2], [2, 1], "strided target [2,2], value [2,1]: same per column"),
        X(nm(), (4, 5), I[::-2, 1::2], [2, 2], "strided target [2,2], exact"),
        X(nm(), (4, 5), I[::-2, 1::2], [1, 2, 2], "strided target [2,2], one leading 1"),
        X(nm(), (4, 5), I[::-2, 1::2], [2, 2, 2], "strided target [2,2], leading 2"),
        X(nm(), (4, 5), I[::-2, 1::2], [2, 3], "strided target [2,2], value [2,3]"),
        X(nm(), (3, 4), I[:, None, 1], [3, 1], "new axis last: final [3,1]"),
        X(nm(), (3, 4), I[:, None, 1], [1], "new axis last: value [1]"),
        X(nm(), (3, 4), I[:, None, 1], [3], "new axis last: value [3] vs [3,1]"),
        X(nm(), (3, 4), I[None, :, 2], [3], "new axis first: final [1,3], value [3]"),
        X(nm(), (3, 4), I[None, :, 2], [3, 1], "new axis first: final [1,3], value [3,1]"),
        X(nm(), (2, 3, 4), I[..., 1:3], [2], "ellipsis: final [2,3,2], value [2]"),
        X(nm(), (2, 3, 4), I[..., 1:3], [3, 1], "ellipsis: final [2,3,2], value [3,1]"),
        X(nm(), (2, 3, 4), I[..., 1:3], [2, 1, 1], "ellipsis: final [2,3,2], value [2,1,1]"),
        X(nm(), (2, 3, 4), I[..., 1:3], [1, 2, 3, 2], "ellipsis: final [2,3,2], one leading 1"),
        X(nm(), (2, 3, 4), I[..., 1:3], [3, 2, 3, 2], "ellipsis: final [2,3,2], leading 3"),
        X(nm(), (2, 3, 4), I[1, None, ::-1, None, 2:], [1, 3, 1, 2], "mixed spec, exact"),
        X(nm(), (2, 3, 4), I[1, None, ::-1, None, 2:], [3, 1, 1], "mixed spec, broadcast"),
        A(nm(), (5,), [I64_MIN], [I64_MAX], [2], masks_of(), [3], dtype="int64",
          note="int64 extremes clamp: final [3]"),
        A(nm(), (5,), [0], [0], [I64_MIN], masks_of(begin=1, end=1), [1], dtype="int64",
          note="stride INT64_MIN: one element (index 4)"),
        A(nm(), (4, 5), [1, 0], [3, 0], [1, 1], masks_of(ellipsis=(1 << 31) | 2), [2],
          note="E2 (bit 31 counts)"),
        A(nm(), (4, 5), [1, 0], [3], [1, 1], masks_of(), [2], note="E1: lengths differ"),
        A(nm(), (2,), [0, 0, 0], [0, 0, 0], [1, 1, 1], masks_of(ellipsis=1), [7, 7],
          note="E4 (empty-looking spec with a mismatched value)"),
        A(nm(), (3, 3), [0, 1], [0, 2], [1, -1], masks_of(shrink=3), [], note="E6"),
    ]
    rng = random.Random(20240604)
    cases += [rand_assign_case(rng, f"random-{k}") for k in range(1, 801)]
    return cases


def build_grad():
    G, X = grad_case, grad_expr
    cases = [
        G("ref6-58", (5,), [-1], [0], [1], masks_of(shrink=1), [],
          note="ref: dy = 7 gives [0,0,0,0,7]; here dy = 1"),
        G("ref6-59", (3, 2, 4), [0], [2], [1], masks_of(), [1, 2, 4],
          note="dy [1,2,4] where [2,2,4] is expected: no broadcasting"),
        G("ref6-59-b", (3, 2, 4), [0], [2], [1], masks_of(), [2, 2, 4], note="the correct dy shape"),
    ]
    k = iter(range(1, 1000))
    nm = lambda: f"hand-{next(k)}"  # noqa: E731
    cases += [
        G(nm(), (), [0], [0], [1], masks_of(new_axis=1), [1],
          note="rank-0 shape (empty shape vector) with a new axis: dy [1]"),
        G(nm(), (), [0], [0], [1], masks_of(new_axis=1), [], note="rank-0 shape, dy [] for [1]"),
        G(nm(), (), [], [], [], masks_of(), [], note="rank-0 shape, empty spec: dy []"),
        G(nm(), (), [], [], [], masks_of(), [1], note="rank-0 shape, empty spec: dy [1] for []"),
        G(nm(), (), [0], [1], [1], masks_of(), [], note="E3"),
        X(nm(), (3, 4), I[5:6], [7, 7], "empty slice: dy [7,7] is an error (no no-op rule)"),
        X(nm(), (3, 4), I[5:6], [0], "empty slice: dy [0] for [0,4]"),
        X(nm(), (3, 4), I[5:6], [0, 4], "empty slice, exact dy: all zeros"),
        X(nm(), (0, 3), I[...], [0, 3], "empty shape, exact dy"),
        X(nm(), (3, 0), I[:, 0], [3], "E7 (shrink on a size-0 dim)"),
        X(nm(), (2, 4), I[...], [1, 4], "dy [1,4] for [2,4]: broadcastable, still an error"),
        X(nm(), (2, 4), I[...], [4], "dy [4] for [2,4]"),
        X(nm(), (2, 4), I[...], [1, 2, 4], "dy [1,2,4] for [2,4]: extra leading 1"),
        X(nm(), (4,), I[1:2], [], "dy [] for [1]"),
        X(nm(), (4,), I[1], [1], "dy [1] for []"),
        X(nm(), (4, 5), I[::-2, 1::2], [2, 2], "strided and reversed"),
        X(nm(), (4, 5), I[3:0:-1, None, -1], [3, 1], "reverse, new axis, shrink"),
        X(nm(), (2, 3, 4), I[1, None, ..., ::-3, None], [1, 3, 2, 1], "mixed spec"),
        G(nm(), (5,), [I64_MIN], [I64_MAX], [2], masks_of(), [3], dtype="int64",
          note="int64 extremes clamp"),
        G(nm(), (5,), [2], [4], [0], masks_of(begin=1, end=1), [5], note="E5"),
        G(nm(), (5,), [2], [0], [-1], masks_of(shrink=1), [], note="E6"),
        G(nm(), (5, 6), [0, 0], [0, 0], [1, 1], masks_of(ellipsis=3), [5, 6], note="E2"),
        G(nm(), (5,), [0], [1, 2], [1], masks_of(), [1], note="E1"),
        G(nm(), (5,), [0, 0], [1, 1], [1, 1], masks_of(), [1, 1], note="E4"),
    ]
    rng = random.Random(20240605)
    cases += [rand_grad_case(rng, f"random-{k}") for k in range(1, 801)]
    return cases


def new_kind(fname, case):
    """Summary kind: the error kind, 'ok' (something written), or 'ok-empty' (empty slice)."""
    exp = case["expect"]
    if "error" in exp:
        return exp["error"]["kind"]
    final, _ = CASE_INFO[fname, case["name"]]
    return "ok-empty" if math.prod(final) == 0 else "ok"


def new_tally(fname, cases):
    counts = {}
    for c in cases:
        kind = new_kind(fname, c)
        counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(counts.items()))


def how_tally(fname, cases):
    counts = {}
    for c in cases:
        how = CASE_INFO[fname, c["name"]][1]
        counts[how] = counts.get(how, 0) + 1
    return dict(sorted(counts.items()))


# --------------------------------------------------------------------------------------------
# Output and checks
# --------------------------------------------------------------------------------------------


def mask_features(cases):
    """How often the random raw specs use the odd mask features."""
    feats = {"dead bits": 0, "bit 31": 0, "new_axis&shrink": 0, "ellipsis&(new_axis|shrink)": 0,
             "int16": 0, "int64 needed": 0}
    for c in cases:
        n = len(c["strides"])
        bm, em, el, na, sh = c["masks"]
        feats["dead bits"] += any(m >> n for m in c["masks"])
        feats["bit 31"] += any(m >> 31 & 1 for m in c["masks"])
        feats["new_axis&shrink"] += bool(na & sh)
        feats["ellipsis&(new_axis|shrink)"] += bool(el & (na | sh))
        feats["int16"] += c["index_dtype"] == "int16"
        feats["int64 needed"] += min_dtype(c["begin"] + c["end"] + c["strides"]) == "int64"
    return feats


def slicing():
    """strided_slice, slice, getitem, assign and grad: the five files of the slicing ops."""
    t0 = time.time()
    strided = build_strided()
    slices = build_slice()
    getitem = build_getitem()

    rand_strided = [c for c in strided if c["name"].startswith("random-")]
    rs = tally(rand_strided)
    assert len(rand_strided) >= 3000
    assert rs.get("E1", 0) >= 5, rs
    for kind in ("E2", "E3", "E4", "E5", "E6", "E7"):
        assert rs.get(kind, 0) >= 30, (kind, rs)
    ok = rs.get("ok", 0) + rs.get("ok-empty", 0)
    assert ok / len(rand_strided) >= 0.55, rs
    assert rs.get("ok-empty", 0) >= 200, rs
    assert {f"E{i}" for i in range(1, 8)} <= set(tally(strided)), tally(strided)
    assert any(c.get("tf_error", {}).get("kind") == "E8" for c in strided)

    rand_slices = [c for c in slices if c["name"].startswith("random-")]
    assert len(rand_slices) >= 300
    sl = tally(slices)
    assert {"S1", "S2", "S3", "S4"} <= set(sl), sl
    rsl = tally(rand_slices)
    assert (rsl.get("ok", 0) + rsl.get("ok-empty", 0)) / len(rand_slices) >= 0.45, rsl

    assert sum(c["name"].startswith("random-") for c in getitem) >= 800

    t1 = time.time()
    assign = build_assign()
    grad = build_grad()
    t_new = time.time() - t1

    rand_assign = [c for c in assign if c["name"].startswith("random-")]
    ra = new_tally("assign", rand_assign)
    assert len(rand_assign) >= 400, len(rand_assign)
    assert ra.get("BCAST", 0) >= 60, ra
    assert ra.get("ok", 0) >= 150, ra  # a non-empty slice written
    assert ra.get("ok-empty", 0) >= 50, ra
    assert {"BCAST", "E5", "E6", "E7"} <= set(new_tally("assign", assign)), new_tally("assign", assign)
    # the no-op really ignores the value shape: empty slices with non-broadcastable values succeed
    noop_mismatch = [c for c in assign if "error" not in c["expect"]
                     and not one_way_bcast(c["value_shape"], CASE_INFO["assign", c["name"]][0])]
    assert len(noop_mismatch) >= 30 and any(c["value_shape"] == [7, 7] for c in noop_mismatch)

    rand_grad = [c for c in grad if c["name"].startswith("random-")]
    rg = new_tally("grad", rand_grad)
    assert len(rand_grad) >= 400, len(rand_grad)
    assert rg.get("DY", 0) >= 60, rg
    assert rg.get("ok", 0) + rg.get("ok-empty", 0) >= 200, rg
    assert {"DY", "E5", "E6", "E7"} <= set(new_tally("grad", grad)), new_tally("grad", grad)
    # grad never broadcasts: some DY errors have a dy that would broadcast one way
    assert sum(CASE_INFO["grad", c["name"]][1] == "bcast-not-equal" and "error" in c["expect"]
               for c in rand_grad) >= 10

    sizes = {}
    for fname, cases in (("strided_slice.json", strided), ("slice.json", slices),
                         ("getitem.json", getitem), ("assign.json", assign), ("grad.json", grad)):
        sizes[fname] = write_json(HERE / fname, cases)
    assert sizes["assign.json"] + sizes["grad.json"] < 3_000_000, sizes

    for fname, cases in (("strided_slice.json", strided), ("slice.json", slices),
                         ("getitem.json", getitem)):
        rand = [c for c in cases if c["name"].startswith("random-")]
        print(f"{fname}: {len(cases)} cases ({len(rand)} random), {sizes[fname]:,} bytes")
        print(f"  all:    {tally(cases)}")
        print(f"  random: {tally(rand)}")
        if fname == "strided_slice.json":
            numpy_cases = [c for c in cases if c["source"] == "numpy"]
            tf_kinds = {}
            for c in numpy_cases:
                tf_kinds[c["tf_error"]["kind"]] = tf_kinds.get(c["tf_error"]["kind"], 0) + 1
            print(f"  source numpy: {len(numpy_cases)} (tf_error {dict(sorted(tf_kinds.items()))})")
            dt = {}
            for c in cases:
                dt[c["index_dtype"]] = dt.get(c["index_dtype"], 0) + 1
            print(f"  index_dtype: {dict(sorted(dt.items()))}")
            print(f"  random mask features: {mask_features(rand)}")
    for fname, key, cases, field in (("assign.json", "assign", assign, "value_shape"),
                                     ("grad.json", "grad", grad, "dy_shape")):
        rand = [c for c in cases if c["name"].startswith("random-")]
        print(f"{fname}: {len(cases)} cases ({len(rand)} random), {sizes[fname]:,} bytes")
        print(f"  all:    {new_tally(key, cases)}")
        print(f"  random: {new_tally(key, rand)}")
        print(f"  random {field} categories: {how_tally(key, rand)}")
        dt = {}
        for c in cases:
            dt[c["index_dtype"]] = dt.get(c["index_dtype"], 0) + 1
        print(f"  index_dtype: {dict(sorted(dt.items()))}")
        if key == "assign":
            print(f"  successes on an empty slice whose value shape does not broadcast: "
                  f"{len(noop_mismatch)} ({sum(c['value_shape'] == [7, 7] for c in noop_mismatch)} "
                  f"with a [7,7] value)")
    print(f"assign.json + grad.json: {t_new:.1f} s")
    print(f"done in {time.time() - t0:.1f} s")


# The other ops of the "Slicing and Joining" chapter: one gen_<family>.py each (see tfcommon.py).
OP_FAMILIES = ["split", "concat", "tile", "pad", "reverse", "reverse_sequence", "transpose",
               "gather", "gather_nd", "boolean_mask", "partition", "one_hot",
               "depth", "space_batch", "patches", "int_lists", "shape",
               "scatter", "unique", "space_paddings"]


def op_family(name):
    t0 = time.time()
    mod = importlib.import_module(f"gen_{name}")
    cases = mod.build()
    mod.check(cases)
    size = write_json(HERE / mod.FILE, cases)
    rand = [c for c in cases if c["name"].startswith("random-")]
    print(f"{mod.FILE}: {len(cases)} cases ({len(rand)} random), {size:,} bytes, "
          f"{time.time() - t0:.1f} s")
    print(f"  all: {tally(cases)}")


def main(argv):
    """No arguments: every file. Otherwise only the named families ("slicing" or an op family)."""
    names = argv or ["slicing"] + OP_FAMILIES
    unknown = set(names) - {"slicing", *OP_FAMILIES}
    assert not unknown, f"unknown families {sorted(unknown)}; known: slicing {OP_FAMILIES}"
    print(f"tensorflow {tf.__version__}, numpy {np.__version__}, python {sys.version.split()[0]}")
    for name in names:
        if name == "slicing":
            slicing()
        else:
            op_family(name)


if __name__ == "__main__":
    main(sys.argv[1:])
