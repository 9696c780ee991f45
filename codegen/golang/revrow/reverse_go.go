package revrow

import (
	"encoding/binary"
	"math/bits"
)

// reverseGo reverses the es-byte elements (es 1, 2, 4, 8 or 16) of s
// into d, of the same length: eight bytes per load, their lanes reversed
// in a register (16-byte elements: two loads moved as they are).
func reverseGo(d, s []byte, es int) {
	switch es {
	case 1:
		reverse1(d, s)
	case 2:
		reverse2(d, s)
	case 4:
		reverse4(d, s)
	case 8:
		reverse8(d, s)
	default:
		reverse16(d, s)
	}
}

// reverse1 reverses the bytes of s into d: BSWAP of eight bytes at a
// time. Each loop tests both lengths, so that the compiler proves every
// access in bounds.
func reverse1(d, s []byte) {
	for len(d) >= 32 && len(s) >= 32 {
		sa := (*[32]byte)(s[len(s)-32:])
		da := (*[32]byte)(d)
		x0 := binary.LittleEndian.Uint64(sa[24:])
		x1 := binary.LittleEndian.Uint64(sa[16:])
		x2 := binary.LittleEndian.Uint64(sa[8:])
		x3 := binary.LittleEndian.Uint64(sa[0:])
		binary.LittleEndian.PutUint64(da[0:], bits.ReverseBytes64(x0))
		binary.LittleEndian.PutUint64(da[8:], bits.ReverseBytes64(x1))
		binary.LittleEndian.PutUint64(da[16:], bits.ReverseBytes64(x2))
		binary.LittleEndian.PutUint64(da[24:], bits.ReverseBytes64(x3))
		d, s = d[32:], s[:len(s)-32]
	}
	for len(d) >= 8 && len(s) >= 8 {
		binary.LittleEndian.PutUint64(d, bits.ReverseBytes64(binary.LittleEndian.Uint64(s[len(s)-8:])))
		d, s = d[8:], s[:len(s)-8]
	}
	for len(d) >= 1 && len(s) >= 1 {
		d[0] = s[len(s)-1]
		d, s = d[1:], s[:len(s)-1]
	}
}

// rev16 reverses the order of the four 16-bit lanes of x: each 32-bit
// half rotated by 16, the halves swapped (rotates and shifts, no 64-bit
// mask constants).
func rev16(x uint64) uint64 {
	return uint64(bits.RotateLeft32(uint32(x), 16))<<32 | uint64(bits.RotateLeft32(uint32(x>>32), 16))
}

// reverse2 reverses the 2-byte elements of s into d.
func reverse2(d, s []byte) {
	for len(d) >= 32 && len(s) >= 32 {
		sa := (*[32]byte)(s[len(s)-32:])
		da := (*[32]byte)(d)
		x0 := binary.LittleEndian.Uint64(sa[24:])
		x1 := binary.LittleEndian.Uint64(sa[16:])
		x2 := binary.LittleEndian.Uint64(sa[8:])
		x3 := binary.LittleEndian.Uint64(sa[0:])
		binary.LittleEndian.PutUint64(da[0:], rev16(x0))
		binary.LittleEndian.PutUint64(da[8:], rev16(x1))
		binary.LittleEndian.PutUint64(da[16:], rev16(x2))
		binary.LittleEndian.PutUint64(da[24:], rev16(x3))
		d, s = d[32:], s[:len(s)-32]
	}
	for len(d) >= 8 && len(s) >= 8 {
		binary.LittleEndian.PutUint64(d, rev16(binary.LittleEndian.Uint64(s[len(s)-8:])))
		d, s = d[8:], s[:len(s)-8]
	}
	for len(d) >= 2 && len(s) >= 2 {
		d[0], d[1] = s[len(s)-2], s[len(s)-1]
		d, s = d[2:], s[:len(s)-2]
	}
}

// reverse4 reverses the 4-byte elements of s into d: the two halves
// of each 64-bit load swapped by a rotate.
func reverse4(d, s []byte) {
	for len(d) >= 32 && len(s) >= 32 {
		sa := (*[32]byte)(s[len(s)-32:])
		da := (*[32]byte)(d)
		x0 := binary.LittleEndian.Uint64(sa[24:])
		x1 := binary.LittleEndian.Uint64(sa[16:])
		x2 := binary.LittleEndian.Uint64(sa[8:])
		x3 := binary.LittleEndian.Uint64(sa[0:])
		binary.LittleEndian.PutUint64(da[0:], bits.RotateLeft64(x0, 32))
		binary.LittleEndian.PutUint64(da[8:], bits.RotateLeft64(x1, 32))
		binary.LittleEndian.PutUint64(da[16:], bits.RotateLeft64(x2, 32))
		binary.LittleEndian.PutUint64(da[24:], bits.RotateLeft64(x3, 32))
		d, s = d[32:], s[:len(s)-32]
	}
	for len(d) >= 4 && len(s) >= 4 {
		*(*[4]byte)(d) = *(*[4]byte)(s[len(s)-4:])
		d, s = d[4:], s[:len(s)-4]
	}
}

// reverse8 reverses the 8-byte elements of s into d.
func reverse8(d, s []byte) {
	for len(d) >= 32 && len(s) >= 32 {
		sa := (*[32]byte)(s[len(s)-32:])
		da := (*[32]byte)(d)
		x0 := binary.LittleEndian.Uint64(sa[24:])
		x1 := binary.LittleEndian.Uint64(sa[16:])
		x2 := binary.LittleEndian.Uint64(sa[8:])
		x3 := binary.LittleEndian.Uint64(sa[0:])
		binary.LittleEndian.PutUint64(da[0:], x0)
		binary.LittleEndian.PutUint64(da[8:], x1)
		binary.LittleEndian.PutUint64(da[16:], x2)
		binary.LittleEndian.PutUint64(da[24:], x3)
		d, s = d[32:], s[:len(s)-32]
	}
	for len(d) >= 8 && len(s) >= 8 {
		*(*[8]byte)(d) = *(*[8]byte)(s[len(s)-8:])
		d, s = d[8:], s[:len(s)-8]
	}
}

// reverse16 reverses the 16-byte elements of s into d.
func reverse16(d, s []byte) {
	for len(d) >= 16 && len(s) >= 16 {
		e := s[len(s)-16:]
		binary.LittleEndian.PutUint64(d[0:], binary.LittleEndian.Uint64(e[0:]))
		binary.LittleEndian.PutUint64(d[8:], binary.LittleEndian.Uint64(e[8:]))
		d, s = d[16:], s[:len(s)-16]
	}
}
