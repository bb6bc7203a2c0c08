package horserace

import (
	"errors"
	"fmt"
	"io"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/play"
	"furlong/layout"
	"furlong/templates"
	tmpl "furlong/templates/horserace"
)

// errTurn stops a replay at the turn asked for.
var errTurn = errors.New("the turn asked for")

// readTurn replays a log, to its end or, when turn is above 0, to the
// end of its turn-th roll (scratch rolls and race rolls counted alike,
// over the whole log): the state then, the number of rolls the log has
// or had read, and whether it stopped at the turn.
func readTurn(r io.Reader, v engine.Variant, turn int) (*play.State, int, error) {
	var at *play.State
	rolls := 0
	s, err := play.ReadEach(notation.NewDecoder(r), v, func(st notation.Statement, s *play.State) error {
		if st.Kind == notation.KindScratch || st.Kind == notation.KindRoll {
			rolls++
			if rolls == turn {
				at = s
				return errTurn
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, errTurn):
		return at, rolls, nil
	case err != nil:
		return nil, 0, err
	case turn > 0:
		return nil, rolls, game.Usagef("--turn %d: the log has %s, scratch rolls and race rolls counted alike", turn, engine.Count(rolls, "roll", "rolls"))
	}
	return s, rolls, nil
}

// sheetsFrom draws the board, a race record a race and the pot ledger of
// a log, filled in as they stand at its end or after roll o.Turn.
func sheetsFrom(r io.Reader, o game.FromOptions) ([]game.Print, error) {
	for _, f := range []string{"board", "rules", "bank"} {
		if o.Flags != nil && o.Flags.Changed(f) {
			return nil, game.Usagef("--%s is not for --from: the log says how its table was set up", f)
		}
	}
	s, _, err := readTurn(r, o.Variant, o.Turn)
	if err != nil {
		return nil, err
	}
	when := "as they stand at the end"
	switch {
	case o.Turn > 0:
		when = fmt.Sprintf("after roll %d of the log", o.Turn)
	case !s.Score().Complete:
		when = "where the log stops"
	}
	name, what := o.Stem+"-sheets", "as they stand at the end"
	if o.Turn > 0 {
		name, what = fmt.Sprintf("%s-turn%d-sheets", o.Stem, o.Turn), fmt.Sprintf("after roll %d", o.Turn)
	}
	f := &tmpl.Filled{View: s.TableView(), When: when}
	return []game.Print{{
		Name:  name,
		Title: fmt.Sprintf("Horse Race: the board, race records and pot ledger of %s, %s", o.Stem, what),
		Draw:  func(d *layout.Doc) error { return tmpl.FilledSheets(d, f) },
	}}, nil
}

// board draws a table in progress as the screen shows it: the board with
// every horse on its space, the scratched lanes struck out and their
// horses in the scratch lot, as sheets --from draws it, one SVG page.
// Nobody chooses anything in Horse Race, so nothing on it is tagged for a
// click.
func board(st engine.State) ([][]byte, error) {
	s, ok := st.(*play.State)
	if !ok {
		return nil, fmt.Errorf("a state of another game than Horse Race")
	}
	d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
	if err := tmpl.FilledBoard(d, &tmpl.Filled{View: s.TableView(), When: "as it stands"}); err != nil {
		return nil, err
	}
	return d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
}
