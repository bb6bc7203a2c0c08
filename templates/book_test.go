package templates

import (
	"strings"
	"testing"
	"testing/fstest"
)

func testBook() *Book {
	return &Book{
		Chapters: fstest.MapFS{
			"rules/01-a.md": {Data: []byte("# One\n\nPays {{value pay}} a box.\n\n{{table track}}\n")},
			"rules/02-b.md": {Data: []byte("# Two\r\n\r\nNothing here.\r\n")},
		},
		Glob:   "rules/*.md",
		Tables: map[string]func() string{"track": func() string { return GFM("lr", []string{"Box", "Pays"}, [][]string{{"1", "$5"}}) }},
		Values: map[string]func() string{"pay": Num(5), "spare": Num(1)},
	}
}

func TestBookSource(t *testing.T) {
	b := testBook()
	src, err := b.Source()
	if err != nil {
		t.Fatal(err)
	}
	want := "# One\n\nPays 5 a box.\n\n| Box | Pays |\n|---|---:|\n| 1 | $5 |\n\n\n# Two\r\n\r\nNothing here.\r\n\n\n"
	if string(src) != want {
		t.Errorf("have %q\nwant %q", src, want)
	}
	unused, err := b.Unused()
	if err != nil || strings.Join(unused, ",") != "value spare" {
		t.Errorf("unused: have %q, %v; want value spare", unused, err)
	}
}

func TestBookExpandErrors(t *testing.T) {
	b := testBook()
	for _, tt := range []struct{ src, want string }{
		{"a\n{{table nope}}\n", "x.md:2: unknown table \"nope\" (want one of track)"},
		{"see {{table track}} here", "x.md:1: {{table track}} must stand alone on its line"},
		{"{{value nope}}", "x.md:1: unknown value \"nope\" (want one of pay, spare)"},
		{"a {{ b", "x.md:1: \"a {{ b\" is not a placeholder ({{table NAME}} or {{value NAME}})"},
	} {
		_, err := b.Expand("x.md", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: have %v, want %s", tt.src, err, tt.want)
		}
	}
}

// FuzzExpand: text without "{{" goes through unchanged, and what expands
// holds no placeholder any more.
func FuzzExpand(f *testing.F) {
	f.Add([]byte("{{table track}}\r\n{{value pay}}{{"))
	f.Add([]byte("plain text\n"))
	b := testBook()
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := b.Expand("fuzz.md", in)
		if !strings.Contains(string(in), "{{") {
			if err != nil || string(out) != string(in) {
				t.Fatalf("text without placeholders changed: err %v", err)
			}
			return
		}
		if err == nil && strings.Contains(string(out), "{{") {
			t.Fatalf("expanded text still holds a placeholder: %q", out)
		}
	})
}
