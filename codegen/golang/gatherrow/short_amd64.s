//go:build amd64 && !purego

#include "textflag.h"

// SHORTROWS is the loop of ShortRows' forms: ld loads an index (MOVQ,
// or MOVLQSX for int32), isz is its bytes, mv and st move an element of
// es bytes. It keeps DI dst, SI src and BX idx at the current row, CX n,
// R8 the mask (what a negative index gains), R9 the row's size, R10 the
// position in the row, R11 the rows left, R12 a source row's bytes, and
// R14 and R15 the offsets of the row ahead's indices and source row.
// An index in [0, size) (one unsigned compare) is moved at once; any
// other goes to wrap, which adds the mask to a negative one and comes
// back if it is now in range, else returns the elements done,
// (rows - R11)*n + R10. Before each row, while more than ahead rows are
// left, it prefetches the elements of the row ahead rows on at their raw
// ids (PREFETCHT0 never faults). It returns rows*n when every index is
// good. The macro comes before the TEXTs (go vet reads the FP names in
// its lines as the arguments of the TEXT above them).
#define SHORTROWS(ld, isz, mv, st, es) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	MOVQ rows+48(FP), R11; \
	MOVQ R9, R12; \
	IMULQ $es, R12; \
	MOVQ ahead+56(FP), R15; \
	MOVQ R15, R14; \
	IMULQ CX, R14; \
	IMULQ $isz, R14; \
	IMULQ R12, R15; \
row: \
	CMPQ R11, ahead+56(FP); \
	JLE  rowgo; \
	LEAQ (BX)(R14*1), DX; \
	LEAQ (SI)(R15*1), R13; \
	XORQ R10, R10; \
pf: \
	ld   (DX)(R10*isz), AX; \
	PREFETCHT0 (R13)(AX*es); \
	INCQ R10; \
	CMPQ R10, CX; \
	JNE  pf; \
rowgo: \
	XORQ R10, R10; \
elem: \
	ld   (BX)(R10*isz), AX; \
	CMPQ AX, R9; \
	JAE  wrap; \
back: \
	mv   (SI)(AX*es), DX; \
	st   DX, (DI)(R10*es); \
	INCQ R10; \
	CMPQ R10, CX; \
	JNE  elem; \
	ADDQ R12, SI; \
	LEAQ (DI)(CX*es), DI; \
	LEAQ (BX)(CX*isz), BX; \
	DECQ R11; \
	JNZ  row; \
	MOVQ rows+48(FP), AX; \
	IMULQ CX, AX; \
	MOVQ AX, ret+64(FP); \
	RET; \
wrap: \
	TESTQ AX, AX; \
	JNS  bad; \
	ADDQ R8, AX; \
	CMPQ AX, R9; \
	JB   back; \
bad: \
	MOVQ rows+48(FP), AX; \
	SUBQ R11, AX; \
	IMULQ CX, AX; \
	ADDQ R10, AX; \
	MOVQ AX, ret+64(FP); \
	RET

// func short1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int
TEXT ·short1I32(SB), NOSPLIT, $0-72
	SHORTROWS(MOVLQSX, 4, MOVBLZX, MOVB, 1)

// func short1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int
TEXT ·short1I64(SB), NOSPLIT, $0-72
	SHORTROWS(MOVQ, 8, MOVBLZX, MOVB, 1)

// func short2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int
TEXT ·short2I32(SB), NOSPLIT, $0-72
	SHORTROWS(MOVLQSX, 4, MOVWLZX, MOVW, 2)

// func short2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int
TEXT ·short2I64(SB), NOSPLIT, $0-72
	SHORTROWS(MOVQ, 8, MOVWLZX, MOVW, 2)

// func short4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int
TEXT ·short4I32(SB), NOSPLIT, $0-72
	SHORTROWS(MOVLQSX, 4, MOVL, MOVL, 4)

// func short4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int
TEXT ·short4I64(SB), NOSPLIT, $0-72
	SHORTROWS(MOVQ, 8, MOVL, MOVL, 4)

// func short8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int
TEXT ·short8I32(SB), NOSPLIT, $0-72
	SHORTROWS(MOVLQSX, 4, MOVQ, MOVQ, 8)

// func short8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int
TEXT ·short8I64(SB), NOSPLIT, $0-72
	SHORTROWS(MOVQ, 8, MOVQ, MOVQ, 8)
