package bot

import (
	"math/rand/v2"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/play"
)

// Names lists the strengths New knows, weakest first: the bots the game's
// table seats.
var Names = func() []string {
	t, _ := play.Table("")
	return t.Bots
}()

// New returns a fresh bot of the named strength.
func New(name string) (engine.Bot, error) {
	switch strings.ToLower(name) {
	case "random":
		return &Random{}, nil
	case "greedy":
		return &Greedy{}, nil
	case "expert":
		return NewExpert(), nil
	}
	t, _ := play.Table("")
	return nil, t.CheckBot(name)
}

// actor is a bot as the rules see it: act picks the action of the seat
// whose turn it is in g.
type actor interface {
	act(g *ryb.Game, rng *rand.Rand) ryb.Action
}

// choose is the Choose of a bot that weighs its actions: the action a
// picks in the game of s, when s is the game's own State (the bots' fast
// path), and otherwise a legal action at random. The call through actor
// is nothing beside the weighing (the greedy and expert bots; Random
// takes its fast path itself).
func choose(a actor, s engine.State, rng *rand.Rand) engine.Action {
	if st, ok := s.(*play.State); ok {
		return play.Encode(a.act(st.Game(), rng))
	}
	return anyLegal(s, rng)
}

// anyLegal is a legal action of s at random: what a bot plays on a state
// that is not the game's own.
func anyLegal(s engine.State, rng *rand.Rand) engine.Action {
	var buf [2*ryb.Horses + 2]engine.Action
	legal := s.Legal(buf[:0])
	return legal[rng.IntN(len(legal))]
}

// Random picks uniformly among the legal actions.
type Random struct {
	buf [2*ryb.Horses + 2]ryb.Action
}

// Name returns "random".
func (*Random) Name() string { return "random" }

// Choose picks a legal action at random. It is choose written out with
// Random's own act, which is a few instructions, inlined here: a call
// through choose's interface costs a game of random bots 1.8% more
// instructions.
func (r *Random) Choose(s engine.State, rng *rand.Rand) engine.Action {
	if st, ok := s.(*play.State); ok {
		return play.Encode(r.act(st.Game(), rng))
	}
	return anyLegal(s, rng)
}

func (r *Random) act(g *ryb.Game, rng *rand.Rand) ryb.Action {
	acts := g.Legal(g.Turn(), r.buf[:0])
	return acts[rng.IntN(len(acts))]
}
