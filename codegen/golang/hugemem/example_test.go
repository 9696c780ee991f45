package hugemem_test

import (
	"fmt"

	"github.com/tcp-project/tcp/codegen/golang/hugemem"
)

// A generated kernel's destination and table on huge pages. The kernel
// (tcp-translate --mlir-to-go) takes the slices as it takes any other.
func ExampleMake() {
	table := hugemem.Make[float32](1 << 22) // 16 MiB: starts on a 2 MiB boundary, advised
	out := hugemem.Make[float32](1 << 20)
	ids := []int64{3, 1}
	for i := range table {
		table[i] = float32(i)
	}
	// kernels.IndexSelect(out, table, ids) would write rows 3 and 1 here.
	for r, id := range ids {
		copy(out[4*r:4*r+4], table[4*id:4*id+4])
	}
	fmt.Println(out[:8])
	// Output: [12 13 14 15 4 5 6 7]
}
