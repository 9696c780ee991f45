#!/usr/bin/env bash
# tcp-opt next to mlir-opt-16 on generated functions (internal/benchgen) of
# 10k, 100k, 1M and 5M operations, in the same run: wall time and peak RSS
# (best of N runs each), and their ratios, for three jobs:
#   generic  parse + verify + print in generic form (--mlir-print-op-generic)
#   custom   parse + verify + print in custom form
#   canon    parse + verify + func.func(canonicalize,cse) + print
# mlir-opt-16 runs with --mlir-disable-threading --allow-unregistered-dialect
# (the tcp ops are unregistered there); tcp-opt with its defaults. The last
# column is tcp-opt's time per op in microseconds.
#
#   scripts/bench-parse.sh [N_RUNS]      (default 3; needs mlir-opt-16 and GNU time)
#   BENCH_SIZES="10000 100000" BENCH_JOBS="generic" TCP_OPT=path scripts/bench-parse.sh
# Inputs go to a temporary directory under ${TMPDIR:-/tmp} (5M ops is ~600 MB).
set -euo pipefail
runs=${1:-3}
sizes=${BENCH_SIZES:-10000 100000 1000000 5000000}
jobs=${BENCH_JOBS:-generic custom canon}
cd "$(dirname "$0")/.."
mlir_opt=${TCP_MLIR_OPT:-mlir-opt-16}
command -v "$mlir_opt" >/dev/null || { echo "bench-parse: $mlir_opt not found (apt-get install mlir-16-tools)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-parse: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tcp_opt=${TCP_OPT:-}
if [ -z "$tcp_opt" ]; then
  go build -o "$work/tcp-opt" ./cmd/tcp-opt
  tcp_opt=$work/tcp-opt
fi
# shellcheck disable=SC2086
go run ./internal/benchgen/cmd/benchgen -o "$work" $sizes

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

pipeline='--pass-pipeline=builtin.module(func.func(canonicalize,cse))'
printf '%-8s %-9s %10s %10s %8s %10s %10s %8s %8s\n' job ops tcp-opt-s mlir-opt-s time-x tcp-MB mlir-MB mem-x us/op
for job in $jobs; do
  case $job in
  generic) targs=(--mlir-print-op-generic) margs=(--mlir-print-op-generic) ;;
  custom) targs=() margs=() ;;
  canon) targs=("$pipeline") margs=("$pipeline") ;;
  *) echo "bench-parse: unknown job $job" >&2; exit 1 ;;
  esac
  for n in $sizes; do
    f="$work/ops$n.mlir"
    read -r ts tm < <(best "$tcp_opt" "${targs[@]}" "$f")
    read -r ms mm < <(best "$mlir_opt" --mlir-disable-threading --allow-unregistered-dialect "${margs[@]}" "$f")
    awk -v job="$job" -v n="$n" -v ts="$ts" -v ms="$ms" -v tm="$tm" -v mm="$mm" 'BEGIN {
      printf "%-8s %-9d %10.3f %10.3f %7.2fx %10.1f %10.1f %7.2fx %8.3f\n", job, n, ts, ms, ts/ms, tm/1024, mm/1024, tm/mm, ts*1e6/n }'
  done
done
