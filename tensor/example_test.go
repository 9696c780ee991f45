package tensor_test

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/tensor"
)

func ExampleFormat() {
	a := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2, 2}, []int64{1, 2, 3, 4}))
	b := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{3}, []float64{2.5, 0.1, math.NaN()}))
	z := tensor.Must(tensor.New(tensor.F32, []int64{2, 3}))
	e := tensor.Must(tensor.New(tensor.F32, []int64{0, 3}))
	fmt.Println(tensor.Format(a))
	fmt.Println(tensor.Format(b))
	fmt.Println(tensor.Format(z))
	fmt.Println(tensor.Format(e))
	fmt.Println(tensor.FormatFloat(0.1, tensor.F16))
	// Output:
	// dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
	// dense<[2.500000e+00, 1.000000e-01, 0x7FC00000]> : tensor<3xf32>
	// dense<0.000000e+00> : tensor<2x3xf32>
	// dense<> : tensor<0x3xf32>
	// 9.997550e-02
}
