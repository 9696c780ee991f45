//go:build amd64 && !purego

#include "textflag.h"

// lanes<> is 0, 1, ..., 7: the column of each lane of a step of Cols.
DATA lanes<>+0(SB)/4, $0
DATA lanes<>+4(SB)/4, $1
DATA lanes<>+8(SB)/4, $2
DATA lanes<>+12(SB)/4, $3
DATA lanes<>+16(SB)/4, $4
DATA lanes<>+20(SB)/4, $5
DATA lanes<>+24(SB)/4, $6
DATA lanes<>+28(SB)/4, $7
GLOBL lanes<>(SB), RODATA|NOPTR, $32

// The macros come before every TEXT (go vet reads the FP names in their
// lines as the arguments of the TEXT above them).

// Every loop keeps: DI dst, SI src (moved on by R11 bytes per step: eight
// columns of Cols, nothing for Row), BX idx, CX n, AX the position, DX the
// position after the step; Y12 the stride and Y13 each lane's column
// (lane*col) as dwords. Every move into a vector register is VEX-encoded
// (VMOVQ): a legacy-SSE MOVQ into an XMM register once a YMM register had
// been written cost about 330 ns per call on the 2-core EPYC VM (an
// SSE/AVX transition), more than a 64-index row takes.
#define ARGS(shift) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	MOVQ stride+48(FP), R10; \
	MOVQ col+56(FP), R11; \
	VMOVQ R10, X12; \
	VPBROADCASTD X12, Y12; \
	VMOVQ R11, X13; \
	VPBROADCASTD X13, Y13; \
	VPMULLD lanes<>(SB), Y13, Y13; \
	SHLQ $shift, R11; \
	XORQ AX, AX

// CONST32 sets Y8 to the mask (what a negative index gains) and Y9 to
// size-1, as dwords (size < 2^31).
#define CONST32 \
	VMOVQ R8, X8; \
	VPBROADCASTD X8, Y8; \
	DECQ R9; \
	VMOVQ R9, X9; \
	VPBROADCASTD X9, Y9

// LOAD32 loads the step's eight int32 indices into Y0 and wraps them (the
// mask added where the sign bit is set); unless all eight are now in
// [0, size) (unsigned: at most size-1) it leaves the loop.
#define LOAD32 \
	VMOVDQU (BX)(AX*4), Y0; \
	VPSRAD $31, Y0, Y1; \
	VPAND Y8, Y1, Y1; \
	VPADDD Y1, Y0, Y0; \
	VPMINUD Y9, Y0, Y2; \
	VPCMPEQD Y2, Y0, Y2; \
	VMOVMSKPS Y2, R12; \
	CMPL R12, $0xff; \
	JNE done

// LOAD64 loads the step's eight int64 indices (Y0, Y4), splits their low
// and high dwords (Y5, Y6: in the order 0 1 4 5 2 3 6 7), tests that each
// index fits in 32 bits (its high dword is its low dword's sign), wraps
// and range-tests the low dwords as LOAD32 does, leaves the loop unless
// all eight pass, and puts the positions into Y0 in order.
#define LOAD64 \
	VMOVDQU (BX)(AX*8), Y0; \
	VMOVDQU 32(BX)(AX*8), Y4; \
	VSHUFPS $0x88, Y4, Y0, Y5; \
	VSHUFPS $0xDD, Y4, Y0, Y6; \
	VPSRAD $31, Y5, Y7; \
	VPCMPEQD Y7, Y6, Y7; \
	VPSRAD $31, Y5, Y1; \
	VPAND Y8, Y1, Y1; \
	VPADDD Y1, Y5, Y0; \
	VPMINUD Y9, Y0, Y2; \
	VPCMPEQD Y2, Y0, Y2; \
	VPAND Y7, Y2, Y2; \
	VMOVMSKPS Y2, R12; \
	CMPL R12, $0xff; \
	JNE done; \
	VPERMQ $0xD8, Y0, Y0

// OFFSETS turns the positions in Y0 into element offsets from SI:
// w*stride + lane*col.
#define OFFSETS \
	VPMULLD Y12, Y0, Y0; \
	VPADDD Y13, Y0, Y0

// GATHER4 reads the eight 4-byte elements at the offsets in Y0 and
// stores them at dst[AX:].
#define GATHER4 \
	VPCMPEQD Y2, Y2, Y2; \
	VPGATHERDD Y2, (SI)(Y0*4), Y3; \
	VMOVDQU Y3, (DI)(AX*4)

// GATHER8 reads the eight 8-byte elements at the offsets in Y0, four per
// VPGATHERDQ, and stores them at dst[AX:].
#define GATHER8 \
	VPCMPEQD Y2, Y2, Y2; \
	VPGATHERDQ Y2, (SI)(X0*8), Y3; \
	VEXTRACTI128 $1, Y0, X5; \
	VPCMPEQD Y6, Y6, Y6; \
	VPGATHERDQ Y6, (SI)(X5*8), Y7; \
	VMOVDQU Y3, (DI)(AX*8); \
	VMOVDQU Y7, 32(DI)(AX*8)

// GATHER2 reads the eight 2-byte elements at the offsets in Y0 and stores
// them at dst[AX:]. VPGATHERDD reads 4 bytes from each offset o, the
// offset clamped to Y14 (len(src)-2, so no read passes src's end): the
// element is the low half at o, or the high half when the clamp moved o
// down by one (the last element). The halves are shifted into place,
// masked to 16 bits (Y15) and packed to words.
#define GATHER2 \
	VPMINUD Y14, Y0, Y1; \
	VPSUBD Y1, Y0, Y2; \
	VPSLLD $4, Y2, Y2; \
	VPCMPEQD Y3, Y3, Y3; \
	VPGATHERDD Y3, (SI)(Y1*2), Y4; \
	VPSRLVD Y2, Y4, Y4; \
	VPAND Y15, Y4, Y4; \
	VPACKUSDW Y4, Y4, Y4; \
	VPERMQ $0x08, Y4, Y4; \
	VMOVDQU X4, (DI)(AX*2)

// GATHER1 is GATHER2 for 1-byte elements: 4 bytes read at each element
// (at most at len(src)-4, Y14), the byte shifted down, masked (Y15),
// packed to words and bytes, and the two lanes' eight bytes joined.
#define GATHER1 \
	VPMINUD Y14, Y0, Y1; \
	VPSUBD Y1, Y0, Y2; \
	VPSLLD $3, Y2, Y2; \
	VPCMPEQD Y3, Y3, Y3; \
	VPGATHERDD Y3, (SI)(Y1*1), Y4; \
	VPSRLVD Y2, Y4, Y4; \
	VPAND Y15, Y4, Y4; \
	VPACKUSDW Y4, Y4, Y4; \
	VPACKUSWB Y4, Y4, Y4; \
	VEXTRACTI128 $1, Y4, X5; \
	VPUNPCKLDQ X5, X4, X4; \
	VMOVQ X4, (DI)(AX*1)

// CONST1 loads the last argument (len(src)-4, at most 2^31-1) into Y14
// and the 8-bit mask into Y15.
#define CONST1 \
	MOVQ last+64(FP), R12; \
	VMOVQ R12, X14; \
	VPBROADCASTD X14, Y14; \
	MOVQ $0xff, R12; \
	VMOVQ R12, X15; \
	VPBROADCASTD X15, Y15

// CONST2 loads the last argument (len(src)-2, at most 2^31-1) into Y14
// and the 16-bit mask into Y15.
#define CONST2 \
	MOVQ last+64(FP), R12; \
	VMOVQ R12, X14; \
	VPBROADCASTD X14, Y14; \
	MOVQ $0xffff, R12; \
	VMOVQ R12, X15; \
	VPBROADCASTD X15, Y15

// LOOP runs steps of eight while eight are left (offsets: OFFSETS for
// Cols, nothing for Row, whose positions are the offsets); done returns
// the position reached.
#define LOOP(load, offsets, gather, ret) \
loop: \
	LEAQ 8(AX), DX; \
	CMPQ DX, CX; \
	JA   done; \
	load; \
	offsets; \
	gather; \
	ADDQ R11, SI; \
	MOVQ DX, AX; \
	JMP  loop; \
done: \
	VZEROUPPER; \
	MOVQ AX, ret; \
	RET

#define NONE

// func gather4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·gather4I32(SB), NOSPLIT, $0-80
	ARGS(5)
	CONST32
	LOOP(LOAD32, OFFSETS, GATHER4, ret+72(FP))

// func gather4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·gather4I64(SB), NOSPLIT, $0-80
	ARGS(5)
	CONST32
	LOOP(LOAD64, OFFSETS, GATHER4, ret+72(FP))

// func gather8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·gather8I32(SB), NOSPLIT, $0-80
	ARGS(6)
	CONST32
	LOOP(LOAD32, OFFSETS, GATHER8, ret+72(FP))

// func gather8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·gather8I64(SB), NOSPLIT, $0-80
	ARGS(6)
	CONST32
	LOOP(LOAD64, OFFSETS, GATHER8, ret+72(FP))

// The Row forms (stride 1, col 0): the positions are the offsets.

// func row4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·row4I32(SB), NOSPLIT, $0-80
	ARGS(5)
	CONST32
	LOOP(LOAD32, NONE, GATHER4, ret+72(FP))

// func row4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·row4I64(SB), NOSPLIT, $0-80
	ARGS(5)
	CONST32
	LOOP(LOAD64, NONE, GATHER4, ret+72(FP))

// func row8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·row8I32(SB), NOSPLIT, $0-80
	ARGS(6)
	CONST32
	LOOP(LOAD32, NONE, GATHER8, ret+72(FP))

// func row8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·row8I64(SB), NOSPLIT, $0-80
	ARGS(6)
	CONST32
	LOOP(LOAD64, NONE, GATHER8, ret+72(FP))

// The 2-byte forms (f16, bf16, int16, uint16) read their last argument,
// len(src)-2 (see GATHER2); the 4- and 8-byte forms ignore it.

// func gather2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·gather2I32(SB), NOSPLIT, $0-80
	ARGS(4)
	CONST32
	CONST2
	LOOP(LOAD32, OFFSETS, GATHER2, ret+72(FP))

// func gather2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·gather2I64(SB), NOSPLIT, $0-80
	ARGS(4)
	CONST32
	CONST2
	LOOP(LOAD64, OFFSETS, GATHER2, ret+72(FP))

// func row2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·row2I32(SB), NOSPLIT, $0-80
	ARGS(4)
	CONST32
	CONST2
	LOOP(LOAD32, NONE, GATHER2, ret+72(FP))

// func row2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·row2I64(SB), NOSPLIT, $0-80
	ARGS(4)
	CONST32
	CONST2
	LOOP(LOAD64, NONE, GATHER2, ret+72(FP))

// The 1-byte forms (int8, uint8, bool): last = len(src)-4 (see GATHER1).

// func gather1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·gather1I32(SB), NOSPLIT, $0-80
	ARGS(3)
	CONST32
	CONST1
	LOOP(LOAD32, OFFSETS, GATHER1, ret+72(FP))

// func gather1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·gather1I64(SB), NOSPLIT, $0-80
	ARGS(3)
	CONST32
	CONST1
	LOOP(LOAD64, OFFSETS, GATHER1, ret+72(FP))

// func row1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col, last int) int
TEXT ·row1I32(SB), NOSPLIT, $0-80
	ARGS(3)
	CONST32
	CONST1
	LOOP(LOAD32, NONE, GATHER1, ret+72(FP))

// func row1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col, last int) int
TEXT ·row1I64(SB), NOSPLIT, $0-80
	ARGS(3)
	CONST32
	CONST1
	LOOP(LOAD64, NONE, GATHER1, ret+72(FP))

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
