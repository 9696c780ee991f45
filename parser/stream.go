package parser

// tokenStream is a one-token-lookahead cursor over the source. Tokens are
// lexed on demand into a fixed ring of token slots, so lexing allocates
// nothing: a *token returned by Peek or Next stays valid while fewer than
// tokenRing further tokens are lexed. Code that keeps a token across
// parsing of unbounded size (an operation's name token across its regions,
// a type token across a nested type) copies it (see keep). Checkpoints
// hold the lexer state and copies of the lookahead and previous tokens: a
// few words, no buffered tokens.
type tokenStream struct {
	lx   mlirLexer
	peek *token
	err  error  // first lexing error; parse errors defer to it
	prev *token // the last consumed token
	n    uint   // ring slots used so far
	ring *[tokenRing]token
}

// tokenRing is the number of token slots; a power of two.
const tokenRing = 1024

type streamCheckpoint struct {
	lx               mlirLexer
	peek, prev       token
	hasPeek, hasPrev bool
}

func newStream(src, file string, off, line, col int) *tokenStream {
	return &tokenStream{lx: mlirLexer{src: src, file: file, pos: off, line: line, col: col}, ring: new([tokenRing]token)}
}

// slot stores t in the next ring slot and returns it.
func (s *tokenStream) slot(t *token) *token {
	p := &s.ring[s.n&(tokenRing-1)]
	s.n++
	*p = *t
	return p
}

// keep returns a copy of t that stays valid whatever is lexed later.
func keep(t *token) *token {
	c := *t
	return &c
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
		s.peek = s.slot(&t)
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

func (s *tokenStream) checkpoint() streamCheckpoint {
	c := streamCheckpoint{lx: s.lx}
	if s.peek != nil {
		c.peek, c.hasPeek = *s.peek, true
	}
	if s.prev != nil {
		c.prev, c.hasPrev = *s.prev, true
	}
	return c
}

func (s *tokenStream) restore(c streamCheckpoint) {
	s.lx, s.peek, s.prev = c.lx, nil, nil
	if c.hasPeek {
		s.peek = s.slot(&c.peek)
	}
	if c.hasPrev {
		s.prev = s.slot(&c.prev)
	}
}

// skipTo discards the lookahead and moves the stream to offset end, which
// must be at or after the lexer's position; the byte before end becomes
// the previous token (a closing '}' when an attribute dictionary is
// skipped).
func (s *tokenStream) skipTo(end int) {
	s.peek = nil
	s.lx.advance(end - 1 - s.lx.pos)
	t := s.lx.position()
	t.typ, t.val = tPunct, s.lx.src[end-1:end]
	s.lx.advance(1)
	s.prev = s.slot(&t)
}
