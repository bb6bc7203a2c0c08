package pdftest

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A cmap maps the 2-byte character codes of a font to text, as its
// ToUnicode CMap says. A nil *cmap reads the codes as UTF-16BE.
type cmap struct {
	chars  map[uint16]string // bfchar entries
	ranges []codeRange       // bfrange entries
}

// codeRange maps the codes lo to hi: to dst with its last UTF-16 unit
// counted up from lo, or to the strings of dsts one by one.
type codeRange struct {
	lo, hi uint16
	dst    []uint16
	dsts   []string
}

// fontMaps reads the ToUnicode CMap of every font of a resource dict,
// by the font's resource name; a font without one maps to nil.
func fontMaps(ctx *model.Context, res types.Dict) (map[string]*cmap, error) {
	out := map[string]*cmap{}
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
			return nil, fmt.Errorf("font %s: %w", name, err)
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
			return nil, fmt.Errorf("font %s: ToUnicode: %w", name, err)
		}
		m, err := parseCMap(sd.Content)
		if err != nil {
			return nil, fmt.Errorf("font %s: ToUnicode: %w", name, err)
		}
		out[name] = m
	}
	return out, nil
}

// parseCMap reads the bfchar and bfrange sections of a ToUnicode CMap
// with 2-byte codes.
func parseCMap(b []byte) (*cmap, error) {
	m := &cmap{chars: map[uint16]string{}}
	toks := tokens(b)
	code := func(t token) (uint16, bool) {
		if t.kind != tokHex || len(t.str) != 2 {
			return 0, false
		}
		return uint16(t.str[0])<<8 | uint16(t.str[1]), true
	}
	for i := 0; i < len(toks); i++ {
		switch {
		case toks[i].is("beginbfchar"):
			for i++; i < len(toks) && !toks[i].is("endbfchar"); i += 2 {
				src, ok := code(toks[i])
				if !ok || i+1 == len(toks) || toks[i+1].kind != tokHex {
					return nil, fmt.Errorf("bad bfchar entry %d", len(m.chars)+1)
				}
				m.chars[src] = utf16be(toks[i+1].str)
			}
		case toks[i].is("beginbfrange"):
			for i++; i < len(toks) && !toks[i].is("endbfrange"); i++ {
				n := len(m.ranges) + 1
				if i+2 >= len(toks) {
					return nil, fmt.Errorf("bad bfrange entry %d", n)
				}
				lo, ok1 := code(toks[i])
				hi, ok2 := code(toks[i+1])
				if !ok1 || !ok2 || hi < lo {
					return nil, fmt.Errorf("bad bfrange entry %d", n)
				}
				r := codeRange{lo: lo, hi: hi}
				i += 2
				switch {
				case toks[i].kind == tokHex && len(toks[i].str) >= 2 && len(toks[i].str)%2 == 0:
					r.dst = units(toks[i].str)
				case toks[i].is("["):
					for i++; i < len(toks) && toks[i].kind == tokHex; i++ {
						r.dsts = append(r.dsts, utf16be(toks[i].str))
					}
					if i == len(toks) || !toks[i].is("]") || len(r.dsts) != int(hi-lo)+1 {
						return nil, fmt.Errorf("bad bfrange entry %d: want %d strings", n, int(hi-lo)+1)
					}
				default:
					return nil, fmt.Errorf("bad bfrange entry %d", n)
				}
				m.ranges = append(m.ranges, r)
			}
		}
	}
	return m, nil
}

// units reads big-endian UTF-16 code units.
func units(b []byte) []uint16 {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return u
}

func utf16be(b []byte) string { return string(utf16.Decode(units(b))) }

// lookup returns the text of code c, and whether the map has it.
func (m *cmap) lookup(c uint16) (string, bool) {
	if s, ok := m.chars[c]; ok {
		return s, true
	}
	for _, r := range m.ranges {
		if c < r.lo || c > r.hi {
			continue
		}
		if r.dsts != nil {
			return r.dsts[c-r.lo], true
		}
		u := append([]uint16(nil), r.dst...)
		u[len(u)-1] += c - r.lo
		return string(utf16.Decode(u)), true
	}
	return "", false
}

// decode turns the bytes of a string shown in font m into text; a code
// the map lacks, or an odd byte at the end, reads as U+FFFD.
func (m *cmap) decode(b []byte) string {
	if m == nil {
		return utf16be(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); i += 2 {
		if i+1 == len(b) {
			sb.WriteRune('\uFFFD')
			break
		}
		if s, ok := m.lookup(uint16(b[i])<<8 | uint16(b[i+1])); ok {
			sb.WriteString(s)
		} else {
			sb.WriteRune('\uFFFD')
		}
	}
	return sb.String()
}
