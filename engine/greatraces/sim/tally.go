package sim

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// Tally is what the games of one table add up before any figure is
// written: whole numbers, which merge exactly in any order, so that the
// tallies of a run's shards, played on several machines, give together
// the figures of the whole run to the last digit. Its JSON names the
// table it counts, which Merge and a read tally check.
type Tally struct {
	table tallyTable
	stats *stats
}

// tallyTable is what a tally says of its table, to be checked against
// another's.
type tallyTable struct {
	Players int      `json:"players"`
	Board   string   `json:"board"`
	Digest  string   `json:"digest"`
	Bots    []string `json:"bots"`
}

func tableOf(t Table) tallyTable {
	return tallyTable{Players: t.Players, Board: t.board().Base(), Digest: t.board().Digest(), Bots: t.Bots}
}

func (a tallyTable) same(b tallyTable) bool {
	if a.Players != b.Players || a.Board != b.Board || a.Digest != b.Digest || len(a.Bots) != len(b.Bots) {
		return false
	}
	for i := range a.Bots {
		if a.Bots[i] != b.Bots[i] {
			return false
		}
	}
	return true
}

// NewTally returns the empty tally of table t.
func NewTally(t Table) *Tally { return &Tally{table: tableOf(t), stats: newStats()} }

// Games is the number of games counted.
func (t *Tally) Games() int64 { return t.stats.Games }

// Merge adds the games of o, a tally of the same table.
func (t *Tally) Merge(o *Tally) error {
	if !t.table.same(o.table) {
		return fmt.Errorf("a tally of %d players on board %s (%s) is not one of %d players on board %s (%s)",
			o.table.Players, o.table.Board, o.table.Digest, t.table.Players, t.table.Board, t.table.Digest)
	}
	t.stats.Merge(o.stats)
	return nil
}

// Report writes the figures of the games counted, table tb's.
func (t *Tally) Report(tb Table) *Report { return t.stats.report(tb) }

// jsonTally is a tally as JSON: its table, then its counts.
type jsonTally struct {
	Table tallyTable `json:"table"`
	Stats *stats     `json:"counts"`
}

// MarshalJSON writes the tally, its table and every count.
func (t *Tally) MarshalJSON() ([]byte, error) { return json.Marshal(jsonTally{t.table, t.stats}) }

// ReadTally reads a tally that MarshalJSON wrote, of table tb: one of
// another table, or counts that do not add up, is an error.
func ReadTally(tb Table, data []byte) (*Tally, error) {
	var j jsonTally
	if err := engine.DecodeJSON(data, &j); err != nil {
		return nil, fmt.Errorf("a tally of The Great Races: %w", err)
	}
	if j.Stats == nil {
		return nil, fmt.Errorf("a tally of The Great Races has no counts")
	}
	t := NewTally(tb)
	if !t.table.same(j.Table) {
		return nil, fmt.Errorf("the tally is of %d players on board %s (digest %s), bots %v, not of the table asked for", j.Table.Players, j.Table.Board, j.Table.Digest, j.Table.Bots)
	}
	if err := j.Stats.check(); err != nil {
		return nil, fmt.Errorf("a tally of The Great Races: %w", err)
	}
	t.stats = j.Stats
	return t, nil
}

// check says whether counts read back add up as a run's do.
func (s *stats) check() error {
	h := &s.Turns
	switch {
	case s.Games < 0:
		return fmt.Errorf("%d games", s.Games)
	case h.Lo != 0 || len(h.Bins) != maxHist+1:
		return fmt.Errorf("the histogram of game lengths has %d bins from %d, not %d from 0", len(h.Bins), h.Lo, maxHist+1)
	case h.N != s.Games:
		return fmt.Errorf("%d games, %d game lengths", s.Games, h.N)
	}
	var sum, wins, decided, last int64
	for _, c := range h.Bins {
		if c < 0 {
			return fmt.Errorf("a negative count of game lengths")
		}
		sum += c
	}
	for _, w := range s.Wins {
		wins += w
	}
	for r := range gr.Races {
		decided += s.Decided[r]
		last += s.LastOpen[r]
		if s.Taken[r] < 0 || s.Taken[r] > s.Offered[r] || s.SecondPaid[r] < 0 || s.SecondPaid[r] > s.Games {
			return fmt.Errorf("race %d's counts do not add up", r+gr.FirstRace)
		}
	}
	if sum != s.Games || wins != s.Games || decided != s.Games || last != s.Games {
		return fmt.Errorf("%d games, but %d lengths, %d wins, %d deciding races and %d last races", s.Games, sum, wins, decided, last)
	}
	return nil
}

// RunTally plays o.Games games at o.Table, from game o.First on, and
// returns what they add up: Run's figures before they are written.
func RunTally(o Options) (*Tally, error) {
	st, _, err := engine.Simulate(o.RunOptions, o.Table, newStats, newPlayer, func(p *player, i int, rng *rand.Rand, st *stats) error {
		if err := p.play(rng); err != nil {
			return err
		}
		st.add(&p.game)
		if o.Log != nil {
			return o.Log(i, p.log())
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Tally{table: tableOf(o.Table), stats: st}, nil
}
