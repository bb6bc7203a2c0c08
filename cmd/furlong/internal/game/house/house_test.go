package house

import (
	"io/fs"
	"strings"
	"testing"

	content "furlong/content/house"
	"furlong/engine"
)

// rulebookExamples returns the rulebook's examples of the notation: every
// fenced block whose first statement is a game line.
func rulebookExamples(t *testing.T) map[string]string {
	t.Helper()
	names, err := fs.Glob(content.FS, "rulebook/*.md")
	if err != nil || len(names) == 0 {
		t.Fatalf("no rulebook chapters: %v", err)
	}
	out := map[string]string{}
	for _, name := range names {
		b, err := fs.ReadFile(content.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		blocks := strings.Split(string(b), "```")
		for i := 1; i < len(blocks); i += 2 {
			src := strings.TrimPrefix(blocks[i], "\n")
			if strings.HasPrefix(src, "game ") {
				out[name+": "+strings.SplitN(src, "\n", 2)[0]+" #"+string(rune('0'+i/2))] = src
			}
		}
	}
	return out
}

// TestRulebookExamples judges the rulebook's own examples. They show how a
// race begins and are not whole races: each must keep every rule and be
// reported unfinished, saying what is missing, and --partial must score it
// (issue 13: the solo transcript, where no horse is home, passed as
// complete).
func TestRulebookExamples(t *testing.T) {
	examples := rulebookExamples(t)
	solo := 0
	for name, src := range examples {
		t.Run(name, func(t *testing.T) {
			_, err := judge(strings.NewReader(src), engine.JudgeOptions{})
			e, ok := engine.AsError(err)
			if !ok || !e.Unfinished || !strings.Contains(e.Msg, "the race is not over: ") {
				t.Fatalf("have %v, want the race reported unfinished", err)
			}
			if strings.HasPrefix(src, "game solo") {
				solo++
				if want := "0 of the 3 horses home that call the race, and nobody is scratched"; !strings.Contains(e.Msg, want) {
					t.Errorf("have %q, want it to say %q", e.Msg, want)
				}
			}
			v, err := judge(strings.NewReader(src), engine.JudgeOptions{Partial: true})
			if err != nil {
				t.Fatalf("--partial: %v", err)
			}
			if !strings.Contains(v.Summary(), "unfinished") {
				t.Errorf("--partial: %q does not say the race is unfinished", v.Summary())
			}
		})
	}
	if solo == 0 {
		t.Error("the rulebook has no solo example")
	}
}
