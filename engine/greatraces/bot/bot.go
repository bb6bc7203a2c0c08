package bot

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
)

// Names lists the bots New knows, weakest first: the play protocol's
// table seats them.
var Names = func() []string {
	t, _ := play.Table("")
	return t.Bots
}()

// New returns a fresh bot of the named kind (in any case).
func New(name string) (engine.Bot, error) {
	t, _ := play.Table("")
	name = strings.ToLower(name)
	if err := t.CheckBot(name); err != nil {
		return nil, err
	}
	switch name {
	case "random":
		return Random{}, nil
	case "greedy":
		return &Greedy{}, nil
	case "expert":
		return &Expert{}, nil
	}
	return nil, fmt.Errorf("the table seats bot %s, which this package does not make", name)
}

// turn is what a bot needs of the state to choose, as Split takes it: the
// game, the dice thrown, and rng passed on. For the game's own State it is
// read in place, with no copy; any other engine.State is read again from
// its log, which a game on a designer's board cannot be (its log holds the
// variant's digest, not its numbers): such a game is driven through its
// own *play.State.
func turn(s engine.State, rng *rand.Rand) (*gr.Game, [gr.Dice]int8, *rand.Rand) {
	if ps, ok := s.(*play.State); ok {
		d, _ := ps.Dice()
		return ps.Game(), d, rng
	}
	ps, err := play.Read(bytes.NewReader(s.AppendLog(nil)))
	if err != nil {
		panic(fmt.Sprintf("bot: the state's log does not read back: %v", err))
	}
	var st notation.Statement
	h := notation.Header{Names: ps.Players(), Board: ps.Board()}
	if legal := s.Legal(nil); len(legal) > 0 {
		if err := notation.ParseStatement(&h, s.Choice(legal[0]).Text, &st); err != nil {
			panic(fmt.Sprintf("bot: a choice does not read back: %v", err))
		}
	}
	return ps.Game(), st.Dice, rng
}

// Random picks one of the three splits, and the order of its pairs, at
// random.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose picks a split at random, as Split does.
func (r Random) Choose(s engine.State, rng *rand.Rand) engine.Action {
	if ps, ok := s.(*play.State); ok {
		return ps.Offer(rng.IntN(6))
	}
	return play.ActionOf(r.Split(turn(s, rng)))
}

// Split picks a split of dice at random: one of the three pairings, and
// the order of its pairs, each as likely.
func (Random) Split(_ *gr.Game, dice [gr.Dice]int8, rng *rand.Rand) gr.Move {
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
// be real (1-6): the lists are worked out once for every throw, and the
// list returned is that table's, to read and not to change.
func candidates(dice [gr.Dice]int8) []gr.Move {
	c := &candidateTable[int(dice[0]-1)*216+int(dice[1]-1)*36+int(dice[2]-1)*6+int(dice[3]-1)]
	return c.moves[:c.n]
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
