//go:build amd64 && !purego

#include "textflag.h"

// func Line(p unsafe.Pointer)
TEXT ·Line(SB), NOSPLIT, $0-8
	MOVQ       p+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func Elems(p unsafe.Pointer, idx []int, es int)
TEXT ·Elems(SB), NOSPLIT, $0-40
	MOVQ  p+0(FP), AX
	MOVQ  idx_base+8(FP), SI
	MOVQ  idx_len+16(FP), CX
	MOVQ  es+32(FP), DX
	TESTQ CX, CX
	JZ    elemsdone

elems:
	MOVQ       (SI), R8
	IMULQ      DX, R8
	PREFETCHT0 (AX)(R8*1)
	ADDQ       $8, SI
	DECQ       CX
	JNZ        elems

elemsdone:
	RET
