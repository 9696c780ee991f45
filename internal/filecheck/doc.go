// Package filecheck is a Go implementation of LLVM's FileCheck that agrees
// with FileCheck-16 (LLVM 16.0.x): same directives, patterns, options, exit
// codes and diagnostics, so lit tests give the same verdicts whether they run
// against this package or against LLVM's binary.
//
// Use [Main] to run it with FileCheck's command line (the lit runner does this
// in-process; cmd/filecheck wraps it as a binary), or [Check] to check text
// against directives directly. Check never reads files; Main reads only the
// check file and --input-file named on its command line (or stdin for "-").
//
// # Supported
//
// Directives: CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG (matches
// may not overlap unless --allow-deprecated-dag-overlap; CHECK-NOT between
// DAG groups), CHECK-LABEL (the input is split into blocks, scanned before
// the other directives of a block), CHECK-EMPTY, CHECK-COUNT-n, the {LITERAL}
// modifier on any of them, and comments (COM:, RUN:, or --comment-prefixes).
// Misspelled directives (CHECK_NEXT:), unsupported -NOT combinations and bad
// counts are diagnosed as in LLVM.
//
// Patterns: literal text with horizontal whitespace canonicalization (unless
// --strict-whitespace), {{regex}} blocks in LLVM's POSIX extended regular
// expression dialect (bracket expressions with [:class:], [.name.] and [=c=],
// bounds, back-references \1-\9, [[:<:]] and [[:>:]], and note that \d, \n
// and the like are just the escaped letter), {{^}} and {{$}} anchoring to the
// start and end of a line (or of the search range), string variables
// ([[VAR:regex]], [[VAR]], $VAR globals, -D VAR=VALUE), numeric variables
// and expressions ([[#N:]], [[#%x,N:]], [[#%.3u,N:]], %u %d %x %X and the
// %#x alternate form, [[#N+1]], [[#]], ==, the functions add div max min mul
// sub, -D#FMT,N=expr) and @LINE ([[@LINE]], [[@LINE+1]], [[# @LINE - 1]]).
// Numeric values range over [-2^63, 2^64-1] with FileCheck-16's overflow
// errors.
//
// Options: --check-prefix (repeatable), --check-prefixes, --comment-prefixes,
// --allow-unused-prefixes, --implicit-check-not, --strict-whitespace,
// --match-full-lines, --ignore-case, --input-file, --allow-empty,
// --enable-var-scope, --allow-deprecated-dag-overlap, -D, -v, -vv,
// --dump-input=help|always|fail|never, --dump-input-filter,
// --dump-input-context and --color, spelled with one or two dashes, with
// "=value" or a separate value, and also read from FILECHECK_OPTS. LLVM's
// command-line parser is mirrored, including its error messages and its exit
// code 1 for command-line errors.
//
// Diagnostics are printed exactly like SourceMgr's (location, source line,
// caret and ranges, tab expansion), including the notes ("scanning from
// here", "possible intended match here" with LLVM's edit-distance heuristic,
// 'with "X" equal to ...', "captured var", CHECK-NEXT/SAME notes), the -v
// and -vv remarks, the annotated input dump with its filters and context,
// and ANSI colors with --color. Inputs with CRLF line ends, without a final
// newline, with NUL bytes or with invalid UTF-8 are handled byte-wise as
// LLVM does.
//
// # FileCheck-16 behaviour kept on purpose
//
// Several behaviours of FileCheck-16 that later LLVM versions changed are
// reproduced because agreement with FileCheck-16 is the goal:
//   - CHECK-NOT and CHECK-DAG failures are reported with the prefix of the
//     positive directive that follows them (with --check-prefixes=A,B,
//     "B-NOT: x" followed by "A: y" reports "A-NOT").
//   - Every {{...}} block is a capture group, so group numbers used by
//     back-references count those blocks.
//   - 'with "X" equal to ...' notes show string values regex-escaped.
//   - With --enable-var-scope, a numeric variable defined in a CHECK-LABEL
//     block stays defined in later blocks once it has been cleared once.
//   - An implicit-format conflict between two numeric variables also arises
//     when only their precisions differ.
//   - A pattern made only of substitutions (e.g. "[[X]]") gets no "possible
//     intended match" note.
//
// # Known differences
//
//   - Regular expressions without back-references or word boundaries are
//     matched with Go's regexp package in leftmost-longest mode; the overall
//     match is the one LLVM finds, but when a capture could be split in
//     several ways (e.g. [[A:a*]][[B:a*]]), the captured values may differ
//     from those of LLVM's POSIX matcher in rare ambiguous cases. Patterns
//     with back-references use a backtracking matcher with a step budget;
//     pathological patterns that exhaust it are treated as not matching.
//   - Response files (@file) are not expanded, --help lists the options
//     this implementation has (with a line of description each), --version
//     prints the tcp tools' version line, LLVM's generic
//     options (--stats, --rng-seed, ...) are unknown options, and the "Did you
//     mean" hint for an unknown option may name a different option.
//   - -D#N= (a numeric definition without an expression) makes FileCheck-16
//     crash; this package reports an error with exit code 2 instead.
//   - A --dump-input-context larger than 2^31-1 is clamped, where LLVM's
//     unsigned arithmetic would wrap around.
//
// # Testing against LLVM
//
// testdata/corpus holds several hundred cases (check file, input, options),
// about half of them failing, each with the verdict FileCheck-16 gave: its
// exit code and its first error line. testdata/record.sh re-records those
// verdicts with LLVM's binary ($TCP_FILECHECK, default FileCheck-16).
// TestCorpus checks this package against the recorded verdicts;
// TestCorpusOracle runs LLVM's binary live to keep the recordings honest
// (it is skipped when the binary is missing, and fails instead when
// CI=true) and logs how many cases produce byte-identical diagnostics.
package filecheck
