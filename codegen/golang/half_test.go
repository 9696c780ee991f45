package golang

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// TestHalfHelpers compiles the kernels' f16/bf16 conversion helpers (the
// "half" helper source) into a small program and checks them against the
// interpreter's conversions (tensor.Float32ToF16, Float32ToBF16,
// F16ToFloat32) bit for bit: every 16-bit pattern widened, and float32
// patterns around every rounding boundary of both formats (ties, the
// largest finite values and overflow, subnormals and the smallest
// subnormal's half, NaNs with payloads) and at random, narrowed.
func TestHalfHelpers(t *testing.T) {
	gobin, err := goTool()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	src := "package main\n\nimport (\n\t\"bufio\"\n\t\"encoding/binary\"\n\t\"math\"\n\t\"os\"\n)\n\n" + helpers["half"] + `
func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var b [4]byte
	for h := 0; h < 1<<16; h++ {
		binary.Write(out, binary.LittleEndian, math.Float32bits(tcpF16ToF32(uint16(h))))
	}
	for {
		if _, err := in.Read(b[:]); err != nil {
			return
		}
		f := math.Float32frombits(binary.LittleEndian.Uint32(b[:]))
		binary.Write(out, binary.LittleEndian, tcpF32ToF16(f))
		binary.Write(out, binary.LittleEndian, tcpF32ToBF16(f))
	}
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module half\n\ngo 1.21\n"), 0o644)
	bin := filepath.Join(dir, "half")
	cmd := exec.Command(gobin, "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var vals []uint32
	for _, base := range []uint32{0x477fe000, 0x477ff000, 0x38800000, 0x33000000, 0x387fc000, 0x7f7f8000, 0x7f800000, 0x00000000, 0x3f800000, 0x33800000, 0x7fc00000} {
		for d := uint32(0); d < 0x3000; d++ {
			vals = append(vals, base+d, base-d, (base+d)|0x80000000)
		}
	}
	for e := uint32(0); e < 256; e++ { // ties and neighbours in every binade
		for _, m := range []uint32{0x1000, 0x0fff, 0x1001, 0x3000, 0x8000, 0x7fff, 0x8001, 0x18000, 0x400000, 0x7fffff, 0x1} {
			vals = append(vals, e<<23|m, 0x80000000|e<<23|m)
		}
	}
	r := rand.New(rand.NewSource(16))
	for k := 0; k < 200000; k++ {
		vals = append(vals, r.Uint32())
	}
	var inBuf bytes.Buffer
	for _, v := range vals {
		binary.Write(&inBuf, binary.LittleEndian, v)
	}
	cmd = exec.Command(bin)
	cmd.Stdin = &inBuf
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 4<<16+4*len(vals) {
		t.Fatalf("got %d bytes", len(out))
	}
	bad := 0
	for h := 0; h < 1<<16; h++ {
		got := binary.LittleEndian.Uint32(out[4*h:])
		if want := math.Float32bits(tensor.F16ToFloat32(uint16(h))); got != want && bad < 10 {
			t.Errorf("f16 %#04x widens to %#08x, want %#08x", h, got, want)
			bad++
		}
	}
	out = out[4<<16:]
	for k, v := range vals {
		f := math.Float32frombits(v)
		g16, gb := binary.LittleEndian.Uint16(out[4*k:]), binary.LittleEndian.Uint16(out[4*k+2:])
		if w := tensor.Float32ToF16(f); g16 != w && bad < 20 {
			t.Errorf("%#08x narrows to f16 %#04x, want %#04x", v, g16, w)
			bad++
		}
		if w := tensor.Float32ToBF16(f); gb != w && bad < 20 {
			t.Errorf("%#08x narrows to bf16 %#04x, want %#04x", v, gb, w)
			bad++
		}
	}
}
