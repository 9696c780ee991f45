// Package atomicfile writes an output file through a temporary file in the
// same directory that is renamed over the target only on success, so a
// failing tool never leaves a partial or clobbered output file.
package atomicfile
