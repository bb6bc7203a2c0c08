package greatraces

import (
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
		Summarize:  summarize,
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
		return tpl.SheetOptions{}, t.CheckSeats(make([]engine.Seat, n))
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

// simulate plays the games of one table. Called with no games, it checks
// the table and plays nothing; a table it cannot seat is the engine's
// *engine.SetupError, which the command line words as its flag.
func simulate(o game.SimOptions) (game.Figures, int, error) {
	b, err := board(o.Flags)
	if err != nil {
		return nil, 0, err
	}
	bots := o.Bots
	if len(bots) == 0 {
		bots = []string{"greedy"}
	}
	t := sim.Table{Players: o.Players, Board: b, Bots: bots}
	if err := t.Check(); err != nil {
		return nil, 0, err
	}
	if o.Games == 0 {
		return nil, 0, nil
	}
	rep, err := sim.Run(sim.Options{Table: t, Log: o.Log,
		RunOptions: engine.RunOptions{Games: o.Games, Seed: o.Seed, Workers: o.Workers, Done: o.Done, Stop: o.Stop}})
	if err != nil || rep.Games == 0 {
		return nil, 0, err
	}
	played := int(rep.Games)
	return &figures{sim.Figures{Seed: o.Seed, Games: o.Games, Partial: played < o.Games, Tables: []*sim.Report{rep}}}, played, nil
}

// summarize puts the tables of a run side by side, as simulate prints
// them: every table's report, then what sets furlong's figures apart from
// the design notes'.
func summarize(r game.SimRun, figs []game.Figures) game.Figures {
	f := &figures{Figures: sim.Figures{Seed: r.Seed, Games: r.Games, Partial: r.Partial}}
	for _, x := range figs {
		f.Tables = append(f.Tables, x.(*figures).Tables...)
	}
	return f
}

// figures are a run's figures without the first line of their text (the
// game's name and the mark of an interrupted run), which the command line
// prints for every game alike.
type figures struct{ sim.Figures }

func (f *figures) Text() string {
	_, text, _ := strings.Cut(f.Figures.Text(), "\n")
	return strings.TrimPrefix(text, "\n")
}

// JSON is the object simulate --json prints.
func (f *figures) JSON() any { return &f.Figures }
