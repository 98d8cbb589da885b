"""What the NumPy scripts beside the criterion benches share: one timing helper and one command line.

Used by strided_peers.py and by the op benches' scripts (join_views_peers.py, join_peers.py, join_pad_peers.py,
gather_peers.py, gather_mask_peers.py, space_depth_peers.py, space_batch_peers.py). Each of the latter takes

    --json     print {"<criterion group>/<numpy name>": ns per call, ...} on stdout, every figure
               keyed by the criterion group it sits beside in benches/compare.py's second table
               (parameterized criterion ids add "/<parameter>", like criterion's own directories)
    --quick    fewer, shorter repeats (smoke test)

and without --json prints its own readable list, as before.

A --json figure is the best of FULL["repeat"] timeit repeats (QUICK with --quick), each running
enough calls to last at least FULL["min_s"] seconds, in nanoseconds per call: the same rule as
strided_peers.py, so both of compare.py's tables time Python the same way.
"""

import argparse
import json
import sys
import timeit

FULL = {"repeat": 5, "min_s": 0.2}
# 16 MiB: more than any result a bench makes, within glibc's 32 MiB cap on its dynamic threshold.
STEADY_BYTES = 16 << 20


def steady_allocator():
    """Put glibc's malloc in a long-running process's state before anything is timed, as every
    criterion bench does first (benches/common/steady.rs, which says why): allocate, write and
    free one 16 MiB block, so that freed blocks up to that size stay in the heap instead of going
    back to the kernel and faulting in again on the next call."""
    import numpy as np

    block = np.ones(STEADY_BYTES, dtype=np.uint8)
    del block


# At import, so before any script builds its arrays: every NumPy figure is taken in this state.
steady_allocator()
QUICK = {"repeat": 3, "min_s": 0.05}


def best_ns(stmt, glb=None, min_s=FULL["min_s"], repeat=FULL["repeat"]):
    """Best-of-`repeat` nanoseconds per execution of `stmt` (statement text, run with the globals
    `glb`, or a callable); each repeat runs enough calls to last at least `min_s` seconds."""
    timer = timeit.Timer(stmt, globals=glb)
    number = 1
    while True:  # like Timer.autorange, with a chosen minimum
        t = timer.timeit(number)
        if t >= min_s:
            break
        number = max(number * 2, int(number * min_s / max(t, 1e-9) * 1.1))
    times = [t] + timer.repeat(repeat=repeat - 1, number=number)
    return min(times) / number * 1e9


def best_single_ns(stmt, calls, glb=None):
    """The fastest of `calls` single calls, in nanoseconds (robust on a loaded machine)."""
    return min(timeit.Timer(stmt, globals=glb).repeat(repeat=calls, number=1)) * 1e9


def parse_args(doc):
    """--json and --quick; `args.timing` is the best_ns settings (FULL or QUICK)."""
    ap = argparse.ArgumentParser(
        description=doc.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--json",
        action="store_true",
        help='print {"<criterion group>/<numpy name>": ns, ...} for benches/compare.py',
    )
    ap.add_argument("--quick", action="store_true", help="fewer, shorter repeats (smoke test)")
    args = ap.parse_args()
    args.timing = QUICK if args.quick else FULL
    return args


def run(args, cases, readable):
    """With --json, time every (key, stmt) or (key, stmt, globals) of `cases` with best_ns and
    print the JSON object; otherwise call `readable()`, the script's own list."""
    if not args.json:
        readable()
        return
    out = {}
    for key, stmt, *glb in cases:
        assert key not in out, f"duplicate key {key}"
        out[key] = round(best_ns(stmt, glb[0] if glb else None, **args.timing), 1)
        print(f"  {key}: done", file=sys.stderr, flush=True)
    print(json.dumps(out, indent=1))


def run_cases_us(args, cases, repeat, min_s=None, width=50, header=None):
    """run() for the scripts whose cases are (key, readable name, stmt) and whose readable list
    is one figure a case: the best of `repeat` repeats of at least `min_s` seconds (the
    --quick/full setting when None), in microseconds, after an optional `header` line."""

    def readable():
        if header:
            print(header)
        timing_s = args.timing["min_s"] if min_s is None else min_s
        for _, name, fn in cases:
            print(f"{name:{width}s} {best_ns(fn, min_s=timing_s, repeat=repeat) / 1e3:10.1f} us")

    run(args, [(key, fn) for key, _, fn in cases], readable)


def run_best_and_single(args, cases, repeat, singles, line):
    """run() for the scripts whose readable list has two figures a case (join_peers.py,
    gather_mask_peers.py): the best of `repeat` repeats and the fastest of `singles` single calls, in
    microseconds. `cases` are (json key, label, call); `line(label, best_us, single_us)` is one
    readable line."""

    def readable():
        for _, label, fn in cases:
            best = best_ns(fn, None, args.timing["min_s"], repeat) / 1e3
            print(line(label, best, best_single_ns(fn, singles) / 1e3))

    run(args, [(key, fn) for key, _, fn in cases], readable)
