package pdftest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul returns m × n: m's transformation followed by n's.
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// graphics is the part of the graphics state that q saves and Q
// restores which placing and decoding text needs.
type graphics struct {
	ctm     matrix
	font    *cmap
	leading float64
}

// texts interprets a content stream and returns the texts it shows,
// decoded through fonts, the page's fonts by resource name.
func texts(content []byte, fonts map[string]*cmap) ([]Text, error) {
	var (
		out      []Text
		gs       = graphics{ctm: identity}
		saved    []graphics
		tm, lm   = identity, identity // text and text line matrices
		operands []token
	)
	nums := func(n int) ([]float64, bool) {
		if len(operands) < n {
			return nil, false
		}
		f := make([]float64, n)
		for i, t := range operands[len(operands)-n:] {
			if t.kind != tokNumber {
				return nil, false
			}
			f[i], _ = strconv.ParseFloat(t.op, 64)
		}
		return f, true
	}
	move := func(tx, ty float64) {
		lm = matrix{1, 0, 0, 1, tx, ty}.mul(lm)
		tm = lm
	}
	show := func() {
		var sb strings.Builder
		for _, o := range operands {
			if o.kind == tokString || o.kind == tokHex {
				sb.WriteString(gs.font.decode(o.str))
			}
		}
		at := tm.mul(gs.ctm)
		out = append(out, Text{X: at[4], Y: at[5], S: sb.String()})
	}
	for _, t := range tokens(content) {
		if t.kind != tokOp {
			operands = append(operands, t)
			continue
		}
		bad := func() error { return fmt.Errorf("%s with operands %s", t.op, describe(operands)) }
		switch t.op {
		case "q":
			saved = append(saved, gs)
		case "Q":
			if len(saved) == 0 {
				return nil, fmt.Errorf("Q without q")
			}
			gs, saved = saved[len(saved)-1], saved[:len(saved)-1]
		case "cm":
			f, ok := nums(6)
			if !ok {
				return nil, bad()
			}
			gs.ctm = matrix(f).mul(gs.ctm)
		case "BT":
			tm, lm = identity, identity
		case "Tf":
			if len(operands) < 2 || operands[len(operands)-2].kind != tokName {
				return nil, bad()
			}
			name := operands[len(operands)-2].op
			m, ok := fonts[name]
			if !ok {
				return nil, fmt.Errorf("font %s is not in the page's resources", name)
			}
			gs.font = m
		case "TL":
			f, ok := nums(1)
			if !ok {
				return nil, bad()
			}
			gs.leading = f[0]
		case "Td", "TD":
			f, ok := nums(2)
			if !ok {
				return nil, bad()
			}
			if t.op == "TD" {
				gs.leading = -f[1]
			}
			move(f[0], f[1])
		case "Tm":
			f, ok := nums(6)
			if !ok {
				return nil, bad()
			}
			tm, lm = matrix(f), matrix(f)
		case "T*":
			move(0, -gs.leading)
		case "Tj", "TJ":
			show()
		case "'", "\"":
			move(0, -gs.leading)
			show()
		}
		operands = operands[:0]
	}
	return out, nil
}

// describe lists operands for an error message.
func describe(ts []token) string {
	if len(ts) == 0 {
		return "none"
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		switch t.kind {
		case tokName:
			parts[i] = "/" + t.op
		case tokString, tokHex:
			parts[i] = fmt.Sprintf("<%x>", t.str)
		default:
			parts[i] = t.op
		}
	}
	return strings.Join(parts, " ")
}

type tokKind uint8

const (
	tokOp tokKind = iota
	tokName
	tokNumber
	tokString
	tokHex
	tokOther // array and dict brackets
)

// A token is one lexical item of a content stream or CMap.
type token struct {
	kind tokKind
	op   string // operator, name (without the slash), number or bracket
	str  []byte // the bytes of a string
}

// is reports whether t is the operator or bracket s.
func (t token) is(s string) bool { return (t.kind == tokOp || t.kind == tokOther) && t.op == s }

// tokens splits PDF content into tokens. It knows literal and hex strings,
// names, numbers, brackets and operators, which is all a content stream
// without inline images, or a CMap, holds.
func tokens(b []byte) []token {
	var out []token
	isDelim := func(c byte) bool { return strings.IndexByte("()<>[]{}/% \t\r\n\f\x00", c) >= 0 }
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0:
			i++
		case c == '%':
			for i < len(b) && b[i] != '\n' && b[i] != '\r' {
				i++
			}
		case c == '(':
			s, n := literal(b[i+1:])
			out = append(out, token{kind: tokString, str: s})
			i += 1 + n
		case c == '<' && i+1 < len(b) && b[i+1] == '<', c == '>' && i+1 < len(b) && b[i+1] == '>':
			out = append(out, token{kind: tokOther, op: string(b[i : i+2])})
			i += 2
		case c == '<':
			j := bytes.IndexByte(b[i:], '>')
			if j < 0 {
				j = len(b) - i
			}
			out = append(out, token{kind: tokHex, str: hexString(b[i+1 : i+j])})
			i += j + 1
		case c == '[' || c == ']' || c == '{' || c == '}':
			out = append(out, token{kind: tokOther, op: string(c)})
			i++
		case c == '/':
			j := i + 1
			for j < len(b) && !isDelim(b[j]) {
				j++
			}
			out = append(out, token{kind: tokName, op: string(b[i+1 : j])})
			i = j
		default:
			j := i
			for j < len(b) && !isDelim(b[j]) {
				j++
			}
			if j == i {
				j++
			}
			w := string(b[i:j])
			kind := tokOp
			if _, err := strconv.ParseFloat(w, 64); err == nil {
				kind = tokNumber
			}
			out = append(out, token{kind: kind, op: w})
			i = j
		}
	}
	return out
}

// literal reads the body of a literal string, after its opening
// parenthesis, and returns its bytes and how many bytes it took, the
// closing parenthesis included.
func literal(b []byte) ([]byte, int) {
	var s []byte
	depth := 1
	i := 0
	for ; i < len(b) && depth > 0; i++ {
		c := b[i]
		switch {
		case c == '\\' && i+1 < len(b):
			i++
			switch e := b[i]; e {
			case 'n':
				s = append(s, '\n')
			case 'r':
				s = append(s, '\r')
			case 't':
				s = append(s, '\t')
			case 'b':
				s = append(s, '\b')
			case 'f':
				s = append(s, '\f')
			case '\r':
				// a line continuation, \r\n included
				if i+1 < len(b) && b[i+1] == '\n' {
					i++
				}
			case '\n':
				// a line continuation
			default:
				if e < '0' || e > '7' {
					s = append(s, e)
					break
				}
				n, j := 0, i
				for ; j < len(b) && j < i+3 && b[j] >= '0' && b[j] <= '7'; j++ {
					n = n*8 + int(b[j]-'0')
				}
				s = append(s, byte(n))
				i = j - 1
			}
		case c == '(':
			depth++
			s = append(s, c)
		case c == ')':
			depth--
			if depth > 0 {
				s = append(s, c)
			}
		default:
			s = append(s, c)
		}
	}
	return s, i
}

// hexString decodes the digits of a hex string, skipping white space; an
// odd last digit counts as followed by 0.
func hexString(b []byte) []byte {
	var s []byte
	half, odd := byte(0), false
	for _, c := range b {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			continue
		}
		if odd {
			s = append(s, half<<4|v)
		} else {
			half = v
		}
		odd = !odd
	}
	if odd {
		s = append(s, half<<4)
	}
	return s
}
