package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
)

// strategy makes every decision the rules offer one seat, read from the
// race (the engine's fast path) rather than from the protocol's list of
// choices. Each method is asked only when the race is at the point it
// names, and answers with a choice the engine accepts, in the form the
// play protocol lists it. A strategy keeps scratch space, so one value
// must not be used by two goroutines at once; it keeps no memory of past
// races.
type strategy interface {
	// Jockey picks the jockey seat rides when the riders choose (The
	// Duel).
	Jockey(o *house.Options, seat int, rng *rand.Rand) house.Jockey
	// Wager names the side wager lane, or 0 for none (The Duel and solo),
	// knowing the layout and the jockeys.
	Wager(o *house.Options, seat int, rng *rand.Rand) int
	// Back names the horse seat backs before this roll, or 0 to hold
	// (The Book).
	Back(r *house.Race, seat int, rng *rand.Rand) int
	// Keep is the roller's kept pair: a move or a pass of two of the six
	// dice (play.MoveAction).
	Keep(r *house.Race, rng *rand.Rand) engine.Action
	// Cut splits the four dice left after the keep into two pairs
	// (play.CutAction).
	Cut(r *house.Race, rng *rand.Rand) engine.Action
	// Play is seat's move in role (chooser, leftover, draft, solo, alone,
	// free), with its strike when the move's slip is an arrow
	// (play.MoveAction).
	Play(r *house.Race, seat int, role house.Role, rng *rand.Rand) engine.Action
}

// Names lists the strengths New knows, weakest first: the bots the play
// protocol's tables seat.
var Names = func() []string {
	t, _ := play.Table("")
	return t.Bots
}()

// New returns a fresh bot of the named strength: random (uniform over the
// legal choices), eager (random, never refusing a pair that goes), greedy
// or expert.
func New(name string) (engine.Bot, error) {
	var s strategy
	switch strings.ToLower(name) {
	case "random":
		s = &random{}
	case "eager":
		s = &random{eager: true}
	case "greedy":
		s = newPlanner("greedy", false)
	case "expert":
		s = newPlanner("expert", true)
	default:
		return nil, fmt.Errorf("unknown bot %q (want %s)", name, strings.Join(Names, ", "))
	}
	return &chooser{name: strings.ToLower(name), s: s}, nil
}

// chooser is one of the house game's bots, as New makes it: an engine.Bot
// that chooses through the play protocol. On a house game's state (a
// *play.State) it reads the race inside it and decides with its own
// strategy, answering one of the protocol's legal actions; on any other
// state it picks a legal choice at random.
type chooser struct {
	name string
	s    strategy
	o    house.Options // the options a jockey or wager is chosen knowing, kept here: a pointer to a local would escape
}

// Name is the bot's strength, as New knows it.
func (b *chooser) Name() string { return b.name }

// Choose returns the bot's choice for the seat whose turn it is on s.
func (b *chooser) Choose(s engine.State, rng *rand.Rand) engine.Action {
	ps, ok := s.(*play.State)
	if !ok {
		var buf [64]engine.Action
		legal := s.Legal(buf[:0])
		if len(legal) == 0 {
			return -1
		}
		return legal[rng.IntN(len(legal))]
	}
	r := ps.Race()
	switch ps.Stage() {
	case play.StageJockey:
		b.o = ps.Options()
		return engine.Action(b.s.Jockey(&b.o, ps.Seat(), rng))
	case play.StageWager:
		b.o = ps.Options()
		return engine.Action(b.s.Wager(&b.o, ps.Seat(), rng))
	case play.StageBack:
		return engine.Action(b.s.Back(r, ps.Seat(), rng))
	case play.StageKeep:
		return b.s.Keep(r, rng)
	case play.StageCut:
		return b.s.Cut(r, rng)
	case play.StageMove:
		p, role := r.Next()
		return b.s.Play(r, p, role, rng)
	}
	return -1
}
