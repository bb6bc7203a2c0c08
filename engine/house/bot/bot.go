package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"furlong/engine/house"
)

// Bot makes every decision the rules offer one seat. Each method is asked
// only when the race is at the point it names, and answers with a choice
// the engine accepts. A Bot keeps scratch space, so one value must not be
// used by two goroutines at once; it keeps no memory of past races.
type Bot interface {
	// Name is the bot's strength as New knows it.
	Name() string
	// Jockey picks the jockey seat rides when jockeys are on (The Duel).
	Jockey(o *house.Options, seat int, rng *rand.Rand) house.Jockey
	// Wager names the side wager lane, or 0 for none (The Duel and solo),
	// knowing the layout and the jockeys.
	Wager(o *house.Options, seat int, rng *rand.Rand) int
	// Back names the horse seat backs before this roll, or 0 to hold
	// (The Book).
	Back(r *house.Race, seat int, rng *rand.Rand) int
	// Keep is the roller's kept pair: a move or a pass of two of the six
	// dice.
	Keep(r *house.Race, rng *rand.Rand) house.Move
	// Cut splits the four dice left after the keep into two pairs.
	Cut(r *house.Race, rng *rand.Rand) (a, b [2]int8)
	// Play is seat's move in role (chooser, leftover, draft, solo, alone,
	// free), with its strike when the move's slip is an arrow.
	Play(r *house.Race, seat int, role house.Role, rng *rand.Rand) house.Move
}

// Names lists the strengths New knows, weakest first.
var Names = []string{"random", "eager", "greedy", "expert"}

// New returns a fresh bot of the named strength.
func New(name string) (Bot, error) {
	switch strings.ToLower(name) {
	case "random":
		return &Random{}, nil
	case "eager":
		return &Random{Eager: true}, nil
	case "greedy":
		return newPlanner("greedy", false), nil
	case "expert":
		return newPlanner("expert", true), nil
	}
	return nil, fmt.Errorf("unknown bot %q (want %s)", name, strings.Join(Names, ", "))
}

// Strike picks the lane an arrow strikes after move m is written on seat's
// board, the move being otherwise legal: 0 when the slip is no arrow or no
// lane is running. Callers that build moves by hand use it to complete
// them; the bots make the choice themselves.
func Strike(r *house.Race, seat int, m house.Move, rng *rand.Rand) int8 {
	sh := r.Sheet(seat)
	return randomStrike(&sh, m, rng)
}
