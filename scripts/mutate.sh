#!/usr/bin/env bash
# The mutation gate: applies each one-line semantic mutation of
# scripts/mutations.txt to a scratch copy of the work tree (never to the
# tree itself), runs the tests that should kill it, prints a table, and
# fails if one survives (docs/mutation.md).
#
#   scripts/mutate.sh                       # the whole list, two at a time
#   scripts/mutate.sh -only 'go-|interp-'   # ids matching a regexp
#   MUTATE_JOBS=1 scripts/mutate.sh -short  # one at a time, go test -short
#
# Flags are those of internal/mutation/mutate (-list, -j, -only, -short,
# -timeout, -keep).
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./internal/mutation/mutate -j "${MUTATE_JOBS:-2}" "$@"
