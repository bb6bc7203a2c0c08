package horserace

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace/sim"
	"furlong/examples"
	"furlong/layout"
	"furlong/layout/pdftest"
	"furlong/templates"
)

// TestReview: the review of a log is its story, as text and JSON, and a
// chart a race for --plot; --rollouts plays nothing out and says so; a
// log that stops early is reviewed with Partial only.
func TestReview(t *testing.T) {
	src, _ := examples.FS.ReadFile("horserace/04_three_races_carry.log")
	rep, err := Game().Review(bytes.NewReader(src), game.ReviewOptions{Rollouts: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rep.Text(), "Horse Race, board D, 3 players, 3 races: the story of every race roll\n") || !strings.HasSuffix(rep.Text(), rolloutNote) {
		t.Errorf("text:\n%s", rep.Text())
	}
	var js struct {
		Races []struct {
			Rolls []json.RawMessage
		}
	}
	b, _ := json.Marshal(rep.JSON())
	if err := json.Unmarshal(b, &js); err != nil || len(js.Races) != 3 || len(js.Races[0].Rolls) == 0 {
		t.Errorf("%v: %s", err, b)
	}
	pl, ok := rep.(game.Plotter)
	if !ok {
		t.Fatal("the review is not a Plotter")
	}
	d := templates.NewDoc(layout.A4)
	if err := pl.Plot(d); err != nil {
		t.Fatal(err)
	}
	pdf, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if sizes, err := pdftest.PageSizes(pdf); err != nil || len(sizes) != 3 {
		t.Errorf("%d pages for three races: %v", len(sizes), err)
	}
	cut, _ := examples.FS.ReadFile("horserace/invalid/i21_log_stops_early.log")
	if _, err := Game().Review(bytes.NewReader(cut), game.ReviewOptions{}); err == nil {
		t.Error("a log that stops early is reviewed without --partial")
	} else if e, ok := engine.AsError(err); !ok || !e.Unfinished {
		t.Errorf("have %v, want an unfinished log", err)
	}
	if _, err := Game().Review(bytes.NewReader(cut), game.ReviewOptions{Partial: true}); err != nil {
		t.Error(err)
	}
}

// BenchmarkReview reviews a three-player race on the standard board: the
// budget is a second on one core.
func BenchmarkReview(b *testing.B) {
	src, err := sim.PlayOne(sim.Table{Players: 3}, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	g := Game()
	for b.Loop() {
		if _, err := g.Review(bytes.NewReader(src), game.ReviewOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
