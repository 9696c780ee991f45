package lit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
)

// builtin is a command implemented by the runner. A returned error is a
// misuse that aborts the test, as lit's InternalShellError does.
type builtin func(r *runner, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error)

var builtins map[string]builtin

func init() {
	builtins = map[string]builtin{
		":":     builtinTrue,
		"true":  builtinTrue,
		"false": builtinFalse,
		"echo":  builtinEcho,
		"cat":   builtinCat,
		"mkdir": builtinMkdir,
		"rm":    builtinRm,
		"diff":  builtinDiff,
		"cmp":   builtinCmp,
		"count": builtinCount,
	}
}

// builtinNames returns the sorted names of the builtins, including "not".
func builtinNames() []string {
	names := []string{"not"}
	for n := range builtins {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// getopt splits args (without the command name) into options and operands
// like GNU getopt: short options may be combined ("-rf") and interleaved
// with operands; "--" ends the options. short lists the allowed short
// options; those followed by ':' take a value. long lists the allowed long
// options (without "--").
func getopt(cmd string, args []string, short string, long ...string) (opts []string, vals map[string]string, operands []string, err error) {
	vals = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return opts, vals, append(operands, args[i+1:]...), nil
		case strings.HasPrefix(a, "--"):
			name := a[2:]
			ok := false
			for _, l := range long {
				if l == name {
					ok = true
				}
			}
			if !ok {
				return nil, nil, nil, shellErrorf("unsupported: '%s': option %s not recognized", cmd, a)
			}
			opts = append(opts, a)
		case strings.HasPrefix(a, "-") && a != "-":
			for j := 1; j < len(a); j++ {
				k := strings.IndexByte(short, a[j])
				if k < 0 || a[j] == ':' {
					return nil, nil, nil, shellErrorf("unsupported: '%s': option -%c not recognized", cmd, a[j])
				}
				opt := "-" + a[j:j+1]
				opts = append(opts, opt)
				if k+1 < len(short) && short[k+1] == ':' {
					switch {
					case j+1 < len(a):
						vals[opt] = a[j+1:]
					case i+1 < len(args):
						i++
						vals[opt] = args[i]
					default:
						return nil, nil, nil, shellErrorf("'%s': option %s requires an argument", cmd, opt)
					}
					break
				}
			}
		default:
			operands = append(operands, a)
		}
	}
	return opts, vals, operands, nil
}

func has(opts []string, names ...string) bool {
	for _, o := range opts {
		for _, n := range names {
			if o == n {
				return true
			}
		}
	}
	return false
}

func builtinTrue(*runner, []string, io.Reader, io.Writer, io.Writer) (int, error) { return 0, nil }

func builtinFalse(*runner, []string, io.Reader, io.Writer, io.Writer) (int, error) { return 1, nil }

// builtinEcho is bash's echo: options -n (no newline), -e (interpret
// escapes) and -E, possibly combined, before the first other argument.
func builtinEcho(_ *runner, args []string, _ io.Reader, stdout, _ io.Writer) (int, error) {
	args = args[1:]
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			s, stop := echoUnescape(a)
			b.WriteString(s)
			if stop {
				newline = false
				break
			}
		} else {
			b.WriteString(a)
		}
	}
	if newline {
		b.WriteByte('\n')
	}
	io.WriteString(stdout, b.String())
	return 0, nil
}

// echoUnescape interprets the escapes of "echo -e". stop reports "\c".
func echoUnescape(s string) (out string, stop bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'c':
			return b.String(), true
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\':
			b.WriteByte('\\')
		case '0', 'x':
			// \0nnn (up to 3 octal digits) and \xHH (up to 2 hex digits).
			base, max := 8, 3
			if e == 'x' {
				base, max = 16, 2
			}
			j := i + 1
			for j < len(s) && j-(i+1) < max && isDigitIn(s[j], base) {
				j++
			}
			if e == 'x' && j == i+1 {
				b.WriteString(`\x`)
				continue
			}
			v, _ := strconv.ParseUint("0"+s[i+1:j], base, 8)
			b.WriteByte(byte(v))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), false
}

func isDigitIn(c byte, base int) bool {
	switch {
	case '0' <= c && c <= '7':
		return true
	case c == '8' || c == '9':
		return base == 16
	case 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		return base == 16
	}
	return false
}

// readInput reads the file name, or stdin for "-".
func (r *runner) readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	if name == devNull {
		return nil, nil
	}
	return os.ReadFile(r.abs(name))
}

// errText formats a file error like coreutils do.
func errText(cmd, name string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		msg = "No such file or directory"
	case errors.Is(err, fs.ErrPermission):
		msg = "Permission denied"
	case errors.Is(err, fs.ErrExist):
		msg = "File exists"
	}
	return fmt.Sprintf("%s: %s: %s\n", cmd, name, msg)
}

func builtinCat(r *runner, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	_, _, files, err := getopt("cat", args[1:], "")
	if err != nil {
		return 0, err
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	code := 0
	for _, f := range files {
		data, err := r.readInput(f, stdin)
		if err != nil {
			io.WriteString(stderr, errText("cat", f, err))
			code = 1
			continue
		}
		stdout.Write(data)
	}
	return code, nil
}

func builtinMkdir(r *runner, args []string, _ io.Reader, _, stderr io.Writer) (int, error) {
	opts, _, dirs, err := getopt("mkdir", args[1:], "p", "parents")
	if err != nil {
		return 0, err
	}
	if len(dirs) == 0 {
		return 0, shellErrorf("'mkdir' is missing an operand")
	}
	parents := has(opts, "-p", "--parents")
	code := 0
	for _, d := range dirs {
		var err error
		if parents {
			err = os.MkdirAll(r.abs(d), 0o777)
		} else {
			err = os.Mkdir(r.abs(d), 0o777)
		}
		if err != nil {
			io.WriteString(stderr, errText("mkdir: cannot create directory", d, err))
			code = 1
		}
	}
	return code, nil
}

func builtinRm(r *runner, args []string, _ io.Reader, _, stderr io.Writer) (int, error) {
	opts, _, paths, err := getopt("rm", args[1:], "frR", "force", "recursive")
	if err != nil {
		return 0, err
	}
	if len(paths) == 0 {
		return 0, shellErrorf("'rm' is missing an operand")
	}
	force := has(opts, "-f", "--force")
	recursive := has(opts, "-r", "-R", "--recursive")
	code := 0
	for _, p := range paths {
		abs := r.abs(p)
		fi, err := os.Lstat(abs)
		switch {
		case err != nil:
			if !(force && errors.Is(err, fs.ErrNotExist)) {
				io.WriteString(stderr, errText("rm: cannot remove", p, err))
				code = 1
			}
			continue
		case fi.IsDir() && !recursive:
			fmt.Fprintf(stderr, "rm: cannot remove %s: Is a directory\n", p)
			code = 1
			continue
		}
		if fi.IsDir() {
			err = os.RemoveAll(abs)
		} else {
			err = os.Remove(abs)
		}
		if err != nil {
			io.WriteString(stderr, errText("rm: cannot remove", p, err))
			code = 1
		}
	}
	return code, nil
}

// builtinCount is LLVM's count utility: succeeds if stdin has exactly N
// newline characters.
func builtinCount(_ *runner, args []string, stdin io.Reader, _, stderr io.Writer) (int, error) {
	if len(args) != 2 {
		return 0, shellErrorf("usage: count <expected line count>")
	}
	want, err := strconv.Atoi(args[1])
	if err != nil || want < 0 {
		return 0, shellErrorf("count: invalid line count %q", args[1])
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return 0, err
	}
	if got := bytes.Count(data, []byte("\n")); got != want {
		fmt.Fprintf(stderr, "Expected %d lines, got %d.\n", want, got)
		return 1, nil
	}
	return 0, nil
}

// builtinCmp compares two files byte by byte: exit 0 if equal, 1 if they
// differ, 2 on error. -s suppresses the output.
func builtinCmp(r *runner, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	opts, _, files, err := getopt("cmp", args[1:], "s", "silent", "quiet")
	if err != nil {
		return 0, err
	}
	if len(files) != 2 {
		return 0, shellErrorf("'cmp' requires two operands")
	}
	silent := has(opts, "-s", "--silent", "--quiet")
	var data [2][]byte
	for i, f := range files {
		if data[i], err = r.readInput(f, stdin); err != nil {
			io.WriteString(stderr, errText("cmp", f, err))
			return 2, nil
		}
	}
	a, b := data[0], data[1]
	n := min(len(a), len(b))
	line := 1
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			if !silent {
				fmt.Fprintf(stdout, "%s %s differ: byte %d, line %d\n", files[0], files[1], i+1, line)
			}
			return 1, nil
		}
		if a[i] == '\n' {
			line++
		}
	}
	if len(a) != len(b) {
		if !silent {
			short := files[0]
			if len(b) < len(a) {
				short = files[1]
			}
			fmt.Fprintf(stderr, "cmp: EOF on %s after byte %d\n", short, n)
		}
		return 1, nil
	}
	return 0, nil
}

// builtinDiff compares two text files line by line and prints a unified
// diff: exit 0 if equal, 1 if they differ, 2 on error. Options: -u, -U N
// (context lines), -b, -w, -q, --strip-trailing-cr.
func builtinDiff(r *runner, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	opts, vals, files, err := getopt("diff", args[1:], "uU:bwq", "strip-trailing-cr", "brief", "ignore-all-space", "ignore-space-change")
	if err != nil {
		return 0, err
	}
	if len(files) != 2 {
		return 0, shellErrorf("'diff' requires two operands")
	}
	context := 3
	if v, ok := vals["-U"]; ok {
		if context, err = strconv.Atoi(v); err != nil || context < 0 {
			return 0, shellErrorf("diff: invalid context length %q", v)
		}
	}
	var data [2][]byte
	for i, f := range files {
		if fi, err := os.Stat(r.abs(f)); err == nil && fi.IsDir() && f != "-" {
			return 0, shellErrorf("unsupported: 'diff' of directories")
		}
		if data[i], err = r.readInput(f, stdin); err != nil {
			io.WriteString(stderr, errText("diff", f, err))
			return 2, nil
		}
	}
	norm := func(l string) string {
		if has(opts, "--strip-trailing-cr") {
			if strings.HasSuffix(l, "\r\n") {
				l = l[:len(l)-2] + "\n"
			} else {
				l = strings.TrimSuffix(l, "\r")
			}
		}
		switch {
		case has(opts, "-w", "--ignore-all-space"):
			l = strings.Join(strings.Fields(l), "")
		case has(opts, "-b", "--ignore-space-change"):
			l = strings.Join(strings.Fields(l), " ")
		}
		return l
	}
	a, b := splitLines(string(data[0])), splitLines(string(data[1]))
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i, l := range a {
		ka[i] = norm(l)
	}
	for i, l := range b {
		kb[i] = norm(l)
	}
	edits := diffLines(ka, kb)
	changed := false
	for _, e := range edits {
		if e.kind != ' ' {
			changed = true
			break
		}
	}
	if !changed {
		return 0, nil
	}
	if has(opts, "-q", "--brief") {
		fmt.Fprintf(stdout, "Files %s and %s differ\n", files[0], files[1])
		return 1, nil
	}
	io.WriteString(stdout, unifiedDiff(files[0], files[1], a, b, edits, context))
	return 1, nil
}

// splitLines splits s into lines that keep their "\n".
func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// edit is one line of an edit script: ' ' (both), '-' (only in a) or '+'
// (only in b), with the line indices in a and b.
type edit struct {
	kind byte
	a, b int
}

// diffLines returns an edit script turning a into b. It is minimal unless
// the inputs are very large and very different.
func diffLines(a, b []string) []edit {
	var edits []edit
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		edits = append(edits, edit{' ', pre, pre})
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(ma), len(mb)
	if n*m > 4<<20 {
		// Too large for the quadratic algorithm: replace the middle.
		for i := range n {
			edits = append(edits, edit{'-', pre + i, pre})
		}
		for j := range m {
			edits = append(edits, edit{'+', pre + n, pre + j})
		}
	} else {
		// lcs[i][j] is the length of the LCS of ma[i:] and mb[j:].
		lcs := make([][]int32, n+1)
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && ma[i] == mb[j]:
				edits = append(edits, edit{' ', pre + i, pre + j})
				i++
				j++
			case j < m && (i == n || lcs[i][j+1] > lcs[i+1][j]):
				edits = append(edits, edit{'+', pre + i, pre + j})
				j++
			default:
				edits = append(edits, edit{'-', pre + i, pre + j})
				i++
			}
		}
	}
	for k := range suf {
		edits = append(edits, edit{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return edits
}

// unifiedDiff formats edits as a unified diff with the given context.
func unifiedDiff(nameA, nameB string, a, b []string, edits []edit, context int) string {
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	writeLine := func(prefix byte, l string) {
		out.WriteByte(prefix)
		out.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
	rng := func(start, count int) string {
		if count == 0 {
			return fmt.Sprintf("%d,0", start)
		}
		if count == 1 {
			return strconv.Itoa(start + 1)
		}
		return fmt.Sprintf("%d,%d", start+1, count)
	}
	for i := 0; i < len(edits); {
		if edits[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before the change to context lines
		// after the last change that is within 2*context of the next.
		start := max(0, i-context)
		end := i
		for k := i; k < len(edits); k++ {
			if edits[k].kind != ' ' {
				end = k + 1
			} else if k-end >= 2*context {
				break
			}
		}
		end = min(len(edits), end+context)
		na, nb := 0, 0
		for _, e := range edits[start:end] {
			if e.kind != '+' {
				na++
			}
			if e.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", rng(edits[start].a, na), rng(edits[start].b, nb))
		for _, e := range edits[start:end] {
			switch e.kind {
			case ' ':
				writeLine(' ', a[e.a])
			case '-':
				writeLine('-', a[e.a])
			case '+':
				writeLine('+', b[e.b])
			}
		}
		i = end
	}
	return out.String()
}
