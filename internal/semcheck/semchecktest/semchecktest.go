package semchecktest

import (
	"sync"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

var once sync.Once

// Register registers the wrong passes in ir's pass registry; it may be
// called many times.
func Register() {
	once.Do(func() {
		pass.Register(simplePass("test-drop-gather-mode", "TestDropGatherMode", "Test only: drop the index mode of tcp.gather (wrong)", func(op *ir.Operation) {
			op.RemoveAttr("mode")
			op.RemoveAttr("fill_value")
		}))
		pass.Register(simplePass("test-gather-to-wrap", "TestGatherToWrap", "Test only: turn clip gathers into wrap gathers (wrong)", func(op *ir.Operation) {
			if op.StrAttr("mode") == tcp.ModeClip {
				op.SetAttr("mode", ir.Str(tcp.ModeWrap))
			}
		}))
	})
}

type thePass struct {
	info *pass.Info
	fn   func(gather *ir.Operation)
}

func (p *thePass) Info() *pass.Info { return p.info }

func (p *thePass) Run(op *ir.Operation) error {
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name() == tcp.GatherName {
			p.fn(o)
		}
	})
	return nil
}

func simplePass(arg, name, desc string, fn func(*ir.Operation)) *pass.Info {
	info := &pass.Info{Argument: arg, Name: name, Description: desc, Anchor: pass.AnyOp}
	info.New = func(pass.Options) (pass.Pass, error) { return &thePass{info: info, fn: fn}, nil }
	return info
}
