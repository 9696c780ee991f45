#!/usr/bin/env bash
# Makes the framework-oracle virtualenv (.venv-oracles, git-ignored) with the
# pyenv python3 and installs test/frameworks/requirements.txt into it. Does
# nothing when the venv already holds exactly these pins (a stamp file keeps
# the requirements' checksum, written only after an import check passed).
# A failed pip install is retried once.
#
# Usage: scripts/oracle-venv.sh [VENV [REQUIREMENTS]]
#   scripts/oracle-venv.sh                      .venv-oracles, requirements.txt
#   scripts/oracle-venv.sh .venv-mxnet test/frameworks/requirements-mxnet.txt
#       MXNet 1.9.1's ONNX exporter, which needs numpy < 1.24 (a venv of its own)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv-oracles}
req=${2:-test/frameworks/requirements.txt}
stamp=$venv/.tcp-requirements.sha256
want=$(sha256sum "$req" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$venv/bin/python" ]; then
  echo "oracle-venv: $venv is current"
  exit 0
fi
# The pyenv python3 (3.11), not Debian's /usr/bin/python3: the wheels are for it.
py=${TCP_PYENV_PYTHON:-}
if [ -z "$py" ]; then
  if command -v pyenv >/dev/null 2>&1; then py=$(pyenv which python3); else py=$HOME/.pyenv/shims/python3; fi
fi
[ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
start=$SECONDS
if ! "$venv/bin/python" -m pip install -q -r "$req"; then
  echo "oracle-venv: pip failed, retrying once"
  "$venv/bin/python" -m pip install -q -r "$req"
fi
# torch-mlir and jaxlib/TensorFlow/IREE each load their own LLVM, which
# must not meet in one process: check them in two.
if grep -q '^mxnet==' "$req"; then
  "$venv/bin/python" -c 'import mxnet, mxnet.onnx, onnx, numpy' 2>/dev/null
else
  "$venv/bin/python" -c 'import jax, tensorflow, onnx, onnxruntime, iree.compiler, iree.runtime, numpy' 2>/dev/null
  "$venv/bin/python" -c 'import torch, torch_mlir.fx' 2>/dev/null
fi
echo "$want" >"$stamp"
echo "oracle-venv: installed $req into $venv in $((SECONDS - start))s"
