package revrow

import (
	"encoding/binary"
	"math/bits"
)

// reverseGo reverses the es-byte elements (es 1, 2, 4, 8 or 16, 3, 6,
// 12 or 24) of s into d, of the same length: eight bytes per load, their
// lanes reversed in a register (16-byte elements: two loads moved as
// they are; 3- to 24-byte ones: fixed-size array copies, four elements
// per step).
func reverseGo(d, s []byte, es int) {
	switch es {
	case 3:
		reverse3(d, s)
	case 6:
		reverse6(d, s)
	case 12:
		reverse12(d, s)
	case 24:
		reverse24(d, s)
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

// reverse3 reverses the 3-byte elements of s into d: four elements
// (12 bytes) per step as [3]byte copies out of one bounds-checked
// 12-byte array each side, then one at a time.
func reverse3(d, s []byte) {
	for len(d) >= 12 && len(s) >= 12 {
		sa := (*[12]byte)(s[len(s)-12:])
		da := (*[12]byte)(d)
		*(*[3]byte)(da[0:]) = *(*[3]byte)(sa[9:])
		*(*[3]byte)(da[3:]) = *(*[3]byte)(sa[6:])
		*(*[3]byte)(da[6:]) = *(*[3]byte)(sa[3:])
		*(*[3]byte)(da[9:]) = *(*[3]byte)(sa[0:])
		d, s = d[12:], s[:len(s)-12]
	}
	for len(d) >= 3 && len(s) >= 3 {
		*(*[3]byte)(d) = *(*[3]byte)(s[len(s)-3:])
		d, s = d[3:], s[:len(s)-3]
	}
}

// reverse6 reverses the 6-byte elements of s into d, four per step.
func reverse6(d, s []byte) {
	for len(d) >= 24 && len(s) >= 24 {
		sa := (*[24]byte)(s[len(s)-24:])
		da := (*[24]byte)(d)
		*(*[6]byte)(da[0:]) = *(*[6]byte)(sa[18:])
		*(*[6]byte)(da[6:]) = *(*[6]byte)(sa[12:])
		*(*[6]byte)(da[12:]) = *(*[6]byte)(sa[6:])
		*(*[6]byte)(da[18:]) = *(*[6]byte)(sa[0:])
		d, s = d[24:], s[:len(s)-24]
	}
	for len(d) >= 6 && len(s) >= 6 {
		*(*[6]byte)(d) = *(*[6]byte)(s[len(s)-6:])
		d, s = d[6:], s[:len(s)-6]
	}
}

// reverse12 reverses the 12-byte elements of s into d, four per step.
func reverse12(d, s []byte) {
	for len(d) >= 48 && len(s) >= 48 {
		sa := (*[48]byte)(s[len(s)-48:])
		da := (*[48]byte)(d)
		*(*[12]byte)(da[0:]) = *(*[12]byte)(sa[36:])
		*(*[12]byte)(da[12:]) = *(*[12]byte)(sa[24:])
		*(*[12]byte)(da[24:]) = *(*[12]byte)(sa[12:])
		*(*[12]byte)(da[36:]) = *(*[12]byte)(sa[0:])
		d, s = d[48:], s[:len(s)-48]
	}
	for len(d) >= 12 && len(s) >= 12 {
		*(*[12]byte)(d) = *(*[12]byte)(s[len(s)-12:])
		d, s = d[12:], s[:len(s)-12]
	}
}

// reverse24 reverses the 24-byte elements of s into d: three 64-bit
// moves each (a [24]byte copy would call memmove).
func reverse24(d, s []byte) {
	for len(d) >= 24 && len(s) >= 24 {
		e := (*[24]byte)(s[len(s)-24:])
		da := (*[24]byte)(d)
		x0 := binary.LittleEndian.Uint64(e[0:])
		x1 := binary.LittleEndian.Uint64(e[8:])
		x2 := binary.LittleEndian.Uint64(e[16:])
		binary.LittleEndian.PutUint64(da[0:], x0)
		binary.LittleEndian.PutUint64(da[8:], x1)
		binary.LittleEndian.PutUint64(da[16:], x2)
		d, s = d[24:], s[:len(s)-24]
	}
}
