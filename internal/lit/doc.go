// Package lit runs LLVM lit-style test files (such as the *.mlir files
// under test/lit) in-process, so that "go test" runs them without Python,
// a POSIX shell or built binaries.
//
// A test file holds directives, conventionally in comments:
//
//	// RUN: tcp-opt %s --canonicalize | FileCheck %s
//	// RUN: not tcp-opt %s --bad-flag 2>&1 | FileCheck %s --check-prefix=ERR
//	// REQUIRES: mlir-opt
//	// CHECK: ...
//
// RunFile runs one file with a Config that maps command names to in-process
// tools (func(args, stdin, stdout, stderr) int, the Main functions of the
// project's commands) and lists the available features. RunTests runs every
// test under a directory as subtests of a Go test. A harness such as
// test/lit/lit_test.go looks like this:
//
//	func TestLit(t *testing.T) {
//		cfg := &lit.Config{
//			Tools: map[string]lit.Tool{
//				"tcp-opt":       tcpopt.Main,
//				"tcp-translate": tcptranslate.Main,
//				"tcp-run":       tcprun.Main,
//				"FileCheck":     filecheck.Main,
//			},
//			Features: map[string]bool{},
//		}
//		if tool, _, ok := lit.LookPathTool("mlir-opt-16", "mlir-opt"); ok {
//			cfg.Tools["mlir-opt"] = tool
//			cfg.Features["mlir-opt"] = true
//		}
//		lit.RunTests(t, cfg, ".") // the test files under test/lit
//	}
//
// The same files run with LLVM's own lit and the real binaries through
// test/lit/lit.cfg.py and scripts/run-llvm-lit.sh; the fixtures in
// internal/lit/testdata/llvm-lit run under both to check that they agree.
//
// # Directives
//
// As in LLVM lit (lit/TestRunner.py), a directive is recognized anywhere on
// a line: the leftmost of RUN:, XFAIL:, REQUIRES:, UNSUPPORTED:,
// ALLOW_RETRIES:, END., DEFINE: and REDEFINE:, and it extends to the end of
// the line. Comment markers are therefore irrelevant: "// RUN:", "# RUN:"
// and "; RUN:" all work.
//
//   - RUN: a command line. A trailing '\' continues it on the next RUN:
//     line (the '\' is removed, the rest of the next line appended). The
//     RUN lines run in order; the test fails at the first one that exits
//     with a non-zero status. An empty RUN line does nothing.
//   - REQUIRES: comma-separated feature expressions that must all be true,
//     else the test is Unsupported. UNSUPPORTED: the test is Unsupported
//     if any is true. XFAIL: the test is expected to fail if any is true,
//     or for "*": it is then XFail if it fails and XPass (a failure) if it
//     passes. A trailing '\' continues an expression on the next line of
//     the same kind. Expressions use identifiers (feature names; "true"
//     is always true), !, &&, ||, parentheses, and {{regex}} parts that
//     match a feature in full (Go regexp syntax instead of Python's).
//   - DEFINE: %{name} = value, REDEFINE: %{name} = value: define or
//     redefine a substitution for the RUN lines that follow.
//   - END. on its own stops the scanning of the file.
//   - ALLOW_RETRIES: is accepted and ignored (tests are deterministic).
//
// A file without RUN lines, with an unterminated continuation, a bad
// feature expression or a RUN line the shell cannot parse is Unresolved,
// which is a failure.
//
// # Substitutions
//
// Before a RUN line runs, "%%" is protected, %if expressions are expanded,
// then Config.Substitutions and the built-in substitutions are applied in
// order, each once, as literal text replacements (lit uses regular
// expressions, but its built-in patterns are literal), and "%%" becomes
// "%". The built-in substitutions are:
//
//	%s            the test file (absolute path)
//	%S, %p        the directory of the test file
//	%t            a temporary path unique to this run of the test:
//	              %T/<test file name>.tmp; it does not exist initially
//	%T            a fresh temporary directory unique to this run of the test
//	%basename_t   the file name of %t without ".tmp"
//	%{pathsep}    the path list separator (":")
//	%{fs-sep}, %{fs-src-root}, %{fs-tmp-root}
//	%/s, %/S, %/p, %/t, %/T       the same with forward slashes
//	%:s, %:S, %:p, %:t, %:T       the same without the leading "/"
//	%(line), %(line+N), %(line-N) the line number of the directive (+/- N)
//	%if feature-expr %{ text %} [%else %{ text %}]
//
// Unknown %-sequences are left as they are. Per-test directories are made
// under Config.TempDir (or under a temporary directory that RunFile
// removes, if it is empty); RunTests uses t.TempDir().
//
// # The shell
//
// RUN lines are parsed by a small shell modeled on lit's internal shell
// (lit/ShUtil.py), following bash where lit's internal shell and bash
// differ, since test/lit/lit.cfg.py runs RUN lines with bash. It supports:
//
//   - words with single quotes (no escapes), double quotes (where \", \\,
//     \$ and \` are escapes and other backslashes are kept) and
//     backslash escapes outside quotes; '#' at the start of a word begins
//     a comment;
//   - pipelines "a | b", negated pipelines "! a | b", and lists with
//     "&&", "||" and ";" (equal precedence, left to right, as in bash);
//   - redirections "< file", "> file", ">> file", "2> file", "2>> file",
//     "2>&1", ">&2", "&> file", ">& file", in any order, processed left to
//     right as in bash ("> f 2>&1" sends both to f; "2>&1 > f" does not);
//     "/dev/null" is understood in redirections; a command may consist of
//     redirections only ("> %t" creates an empty file);
//   - unquoted '*', '?' and '[' make a glob pattern, replaced by the
//     sorted matching paths, or left as it is if nothing matches.
//
// Anything bash would give a meaning the shell does not implement is
// rejected with a syntax error rather than misread: '$' expansions,
// backquotes, unquoted '(' and ')', brace expansion such as "{a,b}", '~'
// at the start of a word, "&" (background), "<<", "<&", and file
// descriptors other than 0, 1 and 2. Environment variable assignments
// ("FOO=1 cmd"), "env", "cd", "export" and subshells are not supported.
//
// Exit status: a pipeline's status is that of its last command that
// failed (pipefail, LLVM lit's default; Config.NoPipefail gives the status
// of the last command). The commands of a pipeline run one after another,
// each reading the complete, buffered output of the previous one; the
// first reads empty stdin unless redirected.
//
// # Commands
//
// A command name is looked up in Config.Tools first, then among the
// builtins; there is no fallback to programs on $PATH (use ExecTool or
// LookPathTool to provide one explicitly). An unknown command aborts the
// test with an error naming it, even under "not", so that a typo cannot
// make "not" succeed. The builtins are:
//
//	not [--crash] cmd...   inverts cmd's status (0 becomes 1, non-zero 0);
//	                       a crash (a panicking tool) makes "not" fail, and
//	                       "not --crash" succeed only on a crash
//	echo [-n] [-e] [-E]    bash's echo
//	true, false, :
//	cat [file|-]...
//	mkdir [-p] dir...
//	rm [-f] [-r|-R] path...
//	diff [-u] [-U n] [-b] [-w] [-q] [--strip-trailing-cr] a b
//	                       unified diff; status 0 if equal, 1 if not
//	cmp [-s] a b
//	count N                succeeds if stdin has exactly N lines (LLVM's count)
//
// Relative paths in redirections and builtin arguments are resolved
// against the test's temporary directory %T. Tools receive their
// arguments unchanged and resolve relative paths against the process's
// working directory, so tests should use absolute paths (%s, %S, %t).
//
// A tool runs in its own goroutine. If it panics (or calls
// runtime.Goexit), the panic and stack trace are written to its stderr and
// its exit status is 2, marked as a crash. With Config.Timeout, a test
// still running at the deadline fails and the tool's goroutine is
// abandoned. Panics in goroutines started by a tool cannot be recovered
// and crash the test binary.
//
// # Reports
//
// A Result has a Status (Pass, Fail, Unsupported, XFail, XPass,
// Unresolved; Status.Failed tells which count as failures), a one-line
// Message, and for failures a Report: the file, the failing RUN line after
// substitution, its exit status, the temporary directory, and for each
// command of that line its argv, the stdout not consumed by a pipe or
// redirection, the stderr, the start of the files it wrote through
// redirections if it failed, and its exit status. Log holds the
// transcript of every RUN line that ran.
//
// # Differences from LLVM lit
//
//   - Everything runs in-process; there are no external programs, no
//     environment variables and no working directory per test.
//   - "not" rejects a panicking tool, where LLVM's "not" would accept a Go
//     binary's panic exit status 2; test/lit/lit.cfg.py sets
//     GOTRACEBACK=crash so that lit and the Go runner agree.
//   - Substitutions are literal, not regular expressions; {{regex}} in
//     feature expressions uses Go's RE2 syntax.
//   - Retries, per-directory lit.local.cfg files,
//     %dbg markers, %{/s:regex_replacement} and %/et are not implemented.
//   - split-file, env and the other external utilities of LLVM lit tests
//     are not builtins; a harness may provide them as tools.
package lit
