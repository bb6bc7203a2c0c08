package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	gr "furlong/engine/greatraces"
)

// Bot chooses the split a seat uses for the dice it threw. A Bot keeps
// scratch space, so one value must not be used by two goroutines at once;
// it keeps no memory from one game to the next.
type Bot interface {
	// Name is the bot's name as New knows it.
	Name() string
	// Choose returns the move for the seat whose turn it is in g, which
	// threw dice: one of the splits of dice, its pairs in the order to use
	// them. g is not changed.
	Choose(g *gr.Game, dice [gr.Dice]int8, rng *rand.Rand) gr.Move
}

// Names lists the bots New knows, weakest first.
var Names = []string{"random", "greedy", "expert"}

// New returns a fresh bot of the named kind.
func New(name string) (Bot, error) {
	switch strings.ToLower(name) {
	case "random":
		return Random{}, nil
	case "greedy":
		return &Greedy{}, nil
	case "expert":
		return &Expert{}, nil
	}
	return nil, fmt.Errorf("unknown bot %q (want %s)", name, strings.Join(Names, ", "))
}

// Random picks one of the three splits, and the order of its pairs, at
// random.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose picks a split at random.
func (Random) Choose(_ *gr.Game, dice [gr.Dice]int8, rng *rand.Rand) gr.Move {
	k := rng.IntN(6)
	m := gr.Splits(dice)[k/2]
	if k%2 == 1 {
		m = m.Swap()
	}
	return m
}

// candidates lists the distinct splits of dice: two splits that feed the
// same races (in either order) leave the same sheet, so only one is kept.
// The order of a split's pairs never changes the sheet either: a pair lost
// to a race the other pair closed is lost both ways round. The dice must
// be real (1-6): the lists are worked out once for every throw.
func candidates(dice [gr.Dice]int8, out *[3]gr.Move) int {
	c := &candidateTable[int(dice[0]-1)*216+int(dice[1]-1)*36+int(dice[2]-1)*6+int(dice[3]-1)]
	*out = c.moves
	return int(c.n)
}

// candidateTable holds candidates for each of the 1,296 ordered throws.
var candidateTable = func() (t [1296]struct {
	moves [3]gr.Move
	n     int8
}) {
	for i := range t {
		d := [gr.Dice]int8{int8(i/216) + 1, int8(i/36%6) + 1, int8(i/6%6) + 1, int8(i%6) + 1}
		t[i].n = int8(distinctSplits(d, &t[i].moves))
	}
	return t
}()

// distinctSplits is candidates worked out from the dice.
func distinctSplits(dice [gr.Dice]int8, out *[3]gr.Move) int {
	n := 0
	for _, s := range gr.Splits(dice) {
		a, b := s.A.Sum(), s.B.Sum()
		dup := false
		for _, c := range out[:n] {
			ca, cb := c.A.Sum(), c.B.Sum()
			if ca == a && cb == b || ca == b && cb == a {
				dup = true
				break
			}
		}
		if !dup {
			out[n] = s
			n++
		}
	}
	return n
}
