// Package prefetch asks the CPU to start loading a cache line (amd64:
// PREFETCHT0) without waiting for it.
//
// The generated kernel binary (tcp-run --backend=go) builds this source
// beside its kernels as package tcpkernels/prefetch. Its gather row loops
// call Line on the source row a few iterations ahead (IDs64 and IDs32
// on the rows of the next iterations at once, read from the indices,
// for rows too short to pay for a call each; Elems on the positions of
// an index table; Span on a share of the block an element gather along
// a middle axis reads next), and its scatter
// loops that replace rows on the destination row: unlike a load of
// that row's first element (which the kernels outside the kernel binary
// do), a prefetch holds no instruction back from retiring while the line
// arrives, so the loop keeps copying the rows already in the cache. On
// other architectures and with the purego build tag they do nothing;
// the emitter only calls it when building for amd64. A prefetch changes
// no memory: the tests check that each leaves every byte as it was.
package prefetch
