package semchecktest

import (
	"sync"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

var once sync.Once

// Register registers the wrong passes in ir's pass registry; it may be
// called many times.
func Register() {
	once.Do(func() {
		ir.RegisterPass(simplePass("test-drop-gather-mode", "TestDropGatherMode", "Test only: drop the index mode of tcp.gather (wrong)", func(op *ir.Operation) {
			op.RemoveAttr("mode")
			op.RemoveAttr("fill_value")
		}))
		ir.RegisterPass(simplePass("test-gather-to-wrap", "TestGatherToWrap", "Test only: turn clip gathers into wrap gathers (wrong)", func(op *ir.Operation) {
			if op.StrAttr("mode") == tcp.ModeClip {
				op.SetAttr("mode", ir.Str(tcp.ModeWrap))
			}
		}))
	})
}

type pass struct {
	info *ir.PassInfo
	fn   func(gather *ir.Operation)
}

func (p *pass) Info() *ir.PassInfo { return p.info }

func (p *pass) Run(op *ir.Operation) error {
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name() == tcp.GatherName {
			p.fn(o)
		}
	})
	return nil
}

func simplePass(arg, name, desc string, fn func(*ir.Operation)) *ir.PassInfo {
	info := &ir.PassInfo{Argument: arg, Name: name, Description: desc, Anchor: ir.AnyOp}
	info.New = func(ir.PassOptions) (ir.Pass, error) { return &pass{info: info, fn: fn}, nil }
	return info
}
