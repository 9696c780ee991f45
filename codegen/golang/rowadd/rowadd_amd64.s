//go:build amd64 && !purego

#include "textflag.h"

// The loops of ScatterRowsF32I64 and ScatterRowsF32I32 (ROWS, with the
// index load of each: MOVQ or MOVLQSX), one update row per step: the
// index is loaded, wrapped (plus mask where negative, branch-free) and
// tested against rows; a bad one ends the loop with its position, every
// row before it added, or with drop set is skipped. With ahead set, the
// destination row of the update AheadRows (32) later is prefetched first
// (PREFETCHT0 never faults, so that row's index is wrapped but not
// tested). The row is then added by row (ROWSSE or ROWAVX; fin ends the
// call: VZEROUPPER after AVX): four floats per ADDPS (MOVUPS of the
// destination, MOVUPS of the update, ADDPS with the destination as the
// first operand: its NaN first, as in addF32SSE), then two (MOVSD loads 8
// bytes and zeroes the rest, which add as 0 + 0 and are not stored) and
// one (ADDSS), in order, so a repeated index adds to the sum before it.
// Registers: DI dst, DX rows, R12 width, R11 width*4 (a row's bytes), SI
// idx, BX the update row, CX n, R10 mask, AX k; R8 the destination row,
// R9 and R13 scratch. The macro comes before every TEXT (go vet reads the
// FP names in its lines as the arguments of the TEXT above them).
#define ROWS(load, at, later, row, fin) \
	MOVQ dst+0(FP), DI; \
	MOVQ rows+8(FP), DX; \
	MOVQ width+16(FP), R12; \
	MOVQ idx+24(FP), SI; \
	MOVQ upd+32(FP), BX; \
	MOVQ n+40(FP), CX; \
	MOVQ mask+48(FP), R10; \
	LEAQ (R12*4), R11; \
	XORQ AX, AX; \
next: \
	CMPQ AX, CX; \
	JAE  done; \
	load at, R8; \
	MOVQ R8, R9; \
	SARQ $63, R9; \
	ANDQ R10, R9; \
	ADDQ R9, R8; \
	CMPQ R8, DX; \
	JAE  bad; \
	CMPB ahead+57(FP), $0; \
	JEQ  add; \
	LEAQ 32(AX), R9; \
	CMPQ R9, CX; \
	JAE  add; \
	load later, R9; \
	MOVQ R9, R13; \
	SARQ $63, R13; \
	ANDQ R10, R13; \
	ADDQ R13, R9; \
	IMULQ R11, R9; \
	PREFETCHT0 (DI)(R9*1); \
add: \
	IMULQ R11, R8; \
	ADDQ  DI, R8; \
	MOVQ  R12, R9; \
	MOVQ  BX, R13; \
	row; \
step: \
	ADDQ R11, BX; \
	INCQ AX; \
	JMP  next; \
bad: \
	CMPB drop+56(FP), $0; \
	JNE  step; \
done: \
	fin; \
	MOVQ AX, ret+64(FP); \
	RET


// ROWSSE adds the update row at R13 into the destination row at R8, R9
// floats: four per ADDPS, then two, then one; rows of 3 floats (points)
// with no loop or test.
#define ROWSSE \
	CMPQ   R9, $3; \
	JEQ    w3; \
four: \
	CMPQ   R9, $4; \
	JB     two; \
	MOVUPS (R8), X0; \
	MOVUPS (R13), X1; \
	ADDPS  X1, X0; \
	MOVUPS X0, (R8); \
	ADDQ   $16, R8; \
	ADDQ   $16, R13; \
	SUBQ   $4, R9; \
	JMP    four; \
two: \
	CMPQ  R9, $2; \
	JB    one; \
	MOVSD (R8), X0; \
	MOVSD (R13), X1; \
	ADDPS X1, X0; \
	MOVSD X0, (R8); \
	ADDQ  $8, R8; \
	ADDQ  $8, R13; \
	SUBQ  $2, R9; \
one: \
	TESTQ R9, R9; \
	JZ    step; \
	MOVSS (R8), X0; \
	MOVSS (R13), X1; \
	ADDSS X1, X0; \
	MOVSS X0, (R8); \
	JMP   step; \
w3: \
	MOVSD (R8), X0; \
	MOVSD (R13), X1; \
	ADDPS X1, X0; \
	MOVSD X0, (R8); \
	MOVSS 8(R8), X2; \
	MOVSS 8(R13), X3; \
	ADDSS X3, X2; \
	MOVSS X2, 8(R8)

// AVXSTEP adds n floats (8 in a YMM, 4 in an XMM register reg) of the
// update row at R13 into the destination row at R8 and moves both on.
#define AVXSTEP(reg, n) \
	VMOVUPS (R8), reg; \
	VADDPS  (R13), reg, reg; \
	VMOVUPS reg, (R8); \
	ADDQ    $(4*n), R8; \
	ADDQ    $(4*n), R13; \
	SUBQ    $n, R9

// ROWAVX is ROWSSE with AVX: eight floats per VADDPS of YMM registers,
// then four, two and one, every instruction VEX-encoded (no SSE/AVX
// transition), the destination the first operand of each add (its NaN
// first). Rows of 8, 16 and 32 floats (32-, 64- and 128-byte gradients)
// are added with no loop or test: 200000 Zipf updates of 16-float rows
// (BenchmarkScatterRows, prefetched) took 1.0 ms, against 1.5 in the
// loop and 1.8 in ROWSSE.
#define ROWAVX \
	CMPQ    R9, $16; \
	JEQ     w16; \
	CMPQ    R9, $32; \
	JEQ     w32; \
	CMPQ    R9, $8; \
	JEQ     w8; \
eight: \
	CMPQ    R9, $8; \
	JB      four; \
	AVXSTEP(Y0, 8); \
	JMP     eight; \
four: \
	CMPQ    R9, $4; \
	JB      two; \
	AVXSTEP(X0, 4); \
two: \
	CMPQ    R9, $2; \
	JB      one; \
	VMOVSD  (R8), X0; \
	VMOVSD  (R13), X1; \
	VADDPS  X1, X0, X0; \
	VMOVSD  X0, (R8); \
	ADDQ    $8, R8; \
	ADDQ    $8, R13; \
	SUBQ    $2, R9; \
one: \
	TESTQ   R9, R9; \
	JZ      step; \
	VMOVSS  (R8), X0; \
	VADDSS  (R13), X0, X0; \
	VMOVSS  X0, (R8); \
	JMP     step; \
w32: \
	VMOVUPS 96(R8), Y3; \
	VADDPS  96(R13), Y3, Y3; \
	VMOVUPS Y3, 96(R8); \
	VMOVUPS 64(R8), Y2; \
	VADDPS  64(R13), Y2, Y2; \
	VMOVUPS Y2, 64(R8); \
w16: \
	VMOVUPS 32(R8), Y1; \
	VADDPS  32(R13), Y1, Y1; \
	VMOVUPS Y1, 32(R8); \
w8: \
	VMOVUPS (R8), Y0; \
	VADDPS  (R13), Y0, Y0; \
	VMOVUPS Y0, (R8)

// The loops of ScatterRowsF32I64 and I32 for rows of 2, 3 and 4 floats
// (NARROW): four updates per step, their indices loaded, wrapped and
// range-tested first (QUAD); if one is out of range the step takes one
// update alone (which stops, or with drop skips, at a bad one) and comes
// back. With ahead set, each step first prefetches the destination rows
// of the four updates AheadRows (32) later (PF; those indices are
// wrapped, not tested: PREFETCHT0 never faults) while 36 or more remain.
// Each row is added as by ROWSSE: 8 bytes by MOVSD and ADDPS (the upper
// lanes add 0 + 0 and are not stored), 4 by ADDSS, 16 by MOVUPS and
// ADDPS, the destination first; in order, so a repeated index adds to
// the sum before it. W2, W3 and W4 add the update at off(BX) into the
// destination row whose index is in r (r is scaled in place); S2, S3
// and S4 turn an index into its row's byte offset. Against ROWS's
// per-row width tests and branches this made sw_points_scatter_add
// (3-float rows, a 120 KB table) 1.3-1.7x faster, and with ahead a
// 12 MB table of them 1.1-1.2x. Registers: DI dst, DX rows, SI idx, BX
// the step's first update row, CX n, R10 mask, AX k; R8, R11, R12 and
// R13 the step's rows, R9 scratch.
#define W2(r, off) \
	MOVSD (DI)(r*8), X0; \
	MOVSD off(BX), X1; \
	ADDPS X1, X0; \
	MOVSD X0, (DI)(r*8)

#define W3(r, off) \
	LEAQ  (r)(r*2), r; \
	MOVSD (DI)(r*4), X0; \
	MOVSD off(BX), X1; \
	ADDPS X1, X0; \
	MOVSD X0, (DI)(r*4); \
	MOVSS 8(DI)(r*4), X2; \
	ADDSS (off+8)(BX), X2; \
	MOVSS X2, 8(DI)(r*4)

#define W4(r, off) \
	SHLQ   $4, r; \
	MOVUPS (DI)(r*1), X0; \
	MOVUPS off(BX), X1; \
	ADDPS  X1, X0; \
	MOVUPS X0, (DI)(r*1)

#define WRAP(r) \
	MOVQ r, R9; \
	SARQ $63, R9; \
	ANDQ R10, R9; \
	ADDQ R9, r

// QUAD loads, wraps and range-tests a step's four indices into R8, R11,
// R12 and R13, and goes to bad if one is out of range.
#define QUAD(load, sz, bad) \
	load (SI)(AX*sz), R8; \
	WRAP(R8); \
	CMPQ R8, DX; \
	JAE  bad; \
	load sz(SI)(AX*sz), R11; \
	WRAP(R11); \
	CMPQ R11, DX; \
	JAE  bad; \
	load (2*sz)(SI)(AX*sz), R12; \
	WRAP(R12); \
	CMPQ R12, DX; \
	JAE  bad; \
	load (3*sz)(SI)(AX*sz), R13; \
	WRAP(R13); \
	CMPQ R13, DX; \
	JAE  bad

// BODIES adds the step's four update rows and moves to the next step.
#define BODIES(body, bytes) \
	body(R8, 0); \
	body(R11, bytes); \
	body(R12, 2*bytes); \
	body(R13, 3*bytes); \
	ADDQ $(4*bytes), BX; \
	ADDQ $4, AX

// PF prefetches the destination row of the index at at, wrapped but not
// tested (PREFETCHT0 never faults); scale turns the index in r into the
// row's byte offset.
#define PF(load, at, scale, r) \
	load at, r; \
	WRAP(r); \
	scale(r); \
	PREFETCHT0 (DI)(r*1)

#define S2(r) SHLQ $3, r
#define S3(r) LEAQ (r)(r*2), r; SHLQ $2, r
#define S4(r) SHLQ $4, r

#define NARROW(load, sz, body, scale, bytes) \
	MOVQ dst+0(FP), DI; \
	MOVQ rows+8(FP), DX; \
	MOVQ idx+16(FP), SI; \
	MOVQ upd+24(FP), BX; \
	MOVQ n+32(FP), CX; \
	MOVQ mask+40(FP), R10; \
	XORQ AX, AX; \
	CMPB ahead+49(FP), $0; \
	JEQ  quad; \
quadpf: \
	LEAQ (4+32)(AX), R8; \
	CMPQ R8, CX; \
	JA   quad; \
	PF(load, (32*sz)(SI)(AX*sz), scale, R8); \
	PF(load, (33*sz)(SI)(AX*sz), scale, R8); \
	PF(load, (34*sz)(SI)(AX*sz), scale, R8); \
	PF(load, (35*sz)(SI)(AX*sz), scale, R8); \
	QUAD(load, sz, one); \
	BODIES(body, bytes); \
	JMP  quadpf; \
quad: \
	LEAQ 4(AX), R8; \
	CMPQ R8, CX; \
	JA   one; \
	QUAD(load, sz, one); \
	BODIES(body, bytes); \
	JMP  quad; \
one: \
	CMPQ AX, CX; \
	JAE  done; \
	load (SI)(AX*sz), R8; \
	WRAP(R8); \
	CMPQ R8, DX; \
	JAE  bad; \
	body(R8, 0); \
step: \
	ADDQ $bytes, BX; \
	INCQ AX; \
	CMPB ahead+49(FP), $0; \
	JNE  quadpf; \
	JMP  quad; \
bad: \
	CMPB drop+48(FP), $0; \
	JNE  step; \
done: \
	MOVQ AX, ret+56(FP); \
	RET


// func addF32SSE(dst, src *float32, n int)
//
// Eight floats per step, then four, then one at a time. ADDPS X2, X0 is
// X0 = X0 + X2 with X0 (the destination row) as the first operand, so a
// NaN result is the destination's NaN when it has one (SSE's rule).
TEXT ·addF32SSE(SB), NOSPLIT, $0-24
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

// func addF32AVX(dst, src *float32, n int)
//
// Thirty-two floats per step (four YMM registers, the loads of a step
// issued before its stores), then eight, then four, then one at a time,
// all VEX-encoded, and VZEROUPPER before returning to SSE code.
// VADDPS (SI), Y0, Y0 is Y0 = Y0 + (SI) with Y0 (the destination row) as
// the first source operand, so a NaN result is the destination's NaN when
// it has one, as with ADDPS.
TEXT ·addF32AVX(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	CMPQ CX, $32
	JB   avx8

avx32:
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	VADDPS  (SI), Y0, Y0
	VADDPS  32(SI), Y1, Y1
	VADDPS  64(SI), Y2, Y2
	VADDPS  96(SI), Y3, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	SUBQ    $32, CX
	CMPQ    CX, $32
	JAE     avx32

avx8:
	CMPQ    CX, $8
	JB      avx4
	VMOVUPS (DI), Y0
	VADDPS  (SI), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	SUBQ    $8, CX
	JMP     avx8

avx4:
	CMPQ    CX, $4
	JB      avxtail
	VMOVUPS (DI), X0
	VADDPS  (SI), X0, X0
	VMOVUPS X0, (DI)
	ADDQ    $16, DI
	ADDQ    $16, SI
	SUBQ    $4, CX

avxtail:
	TESTQ CX, CX
	JZ    avxdone

avxone:
	VMOVSS (DI), X0
	VADDSS (SI), X0, X0
	VMOVSS X0, (DI)
	ADDQ   $4, DI
	ADDQ   $4, SI
	DECQ   CX
	JNZ    avxone

avxdone:
	VZEROUPPER
	RET

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

// The loops of ScatterAddF32I64 and ScatterAddF32I32, four updates per
// step: the step's four indices are loaded, wrapped (plus mask where
// negative, branch-free) and range-tested first; if one is out of range
// the step is redone one update at a time ("1" loop), so the updates
// before it are applied and the returned position is exact. Each update
// is then MOVSS of the destination element, ADDSS of the update into it
// (the destination as the destination operand: a NaN sum is the
// destination's NaN when it has one, as with ADDPS in addF32SSE) and
// MOVSS back, in order, so a repeated index adds to the sum before it.

// func scatterAddI64(dst *float32, size int, idx *int64, upd *float32, n, mask int) int
TEXT ·scatterAddI64(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ size+8(FP), DX
	MOVQ idx+16(FP), SI
	MOVQ upd+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ mask+40(FP), R10
	XORQ AX, AX

scatterAddI644:
	LEAQ 4(AX), R8
	CMPQ R8, CX
	JA   scatterAddI641
	MOVQ (SI)(AX*8), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddI641
	MOVQ 8(SI)(AX*8), R11
	MOVQ R11, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R11
	CMPQ R11, DX
	JAE  scatterAddI641
	MOVQ 16(SI)(AX*8), R12
	MOVQ R12, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R12
	CMPQ R12, DX
	JAE  scatterAddI641
	MOVQ 24(SI)(AX*8), R13
	MOVQ R13, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R13
	CMPQ R13, DX
	JAE  scatterAddI641
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	MOVSS (DI)(R11*4), X1
	ADDSS 4(BX)(AX*4), X1
	MOVSS X1, (DI)(R11*4)
	MOVSS (DI)(R12*4), X2
	ADDSS 8(BX)(AX*4), X2
	MOVSS X2, (DI)(R12*4)
	MOVSS (DI)(R13*4), X3
	ADDSS 12(BX)(AX*4), X3
	MOVSS X3, (DI)(R13*4)
	ADDQ $4, AX
	JMP  scatterAddI644

scatterAddI641:
	CMPQ AX, CX
	JAE  scatterAddI64done
	MOVQ (SI)(AX*8), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddI64done
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	INCQ AX
	JMP  scatterAddI641

scatterAddI64done:
	MOVQ AX, ret+48(FP)
	RET

// func scatterAddI32(dst *float32, size int, idx *int32, upd *float32, n, mask int) int
TEXT ·scatterAddI32(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ size+8(FP), DX
	MOVQ idx+16(FP), SI
	MOVQ upd+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ mask+40(FP), R10
	XORQ AX, AX

scatterAddI324:
	LEAQ 4(AX), R8
	CMPQ R8, CX
	JA   scatterAddI321
	MOVLQSX (SI)(AX*4), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddI321
	MOVLQSX 4(SI)(AX*4), R11
	MOVQ R11, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R11
	CMPQ R11, DX
	JAE  scatterAddI321
	MOVLQSX 8(SI)(AX*4), R12
	MOVQ R12, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R12
	CMPQ R12, DX
	JAE  scatterAddI321
	MOVLQSX 12(SI)(AX*4), R13
	MOVQ R13, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R13
	CMPQ R13, DX
	JAE  scatterAddI321
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	MOVSS (DI)(R11*4), X1
	ADDSS 4(BX)(AX*4), X1
	MOVSS X1, (DI)(R11*4)
	MOVSS (DI)(R12*4), X2
	ADDSS 8(BX)(AX*4), X2
	MOVSS X2, (DI)(R12*4)
	MOVSS (DI)(R13*4), X3
	ADDSS 12(BX)(AX*4), X3
	MOVSS X3, (DI)(R13*4)
	ADDQ $4, AX
	JMP  scatterAddI324

scatterAddI321:
	CMPQ AX, CX
	JAE  scatterAddI32done
	MOVLQSX (SI)(AX*4), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddI32done
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	INCQ AX
	JMP  scatterAddI321

scatterAddI32done:
	MOVQ AX, ret+48(FP)
	RET

// The loops of ScatterAddColsF32I64 and I32: as scatterAddI64, two
// updates per step, each at w*stride+k (IMULQ) of the destination.

// func scatterAddColsI64(dst *float32, stride, rows int, idx *int64, upd *float32, n, mask int) int
TEXT ·scatterAddColsI64(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ stride+8(FP), R11
	MOVQ rows+16(FP), DX
	MOVQ idx+24(FP), SI
	MOVQ upd+32(FP), BX
	MOVQ n+40(FP), CX
	MOVQ mask+48(FP), R10
	XORQ AX, AX

scatterAddColsI642:
	LEAQ 2(AX), R8
	CMPQ R8, CX
	JA   scatterAddColsI641
	MOVQ (SI)(AX*8), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddColsI641
	MOVQ 8(SI)(AX*8), R12
	MOVQ R12, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R12
	CMPQ R12, DX
	JAE  scatterAddColsI641
	IMULQ R11, R8
	ADDQ  AX, R8
	IMULQ R11, R12
	LEAQ  1(AX)(R12*1), R12
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	MOVSS (DI)(R12*4), X1
	ADDSS 4(BX)(AX*4), X1
	MOVSS X1, (DI)(R12*4)
	ADDQ $2, AX
	JMP  scatterAddColsI642

scatterAddColsI641:
	CMPQ AX, CX
	JAE  scatterAddColsI64done
	MOVQ (SI)(AX*8), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddColsI64done
	IMULQ R11, R8
	ADDQ  AX, R8
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	INCQ AX
	JMP  scatterAddColsI641

scatterAddColsI64done:
	MOVQ AX, ret+56(FP)
	RET

// func scatterAddColsI32(dst *float32, stride, rows int, idx *int32, upd *float32, n, mask int) int
TEXT ·scatterAddColsI32(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ stride+8(FP), R11
	MOVQ rows+16(FP), DX
	MOVQ idx+24(FP), SI
	MOVQ upd+32(FP), BX
	MOVQ n+40(FP), CX
	MOVQ mask+48(FP), R10
	XORQ AX, AX

scatterAddColsI322:
	LEAQ 2(AX), R8
	CMPQ R8, CX
	JA   scatterAddColsI321
	MOVLQSX (SI)(AX*4), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddColsI321
	MOVLQSX 4(SI)(AX*4), R12
	MOVQ R12, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R12
	CMPQ R12, DX
	JAE  scatterAddColsI321
	IMULQ R11, R8
	ADDQ  AX, R8
	IMULQ R11, R12
	LEAQ  1(AX)(R12*1), R12
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	MOVSS (DI)(R12*4), X1
	ADDSS 4(BX)(AX*4), X1
	MOVSS X1, (DI)(R12*4)
	ADDQ $2, AX
	JMP  scatterAddColsI322

scatterAddColsI321:
	CMPQ AX, CX
	JAE  scatterAddColsI32done
	MOVLQSX (SI)(AX*4), R8
	MOVQ R8, R9
	SARQ $63, R9
	ANDQ R10, R9
	ADDQ R9, R8
	CMPQ R8, DX
	JAE  scatterAddColsI32done
	IMULQ R11, R8
	ADDQ  AX, R8
	MOVSS (DI)(R8*4), X0
	ADDSS (BX)(AX*4), X0
	MOVSS X0, (DI)(R8*4)
	INCQ AX
	JMP  scatterAddColsI321

scatterAddColsI32done:
	MOVQ AX, ret+56(FP)
	RET

// func scatterRowsI64(dst *float32, rows, width int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRowsI64(SB), NOSPLIT, $0-72
	ROWS(MOVQ, (SI)(AX*8), (SI)(R9*8), ROWSSE, NOP)

// func scatterRowsI32(dst *float32, rows, width int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRowsI32(SB), NOSPLIT, $0-72
	ROWS(MOVLQSX, (SI)(AX*4), (SI)(R9*4), ROWSSE, NOP)

// func scatterRowsAVXI64(dst *float32, rows, width int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRowsAVXI64(SB), NOSPLIT, $0-72
	ROWS(MOVQ, (SI)(AX*8), (SI)(R9*8), ROWAVX, VZEROUPPER)

// func scatterRowsAVXI32(dst *float32, rows, width int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRowsAVXI32(SB), NOSPLIT, $0-72
	ROWS(MOVLQSX, (SI)(AX*4), (SI)(R9*4), ROWAVX, VZEROUPPER)
// func scatterRows2I64(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRows2I64(SB), NOSPLIT, $0-64
	NARROW(MOVQ, 8, W2, S2, 8)

// func scatterRows2I32(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRows2I32(SB), NOSPLIT, $0-64
	NARROW(MOVLQSX, 4, W2, S2, 8)

// func scatterRows3I64(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRows3I64(SB), NOSPLIT, $0-64
	NARROW(MOVQ, 8, W3, S3, 12)

// func scatterRows3I32(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRows3I32(SB), NOSPLIT, $0-64
	NARROW(MOVLQSX, 4, W3, S3, 12)

// func scatterRows4I64(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRows4I64(SB), NOSPLIT, $0-64
	NARROW(MOVQ, 8, W4, S4, 16)

// func scatterRows4I32(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
TEXT ·scatterRows4I32(SB), NOSPLIT, $0-64
	NARROW(MOVLQSX, 4, W4, S4, 16)
