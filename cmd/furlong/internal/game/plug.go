package game

import (
	"fmt"
	"io"
	"strings"

	"furlong/engine"
	"furlong/layout"
)

// What every plug fills in alike from its game's packages, written once:
// the play protocol's and the referee's entries of a game of one mode; the
// rulebook and the kit as most games print them; the figures' text without
// the head that the command line prints; and simulate's, a shard's and
// merge's steps around a game's own reading of its table and its
// simulator's run, count and read.

// OneModeGame is g, the plug of a game with one mode, with what every
// such plug takes from its game's packages alike filled in: its Name and
// its one mode, both the game keyword name, as the play package's table
// seats it; the referee's judge as its Judge; and the play package's
// options, table, New and Read.
func OneModeGame[S engine.State, V engine.Verdict](name string, options []engine.Option, table func(mode string) (engine.Table, error),
	newState func(engine.Setup) (S, error), read func(io.Reader) (S, error), judge func(io.Reader, engine.JudgeOptions) (V, error), g Game) Game {
	g.Name, g.Modes, g.Options, g.Table = name, []Mode{ModeOf(table, name)}, options, table
	// The game's own types seen as the seam's interfaces (Go converts
	// no function's types), with nothing beside an error.
	g.Judge = func(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
		v, err := judge(r, o)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
	g.New = func(su engine.Setup) (engine.State, error) {
		s, err := newState(su)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	g.Read = func(r io.Reader) (engine.State, error) {
		s, err := read(r)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	return g
}

// Book is the printable "rulebook" titled title, which draw sets on board
// v (the game's variant, nil for its standard boards): a template's
// RulebookOn.
func Book[V, R any](title string, draw func(*layout.Doc, V) (R, error), v V) Print {
	return Print{
		Name:  "rulebook",
		Title: title,
		Book:  true,
		Draw: func(d *layout.Doc) error {
			_, err := draw(d, v)
			return err
		},
	}
}

// KitOf is the Kit of a game whose kit is its rulebook, then its sheets:
// a problem with the options is the rulebook's, else the sheets'.
func KitOf(rulebook func(PrintOptions) (Print, error), sheets func(PrintOptions) ([]Print, error)) func(PrintOptions) ([]Print, error) {
	return func(o PrintOptions) ([]Print, error) {
		book, err := rulebook(o)
		if err != nil {
			return nil, err
		}
		ps, err := sheets(o)
		if err != nil {
			return nil, err
		}
		return append([]Print{book}, ps...), nil
	}
}

// TrimHead is the text of a game's figures without the head the command
// line prints for every game alike: the first line (the game's name or
// the run's games and seed), the second too when marked says the engine
// marks an interrupted run on a line of its own, and a blank line after
// them.
func TrimHead(text string, marked bool) string {
	lines := 1
	if marked {
		lines = 2
	}
	for range lines {
		_, text, _ = strings.Cut(text, "\n")
	}
	return strings.TrimPrefix(text, "\n")
}

// VariantWith is a game's StandardVariant as Game.Variant takes it: the
// standard board base, named name when name is not "". On an error the
// seam gets a nil engine.Variant, not a nil *Variant inside one.
func VariantWith[V interface {
	engine.Variant
	SetName(string) error
}](standard func(base string) (V, error)) func(base, name string) (engine.Variant, error) {
	return func(base, name string) (engine.Variant, error) {
		v, err := standard(base)
		if err == nil && name != "" {
			err = v.SetName(name)
		}
		if err != nil {
			return nil, err
		}
		return v, nil
	}
}

// RunOptions are the runner's options for the one table o asks a game to
// play: its games, seed, workers and progress.
func (o SimOptions) RunOptions() engine.RunOptions {
	return engine.RunOptions{Games: o.Games, First: o.First, Seed: o.Seed, Workers: o.Workers, Done: o.Done, Stop: o.Stop}
}

// MeasuresWith is a simulator's Metrics and NewMeasure as Game.Measures
// takes them, at the table that table reads from simulate's options (the
// plug's own reading of its flags).
func MeasuresWith[T any](table func(SimOptions) (T, error), metrics func(T) []engine.Metric, newMeasure func(T) (engine.Measure, error)) func(SimOptions) ([]engine.Metric, func() (engine.Measure, error), error) {
	return func(o SimOptions) ([]engine.Metric, func() (engine.Measure, error), error) {
		t, err := table(o)
		if err != nil {
			return nil, nil, err
		}
		return metrics(t), func() (engine.Measure, error) { return newMeasure(t) }, nil
	}
}

// Counter is what a simulator counts of one table's games, kept in a
// shard's tally: it adds the count of other games of the same table and
// writes itself as JSON, which the simulator reads back.
type Counter[C any] interface {
	Merge(C) error
	MarshalJSON() ([]byte, error)
}

// CountOf is the Tally of count, the count of game's simulator, whose
// figures figures writes from it as it stands (the count of every shard
// merged into it); partial marks a run that was interrupted.
func CountOf[C Counter[C]](game string, count C, figures func(partial bool) Figures) Tally {
	return &counted[C]{game: game, count: count, figures: figures}
}

// counted is a Tally of CountOf.
type counted[C Counter[C]] struct {
	game    string
	count   C
	figures func(partial bool) Figures
}

// Merge adds the count of another shard of the same table.
func (c *counted[C]) Merge(o Tally) error {
	x, ok := o.(*counted[C])
	if !ok {
		return fmt.Errorf("a tally of another game than %s", c.game)
	}
	return c.count.Merge(x.count)
}

// Figures are the figures of the count, as simulate prints them.
func (c *counted[C]) Figures(_ int, partial bool) (Figures, error) { return c.figures(partial), nil }

// MarshalJSON writes the count for the simulator to read back.
func (c *counted[C]) MarshalJSON() ([]byte, error) { return c.count.MarshalJSON() }

// SimulateWith is a game's Simulate: the table o names, read and checked
// by table (a call with no games checks it and plays nothing; fewer is a
// usage error), then run, which plays o's games at it and returns their
// figures and how many were played.
func SimulateWith[T any](table func(SimOptions) (T, error), run func(T, SimOptions) (Figures, int, error)) func(SimOptions) (Figures, int, error) {
	return func(o SimOptions) (Figures, int, error) {
		if o.Games < 0 {
			return nil, 0, Usagef("%d games: a run plays 0 or more", o.Games)
		}
		t, err := table(o)
		if err != nil || o.Games == 0 {
			return nil, 0, err
		}
		return run(t, o)
	}
}

// TallyWith is a game's Tally: the table o names, read and checked by
// table, then count, which plays o's games at it and returns what they
// add up and how many were played, kept as a Tally by tally.
func TallyWith[T, C any](table func(SimOptions) (T, error), count func(T, SimOptions) (C, int, error), tally func(T, SimOptions, C) Tally) func(SimOptions) (Tally, int, error) {
	return func(o SimOptions) (Tally, int, error) {
		t, err := table(o)
		if err != nil {
			return nil, 0, err
		}
		c, n, err := count(t, o)
		if err != nil {
			return nil, 0, err
		}
		return tally(t, o, c), n, nil
	}
}

// CountWith is TallyWith's count for a simulator whose count holds how
// many games it counts (The Great Races' and the house game's tallies):
// run plays them, games says how many the count holds.
func CountWith[T, C any](run func(T, SimOptions) (C, error), games func(C) int64) func(T, SimOptions) (C, int, error) {
	return func(t T, o SimOptions) (C, int, error) {
		c, err := run(t, o)
		if err != nil {
			return c, 0, err
		}
		return c, int(games(c)), nil
	}
}

// ReadTallyWith is a game's ReadTally, as TallyWith is its Tally: the
// table o names, then read, which reads a shard's count of its games back,
// kept as a Tally by tally.
func ReadTallyWith[T, C any](table func(SimOptions) (T, error), read func(T, SimOptions, []byte) (C, error), tally func(T, SimOptions, C) Tally) func(SimOptions, []byte) (Tally, error) {
	return func(o SimOptions, data []byte) (Tally, error) {
		t, err := table(o)
		if err != nil {
			return nil, err
		}
		c, err := read(t, o, data)
		if err != nil {
			return nil, err
		}
		return tally(t, o, c), nil
	}
}
