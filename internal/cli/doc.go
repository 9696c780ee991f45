// Package cli holds what every tcp command-line tool (tcp-opt,
// tcp-translate, tcp-run, tcp-pipeline, filecheck) does the same way, so
// that they agree:
//
//   - Version: the one version string that --version prints.
//   - ReadInput and OpenInput: an input file, or "-" for stdin, read only
//     if it is a regular file, a FIFO or stdin (a character device such as
//     /dev/zero is refused before anything is read), and never more than a
//     byte limit (--max-input-bytes, DefaultMaxInputBytes), checked while
//     reading, so an endless stream is refused after the limit and not
//     held in memory.
//   - InputError: the one message for an input that cannot be read,
//     `cannot open input file 'NAME': REASON` as mlir-opt prints it, with
//     the system's reason capitalized as LLVM does ("No such file or
//     directory").
package cli
