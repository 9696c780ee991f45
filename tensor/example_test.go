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

func ExampleArrayString() {
	a := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{2, 4}, []float64{0, 1, 2, 3, 8, 9, 10, 11}))
	b := tensor.Must(tensor.FromFloat64s(tensor.F64, []int64{4}, []float64{1.5, 10.25, math.NaN(), math.Inf(-1)}))
	c := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{3}, []float64{1e-5, 2.5e-6, 0.1}))
	d := tensor.Must(tensor.New(tensor.I32, []int64{2, 1000}))
	for i := range 2000 {
		d.SetInt64(i, int64(i))
	}
	for _, t := range []*tensor.Tensor{a, b, c, d} {
		fmt.Println(tensor.ArrayString(t))
	}
	// Output:
	// [[ 0.  1.  2.  3.]
	//  [ 8.  9. 10. 11.]]
	// [ 1.5  10.25   nan  -inf]
	// [1.0e-05 2.5e-06 1.0e-01]
	// [[   0    1    2 ...  997  998  999]
	//  [1000 1001 1002 ... 1997 1998 1999]]
}
