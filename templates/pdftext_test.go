package templates

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// This file reads back the PDFs the templates write, for the tests: the
// validator, the page sizes and the text. The text is read from each
// page's content stream: the strings of Tj and TJ, decoded through the
// ToUnicode map of the font selected by Tf (the UTF-8 fonts write 2-byte
// codes), or as UTF-16 when a font has none.

func pdfConf() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	return conf
}

// validate runs pdfcpu's strict validator over b.
func validate(b []byte) error {
	return api.Validate(bytes.NewReader(b), pdfConf())
}

// pageSizes returns each page's size in millimetres.
func pageSizes(b []byte) ([][2]float64, error) {
	dims, err := api.PageDims(bytes.NewReader(b), pdfConf())
	if err != nil {
		return nil, err
	}
	out := make([][2]float64, len(dims))
	for i, d := range dims {
		out[i] = [2]float64{d.Width * 25.4 / 72, d.Height * 25.4 / 72}
	}
	return out, nil
}

// pageTexts returns the text of each page, one line per text-showing
// operator.
func pageTexts(b []byte) ([]string, error) {
	ctx, err := api.ReadContext(bytes.NewReader(b), pdfConf())
	if err != nil {
		return nil, err
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, err
	}
	var pages []string
	for p := 1; p <= ctx.PageCount; p++ {
		d, _, inh, err := ctx.PageDict(p, true)
		if err != nil {
			return nil, err
		}
		res := inh.Resources
		if r, ok := d.Find("Resources"); ok {
			if rd, err := ctx.DereferenceDict(r); err == nil && rd != nil {
				res = rd
			}
		}
		maps, err := fontMaps(ctx, res)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", p, err)
		}
		r, err := pdfcpu.ExtractPageContent(ctx, p)
		if err != nil {
			return nil, err
		}
		content, err := io.ReadAll(r)
		if err != nil {
			return nil, err
		}
		text, err := showText(content, maps)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", p, err)
		}
		pages = append(pages, text)
	}
	return pages, nil
}

// cmap maps 2-byte character codes to text; nil decodes as UTF-16BE.
type cmap map[uint16]string

// fontMaps reads the ToUnicode map of every font of a resource dict.
func fontMaps(ctx *model.Context, res types.Dict) (map[string]cmap, error) {
	out := map[string]cmap{}
	if res == nil {
		return out, nil
	}
	fo, ok := res.Find("Font")
	if !ok {
		return out, nil
	}
	fonts, err := ctx.DereferenceDict(fo)
	if err != nil {
		return nil, err
	}
	for name, ref := range fonts {
		fd, err := ctx.DereferenceDict(ref)
		if err != nil {
			return nil, err
		}
		tu, ok := fd.Find("ToUnicode")
		if !ok {
			out[name] = nil
			continue
		}
		sd, _, err := ctx.DereferenceStreamDict(tu)
		if err != nil || sd == nil {
			return nil, fmt.Errorf("font %s: ToUnicode: %v", name, err)
		}
		if err := sd.Decode(); err != nil {
			return nil, err
		}
		m, err := parseCMap(sd.Content)
		if err != nil {
			return nil, fmt.Errorf("font %s: %w", name, err)
		}
		out[name] = m
	}
	return out, nil
}

// parseCMap reads the bfchar and bfrange sections of a ToUnicode CMap.
func parseCMap(b []byte) (cmap, error) {
	m := cmap{}
	toks := tokens(b)
	hex := func(t token) ([]byte, bool) { return t.str, t.kind == tokHex }
	for i := 0; i < len(toks); i++ {
		switch {
		case toks[i].kind == tokOp && toks[i].op == "beginbfchar":
			for i++; i+1 < len(toks) && toks[i].op != "endbfchar"; i += 2 {
				src, ok1 := hex(toks[i])
				dst, ok2 := hex(toks[i+1])
				if !ok1 || !ok2 || len(src) != 2 {
					return nil, fmt.Errorf("bad bfchar entry")
				}
				m[uint16(src[0])<<8|uint16(src[1])] = utf16be(dst)
			}
		case toks[i].kind == tokOp && toks[i].op == "beginbfrange":
			for i++; i+2 < len(toks) && toks[i].op != "endbfrange"; i += 3 {
				lo, ok1 := hex(toks[i])
				hi, ok2 := hex(toks[i+1])
				dst, ok3 := hex(toks[i+2])
				if !ok1 || !ok2 || !ok3 || len(lo) != 2 || len(hi) != 2 || len(dst) != 2 {
					return nil, fmt.Errorf("bad bfrange entry")
				}
				a, z := int(lo[0])<<8|int(lo[1]), int(hi[0])<<8|int(hi[1])
				base := int(dst[0])<<8 | int(dst[1])
				for c := a; c <= z; c++ {
					m[uint16(c)] = string(rune(base + c - a))
				}
			}
		}
	}
	return m, nil
}

func utf16be(b []byte) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return string(utf16.Decode(u))
}

// decode turns the bytes of a string shown in font m into text.
func (m cmap) decode(b []byte) string {
	if m == nil {
		return utf16be(b)
	}
	var sb strings.Builder
	for i := 0; i+1 < len(b); i += 2 {
		c := uint16(b[i])<<8 | uint16(b[i+1])
		if s, ok := m[c]; ok {
			sb.WriteString(s)
		} else {
			sb.WriteRune('\uFFFD')
		}
	}
	return sb.String()
}

// showText returns the text a content stream shows, a line per operator.
func showText(content []byte, maps map[string]cmap) (string, error) {
	var (
		sb       strings.Builder
		font     cmap
		operands []token
	)
	for _, t := range tokens(content) {
		if t.kind != tokOp {
			operands = append(operands, t)
			continue
		}
		switch t.op {
		case "Tf":
			if len(operands) < 2 || operands[len(operands)-2].kind != tokName {
				return "", fmt.Errorf("Tf without a font name")
			}
			name := operands[len(operands)-2].op
			m, ok := maps[name]
			if !ok {
				return "", fmt.Errorf("font %s is not in the page's resources", name)
			}
			font = m
		case "Tj", "'", "\"":
			for _, o := range operands {
				if o.kind == tokString || o.kind == tokHex {
					sb.WriteString(font.decode(o.str))
				}
			}
			sb.WriteByte('\n')
		case "TJ":
			for _, o := range operands {
				if o.kind == tokString || o.kind == tokHex {
					sb.WriteString(font.decode(o.str))
				}
			}
			sb.WriteByte('\n')
		}
		operands = operands[:0]
	}
	return sb.String(), nil
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

type token struct {
	kind tokKind
	op   string // operator, name (without the slash) or number
	str  []byte // the bytes of a string
}

// tokens splits PDF content into tokens. It knows literal and hex strings,
// names, numbers, brackets and operators, which is all a content stream or
// a CMap holds.
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
			var s []byte
			depth := 1
			i++
			for i < len(b) && depth > 0 {
				c := b[i]
				switch {
				case c == '\\' && i+1 < len(b):
					i++
					e := b[i]
					switch e {
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
					case '\r', '\n':
						// a line continuation
					default:
						if e >= '0' && e <= '7' {
							j := i
							for j < len(b) && j < i+3 && b[j] >= '0' && b[j] <= '7' {
								j++
							}
							v, _ := strconv.ParseUint(string(b[i:j]), 8, 16)
							s = append(s, byte(v))
							i = j - 1
						} else {
							s = append(s, e)
						}
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
				i++
			}
			out = append(out, token{kind: tokString, str: s})
		case c == '<' && i+1 < len(b) && b[i+1] == '<', c == '>' && i+1 < len(b) && b[i+1] == '>':
			out = append(out, token{kind: tokOther, op: string(b[i : i+2])})
			i += 2
		case c == '<':
			j := bytes.IndexByte(b[i:], '>')
			if j < 0 {
				j = len(b) - i
			}
			h := strings.Map(func(r rune) rune {
				if strings.ContainsRune("0123456789abcdefABCDEF", r) {
					return r
				}
				return -1
			}, string(b[i+1:i+j]))
			if len(h)%2 == 1 {
				h += "0"
			}
			s := make([]byte, len(h)/2)
			for k := range s {
				v, _ := strconv.ParseUint(h[2*k:2*k+2], 16, 8)
				s[k] = byte(v)
			}
			out = append(out, token{kind: tokHex, str: s})
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
