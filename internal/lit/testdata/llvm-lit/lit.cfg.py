# -*- Python -*-
#
# The test files in this directory run under both runners, to check that
# they agree: in-process with `go test ./internal/lit` (TestSharedFixtures),
# and with LLVM's lit and the configuration of test/lit:
#
#   scripts/run-llvm-lit.sh internal/lit/testdata/llvm-lit
#
# They use only builtins, FileCheck and (if present) mlir-opt.

import os

here = os.path.dirname(os.path.abspath(__file__))
lit_config.load_config(
    config, os.path.join(here, '..', '..', '..', '..', 'test', 'lit', 'lit.cfg.py'))
config.name = 'tcp-lit-fixtures'
config.test_source_root = here
