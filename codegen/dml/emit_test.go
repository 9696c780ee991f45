package dml_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	codegen "github.com/tcp-project/tcp/codegen/dml"
	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes/tcptodml"
)

var update = flag.Bool("update", false, "rewrite the want files of testdata/*.txtar")

// emitted is one golden case: the lowered module and the three emitter
// outputs.
type emitted struct {
	name                       string
	module                     *codegen.Module
	lowered, jsonOut, cpp, dot string
}

var emitters = []struct {
	file  string
	write func(*bytes.Buffer, *codegen.Module) error
}{
	{"want.json", func(b *bytes.Buffer, m *codegen.Module) error { return codegen.WriteJSON(b, m) }},
	{"want.cpp", func(b *bytes.Buffer, m *codegen.Module) error { return codegen.WriteCPP(b, m) }},
	{"want.dot", func(b *bytes.Buffer, m *codegen.Module) error { return codegen.WriteDOT(b, m) }},
}

// runGolden lowers each testdata archive's input.mlir with its pipeline
// and emits it; the printed IR and the outputs must equal lowered.mlir,
// want.json, want.cpp and want.dot (rewritten with -update).
func runGolden(t *testing.T) []emitted {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	var out []emitted
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		a := txtar.Parse(data)
		var input, pipeline string
		for _, line := range strings.Split(string(a.Comment), "\n") {
			if p, ok := strings.CutPrefix(line, "pipeline:"); ok {
				pipeline = strings.TrimSpace(p)
			}
		}
		want := map[string]string{}
		for _, f := range a.Files {
			want[f.Name] = string(f.Data)
		}
		input = want["input.mlir"]
		m, err := parser.Parse("input.mlir", input, parser.Options{})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		pm, err := pass.ParsePipeline(pipeline)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := pm.Run(m); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("%s: lowered module does not verify: %v", file, err)
		}
		var lowered strings.Builder
		ir.Print(&lowered, m, ir.PrintOptions{})
		lowered.WriteString("\n")
		mod, err := codegen.BuildModule(m)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got := map[string]string{"input.mlir": input, "lowered.mlir": lowered.String()}
		for _, e := range emitters {
			var b bytes.Buffer
			if err := e.write(&b, mod); err != nil {
				t.Fatalf("%s: %s: %v", file, e.file, err)
			}
			got[e.file] = b.String()
		}
		names := []string{"input.mlir", "lowered.mlir", "want.json", "want.cpp", "want.dot"}
		if *update {
			na := &txtar.Archive{Comment: a.Comment}
			for _, n := range names {
				na.Files = append(na.Files, txtar.File{Name: n, Data: []byte(got[n])})
			}
			if err := os.WriteFile(file, txtar.Format(na), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			for _, n := range names[1:] {
				if got[n] != want[n] {
					t.Errorf("%s: %s differs (run go test ./codegen/dml -update):\n--- got\n%s", file, n, firstDiff(want[n], got[n]))
				}
			}
		}
		out = append(out, emitted{name: filepath.Base(file), module: mod, lowered: got["lowered.mlir"], jsonOut: got["want.json"], cpp: got["want.cpp"], dot: got["want.dot"]})
	}
	return out
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant: %q\ngot:  %q", i+1, a, b)
		}
	}
	return ""
}

func TestGolden(t *testing.T) { runGolden(t) }

// TestJSONRoundTrip: the JSON decodes into the schema types with no
// unknown field and re-encodes byte for byte; counts match their lists,
// edge indices are in range and in DirectML's schema order, connected
// tensors have equal TotalTensorSizeInBytes, and every desc's size is at
// least DMLCalcBufferTensorSize's.
func TestJSONRoundTrip(t *testing.T) {
	for _, e := range runGolden(t) {
		dec := json.NewDecoder(strings.NewReader(e.jsonOut))
		dec.DisallowUnknownFields()
		var doc codegen.JSONModule
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		again, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if string(again)+"\n" != e.jsonOut {
			t.Errorf("%s: JSON does not round-trip:\n%s", e.name, firstDiff(e.jsonOut, string(again)+"\n"))
		}
		for _, g := range doc.Graphs {
			d := g.GraphDesc
			if d.InputCount != len(g.Inputs) || d.OutputCount != len(g.Outputs) || d.NodeCount != len(d.Nodes) ||
				d.InputEdgeCount != len(d.InputEdges) || d.OutputEdgeCount != len(d.OutputEdges) || d.IntermediateEdgeCount != len(d.IntermediateEdges) {
				t.Errorf("%s @%s: counts do not match the lists", e.name, g.Name)
			}
			tensors := func(n int) []*codegen.JSONTensorDesc {
				desc := d.Nodes[n].Desc.Operator.Desc
				var out []*codegen.JSONTensorDesc
				for i := range desc.InputTensors { // JOIN's array of input descs
					out = append(out, &desc.InputTensors[i])
				}
				for _, td := range []*codegen.JSONTensorDesc{desc.InputTensor, desc.IndicesTensor, desc.UpdatesTensor, desc.ConditionTensor, desc.ATensor, desc.BTensor} {
					if td != nil {
						out = append(out, td)
					}
				}
				return append(out, desc.OutputTensor)
			}
			for _, n := range d.Nodes {
				for _, td := range tensors(indexOf(d.Nodes, n)) {
					b := td.Desc
					if b.DimensionCount != len(b.Sizes) || b.Strides != nil && len(b.Strides) != len(b.Sizes) {
						t.Errorf("%s @%s: desc %+v has the wrong number of sizes or strides", e.name, g.Name, b)
					}
					dt := dataType(t, b.DataType)
					if implied := dml.BufferTensorSize(dt, b.Sizes, b.Strides); b.TotalTensorSizeInBytes < implied || b.TotalTensorSizeInBytes%4 != 0 {
						t.Errorf("%s @%s: TotalTensorSizeInBytes %d is below the implied %d or not a multiple of 4", e.name, g.Name, b.TotalTensorSizeInBytes, implied)
					}
				}
			}
			for _, edge := range d.InputEdges {
				to := tensors(*edge.Desc.ToNodeIndex)
				if *edge.Desc.ToNodeInputIndex >= len(to)-1 || *edge.Desc.GraphInputIndex >= d.InputCount {
					t.Fatalf("%s @%s: input edge %+v out of range", e.name, g.Name, edge.Desc)
				}
				if got, want := to[*edge.Desc.ToNodeInputIndex].Desc.TotalTensorSizeInBytes, g.Inputs[*edge.Desc.GraphInputIndex].Desc.TotalTensorSizeInBytes; got != want {
					t.Errorf("%s @%s: input edge %s: consumer size %d, input buffer %d", e.name, g.Name, edge.Desc.Name, got, want)
				}
			}
			for _, edge := range d.IntermediateEdges {
				from, to := tensors(*edge.Desc.FromNodeIndex), tensors(*edge.Desc.ToNodeIndex)
				if *edge.Desc.FromNodeIndex >= *edge.Desc.ToNodeIndex {
					t.Errorf("%s @%s: edge %s is not topologically ordered", e.name, g.Name, edge.Desc.Name)
				}
				if got, want := to[*edge.Desc.ToNodeInputIndex].Desc.TotalTensorSizeInBytes, from[len(from)-1].Desc.TotalTensorSizeInBytes; got != want {
					t.Errorf("%s @%s: intermediate edge %s: consumer size %d, producer size %d", e.name, g.Name, edge.Desc.Name, got, want)
				}
			}
			for _, edge := range d.OutputEdges {
				from := tensors(*edge.Desc.FromNodeIndex)
				if got, want := from[len(from)-1].Desc.TotalTensorSizeInBytes, g.Outputs[*edge.Desc.GraphOutputIndex].Desc.TotalTensorSizeInBytes; got != want {
					t.Errorf("%s @%s: output edge %s: producer size %d, output buffer %d", e.name, g.Name, edge.Desc.Name, got, want)
				}
			}
		}
	}
}

func indexOf(nodes []codegen.JSONGraphNode, n codegen.JSONGraphNode) int {
	for i := range nodes {
		if nodes[i].Desc.Name == n.Desc.Name && nodes[i].Desc.Operator.Type == n.Desc.Operator.Type {
			return i
		}
	}
	return -1
}

func dataType(t *testing.T, enum string) dml.DataType {
	for dt := dml.DataType(1); dt <= dml.Int64; dt++ {
		if dt.Enum() == enum {
			return dt
		}
	}
	t.Fatalf("unknown data type %q", enum)
	return 0
}

// TestCPPStructure checks the emitted C++ without a compiler: the target
// version is the recorded minimum, one CreateOperator and one node desc
// per node, and DML_GRAPH_DESC's counts.
func TestCPPStructure(t *testing.T) {
	for _, e := range runGolden(t) {
		m := e.module
		if !strings.Contains(e.cpp, "#define DML_TARGET_VERSION "+m.MinLevel.TargetVersion()+"\n") {
			t.Errorf("%s: no DML_TARGET_VERSION %s", e.name, m.MinLevel.TargetVersion())
		}
		nodes := 0
		for _, g := range m.Graphs {
			nodes += len(g.Nodes)
			want := fmt.Sprintf("DML_GRAPH_DESC graph = {%d, %d, %d, nodes, %d,", len(g.Inputs), len(g.Outputs), len(g.Nodes), len(g.InputEdges))
			if !strings.Contains(e.cpp, want) {
				t.Errorf("%s @%s: no %q", e.name, g.Name, want)
			}
		}
		if got := strings.Count(e.cpp, "device->CreateOperator("); got != nodes {
			t.Errorf("%s: %d CreateOperator calls, want %d", e.name, got, nodes)
		}
		if got := len(regexp.MustCompile(`DML_OPERATOR_GRAPH_NODE_DESC n\d+_node`).FindAllString(e.cpp, -1)); got != nodes {
			t.Errorf("%s: %d node descs, want %d", e.name, got, nodes)
		}
	}
}

// TestDOTRenders: Graphviz's dot accepts every emitted graph (skipped
// without dot, a failure under CI=true).
func TestDOTRenders(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		oracle.Missing(t, "Graphviz dot not found (apt-get install graphviz): %v", err)
	}
	for _, e := range runGolden(t) {
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = strings.NewReader(e.dot)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 || !bytes.Contains(out, []byte("<svg")) {
			t.Errorf("%s: dot -Tsvg: %v\n%s", e.name, err, stderr.String())
		}
	}
}

// TestCPPCompiles is the manual syntax check of the emitted C++: with
// TCP_DXH naming DirectX-Headers' include/ directory (v1.614.1 or later,
// never committed), every emitted file must pass
//
//	g++ -std=c++17 -fsyntax-only -Wall -Wextra -Wno-unknown-pragmas -I"$TCP_DXH" -I"$TCP_DXH/wsl/stubs" f.cpp
//
// with no diagnostics, also with -DDML_TARGET_VERSION=<recorded level>;
// and a graph that needs GATHER_ND1 must fail at 0x2100. Skipped unless
// TCP_DXH is set.
func TestCPPCompiles(t *testing.T) {
	dxh := os.Getenv("TCP_DXH")
	if dxh == "" {
		t.Skip("TCP_DXH is not set: export TCP_DXH=<DirectX-Headers>/include to syntax-check the emitted C++ with g++")
	}
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skipf("g++ not found: %v", err)
	}
	dir := t.TempDir()
	compile := func(file string, defines ...string) (string, error) {
		args := append([]string{"-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Wno-unknown-pragmas", "-I" + dxh, "-I" + filepath.Join(dxh, "wsl", "stubs")}, defines...)
		out, err := exec.Command(gxx, append(args, file)...).CombinedOutput()
		return string(out), err
	}
	for _, e := range runGolden(t) {
		file := filepath.Join(dir, strings.TrimSuffix(e.name, ".txtar")+".cpp")
		if err := os.WriteFile(file, []byte(e.cpp), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, defs := range [][]string{nil, {"-DDML_TARGET_VERSION=" + e.module.MinLevel.TargetVersion()}} {
			if out, err := compile(file, defs...); err != nil || out != "" {
				t.Errorf("%s %v: g++: %v\n%s", e.name, defs, err, out)
			}
		}
		if strings.Contains(e.cpp, "DML_GATHER_ND1_OPERATOR_DESC") {
			if out, err := compile(file, "-DDML_TARGET_VERSION=0x2100"); err == nil || !strings.Contains(out, "DML_GATHER_ND1_OPERATOR_DESC") {
				t.Errorf("%s: compiling at 0x2100 should fail on DML_GATHER_ND1_OPERATOR_DESC, got %v\n%s", e.name, err, out)
			}
		}
	}
}
