// Package quote is the one place where text that comes from an input
// (symbol names, locations, file names, string attributes) is turned into
// source text of another language: Go, C++, Graphviz DOT. Every emitter
// passes such text through the function for its target and never writes
// it raw, so no input can close a string, end a comment or start a line
// of its own in the output.
//
// Go:
//
//   - GoIdent maps any symbol name, "" and names with newlines, NULs,
//     byte-order marks, quotes or a leading Unicode digit included, to an
//     exported Go identifier. The mapping is injective: a lowercase
//     snake-case name (`[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*`) becomes its
//     CamelCase form (gather_rows -> GatherRows), which contains no
//     underscore; every other name becomes "X_" followed by the name with
//     ASCII letters and digits kept and every other byte written as "_"
//     and two uppercase hex digits (gatherRows -> X_gatherRows,
//     "a.b" -> X_a_2Eb, "" -> X_). The two forms never meet, and each is
//     decoded back to the name (DecodeGoIdent). Names the emitter derives
//     from an identifier (its shape function, FDims) can still meet
//     another symbol's identifier; the emitter detects that and reports
//     a located error.
//   - GoString is a Go interpreted string literal in ASCII
//     (strconv.QuoteToASCII): invalid UTF-8, NUL and the byte-order mark
//     are escapes.
//   - GoComment is text for a `//` comment: returned as is when it is
//     printable ASCII, otherwise written as an MLIR string literal
//     (`"x\0Afunc"`), so it never holds a newline, a NUL, a BOM, a
//     non-ASCII character or `*/`.
//
// C++:
//
//   - CppString is a narrow string literal: printable ASCII kept except
//     `"`, `\` and `?` (escaped, so no trigraph), every other byte a
//     three-digit octal escape (which, unlike \x, cannot swallow the
//     next character).
//   - CppComment is GoComment's rule (also no "??", a trigraph before
//     C++17), and the text never ends in a
//     backslash (which would splice the next line into the comment).
//   - CppIdent maps any name injectively to an identifier fragment:
//     `[A-Za-z0-9]+(_[A-Za-z0-9]+)*` stays, anything else becomes "_"
//     followed by the name with ASCII letters and digits kept and every
//     other byte (underscores included) "_" and two hex digits.
//
// DOT: DOTString is a double-quoted ID whose `"` and `\` are escaped,
// newlines are `\n` and every other control, non-ASCII or invalid byte is
// written visibly as `\\XX`, so a label never ends the quoted string.
//
// JSON output is written with encoding/json, which escapes by itself.
package quote
