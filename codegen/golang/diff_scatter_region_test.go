package golang

import (
	"errors"
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// TestScatterRegionWorkers is TestScatterWorkers for combine = "region":
// the same random configurations (ranks, modes, fusions, dynamic dims,
// duplicates), each scatter given a random combiner region of scalar ops
// of its element type (float arithmetic with NaN and rounding rules,
// wrapping integer arithmetic, comparisons and selects, i1 logic). Each
// argument set runs in the interpreter and in the kernel with 1, 2, 3 and
// 8 workers; results must be equal bit for bit, index errors equal.

// regionTemplates are combiner bodies by element class; %C and %U are the
// block arguments, T the element type, # a per-op suffix.
var regionTemplates = map[string][]string{
	"float": {
		`%r0# = arith.mulf %C, %U : tensor<T>
    %r1# = arith.subf %r0#, %C : tensor<T>
    tcp.yield %r1# : tensor<T>`,
		`%k# = arith.constant dense<5.000000e-01> : tensor<T>
    %r0# = arith.cmpf ogt, %C, %U : tensor<T>
    %r1# = arith.mulf %U, %k# : tensor<T>
    %r2# = arith.select %r0#, %C, %r1# : tensor<i1>, tensor<T>
    tcp.yield %r2# : tensor<T>`,
		`%k# = arith.constant dense<3.000000e+00> : tensor<T>
    %r0# = arith.negf %U : tensor<T>
    %r1# = arith.maxf %C, %r0# : tensor<T>
    %r2# = arith.divf %r1#, %k# : tensor<T>
    %r3# = arith.addf %r2#, %U : tensor<T>
    %r4# = arith.minf %r3#, %C : tensor<T>
    tcp.yield %r4# : tensor<T>`,
		`%r0# = arith.cmpf uno, %C, %U : tensor<T>
    %r1# = arith.addf %C, %U : tensor<T>
    %r2# = arith.select %r0#, %U, %r1# : tensor<i1>, tensor<T>
    tcp.yield %r2# : tensor<T>`,
	},
	"int": {
		`%r0# = arith.muli %C, %U : tensor<T>
    %r1# = arith.addi %r0#, %U : tensor<T>
    tcp.yield %r1# : tensor<T>`,
		`%k# = arith.constant dense<3> : tensor<T>
    %r0# = arith.cmpi slt, %C, %U : tensor<T>
    %r1# = arith.subi %U, %k# : tensor<T>
    %r2# = arith.select %r0#, %r1#, %C : tensor<i1>, tensor<T>
    tcp.yield %r2# : tensor<T>`,
		`%k# = arith.constant dense<5> : tensor<T>
    %r0# = arith.andi %C, %U : tensor<T>
    %r1# = arith.ori %r0#, %k# : tensor<T>
    %r2# = arith.maxsi %r1#, %C : tensor<T>
    %r3# = arith.cmpi ugt, %r2#, %U : tensor<T>
    %r4# = arith.minsi %r2#, %U : tensor<T>
    %r5# = arith.select %r3#, %r4#, %r2# : tensor<i1>, tensor<T>
    tcp.yield %r5# : tensor<T>`,
	},
	"i1": {
		`%r0# = arith.andi %C, %U : tensor<i1>
    %r1# = arith.cmpi ne, %r0#, %U : tensor<i1>
    tcp.yield %r1# : tensor<i1>`,
		`%k# = arith.constant dense<true> : tensor<i1>
    %r0# = arith.ori %C, %U : tensor<i1>
    %r1# = arith.select %C, %k#, %r0# : tensor<i1>, tensor<i1>
    %r2# = arith.cmpi eq, %r1#, %U : tensor<i1>
    tcp.yield %r2# : tensor<i1>`,
	},
}

func regionClass(dt tensor.DType) string {
	switch {
	case dt == tensor.I1:
		return "i1"
	case dt.IsFloat():
		return "float"
	case dt == tensor.UI8:
		return "" // arith takes signless integers only
	}
	return "int"
}

var scatterOpRE = regexp.MustCompile(`(tcp\.scatter(?:_nd)? %\S+, %\S+, %\S+)(?: \{([^}]*)\})? : ([^\n]*) -> (tensor<[^>]*>)`)
var combineAttrRE = regexp.MustCompile(`,? ?combine = "[a-z]+",? ?`)

// withRegions rewrites every scatter of c.src to combine = "region" with
// a random template of its element class.
func withRegions(r *rand.Rand, c scatterConfig, n *int) (string, bool) {
	class := regionClass(c.elem)
	if class == "" {
		return "", false
	}
	tmpls := regionTemplates[class]
	e := mlirElem[c.elem]
	src := scatterOpRE.ReplaceAllStringFunc(c.src, func(s string) string {
		m := scatterOpRE.FindStringSubmatch(s)
		attrs := strings.TrimSpace(combineAttrRE.ReplaceAllString(m[2], ", "))
		attrs = strings.Trim(attrs, ", ")
		if attrs != "" {
			attrs += ", "
		}
		attrs += `combine = "region"`
		*n++
		suffix := fmt.Sprint(*n)
		body := tmpls[r.Intn(len(tmpls))]
		body = strings.NewReplacer("%C", "%c"+suffix, "%U", "%v"+suffix, "#", "_"+suffix, "tensor<T>", "tensor<"+e+">").Replace(body)
		return fmt.Sprintf("%s {%s} : %s -> %s {\n  ^bb0(%%c%s: tensor<%s>, %%v%s: tensor<%s>):\n    %s\n  }", m[1], attrs, m[3], m[4], suffix, e, suffix, e, body)
	})
	return src, true
}

func TestScatterRegionWorkers(t *testing.T) {
	r := rand.New(rand.NewSource(1919))
	nconf, nargs := 120, 6
	if testing.Short() {
		nconf, nargs = 40, 3
	}
	var configs []scatterConfig
	var src strings.Builder
	n := 0
	for _, c := range scatterConfigs(r, nconf) {
		s, ok := withRegions(r, c, &n)
		if !ok {
			continue
		}
		c.src = s
		configs = append(configs, c)
		src.WriteString(s)
		src.WriteString("\n")
	}
	m, err := parser.Parse("scatter_region.mlir", src.String(), parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, numbered(src.String()))
	}
	pr := startKernels(t, m)
	compared, dupCases := 0, 0
	classes := map[string]int{}
	for _, c := range configs {
		classes[regionClass(c.elem)]++
		fn := function.Lookup(m, c.name)
		for a := 0; a < nargs; a++ {
			args := c.args(r)
			want, werr := interp.Run(fn, args)
			if hasDuplicates(c, args) {
				dupCases++
			}
			var ie *kernel.IndexError
			promise := errors.As(werr, &ie) && ie.Mode == kernel.PromiseInBounds
			for _, w := range workerCounts {
				got, _, gerr := pr.Call(c.name, args, CallOptions{Workers: w, MinBytesPerWorker: 1})
				var ke *KernelError
				if gerr != nil && !errors.As(gerr, &ke) {
					t.Fatalf("@%s: %v", c.name, gerr)
				}
				if promise {
					continue
				}
				if werr != nil {
					if gerr == nil {
						t.Errorf("@%s workers %d: interpreter fails (%v), kernel does not\n%s", c.name, w, werr, c.src)
					} else if errors.As(werr, &ie) && ie.Error() != gerr.Error() {
						t.Errorf("@%s workers %d: error %q, want %q\n%s", c.name, w, gerr, ie.Error(), c.src)
					}
					continue
				}
				if gerr != nil {
					t.Errorf("@%s workers %d: kernel fails: %v\n%s", c.name, w, gerr, c.src)
					continue
				}
				compared++
				for k := range want {
					if string(want[k].Data) != string(got[k].Data) {
						t.Errorf("@%s workers %d: result %d differs\nwant %s\ngot  %s\nargs %v\n%s", c.name, w, k, tensor.Format(want[k]), tensor.Format(got[k]), fmtArgs(args), c.src)
					}
				}
			}
			if t.Failed() {
				t.FailNow()
			}
		}
	}
	if !testing.Short() && (compared < 1000 || dupCases < 100 || classes["float"] == 0 || classes["int"] == 0 || classes["i1"] == 0) {
		t.Errorf("only %d bitwise comparisons (%d argument sets with duplicates, configurations by class %v); the generator is too narrow", compared, dupCases, classes)
	}
	t.Logf("%d region configurations (%v), %d results compared bit for bit, %d argument sets with duplicates", len(configs), classes, compared, dupCases)
}
