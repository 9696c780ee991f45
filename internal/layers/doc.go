// Package layers holds the test that keeps the project's package layers:
// ir → dialects → parser / pass / passes / interp → codegen → tools, with
// participle confined to parser. It has no code of its own.
package layers
