//go:build amd64 && !purego

#include "textflag.h"

// func reverse32(dst, srcEnd *byte, n int, mask *[32]byte)
//
// Two blocks per step, then one: VPSHUFB reverses the elements of each
// 16-byte lane, VPERMQ $0x4E swaps the lanes.
TEXT ·reverse32(SB), NOSPLIT, $0-32
	MOVQ    dst+0(FP), DI
	MOVQ    srcEnd+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVQ    mask+24(FP), AX
	VMOVDQU (AX), Y2
	CMPQ    CX, $2
	JB      one

two:
	VMOVDQU -32(SI), Y0
	VMOVDQU -64(SI), Y1
	VPSHUFB Y2, Y0, Y0
	VPSHUFB Y2, Y1, Y1
	VPERMQ  $0x4E, Y0, Y0
	VPERMQ  $0x4E, Y1, Y1
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	SUBQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $2, CX
	CMPQ    CX, $2
	JAE     two

one:
	TESTQ   CX, CX
	JZ      done
	VMOVDQU -32(SI), Y0
	VPSHUFB Y2, Y0, Y0
	VPERMQ  $0x4E, Y0, Y0
	VMOVDQU Y0, (DI)

done:
	VZEROUPPER
	RET

// func reverse32nt(dst, srcEnd *byte, n int, mask *[32]byte)
//
// reverse32 with non-temporal stores (VMOVNTDQ: dst must be 32-byte
// aligned); the caller fences.
TEXT ·reverse32nt(SB), NOSPLIT, $0-32
	MOVQ    dst+0(FP), DI
	MOVQ    srcEnd+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVQ    mask+24(FP), AX
	VMOVDQU (AX), Y2
	CMPQ    CX, $2
	JB      one

two:
	VMOVDQU  -32(SI), Y0
	VMOVDQU  -64(SI), Y1
	VPSHUFB  Y2, Y0, Y0
	VPSHUFB  Y2, Y1, Y1
	VPERMQ   $0x4E, Y0, Y0
	VPERMQ   $0x4E, Y1, Y1
	VMOVNTDQ Y0, (DI)
	VMOVNTDQ Y1, 32(DI)
	SUBQ     $64, SI
	ADDQ     $64, DI
	SUBQ     $2, CX
	CMPQ     CX, $2
	JAE      two

one:
	TESTQ    CX, CX
	JZ       done
	VMOVDQU  -32(SI), Y0
	VPSHUFB  Y2, Y0, Y0
	VPERMQ   $0x4E, Y0, Y0
	VMOVNTDQ Y0, (DI)

done:
	VZEROUPPER
	RET

// func reverse32ntUp(dstEnd, src *byte, n int, mask *[32]byte)
//
// reverse32nt reading src upwards: block k of src, from src on, goes
// reversed to the block that ends 32k bytes before dstEnd (32-byte
// aligned); the caller fences.
TEXT ·reverse32ntUp(SB), NOSPLIT, $0-32
	MOVQ    dstEnd+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVQ    mask+24(FP), AX
	VMOVDQU (AX), Y2
	CMPQ    CX, $2
	JB      upone

uptwo:
	VMOVDQU  (SI), Y0
	VMOVDQU  32(SI), Y1
	VPSHUFB  Y2, Y0, Y0
	VPSHUFB  Y2, Y1, Y1
	VPERMQ   $0x4E, Y0, Y0
	VPERMQ   $0x4E, Y1, Y1
	VMOVNTDQ Y0, -32(DI)
	VMOVNTDQ Y1, -64(DI)
	ADDQ     $64, SI
	SUBQ     $64, DI
	SUBQ     $2, CX
	CMPQ     CX, $2
	JAE      uptwo

upone:
	TESTQ    CX, CX
	JZ       updone
	VMOVDQU  (SI), Y0
	VPSHUFB  Y2, Y0, Y0
	VPERMQ   $0x4E, Y0, Y0
	VMOVNTDQ Y0, -32(DI)

updone:
	VZEROUPPER
	RET

// func copyDownNT(dst, src *byte, n int)
//
// Copies n bytes (a multiple of 128) from src to dst, 128 bytes per step
// from the end down, with non-temporal stores (dst 32-byte aligned); the
// caller fences.
TEXT ·copyDownNT(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	ADDQ CX, DI
	ADDQ CX, SI
	TESTQ CX, CX
	JZ   cdone

cloop:
	VMOVDQU  -32(SI), Y0
	VMOVDQU  -64(SI), Y1
	VMOVDQU  -96(SI), Y2
	VMOVDQU  -128(SI), Y3
	VMOVNTDQ Y0, -32(DI)
	VMOVNTDQ Y1, -64(DI)
	VMOVNTDQ Y2, -96(DI)
	VMOVNTDQ Y3, -128(DI)
	SUBQ     $128, SI
	SUBQ     $128, DI
	SUBQ     $128, CX
	JNZ      cloop
	VZEROUPPER

cdone:
	RET

// func Fence()
TEXT ·Fence(SB), NOSPLIT, $0-0
	SFENCE
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv0() uint32
TEXT ·xgetbv0(SB), NOSPLIT, $0-4
	MOVL   $0, CX
	XGETBV
	MOVL   AX, ret+0(FP)
	RET
