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
}

type streamCheckpoint struct {
	lx   mlirLexer
	peek *token
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
	}
	return t
}

func (s *tokenStream) checkpoint() streamCheckpoint { return streamCheckpoint{s.lx, s.peek} }

func (s *tokenStream) restore(c streamCheckpoint) { s.lx, s.peek = c.lx, c.peek }
