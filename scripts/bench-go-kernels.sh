#!/bin/sh
# Prints GB/s of the generated Go kernels (codegen/golang) on the issue-9
# workloads next to the interpreter, a plain Go copy of the same bytes and
# torch 1.13 (/usr/bin/python3), with one worker/thread and with all.
#   scripts/bench-go-kernels.sh [-n CALLS] [-interp-n RUNS] [-no-torch]
set -e
cd "$(dirname "$0")/.."
exec go run ./codegen/golang/internal/benchtable "$@"
