package npy

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/tcp-project/tcp/tensor"
)

func encode(t *testing.T, x *tensor.Tensor) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, x); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sample returns a tensor of dt with varied values, including extremes.
func sample(dt tensor.DType, shape []int64) *tensor.Tensor {
	x := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(x.NumElements()); i++ {
		if dt.IsFloat() {
			x.SetFloat64(i, []float64{1.5, -0.25, math.Inf(1), math.NaN(), 1e-7, -3}[i%6])
		} else {
			x.SetInt64(i, []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 77}[i%6])
		}
	}
	return x
}

func TestRoundTrip(t *testing.T) {
	for _, dt := range tensor.DTypes {
		for _, shape := range [][]int64{nil, {0}, {5}, {2, 3}, {2, 0, 4}, {1, 1, 1, 7}} {
			x := sample(dt, shape)
			enc := encode(t, x)
			if got := bytes.IndexByte(enc, '\n') + 1; got%64 != 0 {
				t.Errorf("%v %v: data starts at %d, not a multiple of 64", dt, shape, got)
			}
			y, err := Read(bytes.NewReader(enc))
			if err != nil {
				t.Fatalf("%v %v: %v", dt, shape, err)
			}
			if dt == tensor.Index {
				y.DType = tensor.Index // written as <i8
			}
			if d := tensor.Diff(x, y); d != "" {
				t.Errorf("%v %v: %s", dt, shape, d)
			}
		}
	}
}

func TestHeader(t *testing.T) {
	enc := encode(t, sample(tensor.F32, []int64{3}))
	if !bytes.HasPrefix(enc, []byte("\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }")) {
		t.Errorf("header = %q", enc[:80])
	}
	enc = encode(t, sample(tensor.I1, nil))
	if !bytes.Contains(enc, []byte("'descr': '|b1', 'fortran_order': False, 'shape': (), }")) {
		t.Errorf("header = %q", enc[:80])
	}
	// A rank large enough that the header needs format 2.0.
	shape := make([]int64, 30000)
	for i := range shape {
		shape[i] = 1
	}
	enc = encode(t, sample(tensor.I8, shape))
	if enc[6] != 2 {
		t.Errorf("large header written as version %d.%d", enc[6], enc[7])
	}
	y, err := Read(bytes.NewReader(enc))
	if err != nil || len(y.Shape) != 30000 {
		t.Errorf("reading v2: %v", err)
	}
}

func TestBF16(t *testing.T) {
	d, err := Descr(tensor.BF16)
	if err != nil || d != "<V2" {
		t.Errorf("Descr(bf16) = %q, %v; want <V2 (what np.save writes for ml_dtypes.bfloat16)", d, err)
	}
	x := tensor.Must(tensor.FromFloat64s(tensor.BF16, []int64{2}, []float64{1.5, -2}))
	enc := encode(t, x)
	if want := "{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }"; !bytes.Contains(enc, []byte(want)) {
		t.Errorf("header = %q, want it to contain %q", enc[:80], want)
	}
	if got := enc[len(enc)-4:]; !bytes.Equal(got, []byte{0xC0, 0x3F, 0x00, 0xC0}) {
		t.Errorf("data = % x, want c0 3f 00 c0", got)
	}
}

// fortranFile writes x in Fortran order: np.save(np.asfortranarray(x)).
func fortranFile(x *tensor.Tensor, descr string) []byte {
	n := int(x.NumElements())
	size := x.DType.Size()
	data := make([]byte, 0, len(x.Data))
	// Column-major: the first index varies fastest.
	rev := make([]int64, len(x.Shape))
	for i := range rev {
		rev[i] = x.Shape[len(rev)-1-i]
	}
	strides := x.Strides()
	for f := 0; f < n; f++ {
		p := tensor.Unravel(int64(f), rev) // coordinates, last dim first
		off := int64(0)
		for i, c := range p {
			off += c * strides[len(p)-1-i]
		}
		data = append(data, x.Data[off*int64(size):(off+1)*int64(size)]...)
	}
	var h strings.Builder
	fmt.Fprintf(&h, "{'descr': '%s', 'fortran_order': True, 'shape': (", descr)
	for _, d := range x.Shape {
		fmt.Fprintf(&h, "%d,", d)
	}
	h.WriteString("), }")
	return raw(1, h.String(), data)
}

func TestFortranOrder(t *testing.T) {
	// A hand-written case: np.save(np.arange(6, dtype='<i4').reshape(2, 3).T)
	// writes the data 0 1 2 3 4 5 with shape (3, 2) and fortran_order True.
	file := raw(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (3, 2), }", []byte{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0})
	got, err := Read(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := tensor.Must(tensor.FromInt64s(tensor.I32, []int64{3, 2}, []int64{0, 3, 1, 4, 2, 5}))
	if d := tensor.Diff(want, got); d != "" {
		t.Errorf("(3, 2) Fortran: %s", d)
	}
	// Every dtype and a range of shapes: the Fortran-order file gives the
	// same tensor as the C-order one.
	for _, dt := range tensor.DTypes {
		for _, shape := range [][]int64{nil, {0}, {4}, {2, 3}, {1, 5}, {3, 1}, {2, 0, 3}, {2, 3, 4}, {3, 1, 2, 2}} {
			x := sample(dt, shape)
			for i := 0; i < int(x.NumElements()); i++ {
				x.SetInt64(i, int64(i*7%11)) // distinct neighbours, so a wrong order shows
			}
			descr, _ := Descr(dt)
			y, err := Read(bytes.NewReader(fortranFile(x, descr)))
			if err != nil {
				t.Errorf("%v %v: %v", dt, shape, err)
				continue
			}
			if dt == tensor.Index {
				y.DType = tensor.Index
			}
			if d := tensor.Diff(x, y); d != "" {
				t.Errorf("%v %v Fortran order: %s", dt, shape, d)
			}
		}
	}
}

// raw builds a .npy file from a header string and data.
func raw(major byte, header string, data []byte) []byte {
	b := []byte("\x93NUMPY")
	b = append(b, major, 0)
	h := header + "\n"
	if major == 1 {
		b = append(b, byte(len(h)), byte(len(h)>>8))
	} else {
		b = append(b, byte(len(h)), byte(len(h)>>8), byte(len(h)>>16), byte(len(h)>>24))
	}
	b = append(b, h...)
	return append(b, data...)
}

func TestReadVariants(t *testing.T) {
	eight := []byte{1, 0, 0, 0, 2, 0, 0, 0}
	for _, c := range []struct {
		name string
		file []byte
		want *tensor.Tensor
	}{
		{"v1", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{1, 2}))},
		{"v2", raw(2, "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{1, 2}))},
		{"v3", raw(3, "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{1, 2}))},
		{"big endian", raw(1, "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }", eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{0x01000000, 0x02000000}))},
		{"big endian f2", raw(1, "{'descr': '>f2', 'fortran_order': False, 'shape': (), }", []byte{0x3C, 0x00}), tensor.Must(tensor.FromFloat64s(tensor.F16, nil, []float64{1}))},
		{"key order, double quotes, no trailing comma", raw(1, `{"shape": (2, 1), "fortran_order": False, "descr": "<i4"}`, eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2, 1}, []int64{1, 2}))},
		{"python 2 long", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2L,), }", eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{1, 2}))},
		{"bool normalised", raw(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{0, 7, 1}), tensor.Must(tensor.FromInt64s(tensor.I1, []int64{3}, []int64{0, 1, 1}))},
		{"one byte with <", raw(1, "{'descr': '<u1', 'fortran_order': False, 'shape': (1,), }", []byte{200}), tensor.Must(tensor.FromInt64s(tensor.UI8, []int64{1}, []int64{200}))},
		{"zero size", raw(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 3), }", nil), tensor.Must(tensor.New(tensor.F64, []int64{0, 3}))},
		{"fortran 0-d", raw(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (), }", eight[:4]), tensor.Must(tensor.FromInt64s(tensor.I32, nil, []int64{1}))},
		{"fortran vector", raw(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2,), }", eight), tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{1, 2}))},
		{"fortran big endian", raw(1, "{'descr': '>i2', 'fortran_order': True, 'shape': (2, 2), }", []byte{0, 1, 0, 2, 0, 3, 0, 4}), tensor.Must(tensor.FromInt64s(tensor.I16, []int64{2, 2}, []int64{1, 3, 2, 4}))},
		{"fortran zero size", raw(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 0), }", nil), tensor.Must(tensor.New(tensor.F32, []int64{3, 0}))},
		{"bf16", raw(1, "{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }", []byte{0xC0, 0x3F, 0x00, 0x40}), tensor.Must(tensor.FromFloat64s(tensor.BF16, []int64{2}, []float64{1.5, 2}))},
		{"bf16 big endian", raw(1, "{'descr': '>V2', 'fortran_order': False, 'shape': (2,), }", []byte{0x3F, 0xC0, 0x40, 0x00}), tensor.Must(tensor.FromFloat64s(tensor.BF16, []int64{2}, []float64{1.5, 2}))},
		{"bf16 |V2", raw(1, "{'descr': '|V2', 'fortran_order': False, 'shape': (), }", []byte{0x80, 0xBF}), tensor.Must(tensor.FromFloat64s(tensor.BF16, nil, []float64{-1}))},
		{"huge zero size", raw(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775807, 0), }", nil), tensor.Must(tensor.New(tensor.F64, []int64{math.MaxInt64, 0}))},
	} {
		got, err := Read(bytes.NewReader(c.file))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if d := tensor.Diff(c.want, got); d != "" {
			t.Errorf("%s: %s", c.name, d)
		}
	}
}

func TestReadErrors(t *testing.T) {
	good := "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }"
	eight := make([]byte, 8)
	full := raw(1, good, eight)
	for _, c := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "reading magic: truncated file"},
		{"bad magic", []byte("\x93NUMPX\x01\x00\x00\x00"), "bad magic"},
		{"not npy", []byte("PK\x03\x04 this is a zip file"), "bad magic"},
		{"version", raw(4, good, eight), "unsupported format version 4.0"},
		{"minor version", append([]byte("\x93NUMPY\x01\x01"), full[8:]...), "unsupported format version 1.1"},
		{"short length", []byte("\x93NUMPY\x01\x00\x10"), "reading header length: truncated file"},
		{"truncated header", full[:30], "header: truncated file"},
		{"huge header", []byte("\x93NUMPY\x02\x00\xff\xff\xff\xff"), "exceeds the limit"},
		{"truncated data", full[:len(full)-1], "truncated data: shape [2] of i32 needs 8 bytes, file has 7"},
		{"trailing data", append(append([]byte{}, full...), 0), "data longer than shape [2] of i32 (8 bytes) requires"},
		{"fortran truncated", raw(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }", eight), "truncated data"},
		{"void 4", raw(1, "{'descr': '<V4', 'fortran_order': False, 'shape': (2,), }", eight), `unsupported dtype "<V4"`},
		{"header a list", raw(1, "['descr', '<i4']", eight), "header is not a dict"},
		{"header an int", raw(1, "42", eight), "header is not a dict"},
		{"header garbage", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), } extra", eight), "unexpected 'e' after the header value"},
		{"missing key", raw(1, "{'descr': '<i4', 'shape': (2,), }", eight), "want exactly descr, fortran_order, shape"},
		{"extra key", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), 'x': 1}", eight), "want exactly descr, fortran_order, shape"},
		{"duplicate key", raw(1, "{'descr': '<i4', 'descr': '<i4', 'shape': (2,), }", eight), "duplicate key"},
		{"unsupported dtype", raw(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", eight), `unsupported dtype "<c8"`},
		{"native order", raw(1, "{'descr': '=i4', 'fortran_order': False, 'shape': (2,), }", eight), `unsupported dtype "=i4"`},
		{"| on wide type", raw(1, "{'descr': '|i4', 'fortran_order': False, 'shape': (2,), }", eight), `unsupported dtype "|i4"`},
		{"structured dtype", raw(1, "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (2,), }", eight), "descr is a list"},
		{"fortran not bool", raw(1, "{'descr': '<i4', 'fortran_order': 0, 'shape': (2,), }", eight), "fortran_order is 0"},
		{"shape not tuple", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2), }", eight), "shape is 2, want a tuple"},
		{"shape list", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': [2], }", eight), "shape is a list"},
		{"negative dim", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (-2,), }", eight), "shape entry 0 is -2"},
		{"string dim", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': ('2',), }", eight), `shape entry 0 is "2"`},
		{"dim overflow", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (99999999999999999999,), }", eight), "bad integer"},
		{"count overflow", raw(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (9223372036854775807, 3), }", eight), "overflows int64"},
		{"too large", raw(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (9223372036854775807,), }", eight), "too large"},
		{"deep nesting", raw(1, strings.Repeat("(", 100), eight), "nested too deeply"},
		{"newline in string", raw(1, "{'descr: 1}", eight), "newline in string"},
		{"unterminated string", []byte("\x93NUMPY\x01\x00\x05\x00{'abc"), "unterminated string"},
		{"bad escape", raw(1, `{'de\qscr': 1}`, eight), "unsupported escape"},
		{"non-string key", raw(1, "{1: 2}", eight), "dict key 1 is not a string"},
		{"empty header", raw(1, "", eight), "unexpected end of header"},
	} {
		_, err := Read(bytes.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "npy: ") {
			t.Errorf("%s: error %q lacks the npy: prefix", c.name, err)
		}
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	x := sample(tensor.F64, []int64{2, 2})
	p := filepath.Join(dir, "x.npy")
	if err := WriteFile(p, x); err != nil {
		t.Fatal(err)
	}
	y, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if d := tensor.Diff(x, y); d != "" {
		t.Error(d)
	}
	if err := WriteFile(filepath.Join(dir, "bad.npy"), &tensor.Tensor{DType: tensor.F32, Shape: []int64{2}}); err == nil {
		t.Error("WriteFile(invalid tensor) succeeded")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("WriteFile left %d files", len(ents))
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.npy")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile(missing) = %v", err)
	}
}

func FuzzRead(f *testing.F) {
	for _, dt := range tensor.DTypes {
		var b bytes.Buffer
		x := sample(dt, []int64{2, 3})
		if err := Write(&b, x); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
		descr, _ := Descr(dt)
		f.Add(fortranFile(x, descr))
	}
	f.Add(raw(1, "{'descr': '>V2', 'fortran_order': True, 'shape': (2, 1, 2), }", make([]byte, 8)))
	f.Add(raw(2, "{'descr': '>f8', 'fortran_order': False, 'shape': (), }", make([]byte, 8)))
	f.Add(raw(3, "{'descr': '|b1', 'fortran_order': False, 'shape': (0, 5), }", nil))
	f.Add(raw(1, "{'descr': [('a', '<i4')], 'fortran_order': True, 'shape': [1], 'x': None}", nil))
	f.Add([]byte("\x93NUMPY\x02\x00\xff\xff\xff\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := Read(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "npy: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if err := x.Validate(); err != nil {
			t.Fatalf("Read returned an invalid tensor: %v", err)
		}
		var b bytes.Buffer
		if err := Write(&b, x); err != nil {
			t.Fatalf("Write after Read: %v", err)
		}
		y, err := Read(&b)
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		if d := tensor.Diff(x, y); d != "" {
			t.Fatalf("round trip: %s", d)
		}
		// A Fortran-order file holding the same array reads the same.
		descr, _ := Descr(x.DType)
		z, err := Read(bytes.NewReader(fortranFile(x, descr)))
		if err != nil {
			t.Fatalf("Fortran-order copy: %v", err)
		}
		if d := tensor.Diff(x, z); d != "" {
			t.Fatalf("Fortran-order copy: %s", d)
		}
	})
}

// TestNumpy exchanges files with numpy in both directions: with Debian's
// numpy (TCP_PYTHON), and with the framework venv's numpy and ml_dtypes
// for bfloat16.
func TestNumpy(t *testing.T) {
	t.Run("debian", func(t *testing.T) {
		py := oracle.PythonPath()
		if _, err := exec.LookPath(py); err != nil {
			oracle.Missing(t, "%s not found (set TCP_PYTHON)", py)
		}
		numpyExchange(t, py, false)
	})
	t.Run("bfloat16", func(t *testing.T) {
		numpyExchange(t, oracle.FrameworkPython(t, "numpy", "ml_dtypes"), true)
	})
}

func numpyExchange(t *testing.T, py string, bf16 bool) {
	dir := t.TempDir()
	ours := map[string]*tensor.Tensor{}
	for _, dt := range tensor.DTypes {
		if dt == tensor.BF16 && !bf16 {
			continue
		}
		for i, shape := range [][]int64{nil, {0, 2}, {2, 3}} {
			name := fmt.Sprintf("go_%v_%d.npy", dt, i)
			x := sample(dt, shape)
			ours[name] = x
			if err := WriteFile(filepath.Join(dir, name), x); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "testdata/numpy_interop.py", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			oracle.Missing(t, "%s", strings.TrimSpace(stderr.String()))
		}
		t.Fatalf("%s: %v\n%s", py, err, stderr.String())
	}
	var info struct {
		Numpy    string
		BFloat16 bool
	}
	readJSON(t, filepath.Join(dir, "py_info.json"), &info)
	if bf16 && !info.BFloat16 {
		t.Fatalf("%s did not import ml_dtypes", py)
	}

	// numpy read our files.
	var report map[string]struct {
		DType string
		Shape []int64
		Hex   string
	}
	readJSON(t, filepath.Join(dir, "go_report.json"), &report)
	if len(report) != len(ours) {
		t.Errorf("numpy read %d files, want %d", len(report), len(ours))
	}
	for name, x := range ours {
		r, ok := report[name]
		if !ok {
			t.Errorf("%s: not read by numpy", name)
			continue
		}
		want, _ := Descr(x.DType)
		if r.DType != want || fmt.Sprint(r.Shape) != fmt.Sprint(x.Shape) || r.Hex != hex.EncodeToString(x.Data) {
			t.Errorf("%s: numpy read %s %v %s, want %s %v %s", name, r.DType, r.Shape, r.Hex, want, x.Shape, hex.EncodeToString(x.Data))
		}
	}

	// We read numpy's files.
	var cases struct {
		Cases []struct {
			File    string
			DType   string
			Shape   []int64
			Hex     string
			Fortran bool
		}
		Bad []struct{ File, Error string }
	}
	readJSON(t, filepath.Join(dir, "py_cases.json"), &cases)
	if len(cases.Cases) < 50 {
		t.Errorf("only %d numpy files", len(cases.Cases))
	}
	fortran, bf := 0, 0
	for _, c := range cases.Cases {
		x, err := ReadFile(filepath.Join(dir, c.File))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if c.Fortran {
			fortran++
		}
		if c.DType == "bf16" {
			bf++
		}
		if x.DType.String() != c.DType || fmt.Sprint(x.Shape) != fmt.Sprint(c.Shape) || hex.EncodeToString(x.Data) != c.Hex {
			t.Errorf("%s: read %v %v %x, numpy has %s %v %s", c.File, x.DType, x.Shape, x.Data, c.DType, c.Shape, c.Hex)
		}
	}
	if fortran < 20 {
		t.Errorf("only %d Fortran-order numpy files", fortran)
	}
	if bf16 && bf < 4 {
		t.Errorf("only %d bfloat16 numpy files", bf)
	}
	for _, c := range cases.Bad {
		_, err := ReadFile(filepath.Join(dir, c.File))
		if err == nil || !strings.Contains(err.Error(), c.Error) {
			t.Errorf("%s: error %v, want %q", c.File, err, c.Error)
		}
	}
	t.Logf("numpy %s read %d Go files; Go read %d numpy files (%d Fortran order, %d bfloat16) and rejected %d",
		info.Numpy, len(report), len(cases.Cases), fortran, bf, len(cases.Bad))
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// A header that promises more data than the limit, or than the file
// holds, is refused before the data is allocated.
func TestReadLimits(t *testing.T) {
	dir := t.TempDir()
	huge := raw(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000, 1000), }", make([]byte, 16))
	small := raw(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }", make([]byte, 16))
	for _, c := range []struct {
		name string
		file []byte
		max  int64
		want string // "" for success
	}{
		{"over the limit", small, 15, "npy: shape [2, 2] of i32 needs 16 bytes, more than the limit of 15"},
		{"at the limit", small, 16, ""},
		{"no limit", small, 0, ""},
		{"huge promise, file too short", huge, 0, "npy: truncated data: shape [1000000000, 1000] of f64 needs 8000000000000 bytes, file has 16"},
		{"huge promise, over the limit", huge, 1 << 30, "more than the limit of 1073741824"},
	} {
		p := filepath.Join(dir, "x.npy")
		if err := os.WriteFile(p, c.file, 0o644); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ReadFileWith(p, ReadOptions{MaxBytes: c.max})
		_, rerr := ReadWith(bytes.NewReader(c.file), ReadOptions{MaxBytes: c.max})
		runtime.ReadMemStats(&after)
		for _, e := range []error{err, rerr} {
			switch {
			case c.want == "" && e != nil:
				t.Errorf("%s: %v", c.name, e)
			case c.want != "" && (e == nil || !strings.Contains(e.Error(), c.want)):
				t.Errorf("%s: error %v, want %q", c.name, e, c.want)
			}
		}
		if b := after.TotalAlloc - before.TotalAlloc; b > 4<<20 {
			t.Errorf("%s: allocated %d bytes", c.name, b)
		}
	}
}
