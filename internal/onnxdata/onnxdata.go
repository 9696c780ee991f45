package onnxdata

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/tensor"
	scripts "github.com/tcp-project/tcp/tools/onnxdata"
)

// AllOps lists the op types whose node tests the project uses.
var AllOps = []string{"Gather", "GatherElements", "GatherND", "Scatter", "ScatterElements", "ScatterND", "Slice"}

// layout names the cache layout (part of the cache key): raw ONNX files,
// read in Go.
const layout = "onnx-files-v1"

// ErrUnavailable reports that the Python interpreter cannot import onnx
// and numpy, so the data cannot be generated.
var ErrUnavailable = errors.New("onnxdata: python cannot import onnx and numpy")

// Case is one ONNX node test: a single node with its inputs and expected
// outputs, read from Dir/model.onnx and Dir/test_data_set_0/*.pb.
type Case struct {
	Name        string         // test directory name, e.g. test_gather_0
	Dir         string         // the case directory: model.onnx, test_data_set_0/
	OpType      string         // ONNX op type, e.g. Gather
	Opset       int            // default-domain opset of the model
	Attrs       map[string]any // node attributes as JSON-like values: float64, string, []any
	Inputs      []*tensor.Tensor
	InputNames  []string // graph input names: data, indices, …
	Outputs     []*tensor.Tensor
	OutputNames []string
	InputFiles  []string // paths of the input_N.pb files, in order
	OutputFiles []string // paths of the output_N.pb files, in order
}

// IntAttr returns the integer attribute name, or def if it is absent.
func (c *Case) IntAttr(name string, def int64) (int64, error) {
	v, ok := c.Attrs[name]
	if !ok {
		return def, nil
	}
	f, ok := v.(float64)
	if !ok || f != float64(int64(f)) {
		return 0, fmt.Errorf("%s: attribute %s = %v is not an integer", c.Name, name, v)
	}
	return int64(f), nil
}

// Load reads every case in the subdirectories of dir (those holding a
// model.onnx), sorted by name.
func Load(dir string) ([]Case, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var cases []Case
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		if _, err := os.Stat(filepath.Join(sub, "model.onnx")); err != nil {
			continue
		}
		c, err := LoadCase(sub)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// LoadCase reads one case directory with frontend/onnxpb: the single node
// of model.onnx and the tensors of test_data_set_0.
func LoadCase(dir string) (Case, error) {
	path := filepath.Join(dir, "model.onnx")
	raw, err := os.ReadFile(path)
	if err != nil {
		return Case{}, err
	}
	m, err := onnxpb.DecodeModel(raw)
	if err != nil {
		return Case{}, fmt.Errorf("%s: %w", path, err)
	}
	if m.Graph == nil || len(m.Graph.Nodes) != 1 {
		return Case{}, fmt.Errorf("%s: want a graph of one node", path)
	}
	node := m.Graph.Nodes[0]
	c := Case{Name: filepath.Base(dir), Dir: dir, OpType: node.OpType, Opset: int(m.Opset("")), Attrs: map[string]any{}}
	for _, a := range node.Attrs {
		v, err := attrValue(a)
		if err != nil {
			return Case{}, fmt.Errorf("%s: attribute %s: %w", path, a.Name, err)
		}
		c.Attrs[a.Name] = v
	}
	for _, part := range []struct {
		prefix string
		out    *[]*tensor.Tensor
		names  *[]string
		files  *[]string
	}{{"input_", &c.Inputs, &c.InputNames, &c.InputFiles}, {"output_", &c.Outputs, &c.OutputNames, &c.OutputFiles}} {
		files, err := numbered(filepath.Join(dir, "test_data_set_0"), part.prefix)
		if err != nil {
			return Case{}, err
		}
		for _, f := range files {
			t, name, err := onnxpb.ReadTensorFile(f)
			if err != nil {
				return Case{}, err // names the file
			}
			*part.out = append(*part.out, t)
			*part.names = append(*part.names, name)
			*part.files = append(*part.files, f)
		}
	}
	return c, nil
}

// numbered returns dir/<prefix>N.pb for N = 0, 1, … in numeric order, and
// fails if the numbers have a gap.
func numbered(dir, prefix string) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, prefix+"*.pb"))
	if err != nil {
		return nil, err
	}
	byNum := map[int]string{}
	for _, m := range matches {
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), prefix), ".pb"))
		if err != nil || n < 0 {
			continue
		}
		byNum[n] = m
	}
	out := make([]string, len(byNum))
	for i := range out {
		f, ok := byNum[i]
		if !ok {
			return nil, fmt.Errorf("%s: %s%d.pb is missing", dir, prefix, i)
		}
		out[i] = f
	}
	return out, nil
}

// attrValue gives an attribute the JSON-like value Case.Attrs holds.
func attrValue(a *onnxpb.Attribute) (any, error) {
	switch a.Type {
	case onnxpb.AttrInt:
		return float64(a.I), nil
	case onnxpb.AttrFloat:
		return float64(a.F), nil
	case onnxpb.AttrString:
		return string(a.S), nil
	case onnxpb.AttrInts:
		out := make([]any, len(a.Ints))
		for i, v := range a.Ints {
			out[i] = float64(v)
		}
		return out, nil
	case onnxpb.AttrFloats:
		out := make([]any, len(a.Floats))
		for i, v := range a.Floats {
			out[i] = float64(v)
		}
		return out, nil
	case onnxpb.AttrStrings:
		out := make([]any, len(a.Strings))
		for i, v := range a.Strings {
			out[i] = string(v)
		}
		return out, nil
	}
	return nil, fmt.Errorf("kind %v is not supported", a.Type)
}

// Generate regenerates the node tests of ops with python and copies every
// case (model.onnx and test_data_set_*/*.pb) into outDir/<test name>/.
// Python only generates; everything is read back in Go.
func Generate(ctx context.Context, python, outDir string, ops []string) error {
	tmp, err := os.MkdirTemp("", "tcp-onnxgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	gen := filepath.Join(tmp, "gen_onnx_node_tests.py")
	if err := os.WriteFile(gen, scripts.GenScript, 0o644); err != nil {
		return err
	}
	var genJobs [][]string
	for _, op := range ops {
		genJobs = append(genJobs, []string{gen, filepath.Join(tmp, "data", op), op})
	}
	if err := runAll(ctx, python, genJobs); err != nil {
		return err
	}
	caseDirs, err := filepath.Glob(filepath.Join(tmp, "data", "*", "node", "*"))
	if err != nil {
		return err
	}
	if len(caseDirs) == 0 {
		return fmt.Errorf("onnxdata: the generator produced no node tests for %v", ops)
	}
	for _, d := range caseDirs {
		files, err := filepath.Glob(filepath.Join(d, "test_data_set_*", "*.pb"))
		if err != nil {
			return err
		}
		for _, f := range append(files, filepath.Join(d, "model.onnx")) {
			rel, err := filepath.Rel(d, f)
			if err != nil {
				return err
			}
			if err := copyFile(f, filepath.Join(outDir, filepath.Base(d), rel)); err != nil {
				return err
			}
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// runAll runs python with each argument list, NumCPU at a time, and
// returns the first failure with its stderr.
func runAll(ctx context.Context, python string, jobs [][]string) error {
	sem := make(chan struct{}, max(runtime.NumCPU(), 2))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for _, args := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			cmd := exec.CommandContext(ctx, python, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				mu.Lock()
				if first == nil {
					first = fmt.Errorf("onnxdata: %s %s: %v\n%s", python, strings.Join(args, " "), err, stderr.String())
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}

// CacheDir returns the directory Ensure caches data in: $TCP_ONNX_CACHE,
// or os.UserCacheDir()/tcp/onnx-node.
func CacheDir() (string, error) {
	if d := os.Getenv("TCP_ONNX_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "tcp", "onnx-node"), nil
}

// Versions returns the onnx and numpy versions python imports, or an
// error wrapping ErrUnavailable.
func Versions(ctx context.Context, python string) (string, error) {
	cmd := exec.CommandContext(ctx, python, "-c", "import onnx, numpy; print(onnx.__version__, numpy.__version__)")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		detail := fmt.Sprintf("%s: %v", python, err)
		if l := lastLine(stderr.String()); l != "" {
			detail += ": " + l
		}
		return "", fmt.Errorf("%w (%s)", ErrUnavailable, detail)
	}
	return strings.TrimSpace(string(out)), nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// Ensure returns a directory of converted cases for ops, generating it
// into CacheDir() on first use. The cache key covers the scripts, the op
// types and the onnx and numpy versions, so a change to any of them
// regenerates. Concurrent callers are safe: each generates into its own
// temporary directory and renames it into place.
func Ensure(ctx context.Context, python string, ops []string) (string, error) {
	versions, err := Versions(ctx, python)
	if err != nil {
		return "", err
	}
	base, err := CacheDir()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, part := range [][]byte{scripts.GenScript, []byte(layout), []byte(strings.Join(ops, ",")), []byte(versions)} {
		fmt.Fprintf(h, "%d:", len(part))
		h.Write(part)
	}
	final := filepath.Join(base, hex.EncodeToString(h.Sum(nil))[:16])
	marker := filepath.Join(final, "complete")
	if _, err := os.Stat(marker); err == nil {
		return final, nil
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(base, "tmp-")
	if err != nil {
		return "", err
	}
	if err := Generate(ctx, python, tmp, ops); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "complete"), []byte(versions+"\n"), 0o644); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.Rename(tmp, final); err != nil {
		os.RemoveAll(tmp)
		if _, serr := os.Stat(marker); serr == nil {
			return final, nil // another process won the race
		}
		return "", err
	}
	return final, nil
}
