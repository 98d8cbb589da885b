"""One markdown table: ndarray-tfslice (criterion) beside ndarray, NumPy and TensorFlow eager
(benches/peers.py), for the view cases of benches/cases.json and the owned operations of
benches/assign.rs. Normally run by benches/compare.sh.

    python3 benches/compare.py target/peers.json [--criterion-dir target/criterion] [--pinned CPU]
                            [--since UNIX_TIME]

Criterion figures are `mean.point_estimate` of `<group>/<function>/new/estimates.json`; the peer
figures are the best of several timeit repeats. A missing figure prints as `-`.
"""

import argparse
import datetime
import json
import math
import os
import platform
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Owned rows: (label, criterion group, ndarray-tfslice fn, ndarray-native fn, numpy op, TF op)
OWNED = [
    (
        "assign `x[sel] = v`",
        "assign_4MiB",
        "tf_strided_slice_assign",
        "ndarray_slice_mut_assign",
        "numpy_assign",
        "tf_eager_tensor_strided_slice_update",
    ),
    (
        "assign a broadcast row `x[sel] = row`",
        "assign_4MiB",
        "tf_strided_slice_assign_broadcast_row",
        "ndarray_slice_mut_assign_broadcast_row",
        "numpy_assign_broadcast_row",
        "tf_eager_tensor_strided_slice_update_broadcast_row",
    ),
    (
        "gradient (`StridedSliceGrad`)",
        "grad_4MiB",
        "strided_slice_grad",
        "ndarray_zeros_then_assign",
        "numpy_zeros_then_assign",
        "tf_eager_strided_slice_grad",
    ),
    (
        "owned copy `x[sel]` (`tf_strided_slice_to_owned`)",
        "to_owned_4MiB",
        "tf_strided_slice_to_owned",
        "ndarray_view_to_owned",
        "numpy_copy",
        "tf_eager_strided_slice",
    ),
]
OWNED_SEL = "`sel` = `[::-1, 1:63:2, ::-2]` on 256×64×64 (value 256×31×32)"

# Targets: (column, op, bound); the mark compares the ratio as printed.
TF_VS_ND, PLAN_VS_ND = 1.2, 1.0
NUMPY_VS_TF_VIEW, NUMPY_VS_TF_OWNED = 5.0, 1.0


def load_criterion(root, since=None):
    """{(group_id, function_id): mean ns}. Keyed by the ids criterion records in benchmark.json,
    so directory-name sanitizing does not matter; directories without one fall back to names.
    With `since` (Unix time), estimates written before it are left out (stale runs)."""
    out = {}
    root = Path(root)
    if not root.is_dir():
        return out
    for est in root.glob("**/new/estimates.json"):
        d = est.parent
        if since is not None and est.stat().st_mtime < since:
            continue
        try:
            mean = json.loads(est.read_text())["mean"]["point_estimate"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        key = None
        try:
            meta = json.loads((d / "benchmark.json").read_text())
            key = (meta["group_id"], meta["function_id"])
        except (OSError, ValueError, KeyError, TypeError):
            rel = d.parent.relative_to(root).parts
            if len(rel) >= 2:
                key = ("/".join(rel[:-1]), rel[-1])
        if key is not None:
            out[key] = float(mean)
    return out


def sig3(x):
    return 0.0 if x == 0 else round(x, 2 - int(math.floor(math.log10(abs(x)))))


def human(ns):
    if ns is None:
        return "-"
    ns = sig3(ns)
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def ratio(a, b, target=None):
    """a / b as text, marked ✓/✗ against target = ('<=' | '>=', bound)."""
    if a is None or b is None or b == 0:
        return "-"
    r = a / b
    text = f"{r:,.0f}" if r >= 100 else f"{r:.1f}" if r >= 10 else f"{r:.2f}"
    if target is not None:
        shown = float(text.replace(",", ""))
        op, bound = target
        ok = shown <= bound if op == "<=" else shown >= bound
        return f"{text}x {'✓' if ok else '✗'}"
    return f"{text}x"


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def rustc_version():
    try:
        return subprocess.run(
            ["rustc", "--version"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "rustc ?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("peers", help="JSON written by benches/peers.py --json")
    ap.add_argument("--criterion-dir", default="target/criterion")
    ap.add_argument("--cases", default=str(HERE / "cases.json"))
    ap.add_argument("--pinned", metavar="CPU", help="say in the header that runs were pinned")
    ap.add_argument(
        "--since",
        type=float,
        metavar="UNIX_TIME",
        help="ignore criterion estimates older than this (compare.sh passes its start time)",
    )
    args = ap.parse_args()

    peers = json.loads(Path(args.peers).read_text())
    pt = peers.get("timings_ns", {})
    crit = load_criterion(args.criterion_dir, args.since)
    cases = json.loads(Path(args.cases).read_text())["cases"]

    def c(group, fn):
        return crit.get((group, fn))

    def p(group, op):
        return pt.get(f"{group}/{op}")

    tfv = peers.get("tensorflow")
    pin = f", pinned to CPU {args.pinned}" if args.pinned else ""
    quick = " — QUICK MODE (short measurements, not for the README)" if peers.get(
        "settings", {}
    ).get("quick") else ""
    print(
        f"Machine: {cpu_model()}, {os.cpu_count()} cores{pin}; {rustc_version()}; "
        f"NumPy {peers.get('numpy', '?')}; "
        f"TensorFlow {tfv if tfv else 'not measured'}; "
        f"{datetime.date.today().isoformat()}{quick}"
    )
    print()
    print(
        "| operation (4 MiB `f32`) | ndarray-tfslice | prepared plan | ndarray | NumPy "
        "| TF eager (`tf.strided_slice` / `t[..]`) | tfslice/ndarray | plan/ndarray "
        "| NumPy/tfslice | TF/tfslice |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")

    statics = []
    for case in cases:
        name, expr = case["name"], case["expr"]
        shape = "×".join(str(d) for d in case["shape"])
        ours, plan, nd = (c(name, f) for f in ("tf_strided_slice", "prepared_plan", "ndarray_slice"))
        npy = p(name, "numpy_basic_indexing")
        tf_ss, tf_gi = p(name, "tf_eager_strided_slice"), p(name, "tf_eager_getitem")
        tf_cell = human(tf_ss) if tf_gi is None else f"{human(tf_ss)} / {human(tf_gi)}"
        print(
            f"| `{name}`: `x[{expr}]` on {shape} | {human(ours)} | {human(plan)} | {human(nd)} "
            f"| {human(npy)} | {tf_cell} "
            f"| {ratio(ours, nd, ('<=', TF_VS_ND))} | {ratio(plan, nd, ('<=', PLAN_VS_ND))} "
            f"| {ratio(npy, ours, ('>=', NUMPY_VS_TF_VIEW))} | {ratio(tf_ss, ours)} |"
        )
        if len(case["shape"]) == 3:
            statics.append((name, c(name, "static_s"), ours, nd))

    for label, group, f_ours, f_nd, np_op, tf_op in OWNED:
        ours, nd = c(group, f_ours), c(group, f_nd)
        npy, tf_ = p(group, np_op), p(group, tf_op)
        print(
            f"| {label} | {human(ours)} | - | {human(nd)} | {human(npy)} | {human(tf_)} "
            f"| {ratio(ours, nd, ('<=', TF_VS_ND))} | - "
            f"| {ratio(npy, ours, ('>=', NUMPY_VS_TF_OWNED))} | {ratio(tf_, ours)} |"
        )

    print()
    print(
        "ndarray-tfslice: `tf_strided_slice` (views) / `tf_strided_slice_assign`, "
        "`strided_slice_grad`, `tf_strided_slice_to_owned` (owned rows). "
        "Prepared plan: `StridedSlice::resolve` once, `Plan::apply` timed. ndarray: "
        "`ArrayD::slice(&[SliceInfoElem])` (views) / `slice_mut(..).assign(..)`, "
        "`ArrayD::zeros` + that assign, `slice(..).to_owned()` (owned rows). "
        "NumPy: the statement text `x[<expr>]` (a view), `x[sel] = v`, `np.zeros` + assign, "
        "`x[sel].copy()`. TF eager: always a copy; assign is `TensorStridedSliceUpdate` "
        f"(functional: returns a new 4 MiB tensor), gradient `StridedSliceGrad`. {OWNED_SEL}."
    )
    print(
        f"Targets (✓/✗ on the ratio as printed): tfslice/ndarray <= {TF_VS_ND}, "
        f"plan/ndarray <= {PLAN_VS_ND}, NumPy/tfslice >= {NUMPY_VS_TF_VIEW:g} for views "
        f"and >= {NUMPY_VS_TF_OWNED:g} for owned operations; TF is for reference. "
        "Rust: criterion mean; Python: best of several timeit repeats."
    )
    if statics:
        parts = [
            f"`{n}` {human(s)} (tfslice/`s!` {ratio(o, s)}, ndarray/`s!` {ratio(d, s)})"
            for n, s, o, d in statics
        ]
        print("`s![..]` on an `Array3` (static slice, no spec to resolve): " + "; ".join(parts) + ".")


if __name__ == "__main__":
    main()
