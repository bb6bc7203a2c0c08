package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// race is a toy game for the review's tests: two seats take turns; chance
// rolls a die, and the seat whose turn it is moves either the die's pips
// or two. The first to 12 wins.
type race struct {
	pos   [2]int
	next  int
	die   int // the die rolled this turn; 0 before the roll
	turns int
	log   []string
}

func (r *race) Players() []string { return []string{"Ana", "Ben"} }
func (r *race) over() bool        { return r.pos[0] >= 12 || r.pos[1] >= 12 }
func (r *race) Turn() Turn {
	switch {
	case r.over():
		return Turn{Seat: SeatNone}
	case r.die == 0:
		return Turn{Seat: SeatChance, Kind: "roll"}
	}
	return Turn{Seat: r.next, Kind: "move"}
}
func (r *race) Legal(buf []Action) []Action {
	if r.Turn().Seat < 0 {
		return buf
	}
	if r.die == 2 {
		return append(buf, 2)
	}
	return append(buf, Action(r.die), 2)
}
func (r *race) Apply(a Action) error {
	if r.Turn().Seat < 0 || (int(a) != r.die && a != 2) {
		return Violate(nil, "no move %d", a)
	}
	r.pos[r.next] += int(a)
	r.log = append(r.log, fmt.Sprintf("%s %d %d", r.Players()[r.next], r.die, a))
	r.next, r.die = 1-r.next, 0
	return nil
}
func (r *race) Chance(rng *rand.Rand) error { r.die = 1 + rng.IntN(6); r.turns++; return nil }
func (r *race) Choice(a Action) Choice {
	return Choice{Text: fmt.Sprintf("%s %d %d", r.Players()[r.next], r.die, a), Label: fmt.Sprint("move ", a)}
}
func (r *race) Throw() Throw {
	switch t := r.Turn(); {
	case t.Chance():
		return Throw{Kind: "roll", Thrower: r.next, Dice: []Draw{{Seat: r.next}}, Text: r.Players()[r.next] + " " + Slot}
	case t.Over():
		return Throw{}
	}
	return Throw{Kind: "roll", Thrower: r.next, Dice: []Draw{{Seat: r.next, Face: r.die}}}
}
func (r *race) Play(string) error         { return nil }
func (r *race) AppendLog(b []byte) []byte { return append(b, strings.Join(r.log, "\n")...) }
func (r *race) View() any                 { return r.pos }
func (r *race) Clone() State              { c := *r; c.log = append([]string(nil), r.log...); return &c }
func (r *race) Result() (Verdict, error)  { return raceVerdict{r}, nil }

type raceVerdict struct{ r *race }

func (v raceVerdict) Summary() string { return "race" }
func (v raceVerdict) Text() string    { return "race\n" }
func (v raceVerdict) JSON() any       { return v.r.pos }
func (v raceVerdict) Standings() []Standing {
	st := []Standing{{Name: "Ana", Result: v.r.pos[0]}, {Name: "Ben", Result: v.r.pos[1]}}
	if v.r.over() {
		w := 0
		if v.r.pos[1] >= 12 {
			w = 1
		}
		st[w].Place, st[1-w].Place = 1, 2
	}
	return st
}

// raceValuer values a position by the seats' distances to go.
type raceValuer struct{}

func (raceValuer) Value(s State, out []Value) {
	r := s.(*race)
	for p := range out {
		out[p] = Value{Win: float64(r.pos[p]+1) / float64(r.pos[0]+r.pos[1]+2), Points: float64(r.pos[p])}
	}
	if r.over() {
		for p := range out {
			out[p].Win = 0
			if r.pos[p] >= 12 {
				out[p].Win = 1
			}
		}
	}
}

type raceBot struct{}

func (raceBot) Name() string { return "low" }
func (raceBot) Choose(s State, _ *rand.Rand) Action {
	return s.Legal(nil)[len(s.Legal(nil))-1]
}

// raceWalk plays a seeded game in which every decision takes the smaller
// move, reporting each to visit.
func raceWalk(seed uint64) Walk {
	return func(visit func(m *Move) error) (State, error) {
		r := &race{}
		rng := rand.New(rand.NewPCG(seed, 1))
		line := 0
		for !r.over() {
			r.Chance(rng)
			line++
			a := Action(2)
			if err := visit(&Move{Line: line, Turn: r.turns, State: r, Played: a}); err != nil {
				return nil, err
			}
			r.Apply(a)
		}
		return r, nil
	}
}

func TestReviewWeighsEveryChoice(t *testing.T) {
	rep, err := Review(raceWalk(3), raceValuer{}, ReviewOptions{Game: "Race", Rollouts: 20, Bots: func(int) (Bot, error) { return raceBot{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Complete || len(rep.Decisions) == 0 || rep.Turns != len(rep.Chances) {
		t.Fatalf("complete %v, %d decisions, %d turns, %d chances", rep.Complete, len(rep.Decisions), rep.Turns, len(rep.Chances))
	}
	for _, d := range rep.Decisions {
		if d.LossWin < 0 || d.LossPoints < 0 {
			t.Errorf("line %d: negative loss %v %v", d.Line, d.LossWin, d.LossPoints)
		}
		if d.ValueBest.Win < d.ValuePlayed.Win {
			t.Errorf("line %d: best %v worse than played %v", d.Line, d.ValueBest, d.ValuePlayed)
		}
		// Moving more pips is worth more here: playing 2 loses when the die
		// shows more, and is the best on a 1.
		bigger := !strings.Contains(d.Played, " 1 2")
		if bigger == (d.Played == d.Best) {
			t.Errorf("line %d: played %s, best %s", d.Line, d.Played, d.Best)
		}
		if bigger != (d.Rollout != nil) || d.Rollout != nil && d.Rollout.N != 20 {
			t.Errorf("line %d: rollout %+v", d.Line, d.Rollout)
		}
	}
	last := rep.Chances[len(rep.Chances)-1]
	if last[0]+last[1] != 1 {
		t.Errorf("the last turn's chances are the result: %v", last)
	}
	if _, err := json.Marshal(rep.JSON()); err != nil {
		t.Fatal(err)
	}
	text := rep.Text()
	for _, want := range []string{"Race, 2 players", "Players", "Costliest decisions", "Played out"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
}

// choiceValuer weighs each move by what it adds, from the position
// before it, and leaves a move of six out of the weighing: a ChoiceValuer.
type choiceValuer struct{ raceValuer }

func (choiceValuer) ValueChoices(s State, legal []Action, played Action, out [][]Value) {
	r := s.(*race)
	for i, a := range legal {
		for p := range out[i] {
			out[i][p] = Value{Win: 0.5, Points: float64(r.pos[p])}
		}
		out[i][r.next].Points += float64(a)
		out[i][r.next].Win = float64(r.pos[r.next]+int(a)+1) / float64(r.pos[0]+r.pos[1]+int(a)+2)
		if a == 6 {
			out[i][r.next].Points = math.NaN()
		}
	}
}

// TestReviewByChoice: a ChoiceValuer's values are those weighed, a choice
// it leaves out is not, and a decision left with one choice is forced.
func TestReviewByChoice(t *testing.T) {
	rep, err := Review(raceWalk(3), choiceValuer{}, ReviewOptions{Game: "Race"})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Complete || len(rep.Decisions) == 0 || rep.Turns != len(rep.Chances) {
		t.Fatalf("complete %v, %d decisions", rep.Complete, len(rep.Decisions))
	}
	for _, d := range rep.Decisions {
		if strings.Contains(d.Best, " 6 ") || strings.HasSuffix(d.Best, " 6") || d.Choices != 2 {
			t.Errorf("line %d: best %s of %d choices", d.Line, d.Best, d.Choices)
		}
		if d.LossPoints != d.ValueBest.Points-d.ValuePlayed.Points || d.LossPoints < 0 {
			t.Errorf("line %d: %+v", d.Line, d)
		}
	}
	if _, err := Review(raceWalk(3), choiceValuer{}, ReviewOptions{Game: "Race", Rollouts: 5, Bots: func(int) (Bot, error) { return raceBot{}, nil }}); err != nil {
		t.Error(err)
	}
}

// pointsValuer is raceValuer without chances to win.
type pointsValuer struct{ choiceValuer }

func (v pointsValuer) Value(s State, out []Value) {
	v.choiceValuer.Value(s, out)
	for p := range out {
		out[p].Win = math.NaN()
	}
}

func (v pointsValuer) ValueChoices(s State, legal []Action, played Action, out [][]Value) {
	v.choiceValuer.ValueChoices(s, legal, played, out)
	for i := range out {
		for p := range out[i] {
			out[i][p].Win = math.NaN()
		}
	}
}

// TestReviewByPoints: an expert that gives no chance to win is weighed by
// points alone: no loss of win chance, the best is the most points, the
// turn that decided the game is by the lead, and the text and JSON say
// nothing of chances.
func TestReviewByPoints(t *testing.T) {
	rep, err := Review(raceWalk(3), pointsValuer{}, ReviewOptions{Game: "Race", Unit: "$", Lead: 1, Rollouts: 4, Bots: func(int) (Bot, error) { return raceBot{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.NoWin || rep.Chances != nil || len(rep.Decisions) == 0 {
		t.Fatalf("no win %v, chances %v", rep.NoWin, rep.Chances)
	}
	for _, d := range rep.Decisions {
		if d.LossWin != 0 || d.LossPoints < 0 || d.ValueBest.Points < d.ValuePlayed.Points || math.IsNaN(d.ValueBest.Win) {
			t.Errorf("line %d: %+v", d.Line, d)
		}
		if d.LossPoints > 0 && d.Rollout == nil {
			t.Errorf("line %d lost %v and was not played out", d.Line, d.LossPoints)
		}
	}
	js, err := json.Marshal(rep.JSON())
	if err != nil {
		t.Fatal(err)
	}
	for _, no := range []string{`"win_played"`, `"loss_win"`, `"chances"`, `"chance"`} {
		if strings.Contains(string(js), no) {
			t.Errorf("the JSON holds %s: %s", no, js)
		}
	}
	text := rep.Text()
	for _, want := range []string{"The expert gives no chance to win", "Players", "played out"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "win chance") || strings.Contains(text, "%") {
		t.Errorf("the text speaks of chances:\n%s", text)
	}
}

// TestReviewStops: a review asks Stop before each decision and each
// rollout, and ends with Stop's error as soon as it gives one; without
// Stop, or while it gives none, the report is the same.
func TestReviewStops(t *testing.T) {
	bots := func(int) (Bot, error) { return raceBot{}, nil }
	whole, err := Review(raceWalk(3), raceValuer{}, ReviewOptions{Game: "Race", Rollouts: 4, Bots: bots})
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	same, err := Review(raceWalk(3), raceValuer{}, ReviewOptions{Game: "Race", Rollouts: 4, Bots: bots, Stop: func() error { asked++; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if same.Text() != whole.Text() {
		t.Errorf("a Stop that never stops changes the report:\n%s\nwant\n%s", same.Text(), whole.Text())
	}
	rollouts := 0
	for _, d := range whole.Decisions {
		if d.Rollout != nil {
			rollouts += d.Rollout.N
		}
	}
	decisions := 0
	raceWalk(3)(func(*Move) error { decisions++; return nil })
	if want := decisions + rollouts; asked != want || rollouts == 0 {
		t.Errorf("Stop was asked %d times, want %d: once a decision (%d) and once a rollout (%d)", asked, want, decisions, rollouts)
	}
	for _, after := range []int{0, 1, asked / 2, asked - 1} {
		gone := fmt.Errorf("the client has gone")
		n := 0
		rep, err := Review(raceWalk(3), raceValuer{}, ReviewOptions{Game: "Race", Rollouts: 4, Bots: bots, Stop: func() error {
			if n++; n > after {
				return gone
			}
			return nil
		}})
		if !errors.Is(err, gone) || rep != nil {
			t.Errorf("stopped after %d: have %v, %v, want the error Stop gave", after, rep, err)
		}
		if n != after+1 {
			t.Errorf("stopped after %d: Stop was asked %d times after it said stop", after, n-after-1)
		}
	}
}
