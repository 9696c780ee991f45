package ir

import (
	"strings"
	"testing"
)

func TestNamedPipelineMissingPassNamesImport(t *testing.T) {
	RegisterPassPipeline(&PassPipelineInfo{
		Argument:    "test-pipeline-missing-pass",
		Description: "a pipeline whose pass is not linked",
		Pipeline:    "test-not-linked-pass",
		Imports:     map[string]string{"test-not-linked-pass": "example.com/linked"},
	})
	_, err := ParsePassPipeline("builtin.module(test-pipeline-missing-pass)")
	if err == nil {
		t.Fatal("no error for a pipeline whose pass is not registered")
	}
	for _, want := range []string{"pipeline 'test-pipeline-missing-pass' needs pass 'test-not-linked-pass'", `import _ "example.com/linked"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	if LookupPassPipeline("test-pipeline-missing-pass") == nil || len(RegisteredPassPipelines()) == 0 {
		t.Error("registered pipeline not found")
	}
}

func TestRegisterPassPipelineRefusesBadNames(t *testing.T) {
	for _, info := range []*PassPipelineInfo{
		{Argument: "Not_Kebab", Pipeline: "cse"},
		{Argument: "test-bad-text", Pipeline: "cse)"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterPassPipeline(%q) did not panic", info.Argument)
				}
			}()
			RegisterPassPipeline(info)
		}()
	}
}
