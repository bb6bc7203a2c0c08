package layout

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansbolditalic"
	"github.com/go-fonts/liberation/liberationsansitalic"
	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/go-fonts/liberation/liberationserifbold"
	"github.com/go-fonts/liberation/liberationserifbolditalic"
	"github.com/go-fonts/liberation/liberationserifitalic"
	"github.com/go-fonts/liberation/liberationserifregular"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Family is a typeface embedded in every document.
type Family string

// The embedded families. Sans and Serif are Liberation Sans and Liberation
// Serif (SIL Open Font Licence 1.1): a hyphen that is short, a zero with no
// slash, real quotes and dashes. Sans is the clear face of sheets, cards
// and boards; Serif is the book face of rulebooks. Mono is Go Mono
// (BSD-style licence), for code, where a slashed zero helps.
const (
	Sans  Family = "sans"   // Liberation Sans regular, bold, italic and bold italic
	Serif Family = "serif"  // Liberation Serif in the same four styles
	Mono  Family = "gomono" // Go Mono in the same four styles
)

// Style is the weight and slant of a face.
type Style uint8

// The four styles of each family.
const (
	Regular Style = iota
	Bold
	Italic
	BoldItalic
)

// String returns the style's name.
func (s Style) String() string {
	switch s {
	case Regular:
		return "regular"
	case Bold:
		return "bold"
	case Italic:
		return "italic"
	case BoldItalic:
		return "bold italic"
	}
	return fmt.Sprintf("Style(%d)", s)
}

// fpdf returns fpdf's style string for s.
func (s Style) fpdf() string {
	return [...]string{"", "B", "I", "BI"}[s&3]
}

// face is one embedded TrueType font, parsed once with sfnt before fpdf
// ever sees it (fpdf only prints a message on bad font bytes).
type face struct {
	ttf []byte

	once      sync.Once
	font      *sfnt.Font
	capHeight float64 // in em
	ascent    float64 // in em
	descent   float64 // in em, positive
	err       error

	// Which runes of the Basic Multilingual Plane the font can draw,
	// learnt a rune at a time as text asks: bit r of known says rune r was
	// looked up, bit r of covers that the font has a glyph for it.
	known, covers [0x10000 / 64]atomic.Uint64
	bufs          sync.Pool // of *sfnt.Buffer, for looking runes up
	ascii         [2]uint64 // bit r: the font draws ASCII rune r, found when parsed

	// The advance of each rune in thousandths of an em, rounded as fpdf
	// rounds the widths it writes into a PDF, so that both backends
	// measure alike and a PDF keeps the bytes it had when fpdf measured.
	// ASCII is measured when the face is parsed; other runes as text asks,
	// two to a word of wide (16 bits each: 0 not looked up yet, else one
	// more than the width).
	upem       int
	asciiWidth [0x80]uint16 // the advance of each ASCII rune the face has; 0 for the others
	wide       *[0x10000 / 2]atomic.Uint32
}

var faces = map[Family]*[4]face{
	Sans: {
		{ttf: liberationsansregular.TTF}, {ttf: liberationsansbold.TTF},
		{ttf: liberationsansitalic.TTF}, {ttf: liberationsansbolditalic.TTF},
	},
	Serif: {
		{ttf: liberationserifregular.TTF}, {ttf: liberationserifbold.TTF},
		{ttf: liberationserifitalic.TTF}, {ttf: liberationserifbolditalic.TTF},
	},
	Mono: {{ttf: gomono.TTF}, {ttf: gomonobold.TTF}, {ttf: gomonoitalic.TTF}, {ttf: gomonobolditalic.TTF}},
}

// families are the embedded families in a fixed order (an SVG page numbers
// a face by its family's index times four plus its style).
var families = [...]Family{Sans, Serif, Mono}

// lookupFace returns the parsed face for f and s.
func lookupFace(f Family, s Style) (*face, error) {
	set, ok := faces[f]
	if !ok || s > BoldItalic {
		return nil, fmt.Errorf("layout: no font %q in style %v", f, s)
	}
	fc := &set[s]
	fc.once.Do(fc.parse)
	if fc.err != nil {
		return nil, fmt.Errorf("layout: font %q %v: %w", f, s, fc.err)
	}
	return fc, nil
}

func (fc *face) parse() {
	fc.font, fc.err = sfnt.Parse(fc.ttf)
	if fc.err != nil {
		return
	}
	var b sfnt.Buffer
	upem := fixed.Int26_6(fc.font.UnitsPerEm())
	m, err := fc.font.Metrics(&b, upem, 0)
	if err != nil {
		fc.err = err
		return
	}
	em := float64(upem)
	fc.upem = int(upem)
	fc.wide = new([0x10000 / 2]atomic.Uint32)
	fc.ascent = float64(m.Ascent) / em
	fc.descent = float64(m.Descent) / em
	fc.capHeight = float64(m.CapHeight) / em
	if fc.capHeight <= 0 {
		fc.capHeight = 0.7
	}
	// Printable ASCII, most of any text, is looked up now, so that
	// checking it later is a plain bit test.
	for r := rune(' '); r < 0x7f; r++ {
		if g, err := fc.font.GlyphIndex(&b, r); err == nil && g != 0 {
			fc.ascii[r/64] |= 1 << (r % 64)
			fc.asciiWidth[r] = uint16(fc.advance(&b, g))
		}
	}
}

// advance is glyph g's advance in thousandths of an em, as fpdf computes
// it from the font's hmtx table: rounded to the nearest unit.
func (fc *face) advance(b *sfnt.Buffer, g sfnt.GlyphIndex) int {
	// At a size of one em per font unit, sfnt returns the advance in font
	// units exactly (as 26.6 fixed point).
	adv, err := fc.font.GlyphAdvance(b, g, fixed.I(fc.upem), font.HintingNone)
	if err != nil {
		return 0
	}
	scale := 1000.0 / float64(fc.upem)
	return int(math.Round(scale * float64(adv>>6)))
}

// width is the advance of rune r, which fc draws, in thousandths of an
// em.
func (fc *face) width(r rune) int {
	if r < 0x80 {
		return int(fc.asciiWidth[r])
	}
	word, shift := &fc.wide[r/2], uint(r%2)*16
	if v := (word.Load() >> shift) & 0xffff; v != 0 {
		return int(v - 1)
	}
	b, _ := fc.bufs.Get().(*sfnt.Buffer)
	if b == nil {
		b = new(sfnt.Buffer)
	}
	w := 0
	if g, err := fc.font.GlyphIndex(b, r); err == nil && g != 0 {
		w = fc.advance(b, g)
	}
	fc.bufs.Put(b)
	if w >= 0xffff {
		w = 0xfffe
	}
	for {
		old := word.Load()
		if word.CompareAndSwap(old, old|uint32(w+1)<<shift) {
			return w
		}
	}
}

// textWidth is the width of text in fc at size points, in millimetres:
// the sum of the advances of the runes fc draws (others count nothing),
// in the very arithmetic of fpdf's GetStringWidth.
func (fc *face) textWidth(text string, size float64) float64 {
	w := 0
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			// ASCII, most of any text: a table, 0 for a rune fc lacks
			w += int(fc.asciiWidth[c])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if fc.has(r) {
			w += fc.width(r)
		}
		i += n
	}
	return float64(w) * (size / ptPerMM) / 1000
}

// ptPerMM is points per millimetre, as fpdf's scale factor k.
const ptPerMM = 72.0 / 25.4

// has reports whether fc can draw r. Control characters, U+FFFD and runes
// above U+FFFF are never drawable. A rune is looked up in the font once;
// after that, checking it costs a bit test (looking up all 65,536 runes
// when a font is first used cost a millisecond per face).
func (fc *face) has(r rune) bool {
	if r < ' ' || r > 0xFFFF || r == utf8.RuneError {
		return false
	}
	if r < 0x7f {
		return fc.ascii[r/64]&(1<<(r%64)) != 0
	}
	i, bit := r/64, uint64(1)<<(r%64)
	if fc.known[i].Load()&bit != 0 {
		return fc.covers[i].Load()&bit != 0
	}
	b, _ := fc.bufs.Get().(*sfnt.Buffer)
	if b == nil {
		b = new(sfnt.Buffer)
	}
	g, err := fc.font.GlyphIndex(b, r)
	fc.bufs.Put(b)
	ok := err == nil && g != 0
	if ok {
		fc.covers[i].Or(bit)
	}
	fc.known[i].Or(bit)
	return ok
}

// uncovered returns the distinct runes of text that fc cannot draw, in
// order of first appearance. Runes above U+FFFF are always uncovered: fpdf
// cannot write them.
func (fc *face) uncovered(text string) []rune {
	var missing []rune
	for _, r := range text {
		if !fc.has(r) && !containsRune(missing, r) {
			missing = append(missing, r)
		}
	}
	return missing
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// Uncovered returns the distinct runes of text that family f in style s
// cannot draw (control characters and runes above U+FFFF included), in
// order of first appearance, or nil when every rune can be drawn.
func Uncovered(f Family, s Style, text string) ([]rune, error) {
	fc, err := lookupFace(f, s)
	if err != nil {
		return nil, err
	}
	return fc.uncovered(text), nil
}

// CoverageError reports text that the current font cannot draw. Such text
// is never drawn: it would print as empty boxes, or crash fpdf.
type CoverageError struct {
	Family Family
	Style  Style
	Text   string
	Runes  []rune // the runes the font lacks
}

func (e *CoverageError) Error() string {
	var sb strings.Builder
	for i, r := range e.Runes {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%U %q", r, r)
	}
	text := e.Text
	if utf8.RuneCountInString(text) > 40 {
		text = string([]rune(text)[:40]) + "..."
	}
	return fmt.Sprintf("layout: font %s %v cannot draw %s in %q", e.Family, e.Style, sb.String(), text)
}

// ptToMM converts points to millimetres.
const ptToMM = 25.4 / 72

// SetFont selects the family, style and size (in points) for the text
// drawn next. The face is embedded (as a subset) the first time text is
// drawn or measured with it: a face only selected costs nothing.
func (d *Doc) SetFont(f Family, s Style, size float64) {
	fc, err := lookupFace(f, s)
	if err != nil {
		d.SetError(err)
		return
	}
	d.family, d.style, d.size, d.face = f, s, size, fc
	d.fontPending = true
}

// useFont hands the selected font to the backend, which adds the face to
// the document the first time.
func (d *Doc) useFont() {
	if !d.fontPending {
		return
	}
	d.fontPending = false
	f, s := d.family, d.style
	if d.applied == (appliedFont{f, s, d.size}) {
		return // the backend has it already, and writes no operator for nothing
	}
	d.applied = appliedFont{f, s, d.size}
	d.be.setFont(f, s, d.size, d.face)
}

// Font returns the current family, style and size in points.
func (d *Doc) Font() (Family, Style, float64) { return d.family, d.style, d.size }

// SetFontSize changes the size (in points) of the current font.
func (d *Doc) SetFontSize(size float64) { d.SetFont(d.family, d.style, size) }

// FontHeight is the current font size in millimetres (one em).
func (d *Doc) FontHeight() float64 { return d.size * ptToMM }

// CapHeight is the height of a capital letter of the current font, in
// millimetres: the amount to add to a box's centre to centre a line of text
// on it.
func (d *Doc) CapHeight() float64 { return d.face.capHeight * d.FontHeight() }

// Ascent and Descent are the current font's extent above and below the
// baseline, in millimetres (Descent is positive).
func (d *Doc) Ascent() float64 { return d.face.ascent * d.FontHeight() }

// Descent is the current font's extent below the baseline, in millimetres.
func (d *Doc) Descent() float64 { return d.face.descent * d.FontHeight() }

// Uncovered returns the runes of text the current font cannot draw.
func (d *Doc) Uncovered(text string) []rune { return d.face.uncovered(text) }

// covered reports whether text can be drawn with the current font; if not,
// it records a *CoverageError as the document's error.
func (d *Doc) covered(text string) bool {
	missing := d.face.uncovered(text)
	if len(missing) == 0 {
		return true
	}
	d.SetError(&CoverageError{Family: d.family, Style: d.style, Text: text, Runes: missing})
	return false
}

// TextWidth is the width of text in the current font, in millimetres. Runes
// the font lacks count as zero width (drawing them is refused). It is
// measured from the font's own advances, the same for every backend.
func (d *Doc) TextWidth(text string) float64 {
	// The font goes to the backend even to measure: a PDF embeds the
	// faces it measured with, as it always has.
	d.useFont()
	if !d.ok() {
		return 0
	}
	return d.face.textWidth(text, d.size)
}

// Curly returns prose with typographic quotes: an apostrophe becomes ’,
// and a straight quote opens (‘ “) after a space, an opening bracket or
// dash, or at the start, and closes (’ ”) elsewhere. Use it for prose a
// template writes; code and notation keep their straight quotes.
func Curly(s string) string {
	if !strings.ContainsAny(s, `'"`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	prev := ' '
	for _, r := range s {
		opens := prev == ' ' || prev == '(' || prev == '[' || prev == '\n' || prev == '–' || prev == '—' || prev == '\t'
		switch {
		case r == '\'' && opens:
			b.WriteRune('‘')
		case r == '\'':
			b.WriteRune('’')
		case r == '"' && opens:
			b.WriteRune('“')
		case r == '"':
			b.WriteRune('”')
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}
