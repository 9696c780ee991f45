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

// UP32(store) is the loop of reverse32ntUp (VMOVNTDQ) and reverse32up
// (VMOVDQU): with DI at dstEnd, SI at src, CX blocks and AX the mask,
// two 32-byte blocks per step read upwards, shuffled within their lanes
// by the mask, lane-swapped and stored downwards from dstEnd, then one.
#define UP32(store) \
	VMOVDQU (AX), Y2; \
	CMPQ    CX, $2; \
	JB      one; \
two: \
	VMOVDQU (SI), Y0; \
	VMOVDQU 32(SI), Y1; \
	VPSHUFB Y2, Y0, Y0; \
	VPSHUFB Y2, Y1, Y1; \
	VPERMQ  $0x4E, Y0, Y0; \
	VPERMQ  $0x4E, Y1, Y1; \
	store   Y0, -32(DI); \
	store   Y1, -64(DI); \
	ADDQ    $64, SI; \
	SUBQ    $64, DI; \
	SUBQ    $2, CX; \
	CMPQ    CX, $2; \
	JAE     two; \
one: \
	TESTQ   CX, CX; \
	JZ      done; \
	VMOVDQU (SI), Y0; \
	VPSHUFB Y2, Y0, Y0; \
	VPERMQ  $0x4E, Y0, Y0; \
	store   Y0, -32(DI); \
done: \
	VZEROUPPER; \
	RET

// func reverse32ntUp(dstEnd, src *byte, n int, mask *[32]byte)
//
// reverse32nt reading src upwards: block k of src, from src on, goes
// reversed to the block that ends 32k bytes before dstEnd (32-byte
// aligned); the caller fences.
TEXT ·reverse32ntUp(SB), NOSPLIT, $0-32
	MOVQ dstEnd+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ mask+24(FP), AX
	UP32(VMOVNTDQ)

// LOADMASKS loads the nine 16-byte masks at AX into X7..X15.
#define LOADMASKS \
	VMOVDQU 0(AX), X7 \
	VMOVDQU 16(AX), X8 \
	VMOVDQU 32(AX), X9 \
	VMOVDQU 48(AX), X10 \
	VMOVDQU 64(AX), X11 \
	VMOVDQU 80(AX), X12 \
	VMOVDQU 96(AX), X13 \
	VMOVDQU 112(AX), X14 \
	VMOVDQU 128(AX), X15

// SHUF48 reverses the 48-byte group X0, X1, X2 (low to high) into X3,
// X4, X5: output vector o is the OR of the three inputs shuffled by
// masks 3o, 3o+1 and 3o+2 (X6 a temporary).
#define SHUF48 \
	VPSHUFB X7, X0, X3 \
	VPSHUFB X8, X1, X6 \
	VPOR    X6, X3, X3 \
	VPSHUFB X9, X2, X6 \
	VPOR    X6, X3, X3 \
	VPSHUFB X10, X0, X4 \
	VPSHUFB X11, X1, X6 \
	VPOR    X6, X4, X4 \
	VPSHUFB X12, X2, X6 \
	VPOR    X6, X4, X4 \
	VPSHUFB X13, X0, X5 \
	VPSHUFB X14, X1, X6 \
	VPOR    X6, X5, X5 \
	VPSHUFB X15, X2, X6 \
	VPOR    X6, X5, X5

// UP48(store) is the loop of reverse48ntUp (VMOVNTDQ) and reverse48up
// (VMOVDQU): with DI at dstEnd, SI at src, CX groups and AX the masks,
// one 48-byte group per step read upwards, reversed by SHUF48 and stored
// downwards from dstEnd.
#define UP48(store) \
	LOADMASKS; \
	TESTQ CX, CX; \
	JZ    done; \
loop: \
	VMOVDQU (SI), X0; \
	VMOVDQU 16(SI), X1; \
	VMOVDQU 32(SI), X2; \
	SHUF48; \
	store   X3, -48(DI); \
	store   X4, -32(DI); \
	store   X5, -16(DI); \
	ADDQ    $48, SI; \
	SUBQ    $48, DI; \
	DECQ    CX; \
	JNZ     loop; \
done: \
	RET

// DOWN48(store) is the loop of reverse48 (VMOVDQU) and reverse48nt
// (VMOVNTDQ): with DI at dst, SI at srcEnd, CX groups and AX the masks,
// one 48-byte group per step read downwards from srcEnd, reversed by
// SHUF48 and stored upwards at dst.
#define DOWN48(store) \
	LOADMASKS; \
	TESTQ CX, CX; \
	JZ    done; \
loop: \
	VMOVDQU -48(SI), X0; \
	VMOVDQU -32(SI), X1; \
	VMOVDQU -16(SI), X2; \
	SHUF48; \
	store   X3, (DI); \
	store   X4, 16(DI); \
	store   X5, 32(DI); \
	SUBQ    $48, SI; \
	ADDQ    $48, DI; \
	DECQ    CX; \
	JNZ     loop; \
done: \
	RET

// func reverse48(dst, srcEnd *byte, n int, masks *[9][16]byte)
//
// One 48-byte group per step: three 16-byte loads below srcEnd, SHUF48,
// three 16-byte stores at dst.
TEXT ·reverse48(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ srcEnd+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ masks+24(FP), AX
	DOWN48(VMOVDQU)

// func reverse48nt(dst, srcEnd *byte, n int, masks *[9][16]byte)
//
// reverse48 with non-temporal stores (VMOVNTDQ: dst 16-byte aligned);
// the caller fences.
TEXT ·reverse48nt(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ srcEnd+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ masks+24(FP), AX
	DOWN48(VMOVNTDQ)

// func reverse48ntUp(dstEnd, src *byte, n int, masks *[9][16]byte)
//
// reverse48nt reading src upwards: group k of src, from src on, goes
// reversed to the group that ends 48k bytes before dstEnd (16-byte
// aligned); the caller fences.
TEXT ·reverse48ntUp(SB), NOSPLIT, $0-32
	MOVQ dstEnd+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ masks+24(FP), AX
	UP48(VMOVNTDQ)

// func reverse32up(dstEnd, src *byte, n int, mask *[32]byte)
//
// reverse32 reading src upwards: block k of src, from src on, goes
// reversed to the block that ends 32k bytes before dstEnd.
TEXT ·reverse32up(SB), NOSPLIT, $0-32
	MOVQ dstEnd+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ mask+24(FP), AX
	UP32(VMOVDQU)

// func reverse48up(dstEnd, src *byte, n int, masks *[9][16]byte)
//
// reverse48 reading src upwards: group k of src, from src on, goes
// reversed to the group that ends 48k bytes before dstEnd.
TEXT ·reverse48up(SB), NOSPLIT, $0-32
	MOVQ dstEnd+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ masks+24(FP), AX
	UP48(VMOVDQU)

// func reverse48rowsUp(dst, src *byte, rows, rowBytes, ng int, masks *[9][16]byte)
//
// reverse48up for each of rows rows of rowBytes bytes (ng >= 1 whole
// groups each) that follow each other in dst and in src; a row with a
// remainder after its ng groups ends with one more group, the first 48
// bytes of the row of dst from the last 48 of the row of src.
TEXT ·reverse48rowsUp(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), BX
	MOVQ rowBytes+24(FP), DX
	MOVQ ng+32(FP), R10
	MOVQ masks+40(FP), AX
	LOADMASKS
	TESTQ BX, BX
	JZ   rdone

rrow:
	LEAQ (DI)(DX*1), R8
	MOVQ SI, R9
	MOVQ R10, CX

rgroup:
	VMOVDQU (R9), X0
	VMOVDQU 16(R9), X1
	VMOVDQU 32(R9), X2
	SHUF48
	VMOVDQU X3, -48(R8)
	VMOVDQU X4, -32(R8)
	VMOVDQU X5, -16(R8)
	ADDQ    $48, R9
	SUBQ    $48, R8
	DECQ    CX
	JNZ     rgroup
	CMPQ    R8, DI
	JEQ     rnext
	LEAQ    -48(SI)(DX*1), R9
	VMOVDQU (R9), X0
	VMOVDQU 16(R9), X1
	VMOVDQU 32(R9), X2
	SHUF48
	VMOVDQU X3, (DI)
	VMOVDQU X4, 16(DI)
	VMOVDQU X5, 32(DI)

rnext:
	ADDQ DX, DI
	ADDQ DX, SI
	DECQ BX
	JNZ  rrow

rdone:
	RET

// func reverse32rowsUp(dst, src *byte, rows, rowBytes, nb int, mask *[32]byte)
//
// reverse32up for each of rows rows of rowBytes bytes (nb >= 1 whole
// 32-byte blocks each) that follow each other in dst and in src; a row
// with a remainder after its nb blocks ends with one more block, the
// first 32 bytes of the row of dst from the last 32 of the row of src.
TEXT ·reverse32rowsUp(SB), NOSPLIT, $0-48
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    rows+16(FP), BX
	MOVQ    rowBytes+24(FP), DX
	MOVQ    nb+32(FP), R10
	MOVQ    mask+40(FP), AX
	VMOVDQU (AX), Y2
	TESTQ   BX, BX
	JZ      qdone

qrow:
	LEAQ (DI)(DX*1), R8
	MOVQ SI, R9
	MOVQ R10, CX

qblock:
	VMOVDQU (R9), Y0
	VPSHUFB Y2, Y0, Y0
	VPERMQ  $0x4E, Y0, Y0
	VMOVDQU Y0, -32(R8)
	ADDQ    $32, R9
	SUBQ    $32, R8
	DECQ    CX
	JNZ     qblock
	CMPQ    R8, DI
	JEQ     qnext
	LEAQ    -32(SI)(DX*1), R9
	VMOVDQU (R9), Y0
	VPSHUFB Y2, Y0, Y0
	VPERMQ  $0x4E, Y0, Y0
	VMOVDQU Y0, (DI)

qnext:
	ADDQ DX, DI
	ADDQ DX, SI
	DECQ BX
	JNZ  qrow

qdone:
	VZEROUPPER
	RET

// func reverse32packed(dst, src *byte, n, step int, masks *[2][32]byte)
//
// Each 32-byte vector: VPSHUFB by masks[0] picks the bytes that stay in
// their 16-byte lane, VPSHUFB by masks[1] of the vector with its lanes
// swapped (VPERMQ) those that cross, VPOR joins them. Two vectors per
// step, stored in order: each store's bytes past step are rewritten by
// the next.
TEXT ·reverse32packed(SB), NOSPLIT, $0-40
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVQ    step+24(FP), DX
	MOVQ    masks+32(FP), AX
	VMOVDQU (AX), Y4
	VMOVDQU 32(AX), Y5
	CMPQ    CX, $2
	JB      pone

ptwo:
	VMOVDQU (SI), Y0
	VMOVDQU (SI)(DX*1), Y2
	VPERMQ  $0x4E, Y0, Y1
	VPERMQ  $0x4E, Y2, Y3
	VPSHUFB Y4, Y0, Y0
	VPSHUFB Y5, Y1, Y1
	VPSHUFB Y4, Y2, Y2
	VPSHUFB Y5, Y3, Y3
	VPOR    Y1, Y0, Y0
	VPOR    Y3, Y2, Y2
	VMOVDQU Y0, (DI)
	VMOVDQU Y2, (DI)(DX*1)
	LEAQ    (SI)(DX*2), SI
	LEAQ    (DI)(DX*2), DI
	SUBQ    $2, CX
	CMPQ    CX, $2
	JAE     ptwo

pone:
	TESTQ   CX, CX
	JZ      pdone
	VMOVDQU (SI), Y0
	VPERMQ  $0x4E, Y0, Y1
	VPSHUFB Y4, Y0, Y0
	VPSHUFB Y5, Y1, Y1
	VPOR    Y1, Y0, Y0
	VMOVDQU Y0, (DI)

pdone:
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

// REV192CHUNK(k, off, klo, khi, ctrl) is output chunk k of a 192-byte
// block: the 128 bytes from off past the source block's start (SI),
// loaded masked by klo and khi to the bytes the chunk reads, permuted by
// the controls in ctrl (VPERMI2B) and stored at 64k past DI.
#define REV192CHUNK(k, off, klo, khi, ctrl) \
	VMOVDQU8.Z  (SI)(off*1), klo, Z0; \
	VMOVDQU8.Z  64(SI)(off*1), khi, Z1; \
	VMOVDQA64   ctrl, Z2; \
	VPERMI2B    Z1, Z0, Z2; \
	VMOVDQU64   Z2, (64*k)(DI)

// REV192PLAN loads the plan at AX: the three chunks' controls into
// Z10-Z12, their offsets into R10-R12 and their load masks into K1-K6.
#define REV192PLAN \
	VMOVDQU64 0(AX), Z10; \
	VMOVDQU64 64(AX), Z11; \
	VMOVDQU64 128(AX), Z12; \
	MOVQ 192(AX), R10; \
	MOVQ 200(AX), R11; \
	MOVQ 208(AX), R12; \
	KMOVQ 216(AX), K1; \
	KMOVQ 224(AX), K2; \
	KMOVQ 232(AX), K3; \
	KMOVQ 240(AX), K4; \
	KMOVQ 248(AX), K5; \
	KMOVQ 256(AX), K6

// REV192LOOP(down, up) is the loop of reverse192 and reverse192up: with
// DI at dst, SI at src, CX blocks and AX the plan, the register down (SI
// or DI: the side read or written downwards) moves to the block's start,
// the three chunks move, and the register up moves to the next block.
#define REV192LOOP(down, up) \
	REV192PLAN; \
	TESTQ CX, CX; \
	JZ    done; \
loop: \
	SUBQ  $192, down; \
	REV192CHUNK(0, R10, K1, K4, Z10); \
	REV192CHUNK(1, R11, K2, K5, Z11); \
	REV192CHUNK(2, R12, K3, K6, Z12); \
	ADDQ  $192, up; \
	DECQ CX; \
	JNZ  loop; \
done: \
	VZEROUPPER; \
	RET

// func reverse192(dst, srcEnd *byte, n int, p *block192)
//
// n 192-byte blocks of 3-, 6-, 12- or 24-byte elements, reversed: block
// b of dst from the source block that ends 192b bytes before srcEnd
// (read downwards), by p's three chunks (controls in Z10-Z12, offsets in
// R10-R12, load masks in K1-K6). Every load is masked to bytes of its
// block.
TEXT ·reverse192(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ srcEnd+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ p+24(FP), AX
	REV192LOOP(SI, DI)

// func reverse192up(dstEnd, src *byte, n int, p *block192)
//
// reverse192 reading src upwards: block b of src, from src on, goes
// reversed to the block that ends 192b bytes before dstEnd.
TEXT ·reverse192up(SB), NOSPLIT, $0-32
	MOVQ dstEnd+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ p+24(FP), AX
	REV192LOOP(DI, SI)
