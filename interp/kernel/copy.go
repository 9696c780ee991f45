package kernel

import "encoding/binary"

// Element movers. Offsets are element offsets that the callers have
// already checked against the buffers, so every index below is in range;
// Go's bounds checks remain as a backstop and never read outside a slice.

// gatherElems sets dst element j to src element offs[j], or to fill when
// offs[j] < 0. es is the element size in bytes.
func gatherElems(dst, src []byte, offs []int64, es int, fill []byte) {
	switch es {
	case 1:
		for j, o := range offs {
			if o < 0 {
				dst[j] = fill[0]
				continue
			}
			dst[j] = src[o]
		}
	case 2:
		for j, o := range offs {
			if o < 0 {
				copy(dst[2*j:2*j+2], fill)
				continue
			}
			binary.LittleEndian.PutUint16(dst[2*j:], binary.LittleEndian.Uint16(src[2*o:]))
		}
	case 4:
		if fill == nil {
			dst = dst[:4*len(offs)]
			for j, o := range offs {
				binary.LittleEndian.PutUint32(dst[4*j:], binary.LittleEndian.Uint32(src[4*o:]))
			}
			return
		}
		for j, o := range offs {
			if o < 0 {
				copy(dst[4*j:4*j+4], fill)
				continue
			}
			binary.LittleEndian.PutUint32(dst[4*j:], binary.LittleEndian.Uint32(src[4*o:]))
		}
	case 8:
		if fill == nil {
			dst = dst[:8*len(offs)]
			for j, o := range offs {
				binary.LittleEndian.PutUint64(dst[8*j:], binary.LittleEndian.Uint64(src[8*o:]))
			}
			return
		}
		for j, o := range offs {
			if o < 0 {
				copy(dst[8*j:8*j+8], fill)
				continue
			}
			binary.LittleEndian.PutUint64(dst[8*j:], binary.LittleEndian.Uint64(src[8*o:]))
		}
	default:
		panic("kernel: unsupported element size")
	}
}

// stridedCopy fills dst (dense, row-major, of the given shape) from src,
// taking the element at position p from src offset
// base + sum(p[d]*strides[d]). A stride may be 0 (broadcast) or negative.
// The shape must have at least one element.
func stridedCopy(dst, src []byte, es int, shape []int64, base int64, strides []int64) {
	r := len(shape)
	if r == 0 {
		copy(dst[:es], src[base*int64(es):])
		return
	}
	inner := shape[r-1]
	innerStride := strides[r-1]
	rowBytes := inner * int64(es)
	coord := make([]int64, r-1)
	offs := make([]int64, inner)
	for row := int64(0); ; row++ {
		off := base
		for d, c := range coord {
			off += c * strides[d]
		}
		out := dst[row*rowBytes : (row+1)*rowBytes]
		switch innerStride {
		case 1:
			copy(out, src[off*int64(es):(off+inner)*int64(es)])
		case 0:
			e := src[off*int64(es) : (off+1)*int64(es)]
			for j := int64(0); j < inner; j++ {
				copy(out[j*int64(es):], e)
			}
		default:
			for j := range offs {
				offs[j] = off + int64(j)*innerStride
			}
			gatherElems(out, src, offs, es, nil)
		}
		if !next(coord, shape) {
			return
		}
	}
}

// next advances coord, an odometer over shape[:len(coord)], and reports
// whether it did not wrap around.
func next(coord, shape []int64) bool {
	for d := len(coord) - 1; d >= 0; d-- {
		coord[d]++
		if coord[d] < shape[d] {
			return true
		}
		coord[d] = 0
	}
	return false
}
