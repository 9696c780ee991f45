package parser

// tokenStream is a one-token-lookahead cursor over the source. Tokens are
// lexed on demand and each Peek result is a fresh *token, so callers may
// keep token pointers across further parsing. Checkpoints are the lexer
// state plus the cached lookahead: a few words, no buffered tokens.
type tokenStream struct {
	lx   mlirLexer
	peek *token
	err  error   // first lexing error; parse errors defer to it
	slab []token // tokens are carved from slabs to keep allocation cheap
	prev *token  // the last consumed token
}

type streamCheckpoint struct {
	lx         mlirLexer
	peek, prev *token
}

func newStream(src, file string, off, line, col int) *tokenStream {
	return &tokenStream{lx: mlirLexer{src: src, file: file, pos: off, line: line, col: col}}
}

// Peek returns the next token without consuming it. After a lexing error it
// returns an EOF token at the error position and records the error.
func (s *tokenStream) Peek() *token {
	if s.peek == nil {
		t, err := s.lx.next()
		if err != nil {
			if s.err == nil {
				s.err = err
			}
			t = s.lx.position()
			t.typ = tEOF
		}
		if len(s.slab) == 0 {
			s.slab = make([]token, 256)
		}
		s.slab[0] = t
		s.peek = &s.slab[0]
		s.slab = s.slab[1:]
	}
	return s.peek
}

// Next consumes and returns the next token (EOF repeatedly at the end).
func (s *tokenStream) Next() *token {
	t := s.Peek()
	if t.typ != tEOF {
		s.peek = nil
		s.prev = t
	}
	return t
}

// prevEnd returns the line and column just past the last consumed token.
func (s *tokenStream) prevEnd() (line, col int, ok bool) {
	t := s.prev
	if t == nil {
		return 0, 0, false
	}
	line, col = t.line, t.col
	for i := 0; i < len(t.val); i++ {
		if t.val[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col, true
}

func (s *tokenStream) checkpoint() streamCheckpoint { return streamCheckpoint{s.lx, s.peek, s.prev} }

func (s *tokenStream) restore(c streamCheckpoint) { s.lx, s.peek, s.prev = c.lx, c.peek, c.prev }
