// Package atomicfile writes a tool's output file (-o) so that a failing
// tool never leaves a partial or clobbered output, and never replaces
// what is not a regular file:
//
//   - A regular file (or a new name) is written through a temporary file
//     in the same directory, renamed over the target only on Commit. On
//     Linux the temporary file is anonymous (O_TMPFILE) until Commit links
//     it, so a crash, a kill -9 or an out-of-memory death leaves nothing
//     behind; elsewhere (or where the file system lacks O_TMPFILE) it is
//     a named .NAME.tmpNNN file, removed by Abort, and by a handler of
//     SIGINT, SIGTERM and SIGHUP that removes it before the process dies
//     of the signal.
//   - A symbolic link is followed: its target is replaced as above (the
//     link stays); a link to nothing is written through, creating its
//     target.
//   - Anything else (a character device such as /dev/null, a FIFO) is
//     opened and written in place, as LLVM's tools do; it is never
//     removed, truncated or replaced (a socket cannot be opened: an
//     error).
package atomicfile
