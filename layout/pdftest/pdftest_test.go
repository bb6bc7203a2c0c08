package pdftest

import (
	"slices"
	"strings"
	"testing"
)

// cmapSrc is a ToUnicode CMap with every kind of entry parseCMap reads.
const cmapSrc = `/CIDInit /ProcSet findresource begin
begincmap
1 begincodespacerange <0000> <FFFF> endcodespacerange
2 beginbfchar
<0003> <0020>
<0004> <D83DDE00>
endbfchar
2 beginbfrange
<0010> <0012> <0061>
<0020> <0021> [<0058> <00590059>]
endbfrange
endcmap`

func TestParseCMap(t *testing.T) {
	m, err := parseCMap([]byte(cmapSrc))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		codes string
		want  string
	}{
		{"\x00\x10\x00\x11\x00\x12", "abc"},
		{"\x00\x03", " "},
		{"\x00\x04", "😀"},
		{"\x00\x20\x00\x21", "XYY"},
		{"\x00\x13", "\uFFFD"},      // not in the map
		{"\x00\x10\x00", "a\uFFFD"}, // an odd byte at the end
	} {
		if have := m.decode([]byte(c.codes)); have != c.want {
			t.Errorf("decode(% x): have %q, want %q", c.codes, have, c.want)
		}
	}
	var none *cmap
	if have := none.decode([]byte("\x00A\x00b")); have != "Ab" {
		t.Errorf("no map: have %q, want UTF-16BE %q", have, "Ab")
	}
	for _, bad := range []string{
		"1 beginbfchar <0001> endbfchar",
		"1 beginbfrange <0002> <0001> <0041> endbfrange",
		"1 beginbfrange <0001> <0002> [<0041>] endbfrange",
	} {
		if _, err := parseCMap([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestTexts(t *testing.T) {
	m, err := parseCMap([]byte(cmapSrc))
	if err != nil {
		t.Fatal(err)
	}
	fonts := map[string]*cmap{"F1": nil, "F2": m}
	for _, c := range []struct {
		name, content string
		want          []Text
	}{
		{"fpdf's Text", `BT /F1 12.00 Tf ET BT 56.69 785.20 Td (\000H\000i) Tj ET`,
			[]Text{{56.69, 785.2, "Hi"}}},
		{"escapes and hex", `BT 1 2 Td (\000\(\000\)\000\\) Tj <0041 004> Tj ET`,
			[]Text{{1, 2, `()\`}, {1, 2, "A@"}}},
		{"justified TJ", `BT 0 Tw 10 20 Td [(\000a) -12.5(\000 ) (\000b) ] TJ ET`,
			[]Text{{10, 20, "a b"}}},
		{"the font of the ToUnicode map", `BT /F2 9 Tf 3 4 Td <001000110012> Tj ET`,
			[]Text{{3, 4, "abc"}}},
		{"Q restores the font", `BT /F2 9 Tf ET q BT /F1 9 Tf ET Q BT 0 0 Td <0010> Tj ET`,
			[]Text{{0, 0, "a"}}},
		{"cm moves text, Q undoes it", `q 1 0 0 1 100 200 cm BT 5 6 Td <0041> Tj ET Q BT 5 6 Td <0042> Tj ET`,
			[]Text{{105, 206, "A"}, {5, 6, "B"}}},
		{"Td adds up, BT resets", `BT 10 100 Td 5 -10 Td <0041> Tj ET BT 1 1 Td <0042> Tj ET`,
			[]Text{{15, 90, "A"}, {1, 1, "B"}}},
		{"leading", `BT 14 TL 10 100 Td <0061> Tj T* <0062> Tj <0063> ' 1 2 <0064> " ET`,
			[]Text{{10, 100, "a"}, {10, 86, "b"}, {10, 72, "c"}, {10, 58, "d"}}},
		{"TD sets the leading", `BT 10 100 TD 0 -12 TD <0061> Tj T* <0062> Tj ET`,
			[]Text{{10, 88, "a"}, {10, 76, "b"}}},
		{"Tm", `BT 2 0 0 2 30 40 Tm <0061> Tj 1 1 Td <0062> Tj ET`,
			[]Text{{30, 40, "a"}, {32, 42, "b"}}},
		{"no text", `q 0 0 1 rg 10 10 50 50 re f Q % a comment (not text) Tj`, nil},
	} {
		have, err := texts([]byte(c.content), fonts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(have, c.want) {
			t.Errorf("%s:\nhave %v\nwant %v", c.name, have, c.want)
		}
	}
}

func TestTextsErrors(t *testing.T) {
	for _, c := range []struct{ content, want string }{
		{"BT /F9 12 Tf ET", "font F9 is not in the page's resources"},
		{"q Q Q", "Q without q"},
		{"BT 1 Td ET", "Td with operands 1"},
		{"BT 12 Tf ET", "Tf with operands 12"},
	} {
		_, err := texts([]byte(c.content), map[string]*cmap{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: have error %v, want %q", c.content, err, c.want)
		}
	}
}

func TestLinesAndShown(t *testing.T) {
	page := []Text{{100, 700, "right"}, {20, 700.02, "left"}, {20, 500, "below"}, {20, 720, "top"}}
	if have, want := Lines(page), []string{"top", "left right", "below"}; !slices.Equal(have, want) {
		t.Errorf("Lines: have %q, want %q", have, want)
	}
	if have, want := Shown(page), "right\nleft\nbelow\ntop\n"; have != want {
		t.Errorf("Shown: have %q, want %q", have, want)
	}
}
