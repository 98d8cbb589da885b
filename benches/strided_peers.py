"""NumPy's and TensorFlow's equivalents of benches/strided_slice.rs and benches/strided_assign.rs, on the
same shapes and selections, timed in one process.

    python3 benches/strided_peers.py                  readable list (needs numpy; tensorflow is optional)
    python3 benches/strided_peers.py --json PATH      JSON for benches/compare.py
    python3 benches/strided_peers.py --quick          fewer, shorter repeats (smoke test)
    python3 benches/strided_peers.py --no-tf          skip TensorFlow even if it is installed

Views (benches/cases.json, each array 4 MiB of float32):
  numpy_basic_indexing    timeit of the statement text `x[<expr>]`, i.e. exactly what a Python
                          user pays for that expression (returns a view, like ndarray-tfslice).
  tf_eager_strided_slice  `tf.strided_slice(t, b, e, s, <masks>)` on a `tf.constant`, with the
                          expression encoded the way TF's `_slice_helper` does and b/e/s built once
                          outside the timed call. TF always copies, so this includes the copy.
  tf_eager_getitem        the statement text `t[<expr>]` (TF's `__getitem__`: encode + stack + op).
Owned (4 MiB float32 of shape (256, 64, 64), selection `x[::-1, 1:63:2, ::-2]`, final (256, 31, 32)):
  numpy_assign, numpy_assign_broadcast_row, numpy_zeros_then_assign, numpy_copy,
  tf_eager_tensor_strided_slice_update (+ _broadcast_row), tf_eager_strided_slice_grad, and
  tf_eager_strided_slice for the owned copy (TF's slice is always an owned copy).
  TensorStridedSliceUpdate is functional: it returns a new 4 MiB tensor rather than writing in place.

Each figure is the best of several timeit repeats (garbage collection off, timeit's default), in
nanoseconds per call; each repeat runs enough calls to last at least MIN_SECONDS (best_ns of
peers_common.py, the timing helper the op benches' NumPy scripts share too).
"""

import argparse
import json
import os
import platform
import sys
from pathlib import Path

import numpy as np

from peers_common import best_ns

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases.json"

# Full run: NumPy repeats of >= 0.2 s; TF calls are ~10-1000 us, so shorter repeats suffice.
FULL = {"np_repeat": 5, "np_min_s": 0.2, "tf_repeat": 5, "tf_min_s": 0.1}
QUICK = {"np_repeat": 3, "np_min_s": 0.05, "tf_repeat": 3, "tf_min_s": 0.03}

OWNED_SHAPE = (256, 64, 64)  # 4 MiB of float32
OWNED_EXPR = "::-1, 1:63:2, ::-2"
OWNED_FINAL = (256, 31, 32)

MASK_NAMES = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


class _KeyGrabber:
    def __getitem__(self, key):
        return key


def parse_expr(expr):
    """The key that `x[<expr>]` passes to `__getitem__` (a slice, int, None, Ellipsis or tuple)."""
    return eval(f"_k[{expr}]", {"__builtins__": {}, "_k": _KeyGrabber()})  # noqa: S307 (our file)


def encode(key):
    """(begin, end, strides, masks) exactly as TF's `_slice_helper` encodes `t[key]` (semantics
    reference section 5): slice -> start/stop (0 and a mask bit if None), step (1 if None);
    Ellipsis -> (0, 0, 1) + ellipsis bit; None -> (0, 0, 1) + new_axis bit;
    integer i -> (i, i + 1, 1) + shrink bit."""
    if not isinstance(key, (tuple, list)):
        key = [key]
    begin, end, strides = [], [], []
    masks = dict.fromkeys(MASK_NAMES, 0)
    for i, s in enumerate(key):
        bit = 1 << i
        if isinstance(s, slice):
            if s.start is None:
                begin.append(0)
                masks["begin_mask"] |= bit
            else:
                begin.append(int(s.start))
            if s.stop is None:
                end.append(0)
                masks["end_mask"] |= bit
            else:
                end.append(int(s.stop))
            strides.append(1 if s.step is None else int(s.step))
        elif s is Ellipsis:
            begin.append(0), end.append(0), strides.append(1)
            masks["ellipsis_mask"] |= bit
        elif s is None:
            begin.append(0), end.append(0), strides.append(1)
            masks["new_axis_mask"] |= bit
        else:
            i_ = int(s)
            begin.append(i_), end.append(i_ + 1), strides.append(1)
            masks["shrink_axis_mask"] |= bit
    return begin, end, strides, masks


def machine():
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = os.cpu_count()
    try:
        pinned = len(os.sched_getaffinity(0))
    except AttributeError:
        pinned = cores
    return f"{model}, {cores} cores ({pinned} usable by this process), {platform.system()} {platform.release()}, Python {platform.python_version()}"


def import_tf():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # no oneDNN / CPU feature banners
    try:
        import tensorflow as tf
    except Exception as err:  # ImportError, or a broken install
        return None, f"{type(err).__name__}: {err}"
    return tf, None


def tf_call_text(fn, inputs, masks):
    m = ", ".join(f"{k}={v}" for k, v in masks.items())
    return f"{fn}({inputs}, {m})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", metavar="PATH", help="write the timings as JSON for compare.py")
    ap.add_argument("--quick", action="store_true", help="fewer, shorter repeats (smoke test)")
    ap.add_argument("--no-tf", action="store_true", help="skip TensorFlow")
    args = ap.parse_args()
    cfg = QUICK if args.quick else FULL

    def log(msg):
        # progress on stderr so that the readable list / JSON stays clean
        print(msg, file=sys.stderr, flush=True)

    tf, tf_error = (None, "--no-tf given") if args.no_tf else import_tf()
    if tf is None:
        log(f"TensorFlow skipped ({tf_error}); its columns will be empty.")

    cases = json.loads(CASES.read_text())["cases"]
    timings = {}
    np_time = lambda stmt, glb: best_ns(stmt, glb, cfg["np_min_s"], cfg["np_repeat"])  # noqa: E731
    tf_time = lambda stmt, glb: best_ns(stmt, glb, cfg["tf_min_s"], cfg["tf_repeat"])  # noqa: E731

    # ---- views -------------------------------------------------------------------------------
    for case in cases:
        name, shape, expr = case["name"], tuple(case["shape"]), case["expr"]
        x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
        assert x.nbytes == 4 << 20, (name, x.nbytes)
        want = eval(f"x[{expr}]", {"x": x})  # noqa: S307
        assert np.shares_memory(want, x) or want.size <= 1, f"{name}: not a view"

        timings[f"{name}/numpy_basic_indexing"] = np_time(f"x[{expr}]", {"x": x})

        if tf is not None:
            b, e, s, masks = encode(parse_expr(expr))
            t = tf.constant(x)
            glb = {
                "tf": tf,
                "t": t,
                "b": tf.constant(b, dtype=tf.int32),
                "e": tf.constant(e, dtype=tf.int32),
                "s": tf.constant(s, dtype=tf.int32),
            }
            stmt = tf_call_text("tf.strided_slice", "t, b, e, s", masks)
            got = eval(stmt, glb).numpy()  # noqa: S307
            assert got.shape == want.shape and np.array_equal(got, want), f"{name}: TF != NumPy"
            got = eval(f"t[{expr}]", glb).numpy()  # noqa: S307
            assert got.shape == want.shape and np.array_equal(got, want), f"{name}: t[] != NumPy"
            timings[f"{name}/tf_eager_strided_slice"] = tf_time(stmt, glb)
            timings[f"{name}/tf_eager_getitem"] = tf_time(f"t[{expr}]", glb)
        log(f"  {name}: done")

    # ---- owned -------------------------------------------------------------------------------
    x = np.zeros(OWNED_SHAPE, dtype=np.float32)
    sel = f"x[{OWNED_EXPR}]"
    assert eval(sel, {"x": x}).shape == OWNED_FINAL  # noqa: S307
    i, j, k = np.indices(OWNED_FINAL)
    value = (i + j + k).astype(np.float32)
    row = np.arange(OWNED_FINAL[-1], dtype=np.float32)
    glb = {"np": np, "x": x, "value": value, "row": row, "shape": OWNED_SHAPE}

    timings["assign_4MiB/numpy_assign"] = np_time(f"{sel} = value", glb)
    timings["assign_4MiB/numpy_assign_broadcast_row"] = np_time(f"{sel} = row", glb)
    timings["grad_4MiB/numpy_zeros_then_assign"] = np_time(
        f"z = np.zeros(shape, dtype=np.float32); z[{OWNED_EXPR}] = value", glb
    )
    timings["to_owned_4MiB/numpy_copy"] = np_time(f"{sel}.copy()", glb)

    if tf is not None:
        b, e, s, masks = encode(parse_expr(OWNED_EXPR))
        glb = {
            "tf": tf,
            "t": tf.constant(np.zeros(OWNED_SHAPE, dtype=np.float32)),
            "b": tf.constant(b, dtype=tf.int32),
            "e": tf.constant(e, dtype=tf.int32),
            "s": tf.constant(s, dtype=tf.int32),
            "shape": tf.constant(OWNED_SHAPE, dtype=tf.int32),
            "value": tf.constant(value),
            "row": tf.constant(row),
        }
        # Same results as NumPy, or the comparison means nothing.
        want = np.zeros(OWNED_SHAPE, dtype=np.float32)
        exec(f"want[{OWNED_EXPR}] = value", {"want": want, "value": value})  # noqa: S102
        upd = "tf.raw_ops.TensorStridedSliceUpdate"
        stmt_assign = tf_call_text(upd, "input=t, begin=b, end=e, strides=s, value=value", masks)
        stmt_row = tf_call_text(upd, "input=t, begin=b, end=e, strides=s, value=row", masks)
        stmt_grad = tf_call_text(
            "tf.raw_ops.StridedSliceGrad", "shape=shape, begin=b, end=e, strides=s, dy=value", masks
        )
        stmt_copy = tf_call_text("tf.strided_slice", "t, b, e, s", masks)
        assert np.array_equal(eval(stmt_assign, glb).numpy(), want)  # noqa: S307
        assert np.array_equal(eval(stmt_grad, glb).numpy(), want)  # noqa: S307
        want_row = np.zeros(OWNED_SHAPE, dtype=np.float32)
        exec(f"w[{OWNED_EXPR}] = row", {"w": want_row, "row": row})  # noqa: S102
        assert np.array_equal(eval(stmt_row, glb).numpy(), want_row)  # noqa: S307

        timings["assign_4MiB/tf_eager_tensor_strided_slice_update"] = tf_time(stmt_assign, glb)
        timings["assign_4MiB/tf_eager_tensor_strided_slice_update_broadcast_row"] = tf_time(
            stmt_row, glb
        )
        timings["grad_4MiB/tf_eager_strided_slice_grad"] = tf_time(stmt_grad, glb)
        timings["to_owned_4MiB/tf_eager_strided_slice"] = tf_time(stmt_copy, glb)
    log("  owned: done")

    out = {
        "machine": machine(),
        "numpy": np.__version__,
        "tensorflow": tf.__version__ if tf is not None else None,
        "tensorflow_skipped": tf_error,
        "settings": dict(cfg, quick=args.quick),
        "timings_ns": {k: round(v, 1) for k, v in timings.items()},
    }
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
        log(f"wrote {args.json}")
    else:
        print(f"# {out['machine']}")
        tfv = out["tensorflow"] or f"skipped ({tf_error})"
        print(f"# numpy {out['numpy']}, tensorflow {tfv}; ns per call, best of repeats")
        for key, ns in timings.items():
            print(f"{key:<62} {ns:>14,.0f} ns")


if __name__ == "__main__":
    main()
