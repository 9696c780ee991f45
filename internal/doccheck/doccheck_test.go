package doccheck

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository root, relative to this package.
const root = "../.."

// trackedFiles lists the files git tracks, or, without git, every file
// under root outside .git.
func trackedFiles(t *testing.T) []string {
	t.Helper()
	if out, err := exec.Command("git", "-C", root, "ls-files").Output(); err == nil {
		return strings.Fields(string(out))
	}
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".git" || strings.HasPrefix(d.Name(), ".venv")) {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files
}

// scanned reports whether f is a document or source whose text names
// files: Markdown, Go, lit tests, txtar goldens, shell and Python scripts.
// What the frameworks export (test/frameworks/testdata) is their text, not
// ours.
func scanned(f string) bool {
	if strings.HasPrefix(f, "test/frameworks/testdata/") {
		return false
	}
	switch filepath.Ext(f) {
	case ".md", ".go", ".mlir", ".txtar", ".sh", ".py":
		return true
	}
	return false
}

// forbidden are the names of the notes and seed documents the project was
// designed from: they are not in the repository, so nothing may cite them.
var forbidden = regexp.MustCompile(`SEMANTICS\.md|CONFORMANCE\.md|DIRECTML\.md|STYLE\.md|\bSEMANTICS §|\bCONFORMANCE §|seeds/|\.\./shared|/work/shared|[0-9]{3}_[0-9a-f]{16}\.txt`)

// mdRef matches a Markdown file name with its directory, if any.
var mdRef = regexp.MustCompile(`[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b`)

// external says that a reference is to another project: an "owner/repo:"
// prefix, a URL, or a module path.
var external = regexp.MustCompile(`(https?://|[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+:|github\.com/|golang\.org/)\S*$`)

// repoPath matches a file path that starts at one of the repository's
// top-level directories and ends in an extension of the files the
// repository keeps (a Go identifier such as interp/kernel.Gather is not a
// path).
var repoPath = regexp.MustCompile(`(?:^|[\s(\x60'"\[])((?:docs|examples|internal|cmd|passes|dialect|interp|codegen|parser|tensor|translate|frontend|scripts|tools|compiler|test)/[A-Za-z0-9_./-]*\.(?:md|mlir|go|onnx|npy|pb|txtar|py|sh|json|txt|cfg\.py))\b`)

func exists(p string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
	return err == nil
}

func TestDocumentsNameOnlyFilesTheRepositoryHas(t *testing.T) {
	files := trackedFiles(t)
	if len(files) < 100 {
		t.Fatalf("found only %d files under %s", len(files), root)
	}
	checked := 0
	for _, f := range files {
		if !scanned(f) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			continue // listed by git but deleted in the work tree
		}
		checked++
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if f == "internal/doccheck/doccheck_test.go" {
				continue // the patterns themselves
			}
			if m := forbidden.FindString(line); m != "" {
				t.Errorf("%s:%d: names %q, which the repository does not contain; cite docs/semantics.md or docs/conformance.md instead", f, n, m)
			}
			for _, loc := range mdRef.FindAllStringIndex(line, -1) {
				ref := line[loc[0]:loc[1]]
				if external.MatchString(line[:loc[1]]) && strings.Contains(line[:loc[0]], ":") && external.FindStringIndex(line[:loc[1]])[0] <= loc[0] {
					continue
				}
				if exists(ref) || exists(filepath.ToSlash(filepath.Join(filepath.Dir(f), ref))) {
					continue
				}
				if !strings.Contains(ref, "/") && sameNameExists(files, ref) {
					continue // a bare name of a file the repository has (README.md, doc.go's neighbours)
				}
				t.Errorf("%s:%d: names %s, which the repository does not have", f, n, ref)
			}
			if filepath.Ext(f) == ".md" || filepath.Ext(f) == ".go" {
				for _, m := range repoPath.FindAllStringSubmatch(line, -1) {
					p := strings.TrimRight(m[1], ".")
					if exists(p) || exists(strings.TrimSuffix(p, "/")) {
						continue
					}
					t.Errorf("%s:%d: names the path %s, which the repository does not have", f, n, p)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked only %d files", checked)
	}
}

func sameNameExists(files []string, name string) bool {
	for _, f := range files {
		if filepath.Base(f) == name {
			return true
		}
	}
	return false
}

// The patterns catch what they are for.
func TestPatterns(t *testing.T) {
	for _, s := range []string{"see SEMANTICS.md §5.1", "CONFORMANCE §4: np.take", "/work/shared/design", "../shared/seeds/x"} {
		if !forbidden.MatchString(s) {
			t.Errorf("forbidden does not match %q", s)
		}
	}
	if m := mdRef.FindString("(docs/missing.md §2)"); m != "docs/missing.md" {
		t.Errorf("mdRef on a cited file: %q", m)
	}
	if m := repoPath.FindStringSubmatch("run `examples/nope.mlir`."); m == nil || m[1] != "examples/nope.mlir" {
		t.Errorf("repoPath: %q", m)
	}
	if exists("docs/missing.md") || !exists("docs/semantics.md") {
		t.Error("exists is wrong")
	}
}
