// Package onnxdata regenerates the ONNX backend node tests for the gather,
// scatter and slice ops from the installed onnx package and loads them as
// tensors (docs/conformance.md §2).
//
// Generate runs the project's generator script (package tools/onnxdata)
// under a Python that can import onnx, one process per op type in
// parallel, and copies each case as ONNX wrote it: a directory with
// model.onnx and test_data_set_0/input_N.pb, output_N.pb. Load and
// LoadCase read them in Go (frontend/onnxpb) into Case values; Python is
// needed only to generate. Ensure does the generation once into a cache
// directory (os.UserCacheDir()/tcp/onnx-node/<key>, where the key hashes
// the script, the cache layout, the op types and the onnx and numpy
// versions), so later runs only load.
//
// Nothing generated is committed; a machine without python3-onnx simply
// cannot produce the data (tests skip, or fail under CI=true).
package onnxdata
