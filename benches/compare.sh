#!/usr/bin/env bash
# The README's comparison table: ndarray-tfslice beside ndarray, NumPy and TensorFlow eager, all
# measured in one run on this machine, printed as ONE markdown table (plus a header line naming the
# machine, rustc, NumPy and TF versions and the date).
#
#   1. cargo bench --bench strided_slice --bench assign   (criterion: the 12 view cases of
#      benches/cases.json, plus assign / grad / to_owned on a 4 MiB array)
#   2. python3 benches/peers.py --json target/peers.json  (NumPy and TF eager, same shapes and
#      selections; TensorFlow is optional, its columns stay empty without it)
#   3. python3 benches/compare.py target/peers.json       (reads target/criterion + peers.json)
# Steps 1 and 2 are pinned to CPU 1 with taskset when it exists (the build is not pinned).
#
#   benches/compare.sh           full run, about 5 minutes on a 2-vCPU VM (47 criterion functions
#                                at ~4 s each, --noplot, then ~45 s of peers.py)
#   benches/compare.sh --quick   smoke test, about 2 minutes (short criterion measurements, fewer
#                                NumPy/TF repeats); its table says QUICK MODE: not for the README
#
# The table goes to stdout, progress to stderr: `benches/compare.sh > table.md`.
# Needs python3 with numpy (tensorflow-cpu optional). Wall-clock on a shared VM drifts between
# runs, so compare ratios within one run (the table's ratio columns), not across runs.
set -euo pipefail
cd "$(dirname "$0")/.."

crit_args=(--warm-up-time 1 --measurement-time 3 --noplot)
peer_args=()
if [[ "${1:-}" == "--quick" ]]; then
  crit_args=(--warm-up-time 0.5 --measurement-time 0.5 --noplot)
  peer_args=(--quick)
elif [[ $# -gt 0 ]]; then
  echo "usage: benches/compare.sh [--quick]" >&2
  exit 2
fi

pin=()
pin_note=()
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
  pin=(taskset -c 1)
  pin_note=(--pinned 1)
fi

start=$(date +%s)
benches=(--bench strided_slice --bench assign)
cargo bench "${benches[@]}" --no-run -q
"${pin[@]}" cargo bench "${benches[@]}" -- "${crit_args[@]}" >&2
"${pin[@]}" python3 benches/peers.py --json target/peers.json "${peer_args[@]}"
echo >&2
python3 benches/compare.py target/peers.json --since "$start" "${pin_note[@]}"
