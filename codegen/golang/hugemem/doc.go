// Package hugemem allocates the large buffers of generated kernels on
// transparent huge pages.
//
// A gather reads rows of its source at random: with 4 KiB pages every
// row of a table larger than the TLB's reach costs a page walk, which
// with 2 MiB pages it does not (on a table of 16 MiB, 4096 small pages
// against 8 huge ones). numpy, XLA and ONNX Runtime place their large
// arrays on huge pages; the Go runtime does not. Make returns a slice
// that starts on a 2 MiB boundary and, on Linux, is advised with
// madvise(MADV_HUGEPAGE) before anything touches it, so that the
// kernel backs it with huge pages when the machine's transparent huge
// page mode is "madvise" or "always" (/sys/kernel/mm/transparent_hugepage/enabled).
// Elsewhere, and for slices smaller than MinBytes, Make is make.
//
// The slices are ordinary Go memory: the garbage collector frees them
// when they are no longer used (there is no Free). Each large one
// costs up to 2 MiB of address space more than it holds (the
// alignment); memory never touched is not backed.
//
// tcp-run --backend=go allocates its arguments and results this way; an
// embedder of generated kernels allocates the destinations and large
// arguments with Make to get the same:
//
//	dst := hugemem.Make[float32](n)
//	err := kernels.IndexSelect(dst, table, ids)
package hugemem
