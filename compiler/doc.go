// Package compiler is the one import for programs that use tcp as a
// library. Importing it registers every dialect, pass, named pipeline and
// translation, and it offers the jobs users have:
//
//   - parse MLIR text or files (Parse, ParseFile) and import ONNX models
//     (ImportONNX, ImportONNXFile);
//   - bring frontend IR to tcp (Module.ConvertToTcp: the
//     frontends-to-tcp-pipeline), or run any pass pipeline (RunPasses);
//   - lower to DirectML (LowerToDirectML) and emit its graphs as JSON, C++
//     or DOT (DirectMLJSON, DirectMLCPP, DOT), or emit Go kernels
//     (GoSource), or run any translation (Translate);
//   - run a function with the reference interpreter (Module.Run) on
//     tensors made in Go (Floats, Ints) or read from .npy and ONNX .pb
//     files (ReadNpy, ReadTensorProto), print results as numpy does
//     (ArrayString) or as MLIR literals (Format), and write them (WriteNpy);
//   - build and run the Go kernel of a function (Module.RunGo, or
//     Module.BuildGo to compile once and Call many times).
//
// Every example of this package works when copied into a new module that
// imports only this package (a test checks it). Module.Operation hands the
// IR to the lower packages (ir, interp, passes/..., codegen/...), which
// keep working on their own: a program that imports them without the
// registrations they need gets an error that names the missing import,
// not a panic.
package compiler
