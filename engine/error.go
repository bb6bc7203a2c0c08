package engine

import (
	"errors"
	"fmt"
)

// Rule names the rule of a game that a problem breaks. Each game has its
// own small enum of rules; its String is how messages refer to the rule.
type Rule interface{ String() string }

// Chaptered is a Rule that knows where its game's rulebook explains it.
// The command line adds "(rulebook: CHAPTER)" to the messages of such
// rules.
type Chaptered interface {
	Rule
	Chapter() string
}

// Error is a problem in a written-down game: the line it is on, the rule it
// breaks (nil for a malformed statement) and a lower-case message that names
// the player, the statement as written and the numbers involved. It is the
// one error type the command line unwraps, for every game.
type Error struct {
	Line int  // 1-based line of the file; 0 when no line applies
	Rule Rule // nil for syntax
	Msg  string
	// Unfinished says the file keeps every rule but stops before the game
	// is over: scoring it with JudgeOptions.Partial would succeed.
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
