package testkit

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
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
				if err := s.Chance(rng); err != nil {
					t.Fatalf("game %d step %d: chance: %v", i, steps, err)
				}
				continue
			}
			if len(buf) == 0 {
				t.Fatalf("game %d step %d: %v has no legal choice:\n%s", i, steps, t0, s.AppendLog(nil))
			}
			if thorough || rng.IntN(16) == 0 {
				checkStep(t, p, s, buf, fmt.Sprintf("game %d step %d (%v)", i, steps, t0))
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
