package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/house"
)

// Metrics are the figures NewMeasure takes of every race at table t, for
// comparing boards on the same dice: the race's length in turns and the
// turn that called it, each seat's purse and win (seats counted from the
// first roller, as the report counts them; a shared top purse splits the
// win among the seats that share it, engine.WinMetrics, and is a metric
// of its own), the dead
// turns, false starts, riders scratched and horses home of the race, and
// riding alone the rungs of the design notes' purse ladder as 0-or-1
// figures, and when the seats hold other bots each bot's seats' win
// (engine.BotMetrics): whole numbers all (engine.Metric).
func Metrics(t Table) []engine.Metric {
	ms := []engine.Metric{{Name: "turns a race", Unit: "turns", Length: true}, {Name: "turn that called the race", Unit: "turns"}}
	for p := range t.Players {
		ms = append(ms, engine.Metric{Name: fmt.Sprintf("seat %d's purse", p+1), Unit: "$"})
	}
	if t.Players > 1 {
		ms = append(ms, engine.WinMetrics(t.Players)...)
		ms = append(ms, engine.Metric{Name: "top purse shared", Unit: "%"})
	}
	ms = append(ms,
		engine.Metric{Name: "dead turns a race", Unit: "turns"},
		engine.Metric{Name: "false starts a race", Unit: "false starts"},
		engine.Metric{Name: "riders scratched a race", Unit: "riders"},
		engine.Metric{Name: "horses home", Unit: "horses"},
	)
	if t.Mode == house.Solo {
		for _, r := range house.SoloLadder {
			ms = append(ms, engine.Metric{Name: fmt.Sprintf("purse reaches $%d (%s)", r.Purse, r.Name), Unit: "%"})
		}
		ms = append(ms, engine.Metric{Name: fmt.Sprintf("purse past $%d", house.SoloRare), Unit: "%"})
	}
	return append(ms, engine.BotMetrics(t.Bots, t.Players)...)
}

// NewMeasure returns what plays one race at table t and writes its
// Metrics, in order: one a worker, as it keeps its player (and the race's
// memory) from race to race.
func NewMeasure(t Table) (engine.Measure, error) {
	n := t.Players
	return engine.NewMeasure(t, len(Metrics(t)), newPlayer, func(pl *player, rng *rand.Rand, out []int64) error {
		if err := pl.play(rng, &pl.res); err != nil {
			return err
		}
		res := &pl.res
		k, first := 0, max(res.First, 0)
		put := func(v int64) { out[k] = v; k++ }
		put(int64(res.Turns))
		called := res.CalledTurn
		if called == 0 {
			called = res.Turns
		}
		put(int64(called))
		for rel := range n {
			put(int64(res.Purse[(first+rel)%n]))
		}
		if n > 1 {
			best, shared := top(res.Purse[:n])
			engine.WinShares(out[k:k+n], func(rel int) bool { return res.Purse[(first+rel)%n] == best })
			k += n
			put(b2i(shared > 1))
			// The bots' wins are by the seats they hold, not by the
			// order of the roll: the shares again, seat by seat.
			engine.WinShares(pl.shares[:n], func(p int) bool { return res.Purse[p] == best })
		}
		dead, falses, scratched := 0, 0, 0
		for p := range n {
			dead += res.Dead[p]
			falses += res.FalseStarts[p]
			if res.Scratched[p] {
				scratched++
			}
		}
		put(int64(dead))
		put(int64(falses))
		put(int64(scratched))
		put(int64(res.Horses))
		if t.Mode == house.Solo {
			for _, r := range house.SoloLadder {
				put(b2i(res.Purse[0] >= r.Purse))
			}
			put(b2i(res.Purse[0] > house.SoloRare))
		}
		if n > 1 {
			engine.BotShares(out[k:], t.Bots, pl.shares[:n])
		}
		return nil
	})
}

// b2i is 1 for true.
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
