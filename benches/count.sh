#!/usr/bin/env bash
# Instructions per call of tf_strided_slice and of ndarray's own slicing of the same selection,
# counted by callgrind (exact and repeatable, unlike wall-clock on a shared machine). Each figure is
# the difference between 2,000 and 1,000 calls, so set-up cost cancels out.
#
#   benches/count.sh            (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench --bench count --no-run -q 2>/dev/null
bin=$(ls -t target/release/deps/count-* | grep -v '\.d$' | head -1)
calls() { # case which iterations -> instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" "$3" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-12s %18s %18s %7s\n' case tf_strided_slice ndarray_slice ratio
for case in rank3 rank6 rank6_mixed; do
  tf=$(( $(calls "$case" tf 2000) - $(calls "$case" tf 1000) ))
  nd=$(( $(calls "$case" ndarray 2000) - $(calls "$case" ndarray 1000) ))
  printf '%-12s %18s %18s %7s\n' "$case" "$((tf / 1000)) instr" "$((nd / 1000)) instr" \
    "$(awk -v a="$tf" -v b="$nd" 'BEGIN { printf "%.2fx", a / b }')"
done
