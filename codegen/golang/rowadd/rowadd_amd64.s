//go:build amd64 && !purego

#include "textflag.h"

// func addF32(dst, src *float32, n int)
//
// Eight floats per step, then four, then one at a time. ADDPS X2, X0 is
// X0 = X0 + X2 with X0 (the destination row) as the first operand, so a
// NaN result is the destination's NaN when it has one (SSE's rule).
TEXT ·addF32(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	CMPQ CX, $8
	JB   four

eight:
	MOVUPS (DI), X0
	MOVUPS 16(DI), X1
	MOVUPS (SI), X2
	MOVUPS 16(SI), X3
	ADDPS  X2, X0
	ADDPS  X3, X1
	MOVUPS X0, (DI)
	MOVUPS X1, 16(DI)
	ADDQ   $32, DI
	ADDQ   $32, SI
	SUBQ   $8, CX
	CMPQ   CX, $8
	JAE    eight

four:
	CMPQ   CX, $4
	JB     tail
	MOVUPS (DI), X0
	MOVUPS (SI), X2
	ADDPS  X2, X0
	MOVUPS X0, (DI)
	ADDQ   $16, DI
	ADDQ   $16, SI
	SUBQ   $4, CX

tail:
	TESTQ CX, CX
	JZ    done

one:
	MOVSS (DI), X0
	MOVSS (SI), X2
	ADDSS X2, X0
	MOVSS X0, (DI)
	ADDQ  $4, DI
	ADDQ  $4, SI
	DECQ  CX
	JNZ   one

done:
	RET
