package templates

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"sync"

	"furlong/engine"
	"furlong/examples"
)

// Review is the review of one example game that a rulebook's chapter on
// reviews tells of: worked out once, on first use, and printed through
// template functions. Each function prints the error in brackets in
// place of its text when the review fails, so that a broken example
// shows in the book and its test rather than stopping the build.
type Review struct {
	report func() (*engine.ReviewReport, error)
}

// NewReview returns the review that review makes of the example file name
// (a path in package examples).
func NewReview(name string, review func(io.Reader) (*engine.ReviewReport, error)) *Review {
	return &Review{report: sync.OnceValues(func() (*engine.ReviewReport, error) {
		src, err := fs.ReadFile(examples.FS, name)
		if err != nil {
			return nil, err
		}
		return review(bytes.NewReader(src))
	})}
}

// ExampleReview is NewReview for a game's Review with its default options.
func ExampleReview(name string, review func(io.Reader, engine.JudgeOptions, engine.ReviewOptions) (*engine.ReviewReport, error)) *Review {
	return NewReview(name, func(r io.Reader) (*engine.ReviewReport, error) {
		return review(r, engine.JudgeOptions{}, engine.ReviewOptions{})
	})
}

// Report returns the review's report, worked out on the first call.
func (rv *Review) Report() (*engine.ReviewReport, error) { return rv.report() }

// Text returns a template function that prints what text says of the
// report.
func (rv *Review) Text(text func(*engine.ReviewReport) string) func() string {
	return func() string {
		rep, err := rv.report()
		if err != nil {
			return "(" + err.Error() + ")"
		}
		return text(rep)
	}
}

// Table returns a template function that prints a GFM table (see GFM)
// with the given alignment and headings, whose rows rows makes of the
// report.
func (rv *Review) Table(align string, head []string, rows func(*engine.ReviewReport) [][]string) func() string {
	return rv.Text(func(rep *engine.ReviewReport) string { return GFM(align, head, rows(rep)) })
}

// Players returns a template function that prints a GFM table of the
// players of the report, with the given alignment and headings, a row a
// player as row writes it.
func (rv *Review) Players(align string, head []string, row func(p *engine.ReviewPlayer) []string) func() string {
	return rv.Table(align, head, func(rep *engine.ReviewReport) [][]string {
		var rows [][]string
		for i := range rep.Players {
			rows = append(rows, row(&rep.Players[i]))
		}
		return rows
	})
}

// Value returns a template function that prints one figure of the report
// by name, for {{value NAME}}: ReviewFigure's, else what more says of it
// (more may be nil), else "(no review value NAME)".
func (rv *Review) Value(name string, more func(rep *engine.ReviewReport, name string) (string, bool)) func() string {
	return rv.Text(func(rep *engine.ReviewReport) string {
		if s, ok := ReviewFigure(rep, name); ok {
			return s
		}
		if more != nil {
			if s, ok := more(rep, name); ok {
				return s
			}
		}
		return "(no review value " + name + ")"
	})
}

// WinPoints writes a chance as points of win chance, to the tenth:
// "20.7" for 0.207.
func WinPoints(x float64) string { return fmt.Sprintf("%.1f", 100*x) }

// Percent writes a chance in whole per cent: "21 %" for 0.207.
func Percent(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }

// CostliestRows are the rows of a table of rep's costliest decisions,
// costliest first: the turn, the player, the choice played and the best
// one (each as choice writes its log text, in code), the chances to win
// they leave and the points of win chance lost.
func CostliestRows(rep *engine.ReviewReport, choice func(text string) string) [][]string {
	var rows [][]string
	for _, k := range rep.Costliest {
		d := rep.Decisions[k]
		rows = append(rows, []string{fmt.Sprint(d.Turn), d.Player, "`" + choice(d.Played) + "`", "`" + choice(d.Best) + "`",
			Percent(d.ValuePlayed.Win), Percent(d.ValueBest.Win), WinPoints(d.LossWin)})
	}
	return rows
}

// ReviewFigure is one figure of rep by name, as a rulebook's text quotes
// it: "turns", "decisions" (those weighed), "decided" (the turn that
// decided the game) or "decidedat" (the chance to win that decides it,
// in per cent). It reports false for another name.
func ReviewFigure(rep *engine.ReviewReport, name string) (string, bool) {
	switch name {
	case "turns":
		return fmt.Sprint(rep.Turns), true
	case "decisions":
		return fmt.Sprint(len(rep.Decisions)), true
	case "decided":
		return fmt.Sprint(rep.Decided), true
	case "decidedat":
		return Percent(rep.DecidedAt), true
	}
	return "", false
}
