// Package raceyourbets plugs Race Your Bets into the command line: it fills
// in a game.Game from the game's engine (rules, referee, bots, simulator),
// its templates (the board and the rulebook) and their options.
package raceyourbets

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/referee"
	"furlong/engine/raceyourbets/sim"
	"furlong/layout"
	tpl "furlong/templates/raceyourbets"
)

// Name is the game's keyword: for --game, and on a log's game line.
const Name = "raceyourbets"

// Game describes Race Your Bets to the command line.
func Game() game.Game {
	return game.Game{
		Name:    Name,
		Title:   "Race Your Bets",
		Summary: "bet counters on six horses' tracks, cheer them home, race your marker to the finish on a printed board",
		Modes: []game.Mode{{Keyword: Name, Title: "Race Your Bets",
			MinPlayers: ryb.MinPlayers, MaxPlayers: ryb.MaxPlayers, Players: 3}},
		Judge: judge,
		Flags: []game.Flag{
			{Name: "board", Usage: "the board, graded (short tracks pay little, long ones much) or level (six equal tracks)",
				Default: ryb.Graded.String(), Choices: boardNames(), Commands: []string{"sheets", "kit", "simulate"}},
			{Name: "finish", Usage: fmt.Sprintf("the score track's length, %d to %d points", ryb.MinFinish, ryb.MaxFinish),
				Default: strconv.Itoa(ryb.DefaultFinish), Commands: []string{"sheets", "kit", "simulate"}},
		},
		Sheets:     sheets,
		Rulebook:   rulebook,
		Kit:        kit,
		Simulate:   simulate,
		Summarize:  summarize,
		Bots:       bot.Names,
		DefaultBot: "greedy",
	}
}

func boardNames() []string {
	var ns []string
	for _, b := range ryb.Boards {
		ns = append(ns, b.String())
	}
	return ns
}

// judge checks and scores a log.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// options reads --board and --finish.
func options(v game.Values) (ryb.Board, int, error) {
	board, finish := ryb.Graded, ryb.DefaultFinish
	if v == nil {
		return board, finish, nil
	}
	if s := v.String("board"); s != "" {
		b, ok := ryb.ParseBoard(strings.ToLower(s))
		if !ok {
			return 0, 0, game.Usagef("--board %q: graded or level", s)
		}
		board = b
	}
	if s := v.String("finish"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || !ryb.CheckFinish(n) {
			return 0, 0, game.Usagef("--finish %q: a whole number from %d to %d", s, ryb.MinFinish, ryb.MaxFinish)
		}
		finish = n
	}
	return board, finish, nil
}

// prints are the board and the score track, then the log pad.
func prints(o game.PrintOptions) ([]game.Print, error) {
	board, finish, err := options(o.Flags)
	if err != nil {
		return nil, err
	}
	if o.Players != 0 && !ryb.CheckPlayers(o.Players) {
		return nil, game.Usagef("--players %d: a table seats %d to %d players", o.Players, ryb.MinPlayers, ryb.MaxPlayers)
	}
	if len(o.Names) > ryb.MaxPlayers {
		return nil, game.Usagef("%d names: a table seats %d to %d players", len(o.Names), ryb.MinPlayers, ryb.MaxPlayers)
	}
	opts := tpl.Options{Board: board, Finish: finish, Names: o.Names, Seats: o.Players}
	return []game.Print{{
		Name:  fmt.Sprintf("raceyourbets-%s-board", board),
		Title: fmt.Sprintf("Race Your Bets: %s and score track to %d", strings.ToLower(board.Title()), finish),
		Draw:  func(d *layout.Doc) error { return tpl.Board(d, opts) },
	}, {
		Name:  "raceyourbets-log",
		Title: "Race Your Bets: the scorekeeper's log pad",
		Draw:  func(d *layout.Doc) error { return tpl.LogPad(d, opts) },
	}}, nil
}

func sheets(o game.PrintOptions) ([]game.Print, error) { return prints(o) }

func rulebook(game.PrintOptions) (game.Print, error) {
	return game.Print{
		Name:  "raceyourbets-rulebook",
		Title: "Race Your Bets: rulebook",
		Book:  true,
		Draw: func(d *layout.Doc) error {
			_, err := tpl.Rulebook(d)
			return err
		},
	}, nil
}

func kit(o game.PrintOptions) ([]game.Print, error) {
	book, err := rulebook(o)
	if err != nil {
		return nil, err
	}
	ps, err := prints(o)
	if err != nil {
		return nil, err
	}
	return append([]game.Print{book}, ps...), nil
}

// simulate plays o.Games games at the one table o names. Called with no
// games, it checks the table and plays nothing.
func simulate(o game.SimOptions) (game.Figures, int, error) {
	board, finish, err := options(o.Flags)
	if err != nil {
		return nil, 0, err
	}
	if o.Games < 0 {
		return nil, 0, game.Usagef("--games %d: 0 or more", o.Games)
	}
	bots := slices.Clone(o.Bots)
	if len(bots) == 0 {
		bots = []string{"greedy"}
	}
	for i, b := range bots {
		bots[i] = strings.ToLower(b)
		if !slices.Contains(bot.Names, bots[i]) {
			return nil, 0, game.Usagef("--bot %q: one of %s", b, strings.Join(bot.Names, ", "))
		}
	}
	if !ryb.CheckPlayers(o.Players) {
		return nil, 0, game.Usagef("--players %d: a table seats %d to %d players", o.Players, ryb.MinPlayers, ryb.MaxPlayers)
	}
	if len(bots) > 1 && len(bots) != o.Players {
		return nil, 0, game.Usagef("--bot names %d bots for %d seats: name one bot for every seat, or one per seat", len(bots), o.Players)
	}
	if o.Games == 0 {
		return nil, 0, nil
	}
	so := sim.Options{
		Table:      sim.Table{Board: board, Finish: finish, Players: o.Players, Bots: bots},
		RunOptions: engine.RunOptions{Games: o.Games, Seed: o.Seed, Workers: o.Workers, Done: o.Done, Stop: o.Stop},
		Log:        o.Log,
	}
	st, played, err := sim.Run(so)
	if err != nil || played == 0 {
		return nil, 0, err
	}
	return &figures{Report: sim.Report{Games: o.Games, Seed: o.Seed, Partial: played < o.Games, Tables: []*sim.Stats{st}}}, played, nil
}

// summarize puts the tables of a run side by side, as simulate prints
// them: a summary row for each table size, then each table's details and
// what sets them apart from the design notes.
func summarize(r game.SimRun, figs []game.Figures) game.Figures {
	f := &figures{Report: sim.Report{Games: r.Games, Seed: r.Seed, Partial: r.Partial}}
	for _, x := range figs {
		f.Tables = append(f.Tables, x.(*figures).Tables...)
	}
	return f
}

// Text is the report without its first lines (the run's games, bots,
// board and seed, and the mark of an interrupted run), which the command
// line prints for every game alike.
func (f *figures) Text() string {
	text := f.Report.Text()
	skip := 1
	if f.Partial {
		skip = 2
	}
	for range skip {
		_, text, _ = strings.Cut(text, "\n")
	}
	return strings.TrimPrefix(text, "\n")
}

// figures are the simulator's report, which can also be charted for
// simulate --plot.
type figures struct {
	sim.Report
}

// Plot draws the figures' charts: game lengths, wins by seat and medals by
// track, for each table.
func (f *figures) Plot(d *layout.Doc) error {
	var tables []tpl.ChartTable
	for _, st := range f.Tables {
		t := tpl.ChartTable{Players: st.Table.Players, Games: st.Games, Rolls: st.Rolls.Bins[:], MeanRolls: st.Rolls.Mean()}
		for s := range st.Table.Players {
			t.Seats = append(t.Seats, st.WinShare(s))
		}
		races := float64(max(st.Races.Sum, 1))
		for h := range t.Medals {
			t.Medals[h] = [2]float64{float64(st.Medals[h][0]) / races, float64(st.Medals[h][1]) / races}
		}
		tables = append(tables, t)
	}
	title := fmt.Sprintf("Race Your Bets: %d games a table, seed %d", f.Games, f.Seed)
	return tpl.Chart(d, title, tables)
}
