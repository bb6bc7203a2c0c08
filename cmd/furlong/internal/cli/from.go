package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// sheetsFrom is sheets --from FILE: the sheets of a written-down game,
// filled in as they stand at its end or after --turn (turnSet: the
// command line gave --turn).
func sheetsFrom(s streams, f *printFlags, turnSet bool) error {
	fs := f.fs.Flags()
	switch {
	case fs.Changed("game") || fs.Changed("players") || fs.Changed("names"):
		return usagef("--from draws the game its file holds: drop --game, --players and --names")
	case f.from == "":
		return usagef(`--from "": give the log or transcript to draw, or - for standard input`)
	case turnSet && f.turn < 1:
		return usagef("--turn %d: want a turn of the log, 1 or more (leave --turn out for the end)", f.turn)
	}
	paper, err := parsePaper(f.paper)
	if err != nil {
		return err
	}
	if fs.Changed("variant") && f.variant == "" {
		return usagef(`--variant "": give a variant file ('furlong variant' prints one)`)
	}
	opt, err := judgeOptions(s, true, f.variant)
	if err != nil {
		return err
	}
	j, data := readJudged(s, f.from, opt)
	if j.err != nil {
		fmt.Fprintln(s.err, j.problem())
		return exitFor(1, 0)
	}
	g, rest := gameOf(data)
	if g.SheetsFrom == nil {
		return fmt.Errorf("%s cannot draw sheets from a file yet: sheets --from serves %s", g.Title,
			serving(func(g *game.Game) bool { return g.SheetsFrom != nil }))
	}
	mode := ""
	if len(g.Modes) > 1 {
		mode, _ = modeOf(data)
	}
	if err := f.values.bind(g, mode); err != nil {
		return err
	}
	stem := strings.TrimSuffix(filepath.Base(f.from), filepath.Ext(f.from))
	if f.from == "-" {
		stem = "stdin"
	}
	prints, err := g.SheetsFrom(rest, game.FromOptions{Stem: stem, Turn: f.turn, Flags: f.values, Variant: opt.Variant})
	if err != nil {
		if _, ok := engine.AsError(err); ok {
			j.err = err
			fmt.Fprintln(s.err, j.problem())
			return exitFor(1, 0)
		}
		return err
	}
	// The files are named after the log, not the game.
	return writePrints(s, nil, prints, paper, f.out)
}
