package play

import (
	"math"
	"math/rand/v2"

	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
)

// deal deals the next hand of the race, or the first of the next race:
// from the hands drawn ahead when there are any, else from a fresh
// shuffle of the cards still to be dealt.
func (s *State) deal(rng *rand.Rand) error {
	g := &s.g
	var seats []int
	if g.Phase() == horserace.PhaseDeal && s.seatsFor == g.Race() {
		seats = s.seats[:s.nseats]
	} else {
		seats = g.Order(s.seats[:0])
		s.nseats = len(seats)
	}
	i := 0
	if g.Phase() == horserace.PhaseDeal {
		for g.Dealt(seats[i]) {
			i++
		}
	}
	if !s.pendingOK {
		s.draw(rng, seats)
	}
	p := seats[i]
	if err := g.Deal(p, &s.pending[p]); err != nil {
		return err
	}
	s.seatsFor = g.Race()
	s.hands = append(s.hands, s.pending[p])
	s.moves = append(s.moves, newMove(notation.KindDeal, p, true, 0, 0, len(s.hands)-1))
	if g.AllDealt() {
		s.pendingOK = false
	}
	return nil
}

// draw shuffles the cards of the race's decks that no deal line holds yet
// and deals them, one at a time, to the seats of the race without a hand,
// from the dealer's left (§3); with evendeal the odd cards are set aside.
// The hands wait in s.pending for their deal lines.
func (s *State) draw(rng *rand.Rand, seats []int) {
	g := &s.g
	if s.pending == nil {
		s.pending = new([horserace.MaxPlayers]horserace.Hand)
	}
	n := len(seats)
	decks := horserace.Decks(n)
	var used [horserace.Highest + 1]int
	open := g.Phase() == horserace.PhaseDeal
	if open {
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			used[h] = g.RankDealt(h)
		}
	}
	// The decks in order, less the cards dealt: the shuffle of a whole
	// deal starts from the same order every time.
	deck := decksInOrder
	c := decks * horserace.DeckCards
	if open {
		c = 0
		for i := range decks * horserace.DeckCards {
			if h := decksInOrder[i]; used[h] > 0 {
				used[h]--
			} else {
				deck[c] = h
				c++
			}
		}
	}
	for j := c - 1; j > 0; j-- {
		k := rng.IntN(j + 1)
		deck[j], deck[k] = deck[k], deck[j]
	}
	var to [horserace.MaxPlayers]int
	m, give := 0, 0
	even := s.header.Rules.Has(horserace.EvenDeal)
	for i, p := range seats {
		if open && g.Dealt(p) {
			continue
		}
		to[m] = p
		m++
		give += horserace.HandSize(n, i, even)
		s.pending[p] = horserace.Hand{}
	}
	for j := range give {
		s.pending[to[j%m]][deck[j]]++
	}
	s.pendingOK = true
}

// decksInOrder are two decks, each rank by rank: the order a shuffle
// starts from.
var decksInOrder = func() (d [horserace.MaxDecks * horserace.DeckCards]int8) {
	i := 0
	for range horserace.MaxDecks {
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			for range horserace.RankPerDeck {
				d[i] = int8(h)
				i++
			}
		}
	}
	return d
}()

// pairsPerDraw rolls of two dice come out of one 64-bit draw: 36^11 is
// below 2^64, so a draw under the largest multiple of it that fits is a
// uniform number of eleven base-36 digits, each a uniform roll.
const (
	pairsPerDraw = 11
	pairsSpan    = 131621703842267136 // 36^11
	pairsLimit   = math.MaxUint64 / pairsSpan * pairsSpan
)

// dice hands out rolls of two dice, exactly uniform, eleven to a draw of a
// generator (a draw past pairsLimit, one in 700, is thrown away).
type dice struct {
	x uint64
	n int
}

// roll throws two dice.
func (d *dice) roll(rng *rand.Rand) (int8, int8) {
	if d.n == 0 {
		d.draw(rng)
	}
	q := d.x / 36
	v := d.x - q*36
	d.x = q
	d.n--
	return faces[v][0], faces[v][1]
}

// faces are the two dice of each of the 36 rolls, in base-36 digit order.
var faces = func() (f [36][2]int8) {
	for v := range f {
		f[v] = [2]int8{int8(v/6 + 1), int8(v%6 + 1)}
	}
	return f
}()

// draw takes the next eleven rolls from rng.
func (d *dice) draw(rng *rand.Rand) {
	for {
		if x := rng.Uint64(); x < pairsLimit {
			d.x, d.n = x%pairsSpan, pairsPerDraw
			return
		}
	}
}

// throw rolls two dice with rng, from the draw in hand when it came from
// rng.
func (s *State) throw(rng *rand.Rand) (int8, int8) {
	d := &s.dice
	if d.n == 0 || rng != s.diceRng {
		s.diceRng = rng
		d.draw(rng)
	}
	q := d.x / 36
	v := d.x - q*36
	d.x = q
	d.n--
	return faces[v][0], faces[v][1]
}
