package filecheck

import "strings"

// sref is a located substring of a buffer, the analogue of llvm::StringRef
// pointing into a SourceMgr buffer. It lets the parsers below report
// diagnostics at exactly the positions LLVM reports them.
type sref struct {
	b    *srcBuf
	s, e int
}

const npos = -1

func wholeBuf(b *srcBuf) sref { return sref{b, 0, len(b.text)} }

func (r sref) str() string       { return r.b.text[r.s:r.e] }
func (r sref) len() int          { return r.e - r.s }
func (r sref) empty() bool       { return r.e == r.s }
func (r sref) at() loc           { return loc{r.b, r.s} }
func (r sref) endLoc() loc       { return loc{r.b, r.e} }
func (r sref) byteAt(i int) byte { return r.b.text[r.s+i] }

func (r sref) front() byte {
	if r.empty() {
		return 0
	}
	return r.b.text[r.s]
}

func (r sref) dropFront(n int) sref {
	if n > r.len() {
		n = r.len()
	}
	return sref{r.b, r.s + n, r.e}
}

func (r sref) dropBack(n int) sref {
	if n > r.len() {
		n = r.len()
	}
	return sref{r.b, r.s, r.e - n}
}

func (r sref) takeFront(n int) sref {
	if n < 0 || n > r.len() {
		n = r.len()
	}
	return sref{r.b, r.s, r.s + n}
}

// substr is StringRef::substr(start, n) with n < 0 meaning "to the end".
func (r sref) substr(start, n int) sref {
	if start < 0 || start > r.len() {
		start = r.len()
	}
	out := sref{r.b, r.s + start, r.e}
	if n >= 0 && n < out.len() {
		out.e = out.s + n
	}
	return out
}

func (r sref) startsWith(p string) bool { return strings.HasPrefix(r.str(), p) }

func (r *sref) consumeFront(p string) bool {
	if r.startsWith(p) {
		r.s += len(p)
		return true
	}
	return false
}

func (r sref) find(p string) int { return strings.Index(r.str(), p) }

func (r sref) findFrom(p string, from int) int {
	if from > r.len() {
		return npos
	}
	i := strings.Index(r.str()[from:], p)
	if i < 0 {
		return npos
	}
	return i + from
}

func (r sref) findByte(c byte) int { return strings.IndexByte(r.str(), c) }

func (r sref) ltrim(chars string) sref {
	for r.s < r.e && strings.IndexByte(chars, r.b.text[r.s]) >= 0 {
		r.s++
	}
	return r
}

func (r sref) rtrim(chars string) sref {
	for r.e > r.s && strings.IndexByte(chars, r.b.text[r.e-1]) >= 0 {
		r.e--
	}
	return r
}

func (r sref) trim(chars string) sref { return r.ltrim(chars).rtrim(chars) }

const spaceChars = " \t"

// consumeUnsigned mirrors llvm::consumeUnsignedInteger, including the way an
// auto-sensed radix prefix stays consumed even on failure.
func (r *sref) consumeUnsigned(radix int) (uint64, bool) {
	if radix == 0 {
		radix = 10
		switch s := r.str(); {
		case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
			r.s += 2
			radix = 16
		case len(s) >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
			r.s += 2
			radix = 2
		case len(s) >= 2 && s[0] == '0' && s[1] == 'o':
			r.s += 2
			radix = 8
		case len(s) >= 2 && s[0] == '0' && isDigit(s[1]):
			r.s++
			radix = 8
		}
	}
	s := r.str()
	if s == "" {
		return 0, false
	}
	var result uint64
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'a' && c <= 'z':
			v = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		default:
			v = 99
		}
		if v >= radix {
			break
		}
		prev := result
		result = result*uint64(radix) + uint64(v)
		if result/uint64(radix) < prev {
			return 0, false
		}
	}
	if i == 0 {
		return 0, false
	}
	r.s += i
	return result, true
}

// consumeSigned mirrors llvm::consumeSignedInteger.
func (r *sref) consumeSigned(radix int) (int64, bool) {
	if r.empty() || r.front() != '-' {
		v, ok := r.consumeUnsigned(radix)
		if !ok || int64(v) < 0 {
			return 0, false
		}
		return int64(v), true
	}
	r2 := r.dropFront(1)
	v, ok := r2.consumeUnsigned(radix)
	if !ok || -int64(v) > 0 {
		return 0, false
	}
	*r = r2
	return -int64(v), true
}
