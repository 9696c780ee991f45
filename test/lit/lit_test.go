// Package littest runs every lit test under test/lit in-process: the RUN
// lines' tools (tcp-opt, tcp-run, tcp-translate, tcp-pipeline, FileCheck)
// are the same Main functions the binaries call, so `go test ./...` needs
// no build step and no Python.
// scripts/run-llvm-lit.sh runs the same files with LLVM's lit and FileCheck-16.
package littest

import (
	"io"
	"testing"

	"github.com/tcp-project/tcp/internal/filecheck"
	"github.com/tcp-project/tcp/internal/lit"
	"github.com/tcp-project/tcp/internal/semcheck/semchecktest"
	"github.com/tcp-project/tcp/internal/tool/tcpopt"
	"github.com/tcp-project/tcp/internal/tool/tcppipeline"
	"github.com/tcp-project/tcp/internal/tool/tcprun"
	"github.com/tcp-project/tcp/internal/tool/tcptranslate"
)

func TestLit(t *testing.T) {
	cfg := &lit.Config{
		Tools: map[string]lit.Tool{
			"tcp-opt":       tcpopt.Main,
			"tcp-run":       tcprun.Main,
			"tcp-translate": tcptranslate.Main,
			"tcp-pipeline": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
				return tcppipeline.Main(args, stdin, stdout, stderr)
			},
			"FileCheck": filecheck.Main,
		},
		// test-passes: deliberately wrong passes for --verify-semantics
		// tests, registered here only (never in the tools' binaries, so
		// LLVM's lit reports those tests as unsupported).
		Features: map[string]bool{"test-passes": true},
	}
	semchecktest.Register()
	if tool, _, ok := lit.LookPathTool("mlir-opt-16", "mlir-opt"); ok {
		cfg.Tools["mlir-opt"] = tool
		cfg.Features["mlir-opt"] = true
	}
	lit.RunTests(t, cfg, ".")
}
