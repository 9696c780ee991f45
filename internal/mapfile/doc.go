// Package mapfile reads an input file the cheapest way the platform
// offers: a large regular file is mapped read-only into memory (its pages
// stay in the page cache, are shared with the kernel's copy and are not
// part of the Go heap), anything else is read with one read.
//
// The tools parse a mapped file in place, so a file that another process
// truncates while it is mapped can fault when read (MLIR's tools, which
// map their inputs the same way, share this limit). Only files of at
// least MinMapSize bytes are mapped: the inputs where a second copy
// costs what the IR costs.
package mapfile
