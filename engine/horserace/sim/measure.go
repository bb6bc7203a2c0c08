package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/horserace"
)

// Play plays the games o.First to o.First+o.Games-1 of one table and
// returns what they add up, before any figure is written, with the number
// of games played (fewer than o.Games when o.Stop was set): what a shard
// of a run spread over machines hands back. Every figure of Stats is a
// whole number, so the Stats of a run's shards merged, in any order, are
// the whole run's to the last digit, and NewReport writes the same report
// from them.
func Play(o Options) (*Stats, int, error) {
	newStats := func() *Stats { return NewStats(o.Table) }
	return engine.Simulate(o.RunOptions, o.Table, newStats, newPlayer, func(pl *player, i int, rng *rand.Rand, st *Stats) error {
		if err := pl.play(rng, st); err != nil {
			return err
		}
		if o.Log != nil {
			return o.Log(i, pl.s.AppendLog(nil))
		}
		return nil
	})
}

// Metrics are the figures Measure gives of every game at the table, for
// comparing boards and sweeping a number (engine.Compare), in order: the
// game's length (races, scratch rolls and race rolls), where its pot came
// from and how big it grew, the players out (with a bank), each horse's
// wins, and each seat's net chips and win.
func Metrics(t Table) []engine.Metric {
	win := "%"
	if t.rounds() > 1 {
		win = "races"
	}
	ms := []engine.Metric{
		{Name: "races a game", Unit: "races"},
		{Name: "scratch rolls a game", Unit: "rolls"},
		{Name: "race rolls a game", Unit: "rolls", Length: true},
		{Name: "chips from scratched cards", Unit: "chips"},
		{Name: "chips from rolls on scratched horses", Unit: "chips"},
		{Name: "chips of end pay", Unit: "chips"},
		{Name: "pot at the split", Unit: "chips"},
		{Name: "players out", Unit: "players"},
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		ms = append(ms, engine.Metric{Name: fmt.Sprintf("horse %d wins", h), Unit: win})
	}
	ms = append(ms, engine.SeatMetrics(t.Players, "chips", "chips")...)
	return append(ms, engine.WinMetrics(t.Players)...)
}

// NewMeasure returns the Measure of one worker: it plays game i of the
// table with rng, as a run does, and writes the game's Metrics into out.
// A seat wins when no seat ends with more chips, seats tied at the top
// splitting the win (engine.WinMetrics).
func NewMeasure(t Table) (engine.Measure, error) {
	st := NewStats(t)
	return engine.NewMeasure(t, len(Metrics(t)), newPlayer, func(pl *player, rng *rand.Rand, out []int64) error {
		// The game's figures are what it adds to the worker's running
		// statistics: their sums after it less their sums before.
		before := sums(st)
		if err := pl.play(rng, st); err != nil {
			return err
		}
		after := sums(st)
		for k := range after {
			out[k] = after[k] - before[k]
		}
		k := len(after)
		g := pl.s.Game()
		best := 0
		for p := range t.Players {
			out[k+p] = int64(g.Net(p))
			if p == 0 || g.Net(p) > best {
				best = g.Net(p)
			}
		}
		k += t.Players
		engine.WinShares(out[k:k+t.Players], func(p int) bool { return g.Net(p) == best })
		return nil
	})
}

// sums are the running sums of st that a game's metrics are the growth
// of, in the order of Metrics: the races, the rolls, the pot's sources,
// the players out, and each horse's wins.
func sums(st *Stats) [8 + horserace.Horses]int64 {
	var s [8 + horserace.Horses]int64
	s[0], s[1], s[2] = st.Races, st.ScratchRolls.Sum, st.RaceRolls.Sum
	s[3], s[4], s[5] = st.PotScratch.Sum, st.PotRepeat.Sum+st.PotRolls.Sum, st.PotEndPay.Sum
	s[6], s[7] = st.PotSplit.Sum, st.Out.Sum
	copy(s[8:], st.Wins[horserace.Lowest:])
	return s
}
