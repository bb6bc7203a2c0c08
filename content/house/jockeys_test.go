package house

import (
	"io/fs"
	"strings"
	"testing"
)

func TestJockeys(t *testing.T) {
	cards, err := Jockeys()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"countdown", "ace", "double", "longslip", "fivealike", "turnaround", "spread", "none"}
	if len(cards) != len(want) {
		t.Fatalf("have %d cards, want %d", len(cards), len(want))
	}
	for i, w := range want {
		if cards[i].ID != w {
			t.Errorf("card %d: have %s, want %s", i, cards[i].ID, w)
		}
	}
	if _, err := JockeyByID("nobody"); err == nil {
		t.Error("JockeyByID(nobody): have nil error")
	}
}

func TestParseJockeyCard(t *testing.T) {
	tests := []struct {
		name, src string
		want      JockeyCard
		err       string
	}{
		{"ok", "---\nid: a\n---\n## Rule\n\none\ntwo\n\nthree\n## Tip\ntip\n",
			JockeyCard{ID: "a", Rule: "one two\nthree", Tip: "tip"}, ""},
		{"a name", "---\nid: a\nname: A B\n---\n## Rule\nx\n## Tip\ny\n", JockeyCard{}, "line 3: unknown front matter key \"name\": the name on a card is the engine's"},
		{"no front matter", "## Rule\nx\n", JockeyCard{}, "line 1: want front matter"},
		{"unclosed", "---\nid: a\n", JockeyCard{}, "not closed"},
		{"unknown key", "---\ncolour: red\n---\n", JockeyCard{}, "line 2: unknown front matter key"},
		{"no tip", "---\nid: a\n---\n## Rule\nx\n", JockeyCard{}, "no Tip"},
		{"stray text", "---\nid: a\n---\nhello\n", JockeyCard{}, "line 4: text before"},
		{"bad section", "---\nid: a\n---\n## Notes\n", JockeyCard{}, "unknown section"},
	}
	for _, tt := range tests {
		have, err := ParseJockeyCard(tt.src)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: have error %v, want one containing %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if have != tt.want {
			t.Errorf("%s: have %+v, want %+v", tt.name, have, tt.want)
		}
	}
}

func FuzzParseJockeyCard(f *testing.F) {
	names, _ := fs.Glob(FS, "jockeys/*.md")
	for _, n := range names {
		b, _ := fs.ReadFile(FS, n)
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, src string) {
		c, err := ParseJockeyCard(src)
		if err != nil {
			return
		}
		if c.ID == "" || c.Rule == "" || c.Tip == "" {
			t.Errorf("accepted a card with an empty field: %+v", c)
		}
	})
}
