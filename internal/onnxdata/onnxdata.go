package onnxdata

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/tcp-project/tcp/tensor"
	scripts "github.com/tcp-project/tcp/tools/onnxdata"
)

// AllOps lists the op types whose node tests the project uses.
var AllOps = []string{"Gather", "GatherElements", "GatherND", "Scatter", "ScatterElements", "ScatterND", "Slice"}

// ErrUnavailable reports that the Python interpreter cannot import onnx
// and numpy, so the data cannot be generated.
var ErrUnavailable = errors.New("onnxdata: python cannot import onnx and numpy")

// Case is one ONNX node test: a single node with its inputs and expected
// outputs.
type Case struct {
	Name        string         // test directory name, e.g. test_gather_0
	OpType      string         // ONNX op type, e.g. Gather
	Opset       int            // default-domain opset of the model
	Attrs       map[string]any // node attributes as JSON values: float64, string, []any
	Inputs      []*tensor.Tensor
	InputNames  []string // graph input names: data, indices, …
	Outputs     []*tensor.Tensor
	OutputNames []string
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

type caseJSON struct {
	OpType     string         `json:"op_type"`
	Opset      int            `json:"opset"`
	Attributes map[string]any `json:"attributes"`
	Inputs     []tensorJSON   `json:"inputs"`
	Outputs    []tensorJSON   `json:"outputs"`
}

type tensorJSON struct {
	Name  string  `json:"name"`
	File  string  `json:"file"`
	DType string  `json:"dtype"`
	Shape []int64 `json:"shape"`
}

var numpyDTypes = map[string]tensor.DType{
	"bool": tensor.I1, "int8": tensor.I8, "int16": tensor.I16, "int32": tensor.I32, "int64": tensor.I64,
	"uint8": tensor.UI8, "uint16": tensor.UI16, "uint32": tensor.UI32, "uint64": tensor.UI64,
	"float16": tensor.F16, "float32": tensor.F32, "float64": tensor.F64,
}

// Load reads every converted case in the subdirectories of dir (those
// holding a case.json), sorted by name.
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
		if _, err := os.Stat(filepath.Join(sub, "case.json")); err != nil {
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

// LoadCase reads one converted case directory: case.json and its .bin files.
func LoadCase(dir string) (Case, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "case.json"))
	if err != nil {
		return Case{}, err
	}
	var cj caseJSON
	if err := json.Unmarshal(raw, &cj); err != nil {
		return Case{}, fmt.Errorf("%s: case.json: %w", dir, err)
	}
	c := Case{Name: filepath.Base(dir), OpType: cj.OpType, Opset: cj.Opset, Attrs: cj.Attributes}
	if c.Attrs == nil {
		c.Attrs = map[string]any{}
	}
	for _, part := range []struct {
		in    []tensorJSON
		out   *[]*tensor.Tensor
		names *[]string
	}{{cj.Inputs, &c.Inputs, &c.InputNames}, {cj.Outputs, &c.Outputs, &c.OutputNames}} {
		for _, tj := range part.in {
			t, err := loadTensor(dir, tj)
			if err != nil {
				return Case{}, fmt.Errorf("%s: %s: %w", dir, tj.File, err)
			}
			*part.out = append(*part.out, t)
			*part.names = append(*part.names, tj.Name)
		}
	}
	return c, nil
}

func loadTensor(dir string, tj tensorJSON) (*tensor.Tensor, error) {
	dt, ok := numpyDTypes[tj.DType]
	if !ok {
		return nil, fmt.Errorf("unsupported dtype %q", tj.DType)
	}
	if tj.File == "" || filepath.Base(tj.File) != tj.File {
		return nil, fmt.Errorf("bad file name %q", tj.File)
	}
	data, err := os.ReadFile(filepath.Join(dir, tj.File))
	if err != nil {
		return nil, err
	}
	t := &tensor.Tensor{DType: dt, Shape: tj.Shape, Data: data}
	if tj.Shape == nil {
		t.Shape = []int64{}
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if dt == tensor.I1 {
		for i, b := range t.Data {
			if b != 0 {
				t.Data[i] = 1
			}
		}
	}
	return t, nil
}

// Generate regenerates the node tests of ops with python and converts
// every case into outDir/<test name>/. Raw ONNX data go to a temporary
// directory that is removed afterwards.
func Generate(ctx context.Context, python, outDir string, ops []string) error {
	tmp, err := os.MkdirTemp("", "tcp-onnxgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	gen := filepath.Join(tmp, "gen_onnx_node_tests.py")
	conv := filepath.Join(tmp, "onnx_case_to_raw.py")
	if err := os.WriteFile(gen, scripts.GenScript, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(conv, scripts.ConvertScript, 0o644); err != nil {
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
	var convJobs [][]string
	for _, d := range caseDirs {
		convJobs = append(convJobs, []string{conv, d, filepath.Join(outDir, filepath.Base(d))})
	}
	return runAll(ctx, python, convJobs)
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
	for _, part := range [][]byte{scripts.GenScript, scripts.ConvertScript, []byte(strings.Join(ops, ",")), []byte(versions)} {
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
