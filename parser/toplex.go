package parser

// The participle side of the parser: a hand-written lexer.Definition that
// splits a file into its top-level items, each one token:
//
//	FileMeta  {-# … #-}
//	Alias     #name = attribute / !name = type / #loc = loc(…), to the end of its line
//	Ops       a run of top-level operations, up to the next alias, metadata or EOF
//
// The grammar (fileAST) sequences these; its hooks parse each Alias and Ops
// token with the operation parser over a lazy tokenStream positioned at the
// token's offset in the source. Splitting never needs to find where one
// operation ends: a run of operations is one token, and only alias
// definitions and metadata (recognisable at bracket depth 0 at the start of
// a line) end a run.

import (
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tcp-project/tcp/ir"
)

const (
	topEOF                      = lexer.EOF
	topFileMeta lexer.TokenType = -2
	topAlias    lexer.TokenType = -3
	topOps      lexer.TokenType = -4
)

var topSymbols = map[string]lexer.TokenType{"EOF": topEOF, "FileMeta": topFileMeta, "Alias": topAlias, "Ops": topOps}

type topDef struct{ startLine int }

func (topDef) Symbols() map[string]lexer.TokenType { return topSymbols }

func (d topDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (d topDef) LexString(filename string, s string) (lexer.Lexer, error) {
	return &topLexer{lx: mlirLexer{src: s, file: filename, line: d.startLine, col: 1}}, nil
}

type topLexer struct{ lx mlirLexer }

func (t *topLexer) Next() (lexer.Token, error) {
	l := &t.lx
	l.skipSpace()
	pos := lexer.Position{Filename: l.file, Offset: l.pos, Line: l.line, Column: l.col}
	s := l.src
	if l.pos >= len(s) {
		return lexer.EOFToken(pos), nil
	}
	start := l.pos
	switch {
	case strings.HasPrefix(s[l.pos:], "{-#"):
		j := strings.Index(s[l.pos:], "#-}")
		if j < 0 {
			return lexer.Token{}, l.errorf(token{line: pos.Line, col: pos.Column}, "unterminated file metadata dictionary")
		}
		l.advance(j + 3)
		return lexer.Token{Type: topFileMeta, Value: s[start:l.pos], Pos: pos}, nil
	case isAliasDef(s, l.pos):
		l.advance(scanItem(s, l.pos, true) - l.pos)
		return lexer.Token{Type: topAlias, Value: s[start:l.pos], Pos: pos}, nil
	}
	l.advance(scanItem(s, l.pos, false) - l.pos)
	return lexer.Token{Type: topOps, Value: s[start:l.pos], Pos: pos}, nil
}

// skipSpace skips whitespace and // comments.
func (l *mlirLexer) skipSpace() {
	s := l.src
	for l.pos < len(s) {
		switch c := s[l.pos]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			l.advance(1)
		case c == '/' && l.pos+1 < len(s) && s[l.pos+1] == '/':
			j := strings.IndexByte(s[l.pos:], '\n')
			if j < 0 {
				j = len(s) - l.pos
			}
			l.advance(j)
		default:
			return
		}
	}
}

// isAliasDef reports whether `#name =` or `!name =` starts at i.
func isAliasDef(s string, i int) bool {
	if i >= len(s) || s[i] != '#' && s[i] != '!' {
		return false
	}
	j := i + 1
	for j < len(s) && isSuffixChar(s[j]) {
		j++
	}
	if j == i+1 {
		return false
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j < len(s) && s[j] == '='
}

// scanItem returns the end of the item starting at i. An alias ends at the
// first newline at bracket depth 0; a run of operations ends before the
// next line (at depth 0) that starts an alias definition or metadata.
func scanItem(s string, i int, alias bool) int {
	depth := 0
	end := i
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			i++
			for i < len(s) && s[i] != '"' && s[i] != '\n' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case c == '(' || c == '[' || c == '{' || c == '<':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '>':
			if i == 0 || s[i-1] != '-' {
				depth--
			}
		case c == '\n' && depth <= 0:
			if alias {
				return end
			}
			j := i
			for j < len(s) {
				if s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n' {
					j++
				} else if s[j] == '/' && j+1 < len(s) && s[j+1] == '/' {
					for j < len(s) && s[j] != '\n' {
						j++
					}
				} else {
					break
				}
			}
			if j >= len(s) || strings.HasPrefix(s[j:], "{-#") || isAliasDef(s, j) {
				return end
			}
		}
		if i >= len(s) {
			return len(s)
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			end = i + 1
		}
		i++
	}
	return end
}

// fileAST is the participle grammar of a file.
type fileAST struct {
	Items []*itemAST `parser:"@@*"`
}

type itemAST struct {
	Meta  string    `parser:"  @FileMeta"`
	Alias aliasNode `parser:"| @@"`
	Ops   opNode    `parser:"| @@"`
}

// opNode is produced by the operations hook; the operations themselves are
// collected by the parser.
type opNode interface{ opNode() }

type opRun struct{}

func (opRun) opNode() {}

// aliasNode is produced by the alias hook.
type aliasNode interface{ aliasNode() }

type aliasDef struct{}

func (aliasDef) aliasNode() {}

// streamAt positions a token stream at a participle token.
func (p *parser) streamAt(t *lexer.Token) {
	p.lex = newStream(p.src, p.file, t.Pos.Offset, t.Pos.Line, t.Pos.Column)
}

// parseOps parses the operations of an Ops token.
func (p *parser) parseOps(t *lexer.Token) error {
	p.streamAt(t)
	end := t.Pos.Offset + len(t.Value)
	for {
		n := p.lex.Peek()
		if p.lex.err != nil {
			return p.lex.err
		}
		if n.EOF() || n.off >= end {
			return nil
		}
		op, err := p.operation()
		if err != nil {
			return err
		}
		p.ops = append(p.ops, op)
	}
}

// parseAlias parses `#a = attr`, `#loc = loc(...)` or `!t = type`.
func (p *parser) parseAlias(at *lexer.Token) error {
	p.streamAt(at)
	tv := *p.lex.Next()
	t := &tv // a copy: kept across unbounded parsing
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	name := t.val[1:]
	if t.typ == tBang {
		if _, dup := p.typeAliases[name]; dup {
			return p.errorAt(t, "redefinition of type alias id '%s'", name)
		}
		ty, err := p.ParseType()
		if err != nil {
			return err
		}
		p.typeAliases[name] = ty
	} else {
		if _, dup := p.attrAliases[name]; dup {
			return p.errorAt(t, "redefinition of attribute alias id '%s'", name)
		}
		if p.lex.Peek().typ == tLoc {
			l, _, err := p.ParseOptionalLocation()
			if err != nil {
				return err
			}
			p.locAliases[name] = l
			p.attrAliases[name] = ir.OpaqueAttr{Text: l.String()}
		} else {
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return err
			}
			p.attrAliases[name] = a
		}
	}
	if n := p.lex.Peek(); !n.EOF() && n.off < at.Pos.Offset+len(at.Value) {
		return p.errorAt(n, "expected end of alias definition, got '%s'", n.val)
	}
	return p.lex.err
}
