// Package raceyourbets plugs Race Your Bets into the command line: it fills
// in a game.Game from the game's engine (rules, referee, bots, simulator),
// its templates (the board and the rulebook) and their options.
package raceyourbets

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/play"
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
			MinPlayers: ryb.MinPlayers, MaxPlayers: ryb.MaxPlayers, Players: ryb.UsualPlayers}},
		Judge:   judge,
		Options: play.Options,
		Table:   play.Table,
		New: func(s engine.Setup) (engine.State, error) {
			st, err := play.New(s)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
		Read: func(r io.Reader) (engine.State, error) {
			st, err := play.Read(r)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
		Bot:        bot.New,
		Flags:      flags(),
		Sheets:     sheets,
		Rulebook:   rulebook,
		Kit:        kit,
		Simulate:   simulate,
		Summarize:  summarize,
		Bots:       bot.Names,
		DefaultBot: "greedy",
	}
}

// flags are the game's options as flags of the commands that print and
// simulate.
func flags() []game.Flag {
	var fs []game.Flag
	for _, o := range play.Options {
		fs = append(fs, game.Flag{Name: o.Name, Usage: "Race Your Bets: " + o.Usage, Default: o.Default, Choices: o.Values,
			Commands: []string{"sheets", "kit", "simulate"}})
	}
	return fs
}

// judge checks and scores a log.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// usage makes a setup problem a usage error naming the flag it comes
// from, as "--finish 9: finish must be ...". The *engine.SetupError stays
// in the chain for a command line that names flags itself.
func usage(err error, value string) error {
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return err
	}
	flag := map[string]string{engine.PartBots: "bot", engine.PartNames: "names"}[se.Part]
	if flag == "" {
		flag = se.Part
	}
	return game.UsageError{Err: fmt.Errorf("--%s %s: %w", flag, value, err)}
}

// options reads --board and --finish as the play protocol does.
func options(v game.Values) (ryb.Board, int, error) {
	opts := map[string]string{}
	if v != nil {
		opts["board"] = v.String("board")
		opts["finish"] = v.String("finish")
	}
	bn, err := play.Options[0].Choose(opts)
	if err != nil {
		return 0, 0, usage(err, opts["board"])
	}
	finish, err := play.Options[1].Int(opts)
	if err != nil {
		return 0, 0, usage(err, opts["finish"])
	}
	board, _ := ryb.ParseBoard(bn)
	return board, finish, nil
}

// checkPlayers checks that the game seats n players.
func checkPlayers(n int) error {
	t, _ := play.Table("")
	seats := make([]engine.Seat, n)
	for i := range seats {
		seats[i].Name = fmt.Sprintf("P%d", i+1)
	}
	if err := t.CheckSeats(seats); err != nil {
		return usage(err, strconv.Itoa(n))
	}
	return nil
}

// prints are the board and the score track, then the log pad.
func prints(o game.PrintOptions) ([]game.Print, error) {
	board, finish, err := options(o.Flags)
	if err != nil {
		return nil, err
	}
	if o.Players != 0 {
		if err := checkPlayers(o.Players); err != nil {
			return nil, err
		}
	}
	if len(o.Names) > ryb.MaxPlayers {
		return nil, game.Usagef("%d names: a table seats %d to %d players", len(o.Names), ryb.MinPlayers, ryb.MaxPlayers)
	}
	opts := tpl.Options{Board: board, Finish: finish, Names: o.Names, Seats: o.Players}
	return []game.Print{{
		Name:  "board",
		Title: fmt.Sprintf("Race Your Bets: %s and score track to %d", strings.ToLower(board.Title()), finish),
		Draw:  func(d *layout.Doc) error { return tpl.Board(d, opts) },
	}, {
		Name:  "logpad",
		Title: "Race Your Bets: the scorekeeper's log pad",
		Draw:  func(d *layout.Doc) error { return tpl.LogPad(d, opts) },
	}}, nil
}

func sheets(o game.PrintOptions) ([]game.Print, error) { return prints(o) }

func rulebook(game.PrintOptions) (game.Print, error) {
	return game.Print{
		Name:  "rulebook",
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
	}
	if err := checkPlayers(o.Players); err != nil {
		return nil, 0, err
	}
	t, _ := play.Table("")
	if _, err := t.SeatBots(bots, o.Players); err != nil {
		return nil, 0, usage(err, strings.Join(o.Bots, ","))
	}
	if o.Games == 0 {
		return nil, 0, nil
	}
	so := sim.Options{
		Table:      sim.Table{Board: board, Finish: finish, Players: o.Players, Bots: bots},
		RunOptions: engine.RunOptions{Games: o.Games, Seed: o.Seed, Workers: o.Workers, Done: o.Done, Stop: o.Stop},
		Log:        o.Log,
	}
	r, err := sim.Run(so)
	if err != nil || len(r.Tables) == 0 || r.Tables[0].Games == 0 {
		return nil, 0, err
	}
	return &figures{Report: *r}, int(r.Tables[0].Games), nil
}

// summarize puts the tables of a run side by side, as simulate prints
// them: a summary row for each table size, then each table's details and
// what sets them apart from the design notes.
func summarize(r game.SimRun, figs []game.Figures) game.Figures {
	var reports []*sim.Report
	for _, x := range figs {
		reports = append(reports, &x.(*figures).Report)
	}
	rep := sim.Summarize(reports)
	rep.Games, rep.Seed, rep.Partial = r.Games, r.Seed, r.Partial
	return &figures{Report: *rep}
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
