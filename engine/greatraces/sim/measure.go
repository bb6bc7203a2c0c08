package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// Metrics are the figures Measure takes of every game at table t, for
// comparing boards and sweeping a number: the game's length in rolls,
// each seat's (column's) points and win (the tie rule leaves one winner;
// engine.WinMetrics), whether the top score was tied, the dead
// rolls after the ninth race closed, whether a short race (2, 3, 11 or
// 12) closed last, and for each race whether it paid 2nd place and what
// it paid in all: the design notes' figures, game by game, as whole
// numbers; then, when the seats hold other bots, each bot's seats' win
// (engine.BotMetrics).
func Metrics(t Table) []engine.Metric {
	ms := []engine.Metric{{Name: "rolls a game", Unit: "rolls", Length: true}}
	ms = append(ms, engine.SeatMetrics(t.Players, "points", "points")...)
	ms = append(ms, engine.WinMetrics(t.Players)...)
	ms = append(ms,
		engine.Metric{Name: "top score tied", Unit: "%"},
		engine.Metric{Name: "dead rolls after the ninth race", Unit: "rolls"},
		engine.Metric{Name: "race 2, 3, 11 or 12 closes last", Unit: "%"},
	)
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		ms = append(ms, engine.Metric{Name: fmt.Sprintf("race %d pays 2nd place", r), Unit: "%"})
	}
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		ms = append(ms, engine.Metric{Name: fmt.Sprintf("race %d pays in all", r), Unit: "points"})
	}
	return append(ms, engine.BotMetrics(t.Bots, t.Players)...)
}

// NewMeasure returns what plays one game at table t and writes its
// Metrics, in order: one a worker, as it keeps its player from game to
// game.
func NewMeasure(t Table) (engine.Measure, error) {
	n := t.Players
	return engine.NewMeasure(t, len(Metrics(t)), newPlayer, func(p *player, rng *rand.Rand, out []int64) error {
		if err := p.play(rng); err != nil {
			return err
		}
		g := &p.game
		f := &g.Final
		k := 0
		put := func(v int64) { out[k] = v; k++ }
		b2i := func(b bool) int64 {
			if b {
				return 1
			}
			return 0
		}
		put(int64(g.Turns))
		for s := range n {
			put(int64(f.Points(s)))
		}
		w := f.Winner()
		wins := out[k : k+n]
		engine.WinShares(wins, func(s int) bool { return s == w })
		k += n
		last := f.Closing(gr.Races - 1)
		put(b2i(g.Tied))
		put(int64(g.DeadAfter))
		put(b2i(last == 2 || last == 3 || last == 11 || last == 12))
		for r := gr.FirstRace; r <= gr.LastRace; r++ {
			put(b2i(f.RaceSecond(r) >= 0))
		}
		for r := gr.FirstRace; r <= gr.LastRace; r++ {
			paid := f.Track(r).First
			if f.RaceSecond(r) >= 0 {
				paid += f.Track(r).Second
			}
			put(int64(paid))
		}
		engine.BotShares(out[k:], t.Bots, wins)
		return nil
	})
}
