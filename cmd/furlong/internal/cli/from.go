package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// sheetsFrom is sheets --from FILE: the sheets of a written-down game,
// filled in as they stand at its end or after --turn.
func sheetsFrom(s streams, f *printFlags) error {
	switch {
	case f.game != "" || f.players != 0 || f.names != "":
		return usagef("--from draws the game its file holds: drop --game, --players and --names")
	case f.turn < 0:
		return usagef("--turn %d: want a turn of the log, 1 or more", f.turn)
	}
	paper, err := parsePaper(f.paper)
	if err != nil {
		return err
	}
	j, data := readJudged(s, f.from, engine.JudgeOptions{Partial: true})
	if j.err != nil {
		fmt.Fprintln(s.err, j.problem())
		return exitFor(1, 0)
	}
	g, rest := gameOf(data)
	if g.SheetsFrom == nil {
		return usagef("%s cannot draw sheets from a file yet", g.Title)
	}
	if err := f.values.bind(g); err != nil {
		return err
	}
	stem := strings.TrimSuffix(filepath.Base(f.from), filepath.Ext(f.from))
	if f.from == "-" {
		stem = "stdin"
	}
	prints, err := g.SheetsFrom(rest, game.FromOptions{Stem: stem, Turn: f.turn, Flags: f.values})
	if err != nil {
		if _, ok := engine.AsError(err); ok {
			j.err = err
			fmt.Fprintln(s.err, j.problem())
			return exitFor(1, 0)
		}
		return err
	}
	return writePrints(s, prints, paper, f.out)
}
