package bot

import (
	"testing"

	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/odds"
)

// referenceAct is the greedy bot written plainly: every value from scratch,
// the race's worth summed over every horse and every player, one table read
// at a time. The fast Greedy must choose exactly as it does.
func referenceAct(g *ryb.Game) ryb.Action {
	seat, n := g.Turn(), g.Players()
	tab := odds.For(g.Tables())
	left, goldHorse := odds.Position(g)
	// worth is the race's value to seat less the others' mean, with one
	// more counter of seat's on horse bet (0: none)
	worth := func(f, s *[6]float64, bet int) float64 {
		v := 0.0
		for h := 1; h <= 6; h++ {
			var gold, silver [ryb.MaxPlayers]float64
			shareRow(g, seat, h, h == bet, &gold, &silver)
			for p := range n {
				x := f[h-1]*gold[p] + s[h-1]*silver[p]
				if p == seat {
					v += x
				} else {
					v -= x / float64(n-1)
				}
			}
		}
		return v
	}
	var f, s [6]float64
	tab.Marginals(&left, goldHorse, &f, &s)
	base := worth(&f, &s, 0)
	best, bestV := ryb.CheerFor(1), -1e9
	consider := func(a ryb.Action, v float64) {
		if v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	for h := 1; h <= 6; h++ {
		if g.CanBet(seat, h) {
			consider(ryb.BetOn(h), worth(&f, &s, h))
		}
	}
	if g.CanPass(seat) {
		consider(ryb.PassTurn(), base+ryb.PassPoints)
	}
	for h := 1; h <= 6; h++ {
		if left[h-1] == 0 {
			continue
		}
		var cf, cs [6]float64
		moved := left
		moved[h-1]--
		switch {
		case moved[h-1] > 0:
			tab.Marginals(&moved, goldHorse, &cf, &cs)
		case goldHorse == 0:
			tab.Marginals(&moved, h, &cf, &cs)
		default:
			cf[goldHorse-1], cs[h-1] = 1, 1
		}
		consider(ryb.CheerFor(h), base+cheerMoves*(worth(&cf, &cs, 0)-base))
	}
	return best
}

// TestGreedyAsReference: the fast greedy chooses as the plain one does, in
// every position of random games. (It once read the wrong row of the table
// after a gold, and the figures of the rulebook moved.)
func TestGreedyAsReference(t *testing.T) {
	var fast Greedy
	n := 0
	positions(t, 200, func(g *ryb.Game) {
		n++
		if a, b := referenceAct(g), fast.act(g, nil); a != b {
			t.Fatalf("the plain greedy plays %v, the fast one %v\n%s", a, b, g.String())
		}
	})
	t.Logf("%d positions", n)
}
