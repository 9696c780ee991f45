package filecheck

import (
	"math/big"
	"strconv"
)

// Parsing of variable names and of numeric substitution blocks
// ([[#%fmt,VAR:expr]]), mirroring the corresponding llvm::Pattern methods so
// that the same inputs are accepted and errors are reported at the same
// columns with the same messages.

// parseVariable mirrors Pattern::parseVariable.
func parseVariable(str *sref) (name sref, isPseudo bool, d *diag) {
	if str.empty() {
		return sref{}, false, errAt(*str, "empty variable name")
	}
	i := 0
	isPseudo = str.front() == '@'
	if str.front() == '$' || isPseudo {
		i++
	}
	if i == str.len() {
		kind := "global "
		if isPseudo {
			kind = "pseudo "
		}
		return sref{}, false, errAt(str.substr(i, -1), "empty "+kind+"variable name")
	}
	c := str.byteAt(i)
	i++
	if !(c == '_' || isAlpha(c)) {
		return sref{}, false, errAt(*str, "invalid variable name")
	}
	for i < str.len() && (str.byteAt(i) == '_' || isAlnum(str.byteAt(i))) {
		i++
	}
	name = str.takeFront(i)
	*str = str.substr(i, -1)
	return name, isPseudo, nil
}

type allowedOperand int

const (
	aoLineVar allowedOperand = iota
	aoLegacyLiteral
	aoAny
)

func (ps *parser) parseNumericVariableDefinition(expr sref, line int, format exprFormat) (*numVar, *diag) {
	name, pseudo, d := parseVariable(&expr)
	if d != nil {
		return nil, d
	}
	if pseudo {
		return nil, errAt(name, "definition of pseudo numeric variable unsupported")
	}
	if ps.ctx.definedVars[name.str()] {
		return nil, errAt(name, "string variable with name '"+name.str()+"' already exists")
	}
	expr = expr.ltrim(spaceChars)
	if !expr.empty() {
		return nil, errAt(expr, "unexpected characters after numeric variable name")
	}
	if v, ok := ps.ctx.globalNumVars[name.str()]; ok {
		if !v.format.equal(format) {
			return nil, errAt(expr, "format different from previous variable definition")
		}
		return v, nil
	}
	return &numVar{name: name.str(), format: format, defLine: line}, nil
}

func (ps *parser) parseNumericVariableUse(name sref, pseudo bool, line int) (exprNode, *diag) {
	if pseudo && name.str() != "@LINE" {
		return nil, errAt(name, "invalid pseudo numeric variable '"+name.str()+"'")
	}
	v, ok := ps.ctx.globalNumVars[name.str()]
	if !ok {
		v = &numVar{name: name.str(), format: exprFormat{kind: fmtUnsigned}}
		ps.ctx.globalNumVars[name.str()] = v
	}
	if v.defLine != 0 && line != 0 && v.defLine == line {
		return nil, errAt(name, "numeric variable '"+name.str()+"' defined earlier in the same CHECK directive")
	}
	return &exprVarUse{at: name.at(), v: v}, nil
}

func (ps *parser) parseNumericOperand(expr *sref, ao allowedOperand, maybeInvalidConstraint bool, line int) (exprNode, *diag) {
	if expr.startsWith("(") {
		if ao != aoAny {
			return nil, errAt(*expr, "parenthesized expression not permitted here")
		}
		return ps.parseParenExpr(expr, line)
	}
	if ao == aoLineVar || ao == aoAny {
		name, pseudo, d := parseVariable(expr)
		if d == nil {
			if expr.ltrim(spaceChars).startsWith("(") {
				if ao != aoAny {
					return nil, errAt(name, "unexpected function call")
				}
				return ps.parseCallExpr(expr, name, line)
			}
			return ps.parseNumericVariableUse(name, pseudo, line)
		}
		if ao == aoLineVar {
			return nil, d
		}
	}
	save := *expr
	radix := 0
	if ao == aoLegacyLiteral {
		radix = 10
	}
	if v, ok := expr.consumeUnsigned(radix); ok {
		lit := sref{save.b, save.s, expr.s}
		return &exprLiteral{at: lit.at(), text: lit.str(), val: new(big.Int).SetUint64(v)}, nil
	}
	*expr = save
	if ao == aoAny {
		if v, ok := expr.consumeSigned(0); ok {
			lit := sref{save.b, save.s, expr.s}
			return &exprLiteral{at: lit.at(), text: lit.str(), val: big.NewInt(v)}, nil
		}
	}
	msg := "invalid "
	if maybeInvalidConstraint {
		msg += "matching constraint or "
	}
	return nil, errAt(*expr, msg+"operand format")
}

func (ps *parser) parseParenExpr(expr *sref, line int) (exprNode, *diag) {
	*expr = expr.ltrim(spaceChars)
	expr.consumeFront("(")
	*expr = expr.ltrim(spaceChars)
	if expr.empty() {
		return nil, errAt(*expr, "missing operand in expression")
	}
	sub, d := ps.parseNumericOperand(expr, aoAny, false, line)
	*expr = expr.ltrim(spaceChars)
	for d == nil && !expr.empty() && !expr.startsWith(")") {
		orig := *expr
		sub, d = ps.parseBinop(orig, expr, sub, false, line)
		*expr = expr.ltrim(spaceChars)
	}
	if d != nil {
		return nil, d
	}
	if !expr.consumeFront(")") {
		return nil, errAt(*expr, "missing ')' at end of nested expression")
	}
	return sub, nil
}

func (ps *parser) parseBinop(whole sref, remaining *sref, left exprNode, legacy bool, line int) (exprNode, *diag) {
	*remaining = remaining.ltrim(spaceChars)
	if remaining.empty() {
		return left, nil
	}
	opLoc := *remaining
	op := remaining.front()
	*remaining = remaining.dropFront(1)
	var fn binopFn
	switch op {
	case '+':
		fn = opAdd
	case '-':
		fn = opSub
	default:
		return nil, errAt(opLoc, "unsupported operation '"+string([]byte{op})+"'")
	}
	*remaining = remaining.ltrim(spaceChars)
	if remaining.empty() {
		return nil, errAt(*remaining, "missing operand in expression")
	}
	ao := aoAny
	if legacy {
		ao = aoLegacyLiteral
	}
	right, d := ps.parseNumericOperand(remaining, ao, false, line)
	if d != nil {
		return nil, d
	}
	whole = whole.dropBack(remaining.len())
	return &exprBinop{at: whole.at(), str: whole.str(), op: fn, left: left, right: right}, nil
}

func (ps *parser) parseCallExpr(expr *sref, funcName sref, line int) (exprNode, *diag) {
	*expr = expr.ltrim(spaceChars)
	var fn binopFn
	switch funcName.str() {
	case "add":
		fn = opAdd
	case "div":
		fn = opDiv
	case "max":
		fn = opMax
	case "min":
		fn = opMin
	case "mul":
		fn = opMul
	case "sub":
		fn = opSub
	default:
		return nil, errAt(funcName, "call to undefined function '"+funcName.str()+"'")
	}
	expr.consumeFront("(")
	*expr = expr.ltrim(spaceChars)
	var args []exprNode
	for !expr.empty() && !expr.startsWith(")") {
		if expr.startsWith(",") {
			return nil, errAt(*expr, "missing argument")
		}
		outer := *expr
		arg, d := ps.parseNumericOperand(expr, aoAny, false, line)
		for d == nil && !expr.empty() {
			*expr = expr.ltrim(spaceChars)
			if expr.startsWith(",") || expr.startsWith(")") {
				break
			}
			arg, d = ps.parseBinop(outer, expr, arg, false, line)
		}
		if d != nil {
			return nil, d
		}
		args = append(args, arg)
		*expr = expr.ltrim(spaceChars)
		if !expr.consumeFront(",") {
			break
		}
		*expr = expr.ltrim(spaceChars)
		if expr.startsWith(")") {
			return nil, errAt(*expr, "missing argument")
		}
	}
	if !expr.consumeFront(")") {
		return nil, errAt(*expr, "missing ')' at end of call expression")
	}
	if len(args) == 2 {
		return &exprBinop{at: expr.at(), str: expr.str(), op: fn, left: args[0], right: args[1]}, nil
	}
	return nil, errAt(funcName, "function '"+funcName.str()+"' takes 2 arguments but "+strconv.Itoa(len(args))+" given")
}

// parseNumericSubstitutionBlock mirrors the LLVM function of the same name.
func (ps *parser) parseNumericSubstitutionBlock(expr sref, legacy bool, line int) (*expression, *numVar, *diag) {
	var explicit exprFormat
	precision := 0
	fmtEnd := expr.findByte(',')
	funcStart := expr.findByte('(')
	if fmtEnd != npos && (funcStart == npos || fmtEnd < funcStart) {
		fe := expr.takeFront(fmtEnd)
		expr = expr.dropFront(fmtEnd + 1)
		fe = fe.trim(spaceChars)
		if !fe.consumeFront("%") {
			return nil, nil, errAt(fe, "invalid matching format specification in expression")
		}
		altLoc := fe
		alt := fe.consumeFront("#")
		if fe.consumeFront(".") {
			v, ok := fe.consumeUnsigned(10)
			if !ok || v > 1<<32-1 {
				return nil, nil, errAt(fe, "invalid precision in format specifier")
			}
			precision = int(v)
		}
		if !fe.empty() {
			fmtLoc := fe
			c := fe.front()
			fe = fe.dropFront(1)
			switch c {
			case 'u':
				explicit = exprFormat{kind: fmtUnsigned, precision: precision}
			case 'd':
				explicit = exprFormat{kind: fmtSigned, precision: precision}
			case 'x':
				explicit = exprFormat{kind: fmtHexLower, precision: precision, alt: alt}
			case 'X':
				explicit = exprFormat{kind: fmtHexUpper, precision: precision, alt: alt}
			default:
				return nil, nil, errAt(fmtLoc, "invalid format specifier in expression")
			}
		}
		if alt && explicit.kind != fmtHexLower && explicit.kind != fmtHexUpper {
			return nil, nil, errAt(altLoc, "alternate form only supported for hex values")
		}
		fe = fe.ltrim(spaceChars)
		if !fe.empty() {
			return nil, nil, errAt(fe, "invalid matching format specification in expression")
		}
	}

	var defExpr sref
	defEnd := expr.findByte(':')
	if defEnd != npos {
		defExpr = expr.substr(0, defEnd)
		expr = expr.substr(defEnd+1, -1)
	}

	expr = expr.ltrim(spaceChars)
	hasConstraint := expr.consumeFront("==")
	expr = expr.ltrim(spaceChars)
	var ast exprNode
	if expr.empty() {
		if hasConstraint {
			return nil, nil, errAt(expr, "empty numeric expression should not have a constraint")
		}
	} else {
		expr = expr.rtrim(spaceChars)
		outer := expr
		ao := aoAny
		if legacy {
			ao = aoLineVar
		}
		res, d := ps.parseNumericOperand(&expr, ao, !hasConstraint, line)
		for d == nil && !expr.empty() {
			res, d = ps.parseBinop(outer, &expr, res, legacy, line)
			if d == nil && legacy && !expr.empty() {
				return nil, nil, errAt(expr, "unexpected characters at end of expression '"+expr.str()+"'")
			}
		}
		if d != nil {
			return nil, nil, d
		}
		ast = res
	}

	var format exprFormat
	if explicit.kind != fmtNone {
		format = explicit
	} else if ast != nil {
		f, d := ast.implicitFormat()
		if d != nil {
			return nil, nil, d
		}
		format = f
	}
	if format.kind == fmtNone {
		format = exprFormat{kind: fmtUnsigned, precision: precision}
	}
	e := &expression{ast: ast, format: format}

	var defined *numVar
	if defEnd != npos {
		defExpr = defExpr.ltrim(spaceChars)
		v, d := ps.parseNumericVariableDefinition(defExpr, line, format)
		if d != nil {
			return nil, nil, d
		}
		defined = v
	}
	return e, defined, nil
}
