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
	want := []struct{ id, name string }{
		{"countdown", "Vera Downs"},
		{"ace", "Ace Malone"},
		{"double", "Dot Twice"},
		{"longslip", "Long Sal"},
		{"fivealike", "Five-Spot Frank"},
		{"turnaround", "Pivot Pete"},
		{"spread", "Rosa Rainbow"},
		{"none", "Ride it straight"},
	}
	if len(cards) != len(want) {
		t.Fatalf("have %d cards, want %d", len(cards), len(want))
	}
	for i, w := range want {
		if cards[i].ID != w.id || cards[i].Name != w.name {
			t.Errorf("card %d: have %s %q, want %s %q", i, cards[i].ID, cards[i].Name, w.id, w.name)
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
		{"ok", "---\nid: a\nname: A B\n---\n## Rule\n\none\ntwo\n\nthree\n## Tip\ntip\n",
			JockeyCard{ID: "a", Name: "A B", Rule: "one two\nthree", Tip: "tip"}, ""},
		{"no front matter", "## Rule\nx\n", JockeyCard{}, "line 1: want front matter"},
		{"unclosed", "---\nid: a\n", JockeyCard{}, "not closed"},
		{"unknown key", "---\ncolour: red\n---\n", JockeyCard{}, "line 2: unknown front matter key"},
		{"no tip", "---\nid: a\nname: A\n---\n## Rule\nx\n", JockeyCard{}, "no Tip"},
		{"stray text", "---\nid: a\nname: A\n---\nhello\n", JockeyCard{}, "line 5: text before"},
		{"bad section", "---\nid: a\nname: A\n---\n## Notes\n", JockeyCard{}, "unknown section"},
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
		if c.ID == "" || c.Name == "" || c.Rule == "" || c.Tip == "" {
			t.Errorf("accepted a card with an empty field: %+v", c)
		}
	})
}
