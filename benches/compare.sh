#!/usr/bin/env bash
# The README's comparison tables: ndarray-tfslice beside ndarray, NumPy and TensorFlow eager, all
# measured in one run on this machine, printed as three markdown tables (plus a header line naming
# the machine, rustc, NumPy and TF versions and the date): strided_slice and its owned forms first,
# then every slicing and joining op beside its ndarray-native twin and NumPy, then owned results on
# real shapes (YOLO heads, NHWC image batches, BERT tables) beside ndarray, NumPy and a memcpy of
# the output's bytes.
#
#   1. cargo bench --bench strided_slice --bench strided_assign   (criterion: the 12 view cases of
#      benches/cases.json, plus assign / grad / to_owned on a 4 MiB array)
#   2. cargo bench --bench join_views --bench join --bench join_pad --bench gather --bench gather_mask
#      --bench space_depth --bench space_batch --bench shape --bench gather_scatter
#      --bench real_shapes   (criterion, shorter settings: 111 functions plus the newer benches'
#      (real_shapes: 111), many
#      of them milliseconds long, so 20 samples instead of 100; bench files are named
#      <family>[_<topic>], after the crate's op families)
#   3. python3 benches/strided_peers.py --json target/peers.json  (NumPy and TF eager, same shapes and
#      selections; TensorFlow is optional, its columns stay empty without it)
#   4. python3 benches/<op script>.py --json > target/ops_numpy/<op script>.json for the eight NumPy
#      scripts of step 2's benches (join_views_peers, join_peers, join_pad_peers, gather_peers,
#      gather_mask_peers, space_depth_peers, space_batch_peers, shape_peers, gather_scatter_peers,
#      real_shapes_peers; each is its bench's name + _peers;
#      shared timing helper in benches/peers_common.py). One that fails
#      is reported on stderr and its figures print as `-`.
#   5. python3 benches/compare.py target/peers.json --ops target/ops_numpy/*.json
#      (reads target/criterion + those JSON files)
# Steps 1 to 4 are pinned to CPU 1 with taskset when it exists (the build is not pinned).
#
#   benches/compare.sh           full run, about 25 minutes on a 2-vCPU VM (47 criterion functions
#                                at ~4 s each, then 111 at ~3 s or 210 iterations, --noplot, then
#                                ~45 s of strided_peers.py and ~2 minutes of the op scripts)
#   benches/compare.sh --quick   smoke test, about 4 minutes (short criterion measurements, fewer
#                                NumPy/TF repeats); its table says QUICK MODE: not for the README
#
# The tables go to stdout, progress to stderr: `benches/compare.sh > table.md`.
# Needs python3 with numpy (tensorflow-cpu optional). Wall-clock on a shared VM drifts between
# runs, so compare ratios within one run (the tables' ratio columns), not across runs.
set -euo pipefail
cd "$(dirname "$0")/.."

crit_args=(--warm-up-time 1 --measurement-time 3 --noplot)
op_crit_args=(--warm-up-time 1 --measurement-time 2 --sample-size 20 --noplot)
peer_args=()
if [[ "${1:-}" == "--quick" ]]; then
  crit_args=(--warm-up-time 0.5 --measurement-time 0.5 --noplot)
  op_crit_args=(--warm-up-time 0.2 --measurement-time 0.3 --sample-size 10 --noplot)
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
benches=(--bench strided_slice --bench strided_assign)
op_benches=(--bench join_views --bench join --bench join_pad --bench gather --bench gather_mask --bench space_depth
  --bench space_batch --bench shape --bench gather_scatter --bench real_shapes)
op_scripts=(join_views_peers join_peers join_pad_peers gather_peers gather_mask_peers space_depth_peers
  space_batch_peers shape_peers gather_scatter_peers real_shapes_peers)
cargo bench "${benches[@]}" "${op_benches[@]}" --no-run -q
"${pin[@]}" cargo bench "${benches[@]}" -- "${crit_args[@]}" >&2
"${pin[@]}" cargo bench "${op_benches[@]}" -- "${op_crit_args[@]}" >&2
"${pin[@]}" python3 benches/strided_peers.py --json target/peers.json "${peer_args[@]}"
mkdir -p target/ops_numpy
ops_json=()
for script in "${op_scripts[@]}"; do
  out="target/ops_numpy/$script.json"
  rm -f "$out"
  echo "benches/$script.py --json" >&2
  if "${pin[@]}" python3 "benches/$script.py" --json "${peer_args[@]}" >"$out.tmp"; then
    mv "$out.tmp" "$out"
    ops_json+=("$out")
  else
    rm -f "$out.tmp"
    echo "benches/$script.py failed: its NumPy figures print as -" >&2
  fi
done
echo >&2
python3 benches/compare.py target/peers.json --since "$start" "${pin_note[@]}" --ops "${ops_json[@]}"
