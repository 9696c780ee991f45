#!/bin/sh
# The scatter workloads (examples/scatter_*.mlir) through tcp-run's Go
# backend: writes their arguments as .npy files (Zipf-distributed repeated
# ids for the embedding gradient, unique rows for index_put, random
# indices for ScatterElements add), then times each kernel with one
# worker and with two.
#
#   scripts/scatter-bench.sh [CALLS] [DIR]     (default 20 calls, a temporary DIR)
set -eu
n=${1:-20}
dir=${2:-$(mktemp -d)}
cd "$(dirname "$0")/.."
go run ./codegen/golang/internal/workloads/scatterinputs "$dir"
for w in embedding_grad index_put scatter_elements_add; do
	args=$(ls "$dir"/"$w"_*.npy | sort)
	for workers in 1 2; do
		printf '%s workers=%s: ' "$w" "$workers"
		go run ./cmd/tcp-run "examples/scatter_$w.mlir" $args --backend=go --bench "$n" --workers "$workers" --out-dir "$dir/out" | grep '^bench:'
	done
done
