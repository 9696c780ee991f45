package ir_test

import (
	"fmt"
	"os"

	"github.com/tcp-project/tcp/ir"
)

// Example builds a function body by hand with unregistered ops and prints
// it in generic form.
func Example() {
	reg := ir.NewRegistry()
	t := ir.RankedTensor([]int64{2, ir.Dynamic}, ir.F32T)
	entry := ir.NewBlock([]ir.Type{t}, nil)
	op := ir.NewOperation(&ir.OperationState{
		Name:     reg.Lookup("test.neg"),
		Operands: []ir.Value{entry.Argument(0)},
		Types:    []ir.Type{t},
		Attrs:    []ir.NamedAttr{{Name: "alpha", Value: ir.Float(0.5, ir.FloatType{Kind: ir.F32})}},
	})
	entry.Append(op)
	wrapper := ir.NewOperation(&ir.OperationState{
		Name:    reg.Lookup("test.func"),
		Regions: []*ir.Region{ir.NewRegion(entry)},
	})
	if err := ir.Print(os.Stdout, wrapper, ir.PrintOptions{Generic: true}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// "test.func"() ({
	// ^bb0(%arg0: tensor<2x?xf32>):
	//   %0 = "test.neg"(%arg0) {alpha = 5.000000e-01 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
	// }) : () -> ()
}
