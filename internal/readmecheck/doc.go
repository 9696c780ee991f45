// Package readmecheck holds the test that runs every command of the
// README's sh blocks, so that the README cannot drift from the tools.
//
// The test copies the repository's tracked files into a temporary
// directory, builds the tools once, and runs the commands in order in that
// copy with `sh -c` (`go run ./cmd/NAME` runs the prebuilt NAME, so each
// command costs no build). testdata/readme.txtar holds one section per
// command, named by the command as the README writes it (without its
// trailing comment), with the checks on its output:
//
//	contains: TEXT        the output (stdout and stderr) contains TEXT
//	lacks: TEXT           it does not
//	values: 0 1 2 3       these numbers appear in this order, contiguously,
//	                      among the numbers of the output (so the check
//	                      holds for any printing of the same values)
//	promise: TEXT         the README's comment on the command contains TEXT
//	                      (the output the README promises, checked above)
//	shown-output:         the output contains, verbatim, the plain ``` block
//	                      that follows the command's sh block in the README
//	file: PATH TEXT       the file PATH (written by the command) contains TEXT
//	exit: N               the exit status (default 0)
//	skip: REASON          the command is not run (the test suite itself,
//	                      benchmarks that take minutes)
//
// A README command without a section, or a section without a command,
// fails the test with the text to add or remove. Keep the checks to the
// essential, stable parts of the output.
package readmecheck
