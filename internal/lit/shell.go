package lit

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the lexer and parser of the small shell language used in
// RUN lines. The lexer follows LLVM lit's internal shell (lit/ShUtil.py), and
// where lit's internal shell and bash disagree it follows bash, because the
// lit configuration in test/lit runs RUN lines with bash (ShTest(True)).
// Constructs whose bash meaning is not implemented ($-expansion, backquotes,
// unquoted parentheses, brace expansion, ~) are rejected instead of being
// given a different meaning.

// word is one shell word after quote removal.
type word struct {
	// Text is the word with quotes and escapes removed.
	Text string
	// Glob is set when the word contains an unquoted glob metacharacter
	// ('*', '?' or '['). It is then a filepath.Match pattern in which the
	// quoted characters are escaped with a backslash.
	Glob string
}

// redirect is one I/O redirection of a command.
type redirect struct {
	// Op is one of "<", ">", ">>", ">&" (duplicate file descriptor Target
	// into FD) and "&>" (stdout and stderr to the file Target).
	Op string
	// FD is the redirected file descriptor: 0, 1 or 2.
	FD     int
	Target word
}

// command is a simple command: argument words and redirections.
type command struct {
	Args      []word
	Redirects []redirect
}

// pipeline is a sequence of commands connected by '|', optionally negated
// by a leading '!'.
type pipeline struct {
	Negate   bool
	Commands []command
}

// andOr is a pipeline preceded by the operator that joins it to what comes
// before it: ";", "&&" or "||" ("" for the first pipeline of a list).
type andOr struct {
	Op       string
	Pipeline pipeline
}

// list is a parsed command line. As in lit's internal shell and in bash,
// the operators ";", "&&" and "||" have equal precedence and associate to
// the left.
type list []andOr

// token is a lexer token: either an operator or a word.
type token struct {
	op     string // operator, or "" for a word
	fd     int    // explicit file descriptor before a redirection operator, or -1
	word   word   // the word, when op == ""
	quoted bool   // some part of the word was quoted or escaped
	pos    int    // byte offset of the token in the input
}

// syntaxError is returned for RUN lines the shell cannot parse.
type syntaxError struct {
	line string
	pos  int
	msg  string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("shell syntax error at column %d: %s", e.pos+1, e.msg)
}

// lexer splits a command line into tokens.
type lexer struct {
	s   string
	pos int
}

func (lx *lexer) errorf(pos int, format string, args ...any) error {
	return &syntaxError{line: lx.s, pos: pos, msg: fmt.Sprintf(format, args...)}
}

func (lx *lexer) peek() (rune, int) {
	if lx.pos >= len(lx.s) {
		return -1, 0
	}
	return utf8.DecodeRuneInString(lx.s[lx.pos:])
}

// lex returns all tokens of the input.
func (lx *lexer) lex() ([]token, error) {
	var toks []token
	for {
		r, n := lx.peek()
		switch {
		case r < 0:
			return toks, nil
		case unicode.IsSpace(r):
			lx.pos += n
		case r == '#':
			// A '#' at the start of a word starts a comment, as in bash.
			return toks, nil
		case strings.ContainsRune(";|&<>", r):
			tok, err := lx.lexOp(-1)
			if err != nil {
				return nil, err
			}
			toks = append(toks, tok)
		default:
			tok, err := lx.lexWord()
			if err != nil {
				return nil, err
			}
			toks = append(toks, tok)
		}
	}
}

// lexOp lexes an operator starting at lx.pos. fd is the file descriptor
// number written immediately before it, or -1.
func (lx *lexer) lexOp(fd int) (token, error) {
	start := lx.pos
	rest := lx.s[lx.pos:]
	for _, op := range []string{"&&", "||", "&>", ">&", ">>", "<&", "<<", ";", "|", "&", "<", ">"} {
		if strings.HasPrefix(rest, op) {
			lx.pos += len(op)
			switch op {
			case "<&", "<<":
				return token{}, lx.errorf(start, "unsupported operator %q", op)
			}
			if fd >= 0 && !isRedirectOp(op) {
				return token{}, lx.errorf(start, "unexpected %q after file descriptor %d", op, fd)
			}
			return token{op: op, fd: fd, pos: start}, nil
		}
	}
	// Unreachable: callers only call lexOp on an operator character.
	return token{}, lx.errorf(start, "unexpected character %q", rest[:1])
}

func isRedirectOp(op string) bool {
	switch op {
	case "<", ">", ">>", ">&", "&>":
		return true
	}
	return false
}

// lexWord lexes one word, or a file descriptor number followed by a
// redirection operator (as in "2>&1").
func (lx *lexer) lexWord() (token, error) {
	start := lx.pos
	var text strings.Builder
	// unquoted[i] tells whether byte i of text came from an unquoted,
	// unescaped character.
	var unquoted []bool
	quoted := false
	add := func(s string, unq bool) {
		text.WriteString(s)
		for range len(s) {
			unquoted = append(unquoted, unq)
		}
	}
	for {
		r, n := lx.peek()
		if r < 0 || unicode.IsSpace(r) || r == '|' || r == '&' || r == ';' {
			break
		}
		if r == '<' || r == '>' {
			if s := text.String(); !quoted && s != "" && isDigits(s) {
				fd, err := strconv.Atoi(s)
				if err != nil || fd > 2 {
					return token{}, lx.errorf(start, "unsupported file descriptor %s (only 0, 1 and 2 are supported)", s)
				}
				return lx.lexOp(fd)
			}
			break
		}
		pos := lx.pos
		lx.pos += n
		switch r {
		case '\'':
			quoted = true
			end := strings.IndexByte(lx.s[lx.pos:], '\'')
			if end < 0 {
				return token{}, lx.errorf(pos, "missing closing single quote")
			}
			add(lx.s[lx.pos:lx.pos+end], false)
			lx.pos += end + 1
		case '"':
			quoted = true
			if err := lx.lexDoubleQuoted(pos, add); err != nil {
				return token{}, err
			}
		case '\\':
			quoted = true
			if lx.pos >= len(lx.s) {
				return token{}, lx.errorf(pos, "backslash at end of command")
			}
			_, m := utf8.DecodeRuneInString(lx.s[lx.pos:])
			if esc := lx.s[lx.pos : lx.pos+m]; esc != "\n" { // backslash-newline is a line continuation
				add(esc, false)
			}
			lx.pos += m
		case '$':
			if err := lx.checkDollar(pos, false); err != nil {
				return token{}, err
			}
			add("$", true)
		case '`':
			return token{}, lx.errorf(pos, "command substitution with '`' is not supported")
		case '(', ')':
			return token{}, lx.errorf(pos, "unquoted %q is not supported (quote the argument)", r)
		case '~':
			if text.Len() == 0 {
				return token{}, lx.errorf(pos, "tilde expansion is not supported (quote the '~')")
			}
			add("~", true)
		default:
			add(lx.s[pos:lx.pos], true)
		}
	}
	s := text.String()
	if hasBraceExpansion(s, unquoted) {
		return token{}, lx.errorf(start, "brace expansion is not supported (quote the braces in %q)", s)
	}
	return token{fd: -1, word: word{Text: s, Glob: globPattern(s, unquoted)}, quoted: quoted, pos: start}, nil
}

// lexDoubleQuoted lexes the rest of a double-quoted string; the opening
// quote at pos has been consumed.
func (lx *lexer) lexDoubleQuoted(pos int, add func(string, bool)) error {
	for lx.pos < len(lx.s) {
		c := lx.s[lx.pos]
		switch c {
		case '"':
			lx.pos++
			return nil
		case '\\':
			if lx.pos+1 >= len(lx.s) {
				return lx.errorf(lx.pos, "missing closing double quote")
			}
			switch e := lx.s[lx.pos+1]; e {
			case '"', '\\', '$', '`':
				add(string(e), false)
				lx.pos += 2
			case '\n':
				lx.pos += 2
			default:
				add(`\`, false)
				lx.pos++
			}
		case '$':
			if err := lx.checkDollar(lx.pos, true); err != nil {
				return err
			}
			add("$", false)
			lx.pos++
		case '`':
			return lx.errorf(lx.pos, "command substitution with '`' is not supported")
		default:
			_, n := utf8.DecodeRuneInString(lx.s[lx.pos:])
			add(lx.s[lx.pos:lx.pos+n], false)
			lx.pos += n
		}
	}
	return lx.errorf(pos, "missing closing double quote")
}

// checkDollar reports an error if the '$' at pos starts an expansion in
// bash. inDouble tells whether the '$' is inside double quotes.
func (lx *lexer) checkDollar(pos int, inDouble bool) error {
	if pos+1 >= len(lx.s) {
		return nil
	}
	c := lx.s[pos+1]
	if c == '{' || c == '(' || c == '_' || c == '?' || c == '$' || c == '#' || c == '@' ||
		c == '*' || c == '!' || c == '-' || (!inDouble && (c == '\'' || c == '"')) ||
		('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') {
		return lx.errorf(pos, "'$' expansion is not supported (quote the '$' with single quotes or a backslash)")
	}
	return nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// globPattern returns the filepath.Match pattern of a word if it contains
// an unquoted glob metacharacter, and "" otherwise.
func globPattern(s string, unquoted []bool) string {
	glob := false
	for i := 0; i < len(s); i++ {
		if unquoted[i] && (s[i] == '*' || s[i] == '?' || s[i] == '[') {
			glob = true
			break
		}
	}
	if !glob {
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !unquoted[i] && (c == '*' || c == '?' || c == '[' || c == '\\') {
			b.WriteByte('\\')
		}
		if unquoted[i] && c == '\\' {
			// Cannot happen: an unquoted backslash always escapes.
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// hasBraceExpansion reports whether bash would brace-expand the word: an
// unquoted '{' followed by an unquoted ',' or ".." and a closing unquoted '}'.
func hasBraceExpansion(s string, unquoted []bool) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' || !unquoted[i] {
			continue
		}
		sep := false
		for j := i + 1; j < len(s); j++ {
			if !unquoted[j] {
				continue
			}
			switch {
			case s[j] == ',':
				sep = true
			case s[j] == '.' && j+1 < len(s) && s[j+1] == '.' && unquoted[j+1]:
				sep = true
			case s[j] == '}':
				if sep {
					return true
				}
			}
		}
	}
	return false
}

// parseShell parses one command line.
func parseShell(line string) (list, error) {
	lx := &lexer{s: line}
	toks, err := lx.lex()
	if err != nil {
		return nil, err
	}
	p := &parser{s: line, toks: toks}
	return p.parse()
}

type parser struct {
	s    string
	toks []token
	i    int
}

func (p *parser) errorf(pos int, format string, args ...any) error {
	return &syntaxError{line: p.s, pos: pos, msg: fmt.Sprintf(format, args...)}
}

func (p *parser) peek() *token {
	if p.i >= len(p.toks) {
		return nil
	}
	return &p.toks[p.i]
}

func (p *parser) endPos() int { return len(p.s) }

func (p *parser) parse() (list, error) {
	if len(p.toks) == 0 {
		return nil, p.errorf(0, "empty command")
	}
	var l list
	op := ""
	for {
		pl, err := p.parsePipeline()
		if err != nil {
			return nil, err
		}
		l = append(l, andOr{Op: op, Pipeline: pl})
		t := p.peek()
		if t == nil {
			return l, nil
		}
		switch t.op {
		case ";", "&&", "||":
			op = t.op
			p.i++
			if p.peek() == nil {
				if op == ";" {
					return l, nil // a trailing ';' is allowed, as in bash
				}
				return nil, p.errorf(p.endPos(), "missing command after %q", op)
			}
		case "&":
			return nil, p.errorf(t.pos, "running commands in the background with '&' is not supported")
		default:
			return nil, p.errorf(t.pos, "unexpected %q", t.op)
		}
	}
}

func (p *parser) parsePipeline() (pipeline, error) {
	var pl pipeline
	if t := p.peek(); t != nil && t.op == "" && !t.quoted && t.word.Text == "!" {
		pl.Negate = true
		p.i++
	}
	for {
		c, err := p.parseCommand()
		if err != nil {
			return pipeline{}, err
		}
		pl.Commands = append(pl.Commands, c)
		t := p.peek()
		if t == nil || t.op != "|" {
			return pl, nil
		}
		p.i++
	}
}

func (p *parser) parseCommand() (command, error) {
	var c command
	for {
		t := p.peek()
		if t == nil {
			break
		}
		if t.op == "" {
			c.Args = append(c.Args, t.word)
			p.i++
			continue
		}
		if !isRedirectOp(t.op) {
			break
		}
		p.i++
		target := p.peek()
		if target == nil || target.op != "" {
			pos := p.endPos()
			if target != nil {
				pos = target.pos
			}
			return command{}, p.errorf(pos, "missing file name after %q", t.op)
		}
		p.i++
		r := redirect{Op: t.op, FD: t.fd, Target: target.word}
		switch t.op {
		case "<":
			if r.FD < 0 {
				r.FD = 0
			}
			if r.FD != 0 {
				return command{}, p.errorf(t.pos, "unsupported input redirection of file descriptor %d", r.FD)
			}
		case ">", ">>":
			if r.FD < 0 {
				r.FD = 1
			}
			if r.FD == 0 {
				return command{}, p.errorf(t.pos, "unsupported output redirection of file descriptor 0")
			}
		case ">&":
			switch {
			case r.FD < 0 && target.word.Glob == "" && !isDigits(target.word.Text):
				// ">&file" sends stdout and stderr to file, as in bash.
				r.Op, r.FD = "&>", 1
			case target.word.Text == "1" || target.word.Text == "2":
				if r.FD < 0 {
					r.FD = 1
				}
				if r.FD == 0 {
					return command{}, p.errorf(t.pos, "unsupported redirection %d>&%s", r.FD, target.word.Text)
				}
			default:
				return command{}, p.errorf(target.pos, "unsupported redirection target %q after '>&' (only 1 and 2 are supported)", target.word.Text)
			}
		case "&>":
			r.FD = 1
		}
		c.Redirects = append(c.Redirects, r)
	}
	if len(c.Args) == 0 && len(c.Redirects) == 0 {
		pos := p.endPos()
		if t := p.peek(); t != nil {
			pos = t.pos
			return command{}, p.errorf(pos, "syntax error near unexpected %q", t.op)
		}
		return command{}, p.errorf(pos, "missing command")
	}
	return c, nil
}

// String formats a parsed command line back to shell syntax that parses to
// the same list.
func (l list) String() string {
	var b strings.Builder
	for i, ao := range l {
		if i > 0 {
			b.WriteString(" " + ao.Op + " ")
		}
		b.WriteString(ao.Pipeline.String())
	}
	return b.String()
}

func (pl pipeline) String() string {
	var parts []string
	for _, c := range pl.Commands {
		parts = append(parts, c.String())
	}
	s := strings.Join(parts, " | ")
	if pl.Negate {
		s = "! " + s
	}
	return s
}

func (c command) String() string {
	var parts []string
	for _, a := range c.Args {
		parts = append(parts, a.String())
	}
	for _, r := range c.Redirects {
		switch r.Op {
		case "&>":
			parts = append(parts, "&> "+r.Target.String())
		case ">&":
			parts = append(parts, fmt.Sprintf("%d>&%s", r.FD, r.Target.Text))
		default:
			parts = append(parts, fmt.Sprintf("%d%s %s", r.FD, r.Op, r.Target.String()))
		}
	}
	return strings.Join(parts, " ")
}

// String quotes the word so that the shell parses it back to the same word.
func (w word) String() string {
	if w.Glob == "" {
		return shellQuote(w.Text)
	}
	var b strings.Builder
	for i := 0; i < len(w.Glob); i++ {
		c := w.Glob[i]
		switch {
		case c == '\\' && i+1 < len(w.Glob):
			i++
			b.WriteString(shellQuote(w.Glob[i : i+1]))
		case c == '*' || c == '?' || c == '[':
			b.WriteByte(c)
		default:
			b.WriteString(shellQuote(w.Glob[i : i+1]))
		}
	}
	return b.String()
}

// shellQuote quotes s for the shell if needed.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			strings.ContainsRune("-_./=:,+@%^", r) || (i > 0 && r == '~')) {
			safe = false
			break
		}
	}
	if safe && s != "!" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// quoteArgs formats argv for display.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}
