package greatraces

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/bot"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/referee"
	"furlong/engine/greatraces/sim"
	"furlong/layout"
	tpl "furlong/templates/greatraces"
)

// Name is the game's keyword, for --game and on a log's game line.
const Name = notation.Game

// defaultPlayers is the table the commands print and simulate when not
// told otherwise (simulate without --players plays every table size).
const defaultPlayers = 3

// Game returns The Great Races for the command line's registry.
func Game() game.Game {
	return game.Game{
		Name:    Name,
		Title:   gr.Title,
		Summary: "eleven races on one shared sheet: split four dice into two pairs and race to fill your tracks",
		Modes: []game.Mode{{
			Keyword: Name, Title: gr.Title,
			MinPlayers: gr.MinPlayers, MaxPlayers: gr.MaxPlayers, Players: defaultPlayers,
		}},
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
		Bot: bot.New,
		Flags: []game.Flag{{
			Name:     play.OptionBoard,
			Usage:    play.Options[0].Usage,
			Default:  play.Options[0].Default,
			Choices:  play.Options[0].Values,
			Commands: []string{"sheets", "kit", "simulate"},
		}},
		Sheets:     sheets,
		Rulebook:   rulebook,
		Kit:        kit,
		Simulate:   simulate,
		Bots:       bot.Names,
		DefaultBot: "greedy",
	}
}

// judge checks and scores a log or a transcript.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// board reads --board.
func board(v game.Values) (gr.Board, error) {
	if v == nil {
		return gr.Standard, nil
	}
	s := v.String("board")
	if s == "" {
		return gr.Standard, nil
	}
	b, ok := gr.ParseBoard(strings.ToLower(s))
	if !ok {
		return 0, game.Usagef("--board: %q is not a board (want %s)", s, strings.Join(play.Options[0].Values, " or "))
	}
	return b, nil
}

// table works out the sheet's options from the command line's.
func table(o game.PrintOptions) (tpl.SheetOptions, error) {
	b, err := board(o.Flags)
	if err != nil {
		return tpl.SheetOptions{}, err
	}
	n := o.Players
	switch {
	case n == 0 && len(o.Names) > 0:
		n = len(o.Names)
	case n == 0:
		n = defaultPlayers
	case len(o.Names) > 0 && len(o.Names) != n:
		return tpl.SheetOptions{}, game.Usagef("--players %d with %s: give one name per player", n, engine.Count(len(o.Names), "name", "names"))
	}
	if t, _ := play.Table(""); n < t.MinPlayers || n > t.MaxPlayers {
		return tpl.SheetOptions{}, usage(t.CheckSeats(make([]engine.Seat, n)))
	}
	return tpl.SheetOptions{Board: b, Players: n, Names: o.Names}, nil
}

func sheets(o game.PrintOptions) ([]game.Print, error) {
	so, err := table(o)
	if err != nil {
		return nil, err
	}
	return []game.Print{sheetPrint(so)}, nil
}

func sheetPrint(so tpl.SheetOptions) game.Print {
	return game.Print{
		Name:  "sheet",
		Title: fmt.Sprintf("%s: game sheet, %s, board %s", gr.Title, engine.Count(so.Players, "player", "players"), so.Board),
		Draw:  func(d *layout.Doc) error { return tpl.Sheet(d, so) },
	}
}

func rulebook(game.PrintOptions) (game.Print, error) {
	return game.Print{
		Name:  "rulebook",
		Title: gr.Title + ": rulebook",
		Book:  true,
		Draw: func(d *layout.Doc) error {
			_, err := tpl.Rulebook(d)
			return err
		},
	}, nil
}

// kit is the rulebook and the table's game sheet.
func kit(o game.PrintOptions) ([]game.Print, error) {
	so, err := table(o)
	if err != nil {
		return nil, err
	}
	rb, err := rulebook(o)
	if err != nil {
		return nil, err
	}
	return []game.Print{rb, sheetPrint(so)}, nil
}

// simulate plays the games: one table size when --players is given (or
// when the bots are given one per seat), else every size from 2 to 6, one
// sim.Run a table, its games' logs numbered across the tables.
func simulate(o game.SimOptions) (game.Figures, error) {
	b, err := board(o.Flags)
	if err != nil {
		return nil, err
	}
	if o.Games < 0 {
		return nil, game.Usagef("--games %d: play 0 or more games", o.Games)
	}
	bots := o.Bots
	if len(bots) == 0 {
		bots = []string{"greedy"}
	}
	sizes := []int{o.Players}
	switch {
	case o.Players == 0 && len(bots) > 1:
		sizes = []int{len(bots)}
	case o.Players == 0:
		sizes = sizes[:0]
		for n := gr.MinPlayers; n <= gr.MaxPlayers; n++ {
			sizes = append(sizes, n)
		}
	}
	var tables []sim.Table
	for _, n := range sizes {
		t := sim.Table{Players: n, Board: b, Bots: bots}
		if err := t.Check(); err != nil {
			return nil, usage(err)
		}
		tables = append(tables, t)
	}
	f := &sim.Figures{Seed: o.Seed, Games: o.Games}
	for ti, t := range tables {
		so := sim.Options{Table: t, RunOptions: engine.RunOptions{Games: o.Games, Seed: o.Seed, Workers: o.Workers, Stop: o.Stop}}
		if o.Progress != nil {
			so.Done = o.Progress(label(t), o.Games)
		}
		if o.Log != nil {
			// Games are numbered across the tables, so that their logs
			// never share a name.
			so.Log = func(i int, text []byte) error { return o.Log(ti*o.Games+i, text) }
		}
		rep, err := sim.Run(so)
		if err != nil {
			if len(f.Tables) > 0 {
				return f, err
			}
			return nil, err
		}
		if rep.Games > 0 {
			f.Tables = append(f.Tables, rep)
		}
		if int(rep.Games) < o.Games {
			f.Partial = true
			break
		}
	}
	return f, nil
}

// label names a table for a progress bar: "3 players, greedy".
func label(t sim.Table) string {
	return engine.Count(t.Players, "player", "players") + ", " + strings.Join(t.Bots, ",")
}

// usage turns a table the game cannot seat into a usage error naming the
// flag that set the part that is wrong.
func usage(err error) error {
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return err
	}
	flag := map[string]string{engine.PartPlayers: "--players", engine.PartBots: "--bot", play.OptionBoard: "--board"}[se.Part]
	if flag == "" {
		return game.UsageError{Err: err}
	}
	return game.Usagef("%s: %s", flag, se.Msg)
}
