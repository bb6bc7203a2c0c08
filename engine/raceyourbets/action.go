package raceyourbets

import "fmt"

// Kind is the kind of a turn's action.
type Kind uint8

// The actions. Early is the turn with no action: a player who rolled
// before acting when a pass was not allowed.
const (
	Bet Kind = iota + 1
	Pass
	Cheer
	Early
)

var kindNames = [...]string{"", "bet", "pass", "cheer", "early roll"}

// String returns the action's keyword ("bet", "pass", "cheer"), or "early
// roll" for the turn with no action.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Action is what a player does before rolling: its kind and, for a bet or
// a cheer, the horse (1-6).
type Action struct {
	Kind  Kind
	Horse int8
}

// BetOn, PassTurn, CheerFor and EarlyRoll make the four actions.
func BetOn(h int) Action    { return Action{Bet, int8(h)} }
func PassTurn() Action      { return Action{Kind: Pass} }
func CheerFor(h int) Action { return Action{Cheer, int8(h)} }
func EarlyRoll() Action     { return Action{Kind: Early} }

// String writes the action as the notation does, without the player and
// the roll: "bet 3", "pass", "cheer 4"; the early roll is "".
func (a Action) String() string {
	switch a.Kind {
	case Bet, Cheer:
		return fmt.Sprintf("%s %d", a.Kind, a.Horse)
	case Pass:
		return "pass"
	}
	return ""
}

// Dice is a roll: die A, then die B, each 1-6.
type Dice [2]int8

// Valid reports whether each die shows 1 to 6.
func (d Dice) Valid() bool { return d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= 6 }

// String writes the roll as the notation does, die A first: "46".
func (d Dice) String() string { return string([]byte{'0' + byte(d[0]), '0' + byte(d[1])}) }
