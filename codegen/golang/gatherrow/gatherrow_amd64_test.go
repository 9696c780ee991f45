//go:build amd64 && !purego

package gatherrow

// path is one way the package may run: the assembly (when the CPU has
// AVX2; with AVX-512 VBMI, the 1-byte Rows loop of byte shuffles and the
// 16-lane 1- and 2-byte loops of ColsRows, Row and Rows too) or the Go
// loop alone; avx2-scalarcols forces ColsRows' scalar loops, avx2-gocols
// its Go loop (colsGo), avx2-colstiles its columns, avx2-far the loops
// for reads past the cache (Row's and ColsRows').
type path struct {
	name string
	use  func() (restore func())
}

func paths() []path {
	vbmi := rowsB
	set := func(v bool, b *rowsBLoop) func() func() {
		return func() func() {
			was, wasB, wasZ := useAVX2, rowsB, colsZ
			useAVX2, rowsB, colsZ = v, b, b != nil
			return func() { useAVX2, rowsB, colsZ = was, wasB, wasZ }
		}
	}
	p := []path{{"go", set(false, nil)}}
	if hasAVX2() {
		p = append(p, path{"avx2", set(true, nil)})
	}
	if vbmi != nil {
		p = append(p, path{"avx512vbmi", set(true, vbmi)})
	}
	if hasAVX2() {
		// ColsRows' scalar loops for every block, on any CPU.
		p = append(p, path{"avx2-scalarcols", func() func() {
			restore := set(true, vbmi)()
			was, wasFrom := scalarCols, scalarColsFrom
			scalarCols, scalarColsFrom = true, 0
			return func() { scalarCols, scalarColsFrom = was, wasFrom; restore() }
		}})
	}
	if hasAVX2() {
		// ColsRows' Go loop a row at a time for every block (goCols).
		p = append(p, path{"avx2-gocols", func() func() {
			restore := set(true, vbmi)()
			was, wasFrom, wasFar := scalarCols, goColsFrom, farLoop
			scalarCols, goColsFrom, farLoop = true, 0, false
			return func() { scalarCols, goColsFrom, farLoop = was, wasFrom, wasFar; restore() }
		}})
	}
	if hasAVX2() {
		// ColsRows' passes over the rows in columns of eight, for
		// every block.
		p = append(p, path{"avx2-colstiles", func() func() {
			restore := set(true, vbmi)()
			was, wasMin := colsTileBytes, colsTileMin
			colsTileBytes, colsTileMin = 1, 8
			return func() { colsTileBytes, colsTileMin = was, wasMin; restore() }
		}})
	}
	if hasAVX2() {
		// The loops for reads past the cache (farRow, colsFar) for
		// every row of 4- or 8-byte elements and every block of
		// ColsRows' Go loop.
		p = append(p, path{"avx2-far", func() func() {
			restore := set(true, vbmi)()
			was, wasFrom, wasMin := farLoop, farFrom, farMin
			wasCols, wasColsFrom := scalarCols, goColsFrom
			farLoop, farFrom, farMin = true, 0, 0
			scalarCols, goColsFrom = true, 0
			return func() {
				farLoop, farFrom, farMin = was, wasFrom, wasMin
				scalarCols, goColsFrom = wasCols, wasColsFrom
				restore()
			}
		}})
	}
	return p
}

// take2Paths is paths with, where the assembly runs, Take2's element
// loops alone (take2V cleared) and its loops of rows (take2E cleared)
// for single elements too.
func take2Paths() []path {
	p := paths()
	if hasAVX2() {
		avx2 := p[1]
		p = append(p, path{"avx2-take2elems", func() func() {
			restore := avx2.use()
			take2V = false
			return func() { take2V = true; restore() }
		}})
		p = append(p, path{"avx2-take2rows", func() func() {
			restore := avx2.use()
			take2E = false
			return func() { take2E = true; restore() }
		}})
	}
	return p
}
