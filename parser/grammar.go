package parser

import (
	"github.com/alecthomas/participle/v2"

	"github.com/tcp-project/tcp/ir"
)

// fileAST is the participle grammar of a file: file metadata dictionaries,
// alias definitions and operations, in any order. Operations and aliases
// are hand-written hooks (ParseTypeWith) that build IR directly.
type fileAST struct {
	Items []*itemAST `parser:"@@*"`
}

type itemAST struct {
	Meta  string    `parser:"  @FileMeta"`
	Alias aliasNode `parser:"| @@"`
	Op    opNode    `parser:"| @@"`
}

// opNode is produced by the operation hook; the operation itself is
// collected by the parser.
type opNode interface{ opNode() }

type topOp struct{}

func (topOp) opNode() {}

// aliasNode is produced by the alias hook (`#name = …`, `!name = …`).
type aliasNode interface{ aliasNode() }

type aliasDef struct{}

func (aliasDef) aliasNode() {}

// aliasDefinition parses `#a = attr`, `#loc = loc(...)` or `!t = type`.
func (p *parser) aliasDefinition() (aliasNode, error) {
	t := p.lex.Peek()
	if t.Type != tHash && t.Type != tBang {
		return nil, participle.NextMatch
	}
	cp := p.lex.MakeCheckpoint()
	p.lex.Next()
	if !p.ParseOptionalPunct("=") {
		p.lex.LoadCheckpoint(cp)
		return nil, participle.NextMatch
	}
	name := t.Value[1:]
	if t.Type == tBang {
		if _, dup := p.typeAliases[name]; dup {
			return nil, p.errorAt(t, "redefinition of type alias id '%s'", name)
		}
		ty, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		p.typeAliases[name] = ty
		return aliasDef{}, nil
	}
	if _, dup := p.attrAliases[name]; dup {
		return nil, p.errorAt(t, "redefinition of attribute alias id '%s'", name)
	}
	if p.lex.Peek().Type == tLoc {
		l, _, err := p.ParseOptionalLocation()
		if err != nil {
			return nil, err
		}
		p.locAliases[name] = l
		p.attrAliases[name] = ir.OpaqueAttr{Text: l.String()}
		return aliasDef{}, nil
	}
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	p.attrAliases[name] = a
	return aliasDef{}, nil
}
