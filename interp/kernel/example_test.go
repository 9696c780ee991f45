package kernel_test

import (
	"fmt"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

func ExampleGather() {
	// torch.gather(x, 1, [[0, 0], [1, 0]])
	x := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2, 2}, []int64{1, 2, 3, 4}))
	idx := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2, 2}, []int64{0, 0, 1, 0}))
	out, err := kernel.Gather(x, idx, 1, kernel.Error, nil)
	fmt.Println(tensor.Format(out), err)

	// Out-of-range indices under three modes.
	a := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{5}, []int64{10, 20, 30, 40, 50}))
	bad := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{3}, []int64{-1, 0, 7}))
	_, err = kernel.Gather(a, bad, 0, kernel.Error, nil)
	fmt.Println(err)
	out, _ = kernel.Gather(a, bad, 0, kernel.Wrap, nil)
	fmt.Println(tensor.Format(out))
	zero := tensor.Must(tensor.FromInt64s(tensor.I64, nil, []int64{0}))
	out, _ = kernel.Gather(a, bad, 0, kernel.Fill, zero)
	fmt.Println(tensor.Format(out))
	// Output:
	// dense<[[1, 1], [4, 3]]> : tensor<2x2xi64> <nil>
	// index -1 is out of bounds for dimension 0 with size 5
	// dense<[50, 10, 30]> : tensor<3xi64>
	// dense<[0, 10, 0]> : tensor<3xi64>
}
