// Package onnxdata regenerates the ONNX backend node tests for the gather,
// scatter and slice ops from the installed onnx package and loads them as
// tensors (CONFORMANCE.md §2).
//
// Generate runs the project's scripts (package tools/onnxdata) under a
// Python that can import onnx: one generator process per op type and one
// converter process per case, in parallel. Each converted case is a
// directory with case.json and raw little-endian .bin files; Load and
// LoadCase read them into Case values. Ensure does the same once into a
// cache directory (os.UserCacheDir()/tcp/onnx-node/<key>, where the key
// hashes the scripts, the op types and the onnx and numpy versions), so
// later runs only load.
//
// Nothing generated is committed; a machine without python3-onnx simply
// cannot produce the data (tests skip, or fail under CI=true).
package onnxdata
