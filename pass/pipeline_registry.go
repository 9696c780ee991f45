package pass

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// PipelineInfo describes a named pass pipeline, MLIR's
// PassPipelineRegistration: a name that stands for a list of passes, usable
// wherever a pass is (inside --pass-pipeline, and as a tcp-opt flag). The
// name expands in place to its passes, so a printed pipeline shows the
// passes, as MLIR's does.
type PipelineInfo struct {
	// Argument is the kebab-case name ("frontends-to-tcp-pipeline").
	Argument string
	// Description is a one-line summary for --help.
	Description string
	// Pipeline is the element list the name expands to, in the textual
	// pipeline syntax without an outer anchor ("inline,canonicalize,cse").
	// It is resolved where the name is used, against the enclosing
	// pipeline's anchor.
	Pipeline string
	// Imports names, for each pass of Pipeline, the Go package whose import
	// registers it, so that a program that links the pipeline without one of
	// its passes gets an error saying what to import.
	Imports map[string]string
}

var pipelineRegistry = struct {
	sync.RWMutex
	m map[string]*PipelineInfo
}{m: map[string]*PipelineInfo{}}

// RegisterPipeline adds a named pipeline. It panics if the argument is
// not kebab-case, is already a registered pipeline or pass, or the pipeline
// text does not parse (programmer errors found by every test).
func RegisterPipeline(info *PipelineInfo) {
	if !kebab.MatchString(info.Argument) {
		panic(fmt.Sprintf("pass: pipeline argument %q is not kebab-case", info.Argument))
	}
	if _, err := parsePipelineText(info.Pipeline, 0, info.Pipeline); err != nil {
		panic(fmt.Sprintf("pass: pipeline '%s': %v", info.Argument, err))
	}
	if Lookup(info.Argument) != nil {
		panic(fmt.Sprintf("pass: pipeline '%s' has the name of a registered pass", info.Argument))
	}
	pipelineRegistry.Lock()
	defer pipelineRegistry.Unlock()
	if _, dup := pipelineRegistry.m[info.Argument]; dup {
		panic(fmt.Sprintf("pass: pipeline '%s' registered twice", info.Argument))
	}
	pipelineRegistry.m[info.Argument] = info
}

// LookupPipeline returns the named pipeline argument, or nil.
func LookupPipeline(argument string) *PipelineInfo {
	pipelineRegistry.RLock()
	defer pipelineRegistry.RUnlock()
	return pipelineRegistry.m[argument]
}

// RegisteredPipelines returns every named pipeline, sorted by argument.
func RegisteredPipelines() []*PipelineInfo {
	pipelineRegistry.RLock()
	out := make([]*PipelineInfo, 0, len(pipelineRegistry.m))
	for _, p := range pipelineRegistry.m {
		out = append(out, p)
	}
	pipelineRegistry.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Argument < out[j].Argument })
	return out
}

// maxPipelineExpansion bounds named pipelines that name named pipelines.
const maxPipelineExpansion = 8

// expandPipeline resolves the named pipeline info used at offset pos of
// full into items for a pipeline anchored on parentAnchor.
func expandPipeline(full string, pos int, parentAnchor string, info *PipelineInfo, depth int) ([]pmItem, error) {
	errAt := func(msg string) error { return &PipelineError{Pipeline: full, Offset: pos, Msg: msg} }
	if depth > maxPipelineExpansion {
		return nil, errAt(fmt.Sprintf("pipeline '%s' expands through more than %d named pipelines", info.Argument, maxPipelineExpansion))
	}
	elems, err := parsePipelineText(info.Pipeline, 0, info.Pipeline)
	if err != nil {
		return nil, errAt(fmt.Sprintf("pipeline '%s': %v", info.Argument, err))
	}
	var items []pmItem
	for _, e := range elems {
		if !e.hasNested && Lookup(e.name) == nil && LookupPipeline(e.name) == nil {
			msg := fmt.Sprintf("pipeline '%s' needs pass '%s', which is not registered", info.Argument, e.name)
			if imp := info.Imports[e.name]; imp != "" {
				msg += fmt.Sprintf(" (import _ %q, or github.com/tcp-project/tcp/passes/all for every pass)", imp)
			}
			return nil, errAt(msg)
		}
		its, err := resolveElems(info.Pipeline, parentAnchor, e, depth+1)
		if err != nil {
			var pe *PipelineError
			if asPipelineError(err, &pe) {
				return nil, errAt(fmt.Sprintf("in pipeline '%s' (%s): %s", info.Argument, info.Pipeline, pe.Msg))
			}
			return nil, err
		}
		items = append(items, its...)
	}
	return items, nil
}

func asPipelineError(err error, pe **PipelineError) bool {
	p, ok := err.(*PipelineError)
	if ok {
		*pe = p
	}
	return ok
}

// resolveElems resolves e, expanding a named pipeline into its passes.
func resolveElems(full, parentAnchor string, e *pipelineElem, depth int) ([]pmItem, error) {
	if !e.hasNested && Lookup(e.name) == nil {
		if info := LookupPipeline(e.name); info != nil {
			if e.hasOpts && strings.TrimSpace(e.options) != "" {
				return nil, &PipelineError{Pipeline: full, Offset: e.optPos, Msg: fmt.Sprintf("pipeline '%s' takes no options", e.name)}
			}
			return expandPipeline(full, e.pos, parentAnchor, info, depth)
		}
	}
	it, err := resolveElem(full, parentAnchor, e)
	if err != nil {
		return nil, err
	}
	return []pmItem{it}, nil
}

// missingPassesHint says what to import when the program has not linked
// this module's pass packages (the canonicalizer, which every tool links,
// is missing): a library program that imported only ir or the parser. In
// the tools the message stays MLIR's.
func missingPassesHint() string {
	if Lookup("canonicalize") != nil {
		return ""
	}
	return " (no pass package is imported: passes are registered by importing their packages, github.com/tcp-project/tcp/passes/all for every pass and named pipeline; the github.com/tcp-project/tcp/compiler package registers everything)"
}
