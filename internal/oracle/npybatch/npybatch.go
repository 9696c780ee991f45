package npybatch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

// Case is one oracle case.
type Case struct {
	Op     string           // the script's op name
	Spec   map[string]any   // extra fields of the case's SPEC.json entry
	Inputs []*tensor.Tensor // written in order to INPUTS
}

// Result is the oracle's answer to one case: its result, or the error the
// framework raised ("<ExceptionType>: <message>"; Out is nil then).
type Result struct {
	Out *tensor.Tensor
	Err string
}

// Run writes cases into dir, runs py script SPEC.json INPUTS RESULTS.json
// under ctx with env added to the environment, and returns one Result per
// case, in order. The error carries the script's stderr.
func Run(ctx context.Context, py, script, dir string, env []string, cases []Case) ([]Result, error) {
	var spec []map[string]any
	var inputs bytes.Buffer
	for id, c := range cases {
		e := map[string]any{"id": id, "op": c.Op, "ninputs": len(c.Inputs)}
		for k, v := range c.Spec {
			e[k] = v
		}
		for _, in := range c.Inputs {
			if err := npy.Write(&inputs, in); err != nil {
				return nil, fmt.Errorf("case %d: %v", id, err)
			}
		}
		spec = append(spec, e)
	}
	js, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	specPath, inputsPath, resultsPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "inputs.npys"), filepath.Join(dir, "results.json")
	if err := os.WriteFile(specPath, js, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(inputsPath, inputs.Bytes(), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, py, script, specPath, inputsPath, resultsPath)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", filepath.Base(script), err, stderr.String())
	}
	var raw []struct {
		ID  int    `json:"id"`
		Npy []byte `json:"npy"`
		Err string `json:"err"`
	}
	rj, err := os.ReadFile(resultsPath)
	if err == nil {
		err = json.Unmarshal(rj, &raw)
	}
	if err != nil || len(raw) != len(cases) {
		return nil, fmt.Errorf("oracle results: %v (%d for %d cases)", err, len(raw), len(cases))
	}
	out := make([]Result, len(raw))
	for id, r := range raw {
		out[id].Err = r.Err
		if r.Err == "" {
			if out[id].Out, err = npy.Read(bytes.NewReader(r.Npy)); err != nil {
				return nil, fmt.Errorf("case %d: bad oracle output: %v", id, err)
			}
		}
	}
	return out, nil
}
