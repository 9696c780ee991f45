package pass

import (
	"strings"
	"testing"
)

func TestNamedPipelineMissingPassNamesImport(t *testing.T) {
	RegisterPipeline(&PipelineInfo{
		Argument:    "test-pipeline-missing-pass",
		Description: "a pipeline whose pass is not linked",
		Pipeline:    "test-not-linked-pass",
		Imports:     map[string]string{"test-not-linked-pass": "example.com/linked"},
	})
	_, err := ParsePipeline("builtin.module(test-pipeline-missing-pass)")
	if err == nil {
		t.Fatal("no error for a pipeline whose pass is not registered")
	}
	for _, want := range []string{"pipeline 'test-pipeline-missing-pass' needs pass 'test-not-linked-pass'", `import _ "example.com/linked"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	if LookupPipeline("test-pipeline-missing-pass") == nil || len(RegisteredPipelines()) == 0 {
		t.Error("registered pipeline not found")
	}
}

func TestRegisterPipelineRefusesBadNames(t *testing.T) {
	for _, info := range []*PipelineInfo{
		{Argument: "Not_Kebab", Pipeline: "cse"},
		{Argument: "test-bad-text", Pipeline: "cse)"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterPipeline(%q) did not panic", info.Argument)
				}
			}()
			RegisterPipeline(info)
		}()
	}
}

// A pipeline that names itself is an error when used, not a stack
// overflow.
func TestNamedPipelineRecursionIsAnError(t *testing.T) {
	RegisterPipeline(&PipelineInfo{Argument: "test-self-pipeline", Description: "names itself", Pipeline: "test-self-pipeline"})
	_, err := ParsePipeline("builtin.module(test-self-pipeline)")
	if err == nil || !strings.Contains(err.Error(), "expands through more than") {
		t.Errorf("ParsePipeline of a self-naming pipeline: %v", err)
	}
}
