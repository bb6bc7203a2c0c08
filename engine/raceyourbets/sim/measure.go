package sim

import (
	"math/rand/v2"

	"furlong/engine"
)

// Metrics are the figures Measure takes of every game at table t, in
// order: the game's length in rolls and in races, the points
// from passing and all the points scored (whose ratio is the design
// notes' share from passing), whether the win was shared, then each
// seat's points and its win (a shared win split among the players in it,
// engine.WinMetrics), and when the seats hold other bots each bot's
// seats' win (engine.BotMetrics).
func Metrics(t Table) []engine.Metric {
	players := t.Players
	ms := []engine.Metric{
		{Name: "rolls a game", Unit: "rolls", Length: true},
		{Name: "races a game", Unit: "races"},
		{Name: "points from passing", Unit: "points"},
		{Name: "points scored", Unit: "points"},
		{Name: "shared wins", Unit: "%"},
	}
	ms = append(ms, engine.SeatMetrics(players, "points", "points")...)
	ms = append(ms, engine.WinMetrics(players)...)
	return append(ms, engine.BotMetrics(t.Bots, players)...)
}

// NewMeasure returns a Measure that plays one game at table t with the
// generator it is given, as Run plays game i, and writes Metrics into its
// out: game i of a comparison on the same seed has the dice and the bots'
// choices of game i of a run. Each worker needs its own.
func NewMeasure(t Table) (engine.Measure, error) {
	return engine.NewMeasure(t, len(Metrics(t)), newPlayer, func(p *player, rng *rand.Rand, out []int64) error {
		if err := p.play(rng); err != nil {
			return err
		}
		g := p.s.Game()
		n := g.Players()
		lead := g.Leaders()
		k := int64(0)
		var passes, all int64
		for s := range n {
			pa, _, _ := g.Breakdown(s)
			passes += int64(pa)
			all += int64(g.Points(s))
			out[5+s] = int64(g.Points(s))
			if lead&(1<<s) != 0 {
				k++
			}
		}
		engine.WinShares(out[5+n:5+2*n], func(s int) bool { return lead&(1<<s) != 0 })
		engine.BotShares(out[5+2*n:], t.Bots, out[5+n:5+2*n])
		out[0], out[1], out[2], out[3] = int64(g.Turns()), int64(p.races), passes, all
		out[4] = 0
		if k > 1 {
			out[4] = 1
		}
		return nil
	})
}
