package greatraces

import (
	"fmt"
	"io"
	"strings"

	"furlong/cmd/furlong/internal/game"
	content "furlong/content/greatraces"
	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/bot"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/referee"
	"furlong/engine/greatraces/sim"
	"furlong/layout"
	"furlong/templates"
	tpl "furlong/templates/greatraces"
)

// Game returns The Great Races for the command line's registry.
func Game() game.Game {
	return game.OneModeGame(notation.Game, play.Options, play.Table, play.New, play.Read, referee.Judge, game.Game{
		Title:   gr.Title,
		Summary: "eleven races on one shared sheet: split four dice into two pairs and race to fill your tracks",
		Bot:     bot.New,
		Flags: []game.Flag{{
			Name:     play.OptionBoard,
			Usage:    play.Options[0].Usage,
			Default:  play.Options[0].Default,
			Choices:  play.Options[0].Values,
			Commands: []string{"sheets", "kit", "simulate"},
		}},
		Sheets:     sheets,
		Rulebook:   rulebook,
		Kit:        game.KitOf(rulebook, sheets),
		SheetsFrom: sheetsFrom,
		Entry:      &game.Entry{Facts: notation.EntryFacts, Boxes: notation.EntryBoxes, Text: notation.EntryText, Read: notation.EntryRead},
		Review:     review,
		Simulate:   game.SimulateWith(simTable, run),
		Summarize:  summarize,
		Bots:       bot.Names,
		DefaultBot: "greedy",
		Board:      drawBoard,
		Guide:      game.GuideOf(content.FS),
		Bases:      boardNames(),
		Variant:    game.VariantWith(gr.StandardVariant),
		Measures:   game.MeasuresWith(simTable, sim.Metrics, sim.NewMeasure),
		Tally:      game.TallyWith(simTable, game.CountWith(runTally, (*sim.Tally).Games), counted),
		ReadTally:  game.ReadTallyWith(simTable, readCount, counted),
	})
}

// boardNames are the standard boards, the default first.
func boardNames() []string {
	var ns []string
	for _, b := range gr.Boards {
		ns = append(ns, b.String())
	}
	return ns
}

// variantOf is the variant the command line read (--variant FILE), nil
// when it read none: it must be a board of The Great Races.
func variantOf(v engine.Variant) (*gr.Variant, error) {
	if v == nil {
		return nil, nil
	}
	gv, ok := v.(*gr.Variant)
	if !ok || gv == nil {
		return nil, fmt.Errorf("the variant is a board of %s, not of %s", v.Game(), gr.Title)
	}
	if err := gv.Check(); err != nil {
		return nil, err
	}
	return gv, nil
}

// boardOrVariant reads --board, or the variant given instead of it: a
// board given beside a variant is a usage error, as the variant names its
// board.
func boardOrVariant(flags game.Values, v engine.Variant) (gr.Board, *gr.Variant, error) {
	gv, err := variantOf(v)
	if err != nil {
		return 0, nil, err
	}
	if gv != nil {
		if flags != nil && flags.Changed("board") {
			return 0, nil, game.Usagef("--board with --variant: the variant names its board (%s); leave --board out", gv.Base())
		}
		return gv.Board(), gv, nil
	}
	b, err := board(flags)
	return b, nil, err
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
	b, v, err := boardOrVariant(o.Flags, o.Variant)
	if err != nil {
		return tpl.SheetOptions{}, err
	}
	n := o.Players
	switch {
	case n == 0 && len(o.Names) > 0:
		n = len(o.Names)
	case n == 0:
		n = gr.DefaultPlayers
	case len(o.Names) > 0 && len(o.Names) != n:
		return tpl.SheetOptions{}, game.Usagef("--players %d with %s: give one name per player", n, engine.Count(len(o.Names), "name", "names"))
	}
	if t, _ := play.Table(""); n < t.MinPlayers || n > t.MaxPlayers {
		return tpl.SheetOptions{}, t.CheckSeats(make([]engine.Seat, n))
	}
	return tpl.SheetOptions{Board: b, Variant: v, Players: n, Names: o.Names}, nil
}

func sheets(o game.PrintOptions) ([]game.Print, error) {
	so, err := table(o)
	if err != nil {
		return nil, err
	}
	return []game.Print{sheetPrint(so)}, nil
}

func sheetPrint(so tpl.SheetOptions) game.Print {
	board := "board " + so.Board.String()
	if so.Variant != nil && !so.Variant.Plain() {
		board = "variant " + so.Variant.Name()
	}
	return game.Print{
		Name:  "sheet",
		Title: fmt.Sprintf("%s: game sheet, %s, %s", gr.Title, engine.Count(so.Players, "player", "players"), board),
		Draw:  func(d *layout.Doc) error { return tpl.Sheet(d, so) },
	}
}

// rulebook is the rulebook, on the variant given when there is one: its
// board among the boards.
func rulebook(o game.PrintOptions) (game.Print, error) {
	v, err := variantOf(o.Variant)
	if err != nil {
		return game.Print{}, err
	}
	return game.Book(gr.Title+": rulebook", tpl.RulebookOn, v), nil
}

// run plays o's games at table t: their figures and how many were played.
func run(t sim.Table, o game.SimOptions) (game.Figures, int, error) {
	rep, err := sim.Run(sim.Options{Table: t, Log: o.Log, RunOptions: o.RunOptions()})
	if err != nil || rep.Games == 0 {
		return nil, 0, err
	}
	played := int(rep.Games)
	return tableFigures(o, rep, played < o.Games), played, nil
}

// simTable is the table o names: its players, its board or variant and
// its bots (greedy when none is given), checked: a table it cannot seat
// is the engine's *engine.SetupError, which the command line words as its
// flag.
func simTable(o game.SimOptions) (sim.Table, error) {
	b, v, err := boardOrVariant(o.Flags, o.Variant)
	if err != nil {
		return sim.Table{}, err
	}
	bots := o.Bots
	if len(bots) == 0 {
		bots = []string{"greedy"}
	}
	t := sim.Table{Players: o.Players, Board: b, Bots: bots, Variant: v}
	if err := t.Check(); err != nil {
		return sim.Table{}, err
	}
	return t, nil
}

// tableFigures are the figures of one table, as simulate prints them.
func tableFigures(o game.SimOptions, rep *sim.Report, partial bool) *figures {
	return &figures{sim.Figures{Seed: o.Seed, Games: o.Games, Partial: partial, Tables: []*sim.Report{rep}}}
}

// runTally plays the games o.First to o.First+o.Games-1 of table t and
// returns what they add up.
func runTally(t sim.Table, o game.SimOptions) (*sim.Tally, error) {
	return sim.RunTally(sim.Options{Table: t, Log: o.Log, RunOptions: o.RunOptions()})
}

// readCount reads back what a shard of a run of table t counted.
func readCount(t sim.Table, _ game.SimOptions, data []byte) (*sim.Tally, error) {
	return sim.ReadTally(t, data)
}

// counted is the tally st of the games of table t, which o names.
func counted(t sim.Table, o game.SimOptions, st *sim.Tally) game.Tally {
	return game.CountOf(gr.Title, st, func(partial bool) game.Figures { return tableFigures(o, st.Report(t), partial) })
}

// sheetsFrom draws the shared sheet of a log or a transcript, filled in
// as it stands at its end or after turn o.Turn.
func sheetsFrom(r io.Reader, o game.FromOptions) ([]game.Print, error) {
	if o.Flags != nil && o.Flags.Changed("board") {
		return nil, game.Usagef("--board is not for --from: the file names its board")
	}
	v, err := variantOf(o.Variant)
	if err != nil {
		return nil, err
	}
	jo := engine.JudgeOptions{Partial: true}
	if v != nil {
		jo.Variant = v
	}
	s, err := play.Replay(notation.NewDecoder(r), jo)
	if err != nil {
		return nil, err
	}
	name, what, all := o.Stem+"-sheet", "as it stands at the end", 0
	switch {
	case o.Turn > 0 && s.Transcript():
		return nil, game.Usagef("--turn %d: a sheet transcript has no turns; leave --turn out", o.Turn)
	case o.Turn > s.Turns():
		return nil, game.Usagef("--turn %d: the log has %s", o.Turn, engine.Count(s.Turns(), "turn", "turns"))
	case o.Turn > 0:
		all = s.Turns()
		name, what = fmt.Sprintf("%s-turn%d-sheet", o.Stem, o.Turn), fmt.Sprintf("after turn %d of %d", o.Turn, all)
		if s, err = s.Rewind(o.Turn); err != nil {
			return nil, err
		}
	case !s.Game().Over():
		what = "where the file stops"
	}
	view := s.View().(play.View)
	return []game.Print{{
		Name:  name,
		Title: fmt.Sprintf("%s: the sheet of %s, %s", gr.Title, o.Stem, what),
		Draw:  func(d *layout.Doc) error { return tpl.FilledSheet(d, view, all) },
	}}, nil
}

// review weighs every split of a log with the expert.
func review(r io.Reader, o game.ReviewOptions) (engine.Report, error) {
	v, err := variantOf(o.Variant)
	if err != nil {
		return nil, err
	}
	jo := engine.JudgeOptions{Partial: o.Partial}
	if v != nil {
		jo.Variant = v
	}
	rep, err := bot.Review(r, jo, engine.ReviewOptions{Costliest: o.Costliest, Rollouts: o.Rollouts, Seed: o.Seed, Stop: o.Stop})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// drawBoard draws a game in progress as the table on screen shows it: the
// shared sheet filled in as it stands, on A4, as SVG, each race's block
// tagged "race R", as the protocol's splits name their races.
func drawBoard(s engine.State) ([][]byte, error) {
	if ps, ok := s.(*play.State); ok && ps == nil {
		return nil, fmt.Errorf("no game of %s to draw", gr.Title)
	}
	v, ok := s.View().(play.View)
	if !ok {
		return nil, fmt.Errorf("a %T is not a game of %s", s, gr.Title)
	}
	d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
	if err := tpl.FilledSheet(d, v, 0); err != nil {
		return nil, err
	}
	return d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
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

// Text is the figures without their first line, which the command line
// prints for every game alike.
func (f *figures) Text() string { return game.TrimHead(f.Figures.Text(), false) }

// JSON is the object simulate --json prints.
func (f *figures) JSON() any { return &f.Figures }
