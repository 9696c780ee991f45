package readmecheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

const root = "../.."

// command is one line of a README sh block.
type command struct {
	line    int
	text    string // the command, without its trailing comment
	comment string // the trailing comment ("" if none)
	// shown is the text of the plain ``` block that follows the command's
	// sh block before the next sh block or heading (the output the README
	// shows), or "".
	shown string
}

var trailingComment = regexp.MustCompile(`\s+#\s?(.*)$`)

// readmeCommands returns the commands of README.md's ```sh blocks.
func readmeCommands(t *testing.T) []command {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []command
	in := false
	block := []int{} // indices into cmds of the last sh block's commands
	var shown *strings.Builder
	for i, l := range strings.Split(string(data), "\n") {
		trim := strings.TrimSpace(l)
		if shown != nil {
			if trim == "```" {
				for _, k := range block {
					cmds[k].shown = shown.String()
				}
				shown, block = nil, nil
			} else {
				shown.WriteString(strings.TrimRight(l, " ") + "\n")
			}
			continue
		}
		switch {
		case !in && trim == "```sh":
			in = true
			block = nil
		case !in && trim == "```" && len(block) > 0:
			shown = &strings.Builder{}
		case !in && strings.HasPrefix(trim, "#"):
			block = nil
		case !in && strings.HasPrefix(trim, "```"):
			block = nil
		case in && trim == "```":
			in = false
		case in && trim != "" && !strings.HasPrefix(trim, "#"):
			block = append(block, len(cmds))
			c := command{line: i + 1, text: trim}
			if m := trailingComment.FindStringSubmatchIndex(trim); m != nil {
				c.text = strings.TrimSpace(trim[:m[0]])
				c.comment = trim[m[2]:m[3]]
			}
			cmds = append(cmds, c)
		}
	}
	if in {
		t.Fatal("README.md: an sh block is not closed")
	}
	return cmds
}

type check struct {
	kind, arg string
}

func readExpectations(t *testing.T) (map[string][]check, []string) {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/readme.txtar")
	if err != nil {
		t.Fatal(err)
	}
	exp := map[string][]check{}
	var order []string
	for _, f := range ar.Files {
		name := strings.TrimSpace(f.Name)
		if _, dup := exp[name]; dup {
			t.Fatalf("testdata/readme.txtar: two sections for %q", name)
		}
		var cs []check
		for _, l := range strings.Split(string(f.Data), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			kind, arg, ok := strings.Cut(l, ":")
			if !ok {
				t.Fatalf("testdata/readme.txtar: section %q: bad line %q", name, l)
			}
			switch kind {
			case "contains", "lacks", "values", "promise", "file", "exit", "skip", "shown-output":
			default:
				t.Fatalf("testdata/readme.txtar: section %q: unknown check %q", name, kind)
			}
			cs = append(cs, check{kind, strings.TrimSpace(arg)})
		}
		exp[name] = cs
		order = append(order, name)
	}
	return exp, order
}

var number = regexp.MustCompile(`-?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?`)

func numbers(s string) []float64 {
	var out []float64
	for _, m := range number.FindAllString(s, -1) {
		if v, err := strconv.ParseFloat(m, 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// containsRun reports whether want appears contiguously in got.
func containsRun(got, want []float64) bool {
	for i := 0; i+len(want) <= len(got); i++ {
		ok := true
		for j := range want {
			if got[i+j] != want[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// copyRepo copies the tracked files of the repository into dir.
func copyRepo(t *testing.T, dir string) {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("git ls-files: %v (the README check copies the tracked files)", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		dst := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if st, err := os.Stat(filepath.Join(root, f)); err == nil && st.Mode()&0o111 != 0 {
			mode = 0o755
		}
		if err := os.WriteFile(dst, data, mode); err != nil {
			t.Fatal(err)
		}
	}
}

var goRun = regexp.MustCompile(`\bgo run \./cmd/([a-z-]+)`)

func TestREADMECommands(t *testing.T) {
	cmds := readmeCommands(t)
	exp, order := readExpectations(t)
	seen := map[string]bool{}
	var missing []string
	for _, c := range cmds {
		seen[c.text] = true
		if _, ok := exp[c.text]; !ok {
			missing = append(missing, fmt.Sprintf("-- %s --\ncontains: ...\n", c.text))
		}
	}
	if len(missing) > 0 {
		t.Fatalf("README.md commands without a section in testdata/readme.txtar; add:\n%s", strings.Join(missing, ""))
	}
	for _, name := range order {
		if !seen[name] {
			t.Errorf("testdata/readme.txtar: section %q names no command of README.md; remove it", name)
		}
	}
	for _, c := range cmds {
		for _, ch := range exp[c.text] {
			if ch.kind == "promise" && !strings.Contains(c.comment, ch.arg) {
				t.Errorf("README.md:%d: the comment on %q no longer promises %q", c.line, c.text, ch.arg)
			}
		}
	}
	if testing.Short() {
		t.Skip("runs the README's commands (-short)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in $PATH")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh in $PATH")
	}

	repo := filepath.Join(t.TempDir(), "repo")
	copyRepo(t, repo)
	bin := t.TempDir()
	// The tools are built from this work tree (the same sources as the
	// copy; building here reuses the build cache, which a new directory
	// would not).
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cmd/...")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/...: %v\n%s", err, out)
	}

	for _, c := range cmds {
		checks := exp[c.text]
		skip := ""
		for _, ch := range checks {
			if ch.kind == "skip" {
				skip = ch.arg
			}
		}
		if skip != "" {
			t.Logf("README.md:%d: not run: %s (%s)", c.line, c.text, skip)
			continue
		}
		shell := goRun.ReplaceAllString(c.text, filepath.ToSlash(bin)+"/$1")
		cmd := exec.Command("sh", "-c", shell)
		cmd.Dir = repo
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("README.md:%d: %s: %v", c.line, c.text, err)
		}
		wantStatus := 0
		report := func(format string, args ...any) {
			t.Errorf("README.md:%d: %s: %s\noutput:\n%s", c.line, c.text, fmt.Sprintf(format, args...), out.String())
		}
		for _, ch := range checks {
			switch ch.kind {
			case "exit":
				wantStatus, _ = strconv.Atoi(ch.arg)
			case "contains":
				if !strings.Contains(out.String(), ch.arg) {
					report("output lacks %q", ch.arg)
				}
			case "lacks":
				if strings.Contains(out.String(), ch.arg) {
					report("output contains %q", ch.arg)
				}
			case "shown-output":
				if c.shown == "" {
					report("the README shows no output block after this command")
				} else if !strings.Contains(out.String(), c.shown) {
					report("output lacks the block the README shows after the command:\n%s", c.shown)
				}
			case "values":
				want := numbers(ch.arg)
				if !containsRun(numbers(out.String()), want) {
					report("output lacks the values %v in order", want)
				}
			case "file":
				p, text, _ := strings.Cut(ch.arg, " ")
				data, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(p)))
				if err != nil {
					report("%v", err)
				} else if !strings.Contains(string(data), text) {
					report("%s lacks %q", p, text)
				}
			}
		}
		if status != wantStatus {
			report("exit status %d, want %d", status, wantStatus)
		}
	}
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want []float64
		ok   bool
	}{
		{"dense<[[0.000000e+00, 1.000000e+00], [8.000000e+00, 9.000000e+00]]> : tensor<2x2xf32>", []float64{0, 1, 8, 9}, true},
		{"[[ 0.  1.]\n [ 8.  9.]]", []float64{0, 1, 8, 9}, true},
		{"[[0, 1], [9, 8]]", []float64{0, 1, 8, 9}, false},
		{"-2 -1.5e+00", []float64{-2, -1.5}, true},
	} {
		if got := containsRun(numbers(tc.out), tc.want); got != tc.ok {
			t.Errorf("containsRun(numbers(%q), %v) = %v, want %v", tc.out, tc.want, got, tc.ok)
		}
	}
}
