package testkit

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
)

// Protocol is what the play protocol's test needs of a game.
type Protocol struct {
	// New starts game i of the test: a table the game seats, from the
	// seeded rng (table size, mode and options may vary with i).
	New func(i int, rng *rand.Rand) (engine.State, error)
	// Judge is the game's referee: every log the protocol writes must be
	// one it accepts, with the result the protocol gives.
	Judge Judge
	// MaxSteps bounds one game's decisions and chance events.
	MaxSteps int
	// Check, when not nil, is told each finished game's log and verdict,
	// for a game's own checks (its independent oracle, say).
	Check func(t *testing.T, i int, log []byte, v engine.Verdict)
}

// PlayRandom plays games games through the protocol, every decision a
// uniformly random legal choice and chance from a seeded generator, and
// checks at every step what every game's protocol promises:
//
//   - a seat to act has legal choices, chance and the end have none;
//   - every legal choice has a log text, a label and no duplicate text,
//     and reading its text back with Play does what Apply does (the same
//     log after it);
//   - an action that is not legal is refused, leaving the state as it was;
//   - a clone is independent of the state it was cloned from;
//   - at chance's turn, Throw says what is thrown and the statement that
//     enters it, which Play takes with any values the throw allows and
//     refuses with a die of 7 (a draw of a face it does not have, a card
//     more than the deck holds), a value left out or a hand of the wrong
//     size (CheckThrow); at a decision it enters nothing, and the dice it
//     shows are dice;
//   - the log so far is one the referee accepts (partial while the game
//     runs), with the result the protocol gives;
//   - the game ends within MaxSteps.
//
// The full checks run on every step of the first few games and on a
// sample of steps after that, so that thousands of games stay quick.
func PlayRandom(t *testing.T, p Protocol, games int) {
	t.Helper()
	var buf []engine.Action
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 0x7e57))
		s, err := p.New(i, rng)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		thorough := i < 8
		steps := 0
		for ; !s.Turn().Over(); steps++ {
			if steps >= p.MaxSteps {
				t.Fatalf("game %d has not ended after %d steps:\n%s", i, steps, s.AppendLog(nil))
			}
			t0 := s.Turn()
			buf = s.Legal(buf[:0])
			if t0.Chance() {
				if len(buf) != 0 {
					t.Fatalf("game %d step %d: %d legal choices at chance's turn", i, steps, len(buf))
				}
				if thorough || rng.IntN(16) == 0 {
					CheckThrow(t, s, rng, fmt.Sprintf("game %d step %d (%v)", i, steps, t0))
				}
				if err := s.Chance(rng); err != nil {
					t.Fatalf("game %d step %d: chance: %v", i, steps, err)
				}
				continue
			}
			if len(buf) == 0 {
				t.Fatalf("game %d step %d: %v has no legal choice:\n%s", i, steps, t0, s.AppendLog(nil))
			}
			if thorough || rng.IntN(16) == 0 {
				where := fmt.Sprintf("game %d step %d (%v)", i, steps, t0)
				checkStep(t, p, s, buf, where)
				checkShown(t, s, where)
			}
			a := buf[rng.IntN(len(buf))]
			if err := s.Apply(a); err != nil {
				t.Fatalf("game %d step %d: a legal choice %q is refused: %v", i, steps, s.Choice(a).Text, err)
			}
		}
		if len(s.Legal(buf[:0])) != 0 {
			t.Fatalf("game %d: legal choices after the end", i)
		}
		log := s.AppendLog(nil)
		v := judgeLog(t, p, s, log, fmt.Sprintf("game %d at its end", i), false)
		if p.Check != nil && v != nil {
			p.Check(t, i, log, v)
		}
	}
}

// checkStep checks one decision point of s, whose legal choices are legal.
func checkStep(t *testing.T, p Protocol, s engine.State, legal []engine.Action, where string) {
	t.Helper()
	before := s.AppendLog(nil)
	texts := map[string]bool{}
	for _, a := range legal {
		c := s.Choice(a)
		if c.Text == "" || c.Label == "" {
			t.Fatalf("%s: choice %d has text %q and label %q", where, a, c.Text, c.Label)
		}
		if texts[c.Text] {
			t.Fatalf("%s: two legal choices write %q", where, c.Text)
		}
		texts[c.Text] = true
		x, y := s.Clone(), s.Clone()
		if err := x.Apply(a); err != nil {
			t.Fatalf("%s: %q refused on a clone: %v", where, c.Text, err)
		}
		if err := y.Play(c.Text); err != nil {
			t.Fatalf("%s: %q read back: %v", where, c.Text, err)
		}
		if lx, ly := x.AppendLog(nil), y.AppendLog(nil); !bytes.Equal(lx, ly) || x.Turn() != y.Turn() {
			t.Fatalf("%s: Apply and Play of %q differ:\n%s\n--- and ---\n%s", where, c.Text, lx, ly)
		}
	}
	if !bytes.Equal(s.AppendLog(nil), before) {
		t.Fatalf("%s: playing on clones changed the state", where)
	}
	// An action that is not legal is refused, and changes nothing.
	for _, a := range []engine.Action{-1, slices.Max(legal) + 1, 1 << 30} {
		if slices.Contains(legal, a) {
			continue
		}
		if err := s.Apply(a); err == nil {
			t.Fatalf("%s: action %d is not legal but was played", where, a)
		} else if _, ok := engine.AsViolation(err); !ok {
			if _, ok := engine.AsError(err); !ok {
				t.Fatalf("%s: action %d refused with %T, want a *engine.Violation: %v", where, a, err, err)
			}
		}
		if !bytes.Equal(s.AppendLog(nil), before) {
			t.Fatalf("%s: a refused action changed the log", where)
		}
	}
	judgeLog(t, p, s, before, where, true)
}

// judgeLog judges the log of s and wants the referee's verdict to be the
// protocol's result.
func judgeLog(t *testing.T, p Protocol, s engine.State, log []byte, where string, partial bool) engine.Verdict {
	t.Helper()
	v, err := p.Judge(bytes.NewReader(log), engine.JudgeOptions{Partial: partial})
	if err != nil {
		t.Fatalf("%s: the referee refuses the protocol's log: %v\n%s", where, err, log)
	}
	r, err := s.Result()
	if err != nil {
		t.Fatalf("%s: result: %v", where, err)
	}
	if r.Text() != v.Text() {
		t.Fatalf("%s: the protocol's result:\n%s\nthe referee's:\n%s", where, r.Text(), v.Text())
	}
	return v
}

// CheckThrow checks what s, at chance's turn, says of its throw
// (engine.State.Throw), on clones of s: the throw is the turn's, its
// statement has a slot for each die and the hand, Play takes the
// statement written with values the throw allows (drawn from rng) and
// reads them back, and refuses it, leaving the state as it was, with an
// *engine.Error naming a rule when a die shows 7 (a draw a face it does
// not have), a value is left out, or a hand holds a card more of a rank
// than the deck does or a card fewer than its size.
func CheckThrow(t *testing.T, s engine.State, rng *rand.Rand, where string) {
	t.Helper()
	th := s.Throw()
	turn := s.Turn()
	n := len(s.Players())
	switch {
	case !th.Chance():
		t.Fatalf("%s: chance's turn, and its throw has no statement to enter: %+v", where, th)
	case th.Kind != turn.Kind:
		t.Fatalf("%s: the throw is a %q, the turn a %q", where, th.Kind, turn.Kind)
	case th.Thrower != engine.SeatChance && (th.Thrower < 0 || th.Thrower >= n):
		t.Fatalf("%s: thrown by seat %d of %d", where, th.Thrower, n)
	}
	hand := 0
	if th.Hand != nil {
		hand = 1
		h := th.Hand
		left := 0
		for _, l := range h.Left {
			left += l
		}
		if len(h.Ranks) != len(h.Left) || h.Size < 1 || left < h.Size || h.Seat < 0 || h.Seat >= n {
			t.Fatalf("%s: a hand that cannot be dealt: %+v", where, *h)
		}
	}
	if slots := th.Slots(); slots != len(th.Dice)+hand || slots == 0 {
		t.Fatalf("%s: %q has %d slots for %d dice and %d hands", where, th.Text, slots, len(th.Dice), hand)
	}
	for _, d := range th.Dice {
		if d.Face != 0 || d.Use != "" || d.Seat != engine.SeatChance && (d.Seat < 0 || d.Seat >= n) {
			t.Fatalf("%s: a die to throw that shows something: %+v", where, d)
		}
	}
	before := s.AppendLog(nil)
	values := func() []string {
		var vs []string
		for _, d := range th.Dice {
			if d.Faces != nil {
				vs = append(vs, d.Faces[rng.IntN(len(d.Faces))])
			} else {
				vs = append(vs, fmt.Sprint(1+rng.IntN(6)))
			}
		}
		if th.Hand != nil {
			vs = append(vs, dealHand(th.Hand, rng, 0, 0))
		}
		return vs
	}
	// Any throw the description allows is taken, and read back.
	vs := values()
	text, err := th.Statement(vs...)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if back, ok := th.Values(text); !ok || !slices.Equal(back, vs) {
		t.Fatalf("%s: %q reads back as %q (%v), not %q", where, text, back, ok, vs)
	}
	c := s.Clone()
	if err := c.Play(text); err != nil {
		t.Fatalf("%s: the throw %q is refused: %v", where, text, err)
	}
	if after := c.Throw(); c.Turn() == turn && bytes.Equal(c.AppendLog(nil), before) && after.Text == th.Text {
		t.Fatalf("%s: the throw %q changed nothing", where, text)
	}
	// What it does not allow is refused with check's kind of error.
	refused := func(what, text string) {
		t.Helper()
		c := s.Clone()
		err := c.Play(text)
		e, ok := engine.AsError(err)
		switch {
		case err == nil:
			t.Fatalf("%s: %s, %q, is played", where, what, text)
		case !ok || e.Rule == nil || e.Msg == "":
			t.Fatalf("%s: %s, %q, is refused with %T %v, want an *engine.Error with a rule", where, what, text, err, err)
		case !bytes.Equal(c.AppendLog(nil), before) || c.Turn() != turn:
			t.Fatalf("%s: %s, %q, is refused and changes the game", where, what, text)
		}
	}
	if len(th.Dice) > 0 {
		bad := slices.Clone(vs)
		bad[0] = "7"
		if th.Dice[0].Faces != nil {
			bad[0] = "nobody"
		}
		text, _ := th.Statement(bad...)
		refused("a die of 7", text)
	}
	short := strings.Replace(th.Text, " "+engine.Slot, "", 1)
	if short == th.Text {
		short = strings.Replace(th.Text, engine.Slot, "", 1)
	}
	sh := engine.Throw{Kind: th.Kind, Text: short}
	if text, err := sh.Statement(vs[:len(vs)-1]...); err == nil {
		refused("a value left out", text)
	}
	if h := th.Hand; h != nil {
		for r, l := range h.Left {
			if l < h.Size {
				text, _ := th.Statement(append(slices.Clone(vs[:len(vs)-1]), dealHand(h, rng, r+1, 0))...)
				refused("a card more of rank "+h.Ranks[r]+" than the deck holds", text)
				break
			}
		}
		text, _ := th.Statement(append(slices.Clone(vs[:len(vs)-1]), dealHand(h, rng, 0, 1))...)
		refused("a hand a card short", text)
	}
	if !bytes.Equal(s.AppendLog(nil), before) || s.Turn() != turn {
		t.Fatalf("%s: playing throws on clones changed the state", where)
	}
}

// dealHand deals a hand of h at random, its cards as a deal writes them:
// h.Size cards, less short, within what the deck holds of each rank; with
// over (a rank's index plus one) that rank's whole stock and one more
// first.
func dealHand(h *engine.Hand, rng *rand.Rand, over, short int) string {
	left := slices.Clone(h.Left)
	var cards []string
	if over > 0 {
		for range left[over-1] + 1 {
			cards = append(cards, h.Ranks[over-1])
		}
		left[over-1] = 0
	}
	for len(cards) < h.Size-short {
		r := rng.IntN(len(left))
		if left[r] == 0 {
			continue
		}
		left[r]--
		cards = append(cards, h.Ranks[r])
	}
	return strings.Join(cards, " ")
}

// checkShown checks the throw a decision shows: nothing to enter, and
// dice that show a face.
func checkShown(t *testing.T, s engine.State, where string) {
	t.Helper()
	th := s.Throw()
	if th.Chance() || th.Hand != nil {
		t.Fatalf("%s: a decision, and its throw is one to enter: %+v", where, th)
	}
	for _, d := range th.Dice {
		if d.Face < 1 || d.Face > 6 {
			t.Fatalf("%s: a die the decision is about shows %d: %+v", where, d.Face, th)
		}
	}
}
