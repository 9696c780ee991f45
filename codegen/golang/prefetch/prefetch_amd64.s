//go:build amd64 && !purego

#include "textflag.h"

// IDS is the loop of IDs64 and IDs32 (load: MOVQ or MOVLQSX of the
// index, width: its bytes): the index wrapped branch-free (plus size
// where its sign is set), times rowBytes, prefetched from p. The macro
// comes before the TEXTs (go vet reads the FP names in its lines as the
// arguments of the TEXT above them).
#define IDS(load, width) \
	MOVQ  p+0(FP), AX; \
	MOVQ  ids_base+8(FP), SI; \
	MOVQ  ids_len+16(FP), CX; \
	MOVQ  size+32(FP), R9; \
	MOVQ  rowBytes+40(FP), DX; \
	TESTQ CX, CX; \
	JZ    idsdone; \
ids: \
	load       (SI), R8; \
	MOVQ       R8, R10; \
	SARQ       $63, R10; \
	ANDQ       R9, R10; \
	ADDQ       R10, R8; \
	IMULQ      DX, R8; \
	PREFETCHT0 (AX)(R8*1); \
	ADDQ       $width, SI; \
	DECQ       CX; \
	JNZ        ids; \
idsdone: \
	RET

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

// func IDs64(p unsafe.Pointer, ids []int64, size, rowBytes int)
TEXT ·IDs64(SB), NOSPLIT, $0-48
	IDS(MOVQ, 8)

// func IDs32(p unsafe.Pointer, ids []int32, size, rowBytes int)
TEXT ·IDs32(SB), NOSPLIT, $0-48
	IDS(MOVLQSX, 4)

// func Span(p unsafe.Pointer, n int)
TEXT ·Span(SB), NOSPLIT, $0-16
	MOVQ  p+0(FP), AX
	MOVQ  n+8(FP), CX
	TESTQ CX, CX
	JLE   spandone
	LEAQ  (AX)(CX*1), CX

span:
	PREFETCHT0 (AX)
	ADDQ       $64, AX
	CMPQ       AX, CX
	JB         span

spandone:
	RET
