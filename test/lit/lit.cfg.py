# -*- Python -*-
#
# Configuration of the tcp lit tests for LLVM's lit (the Python runner, e.g.
# /usr/lib/llvm-16/build/utils/lit/lit.py from Debian's llvm-16-tools).
# scripts/run-llvm-lit.sh builds the tools and runs lit with this file.
#
# The same test files also run in-process under `go test` with the Go
# runner in internal/lit (see internal/lit/doc.go); keep the two in sync:
# the features defined here should be defined by the Go harness too.
#
# Parameters (lit --param NAME=VALUE) and environment variables:
#   tcp_bin        / TCP_BIN            directory of the tcp tool binaries
#                                       (tcp-opt, tcp-translate, tcp-run,
#                                       tcp-pipeline, ...);
#                                       required
#   filecheck      / TCP_FILECHECK      FileCheck to use (default: FileCheck-16)
#   llvm_bin       / TCP_LLVM_BIN       LLVM tools directory, for `not`,
#                                       `count`, `split-file`, mlir-opt
#                                       (default: /usr/lib/llvm-16/bin)
#   tcp_exec_root  / TCP_LIT_EXEC_ROOT  where lit puts Output/ directories
#                                       (%t, %T); default: a directory in
#                                       the system's temporary directory

import os
import re
import shlex
import shutil
import tempfile

import lit.formats
import lit.util

config.name = 'tcp'
# Run RUN lines with bash (like torch-mlir and MLIR do). The Go runner's
# shell follows bash where bash and lit's internal shell differ.
config.test_format = lit.formats.ShTest(True)
config.suffixes = ['.mlir']
config.excludes = ['Inputs', 'Output', 'lit.cfg.py', 'lit.site.cfg.py']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# The exit status of a pipeline is that of its last failing command. This is
# lit's default; the Go runner does the same.
config.pipefail = True


def param(name, env):
    """Returns lit parameter `name`, or else environment variable `env`."""
    value = lit_config.params.get(name)
    if not value:
        value = os.environ.get(env)
    return value or None


exec_root = param('tcp_exec_root', 'TCP_LIT_EXEC_ROOT')
if not exec_root:
    uid = str(os.getuid()) if hasattr(os, 'getuid') else 'user'
    exec_root = os.path.join(tempfile.gettempdir(), 'tcp-lit-' + uid)
config.test_exec_root = os.path.abspath(exec_root)

tcp_bin = param('tcp_bin', 'TCP_BIN')
if not tcp_bin or not os.path.isdir(tcp_bin):
    lit_config.fatal(
        'tcp: the directory of the tcp tool binaries is not set or does not '
        'exist (%r); pass --param tcp_bin=DIR or set TCP_BIN=DIR, or run '
        'scripts/run-llvm-lit.sh, which builds ./cmd/... and does so'
        % (tcp_bin,))
tcp_bin = os.path.abspath(tcp_bin)

llvm_bin = param('llvm_bin', 'TCP_LLVM_BIN') or '/usr/lib/llvm-16/bin'

# Tools are found on PATH: first the tcp binaries, then the LLVM tools.
path = [tcp_bin]
if os.path.isdir(llvm_bin):
    path.append(llvm_bin)
config.environment['PATH'] = os.pathsep.join(
    path + [config.environment.get('PATH', '')])

# A Go panic exits with status 2, which `not` would accept as an ordinary
# failure. With GOTRACEBACK=crash a panicking tool dies of SIGABRT instead,
# so that `not` rejects it and `not --crash` accepts it, as in the Go runner.
config.environment['GOTRACEBACK'] = 'crash'
# The Go backend (tcp-run --backend=go, tcp-pipeline) keeps its compiled
# kernels in a private directory under the user's cache directory: pass
# what locates it.
for var in ('HOME', 'XDG_CACHE_HOME', 'TCP_GO_CACHE'):
    if var in os.environ:
        config.environment[var] = os.environ[var]


def tool_pattern(name):
    """A regex matching `name` as a command word in a RUN line, not as part
    of a path, an option or another name (like lit.llvm's ToolSubst)."""
    return r'(?<![\w.\-/\\<^])' + re.escape(name) + r'(?![\w.\-])'


def add_tool_substitution(name, tool_path):
    replacement = shlex.quote(tool_path).replace('\\', '\\\\')
    config.substitutions.append((tool_pattern(name), replacement))


def find_tool(name):
    """Finds `name` on the test PATH, or else `name`-16 on the system PATH."""
    found = lit.util.which(name, config.environment['PATH'])
    if not found:
        found = shutil.which(name + '-16')
    return found


# FileCheck: TCP_FILECHECK, or else FileCheck-16, or else a FileCheck on PATH.
filecheck = param('filecheck', 'TCP_FILECHECK') or shutil.which('FileCheck-16') \
    or lit.util.which('FileCheck', config.environment['PATH'])
if not filecheck:
    lit_config.fatal(
        'tcp: FileCheck-16 not found; install it with '
        '`apt-get install llvm-16-tools` or set TCP_FILECHECK')
add_tool_substitution('FileCheck', filecheck)

# LLVM's test utilities, which bash needs as programs.
for tool in ['not', 'count', 'split-file']:
    if lit.util.which(tool, config.environment['PATH']):
        continue
    found = shutil.which(tool + '-16')
    if found:
        add_tool_substitution(tool, found)
    else:
        lit_config.warning('tcp: %r not found (install llvm-16-tools or set '
                           'TCP_LLVM_BIN); tests using it will fail' % tool)

# Optional reference tools: a test that uses one says `REQUIRES: <name>`.
for tool in ['mlir-opt', 'mlir-translate']:
    found = find_tool(tool)
    if found:
        config.available_features.add(tool)
        add_tool_substitution(tool, found)

lit_config.note('tcp: tools from %s, FileCheck %s' % (tcp_bin, filecheck))
