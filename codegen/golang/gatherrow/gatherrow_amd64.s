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

// lanes16<> is 0, 1, ..., 15: the column of each lane of a step of COLSZ.
DATA lanes16<>+0(SB)/4, $0
DATA lanes16<>+4(SB)/4, $1
DATA lanes16<>+8(SB)/4, $2
DATA lanes16<>+12(SB)/4, $3
DATA lanes16<>+16(SB)/4, $4
DATA lanes16<>+20(SB)/4, $5
DATA lanes16<>+24(SB)/4, $6
DATA lanes16<>+28(SB)/4, $7
DATA lanes16<>+32(SB)/4, $8
DATA lanes16<>+36(SB)/4, $9
DATA lanes16<>+40(SB)/4, $10
DATA lanes16<>+44(SB)/4, $11
DATA lanes16<>+48(SB)/4, $12
DATA lanes16<>+52(SB)/4, $13
DATA lanes16<>+56(SB)/4, $14
DATA lanes16<>+60(SB)/4, $15
GLOBL lanes16<>(SB), RODATA|NOPTR, $64

// pairs64<> puts the dwords of T2VIDS64's layout (pairs 0 2 4 6 in the
// low lane, 1 3 5 7 in the high one) in order (VPERMD).
DATA pairs64<>+0(SB)/4, $0
DATA pairs64<>+4(SB)/4, $4
DATA pairs64<>+8(SB)/4, $1
DATA pairs64<>+12(SB)/4, $5
DATA pairs64<>+16(SB)/4, $2
DATA pairs64<>+20(SB)/4, $6
DATA pairs64<>+24(SB)/4, $3
DATA pairs64<>+28(SB)/4, $7
GLOBL pairs64<>(SB), RODATA|NOPTR, $32

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

// PAIR reads the elements at the two offsets in R12 (its low and high
// dwords: lanes 2i and 2i+1 of a step) with ld, zero-extended, and ORs
// them into R8 shifted left by lo and hi bits. R12 and R13 are scratch.
#define PAIR(ld, scale, lo, hi) \
	MOVL R12, R13; \
	SHRQ $32, R12; \
	ld (SI)(R13*scale), R13; \
	ld (SI)(R12*scale), R12; \
	SHLQ $lo, R13; \
	SHLQ $hi, R12; \
	ORQ R13, R8; \
	ORQ R12, R8

// GATHER2 reads the eight 2-byte elements at the offsets in Y0 one by one
// (MOVWQZX), four to a qword in R8, and stores the two qwords at dst[AX:]:
// the 2-byte Cols forms. A hardware gather reads 4 bytes per lane and
// needs a shift, a mask and a pack to keep 2; these scalar loads took
// 0.86x its time in a GatherElements along dim 0 of [2048,1024] f16.
#define GATHER2 \
	VMOVQ X0, R12; \
	XORQ R8, R8; \
	PAIR(MOVWQZX, 2, 0, 16); \
	VPEXTRQ $1, X0, R12; \
	PAIR(MOVWQZX, 2, 32, 48); \
	MOVQ R8, (DI)(AX*2); \
	VEXTRACTI128 $1, Y0, X1; \
	VMOVQ X1, R12; \
	XORQ R8, R8; \
	PAIR(MOVWQZX, 2, 0, 16); \
	VPEXTRQ $1, X1, R12; \
	PAIR(MOVWQZX, 2, 32, 48); \
	MOVQ R8, 8(DI)(AX*2)

// GATHER1 is GATHER2 for 1-byte elements, eight to one qword.
#define GATHER1 \
	VMOVQ X0, R12; \
	XORQ R8, R8; \
	PAIR(MOVBQZX, 1, 0, 8); \
	VPEXTRQ $1, X0, R12; \
	PAIR(MOVBQZX, 1, 16, 24); \
	VEXTRACTI128 $1, Y0, X1; \
	VMOVQ X1, R12; \
	PAIR(MOVBQZX, 1, 32, 40); \
	VPEXTRQ $1, X1, R12; \
	PAIR(MOVBQZX, 1, 48, 56); \
	MOVQ R8, (DI)(AX*1)

// ONE2 reads, with ld, the elements at the two offsets in R12 (its low
// and high dwords: lanes 2i and 2i+1 of a step) and stores them with st
// at byte at and at+scale of dst[AX:]. R12 and R13 are scratch.
#define ONE2(ld, st, scale, at) \
	MOVL R12, R13; \
	SHRQ $32, R12; \
	ld (SI)(R13*scale), R13; \
	ld (SI)(R12*scale), R12; \
	st R13, at(DI)(AX*scale); \
	st R12, at+scale(DI)(AX*scale)

// GATHERS reads the eight elements of scale bytes at the offsets in Y0
// one by one and stores each at dst[AX:] (the Row forms). A Row's source
// row is one row of the input, read densely: these loads took 0.7x the
// time of the hardware gathers (VPGATHERDD, VPGATHERDQ) in an f32
// GatherElements in the cache and 0.85-0.95x beyond it, as fast in L1 for
// 4-byte elements and 0.8x for 8-byte ones, and 0.73x the shift-and-pack
// of GATHER2 for 2-byte ones (BenchmarkRow); the Cols forms, whose lanes
// read eight rows, keep the hardware gathers (the same within the noise).
#define GATHERS(ld, st, scale) \
	VMOVQ X0, R12; \
	ONE2(ld, st, scale, 0); \
	VPEXTRQ $1, X0, R12; \
	ONE2(ld, st, scale, 2*scale); \
	VEXTRACTI128 $1, Y0, X1; \
	VMOVQ X1, R12; \
	ONE2(ld, st, scale, 4*scale); \
	VPEXTRQ $1, X1, R12; \
	ONE2(ld, st, scale, 6*scale)

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

// ROWSN is the loop of the Rows forms (Row is one row): LOOP's steps over
// rows of n (CX) indices, with no Go call between rows; a row whose
// length is not a multiple of eight stops at its last whole step, for
// the Go loop. At the
// end of each row dst moves on by n elements (eshift: log2 of their
// bytes), idx by n indices (ishift) and src by a source row of size
// elements (R8 bytes); R9 counts the rows left. It returns the elements
// done: (rows - R9)*n + AX at a step with a bad index (done), rows*n
// when every row is (all).
#define ROWSN(load, gather, eshift, ishift) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	CONST32; \
	MOVQ size+40(FP), R8; \
	SHLQ $eshift, R8; \
	MOVQ rows+48(FP), R9; \
	XORQ AX, AX; \
loop: \
	LEAQ 8(AX), DX; \
	CMPQ DX, CX; \
	JA   rowend; \
	load; \
	gather; \
	MOVQ DX, AX; \
	JMP  loop; \
rowend: \
	CMPQ AX, CX; \
	JNE  done; \
	DECQ R9; \
	JZ   all; \
	MOVQ CX, R12; \
	SHLQ $eshift, R12; \
	ADDQ R12, DI; \
	MOVQ CX, R12; \
	SHLQ $ishift, R12; \
	ADDQ R12, BX; \
	ADDQ R8, SI; \
	XORQ AX, AX; \
	JMP  loop; \
all: \
	XORQ AX, AX; \
done: \
	VZEROUPPER; \
	MOVQ rows+48(FP), R12; \
	SUBQ R9, R12; \
	IMULQ CX, R12; \
	ADDQ AX, R12; \
	MOVQ R12, ret+56(FP); \
	RET

// COLSN is the loop of the ColsRows forms: LOOP's Cols steps (OFFSETS:
// w*stride + lane, SI moved on by eight elements per step) over rows of n
// (CX, a multiple of eight) indices, with no Go call between rows. At the
// end of a row dst moves on by pitch elements (eshift: log2 of their
// bytes), idx by pitch indices (ishift) and src back to the row's start
// and on by step bytes (R10); R9 counts the rows left. Before each row it
// prefetches share bytes (kept in its argument slot) from pf on,
// which then moves on by share: the row's part of the block the caller
// gathers next. It returns the elements done: (rows - R9)*n + AX at a
// step with a bad index (done), rows*n when every row is (all).
#define COLSN(load, gather, eshift, ishift) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	MOVQ stride+48(FP), R10; \
	VMOVQ R10, X12; \
	VPBROADCASTD X12, Y12; \
	VMOVDQU lanes<>(SB), Y13; \
	CONST32; \
	MOVQ rows+56(FP), R9; \
	MOVQ step+64(FP), R10; \
	SHLQ $eshift, R10; \
	XORQ AX, AX; \
row: \
	MOVQ share+80(FP), R12; \
	TESTQ R12, R12; \
	JZ loop; \
	MOVQ pf+72(FP), R13; \
ahead: \
	PREFETCHT0 (R13); \
	ADDQ $64, R13; \
	SUBQ $64, R12; \
	JG ahead; \
	MOVQ pf+72(FP), R13; \
	ADDQ share+80(FP), R13; \
	MOVQ R13, pf+72(FP); \
loop: \
	LEAQ 8(AX), DX; \
	CMPQ DX, CX; \
	JA   rowend; \
	load; \
	OFFSETS; \
	gather; \
	ADDQ $(8<<eshift), SI; \
	MOVQ DX, AX; \
	JMP  loop; \
rowend: \
	DECQ R9; \
	JZ   all; \
	MOVQ CX, R12; \
	SHLQ $eshift, R12; \
	SUBQ R12, SI; \
	ADDQ R10, SI; \
	MOVQ pitch+88(FP), R12; \
	SHLQ $eshift, R12; \
	ADDQ R12, DI; \
	MOVQ pitch+88(FP), R12; \
	SHLQ $ishift, R12; \
	ADDQ R12, BX; \
	XORQ AX, AX; \
	JMP  row; \
all: \
	XORQ AX, AX; \
done: \
	VZEROUPPER; \
	MOVQ rows+56(FP), R12; \
	SUBQ R9, R12; \
	IMULQ CX, R12; \
	ADDQ AX, R12; \
	MOVQ R12, ret+96(FP); \
	RET

// COLSZ is COLSN for 1- and 2-byte elements (eshift: log2 of their
// bytes) on a CPU with AVX-512 (F, BW): steps of 16 columns, n (CX) a
// multiple of 16. load16 leaves Z0 with the step's 16 positions as
// dwords (or leaves the loop at a bad one); their byte offsets
// (w*stride + lane) << eshift, plus a, SI's misalignment (SI&3, in Z10),
// are split into the aligned dword each element lies in (read from R11,
// SI rounded down to 4 bytes; a 2-byte element is 2-byte aligned, so it
// never straddles two) and its place in that dword: one VPGATHERDD of
// 16 dwords, none of which crosses a page (so nothing past src's pages
// is read), VPSRLVD by 8 times the place, narrow (VPMOVDB, VPMOVDW) to
// X3 or Y3, one store. The prefetch, the rows and the result are
// COLSN's. lanes sets Z13, each lane's column (LANES16: 0 to 15), and
// SI moves on by adv bytes a step (16 columns' bytes); the Row forms
// (NOLANES, 0) read every lane from src + w, as ROWSN does, their rows
// step bytes (a source row) apart.
#define COLSZ(load16, eshift, ishift, bcast, narrow, lanes, adv) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	bcast R8, Z8; \
	MOVQ size+40(FP), R8; \
	bcast R8, Z9; \
	MOVQ stride+48(FP), R10; \
	VPBROADCASTD R10, Z12; \
	lanes; \
	MOVL $-4, R8; \
	VPBROADCASTD R8, Z14; \
	MOVL $3, R8; \
	VPBROADCASTD R8, Z15; \
	MOVQ rows+56(FP), R9; \
	MOVQ step+64(FP), R10; \
	SHLQ $eshift, R10; \
	XORQ AX, AX; \
row: \
	MOVQ share+80(FP), R12; \
	TESTQ R12, R12; \
	JZ zrow; \
	MOVQ pf+72(FP), R13; \
ahead: \
	PREFETCHT0 (R13); \
	ADDQ $64, R13; \
	SUBQ $64, R12; \
	JG ahead; \
	MOVQ pf+72(FP), R13; \
	ADDQ share+80(FP), R13; \
	MOVQ R13, pf+72(FP); \
zrow: \
	MOVQ SI, R8; \
	ANDQ $3, R8; \
	VPBROADCASTD R8, Z10; \
	MOVQ SI, R11; \
	ANDQ $-4, R11; \
loop: \
	LEAQ 16(AX), DX; \
	CMPQ DX, CX; \
	JA   rowend; \
	load16; \
	VPMULLD Z12, Z0, Z0; \
	VPADDD Z13, Z0, Z0; \
	VPSLLD $eshift, Z0, Z0; \
	VPADDD Z10, Z0, Z0; \
	VPANDD Z14, Z0, Z1; \
	VPANDD Z15, Z0, Z2; \
	VPSLLD $3, Z2, Z2; \
	KXNORW K4, K4, K4; \
	VPGATHERDD (R11)(Z1*1), K4, Z3; \
	VPSRLVD Z2, Z3, Z3; \
	narrow; \
	ADDQ $adv, R11; \
	ADDQ $adv, SI; \
	MOVQ DX, AX; \
	JMP  loop; \
rowend: \
	DECQ R9; \
	JZ   all; \
	MOVQ CX, R12; \
	SHRQ $4, R12; \
	IMULQ $adv, R12; \
	SUBQ R12, SI; \
	ADDQ R10, SI; \
	MOVQ pitch+88(FP), R12; \
	SHLQ $eshift, R12; \
	ADDQ R12, DI; \
	MOVQ pitch+88(FP), R12; \
	SHLQ $ishift, R12; \
	ADDQ R12, BX; \
	XORQ AX, AX; \
	JMP  row; \
all: \
	XORQ AX, AX; \
done: \
	VZEROUPPER; \
	MOVQ rows+56(FP), R12; \
	SUBQ R9, R12; \
	IMULQ CX, R12; \
	ADDQ AX, R12; \
	MOVQ R12, ret+96(FP); \
	RET

// LANES16 and NOLANES are COLSZ's lanes: columns 0 to 15, or none.
#define LANES16 VMOVDQU32 lanes16<>(SB), Z13
#define NOLANES VPXORD Z13, Z13, Z13

// NARROW1 and NARROW2 store the low byte or word of each of Z3's 16
// dwords at dst[AX:].
#define NARROW1 \
	VPMOVDB Z3, X3; \
	VMOVDQU X3, (DI)(AX*1)

#define NARROW2 \
	VPMOVDW Z3, Y3; \
	VMOVDQU Y3, (DI)(AX*2)

// LOADZ32 loads a step's 16 int32 indices into Z0, wraps them (the mask,
// Z8, added where the sign bit is set) and leaves the loop unless all 16
// are below size (Z9), unsigned.
#define LOADZ32 \
	VMOVDQU32 (BX)(AX*4), Z0; \
	VPSRAD $31, Z0, Z1; \
	VPANDD Z8, Z1, Z1; \
	VPADDD Z1, Z0, Z0; \
	VPCMPUD $1, Z9, Z0, K1; \
	KORTESTW K1, K1; \
	JCC done

// LOADZ64 is LOADZ32 for 16 int64 indices, wrapped and tested as qwords
// (Z8, Z9) in two halves, then narrowed to dwords in Z0.
#define LOADZ64 \
	VMOVDQU64 (BX)(AX*8), Z0; \
	VMOVDQU64 64(BX)(AX*8), Z4; \
	VPSRAQ $63, Z0, Z1; \
	VPANDQ Z8, Z1, Z1; \
	VPADDQ Z1, Z0, Z0; \
	VPSRAQ $63, Z4, Z5; \
	VPANDQ Z8, Z5, Z5; \
	VPADDQ Z5, Z4, Z4; \
	VPCMPUQ $1, Z9, Z0, K1; \
	VPCMPUQ $1, Z9, Z4, K2; \
	KANDB K1, K2, K3; \
	KORTESTB K3, K3; \
	JCC done; \
	VPMOVQD Z0, Y0; \
	VPMOVQD Z4, Y4; \
	VINSERTI64X4 $1, Y4, Z0, Z0

// ROWSB is the loop of the 1-byte Rows forms on a CPU with AVX-512 VBMI
// and source rows of at most 256 bytes: each row is loaded once, with
// the byte masks m0..m3 (nothing past the row is read), into the tables
// Z16-Z19, and each step of 16 indices (load16: into Z0 as qwords or
// dwords, wrapped where negative by the mask in Z29, tested unsigned
// against size in Z28, both broadcast by bcast to the indices' width;
// a bad one leaves the loop; then narrowed to 16
// bytes in X0) looks up its bytes with one VPERMI2B in the first 128
// bytes of the row, and, for rows over 128 bytes (R11 set), one in the
// second 128 blended by the index's bit 7; 16 bytes are stored. CX is n
// (a multiple of 16), R9 the rows left, R8 the row's bytes; the result
// is ROWSN's: (rows - R9)*n + AX at a bad step, rows*n when all pass.
#define ROWSB(load16, ishift, bcast) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	bcast R8, Z29; \
	MOVQ size+40(FP), R8; \
	bcast R8, Z28; \
	MOVQ rows+48(FP), R9; \
	MOVQ m0+56(FP), R10; \
	KMOVQ R10, K4; \
	MOVQ m1+64(FP), R10; \
	KMOVQ R10, K5; \
	MOVQ m2+72(FP), R10; \
	KMOVQ R10, K6; \
	MOVQ m3+80(FP), R10; \
	KMOVQ R10, K7; \
	XORQ R11, R11; \
	CMPQ R8, $128; \
	SETGT R11; \
	XORQ AX, AX; \
row: \
	VMOVDQU8.Z (SI), K4, Z16; \
	VMOVDQU8.Z 64(SI), K5, Z17; \
	VMOVDQU8.Z 128(SI), K6, Z18; \
	VMOVDQU8.Z 192(SI), K7, Z19; \
loop: \
	CMPQ AX, CX; \
	JAE  rowend; \
	load16; \
	VMOVDQA64 Z0, Z2; \
	VPERMI2B Z17, Z16, Z2; \
	TESTQ R11, R11; \
	JZ   store; \
	VMOVDQA64 Z0, Z3; \
	VPERMI2B Z19, Z18, Z3; \
	VPMOVB2M Z0, K3; \
	VPBLENDMB Z3, Z2, K3, Z2; \
store: \
	VMOVDQU X2, (DI)(AX*1); \
	ADDQ $16, AX; \
	JMP  loop; \
rowend: \
	DECQ R9; \
	JZ   all; \
	ADDQ CX, DI; \
	MOVQ CX, R12; \
	SHLQ $ishift, R12; \
	ADDQ R12, BX; \
	ADDQ R8, SI; \
	XORQ AX, AX; \
	JMP  row; \
all: \
	XORQ AX, AX; \
done: \
	VZEROUPPER; \
	MOVQ rows+48(FP), R12; \
	SUBQ R9, R12; \
	IMULQ CX, R12; \
	ADDQ AX, R12; \
	MOVQ R12, ret+88(FP); \
	RET

// LOADB64 is ROWSB's step of 16 int64 indices: two loads of eight,
// each wrapped (VPMOVQ2M: the sign bits) and tested, narrowed to 8 bytes
// each (VPMOVQB) and joined.
#define LOADB64 \
	VMOVDQU64 (BX)(AX*8), Z0; \
	VMOVDQU64 64(BX)(AX*8), Z1; \
	VPMOVQ2M Z0, K1; \
	VPADDQ Z29, Z0, K1, Z0; \
	VPMOVQ2M Z1, K2; \
	VPADDQ Z29, Z1, K2, Z1; \
	VPCMPUQ $5, Z28, Z0, K1; \
	VPCMPUQ $5, Z28, Z1, K2; \
	KORB K1, K2, K1; \
	KORTESTB K1, K1; \
	JNZ  done; \
	VPMOVQB Z0, X0; \
	VPMOVQB Z1, X1; \
	VPUNPCKLQDQ X1, X0, X0

// LOADB32 is ROWSB's step of 16 int32 indices: one load, wrapped,
// tested and narrowed (VPMOVDB).
#define LOADB32 \
	VMOVDQU32 (BX)(AX*4), Z0; \
	VPMOVD2M Z0, K1; \
	VPADDD Z29, Z0, K1, Z0; \
	VPCMPUD $5, Z28, Z0, K1; \
	KORTESTW K1, K1; \
	JNZ  done; \
	VPMOVDB Z0, X0

// TAKEARGS loads the arguments of Take's loops: dst DI, src SI, idx BX,
// n CX, mask R8, size R9, row R10, stride R11, ahead R12.
#define TAKEARGS \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	MOVQ row+48(FP), R10; \
	MOVQ stride+56(FP), R11; \
	MOVQ ahead+64(FP), R12

// TAKEEND is the end of Take's loops: at all, every row done (-1); at
// bad, AX the position of the first bad index; either is the result.
#define TAKEEND \
all: \
	MOVQ $-1, AX; \
bad: \
	VZEROUPPER; \
	MOVQ AX, ret+72(FP); \
	RET

// MOVEROW is moveRowNT and moveRowAhead: a prefetch of the line at next
// (unless nil), then the row of n bytes (at least 128) from src to dst
// copied by cp (TAKECOPYNT or TAKECOPY).
#define MOVEROW(cp) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), R13; \
	MOVQ next+16(FP), AX; \
	MOVQ n+24(FP), R10; \
	TESTQ AX, AX; \
	JZ   copy; \
	PREFETCHT0 (AX); \
copy: \
	LEAQ -128(R10), R15; \
	cp; \
	VZEROUPPER; \
	RET

// TAKE is the loop of Take: whole rows of R10 bytes copied in order,
// row k of dst from src + w*R11, w the index k (ld: MOVLQSX for int32,
// MOVQ for 8-byte indices; scale their size) plus the mask (R8) where
// negative, tested against size (R9, unsigned). Before row k it
// prefetches the first line of the row of index k+ahead (R12), wrapped
// but not tested: a prefetch does not fault (an ahead of n or more
// prefetches nothing). It returns the position of the first bad index,
// or -1. cp copies the row at R13 to DI: TAKECOPY here, for rows of 128
// bytes or more; TAKESHORT runs the shorter ones.
#define TAKE(ld, scale, cp) \
	TAKEARGS; \
	LEAQ -128(R10), R15; \
	XORQ AX, AX; \
loop: \
	CMPQ AX, CX; \
	JGE  all; \
	LEAQ (AX)(R12*1), DX; \
	CMPQ DX, CX; \
	JGE  copy; \
	ld   (BX)(DX*scale), R13; \
	WRAP(R13); \
	IMULQ R11, R13; \
	PREFETCHT0 (SI)(R13*1); \
copy: \
	TAKEROW(ld, scale, cp, WRAP, bad); \
	JMP  loop; \
	TAKEEND

// TAKESHORT is TAKE for the rows under 128 bytes (cp one of TAKEW1 to
// TAKEW64, whose moves have no labels), as up to two do-while loops
// (n > 0): rows [0, n-ahead) with the prefetch of the row ahead rows on
// (its id read through R12 = &idx[ahead]), then the rest without; each
// without the wrap's four instructions when the mask is 0 (error mode,
// or ids from a table already wrapped). A row's copy takes a few
// instructions, so the tests TAKE makes per row were a third of its
// loop. An ahead of n prefetches nothing.
#define WRAP(r) \
	MOVQ r, R14; \
	SARQ $63, R14; \
	ANDQ R8, R14; \
	ADDQ R14, r

#define NOWRAP(r)

// TAKEROW is one row's step of TAKE and TAKESHORT: the id at AX read,
// wrapped (wrap), tested against size, its row (R13) copied to DI by
// cp, and DI and AX moved on.
#define TAKEROW(ld, scale, cp, wrap, bad) \
	ld   (BX)(AX*scale), R13; \
	wrap(R13); \
	CMPQ R13, R9; \
	JAE  bad; \
	IMULQ R11, R13; \
	ADDQ SI, R13; \
	cp; \
	ADDQ R10, DI; \
	INCQ AX

#define SHORTAHEAD(ld, scale, wrap) \
	ld   (R12)(AX*scale), R13; \
	wrap(R13); \
	IMULQ R11, R13; \
	PREFETCHT0 (SI)(R13*1)

// SHORTLOOPS is TAKESHORT's two loops for one wrap (WRAP or NOWRAP):
// rows [0, DX) with the prefetch (label ahead), then the rest (label
// rest); both end at all.
#define SHORTLOOPS(row, pre, ld, scale, cp, wrap, bad, ahead, rest) \
	CMPQ AX, DX; \
	JGE  rest; \
ahead: \
	pre(ld, scale, wrap); \
	row(ld, scale, cp, wrap, bad); \
	CMPQ AX, DX; \
	JLT  ahead; \
	CMPQ AX, CX; \
	JGE  all; \
rest: \
	row(ld, scale, cp, wrap, bad); \
	CMPQ AX, CX; \
	JLT  rest; \
	JMP  all

#define TAKESHORT(ld, scale, cp) \
	TAKEARGS; \
	SHORTBODY(TAKEROW, SHORTAHEAD, R13, ld, scale, cp); \
	TAKEEND

// SHORTBODY is the body of TAKESHORT and PUTSHORT (row, pre: their
// row's step and prefetch; id: the register the step reads the id
// into), after the arguments: DX the rows with a row ahead, R12 the id
// ahead, then the loops without the wrap (mask 0), or without it until
// the first negative id (negative: the wrapping loops from that row
// on, or bad for an id at or past size).
#define SHORTBODY(row, pre, id, ld, scale, cp) \
	MOVQ CX, DX; \
	SUBQ R12, DX; \
	LEAQ (BX)(R12*scale), R12; \
	XORQ AX, AX; \
	TESTQ R8, R8; \
	JNZ  hopeful; \
	SHORTLOOPS(row, pre, ld, scale, cp, NOWRAP, bad, plainahead, plain); \
hopeful: \
	SHORTLOOPS(row, pre, ld, scale, cp, NOWRAP, negative, hopefulahead, hopefulrest); \
negative: \
	TESTQ id, id; \
	JNS  bad; \
wrapped: \
	SHORTLOOPS(row, pre, ld, scale, cp, WRAP, bad, wrappedahead, wrappedrest)

// PUTSHORT is Put's loop for the rows under 128 bytes: TAKESHORT with
// the directions swapped. The update rows follow each other from R13
// (src), each copied by cp (one of TAKEW1 to TAKEW64: from R13 to DI)
// to the row DI of dst (SI) its id picks; the prefetch is of the
// destination row ahead.
#define PUTARGS \
	MOVQ dst+0(FP), SI; \
	MOVQ src+8(FP), R13; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	MOVQ row+48(FP), R10; \
	MOVQ stride+56(FP), R11; \
	MOVQ ahead+64(FP), R12

#define PUTROW(ld, scale, cp, wrap, bad) \
	ld   (BX)(AX*scale), DI; \
	wrap(DI); \
	CMPQ DI, R9; \
	JAE  bad; \
	IMULQ R11, DI; \
	ADDQ SI, DI; \
	cp; \
	ADDQ R10, R13; \
	INCQ AX

#define PUTAHEAD(ld, scale, wrap) \
	ld   (R12)(AX*scale), R15; \
	wrap(R15); \
	IMULQ R11, R15; \
	PREFETCHT0 (SI)(R15*1)

#define PUTSHORT(ld, scale, cp) \
	PUTARGS; \
	SHORTBODY(PUTROW, PUTAHEAD, DI, ld, scale, cp); \
	TAKEEND

// TAKECOPYNT copies a row of R10 bytes, a multiple of 64 and at least
// 128, from R13 to DI, a 64-byte boundary, with non-temporal stores of
// whole lines (VMOVNTDQ): 128 bytes per step while 128 remain (R15 is
// R10-128), then the last 64 if any.
#define TAKECOPYNT \
	XORQ DX, DX; \
ntstep128: \
	CMPQ DX, R15; \
	JG   ntstep64; \
	VMOVDQU 0(R13)(DX*1), Y0; \
	VMOVDQU 32(R13)(DX*1), Y1; \
	VMOVDQU 64(R13)(DX*1), Y2; \
	VMOVDQU 96(R13)(DX*1), Y3; \
	VMOVNTDQ Y0, 0(DI)(DX*1); \
	VMOVNTDQ Y1, 32(DI)(DX*1); \
	VMOVNTDQ Y2, 64(DI)(DX*1); \
	VMOVNTDQ Y3, 96(DI)(DX*1); \
	ADDQ $128, DX; \
	JMP  ntstep128; \
ntstep64: \
	CMPQ DX, R10; \
	JGE  ntdone; \
	VMOVDQU 0(R13)(DX*1), Y0; \
	VMOVDQU 32(R13)(DX*1), Y1; \
	VMOVNTDQ Y0, 0(DI)(DX*1); \
	VMOVNTDQ Y1, 32(DI)(DX*1); \
ntdone:

// TAKECOPY copies a row of R10 >= 128 bytes from R13 to DI: 128 bytes
// per step while 128 remain (R15 is R10-128), then 32, then the last 32
// bytes of the row again when R10 is not a multiple of 32 (the overlap
// writes the same bytes twice).
#define TAKECOPY \
	XORQ DX, DX; \
step128: \
	CMPQ DX, R15; \
	JG   step32; \
	VMOVDQU 0(R13)(DX*1), Y0; \
	VMOVDQU 32(R13)(DX*1), Y1; \
	VMOVDQU 64(R13)(DX*1), Y2; \
	VMOVDQU 96(R13)(DX*1), Y3; \
	VMOVDQU Y0, 0(DI)(DX*1); \
	VMOVDQU Y1, 32(DI)(DX*1); \
	VMOVDQU Y2, 64(DI)(DX*1); \
	VMOVDQU Y3, 96(DI)(DX*1); \
	ADDQ $128, DX; \
	JMP  step128; \
step32: \
	LEAQ 32(DX), R14; \
	CMPQ R14, R10; \
	JG   tail; \
	VMOVDQU 0(R13)(DX*1), Y0; \
	VMOVDQU Y0, 0(DI)(DX*1); \
	MOVQ R14, DX; \
	JMP  step32; \
tail: \
	CMPQ DX, R10; \
	JGE  done; \
	VMOVDQU -32(R13)(R10*1), Y0; \
	VMOVDQU Y0, -32(DI)(R10*1); \
done:

// TAKEW1 to TAKEW64 copy a row of R10 bytes, w <= R10 < 2w for TAKEWw,
// from R13 to DI as its first w bytes and its last w bytes (which
// overlap when R10 < 2w, and are the same bytes when R10 = w): two loads
// and two stores, no loop.
#define TAKEW1 \
	MOVBLZX (R13), R14; \
	MOVB    R14, (DI)

// TAKEPAIR is TAKEWw's two moves: ld and st move w bytes through the
// registers a and b.
#define TAKEPAIR(ld, st, a, b, w) \
	ld (R13), a; \
	ld -w(R13)(R10*1), b; \
	st a, (DI); \
	st b, -w(DI)(R10*1)

#define TAKEW2 TAKEPAIR(MOVWLZX, MOVW, R14, R15, 2)
#define TAKEW4 TAKEPAIR(MOVL, MOVL, R14, R15, 4)
#define TAKEW8 TAKEPAIR(MOVQ, MOVQ, R14, R15, 8)
#define TAKEW16 TAKEPAIR(MOVOU, MOVOU, X0, X1, 16)
#define TAKEW32 TAKEPAIR(VMOVDQU, VMOVDQU, Y0, Y1, 32)

// TAKEHT moves a row of exactly w+t bytes from R13 to DI as a head of w
// bytes (hl and hs through hr) and a tail of t bytes at w (tl and ts
// through tr): no store overlaps another, and the tail's, of 1, 2, 4 or
// 8 bytes, splits a cache line less often than a second w-byte move.
#define TAKEHT(hl, hs, hr, w, tl, ts, tr) \
	hl (R13), hr; \
	tl w(R13), tr; \
	hs hr, (DI); \
	ts tr, w(DI)

#define TAKEW16T1 TAKEHT(MOVOU, MOVOU, X0, 16, MOVBLZX, MOVB, R14)
#define TAKEW16T2 TAKEHT(MOVOU, MOVOU, X0, 16, MOVWLZX, MOVW, R14)
#define TAKEW16T4 TAKEHT(MOVOU, MOVOU, X0, 16, MOVL, MOVL, R14)
#define TAKEW16T8 TAKEHT(MOVOU, MOVOU, X0, 16, MOVQ, MOVQ, R14)
#define TAKEW32T4 TAKEHT(VMOVDQU, VMOVDQU, Y0, 32, MOVL, MOVL, R14)
#define TAKEW32T8 TAKEHT(VMOVDQU, VMOVDQU, Y0, 32, MOVQ, MOVQ, R14)

// TAKEW64 moves the first 64 bytes and the last 64, 32 at a time.
#define TAKEW64 \
	VMOVDQU (R13), Y0; \
	VMOVDQU 32(R13), Y1; \
	VMOVDQU -64(R13)(R10*1), Y2; \
	VMOVDQU -32(R13)(R10*1), Y3; \
	VMOVDQU Y0, (DI); \
	VMOVDQU Y1, 32(DI); \
	VMOVDQU Y2, -64(DI)(R10*1); \
	VMOVDQU Y3, -32(DI)(R10*1)

// TAKEONE is Take's loop for the rows of w to 2w-1 bytes (w = 2, 4, 8,
// 16) as one move of 2w bytes per row (mv: TAKEONE4 to TAKEONE32), which
// reads up to w-1 bytes past the row in src and writes them past the row
// in dst, where the next row's move writes over them. The caller runs it
// on every row but the last, which it copies with the two-move loop, and
// passes safe (in R9 here, size's register in TAKESHORT): the ids at or
// past it have a 2w-byte read that may end past src. Such an id (and a
// negative one past the wrap, or one at or past size) leaves the row's
// fast path for its slow step (SLOWROW), which tests it against size and
// copies the row with the two moves (cp). Everything else is TAKESHORT.
#define TAKEONEARGS \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ safe+40(FP), R9; \
	MOVQ row+48(FP), R10; \
	MOVQ stride+56(FP), R11; \
	MOVQ ahead+64(FP), R12

#define TAKEONEEND \
all: \
	MOVQ $-1, AX; \
bad: \
	VZEROUPPER; \
	MOVQ AX, ret+80(FP); \
	RET

// TAKEROWONE is one row's step of TAKEONE: the id read and wrapped, its
// row moved by mv when the id is under safe, else by the slow step at
// label slow, which comes back to label back.
#define TAKEROWONE(ld, scale, mv, wrap, slow, back) \
	ld   (BX)(AX*scale), R13; \
	wrap(R13); \
	CMPQ R13, R9; \
	JAE  slow; \
	IMULQ R11, R13; \
	mv; \
back: \
	ADDQ R10, DI; \
	INCQ AX

#define SLOWROW(cp, neg, slow, back) \
slow: \
	neg; \
	CMPQ R13, size+72(FP); \
	JAE  bad; \
	IMULQ R11, R13; \
	ADDQ SI, R13; \
	cp; \
	JMP  back

#define ONELOOPS(ld, scale, mv, cp, wrap, neg, ahead, rest, s1, b1, s2, b2) \
	CMPQ AX, DX; \
	JGE  rest; \
ahead: \
	SHORTAHEAD(ld, scale, wrap); \
	TAKEROWONE(ld, scale, mv, wrap, s1, b1); \
	CMPQ AX, DX; \
	JLT  ahead; \
	CMPQ AX, CX; \
	JGE  all; \
rest: \
	TAKEROWONE(ld, scale, mv, wrap, s2, b2); \
	CMPQ AX, CX; \
	JLT  rest; \
	JMP  all; \
	SLOWROW(cp, neg, s1, b1); \
	SLOWROW(cp, neg, s2, b2)

// NONEG and TOWRAPPED are ONELOOPS' step for a negative id: none (the
// id is bad, or wrapped already), or the move to the wrapping loops at
// this row.
#define NONEG
#define TOWRAPPED \
	TESTQ R13, R13; \
	JS   wrapped

#define TAKEONE(ld, scale, mv, cp) \
	TAKEONEARGS; \
	MOVQ CX, DX; \
	SUBQ R12, DX; \
	LEAQ (BX)(R12*scale), R12; \
	XORQ AX, AX; \
	TESTQ R8, R8; \
	JNZ  hopeful; \
	ONELOOPS(ld, scale, mv, cp, NOWRAP, NONEG, plainahead, plain, ps1, pb1, ps2, pb2); \
hopeful: \
	ONELOOPS(ld, scale, mv, cp, NOWRAP, TOWRAPPED, hopefulahead, hopefulrest, hs1, hb1, hs2, hb2); \
wrapped: \
	ONELOOPS(ld, scale, mv, cp, WRAP, NONEG, wrappedahead, wrappedrest, ws1, wb1, ws2, wb2); \
	TAKEONEEND

// TAKEONE4 to TAKEONE32 move 2w bytes from the row at SI+R13 to DI.
#define TAKEONE4 \
	MOVL (SI)(R13*1), R14; \
	MOVL R14, (DI)

#define TAKEONE8 \
	MOVQ (SI)(R13*1), R14; \
	MOVQ R14, (DI)

#define TAKEONE16 \
	VMOVDQU (SI)(R13*1), X0; \
	VMOVDQU X0, (DI)

#define TAKEONE32 \
	VMOVDQU (SI)(R13*1), Y0; \
	VMOVDQU Y0, (DI)

#define TAKEW16V TAKEPAIR(VMOVDQU, VMOVDQU, X0, X1, 16)

// TAKE2 is Take2's loops: Take's short-row loops (TAKESHORT, TAKEONE)
// over positions of two ids, idx[2k] and idx[2k+1]. AX and CX count
// ids (two per row), R12 is the ids of the row ahead; the second id's
// mask, size and stride stay in the arguments (mask1, size1, stride1),
// read as memory operands. A row's byte offset (R13) is the first id
// times stride plus the second times stride1; a bad pair's row is the
// result, whichever of its ids is bad (the caller tells them apart).
#define TAKE2ARGS \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	SHLQ $1, CX; \
	MOVQ mask+32(FP), R8; \
	MOVQ size+40(FP), R9; \
	MOVQ row+48(FP), R10; \
	MOVQ stride+56(FP), R11; \
	MOVQ ahead+64(FP), R12; \
	SHLQ $1, R12

#define TAKE2END \
all: \
	MOVQ $-2, AX; \
bad: \
	SARQ $1, AX; \
	VZEROUPPER; \
	MOVQ AX, ret+104(FP); \
	RET

// WRAP2 wraps both ids of a pair (R13 by R8, R14 by mask1); NOWRAP2
// leaves them.
#define WRAP2 \
	MOVQ R13, R15; \
	SARQ $63, R15; \
	ANDQ R8, R15; \
	ADDQ R15, R13; \
	MOVQ R14, R15; \
	SARQ $63, R15; \
	ANDQ mask1+72(FP), R15; \
	ADDQ R15, R14

#define NOWRAP2

// T2POS reads the pair at AX into R13 and R14, wraps them (wrap), tests
// each against its size (to bad) and leaves the row's byte offset in R13.
#define T2POS(ld, scale, wrap, bad) \
	ld   (BX)(AX*scale), R13; \
	ld   scale(BX)(AX*scale), R14; \
	wrap; \
	CMPQ R13, R9; \
	JAE  bad; \
	CMPQ R14, size1+80(FP); \
	JAE  bad; \
	IMULQ R11, R13; \
	IMULQ stride1+88(FP), R14; \
	ADDQ R14, R13

// T2ROW is one row's step of the two-move loops (cp one of TAKEW1 to
// TAKEW64); T2AHEAD prefetches the row of the pair at R12+AX, wrapped
// but not tested.
#define T2ROW(ld, scale, cp, wrap, bad) \
	T2POS(ld, scale, wrap, bad); \
	ADDQ SI, R13; \
	cp; \
	ADDQ R10, DI; \
	ADDQ $2, AX

#define T2AHEAD(ld, scale, wrap) \
	ld   (R12)(AX*scale), R13; \
	ld   scale(R12)(AX*scale), R14; \
	wrap; \
	IMULQ R11, R13; \
	IMULQ stride1+88(FP), R14; \
	ADDQ R14, R13; \
	PREFETCHT0 (SI)(R13*1)

// T2NEGATIVE is where a hopeful loop (no wrap) sends a bad pair: to the
// wrapping loops at that row when either id is negative, else to bad.
#define T2NEGATIVE \
negative: \
	MOVQ R13, R15; \
	ORQ  R14, R15; \
	JNS  bad

#define TAKE2SHORT(ld, scale, cp) \
	TAKE2ARGS; \
	MOVQ CX, DX; \
	SUBQ R12, DX; \
	LEAQ (BX)(R12*scale), R12; \
	XORQ AX, AX; \
	TESTQ R8, R8; \
	JNZ  hopeful; \
	SHORTLOOPS(T2ROW, T2AHEAD, ld, scale, cp, NOWRAP2, bad, plainahead, plain); \
hopeful: \
	SHORTLOOPS(T2ROW, T2AHEAD, ld, scale, cp, NOWRAP2, negative, hopefulahead, hopefulrest); \
	T2NEGATIVE; \
wrapped: \
	SHORTLOOPS(T2ROW, T2AHEAD, ld, scale, cp, WRAP2, bad, wrappedahead, wrappedrest); \
	TAKE2END

// T2ROWONE is one row's step of the one-move loops: the row moved by mv
// (TAKEONE4 to TAKEONE32, 2w bytes) when its offset is at most safe (the
// move ends inside src), else by the two moves (cp) at label slow,
// which comes back to label back.
#define T2ROWONE(ld, scale, mv, wrap, bad, slow, back) \
	T2POS(ld, scale, wrap, bad); \
	CMPQ R13, safe+96(FP); \
	JA   slow; \
	mv; \
back: \
	ADDQ R10, DI; \
	ADDQ $2, AX

#define T2SLOW(cp, slow, back) \
slow: \
	ADDQ SI, R13; \
	cp; \
	JMP  back

#define T2ONELOOPS(ld, scale, mv, cp, wrap, bad, ahead, rest, s1, b1, s2, b2) \
	CMPQ AX, DX; \
	JGE  rest; \
ahead: \
	T2AHEAD(ld, scale, wrap); \
	T2ROWONE(ld, scale, mv, wrap, bad, s1, b1); \
	CMPQ AX, DX; \
	JLT  ahead; \
	CMPQ AX, CX; \
	JGE  all; \
rest: \
	T2ROWONE(ld, scale, mv, wrap, bad, s2, b2); \
	CMPQ AX, CX; \
	JLT  rest; \
	JMP  all; \
	T2SLOW(cp, s1, b1); \
	T2SLOW(cp, s2, b2)

#define TAKE2ONE(ld, scale, mv, cp) \
	TAKE2ARGS; \
	MOVQ CX, DX; \
	SUBQ R12, DX; \
	LEAQ (BX)(R12*scale), R12; \
	XORQ AX, AX; \
	TESTQ R8, R8; \
	JNZ  hopeful; \
	T2ONELOOPS(ld, scale, mv, cp, NOWRAP2, bad, plainahead, plain, ps1, pb1, ps2, pb2); \
hopeful: \
	T2ONELOOPS(ld, scale, mv, cp, NOWRAP2, negative, hopefulahead, hopefulrest, hs1, hb1, hs2, hb2); \
	T2NEGATIVE; \
wrapped: \
	T2ONELOOPS(ld, scale, mv, cp, WRAP2, bad, wrappedahead, wrappedrest, ws1, wb1, ws2, wb2); \
	TAKE2END

// T2POSE is T2POS for a pair that picks one element of es bytes (1, 2,
// 4 or 8) whose second id steps by one element: the offset is the first
// id times stride plus the second scaled by es in one LEAQ (no second
// IMULQ).
#define T2POSE(ld, scale, wrap, bad, es) \
	ld   (BX)(AX*scale), R13; \
	ld   scale(BX)(AX*scale), R14; \
	wrap; \
	CMPQ R13, R9; \
	JAE  bad; \
	CMPQ R14, size1+80(FP); \
	JAE  bad; \
	IMULQ R11, R13; \
	LEAQ (R13)(R14*es), R13

// T2ROWE is T2ROW for those elements: mv moves the element at SI+R13 to
// DI, which moves on by es.
#define T2ROWE(ld, scale, mv, wrap, bad, es) \
	T2POSE(ld, scale, wrap, bad, es); \
	mv; \
	ADDQ $es, DI; \
	ADDQ $2, AX

// T2AHEADE is T2AHEAD for those elements.
#define T2AHEADE(ld, scale, wrap, es) \
	ld   (R12)(AX*scale), R13; \
	ld   scale(R12)(AX*scale), R14; \
	wrap; \
	IMULQ R11, R13; \
	LEAQ (R13)(R14*es), R13; \
	PREFETCHT0 (SI)(R13*1)

#define T2ROWE1(ld, scale, mv, wrap, bad) T2ROWE(ld, scale, mv, wrap, bad, 1)
#define T2ROWE2(ld, scale, mv, wrap, bad) T2ROWE(ld, scale, mv, wrap, bad, 2)
#define T2ROWE4(ld, scale, mv, wrap, bad) T2ROWE(ld, scale, mv, wrap, bad, 4)
#define T2ROWE8(ld, scale, mv, wrap, bad) T2ROWE(ld, scale, mv, wrap, bad, 8)
#define T2AHEADE1(ld, scale, wrap) T2AHEADE(ld, scale, wrap, 1)
#define T2AHEADE2(ld, scale, wrap) T2AHEADE(ld, scale, wrap, 2)
#define T2AHEADE4(ld, scale, wrap) T2AHEADE(ld, scale, wrap, 4)
#define T2AHEADE8(ld, scale, wrap) T2AHEADE(ld, scale, wrap, 8)

// TAKEE1 to TAKEE8 move one element of 1 to 8 bytes from SI+R13 to DI.
#define TAKEE1 \
	MOVBLZX (SI)(R13*1), R14; \
	MOVB    R14, (DI)

#define TAKEE2 \
	MOVWLZX (SI)(R13*1), R14; \
	MOVW    R14, (DI)

#define TAKEE4 \
	MOVL (SI)(R13*1), R14; \
	MOVL R14, (DI)

#define TAKEE8 \
	MOVQ (SI)(R13*1), R14; \
	MOVQ R14, (DI)

// TAKE2E is Take2's loop for single elements (row and stride1 both the
// element's es bytes): TAKE2SHORT's loops with T2ROWE's and T2AHEADE's
// steps (row, pre) and the element's move (mv).
#define TAKE2E(ld, scale, mv, row, pre) \
	TAKE2ARGS; \
	MOVQ CX, DX; \
	SUBQ R12, DX; \
	LEAQ (BX)(R12*scale), R12; \
	XORQ AX, AX; \
	TESTQ R8, R8; \
	JNZ  hopeful; \
	SHORTLOOPS(row, pre, ld, scale, mv, NOWRAP2, bad, plainahead, plain); \
hopeful: \
	SHORTLOOPS(row, pre, ld, scale, mv, NOWRAP2, negative, hopefulahead, hopefulrest); \
	T2NEGATIVE; \
wrapped: \
	SHORTLOOPS(row, pre, ld, scale, mv, WRAP2, bad, wrappedahead, wrappedrest); \
	TAKE2END

// T2VIDS64 reads eight pairs of int64 ids at BX (128 bytes) into Y0 (the
// first ids) and Y1 (the second ones) as dwords, pairs 0 2 4 6 in the
// low lane and 1 3 5 7 in the high one, and sets Y5 where each id fits in
// 32 bits (its high dword is its low dword's sign).
#define T2VIDS64 \
	VMOVDQU (BX), Y0; \
	VMOVDQU 32(BX), Y1; \
	VMOVDQU 64(BX), Y2; \
	VMOVDQU 96(BX), Y3; \
	VSHUFPS $0x88, Y1, Y0, Y4; \
	VSHUFPS $0xDD, Y1, Y0, Y5; \
	VSHUFPS $0x88, Y3, Y2, Y6; \
	VSHUFPS $0xDD, Y3, Y2, Y7; \
	VPSRAD $31, Y4, Y2; \
	VPCMPEQD Y2, Y5, Y5; \
	VPSRAD $31, Y6, Y2; \
	VPCMPEQD Y2, Y7, Y7; \
	VPAND Y7, Y5, Y5; \
	VSHUFPS $0x88, Y6, Y4, Y0; \
	VSHUFPS $0xDD, Y6, Y4, Y1

// T2VIDS32 reads eight pairs of int32 ids at BX (64 bytes) into Y0 and
// Y1, pairs 0 1 4 5 in the low lane and 2 3 6 7 in the high one, and
// sets Y5 (every id fits).
#define T2VIDS32 \
	VMOVDQU (BX), Y2; \
	VMOVDQU 32(BX), Y3; \
	VSHUFPS $0x88, Y3, Y2, Y0; \
	VSHUFPS $0xDD, Y3, Y2, Y1; \
	VPCMPEQD Y5, Y5, Y5

// TAKE2V is Take2's vector loop for single elements (row and stride1
// both one element of scale bytes): eight pairs a step, their ids read
// by ids (T2VIDS64 or T2VIDS32, idb bytes), wrapped by the masks (Y8,
// Y11: zero without wrap) and tested against size0 and size1 (Y9, Y12:
// size-1, unsigned) at once, the eight element offsets (first id times
// stride0, Y10, plus the second; under 2^31, which the caller checks)
// put in order (order) and moved one by one (GATHERS). It stops before
// a step with a bad id or fewer than eight pairs left and returns the
// pairs done, for the element loop to go on from.
#define TAKE2V(ids, idb, order, ld, st, scale) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ idx+16(FP), BX; \
	MOVQ n+24(FP), CX; \
	MOVQ mask0+32(FP), R8; \
	VMOVQ R8, X8; \
	VPBROADCASTD X8, Y8; \
	MOVQ size0+40(FP), R8; \
	DECQ R8; \
	VMOVQ R8, X9; \
	VPBROADCASTD X9, Y9; \
	MOVQ stride0+48(FP), R8; \
	VMOVQ R8, X10; \
	VPBROADCASTD X10, Y10; \
	MOVQ mask1+56(FP), R8; \
	VMOVQ R8, X11; \
	VPBROADCASTD X11, Y11; \
	MOVQ size1+64(FP), R8; \
	DECQ R8; \
	VMOVQ R8, X12; \
	VPBROADCASTD X12, Y12; \
	VMOVDQU pairs64<>(SB), Y13; \
	XORQ AX, AX; \
loop: \
	LEAQ 8(AX), DX; \
	CMPQ DX, CX; \
	JA   done; \
	ids; \
	VPSRAD $31, Y0, Y2; \
	VPAND Y8, Y2, Y2; \
	VPADDD Y2, Y0, Y0; \
	VPSRAD $31, Y1, Y3; \
	VPAND Y11, Y3, Y3; \
	VPADDD Y3, Y1, Y1; \
	VPMINUD Y9, Y0, Y2; \
	VPCMPEQD Y2, Y0, Y2; \
	VPAND Y2, Y5, Y5; \
	VPMINUD Y12, Y1, Y3; \
	VPCMPEQD Y3, Y1, Y3; \
	VPAND Y3, Y5, Y5; \
	VMOVMSKPS Y5, R12; \
	CMPL R12, $0xff; \
	JNE  done; \
	VPMULLD Y10, Y0, Y0; \
	VPADDD Y1, Y0, Y0; \
	order; \
	GATHERS(ld, st, scale); \
	ADDQ $idb, BX; \
	MOVQ DX, AX; \
	JMP  loop; \
done: \
	VZEROUPPER; \
	MOVQ AX, ret+72(FP); \
	RET

#define ORDER64 VPERMD Y0, Y13, Y0
#define ORDER32 VPERMQ $0xD8, Y0, Y0

// func gather4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col) int
TEXT ·gather4I32(SB), NOSPLIT, $0-72
	ARGS(5)
	CONST32
	LOOP(LOAD32, OFFSETS, GATHER4, ret+64(FP))

// func gather4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col) int
TEXT ·gather4I64(SB), NOSPLIT, $0-72
	ARGS(5)
	CONST32
	LOOP(LOAD64, OFFSETS, GATHER4, ret+64(FP))

// func gather8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col) int
TEXT ·gather8I32(SB), NOSPLIT, $0-72
	ARGS(6)
	CONST32
	LOOP(LOAD32, OFFSETS, GATHER8, ret+64(FP))

// func gather8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col) int
TEXT ·gather8I64(SB), NOSPLIT, $0-72
	ARGS(6)
	CONST32
	LOOP(LOAD64, OFFSETS, GATHER8, ret+64(FP))

// The 2-byte forms (f16, bf16, int16, uint16), read one element at a time
// (see GATHER2). The Row forms are the Rows ones on one row (see ROWSN).

// func gather2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col) int
TEXT ·gather2I32(SB), NOSPLIT, $0-72
	ARGS(4)
	CONST32
	LOOP(LOAD32, OFFSETS, GATHER2, ret+64(FP))

// func gather2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col) int
TEXT ·gather2I64(SB), NOSPLIT, $0-72
	ARGS(4)
	CONST32
	LOOP(LOAD64, OFFSETS, GATHER2, ret+64(FP))

// The 1-byte forms (int8, uint8, bool).

// func gather1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col) int
TEXT ·gather1I32(SB), NOSPLIT, $0-72
	ARGS(3)
	CONST32
	LOOP(LOAD32, OFFSETS, GATHER1, ret+64(FP))

// func gather1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col) int
TEXT ·gather1I64(SB), NOSPLIT, $0-72
	ARGS(3)
	CONST32
	LOOP(LOAD64, OFFSETS, GATHER1, ret+64(FP))

// The Rows forms (see ROWSN).

// func rows1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int
TEXT ·rows1I32(SB), NOSPLIT, $0-64
	ROWSN(LOAD32, GATHERS(MOVBQZX, MOVB, 1), 0, 2)

// func rows1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int
TEXT ·rows1I64(SB), NOSPLIT, $0-64
	ROWSN(LOAD64, GATHERS(MOVBQZX, MOVB, 1), 0, 3)

// func rows2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int
TEXT ·rows2I32(SB), NOSPLIT, $0-64
	ROWSN(LOAD32, GATHERS(MOVWQZX, MOVW, 2), 1, 2)

// func rows2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int
TEXT ·rows2I64(SB), NOSPLIT, $0-64
	ROWSN(LOAD64, GATHERS(MOVWQZX, MOVW, 2), 1, 3)

// func rows4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int
TEXT ·rows4I32(SB), NOSPLIT, $0-64
	ROWSN(LOAD32, GATHERS(MOVL, MOVL, 4), 2, 2)

// func rows4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int
TEXT ·rows4I64(SB), NOSPLIT, $0-64
	ROWSN(LOAD64, GATHERS(MOVL, MOVL, 4), 2, 3)

// func rows8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int
TEXT ·rows8I32(SB), NOSPLIT, $0-64
	ROWSN(LOAD32, GATHERS(MOVQ, MOVQ, 8), 3, 2)

// func rows8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int
TEXT ·rows8I64(SB), NOSPLIT, $0-64
	ROWSN(LOAD64, GATHERS(MOVQ, MOVQ, 8), 3, 3)

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

// func takeI32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeI32(SB), NOSPLIT, $0-80
	TAKE(MOVLQSX, 4, TAKECOPY)

// func takeI64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeI64(SB), NOSPLIT, $0-80
	TAKE(MOVQ, 8, TAKECOPY)

// func takeW1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW1I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW1)

// func takeW1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW1I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW1)

// func takeW2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW2I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW2)

// func takeW2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW2I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW2)

// func takeW4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW4I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW4)

// func takeW4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW4I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW4)

// func takeW8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW8I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW8)

// func takeW8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW8I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW8)

// FAR copies one element from src (an operand: (R13) for farRow,
// (R13)(AX*es) for ColsRows' far loop) to DI by mv (MOVL or MOVQ),
// reading the id at AX once more by ld (scale its size) into R15,
// unused. With that second read of an id in the L1 cache (any load that
// hits would do), the loop of reads that miss it took 0.7x the time on
// the 2-core Intel Xeon; two extra loads were as slow as none.
#define FAR(mv, src, ld, scale) \
	mv src, R14; \
	ld (BX)(AX*scale), R15; \
	mv R14, (DI)

// func farE4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
//
// farE<es>I32 and farE<es>I64 are Take's short-row loop (TAKESHORT) for
// rows of exactly one 4- or 8-byte element, each step with one more
// read of its id (FAR): Row's loop for a row past the cache
// (farRow), called with ahead n (no prefetch).
TEXT ·farE4I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, FAR(MOVL, (R13), MOVL, 4))

// func farE4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·farE4I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, FAR(MOVL, (R13), MOVQ, 8))

// func farE8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·farE8I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, FAR(MOVQ, (R13), MOVL, 4))

// func farE8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·farE8I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, FAR(MOVQ, (R13), MOVQ, 8))

// func farC4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
//
// farC<es>I32 and farC<es>I64 are farE<es> for one row of ColsRows'
// far loop (colsFar): element k of dst from src + w*stride + k*es.
TEXT ·farC4I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, FAR(MOVL, (R13)(AX*4), MOVL, 4))

// func farC4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·farC4I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, FAR(MOVL, (R13)(AX*4), MOVQ, 8))

// func farC8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·farC8I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, FAR(MOVQ, (R13)(AX*8), MOVL, 4))

// func farC8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·farC8I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, FAR(MOVQ, (R13)(AX*8), MOVQ, 8))

// func takeW16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW16)

// func takeW16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW16)

// func takeW32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW32I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW32)

// func takeW32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW32I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW32)

// func takeW64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW64I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW64)

// func takeW64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW64I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW64)

// func takeOne2I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne2I32(SB), NOSPLIT, $0-88
	TAKEONE(MOVLQSX, 4, TAKEONE4, TAKEW2)

// func takeOne2I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne2I64(SB), NOSPLIT, $0-88
	TAKEONE(MOVQ, 8, TAKEONE4, TAKEW2)

// func takeOne4I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne4I32(SB), NOSPLIT, $0-88
	TAKEONE(MOVLQSX, 4, TAKEONE8, TAKEW4)

// func takeOne4I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne4I64(SB), NOSPLIT, $0-88
	TAKEONE(MOVQ, 8, TAKEONE8, TAKEW4)

// func takeOne8I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne8I32(SB), NOSPLIT, $0-88
	TAKEONE(MOVLQSX, 4, TAKEONE16, TAKEW8)

// func takeOne8I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne8I64(SB), NOSPLIT, $0-88
	TAKEONE(MOVQ, 8, TAKEONE16, TAKEW8)

// func takeOne16I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne16I32(SB), NOSPLIT, $0-88
	TAKEONE(MOVLQSX, 4, TAKEONE32, TAKEW16V)

// func takeOne16I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int
TEXT ·takeOne16I64(SB), NOSPLIT, $0-88
	TAKEONE(MOVQ, 8, TAKEONE32, TAKEW16V)

// moveRowStrings is the row, in bytes, from which moveRow copies with
// REP MOVSB: the CPU's fast strings write whole lines without reading
// them first (see Move).
#define moveRowStrings 2048

// func moveRow(dst, src unsafe.Pointer, n int)
TEXT ·moveRow(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), R13
	MOVQ n+16(FP), R10
	CMPQ R10, $32
	JL   bytes
	CMPQ R10, $moveRowStrings
	JGE  bytes
	CMPB ·useAVX2(SB), $0
	JEQ  bytes
	LEAQ -128(R10), R15
	TAKECOPY
	VZEROUPPER
	RET

bytes:
	MOVQ R13, SI
	MOVQ R10, CX
	REP; MOVSB
	RET

// func moveRowNT(dst, src, next unsafe.Pointer, n int)
//
// moveRowNT copies a row of Take2NT, n bytes, a multiple of 64 and at
// least 128, to dst, a 64-byte boundary, with non-temporal stores.
TEXT ·moveRowNT(SB), NOSPLIT, $0-32
	MOVEROW(TAKECOPYNT)

// func moveRowAhead(dst, src, next unsafe.Pointer, n int)
//
// moveRowAhead is moveRowNT with plain stores, dst anywhere.
TEXT ·moveRowAhead(SB), NOSPLIT, $0-32
	MOVEROW(TAKECOPY)

// func putW1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW1I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW1)

// func putW1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW1I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW1)

// func putW2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW2I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW2)

// func putW2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW2I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW2)

// func putW4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW4I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW4)

// func putW4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW4I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW4)

// func putW8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW8I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW8)

// func putW8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW8I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW8)

// func putW16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW16I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW16)

// func putW16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW16I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW16)

// func putW32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW32I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW32)

// func putW32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW32I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW32)

// func putW64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·putW64I32(SB), NOSPLIT, $0-80
	PUTSHORT(MOVLQSX, 4, TAKEW64)

// func putW64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·putW64I64(SB), NOSPLIT, $0-80
	PUTSHORT(MOVQ, 8, TAKEW64)

// func permI2B(dst, src, ctrl unsafe.Pointer, rows, dstStride, srcStride, chunks int, lo, hi, tail uint64)
//
// Z0 and Z1 hold the source row's first and second 64 bytes (masked
// loads: the bytes outside K1 and K3 are zero and never read, so a row
// at the end of a mapping does not fault); each chunk's control comes
// from ctrl (BX) into Z2, which VPERMI2B overwrites with the chunk. AX is
// the chunk's byte offset, DX the chunks left, CX the rows left.
TEXT ·permI2B(SB), NOSPLIT, $0-80
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ ctrl+16(FP), BX
	MOVQ rows+24(FP), CX
	MOVQ dstStride+32(FP), R8
	MOVQ srcStride+40(FP), R9
	MOVQ chunks+48(FP), R10
	MOVQ lo+56(FP), R11
	KMOVQ R11, K1
	MOVQ hi+64(FP), R11
	KMOVQ R11, K3
	MOVQ tail+72(FP), R11
	KMOVQ R11, K2
permrow:
	VMOVDQU8.Z (SI), K1, Z0
	VMOVDQU8.Z 64(SI), K3, Z1
	XORQ AX, AX
	MOVQ R10, DX
	DECQ DX
	JZ   permlast
permchunk:
	VMOVDQU64 (BX)(AX*1), Z2
	VPERMI2B Z1, Z0, Z2
	VMOVDQU64 Z2, (DI)(AX*1)
	ADDQ $64, AX
	DECQ DX
	JNZ  permchunk
permlast:
	VMOVDQU64 (BX)(AX*1), Z2
	VPERMI2B Z1, Z0, Z2
	VMOVDQU8 Z2, K2, (DI)(AX*1)
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ CX
	JNZ  permrow
	VZEROUPPER
	RET

// func colsRows1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows1I32(SB), NOSPLIT, $0-104
	COLSN(LOAD32, GATHER1, 0, 2)

// func colsRows1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows1I64(SB), NOSPLIT, $0-104
	COLSN(LOAD64, GATHER1, 0, 3)

// func colsRows2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows2I32(SB), NOSPLIT, $0-104
	COLSN(LOAD32, GATHER2, 1, 2)

// func colsRows2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows2I64(SB), NOSPLIT, $0-104
	COLSN(LOAD64, GATHER2, 1, 3)

// func colsRows4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows4I32(SB), NOSPLIT, $0-104
	COLSN(LOAD32, GATHER4, 2, 2)

// func colsRows4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows4I64(SB), NOSPLIT, $0-104
	COLSN(LOAD64, GATHER4, 2, 3)

// func colsRows8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows8I32(SB), NOSPLIT, $0-104
	COLSN(LOAD32, GATHER8, 3, 2)

// func colsRows8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRows8I64(SB), NOSPLIT, $0-104
	COLSN(LOAD64, GATHER8, 3, 3)

// func rowsB8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int, m0, m1, m2, m3 uint64) int
TEXT ·rowsB8I32(SB), NOSPLIT, $0-96
	ROWSB(LOADB32, 2, VPBROADCASTD)

// func rowsB8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int, m0, m1, m2, m3 uint64) int
TEXT ·rowsB8I64(SB), NOSPLIT, $0-96
	ROWSB(LOADB64, 3, VPBROADCASTQ)

// func stridedNT(dst, src, ctrl unsafe.Pointer, steps, srcStride int, lo, hi uint64)
//
// Strided's steps of exactly 64 output bytes to a 64-byte aligned dst:
// permI2B's masked loads and one VPERMI2B by the one chunk of controls
// (kept in Z3), each result stored with VMOVNTDQ (non-temporal: the
// destination's lines are not read first), then one SFENCE.
TEXT ·stridedNT(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ ctrl+16(FP), BX
	MOVQ steps+24(FP), CX
	MOVQ srcStride+32(FP), R9
	MOVQ lo+40(FP), R11
	KMOVQ R11, K1
	MOVQ hi+48(FP), R11
	KMOVQ R11, K3
	VMOVDQU64 (BX), Z3
stridedntstep:
	VMOVDQU8.Z (SI), K1, Z0
	VMOVDQU8.Z 64(SI), K3, Z1
	VMOVDQA64 Z3, Z2
	VPERMI2B Z1, Z0, Z2
	VMOVNTDQ Z2, (DI)
	ADDQ $64, DI
	ADDQ R9, SI
	DECQ CX
	JNZ  stridedntstep
	SFENCE
	VZEROUPPER
	RET

// func stridedWide(dst, src unsafe.Pointer, n, G, P, rows, rowStride int)
//
// Strided's wide groups (AVX2): rows of n groups of G bytes (16 or more),
// P bytes apart, rows rowStride bytes apart, to consecutive bytes of dst.
// A group of 32 bytes or more is 32-byte moves from its start, the last
// one ending at its end (it may overlap the one before); a group of 16 to
// 31 bytes is two 16-byte moves, the first and the last 16 bytes. Every
// load is inside a group.
TEXT ·stridedWide(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ G+24(FP), BX
	MOVQ P+32(FP), DX
	MOVQ rows+40(FP), R8
	MOVQ rowStride+48(FP), R9
	CMPQ BX, $32
	JB   stridedwide16
	LEAQ -32(BX), R12 // the last move's offset
stridedwiderow:
	MOVQ SI, R10
	MOVQ CX, R11
stridedwidegroup:
	XORQ AX, AX
	JMP  stridedwidetest
stridedwidemove:
	VMOVDQU (R10)(AX*1), Y0
	VMOVDQU Y0, (DI)(AX*1)
	ADDQ $32, AX
stridedwidetest:
	CMPQ AX, R12
	JB   stridedwidemove
	VMOVDQU (R10)(R12*1), Y0
	VMOVDQU Y0, (DI)(R12*1)
	ADDQ BX, DI
	ADDQ DX, R10
	DECQ R11
	JNZ  stridedwidegroup
	ADDQ R9, SI
	DECQ R8
	JNZ  stridedwiderow
	VZEROUPPER
	RET
stridedwide16:
	LEAQ -16(BX), R12
stridedwide16row:
	MOVQ SI, R10
	MOVQ CX, R11
stridedwide16group:
	VMOVDQU (R10), X0
	VMOVDQU (R10)(R12*1), X1
	VMOVDQU X0, (DI)
	VMOVDQU X1, (DI)(R12*1)
	ADDQ BX, DI
	ADDQ DX, R10
	DECQ R11
	JNZ  stridedwide16group
	ADDQ R9, SI
	DECQ R8
	JNZ  stridedwide16row
	RET

// func take2W1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W1I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW1)

// func take2W1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W1I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW1)

// func take2W2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W2I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW2)

// func take2W2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W2I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW2)

// func take2W4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W4I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW4)

// func take2W4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W4I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW4)

// func take2W8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W8I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW8)

// func take2W8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W8I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW8)

// func take2W16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W16I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW16)

// func take2W16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W16I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW16)

// func take2W32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W32I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW32)

// func take2W32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W32I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW32)

// func take2W64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W64I32(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVLQSX, 4, TAKEW64)

// func take2W64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2W64I64(SB), NOSPLIT, $0-112
	TAKE2SHORT(MOVQ, 8, TAKEW64)

// func take2One2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One2I32(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVLQSX, 4, TAKEONE4, TAKEW2)

// func take2One2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One2I64(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVQ, 8, TAKEONE4, TAKEW2)

// func take2One4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One4I32(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVLQSX, 4, TAKEONE8, TAKEW4)

// func take2One4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One4I64(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVQ, 8, TAKEONE8, TAKEW4)

// func take2One8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One8I32(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVLQSX, 4, TAKEONE16, TAKEW8)

// func take2One8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One8I64(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVQ, 8, TAKEONE16, TAKEW8)

// func take2One16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One16I32(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVLQSX, 4, TAKEONE32, TAKEW16V)

// func take2One16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2One16I64(SB), NOSPLIT, $0-112
	TAKE2ONE(MOVQ, 8, TAKEONE32, TAKEW16V)

// func take2E1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E1I32(SB), NOSPLIT, $0-112
	TAKE2E(MOVLQSX, 4, TAKEE1, T2ROWE1, T2AHEADE1)

// func take2E1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E1I64(SB), NOSPLIT, $0-112
	TAKE2E(MOVQ, 8, TAKEE1, T2ROWE1, T2AHEADE1)

// func take2E2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E2I32(SB), NOSPLIT, $0-112
	TAKE2E(MOVLQSX, 4, TAKEE2, T2ROWE2, T2AHEADE2)

// func take2E2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E2I64(SB), NOSPLIT, $0-112
	TAKE2E(MOVQ, 8, TAKEE2, T2ROWE2, T2AHEADE2)

// func take2E4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E4I32(SB), NOSPLIT, $0-112
	TAKE2E(MOVLQSX, 4, TAKEE4, T2ROWE4, T2AHEADE4)

// func take2E4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E4I64(SB), NOSPLIT, $0-112
	TAKE2E(MOVQ, 8, TAKEE4, T2ROWE4, T2AHEADE4)

// func take2E8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E8I32(SB), NOSPLIT, $0-112
	TAKE2E(MOVLQSX, 4, TAKEE8, T2ROWE8, T2AHEADE8)

// func take2E8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
TEXT ·take2E8I64(SB), NOSPLIT, $0-112
	TAKE2E(MOVQ, 8, TAKEE8, T2ROWE8, T2AHEADE8)

// func take2V1I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V1I32(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS32, 64, ORDER32, MOVBLZX, MOVB, 1)

// func take2V1I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V1I64(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS64, 128, ORDER64, MOVBLZX, MOVB, 1)

// func take2V2I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V2I32(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS32, 64, ORDER32, MOVWLZX, MOVW, 2)

// func take2V2I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V2I64(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS64, 128, ORDER64, MOVWLZX, MOVW, 2)

// func take2V4I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V4I32(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS32, 64, ORDER32, MOVL, MOVL, 4)

// func take2V4I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V4I64(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS64, 128, ORDER64, MOVL, MOVL, 4)

// func take2V8I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V8I32(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS32, 64, ORDER32, MOVQ, MOVQ, 8)

// func take2V8I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int
TEXT ·take2V8I64(SB), NOSPLIT, $0-80
	TAKE2V(T2VIDS64, 128, ORDER64, MOVQ, MOVQ, 8)

// func takeNTI32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeNTI32(SB), NOSPLIT, $0-80
	TAKE(MOVLQSX, 4, TAKECOPYNT)

// func takeNTI64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeNTI64(SB), NOSPLIT, $0-80
	TAKE(MOVQ, 8, TAKECOPYNT)

// func takeW16T1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T1I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW16T1)

// func takeW16T1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T1I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW16T1)

// func takeW16T2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T2I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW16T2)

// func takeW16T2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T2I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW16T2)

// func takeW16T4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T4I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW16T4)

// func takeW16T4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T4I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW16T4)

// func takeW16T8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T8I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW16T8)

// func takeW16T8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW16T8I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW16T8)

// func takeW32T4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW32T4I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW32T4)

// func takeW32T4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW32T4I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW32T4)

// func takeW32T8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
TEXT ·takeW32T8I32(SB), NOSPLIT, $0-80
	TAKESHORT(MOVLQSX, 4, TAKEW32T8)

// func takeW32T8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
TEXT ·takeW32T8I64(SB), NOSPLIT, $0-80
	TAKESHORT(MOVQ, 8, TAKEW32T8)

// func colsRowsS4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsS4I32(SB), NOSPLIT, $0-104
	COLSN(LOAD32, GATHERS(MOVL, MOVL, 4), 2, 2)

// func colsRowsS4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsS4I64(SB), NOSPLIT, $0-104
	COLSN(LOAD64, GATHERS(MOVL, MOVL, 4), 2, 3)

// func colsRowsS8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsS8I32(SB), NOSPLIT, $0-104
	COLSN(LOAD32, GATHERS(MOVQ, MOVQ, 8), 3, 2)

// func colsRowsS8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsS8I64(SB), NOSPLIT, $0-104
	COLSN(LOAD64, GATHERS(MOVQ, MOVQ, 8), 3, 3)

// func colsRowsZ1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsZ1I32(SB), NOSPLIT, $0-104
	COLSZ(LOADZ32, 0, 2, VPBROADCASTD, NARROW1, LANES16, 16)

// func colsRowsZ1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsZ1I64(SB), NOSPLIT, $0-104
	COLSZ(LOADZ64, 0, 3, VPBROADCASTQ, NARROW1, LANES16, 16)

// func colsRowsZ2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsZ2I32(SB), NOSPLIT, $0-104
	COLSZ(LOADZ32, 1, 2, VPBROADCASTD, NARROW2, LANES16, 32)

// func colsRowsZ2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·colsRowsZ2I64(SB), NOSPLIT, $0-104
	COLSZ(LOADZ64, 1, 3, VPBROADCASTQ, NARROW2, LANES16, 32)

// func rowsZ1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·rowsZ1I32(SB), NOSPLIT, $0-104
	COLSZ(LOADZ32, 0, 2, VPBROADCASTD, NARROW1, NOLANES, 0)

// func rowsZ1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·rowsZ1I64(SB), NOSPLIT, $0-104
	COLSZ(LOADZ64, 0, 3, VPBROADCASTQ, NARROW1, NOLANES, 0)

// func rowsZ2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·rowsZ2I32(SB), NOSPLIT, $0-104
	COLSZ(LOADZ32, 1, 2, VPBROADCASTD, NARROW2, NOLANES, 0)

// func rowsZ2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
TEXT ·rowsZ2I64(SB), NOSPLIT, $0-104
	COLSZ(LOADZ64, 1, 3, VPBROADCASTQ, NARROW2, NOLANES, 0)
