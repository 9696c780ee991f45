package translate

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/tcp-project/tcp/ir"
)

// Option declares a string-valued option of a translation
// (`--go-package=kernels`, `--feature-level=4.1`).
type Option struct {
	Name        string // flag name without dashes, e.g. "go-package"
	Default     string
	Description string
}

// Options holds option values by name; every declared option has a value.
type Options map[string]string

// Translation is one registered translation.
type Translation struct {
	// Name is the flag, without dashes: "mlir-to-dml-json".
	Name string
	// Description is the one-line --help text.
	Description string
	// Options are the extra flags the translation reads.
	Options []Option
	// FromMLIR writes the translation of a verified module to w. It must
	// not modify module.
	FromMLIR func(module *ir.Operation, opts Options, w io.Writer) error
	// ToMLIR turns the raw input (named filename) into a module.
	ToMLIR func(filename string, data []byte, opts Options) (*ir.Operation, error)
}

// DefaultOptions returns the declared defaults.
func (t *Translation) DefaultOptions() Options {
	o := Options{}
	for _, d := range t.Options {
		o[d.Name] = d.Default
	}
	return o
}

var (
	mu    sync.RWMutex
	table = map[string]*Translation{}
)

// Register adds t. It panics on a duplicate or malformed registration (a
// programmer error found by every test).
func Register(t Translation) *Translation {
	if t.Name == "" || strings.HasPrefix(t.Name, "-") {
		panic(fmt.Sprintf("translate: bad translation name %q", t.Name))
	}
	if (t.FromMLIR == nil) == (t.ToMLIR == nil) {
		panic(fmt.Sprintf("translate: %s must set exactly one of FromMLIR and ToMLIR", t.Name))
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := table[t.Name]; dup {
		panic("translate: translation registered twice: " + t.Name)
	}
	p := &t
	table[t.Name] = p
	return p
}

// packages maps each translation this module defines to the package whose
// import registers it.
var packages = map[string]string{
	"mlir-to-dml-json": "github.com/tcp-project/tcp/codegen/dml",
	"mlir-to-dml-cpp":  "github.com/tcp-project/tcp/codegen/dml",
	"mlir-to-dot":      "github.com/tcp-project/tcp/codegen/dml",
	"mlir-to-go":       "github.com/tcp-project/tcp/codegen/golang",
	"import-onnx":      "github.com/tcp-project/tcp/frontend/onnximport",
	"mlir-to-onnx":     "github.com/tcp-project/tcp/frontend/onnxexport",
}

// Require returns the translation named name, or an error that says which
// package registers it (for a translation of this module the program did
// not import) or lists the registered ones.
func Require(name string) (*Translation, error) {
	if t := Lookup(name); t != nil {
		return t, nil
	}
	if p := packages[name]; p != "" {
		return nil, fmt.Errorf("translation %s is not registered: import _ %q (or github.com/tcp-project/tcp/translate/all for every translation; the github.com/tcp-project/tcp/compiler package registers everything)", name, p)
	}
	var names []string
	for _, t := range All() {
		names = append(names, t.Name)
	}
	return nil, fmt.Errorf("no translation named %q (registered: %s)", name, strings.Join(names, ", "))
}

// Lookup returns the translation named name, or nil (Require says what to
// import instead).
func Lookup(name string) *Translation {
	mu.RLock()
	defer mu.RUnlock()
	return table[name]
}

// All returns every registered translation, sorted by name.
func All() []*Translation {
	mu.RLock()
	out := make([]*Translation, 0, len(table))
	for _, t := range table {
		out = append(out, t)
	}
	mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
