#!/usr/bin/env bash
# Parse + verify + print (generic form) of generated functions with 10k,
# 100k and 1M operations, by tcp-opt and by mlir-opt-16 in the same run,
# and print the ratios side by side (wall time and peak RSS, best of N).
#
#   scripts/bench-parse.sh [N_RUNS]      (default 3; needs mlir-opt-16 and GNU time)
set -euo pipefail
runs=${1:-3}
cd "$(dirname "$0")/.."
mlir_opt=${TCP_MLIR_OPT:-mlir-opt-16}
command -v "$mlir_opt" >/dev/null || { echo "bench-parse: $mlir_opt not found (apt-get install mlir-16-tools)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-parse: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tcp-opt" ./cmd/tcp-opt
go run ./internal/benchgen/cmd/benchgen -o "$work" 10000 100000 1000000

# best prints "seconds maxrss_kb" for the fastest of $runs runs of the command.
best() {
  local b_t=999999 b_m=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    read -r t m <"$work/t"
    if awk -v a="$t" -v b="$b_t" 'BEGIN{exit !(a<b)}'; then b_t=$t; b_m=$m; fi
  done
  echo "$b_t $b_m"
}

printf '%-9s %10s %10s %8s %10s %10s %8s\n' ops tcp-opt-s mlir-opt-s time-x tcp-MB mlir-MB mem-x
for n in 10000 100000 1000000; do
  f="$work/ops$n.mlir"
  read -r ts tm < <(best "$work/tcp-opt" --mlir-print-op-generic "$f")
  read -r ms mm < <(best "$mlir_opt" --mlir-disable-threading --allow-unregistered-dialect --mlir-print-op-generic "$f")
  awk -v n="$n" -v ts="$ts" -v ms="$ms" -v tm="$tm" -v mm="$mm" 'BEGIN {
    printf "%-9d %10.3f %10.3f %7.2fx %10.1f %10.1f %7.2fx\n", n, ts, ms, ts/ms, tm/1024, mm/1024, tm/mm }'
done
