package game

import (
	"reflect"
	"strings"
	"testing"
)

const guideText = `---
symbol: $
signed: yes
---
# How to play

- Two dice make
  a move.
- The biggest purse wins.

# Setting up duel

1. **The layout roll.** One die places
   the Carrot. {option layout}
2. **The rail.** The highest throws first.

# Decision keep: keeps two dice

{player} keeps two dice.
Then the cut.

# Decision cut (solo): splits the four

{player} splits them.

# Chance roll: six dice are thrown

The roller throws.
`

func TestParseGuide(t *testing.T) {
	g, err := ParseGuide(guideText)
	if err != nil {
		t.Fatal(err)
	}
	want := &Guide{
		HowTo: []string{"Two dice make a move.", "The biggest purse wins."},
		Setup: map[string][]Step{"duel": {
			{Title: "The layout roll", Text: "One die places the Carrot.", Option: "layout"},
			{Title: "The rail", Text: "The highest throws first."},
		}},
		Decisions: map[string]Turn{
			"keep":     {Short: "keeps two dice", Says: "{player} keeps two dice. Then the cut."},
			"solo cut": {Short: "splits the four", Says: "{player} splits them."},
		},
		Chance: map[string]Turn{"roll": {Short: "six dice are thrown", Says: "The roller throws."}},
		Unit:   Unit{Symbol: "$", Signed: true},
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("have %+v\nwant %+v", g, want)
	}
	if d, ok := g.Decision("solo", "cut"); !ok || d.Short != "splits the four" {
		t.Errorf("solo's cut: %+v %v", d, ok)
	}
	if d, ok := g.Decision("solo", "keep"); !ok || d.Short != "keeps two dice" {
		t.Errorf("solo's keep, the game's: %+v %v", d, ok)
	}
	if _, ok := g.Decision("duel", "cut"); ok {
		t.Error("the duel's cut, which the guide does not say, is found")
	}
}

func TestParseGuideErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"no unit", "# How to play\n- x\n# Setting up duel\n1. **A.** b\n", "no unit"},
		{"one without many", "---\none: point\n---\n# How to play\n- x\n# Setting up duel\n1. **A.** b\n", "many"},
		{"a bad key", "---\ncolour: red\n---\n", "line 2: unknown front matter key"},
		{"unclosed", "---\nsymbol: $\n", "not closed"},
		{"text first", "---\nsymbol: $\n---\nhello\n", "line 4: text before the first heading"},
		{"unknown section", "---\nsymbol: $\n---\n# Scoring\n", `line 4: unknown section "Scoring"`},
		{"twice", "---\nsymbol: $\n---\n# How to play\n- x\n# How to play\n", "line 6: a second section"},
		{"howto not a list", "---\nsymbol: $\n---\n# How to play\nx\n", "line 5: how to play is a list"},
		{"no how to", "---\nsymbol: $\n---\n# Setting up duel\n1. **A.** b\n", "no # How to play"},
		{"no setup", "---\nsymbol: $\n---\n# How to play\n- x\n", "no # Setting up"},
		{"a step without a title", "---\nsymbol: $\n---\n# How to play\n- x\n# Setting up duel\n1. The roll.\n", "line 7: a step starts with its title in bold"},
		{"a step's open option", "---\nsymbol: $\n---\n# How to play\n- x\n# Setting up duel\n1. **A.** b {option x\n", "not closed"},
		{"a stray brace", "---\nsymbol: $\n---\n# How to play\n- x\n# Setting up duel\n1. **A.** b {value x}\n", "brace"},
		{"two modes' words", "---\nsymbol: $\n---\n# Setting up duel book\n", "one mode keyword"},
		{"a turn without words", "---\nsymbol: $\n---\n# How to play\n- x\n# Setting up duel\n1. **A.** b\n# Decision keep: keeps\n", "keep says nothing"},
		{"a turn without a short", "---\nsymbol: $\n---\n# Decision keep\n", "line 4: a turn's heading"},
		{"a bad mode", "---\nsymbol: $\n---\n# Decision keep (solo: keeps\n", "line 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseGuide(c.src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("have %v, want an error with %q", err, c.want)
			}
		})
	}
}

func FuzzParseGuide(f *testing.F) {
	f.Add(guideText)
	f.Add("---\none: point\nmany: points\n---\n# How to play\n- x\n# Setting up a\n1. **A.** b\nc {option d}\n")
	f.Fuzz(func(t *testing.T, src string) {
		g, err := ParseGuide(src)
		if err == nil && (len(g.HowTo) == 0 || len(g.Setup) == 0) {
			t.Errorf("a guide without how to play or setup: %+v", g)
		}
	})
}
