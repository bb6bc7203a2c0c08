package standin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
)

// Game is Trot's plug, every field of the seam filled.
func Game() game.Game {
	return game.Game{
		Name:       "trot",
		Title:      "Trot",
		Summary:    "a stand-in race for the command line's tests",
		Modes:      []game.Mode{{Keyword: "trot", Title: "Trot", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Players: 2}},
		Judge:      judge,
		Review:     review,
		Sheets:     sheets,
		Rulebook:   rulebook,
		Kit:        game.KitOf(rulebook, sheets),
		SheetsFrom: sheetsFrom,
		Simulate:   simulate,
		Bases:      Bases,
		Variant: func(base, name string) (engine.Variant, error) {
			v, err := Standard(base, name)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		Measures:  measures,
		Tally:     tallyOf,
		ReadTally: readTally,
	}
}

// judge is Judge as the seam takes it: nothing beside an error.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	v, err := Judge(r, o)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Bare is a game that has none of the designer's fields, nor review or
// sheets --from: what a command says of a game that cannot.
func Bare() game.Game {
	g := Game()
	return game.Game{Name: "bare", Title: "Bare", Summary: "a stand-in with nothing but a referee and sheets",
		Modes: []game.Mode{{Keyword: "bare", Title: "Bare", MinPlayers: 2, MaxPlayers: 4, Players: 2}},
		Judge: g.Judge, Sheets: g.Sheets, Rulebook: g.Rulebook, Kit: g.Kit}
}

// sheet is the board's one printable: each lane's track of boxes.
func sheets(o game.PrintOptions) ([]game.Print, error) {
	v, err := board(o.Variant)
	if err != nil {
		return nil, err
	}
	return []game.Print{{Name: "sheet", Title: "Trot sheet", Draw: func(d *layout.Doc) error {
		d.AddPage()
		c := d.Content()
		d.SetFont(layout.Sans, layout.Bold, 14)
		d.Text(c.X, c.Y+6, "Trot")
		d.SetFont(layout.Sans, layout.Regular, 9)
		for i, l := range v.Lanes {
			y := c.Y + 20 + float64(i)*14
			d.Text(c.X, y+4, fmt.Sprintf("lane %d, a 6 adds %d, finish %s", i+1, l.Bonus, v.Finish))
			d.Track(c.X, y+6, l.Spaces, 4, 0.5, nil)
		}
		return d.Err()
	}}}, nil
}

func rulebook(o game.PrintOptions) (game.Print, error) {
	v, err := board(o.Variant)
	if err != nil {
		return game.Print{}, err
	}
	return game.Print{Name: "rulebook", Title: "Trot rulebook", Draw: func(d *layout.Doc) error {
		d.AddPage()
		c := d.Content()
		d.SetFont(layout.Sans, layout.Regular, 10)
		for i, l := range v.Lanes {
			d.Text(c.X, c.Y+6+float64(i)*6, fmt.Sprintf("Lane %d has %d spaces; a 6 adds %d.", i+1, l.Spaces, l.Bonus))
		}
		return d.Err()
	}}, nil
}

func sheetsFrom(r io.Reader, o game.FromOptions) ([]game.Print, error) {
	v, err := Judge(r, engine.JudgeOptions{Partial: true, Variant: o.Variant})
	if err != nil {
		return nil, err
	}
	return []game.Print{{Name: o.Stem + "-sheet", Title: "Trot sheet", Draw: func(d *layout.Doc) error {
		d.AddPage()
		c := d.Content()
		for i, n := range v.Names {
			d.Text(c.X, c.Y+8+float64(i)*8, n)
			d.Hand(c.X+20, c.Y+8+float64(i)*8, 5, fmt.Sprint(v.Pos[i]))
		}
		return d.Err()
	}}}, nil
}

// Story is Trot's review: nothing to decide, only the race's length, and
// a chart (a Plotter, for review --plot).
type Story struct{ V *Verdict }

// Text is what review prints.
func (s *Story) Text() string {
	return fmt.Sprintf("%s: nothing to decide in Trot\n", s.V.Summary())
}

// JSON is what review --json prints.
func (s *Story) JSON() any { return map[string]any{"rounds": s.V.Rounds, "decisions": []any{}} }

// Plot draws each seat's spaces as a bar.
func (s *Story) Plot(d *layout.Doc) error {
	d.AddPage()
	c := d.Content()
	for i, p := range s.V.Pos {
		d.Rect(c.X, c.Y+float64(i)*8, float64(p)*3, 6, layout.Fill)
	}
	return d.Err()
}

func review(r io.Reader, o game.ReviewOptions) (engine.Report, error) {
	v, err := Judge(r, engine.JudgeOptions{Partial: o.Partial, Variant: o.Variant})
	if err != nil {
		return nil, err
	}
	return &Story{v}, nil
}

// Metrics are what Measures reads from every game, before each seat's
// wins (engine.WinMetrics): the first is the game's length.
var Metrics = []engine.Metric{
	{Name: "rounds a game", Unit: "rounds", Length: true},
	{Name: "first seat wins", Unit: "%"},
	{Name: "first roll moves", Unit: "spaces"},
	{Name: "nobody home", Unit: "%"},
}

func measures(o game.SimOptions) ([]engine.Metric, func() (engine.Measure, error), error) {
	v, err := board(o.Variant)
	if err != nil {
		return nil, nil, err
	}
	if err := seats(o.Players); err != nil {
		return nil, nil, err
	}
	n := o.Players
	ms := append(slices.Clone(Metrics), engine.WinMetrics(n)...)
	return ms, func() (engine.Measure, error) {
		return func(i int, rng *rand.Rand, out []int64) error {
			r := play(v, n, rng, false)
			out[0], out[1], out[2], out[3] = int64(r.rounds), 0, int64(r.firstMove), 0
			switch r.winner {
			case 0:
				out[1] = 1
			case -1:
				out[3] = 1
			}
			engine.WinShares(out[len(Metrics):], func(s int) bool { return s == r.winner })
			return nil
		}, nil
	}, nil
}

func seats(n int) error {
	if n < MinPlayers || n > MaxPlayers {
		return engine.SetupErrorf(engine.PartPlayers, "Trot is for %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	return nil
}

// result is one game played.
type result struct {
	rounds    int
	winner    int // -1: nobody finished
	firstMove int
	rolls     [][]int // by round, by seat; kept only when a log is asked for
}

// play plays one game of n seats on v with rng.
func play(v *Variant, n int, rng *rand.Rand, keep bool) result {
	pos := make([]int, n)
	r := result{winner: -1}
	for r.rounds < MaxRounds && r.winner < 0 {
		r.rounds++
		var row []int
		for s := range n {
			d := int(engine.Roll(rng))
			if keep {
				row = append(row, d)
			}
			l := v.Lanes[s%lanes]
			move := d
			if d == 6 {
				move += l.Bonus
			}
			if r.rounds == 1 && s == 0 {
				r.firstMove = move
			}
			switch {
			case pos[s]+move < l.Spaces || v.Finish == "past":
				pos[s] += move
			case pos[s]+move == l.Spaces:
				pos[s] = l.Spaces
			}
			if pos[s] >= l.Spaces && r.winner < 0 {
				r.winner = s
			}
		}
		if keep {
			r.rolls = append(r.rolls, row)
		}
	}
	return r
}

// sums are what a table's games add up: whole numbers.
type sums struct {
	Games  int64   `json:"games"`
	Rounds int64   `json:"rounds"`
	Wins   []int64 `json:"wins"`
	None   int64   `json:"none"`
}

func (s *sums) Merge(o *sums) {
	s.Games += o.Games
	s.Rounds += o.Rounds
	s.None += o.None
	for i := range s.Wins {
		s.Wins[i] += o.Wins[i]
	}
}

func (s *sums) Reset() {
	s.Games, s.Rounds, s.None = 0, 0, 0
	clear(s.Wins)
}

// Tally is a table's sums, as game.Tally.
type Tally struct {
	players int
	s       *sums
}

// Merge adds another shard's sums of the same table.
func (t *Tally) Merge(o game.Tally) error {
	u, ok := o.(*Tally)
	if !ok || u.players != t.players {
		return fmt.Errorf("the tallies of two tables")
	}
	t.s.Merge(u.s)
	return nil
}

// MarshalJSON writes the sums.
func (t *Tally) MarshalJSON() ([]byte, error) { return json.Marshal(t.s) }

// Figures writes what simulate prints of the games.
func (t *Tally) Figures(played int, partial bool) (game.Figures, error) {
	if int64(played) != t.s.Games {
		return nil, fmt.Errorf("%d games played, %d tallied", played, t.s.Games)
	}
	return &figures{t.players, *t.s, partial}, nil
}

type figures struct {
	players int
	s       sums
	partial bool
}

func (f *figures) Text() string {
	var b strings.Builder
	n := float64(max(f.s.Games, 1))
	fmt.Fprintf(&b, "Trot, %s: %s\n", engine.Count(f.players, "player", "players"), engine.Count(int(f.s.Games), "game", "games"))
	fmt.Fprintf(&b, "  rounds a game  %.3f\n", float64(f.s.Rounds)/n)
	for i, w := range f.s.Wins {
		fmt.Fprintf(&b, "  seat %d wins    %.2f%%\n", i+1, 100*float64(w)/n)
	}
	fmt.Fprintf(&b, "  nobody home    %.2f%%\n", 100*float64(f.s.None)/n)
	return b.String()
}

func (f *figures) JSON() any {
	return map[string]any{"players": f.players, "games": f.s.Games, "rounds": f.s.Rounds, "wins": f.s.Wins, "none": f.s.None, "partial": f.partial}
}

func tallyOf(o game.SimOptions) (game.Tally, int, error) {
	v, err := board(o.Variant)
	if err != nil {
		return nil, 0, err
	}
	if err := seats(o.Players); err != nil {
		return nil, 0, err
	}
	n := o.Players
	st, played, err := engine.Run(engine.RunOptions{Games: o.Games, Seed: o.Seed, First: o.First, Workers: o.Workers, Done: o.Done, Stop: o.Stop},
		func() *sums { return &sums{Wins: make([]int64, n)} },
		func() (engine.Player[*sums], error) {
			return func(i int, rng *rand.Rand, s *sums) error {
				r := play(v, n, rng, o.Log != nil)
				s.Games++
				s.Rounds += int64(r.rounds)
				if r.winner < 0 {
					s.None++
				} else {
					s.Wins[r.winner]++
				}
				if o.Log != nil {
					return o.Log(i, writeLog(o.Variant, n, r))
				}
				return nil
			}, nil
		})
	return &Tally{n, st}, played, err
}

func readTally(o game.SimOptions, data []byte) (game.Tally, error) {
	var s sums
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	if len(s.Wins) != o.Players {
		return nil, fmt.Errorf("a tally of %d seats, not %d", len(s.Wins), o.Players)
	}
	return &Tally{o.Players, &s}, nil
}

func simulate(o game.SimOptions) (game.Figures, int, error) {
	if _, err := board(o.Variant); err != nil {
		return nil, 0, err
	}
	if err := seats(o.Players); err != nil {
		return nil, 0, err
	}
	if o.Games == 0 {
		return nil, 0, nil
	}
	t, played, err := tallyOf(o)
	if err != nil || played == 0 {
		return nil, played, err
	}
	stopped := o.Stop != nil && o.Stop.Load()
	f, ferr := t.Figures(played, stopped)
	if ferr != nil {
		return nil, played, ferr
	}
	return f, played, nil
}
