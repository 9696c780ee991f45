// Package parser reads MLIR text into the ir data model.
//
// Public API: Parse and ParseString return a builtin.module (the one in the
// text, or a new one wrapping the top-level operations). Errors are
// *ir.Diagnostic values located at the offending token as file:line:col,
// with file-absolute lines also when a chunk of a split file is parsed
// (Options.StartLine). No participle type appears in the API.
//
// Structure:
//
//   - toplex.go: participle's lexer.Definition and grammar. The file is a
//     sequence of top-level items — {-# … #-} metadata, alias definitions
//     (#a = …, !t = …, #loc = loc(…)) and runs of operations — each one
//     participle token. Participle sequences them; custom-parse hooks
//     (participle.ParseTypeWith) parse each alias and each run of
//     operations.
//   - lexer.go, stream.go: the hand-written MLIR lexer and a lazy
//     one-token-lookahead stream over the source. Compound lexemes
//     (tensor<…>, dense<…>, array<…>, loc(…), !dialect.type<…>,
//     #dialect.attr<…>) are single tokens whose bodies types.go and
//     attrs.go parse from the token text.
//   - parser.go: operations (generic form, and custom forms through the op
//     definitions' assembly formats via ir.ParseCustom), regions, blocks,
//     SSA scopes with forward references. The *parser implements
//     ir.AsmParser, so format directives and Parse escape hatches use the
//     same routines as the generic form.
//
// Why not a token buffer: participle's PeekingLexer stores every token of
// the input up front (64 bytes each, about 22 per generic operation). On a
// 100,000-operation function that alone was more memory than mlir-opt-16
// uses in total, so the hot path lexes lazily instead (see
// BenchmarkParse and scripts/bench-parse.sh).
//
// Accepted input beyond MLIR 16: the properties form `<{…}>` of generic
// ops (merged into the attributes), the lenient tcp syntax of
// docs/semantics.md §3.8 (through op definitions), and location aliases used
// before their definition, as mlir-opt prints them.
package parser
