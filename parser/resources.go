package parser

import (
	"encoding/binary"
	"encoding/hex"
	"regexp"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// dense_resource<name> : T, as IREE's iree-import-onnx prints constants:
// the bytes are in the file's {-# dialect_resources: { builtin: { name:
// "0x…" } } #-} section (after the module). The section is scanned before
// parsing; a dense_resource attribute then becomes the dense elements
// attribute of those bytes (the blob's first 4 bytes are its alignment,
// the rest the elements in little-endian order), printed back as dense<…>.

var (
	fileMetaRE = regexp.MustCompile(`(?s)\{-#(.*?)#-\}`)
	blobRE     = regexp.MustCompile(`("[^"]*"|[A-Za-z_][\w.$-]*)\s*:\s*"0x([0-9A-Fa-f]*)"`)
)

// scanResources collects the builtin dialect_resources blobs of src.
func scanResources(src string) map[string][]byte {
	var out map[string][]byte
	for _, m := range fileMetaRE.FindAllStringSubmatch(src, -1) {
		body := m[1]
		if !strings.Contains(body, "dialect_resources") {
			continue
		}
		for _, b := range blobRE.FindAllStringSubmatch(body, -1) {
			data, err := hex.DecodeString(b[2])
			if err != nil {
				continue
			}
			if out == nil {
				out = map[string][]byte{}
			}
			out[strings.Trim(b[1], `"`)] = data
		}
	}
	return out
}

// denseResource resolves dense_resource<name> of type rt.
func (p *parser) denseResource(t *token, name string, rt *ir.RankedTensorType) (ir.Attribute, error) {
	blob, ok := p.resources[name]
	if !ok {
		return nil, p.errorAt(t, "unknown dense_resource '%s' (no such blob in the file's dialect_resources)", name)
	}
	if len(blob) < 4 || binary.LittleEndian.Uint32(blob) == 0 {
		return nil, p.errorAt(t, "dense_resource '%s' has no alignment header", name)
	}
	data := blob[4:]
	es := ir.ElemByteSize(rt.Elem())
	if es <= 0 || rt.Elem() == ir.I1 {
		return nil, p.errorAt(t, "dense_resource of element type %s is not supported", rt.Elem())
	}
	if n := int(rt.NumElements()) * es; len(data) != n {
		return nil, p.errorAt(t, "dense_resource '%s' holds %d bytes, %s needs %d", name, len(data), rt, n)
	}
	return &ir.DenseElementsAttr{Type: rt, Raw: append([]byte(nil), data...)}, nil
}
