// Command mutate is the mutation gate behind scripts/mutate.sh: it applies
// each mutation of the list (package mutation) to a scratch copy of the
// tree, runs the tests that should kill it, and prints a table. It exits 1
// if a mutation survives, times out, does not compile, or no longer
// applies.
//
//	go run ./internal/mutation/mutate [-list scripts/mutations.txt] [-j 2] [-only REGEXP] [-short] [-timeout 10m]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/tcp-project/tcp/internal/mutation"
)

func main() {
	list := flag.String("list", "scripts/mutations.txt", "the mutation list")
	jobs := flag.Int("j", 2, "mutations tested at once (each in its own scratch copy)")
	only := flag.String("only", "", "test only the mutations whose id matches this regexp")
	short := flag.Bool("short", false, "pass -short to go test")
	timeout := flag.Duration("timeout", 10*time.Minute, "time limit per mutation")
	keep := flag.Bool("keep", false, "keep the scratch copies (their paths are printed)")
	flag.Parse()
	if err := run(*list, *jobs, *only, *short, *timeout, *keep, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(1)
	}
}

type result struct {
	m       mutation.Mutation
	outcome string // killed, SURVIVED, BUILD-FAILED, ENV-FAILED, TIMEOUT, STALE
	by      string // the first failing test
	dur     time.Duration
	log     string
}

func run(list string, jobs int, only string, short bool, timeout time.Duration, keep bool, w io.Writer) error {
	root, err := gitRoot()
	if err != nil {
		return err
	}
	ms, err := mutation.Parse(filepath.Join(root, list))
	if err != nil {
		return err
	}
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			return err
		}
		var sel []mutation.Mutation
		for _, m := range ms {
			if re.MatchString(m.ID) {
				sel = append(sel, m)
			}
		}
		ms = sel
	}
	if len(ms) == 0 {
		return errors.New("no mutations selected")
	}
	// Check that every mutation applies before copying anything.
	var stale []string
	for _, m := range ms {
		if _, _, err := m.Apply(root); err != nil {
			stale = append(stale, err.Error())
		}
	}
	if len(stale) > 0 {
		return fmt.Errorf("the list does not apply to this tree:\n  %s", strings.Join(stale, "\n  "))
	}
	files, err := trackedFiles(root)
	if err != nil {
		return err
	}
	jobs = max(1, min(jobs, len(ms)))
	scratch, err := os.MkdirTemp("", "tcp-mutate-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(scratch)
	}
	fmt.Fprintf(w, "mutate: %d mutations, %d at a time, scratch copies under %s\n", len(ms), jobs, scratch)
	work := make(chan int)
	results := make([]result, len(ms))
	var wg sync.WaitGroup
	var mu sync.Mutex
	for j := 0; j < jobs; j++ {
		dir := filepath.Join(scratch, fmt.Sprint(j))
		if err := copyTree(root, dir, files); err != nil {
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r := test(dir, ms[i], short, timeout)
				mu.Lock()
				results[i] = r
				fmt.Fprintf(w, "  %-34s %-13s %6.1fs %s\n", r.m.ID, r.outcome, r.dur.Seconds(), r.by)
				mu.Unlock()
			}
		}()
	}
	for i := range ms {
		work <- i
	}
	close(work)
	wg.Wait()

	fmt.Fprintf(w, "\n| id | file | tests | result | killed by |\n|---|---|---|---|---|\n")
	bad := 0
	for _, r := range results {
		tests := strings.Join(r.m.Tests, " ")
		if r.m.Run != "" {
			tests += " -run '" + r.m.Run + "'"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", r.m.ID, r.m.File, tests, r.outcome, r.by)
		if r.outcome != "killed" {
			bad++
		}
	}
	killed := len(results) - bad
	fmt.Fprintf(w, "\nmutate: %d of %d killed\n", killed, len(results))
	for _, r := range results {
		if r.outcome != "killed" {
			fmt.Fprintf(w, "\n--- %s (%s): %s\n    %s: %q -> %q\n%s\n", r.m.ID, r.outcome, r.m.Why, r.m.File, r.m.From, r.m.To, tail(r.log, 30))
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d mutations not killed", bad)
	}
	return nil
}

// test applies m in dir, runs its tests and restores the file.
func test(dir string, m mutation.Mutation, short bool, timeout time.Duration) (r result) {
	r.m = m
	start := time.Now()
	defer func() { r.dur = time.Since(start) }()
	mutated, original, err := m.Apply(dir)
	if err != nil {
		r.outcome, r.log = "STALE", err.Error()
		return r
	}
	path := filepath.Join(dir, m.File)
	if err := os.WriteFile(path, mutated, 0o644); err != nil {
		r.outcome, r.log = "STALE", err.Error()
		return r
	}
	defer os.WriteFile(path, original, 0o644)

	args := []string{"test", "-failfast"}
	if short {
		args = append(args, "-short")
	}
	if m.Run != "" {
		args = append(args, "-run", m.Run)
	}
	args = append(args, m.Tests...)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-vet=off")
	out, err := cmd.CombinedOutput()
	r.log = string(out)
	switch {
	case ctx.Err() != nil:
		r.outcome = "TIMEOUT"
	case err == nil:
		r.outcome = "SURVIVED"
	case strings.Contains(r.log, "[build failed]") || strings.Contains(r.log, "[setup failed]"):
		r.outcome = "BUILD-FAILED"
	case strings.Contains(r.log, "oracle missing:"):
		// A test failed for its environment (CI=true and a missing
		// tool), not for the mutation: that proves nothing.
		r.outcome = "ENV-FAILED"
	default:
		r.outcome = "killed"
		r.by = firstFailure(r.log)
	}
	return r
}

var failRE = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)|^FAIL\s+(\S+)|^panic: (.*)`)

func firstFailure(log string) string {
	// The deepest failing test: the last "--- FAIL" line before the first
	// package FAIL line.
	best := ""
	for _, m := range failRE.FindAllStringSubmatch(log, -1) {
		switch {
		case m[1] != "":
			if best == "" || strings.HasPrefix(m[1], best) {
				best = m[1]
			}
		case m[3] != "" && best == "":
			best = "panic: " + m[3]
		case m[2] != "":
			if best == "" {
				best = m[2]
			}
			return best
		}
	}
	return best
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func gitRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("not in a git work tree: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// trackedFiles lists the files of the work tree (tracked, and untracked
// ones that are not ignored), as they are now.
func trackedFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}

func copyTree(root, dir string, files []string) error {
	for _, f := range files {
		src := filepath.Join(root, f)
		info, err := os.Lstat(src)
		if err != nil {
			if os.IsNotExist(err) { // deleted in the work tree
				continue
			}
			return err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}
