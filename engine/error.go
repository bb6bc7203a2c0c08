package engine

import (
	"errors"
	"fmt"
)

// Rule names the rule of a game that a problem breaks. Each game has one
// small enum of rules, a table of names and chapters in its engine
// package: String is the rule's short name ("split"), Chapter the heading
// of the game's own rulebook that explains it ("A turn"). The command line
// prints the chapter after the message, "(rulebook: A turn)"; no message
// names a section of a specification the player does not have.
type Rule interface {
	String() string
	Chapter() string
}

// Part says what of a game a violation concerns beyond the action being
// played: a statement of the setup, or a part of a finished sheet. Each
// game names its own parts as constants of this type; the zero Part is the
// action being played. A referee maps a violation's Part, Seat and Lane to
// the line of the file that wrote it, never the words of its message.
type Part uint8

// PartAction is the action being played: the statement in hand.
const PartAction Part = 0

// Violation is what a game's rules say of an action, a setup or a sheet
// that breaks one: the rule, the words, and what it concerns. A game's
// engine returns it; its referee turns it into an *Error on the line that
// wrote it, naming the players.
//
// Its message names seats with [SeatName] values, which read "seat 2"
// until Describe gives the players' names.
type Violation struct {
	Rule Rule
	Part Part
	Seat int // the seat concerned; -1 for none
	Lane int // the lane, race or horse concerned, in the game's numbering; 0 for none
	// Hint, when not empty, says what would have been legal; it follows the
	// message after "; ".
	Hint string

	format string
	args   []any
}

// Violate makes a violation of rule about the action being played. Its
// message is fmt's format and args; a [SeatName] among args is a seat
// named as the caller of Describe knows it.
func Violate(rule Rule, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Seat: -1, format: format, args: args}
}

// About makes a violation of rule that concerns part of seat's setup or
// sheet (seat -1 for none).
func About(rule Rule, part Part, seat int, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Part: part, Seat: seat, format: format, args: args}
}

// SeatName is a seat named in a violation's message: "seat 2" for seat 1,
// until [Violation.Describe] puts the players' names in.
type SeatName int

// String names the seat by number: "seat 1" for seat 0.
func (s SeatName) String() string { return fmt.Sprintf("seat %d", int(s)+1) }

// Error words the violation with seats named by number, the hint after the
// message.
func (v *Violation) Error() string { return v.Describe(nil) }

// Msg words the message alone, seats named by names (by number when
// names is short).
func (v *Violation) Msg(names []string) string {
	args, copied := v.args, false
	for i, a := range v.args {
		s, ok := a.(SeatName)
		if !ok || int(s) < 0 || int(s) >= len(names) {
			continue
		}
		if !copied {
			args, copied = append([]any(nil), v.args...), true
		}
		args[i] = names[s]
	}
	return fmt.Sprintf(v.format, args...)
}

// Describe words the violation with seats named by names, the hint after
// the message.
func (v *Violation) Describe(names []string) string {
	if v.Hint != "" {
		return v.Msg(names) + "; " + v.Hint
	}
	return v.Msg(names)
}

// At turns the violation into the *Error a referee reports on line, seats
// named by names.
func (v *Violation) At(line int, names []string) *Error {
	return &Error{Line: line, Rule: v.Rule, Msg: v.Describe(names)}
}

// Error is a problem in a written-down game: the line it is on, the rule it
// breaks and a lower-case message that names the player, the statement as
// written and the numbers involved. It is the one error type the command
// line unwraps, for every game.
type Error struct {
	Line int  // 1-based line of the file; 0 when no line applies
	Rule Rule // the rule broken; a game's notation rule for what is not well formed
	Msg  string
	// Unfinished says the file keeps every rule but stops before the game
	// is over: judging it with JudgeOptions.Partial would succeed. Every
	// referee sets it; the command line, not the message, says how to
	// score such a file.
	Unfinished bool
}

// Error returns "line N: msg"; the command line puts the file name first,
// as in "race.log:17: msg".
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Errorf makes an *Error for line that breaks rule.
func Errorf(line int, rule Rule, format string, args ...any) *Error {
	return &Error{Line: line, Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// AsError finds the *Error in err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// AsViolation finds the *Violation in err's chain.
func AsViolation(err error) (*Violation, bool) {
	var v *Violation
	ok := errors.As(err, &v)
	return v, ok
}
