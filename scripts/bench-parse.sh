#!/usr/bin/env bash
# tcp-opt next to mlir-opt-16 on generated functions (internal/benchgen) of
# 10k, 100k, 1M and 5M operations, in the same run: wall time and peak RSS
# (best of N runs each), and their ratios, for three jobs:
#   generic  parse + verify + print in generic form (--mlir-print-op-generic)
#   custom   parse + verify + print in custom form
#   canon    parse + verify + func.func(canonicalize,cse) + print
# mlir-opt-16 runs with --mlir-disable-threading --allow-unregistered-dialect
# (the tcp ops are unregistered there); tcp-opt with its defaults. Columns:
# wall seconds, CPU seconds (user+sys: steadier than wall time on a shared
# machine) and peak RSS of each tool with their ratios (tcp/mlir, best of N
# runs each, N interleaved; each column its own minimum), and tcp-opt's wall time per op in microseconds.
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

# one runs the command once and prints "wall_s cpu_s maxrss_kb". The wall
# time comes from the clock in nanoseconds around the command (GNU time's
# %e has 10 ms steps, too coarse for the 10k-op input); CPU time and peak
# RSS from GNU time.
one() {
  local t0 t1
  t0=$(date +%s%N)
  /usr/bin/time -f "%U %S %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  t1=$(date +%s%N)
  awk -v ns=$((t1 - t0)) '{ printf "%.4f %.2f %s\n", ns / 1e9, $1 + $2, $3 }' "$work/t"
}

# min keeps the smallest of each column over the lines it reads.
min() {
  awk 'NR == 1 { w = $1; c = $2; m = $3 } { if ($1 < w) w = $1; if ($2 < c) c = $2; if ($3 < m) m = $3 } END { print w, c, m }'
}

pipeline='--pass-pipeline=builtin.module(func.func(canonicalize,cse))'
printf '%-8s %-8s %8s %8s %7s %8s %8s %7s %8s %8s %7s %7s\n' job ops tcp-s mlir-s time-x tcp-cpu mlir-cpu cpu-x tcp-MB mlir-MB mem-x us/op
for job in $jobs; do
  case $job in
  generic) targs=(--mlir-print-op-generic) margs=(--mlir-print-op-generic) ;;
  custom) targs=() margs=() ;;
  canon) targs=("$pipeline") margs=("$pipeline") ;;
  *) echo "bench-parse: unknown job $job" >&2; exit 1 ;;
  esac
  for n in $sizes; do
    f="$work/ops$n.mlir"
    : >"$work/tcp"
    : >"$work/mlir"
    for _ in $(seq "$runs"); do # interleaved, so both see the same load
      one "$tcp_opt" "${targs[@]}" "$f" >>"$work/tcp"
      one "$mlir_opt" --mlir-disable-threading --allow-unregistered-dialect "${margs[@]}" "$f" >>"$work/mlir"
    done
    read -r ts tc tm < <(min <"$work/tcp")
    read -r ms mc mm < <(min <"$work/mlir")
    awk -v job="$job" -v n="$n" -v ts="$ts" -v ms="$ms" -v tc="$tc" -v mc="$mc" -v tm="$tm" -v mm="$mm" 'BEGIN {
      printf "%-8s %-8d %8.3f %8.3f %6.2fx %8.2f %8.2f %6.2fx %8.1f %8.1f %6.2fx %7.2f\n", job, n, ts, ms, ts/ms, tc, mc, tc/mc, tm/1024, mm/1024, tm/mm, ts*1e6/n }' | tee -a "$work/rows"
  done
done
# Flatness: per job, the largest wall time per op over the smallest.
awk '{ u = $NF; if (!($1 in lo) || u < lo[$1]) lo[$1] = u; if (u > hi[$1]) hi[$1] = u }
  END { for (j in lo) printf "%s: wall time per op varies %.2fx over the sizes (%.2f to %.2f us)\n", j, hi[j] / lo[j], lo[j], hi[j] }' "$work/rows" | sort
