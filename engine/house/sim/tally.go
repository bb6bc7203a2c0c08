package sim

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"furlong/engine"
)

// Tally is what the races of one table add up before any figure is
// written: the table's Stats, whole numbers that merge exactly in any
// order, so that the tallies of a run's shards, played on several
// machines, give together the figures of the whole run to the last digit.
// Its JSON names the table it counts, which Merge and ReadTally check.
type Tally struct {
	table tallyTable
	seed  uint64
	stats *Stats
}

// tallyTable is what a tally says of its table, to be checked against
// another's.
type tallyTable struct {
	TableName
	Digest string `json:"digest"` // the variant's; "" on the standard board
	Seed   uint64 `json:"seed"`
}

func tableOf(t Table, seed uint64) tallyTable {
	tt := tallyTable{TableName: nameOf(t), Seed: seed}
	if t.Jockeys == JockeysFixed {
		// A tally has always written fixed riders after the mode's word
		// ("fixedAce,Bob"), and a shard is read by what it wrote.
		tt.Jockeys = t.Jockeys.String() + tt.Jockeys
	}
	if t.variantName() != "" {
		tt.Digest = t.Variant.Digest()
	}
	return tt
}

func (a tallyTable) same(b tallyTable) bool {
	return a.Game == b.Game && a.Players == b.Players && a.Call == b.Call && slices.Equal(a.Bots, b.Bots) &&
		a.Jockeys == b.Jockeys && a.Wagers == b.Wagers && a.Digest == b.Digest && a.Seed == b.Seed
}

// describe names the table for a message.
func (a tallyTable) describe() string {
	s := fmt.Sprintf("%s, %s, bots %v, jockeys %s, call %d, wagers %v, seed %d", a.Game, engine.Count(a.Players, "player", "players"), a.Bots, a.Jockeys, a.Call, a.Wagers, a.Seed)
	if a.Digest != "" {
		s += ", variant " + a.Digest
	}
	return s
}

// NewTally returns the empty tally of table t, for a run of seed seed.
func NewTally(t Table, seed uint64) *Tally {
	return &Tally{table: tableOf(t, seed), seed: seed, stats: NewStats()}
}

// Races is the number of races counted.
func (t *Tally) Races() int64 { return t.stats.Races }

// Merge adds the races of o, a tally of the same table and run.
func (t *Tally) Merge(o *Tally) error {
	if !t.table.same(o.table) {
		return fmt.Errorf("a tally of %s is not one of %s", o.table.describe(), t.table.describe())
	}
	t.stats.Merge(o.stats)
	return nil
}

// Report writes the figures of the races counted at table tb, as Run
// reports them; partial marks a run that was interrupted. It has no time:
// a tally does not know how long its races took.
func (t *Tally) Report(tb Table, partial bool) *Report {
	rep := t.stats.report(tb)
	rep.Seed = t.seed
	rep.Partial = partial
	return rep
}

// jsonTally is a tally as JSON: its table, then its counts.
type jsonTally struct {
	Table tallyTable `json:"table"`
	Stats *Stats     `json:"counts"`
}

// MarshalJSON writes the tally, its table and every count.
func (t *Tally) MarshalJSON() ([]byte, error) { return json.Marshal(jsonTally{t.table, t.stats}) }

// ReadTally reads a tally that MarshalJSON wrote, of table tb in a run of
// seed seed: one of another table, or counts that do not add up as a
// run's do, is an error.
func ReadTally(tb Table, seed uint64, data []byte) (*Tally, error) {
	var j jsonTally
	if err := engine.DecodeJSON(data, &j); err != nil {
		return nil, fmt.Errorf("a tally of the house game: %w", err)
	}
	if j.Stats == nil {
		return nil, fmt.Errorf("a tally of the house game has no counts")
	}
	t := NewTally(tb, seed)
	if !t.table.same(j.Table) {
		return nil, fmt.Errorf("the tally is of %s, not of the table asked for (%s)", j.Table.describe(), t.table.describe())
	}
	if err := j.Stats.check(t.stats); err != nil {
		return nil, fmt.Errorf("a tally of the house game: %w", err)
	}
	t.stats = j.Stats
	return t, nil
}

// check says whether counts read back are shaped as empty, a run's own
// statistics are, and add up as a run's do.
func (s *Stats) check(empty *Stats) error {
	hists := func(s *Stats) []*Hist {
		hs := []*Hist{&s.Turns, &s.CalledTurn, &s.Horses, &s.Dead, &s.FalseStarts}
		for i := range s.Purse {
			hs = append(hs, &s.Purse[i], &s.CalledPurse[i])
		}
		return hs
	}
	have, want := hists(s), hists(empty)
	if s.Races < 0 {
		return fmt.Errorf("%d races", s.Races)
	}
	for i, h := range have {
		w := want[i]
		if h.Lo != w.Lo || len(h.Bins) != len(w.Bins) {
			return fmt.Errorf("a histogram of %d bins from %d, not %d from %d", len(h.Bins), h.Lo, len(w.Bins), w.Lo)
		}
		var n int64
		for _, c := range h.Bins {
			if c < 0 {
				return fmt.Errorf("a negative count")
			}
			n += c
		}
		if n != h.N {
			return fmt.Errorf("a histogram of %d values counts %d", n, h.N)
		}
	}
	if s.Turns.N != s.Races || s.Horses.N != s.Races || s.Dead.N != s.Races {
		return fmt.Errorf("%d races, but %d race lengths", s.Races, s.Turns.N)
	}
	return nil
}

// RunTally plays o.Games races at o.Table, from race o.First on, and
// returns what they add up: Run's figures before they are written.
func RunTally(o Options) (*Tally, error) {
	if o.Games < 0 {
		return nil, fmt.Errorf("a run has 0 or more races, not %d", o.Games)
	}
	st, _, err := run(o)
	if err != nil {
		return nil, err
	}
	return &Tally{table: tableOf(o.Table, o.Seed), seed: o.Seed, stats: st}, nil
}

// run plays o.Games races at o.Table on every core and returns their
// statistics and how many were played.
func run(o Options) (*Stats, int, error) {
	return engine.Simulate(o.RunOptions, o.Table, NewStats, newPlayer, func(pl *player, i int, rng *rand.Rand, st *Stats) error {
		if err := pl.play(rng, &pl.res); err != nil {
			return err
		}
		st.Add(&pl.res, o.Table.Players)
		if o.Log != nil {
			pl.log = pl.state.AppendLog(pl.log[:0])
			return o.Log(i, pl.log)
		}
		return nil
	})
}
