package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Seat is one place at a table: the player's name, and the bot that plays
// it ("" for a person).
type Seat struct {
	Name string `json:"name"`
	Bot  string `json:"bot,omitempty"`
}

// Setup is a table about to play: the mode, the seats in seating order,
// and the game's own options by name (an option left out takes its
// default). The command line fills one from its flags, the table on
// screen from its form; the game checks it, once, in its play package.
type Setup struct {
	Mode    string            `json:"mode,omitempty"` // a mode's keyword; "" for the game's first
	Seats   []Seat            `json:"seats"`
	Options map[string]string `json:"options,omitempty"`
	// Variant, when not nil, is the board to play instead of the standard
	// one the options name: the game's own variant type.
	Variant Variant `json:"-"`
}

// Option is one of a game's own options: what the form on screen offers
// and what a flag of the command line sets.
type Option struct {
	Name  string `json:"name"`  // "board"
	Title string `json:"title"` // a few words for a form: "Board"
	Usage string `json:"usage"` // a phrase, as a flag's help gives it
	// Values are the values the option takes, the default first; nil for
	// a whole number between Min and Max.
	Values []string `json:"values,omitempty"`
	// Labels, when given, say each of Values in the players' words, for a
	// form ("rolled at the table" for "roll"); an empty label is the value
	// itself.
	Labels   []string `json:"labels,omitempty"`
	Min, Max int      `json:"-"`
	Default  string   `json:"default"`
	// Modes are the modes the option applies to; nil for every mode.
	Modes []string `json:"modes,omitempty"`
	// Unwritten says that no log writes the option: a log read back
	// plays as its default does (Horse Race's races: a log plays the
	// races it deals). A program that plays another value and keeps
	// the game as its log, a table on screen, keeps the option beside
	// the log.
	Unwritten bool `json:"-"`
}

// SetupError is a table a game cannot seat, or options it cannot play:
// Part names what is wrong, for the command line to name its flag and the
// form its field: "players", "names", "bots", "mode", or the Name of one
// of the game's options.
type SetupError struct {
	Part string
	Msg  string
}

func (e *SetupError) Error() string { return e.Msg }

// Setup parts every game shares, for SetupError.Part.
const (
	PartMode    = "mode"
	PartPlayers = "players"
	PartNames   = "names"
	PartBots    = "bots"
)

// SetupErrorf makes a *SetupError about part.
func SetupErrorf(part, format string, args ...any) *SetupError {
	return &SetupError{Part: part, Msg: fmt.Sprintf(format, args...)}
}

// Table is what a game's mode seats: how many players, and the bots that
// can take a seat, weakest first.
type Table struct {
	Title      string   // the mode's name, for messages: "The Great Races"
	MinPlayers int      // fewest seats
	MaxPlayers int      // most seats
	Players    int      // the table the commands print and simulate when none is named
	Bots       []string // the bots' names, weakest first; none for a game without decisions
	// Keyword, when not nil, says whether a name is a word of the game's
	// notation, which no player may be called.
	Keyword func(string) bool
}

// CheckSeats checks seats against the table: their number, every name
// (see CheckName; no two alike, ignoring case), and every bot named. It is
// the one place these rules are written.
func (t *Table) CheckSeats(seats []Seat) error {
	if n := len(seats); n < t.MinPlayers || n > t.MaxPlayers {
		if t.MinPlayers == t.MaxPlayers {
			return SetupErrorf(PartPlayers, "%s is for %s, not %d", t.Title, Count(t.MinPlayers, "player", "players"), n)
		}
		return SetupErrorf(PartPlayers, "%s is for %d to %d players, not %d", t.Title, t.MinPlayers, t.MaxPlayers, n)
	}
	for i, s := range seats {
		if msg := CheckName([]byte(s.Name), t.Keyword); msg != "" {
			return SetupErrorf(PartNames, "%s", msg)
		}
		for _, o := range seats[:i] {
			if strings.EqualFold(o.Name, s.Name) {
				return SetupErrorf(PartNames, "two players are called %s: give each seat a name of its own", Quote([]byte(s.Name)))
			}
		}
		if s.Bot != "" {
			if err := t.CheckBot(s.Bot); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckBot checks that name is one of the table's bots.
func (t *Table) CheckBot(name string) error {
	if slices.Contains(t.Bots, name) {
		return nil
	}
	if len(t.Bots) == 0 {
		return SetupErrorf(PartBots, "%s has no decisions and no bots: every seat is dealt and rolled for", t.Title)
	}
	return SetupErrorf(PartBots, "unknown bot %s (want %s)", Quote([]byte(name)), strings.Join(t.Bots, ", "))
}

// SeatBots gives every one of n seats its bot from bots: one name for
// every seat, or one per seat. It is the one place that rule is written.
func (t *Table) SeatBots(bots []string, n int) ([]string, error) {
	for _, b := range bots {
		if err := t.CheckBot(b); err != nil {
			return nil, err
		}
	}
	switch len(bots) {
	case n:
		return bots, nil
	case 1:
		out := make([]string, n)
		for i := range out {
			out[i] = bots[0]
		}
		return out, nil
	}
	return nil, SetupErrorf(PartBots, "%s for %s: give one bot for every seat, or one per seat",
		Count(len(bots), "bot", "bots"), Count(n, "player", "players"))
}

// Choose reads option o from opts: its default when left out, and an
// error naming the option and its values when the value is not one of
// them, matched without regard to case. It is for options with Values;
// Int reads the others.
func (o *Option) Choose(opts map[string]string) (string, error) {
	v, ok := opts[o.Name]
	if !ok || v == "" {
		return o.Default, nil
	}
	for _, x := range o.Values {
		if strings.EqualFold(x, v) {
			return x, nil
		}
	}
	return "", SetupErrorf(o.Name, "%s is not a %s: want %s", Quote([]byte(v)), o.Name, strings.Join(o.Values, ", "))
}

// Int reads option o, a whole number from o.Min to o.Max written in base
// 10, from opts: its default when left out.
func (o *Option) Int(opts map[string]string) (int, error) {
	v, ok := opts[o.Name]
	if !ok || v == "" {
		v = o.Default
	}
	n, ok := Number([]byte(v), true)
	if !ok || n < o.Min || n > o.Max {
		return 0, SetupErrorf(o.Name, "%s must be a whole number from %d to %d, not %s", o.Name, o.Min, o.Max, Quote([]byte(v)))
	}
	return n, nil
}

// CheckOptions refuses an option that none of opts' names is: a typo in a
// form or a request.
func CheckOptions(opts map[string]string, known []Option) error {
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		if !slices.ContainsFunc(known, func(o Option) bool { return o.Name == name }) {
			names := make([]string, len(known))
			for i, o := range known {
				names[i] = o.Name
			}
			if len(names) == 0 {
				return SetupErrorf(name, "the game has no options, not even %s", Quote([]byte(name)))
			}
			return SetupErrorf(name, "unknown option %s (want %s)", Quote([]byte(name)), strings.Join(names, ", "))
		}
	}
	return nil
}
