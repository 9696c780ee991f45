#!/usr/bin/env bash
# Runs the lit tests with LLVM's own lit (the Python runner shipped by
# Debian's llvm-16-tools) and the real tool binaries, built from ./cmd/...
# into a temporary directory. The same tests run in-process with `go test`.
#
# Usage: scripts/run-llvm-lit.sh [lit options] [test paths]
#   With no test path, runs test/lit. lit's options are -sv plus the given
#   ones, e.g. --filter REGEX, -a (show all output), -j N.
#
# Environment:
#   LIT            lit.py to use (default /usr/lib/llvm-16/build/utils/lit/lit.py)
#   PYTHON         Python interpreter (default /usr/bin/python3)
#   TCP_BIN        use the tool binaries in this directory instead of building
#   TCP_FILECHECK  FileCheck to use (default: FileCheck-16 on PATH)
#   TCP_LLVM_BIN   LLVM tools directory for not/count/split-file/mlir-opt
#                  (default /usr/lib/llvm-16/bin)
#
# Exits 0 if all tests pass, 1 if a test fails or lit or FileCheck-16 is
# missing.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

lit_py="${LIT:-/usr/lib/llvm-16/build/utils/lit/lit.py}"
python="${PYTHON:-/usr/bin/python3}"

if [[ ! -f "$lit_py" ]]; then
  echo "run-llvm-lit: LLVM lit not found at $lit_py" >&2
  echo "run-llvm-lit: install it with 'apt-get install llvm-16-tools', or set LIT=/path/to/lit.py" >&2
  exit 1
fi
if ! command -v "$python" >/dev/null 2>&1; then
  echo "run-llvm-lit: Python interpreter $python not found; set PYTHON" >&2
  exit 1
fi
filecheck="${TCP_FILECHECK:-$(command -v FileCheck-16 || true)}"
if [[ -z "$filecheck" ]] || ! command -v "$filecheck" >/dev/null 2>&1; then
  echo "run-llvm-lit: FileCheck-16 not found${TCP_FILECHECK:+ (TCP_FILECHECK=$TCP_FILECHECK)}" >&2
  echo "run-llvm-lit: install it with 'apt-get install llvm-16-tools', or set TCP_FILECHECK" >&2
  exit 1
fi
export TCP_FILECHECK="$filecheck"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/tcp-llvm-lit.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

if [[ -n "${TCP_BIN:-}" ]]; then
  bin="$(cd "$TCP_BIN" && pwd)"
else
  bin="$tmp/bin"
  mkdir -p "$bin"
  echo "run-llvm-lit: building ./cmd/... into $bin" >&2
  if ! go build -o "$bin/" ./cmd/...; then
    echo "run-llvm-lit: building the tools failed" >&2
    exit 1
  fi
fi

# Run test/lit unless a test path is given.
have_path=false
for arg in "$@"; do
  if [[ "$arg" != -* && -e "$arg" ]]; then
    have_path=true
  fi
done
if ! $have_path; then
  set -- "$@" test/lit
fi

status=0
"$python" "$lit_py" -sv \
  --param tcp_bin="$bin" \
  --param tcp_exec_root="$tmp/exec" \
  "$@" || status=$?
if [[ $status -ne 0 ]]; then
  echo "run-llvm-lit: lit failed (exit status $status)" >&2
  exit 1
fi
