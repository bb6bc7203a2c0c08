package engine

import (
	"errors"
	"testing"
)

// TestSetupScan reads a board and a finish as a game's New does: the
// defaults, given values, and the setup errors naming the part that is
// wrong, checked in the order Check and the options give them.
func TestSetupScan(t *testing.T) {
	options := []Option{
		{Name: "board", Values: []string{"graded", "level"}, Default: "graded"},
		{Name: "finish", Min: 10, Max: 30, Default: "20"},
	}
	table := func(mode string) (Table, error) {
		return OneMode(mode, "toy", Table{Title: "Toy", MinPlayers: 1, MaxPlayers: 4})
	}
	cases := []struct {
		name   string
		opts   map[string]string
		board  string
		finish int
		part   string // the SetupError's, or "" for none
	}{
		{"defaults", nil, "graded", 20, ""},
		{"given", map[string]string{"board": "LEVEL", "finish": "12"}, "level", 12, ""},
		{"unknown option", map[string]string{"lanes": "3"}, "", 0, "lanes"},
		{"bad board", map[string]string{"board": "hilly", "finish": "40"}, "", 0, "board"},
		{"bad finish", map[string]string{"finish": "40"}, "graded", 0, "finish"},
	}
	for _, c := range cases {
		s := Setup{Seats: []Seat{{Name: "Ana"}}, Options: c.opts}
		var board string
		var finish int
		err := s.Scan(table, options, &board, &finish)
		var se *SetupError
		switch {
		case c.part == "" && err != nil:
			t.Errorf("%s: have error %v, want none", c.name, err)
		case c.part != "" && (!errors.As(err, &se) || se.Part != c.part):
			t.Errorf("%s: have error %v, want a SetupError about %s", c.name, err, c.part)
		case board != c.board || finish != c.finish:
			t.Errorf("%s: have board %q finish %d, want %q %d", c.name, board, finish, c.board, c.finish)
		}
	}
}

// TestSetupScanKind: a val that is neither a *string nor an *int is the
// caller's mistake, and Scan panics.
func TestSetupScanKind(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("have no panic for a *bool, want one")
		}
	}()
	s := Setup{Seats: []Seat{{Name: "Ana"}}}
	var b bool
	_ = s.Scan(func(string) (Table, error) { return Table{MinPlayers: 1, MaxPlayers: 1}, nil }, []Option{{Name: "x", Default: "1"}}, &b)
}

type toyBoard int

func (b toyBoard) String() string { return Named([]string{"graded", "level"}, int(b), "Board") }

// TestParse finds a value by its String, and says when none has it.
func TestParse(t *testing.T) {
	boards := []toyBoard{0, 1}
	for _, c := range []struct {
		s    string
		want toyBoard
		ok   bool
	}{{"graded", 0, true}, {"level", 1, true}, {"Level", 0, false}, {"", 0, false}} {
		if have, ok := Parse(boards, c.s); have != c.want || ok != c.ok {
			t.Errorf("Parse(%q): have %v %v, want %v %v", c.s, have, ok, c.want, c.ok)
		}
	}
}
