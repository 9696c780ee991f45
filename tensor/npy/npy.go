package npy

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/internal/cli"
	"github.com/tcp-project/tcp/tensor"
)

const (
	magic = "\x93NUMPY"
	// maxHeaderLen bounds the header a reader accepts, so that a corrupt
	// length field cannot make it allocate gigabytes.
	maxHeaderLen = 1 << 20
	// maxNesting bounds the nesting of Python literals in a header.
	maxNesting = 16
	// align is numpy's ARRAY_ALIGN: the data starts at a multiple of it.
	align = 64
)

// descrs maps each supported dtype to the descr this package writes.
var descrs = map[tensor.DType]string{
	tensor.I1:    "|b1",
	tensor.I8:    "|i1",
	tensor.I16:   "<i2",
	tensor.I32:   "<i4",
	tensor.I64:   "<i8",
	tensor.UI8:   "|u1",
	tensor.UI16:  "<u2",
	tensor.UI32:  "<u4",
	tensor.UI64:  "<u8",
	tensor.F16:   "<f2",
	tensor.BF16:  "<V2",
	tensor.F32:   "<f4",
	tensor.F64:   "<f8",
	tensor.Index: "<i8",
}

// kinds maps a descr without its byte-order character to a dtype.
var kinds = map[string]tensor.DType{
	"b1": tensor.I1,
	"i1": tensor.I8,
	"i2": tensor.I16,
	"i4": tensor.I32,
	"i8": tensor.I64,
	"u1": tensor.UI8,
	"u2": tensor.UI16,
	"u4": tensor.UI32,
	"u8": tensor.UI64,
	"f2": tensor.F16,
	"f4": tensor.F32,
	"f8": tensor.F64,
	// numpy has no bfloat16; ml_dtypes' bfloat16 saves as a 2-byte void
	// ("<V2"), the only 2-byte void dtype tcp reads.
	"V2": tensor.BF16,
}

// Descr returns the numpy dtype string written for dt: "<f4", "|b1", ….
// Index is written as "<i8", and bf16 as "<V2", the descr numpy writes for
// an ml_dtypes.bfloat16 array.
func Descr(dt tensor.DType) (string, error) {
	if d, ok := descrs[dt]; ok {
		return d, nil
	}
	return "", fmt.Errorf("npy: unsupported element type %v", dt)
}

// ParseDescr returns the dtype for a numpy descr string and whether its
// data are big-endian. Accepted: |b1 |i1 |u1 and <i2 <i4 <i8 <u2 <u4 <u8
// <f2 <f4 <f8 <V2 (bf16), with '>' for big-endian; one-byte types take any
// of | < >, and V2 also takes |.
func ParseDescr(descr string) (dt tensor.DType, bigEndian bool, err error) {
	if len(descr) == 3 {
		if k, ok := kinds[descr[1:]]; ok {
			one := k.Size() == 1
			switch descr[0] {
			case '<':
				return k, false, nil
			case '>':
				return k, !one, nil
			case '|':
				if one || k == tensor.BF16 {
					return k, false, nil
				}
			}
		}
	}
	return tensor.Invalid, false, fmt.Errorf("npy: unsupported dtype %q (supported: |b1 |i1 |u1 <i2 <i4 <i8 <u2 <u4 <u8 <f2 <f4 <f8 <V2 (bfloat16), and '>' variants)", descr)
}

// ReadOptions limit what ReadWith and ReadFileWith accept.
type ReadOptions struct {
	// MaxBytes, if positive, is the largest array data (element count ×
	// element size) accepted. A larger array is rejected right after the
	// header is parsed, before any of its data is read or allocated.
	MaxBytes int64
}

// ReadFile reads one array from a .npy file. Only a regular file or a
// FIFO is read, and at most cli.DefaultMaxInputBytes of it: /dev/zero
// behind a .npy name is refused.
func ReadFile(path string) (*tensor.Tensor, error) { return ReadFileWith(path, ReadOptions{}) }

// ReadFileWith is ReadFile with limits. Because the file's size is known,
// a header that promises more data than the file holds is reported before
// anything is allocated for the data.
func ReadFileWith(path string, o ReadOptions) (*tensor.Tensor, error) {
	f, err := cli.OpenInput(path, nil, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(-1)
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	t, err := read(bufio.NewReader(f), o, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Read reads one .npy array from r, which must end right after the array
// data: trailing bytes are an error. It never panics on malformed input.
func Read(r io.Reader) (*tensor.Tensor, error) { return read(r, ReadOptions{}, -1) }

// ReadWith is Read with limits.
func ReadWith(r io.Reader, o ReadOptions) (*tensor.Tensor, error) { return read(r, o, -1) }

// read reads one array from r; size is the number of bytes r holds, or -1
// if unknown.
func read(r io.Reader, o ReadOptions, size int64) (*tensor.Tensor, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return nil, fmt.Errorf("npy: reading magic: %w", truncated(err))
	}
	if string(pre[:6]) != magic {
		return nil, fmt.Errorf("npy: bad magic %q, want \"\\x93NUMPY\"", pre[:6])
	}
	major, minor := pre[6], pre[7]
	var hlen uint64
	switch {
	case major == 1 && minor == 0:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("npy: reading header length: %w", truncated(err))
		}
		hlen = uint64(binary.LittleEndian.Uint16(b[:]))
	case (major == 2 || major == 3) && minor == 0:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("npy: reading header length: %w", truncated(err))
		}
		hlen = uint64(binary.LittleEndian.Uint32(b[:]))
	default:
		return nil, fmt.Errorf("npy: unsupported format version %d.%d (want 1.0, 2.0 or 3.0)", major, minor)
	}
	if hlen > maxHeaderLen {
		return nil, fmt.Errorf("npy: header length %d exceeds the limit of %d bytes", hlen, maxHeaderLen)
	}
	headerEnd := int64(10 + hlen) // magic, version, length field, header
	if major > 1 {
		headerEnd += 2
	}
	hdr := make([]byte, hlen)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, fmt.Errorf("npy: reading %d-byte header: %w", hlen, truncated(err))
	}
	dt, bigEndian, fortran, shape, err := parseHeader(hdr)
	if err != nil {
		return nil, err
	}
	n, err := tensor.NumElementsOf(shape)
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	if n > math.MaxInt64/8 || n*int64(dt.Size()) > math.MaxInt {
		return nil, fmt.Errorf("npy: shape %s is too large", tensor.ShapeString(shape))
	}
	want := n * int64(dt.Size())
	if o.MaxBytes > 0 && want > o.MaxBytes {
		return nil, fmt.Errorf("npy: shape %s of %v needs %d bytes, more than the limit of %d", tensor.ShapeString(shape), dt, want, o.MaxBytes)
	}
	var data []byte
	if size >= 0 {
		// The file's size is known: check before allocating.
		left := max(size-headerEnd, 0)
		if want > left {
			return nil, fmt.Errorf("npy: truncated data: shape %s of %v needs %d bytes, file has %d", tensor.ShapeString(shape), dt, want, left)
		}
		data = make([]byte, want)
		if _, err := io.ReadFull(r, data); err != nil {
			return nil, fmt.Errorf("npy: reading data: %w", truncated(err))
		}
	} else {
		// Unknown size: grow with the data actually read.
		var buf bytes.Buffer
		buf.Grow(int(min(want, 1<<20)))
		got, err := buf.ReadFrom(io.LimitReader(r, want))
		if err != nil {
			return nil, fmt.Errorf("npy: reading data: %w", err)
		}
		if got != want {
			return nil, fmt.Errorf("npy: truncated data: shape %s of %v needs %d bytes, file has %d", tensor.ShapeString(shape), dt, want, got)
		}
		data = buf.Bytes()
	}
	var extra [1]byte
	if k, _ := io.ReadFull(r, extra[:]); k > 0 {
		return nil, fmt.Errorf("npy: data longer than shape %s of %v (%d bytes) requires", tensor.ShapeString(shape), dt, want)
	}
	if bigEndian {
		swap(data, dt.Size())
	}
	if dt == tensor.I1 {
		for i, b := range data {
			if b != 0 {
				data[i] = 1
			}
		}
	}
	if fortran && len(shape) > 1 && n > 1 {
		data = fortranToC(data, shape, dt.Size())
	}
	return &tensor.Tensor{DType: dt, Shape: shape, Data: data}, nil
}

func truncated(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("truncated file")
	}
	return err
}

// fortranToC reorders the elements of a column-major (Fortran order)
// array of shape into row-major order: element (i0, …, ik) is at
// i0 + d0*(i1 + d1*(i2 + …)) in src.
func fortranToC(src []byte, shape []int64, size int) []byte {
	dst := make([]byte, len(src))
	// Column-major strides, in elements.
	fs := make([]int64, len(shape))
	acc := int64(1)
	for d := range shape {
		fs[d] = acc
		acc *= shape[d]
	}
	idx := make([]int64, len(shape))
	var off int64 // column-major offset of idx
	for o := 0; o < len(dst); o += size {
		copy(dst[o:o+size], src[off*int64(size):])
		// Advance idx in row-major order: the last dim fastest.
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			off += fs[d]
			if idx[d] < shape[d] {
				break
			}
			off -= idx[d] * fs[d]
			idx[d] = 0
		}
	}
	return dst
}

func swap(data []byte, size int) {
	for i := 0; i+size <= len(data); i += size {
		e := data[i : i+size]
		for a, b := 0, size-1; a < b; a, b = a+1, b-1 {
			e[a], e[b] = e[b], e[a]
		}
	}
}

// parseHeader reads the header dict: exactly the keys descr,
// fortran_order and shape.
func parseHeader(hdr []byte) (dt tensor.DType, bigEndian, fortran bool, shape []int64, err error) {
	// Versions 1 and 2 are latin-1 and 3 is UTF-8; either way non-ASCII
	// bytes can only occur inside strings, so the parser works on bytes.
	p := &litParser{s: string(hdr)}
	v, err := p.parse()
	if err != nil {
		return 0, false, false, nil, fmt.Errorf("npy: header: %w", err)
	}
	d, ok := v.(dict)
	if !ok {
		return 0, false, false, nil, fmt.Errorf("npy: header is not a dict: %.60q", strings.TrimSpace(string(hdr)))
	}
	var keys []string
	for k := range d {
		keys = append(keys, k)
	}
	if len(d) != 3 || d["descr"] == nil || d["fortran_order"] == nil || d["shape"] == nil {
		return 0, false, false, nil, fmt.Errorf("npy: header keys %q, want exactly descr, fortran_order, shape", keys)
	}
	descr, ok := d["descr"].(string)
	if !ok {
		return 0, false, false, nil, fmt.Errorf("npy: unsupported dtype: descr is %s, want a simple type string", typeName(d["descr"]))
	}
	dt, bigEndian, err = ParseDescr(descr)
	if err != nil {
		return 0, false, false, nil, err
	}
	fo, ok := d["fortran_order"].(bool)
	if !ok {
		return 0, false, false, nil, fmt.Errorf("npy: fortran_order is %s, want True or False", typeName(d["fortran_order"]))
	}
	tup, ok := d["shape"].(tuple)
	if !ok {
		return 0, false, false, nil, fmt.Errorf("npy: shape is %s, want a tuple of ints", typeName(d["shape"]))
	}
	shape = make([]int64, len(tup))
	for i, e := range tup {
		n, ok := e.(int64)
		if !ok || n < 0 {
			return 0, false, false, nil, fmt.Errorf("npy: shape entry %d is %s, want a non-negative int", i, typeName(e))
		}
		shape[i] = n
	}
	return dt, bigEndian, fo, shape, nil
}

// Python literal values in a header.
type (
	dict  map[string]any
	tuple []any
	list  []any
	none  struct{}
)

func typeName(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		if v {
			return "True"
		}
		return "False"
	case dict:
		return "a dict"
	case tuple:
		return "a tuple"
	case list:
		return "a list"
	case none:
		return "None"
	}
	return fmt.Sprintf("%T", v)
}

// litParser parses the subset of Python literals numpy headers use:
// dicts, tuples, lists, strings, ints (with an optional Python 2 L
// suffix), True, False and None.
type litParser struct {
	s     string
	pos   int
	depth int
}

func (p *litParser) errorf(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *litParser) parse() (any, error) {
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.s) {
		return nil, p.errorf("unexpected %q after the header value", p.s[p.pos])
	}
	return v, nil
}

func (p *litParser) space() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *litParser) peek() byte {
	p.space()
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *litParser) value() (any, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		return nil, p.errorf("literals nested too deeply")
	}
	c := p.peek()
	switch {
	case c == 0:
		return nil, p.errorf("unexpected end of header")
	case c == '{':
		return p.dict()
	case c == '(' || c == '[':
		return p.seq()
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		return p.int()
	}
	for _, w := range []struct {
		word string
		v    any
	}{{"True", true}, {"False", false}, {"None", none{}}} {
		if strings.HasPrefix(p.s[p.pos:], w.word) {
			p.pos += len(w.word)
			return w.v, nil
		}
	}
	return nil, p.errorf("unexpected %q", c)
}

func (p *litParser) dict() (any, error) {
	p.pos++ // {
	d := dict{}
	for {
		if p.peek() == '}' {
			p.pos++
			return d, nil
		}
		k, err := p.value()
		if err != nil {
			return nil, err
		}
		ks, ok := k.(string)
		if !ok {
			return nil, p.errorf("dict key %s is not a string", typeName(k))
		}
		if p.peek() != ':' {
			return nil, p.errorf("want ':' after dict key %q", ks)
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := d[ks]; dup {
			return nil, p.errorf("duplicate key %q", ks)
		}
		d[ks] = v
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
		default:
			return nil, p.errorf("want ',' or '}' in dict")
		}
	}
}

// seq parses a tuple or a list. As in Python, a parenthesized single value
// without a comma is that value, not a tuple.
func (p *litParser) seq() (any, error) {
	open := p.s[p.pos]
	close := byte(')')
	if open == '[' {
		close = ']'
	}
	p.pos++
	var elems []any
	comma := false
	for {
		if p.peek() == close {
			p.pos++
			break
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		elems = append(elems, v)
		switch p.peek() {
		case ',':
			p.pos++
			comma = true
		case close:
		default:
			return nil, p.errorf("want ',' or %q", close)
		}
	}
	if open == '[' {
		return list(elems), nil
	}
	if len(elems) == 1 && !comma {
		return elems[0], nil
	}
	return tuple(elems), nil
}

func (p *litParser) str() (any, error) {
	q := p.s[p.pos]
	p.pos++
	var b strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		p.pos++
		switch {
		case c == q:
			return b.String(), nil
		case c == '\\':
			if p.pos >= len(p.s) {
				return nil, p.errorf("unterminated string")
			}
			e := p.s[p.pos]
			p.pos++
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\\', '\'', '"':
				b.WriteByte(e)
			default:
				return nil, p.errorf("unsupported escape \\%c in string", e)
			}
		case c == '\n':
			return nil, p.errorf("newline in string")
		default:
			b.WriteByte(c)
		}
	}
	return nil, p.errorf("unterminated string")
}

func (p *litParser) int() (any, error) {
	start := p.pos
	if c := p.s[p.pos]; c == '-' || c == '+' {
		p.pos++
	}
	for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
		p.pos++
	}
	text := p.s[start:p.pos]
	if p.pos < len(p.s) && (p.s[p.pos] == 'L' || p.s[p.pos] == 'l') {
		p.pos++ // Python 2 long
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return nil, p.errorf("bad integer %q", text)
	}
	return n, nil
}

// Write writes t to w in .npy format 1.0, or 2.0 if the header does not
// fit 1.0's 64 KiB. The header is padded so that the data start at a
// multiple of 64 bytes, as numpy does. The data are little-endian and in C
// order; bf16 is written with ml_dtypes' descr "<V2". It fails for invalid
// tensors.
func Write(w io.Writer, t *tensor.Tensor) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("npy: %w", err)
	}
	descr, err := Descr(t.DType)
	if err != nil {
		return err
	}
	var h strings.Builder
	fmt.Fprintf(&h, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr)
	for i, d := range t.Shape {
		if i > 0 {
			h.WriteString(", ")
		}
		h.WriteString(strconv.FormatInt(d, 10))
	}
	if len(t.Shape) == 1 {
		h.WriteByte(',')
	}
	h.WriteString("), }")
	header := h.String()
	var pre []byte
	for _, v := range []struct {
		major   byte
		lenSize int
	}{{1, 2}, {2, 4}} {
		hlen := len(header) + 1 // the final '\n'
		pad := align - (len(magic)+2+v.lenSize+hlen)%align
		total := hlen + pad
		if v.major == 1 && total > math.MaxUint16 {
			continue
		}
		pre = append([]byte(magic), v.major, 0)
		if v.lenSize == 2 {
			pre = binary.LittleEndian.AppendUint16(pre, uint16(total))
		} else {
			pre = binary.LittleEndian.AppendUint32(pre, uint32(total))
		}
		pre = append(pre, header...)
		pre = append(pre, strings.Repeat(" ", pad)...)
		pre = append(pre, '\n')
		break
	}
	if _, err := w.Write(pre); err != nil {
		return err
	}
	_, err = w.Write(t.Data)
	return err
}

// WriteFile writes t to path atomically (a temporary file in the same
// directory, then a rename).
func WriteFile(path string, t *tensor.Tensor) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".npy-*")
	if err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	bw := bufio.NewWriter(f)
	err = Write(bw, t)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
