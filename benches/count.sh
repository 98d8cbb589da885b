#!/usr/bin/env bash
# Instructions per call of tf_strided_slice, of a prepared Plan, and of ndarray's own slicing of
# the same selection; then of x.tf_index(tf_s![..]) on an Array3 / Array4 beside ndarray's static
# s![..] (benches/common/typed.rs),
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
per_call() { echo $(( ($(calls "$1" "$2" 2000) - $(calls "$1" "$2" 1000)) / 1000 )); }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
printf '%-12s %17s %14s %14s %8s %8s\n' case tf_strided_slice prepared_plan ndarray_slice "tf/nd" "plan/nd"
for case in $(python3 -c "import json; print(' '.join(c['name'] for c in json.load(open('benches/cases.json'))['cases']))"); do
  tf=$(per_call "$case" tf)
  plan=$(per_call "$case" plan)
  nd=$(per_call "$case" ndarray)
  printf '%-12s %17s %14s %14s %8s %8s\n' "$case" "$tf" "$plan" "$nd" "$(ratio "$tf" "$nd")" "$(ratio "$plan" "$nd")"
done
echo
printf '%-20s %12s %12s %8s\n' case 'tf_s!' 'static s!' "tf_s/s"
for case in rank3_plain rank3_negative rank3_mixed rank4_crop rank4_mixed rank4_reverse_last; do
  typed=$(per_call "$case" typed)
  fixed=$(per_call "$case" static)
  printf '%-20s %12s %12s %8s\n' "$case" "$typed" "$fixed" "$(ratio "$typed" "$fixed")"
done
