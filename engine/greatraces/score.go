package greatraces

import (
	"iter"
	"math/bits"
	"strconv"

	"furlong/engine"
)

// RaceSet is a set of races, one bit per race.
type RaceSet uint16

// Add returns the set with race in it.
func (s RaceSet) Add(race int) RaceSet { return s | 1<<(race-FirstRace) }

// Has reports whether race is in the set.
func (s RaceSet) Has(race int) bool { return s&(1<<(race-FirstRace)) != 0 }

// Len is the number of races in the set.
func (s RaceSet) Len() int { return bits.OnesCount16(uint16(s)) }

// All yields the races of the set in ascending order.
func (s RaceSet) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for r := FirstRace; r <= LastRace; r++ {
			if s.Has(r) && !yield(r) {
				return
			}
		}
	}
}

// Slice lists the races of the set in ascending order; never nil.
func (s RaceSet) Slice() []int {
	out := make([]int, 0, s.Len())
	for r := range s.All() {
		out = append(out, r)
	}
	return out
}

// String lists the races: "2, 4 and 10", or "none".
func (s RaceSet) String() string {
	var rs []string
	for r := range s.All() {
		rs = append(rs, strconv.Itoa(r))
	}
	if len(rs) == 0 {
		return "none"
	}
	return engine.And(rs)
}

// AllRaces is the set of the eleven races.
const AllRaces RaceSet = 1<<Races - 1

// OpenRaces is the set of races still open.
func (g *Game) OpenRaces() RaceSet { return g.open }

// Breakdown is one player's score: the points of the races they won and
// of those where they took 2nd place.
type Breakdown struct {
	First  int     // 1st-place points
	Second int     // 2nd-place points
	Won    RaceSet // races won
	Placed RaceSet // races where they took 2nd place
}

// Points is the player's score.
func (b Breakdown) Points() int { return b.First + b.Second }

// Points is seat's score so far.
func (g *Game) Points(seat int) int { return int(g.first[seat]) + int(g.seconds[seat]) }

// Breakdown is seat's score so far, item by item.
func (g *Game) Breakdown(seat int) Breakdown {
	b := Breakdown{First: int(g.first[seat]), Second: int(g.seconds[seat])}
	for r := range g.winner {
		if int(g.winner[r]) == seat+1 {
			b.Won = b.Won.Add(r + FirstRace)
		}
		if int(g.second[r]) == seat+1 {
			b.Placed = b.Placed.Add(r + FirstRace)
		}
	}
	return b
}

// Leader is the seat with the most points so far, the later seat among
// those tied: the winner, once the game is over.
func (g *Game) Leader() int {
	best := 0
	for s := 1; s < int(g.players); s++ {
		if g.Points(s) >= g.Points(best) {
			best = s
		}
	}
	return best
}

// Winner is the seat that won the game, or -1 while it is not over.
func (g *Game) Winner() int {
	if !g.Over() {
		return -1
	}
	return g.Leader()
}
