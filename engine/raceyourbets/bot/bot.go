package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	ryb "furlong/engine/raceyourbets"
)

// Bot chooses the action of the seat whose turn it is.
type Bot interface {
	// Name is the bot's strength as New knows it.
	Name() string
	// Act returns a legal action for g.Turn() in game g, which is not over.
	Act(g *ryb.Game, rng *rand.Rand) ryb.Action
}

// Names lists the strengths New knows, weakest first.
var Names = []string{"random", "greedy", "expert"}

// New returns a fresh bot of the named strength.
func New(name string) (Bot, error) {
	switch strings.ToLower(name) {
	case "random":
		return &Random{}, nil
	case "greedy":
		return &Greedy{}, nil
	case "expert":
		return NewExpert(), nil
	}
	return nil, fmt.Errorf("unknown bot %q (want %s)", name, strings.Join(Names, ", "))
}

// Legal lists the legal actions of seat in g into buf and returns them:
// bets with a space, then the pass, then a cheer for each horse, then the
// turn with no action (only when a pass is not allowed).
func Legal(g *ryb.Game, seat int, buf []ryb.Action) []ryb.Action {
	buf = buf[:0]
	for h := 1; h <= ryb.Horses; h++ {
		if g.CanBet(seat, h) {
			buf = append(buf, ryb.BetOn(h))
		}
	}
	canPass := g.CanPass(seat)
	if canPass {
		buf = append(buf, ryb.PassTurn())
	}
	for h := 1; h <= ryb.Horses; h++ {
		buf = append(buf, ryb.CheerFor(h))
	}
	if !canPass {
		buf = append(buf, ryb.EarlyRoll())
	}
	return buf
}

// Random picks uniformly among the legal actions.
type Random struct {
	buf [2*ryb.Horses + 2]ryb.Action
}

// Name returns "random".
func (*Random) Name() string { return "random" }

// Act picks a legal action at random.
func (r *Random) Act(g *ryb.Game, rng *rand.Rand) ryb.Action {
	acts := Legal(g, g.Turn(), r.buf[:0])
	return acts[rng.IntN(len(acts))]
}
