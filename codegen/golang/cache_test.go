package golang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

const cacheSrc = `func.func @take() -> tensor<2xf32> {
  %x = tcp.const {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : tensor<3xf32>
  %idx = tcp.const {value = dense<[2, 0]> : tensor<2xi64>} : tensor<2xi64>
  %out = tcp.gather %x, %idx {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %out : tensor<2xf32>
}`

func runTake(t *testing.T) (*Program, string) {
	t.Helper()
	m, err := parser.Parse("c.mlir", cacheSrc, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(m, []string{"take"})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	res, _, err := pr.Call("take", nil, CallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p, tensor.Format(res[0])
}

// TestKernelCacheVerified: a cached kernel binary that was truncated or
// replaced is rebuilt, never run; a binary replaced after Build is not
// started.
func TestKernelCacheVerified(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kernel binaries")
	}
	if _, err := goTool(); err != nil {
		t.Skip(err)
	}
	cache := filepath.Join(t.TempDir(), "kernels")
	t.Setenv("TCP_GO_CACHE", cache)
	p, want := runTake(t)
	if want != "dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>" {
		t.Fatalf("take = %s", want)
	}
	fi, err := os.Stat(cache)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o700 {
		t.Errorf("cache mode %v", fi.Mode().Perm())
	}

	// Truncated: rebuilt, and it runs (before: "write |1: broken pipe" forever).
	data, err := os.ReadFile(p.Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p.Path, data[:len(data)/2], 0o700); err != nil {
		t.Fatal(err)
	}
	if _, got := runTake(t); got != want {
		t.Errorf("after truncation: %s, want %s", got, want)
	}

	// Replaced by another program: rebuilt, the other program never runs.
	marker := filepath.Join(t.TempDir(), "ran")
	evil := "#!/bin/sh\ntouch " + marker + "\n"
	if err := os.WriteFile(p.Path, []byte(evil), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, got := runTake(t); got != want {
		t.Errorf("after replacement: %s, want %s", got, want)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the replaced binary ran")
	}

	// Replaced between Build and Start: Start refuses it.
	m, _ := parser.Parse("c.mlir", cacheSrc, parser.Options{})
	p2, err := Build(m, []string{"take"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p2.Path, []byte(evil), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := p2.Start(); err == nil || !strings.Contains(err.Error(), "changed since it was built") {
		t.Errorf("Start of a replaced binary: %v", err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the replaced binary ran")
	}
}

// TestKernelCacheDir: without a user cache directory Build is an error
// (never the shared temporary directory), and a cache directory others
// can write is refused.
func TestKernelCacheDir(t *testing.T) {
	t.Setenv("TCP_GO_CACHE", "")
	t.Setenv("HOME", "")
	t.Setenv("XDG_CACHE_HOME", "")
	_, err := CacheDir()
	if err == nil || !strings.Contains(err.Error(), "set TCP_GO_CACHE, XDG_CACHE_HOME or HOME") {
		t.Errorf("CacheDir without HOME = %v", err)
	}
	m, err := parser.Parse("c.mlir", cacheSrc, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Build(m, []string{"take"}); err == nil {
		t.Errorf("Build without HOME succeeded")
	}

	shared := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TCP_GO_CACHE", shared)
	if _, err := goTool(); err != nil {
		t.Skip(err)
	}
	if _, err := Build(m, []string{"take"}); err == nil || !strings.Contains(err.Error(), "is not private") {
		t.Errorf("Build with a world-writable cache: %v", err)
	}
	fresh := filepath.Join(t.TempDir(), "new", "cache")
	if err := privateDir(fresh); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("new cache directory: %v, %v", fi.Mode().Perm(), err)
	}
}
