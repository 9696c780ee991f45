package parser_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// A toy dialect "tdt" exercises the type and attribute registry without
// depending on a real dialect: !tdt.pair<N, T> (N >= 0, T a builtin scalar),
// !tdt.unit, !tdt.box<T> (T a tdt type, written without its prefix, as
// torch-mlir writes list elements) and #tdt.point<x = I, y = I>.

type pairType struct {
	ir.TypeBase
	n    int64
	elem ir.Type
	str  string
}

func (t *pairType) String() string       { return t.str }
func (t *pairType) TypeDef() *ir.TypeDef { return pairDef }

type unitType struct{ ir.TypeBase }

func (unitType) String() string       { return "!tdt.unit" }
func (unitType) TypeDef() *ir.TypeDef { return unitDef }

type boxType struct {
	ir.TypeBase
	inner ir.Type
	str   string
}

func (t *boxType) String() string       { return t.str }
func (t *boxType) TypeDef() *ir.TypeDef { return boxDef }

type pointAttr struct {
	ir.AttrBase
	x, y int64
}

func (a pointAttr) String() string              { return fmt.Sprintf("#tdt.point<x = %d, y = %d>", a.x, a.y) }
func (a pointAttr) AttrDef() *ir.DialectAttrDef { return pointDef }

func mkPair(n int64, elem ir.Type) ir.Type {
	key := "!tdt.pair<" + strconv.FormatInt(n, 10) + ", " + elem.String() + ">"
	return ir.InternType(key, func() ir.Type { return &pairType{n: n, elem: elem, str: key} })
}

var (
	pairDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "tdt", Name: "pair", Summary: "a count and a scalar type",
		Parse: func(p ir.AsmParser) (ir.Type, error) {
			if err := p.ParsePunct("<"); err != nil {
				return nil, err
			}
			n, ok, err := p.ParseOptionalInteger()
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, p.Errorf("expected integer count")
			}
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
			at := p.CurrentLoc()
			elem, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			if !ir.IsInteger(elem) && !ir.IsFloat(elem) {
				return nil, ir.Errorf(at, "expected a scalar type, got %s", elem)
			}
			if err := p.ParsePunct(">"); err != nil {
				return nil, err
			}
			return mkPair(n, elem), nil
		},
		Verify: func(t ir.Type) error {
			if p := t.(*pairType); p.n < 0 {
				return fmt.Errorf("pair count must be non-negative, got %d", p.n)
			}
			return nil
		},
	})
	unitDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "tdt", Name: "unit",
		Parse: func(p ir.AsmParser) (ir.Type, error) { return unitType{}, nil },
	})
	boxDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "tdt", Name: "box",
		Parse: func(p ir.AsmParser) (ir.Type, error) {
			if err := p.ParsePunct("<"); err != nil {
				return nil, err
			}
			var inner ir.Type
			switch {
			case p.ParseOptionalKeyword("unit"):
				inner = unitType{}
			case p.ParseOptionalKeyword("pair"):
				t, err := pairDef.Parse(p)
				if err != nil {
					return nil, err
				}
				inner = t
			default:
				return nil, p.Errorf("expected tdt type")
			}
			if err := p.ParsePunct(">"); err != nil {
				return nil, err
			}
			key := "!tdt.box<" + strings.TrimPrefix(inner.String(), "!tdt.") + ">"
			return ir.InternType(key, func() ir.Type { return &boxType{inner: inner, str: key} }), nil
		},
	})
	pointDef = ir.MustRegisterAttr(ir.DialectAttrDef{
		Dialect: "tdt", Name: "point",
		Parse: func(p ir.AsmParser) (ir.Attribute, error) {
			var a pointAttr
			if err := p.ParsePunct("<"); err != nil {
				return nil, err
			}
			for i, f := range []*int64{&a.x, &a.y} {
				if i > 0 {
					if err := p.ParsePunct(","); err != nil {
						return nil, err
					}
				}
				if err := p.ParseKeyword([]string{"x", "y"}[i]); err != nil {
					return nil, err
				}
				if err := p.ParsePunct("="); err != nil {
					return nil, err
				}
				v, ok, err := p.ParseOptionalInteger()
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, p.Errorf("expected integer")
				}
				*f = v
			}
			return a, p.ParsePunct(">")
		},
	})
)

func TestDialectTypeRoundTrip(t *testing.T) {
	src := `%0:6 = "x.op"() {p = #tdt.point<x = 1,   y = -2>, q = #other.thing<a b>} : () -> (!tdt.pair< 3 ,  f32 >, !tdt.unit, !tdt.box<pair<0, i8>>, !tdt.box<unit>, !other.t<[1, 2]>, tensor<2x!tdt.unit>)
`
	m, err := parser.Parse("t.mlir", src, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	got := print(t, m, ir.PrintOptions{Generic: true})
	want := `"builtin.module"() ({
  %0:6 = "x.op"() {p = #tdt.point<x = 1, y = -2>, q = #other.thing<a b>} : () -> (!tdt.pair<3, f32>, !tdt.unit, !tdt.box<pair<0, i8>>, !tdt.box<unit>, !other.t<[1, 2]>, tensor<2x!tdt.unit>)
}) : () -> ()
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	var op *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name() == "x.op" {
			op = o
		}
	})
	rt := op.ResultTypes()
	if p, ok := rt[0].(*pairType); !ok || p.n != 3 || p.elem != ir.F32T {
		t.Errorf("result 0 = %#v, want pair 3 x f32", rt[0])
	}
	if rt[0] != mkPair(3, ir.F32T) {
		t.Error("registered types are not interned")
	}
	if _, ok := rt[4].(*ir.OpaqueType); !ok {
		t.Errorf("unknown dialect type is %T, want *ir.OpaqueType", rt[4])
	}
	if rt[5].(*ir.RankedTensorType).Elem() != ir.Type(unitType{}) {
		t.Errorf("tensor element is %T, want unitType", rt[5].(*ir.RankedTensorType).Elem())
	}
	if a, ok := op.Attr("p").(pointAttr); !ok || a.x != 1 || a.y != -2 {
		t.Errorf("p = %#v", op.Attr("p"))
	}
	if _, ok := op.Attr("q").(ir.OpaqueAttr); !ok {
		t.Errorf("q = %T, want ir.OpaqueAttr", op.Attr("q"))
	}
	// A registry without the definitions keeps the same text opaque, and
	// the two kinds never share an interned value.
	m2, err := parser.Parse("t.mlir", src, parser.Options{AllowUnregistered: true, Registry: ir.NewRegistry()})
	if err != nil {
		t.Fatal(err)
	}
	var op2 *ir.Operation
	m2.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name() == "x.op" {
			op2 = o
		}
	})
	if o, ok := op2.ResultTypes()[0].(*ir.OpaqueType); !ok || o.String() != "!tdt.pair< 3 ,  f32 >" {
		t.Errorf("without the definition: %#v, want the opaque type kept verbatim", op2.ResultTypes()[0])
	}
}

func TestDialectTypeErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`"x.op"() : () -> !tdt.pair<3, foo>`, "e.mlir:1:31: error: expected non-function type"},
		{`"x.op"() : () -> !tdt.pair<3, index>`, "e.mlir:1:31: error: expected a scalar type, got index"},
		{`"x.op"() : () -> !tdt.pair<x, f32>`, "e.mlir:1:28: error: expected integer count"},
		{"\"x.op\"() : () -> !tdt.pair<3,\n  f32 f32>", "e.mlir:2:7: error: expected '>'"},
		{`"x.op"() : () -> !tdt.pair<-1, f32>`, "e.mlir:1:18: error: pair count must be non-negative, got -1"},
		{`"x.op"() : () -> !tdt.unit<>`, "e.mlir:1:27: error: unexpected '<' after the parameters of !tdt.unit"},
		{`"x.op"() : () -> !tdt.box<pair<1, f32 x>>`, "e.mlir:1:39: error: expected '>'"},
		{`"x.op"() {a = #tdt.point<x = 1, z = 2>} : () -> ()`, "e.mlir:1:33: error: expected 'y'"},
		{`"x.op"() : () -> tensor<2x!tdt.pair<1, foo>>`, "e.mlir:1:40: error: expected non-function type"},
	} {
		_, err := parser.Parse("e.mlir", tc.src, parser.Options{AllowUnregistered: true})
		got := fmt.Sprint(err)
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}
