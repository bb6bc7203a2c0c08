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
	content "furlong/content/raceyourbets"
	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/notation"
	"furlong/engine/raceyourbets/play"
	"furlong/engine/raceyourbets/referee"
	"furlong/engine/raceyourbets/sim"
	"furlong/layout"
	tpl "furlong/templates/raceyourbets"
)

// Game describes Race Your Bets to the command line.
func Game() game.Game {
	return game.OneModeGame(notation.Game, play.Options, play.Table, play.New, play.Read, referee.Judge, game.Game{
		Title:      "Race Your Bets",
		Summary:    "bet counters on six horses' tracks, cheer them home, race your marker to the finish on a printed board",
		Bot:        bot.New,
		Review:     review,
		Flags:      flags(),
		Sheets:     sheets,
		Rulebook:   rulebook,
		Kit:        game.KitOf(rulebook, sheets),
		SheetsFrom: sheetsFrom,
		Board:      board,
		Guide:      game.GuideOf(content.FS),
		Simulate:   game.SimulateWith(simTable, run),
		Summarize:  summarize,
		Bots:       bot.Names,
		DefaultBot: "greedy",
		Bases:      bases(),
		Variant:    game.VariantWith(standard),
		Measures:   game.MeasuresWith(simTable, sim.Metrics, sim.NewMeasure),
		Tally:      game.TallyWith(simTable, count, shardOf),
		ReadTally:  game.ReadTallyWith(simTable, readCount, shardOf),
	})
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
	return optionsOn(v, nil)
}

// optionsOn reads --board and --finish, or takes them from variant v: a
// flag set beside a variant that says otherwise is a usage error.
func optionsOn(v game.Values, variant *ryb.Variant) (ryb.Board, int, error) {
	if variant != nil {
		for _, f := range []string{"board", "finish"} {
			if v != nil && v.Changed(f) {
				return 0, 0, game.Usagef("--%s %s: the variant %s gives the board and the finish; leave --%s out", f, v.String(f), variant.Name(), f)
			}
		}
		if err := variant.Check(); err != nil {
			return 0, 0, game.UsageError{Err: fmt.Errorf("the variant %s: %w", variant.Name(), err)}
		}
		return variant.Board(), variant.Finish, nil
	}
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

// asVariant reads the variant the command line gives, or nil.
func asVariant(v engine.Variant) (*ryb.Variant, error) {
	rv, err := ryb.AsVariant(v)
	if err != nil {
		return nil, game.UsageError{Err: fmt.Errorf("--variant: %w", err)}
	}
	return rv, nil
}

// prints are the board and the score track, then the log pad.
func prints(o game.PrintOptions) ([]game.Print, error) {
	v, err := asVariant(o.Variant)
	if err != nil {
		return nil, err
	}
	board, finish, err := optionsOn(o.Flags, v)
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
	opts := tpl.Options{Board: board, Finish: finish, Names: o.Names, Seats: o.Players, Variant: v}
	title := strings.ToLower(board.Title())
	if v != nil && !v.StandardTracks() {
		title = fmt.Sprintf("the variant %s (from the %s board)", v.Name(), v.Base())
	}
	return []game.Print{{
		Name:  "board",
		Title: fmt.Sprintf("Race Your Bets: %s and score track to %d", title, finish),
		Draw:  func(d *layout.Doc) error { return tpl.Board(d, opts) },
	}, {
		Name:  "logpad",
		Title: "Race Your Bets: the scorekeeper's log pad",
		Draw:  func(d *layout.Doc) error { return tpl.LogPad(d, opts) },
	}}, nil
}

func sheets(o game.PrintOptions) ([]game.Print, error) { return prints(o) }

func rulebook(o game.PrintOptions) (game.Print, error) {
	v, err := asVariant(o.Variant)
	if err != nil {
		return game.Print{}, err
	}
	if v != nil {
		if err := v.Check(); err != nil {
			return game.Print{}, game.UsageError{Err: fmt.Errorf("the variant %s: %w", v.Name(), err)}
		}
	}
	return game.Book("Race Your Bets: rulebook", tpl.RulebookOn, v), nil
}

// simTable is the table o names, checked as the play protocol checks it:
// its board and finish from the flags or the variant, its seats, its
// bots (greedy when none are named).
func simTable(o game.SimOptions) (sim.Table, error) {
	v, err := asVariant(o.Variant)
	if err != nil {
		return sim.Table{}, err
	}
	board, finish, err := optionsOn(o.Flags, v)
	if err != nil {
		return sim.Table{}, err
	}
	bots := slices.Clone(o.Bots)
	if len(bots) == 0 {
		bots = []string{"greedy"}
	}
	for i, b := range bots {
		bots[i] = strings.ToLower(b)
	}
	if err := checkPlayers(o.Players); err != nil {
		return sim.Table{}, err
	}
	t, _ := play.Table("")
	if _, err := t.SeatBots(bots, o.Players); err != nil {
		return sim.Table{}, usage(err, strings.Join(o.Bots, ","))
	}
	return sim.Table{Board: board, Finish: finish, Players: o.Players, Bots: bots, Variant: v}.Normal(), nil
}

// run plays o's games at table t: their figures and how many were played.
func run(t sim.Table, o game.SimOptions) (game.Figures, int, error) {
	r, err := sim.Run(sim.Options{Table: t, RunOptions: o.RunOptions(), Log: o.Log})
	if err != nil || len(r.Tables) == 0 || r.Tables[0].Games == 0 {
		return nil, 0, err
	}
	return &figures{Report: *r}, int(r.Tables[0].Games), nil
}

// count plays games o.First to o.First+o.Games-1 of table t and returns
// what they add up: one shard of a run.
func count(t sim.Table, o game.SimOptions) (*sim.Stats, int, error) {
	return sim.Count(sim.Options{Table: t, RunOptions: o.RunOptions(), Log: o.Log})
}

// readCount reads a shard's counts of table t back.
func readCount(t sim.Table, o game.SimOptions, data []byte) (*sim.Stats, error) {
	return sim.ReadStats(t, o.Seed, data)
}

// shardOf is the tally of the counts st.
func shardOf(_ sim.Table, _ game.SimOptions, st *sim.Stats) game.Tally { return &shard{st: st} }

// shard is a table's tally: the simulator's counts, whole numbers all.
type shard struct{ st *sim.Stats }

// Merge adds the counts of other games of the same table and run.
func (s *shard) Merge(o game.Tally) error {
	x, ok := o.(*shard)
	if !ok || !s.st.SameTable(x.st) {
		return fmt.Errorf("the tallies are of different tables or runs: they do not merge")
	}
	s.st.Merge(x.st)
	return nil
}

// Figures are the figures of the games counted, as simulate prints them.
func (s *shard) Figures(played int, partial bool) (game.Figures, error) {
	if played <= 0 || s.st.Games == 0 {
		return nil, nil
	}
	r := s.st.Report(played, played)
	r.Partial = partial
	return &figures{Report: *r}, nil
}

// MarshalJSON writes the counts for readTally.
func (s *shard) MarshalJSON() ([]byte, error) { return s.st.MarshalJSON() }

// bases are the standard boards, the default first.
func bases() []string {
	var bs []string
	for _, b := range ryb.Boards {
		bs = append(bs, b.String())
	}
	return bs
}

// standard is the standard board base ("" for graded): a board it does not
// know is a usage error of --board.
func standard(base string) (*ryb.Variant, error) {
	v, err := ryb.Standard(base)
	if err != nil {
		return nil, game.UsageError{Err: fmt.Errorf("--board %s: %w", base, err)}
	}
	return v, nil
}

// review weighs every decision of a log with the expert bot.
func review(r io.Reader, o game.ReviewOptions) (engine.Report, error) {
	for _, f := range []string{"board", "finish"} {
		if o.Flags != nil && o.Flags.Changed(f) {
			return nil, game.Usagef("--%s is not for review: the log says what was played", f)
		}
	}
	rep, err := bot.Review(r, bot.ReviewOptions{Costliest: o.Costliest, Rollouts: o.Rollouts, Seed: o.Seed, Partial: o.Partial, Variant: o.Variant, Stop: o.Stop})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// sheetsFrom draws the board, the score track and the log pad of a log as
// they stand at its end or after turn o.Turn.
func sheetsFrom(r io.Reader, o game.FromOptions) ([]game.Print, error) {
	for _, f := range []string{"board", "finish"} {
		if o.Flags != nil && o.Flags.Changed(f) {
			return nil, game.Usagef("--%s is not for --from: the log says what was played", f)
		}
	}
	s, err := play.ReadTo(r, o.Variant, o.Turn)
	var short *play.ErrShort
	if errors.As(err, &short) {
		return nil, game.UsageError{Err: fmt.Errorf("--turn %d: %w", o.Turn, err)}
	}
	if err != nil {
		return nil, err
	}
	v := s.Board()
	name, what := o.Stem+"-sheets", "as they stand at the end of the log"
	if o.Turn > 0 {
		name, what = fmt.Sprintf("%s-turn%d-sheets", o.Stem, o.Turn), fmt.Sprintf("after turn %d", o.Turn)
	}
	return []game.Print{{Name: name, Title: fmt.Sprintf("Race Your Bets: the board, score track and log pad of %s, %s", o.Stem, what),
		Draw: func(d *layout.Doc) error { return tpl.Filled(d, &v) }}}, nil
}

// board draws a game in progress as the table on screen shows it: the
// filled printables as SVG pages, each track tagged with the "horse H"
// its bets and cheers name.
func board(s engine.State) ([][]byte, error) {
	st, ok := s.(*play.State)
	if !ok {
		return nil, fmt.Errorf("Race Your Bets draws its own games, not a %T", s)
	}
	v := st.Board()
	return tpl.FilledSVG(&v, layout.A4)
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
func (f *figures) Text() string { return game.TrimHead(f.Report.Text(), f.Partial) }

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
