package canter

import (
	"bytes"
	"io"
	"slices"

	"furlong/engine"
)

// notation declares The Canter's statements: the words each is written
// with and what each field holds. The engine reads a line's words with it
// (Read and Play), and writes the log's lines from it (State.log). What a
// statement means, and when it may come, is the State's to say.
var notation = engine.Notation{
	Rule: RuleNotation,
	Forms: []engine.Form{
		formGame:       {Pattern: "game GAME", Count: "a log of " + Title + " begins with game " + Keyword},
		formPlayers:    {Pattern: "players NAME..."},
		formFinish:     {Pattern: "finish N"},
		formDashOption: {Pattern: "dash OPTION"},
		formFirst:      {Pattern: "first WHO"},
		formRoll:       {Pattern: "roll WHO A B", Count: "a roll is a name and two dice: roll Ana 3 5"},
		formMove:       {Pattern: "WHO move MOVE"},
		formDash:       {Pattern: "WHO dash D?"},
		formDie:        {Pattern: "D"},
	},
	Fields: map[string]engine.Field{
		"GAME":   {Kind: engine.FieldWord, Words: []string{Keyword}, Bad: "a log of " + Title + " begins with game " + Keyword},
		"NAME":   {Kind: engine.FieldName, Rule: RuleSetup},
		"N":      {Kind: engine.FieldNumber},
		"OPTION": {Kind: engine.FieldWord, Words: Options[1].Values, Bad: "dash {word}: " + engine.Or(Options[1].Values)},
		"WHO":    {Kind: engine.FieldText}, // a player: which, the State says
		"A":      {Kind: engine.FieldDie, Thrown: true, Bad: "{2} and {3} are not two dice from 1 to 6"},
		"B":      {Kind: engine.FieldDie, Thrown: true, Bad: "{2} and {3} are not two dice from 1 to 6"},
		"MOVE":   {Kind: engine.FieldDie, Bad: "a move is by one die: {word} is not one"},
		"D":      {Kind: engine.FieldDie, Thrown: true, Bad: "a dash's die is from 1 to 6, not {word}"},
	},
}

// The statements, by their index in notation.Forms.
const (
	formGame       = iota // game canter
	formPlayers           // players Ana Ben: one to four names
	formFinish            // finish 10: option finish, the straight's length
	formDashOption        // dash once: option dash, once or never
	formFirst             // first Ben: chance draws who starts
	formRoll              // roll Ben 3 5: chance rolls the player's two dice
	formMove              // Ben move 5: the player moves by one die
	formDash              // Ben dash, or Ben dash 4 with its die thrown
	formDie               // 4: the die of a dash just chosen, alone
)

// Play reads one statement or choice as the log writes it.
func (s *State) Play(text string) error {
	if err := s.play(bytes.Fields([]byte(text))); err != nil {
		if v, ok := engine.AsViolation(err); ok {
			return v.At(0, s.names)
		}
		return err
	}
	return nil
}

func (s *State) play(w [][]byte) error {
	if len(w) == 0 {
		return engine.Errorf(0, RuleNotation, "an empty statement")
	}
	var m engine.Match
	if err := notation.Read(w, 0, &m); err != nil {
		return err
	}
	switch m.Form {
	case formFirst:
		if s.phase != phaseFirst {
			return engine.Violate(RuleSetup, "the first player is drawn once, before the race")
		}
		i := slices.Index(s.names, string(m.Word(0)))
		if i < 0 {
			return engine.Violate(RuleSetup, "%s is not at the table", engine.Quote(m.Word(0)))
		}
		s.seat, s.phase = i, phaseRoll
		s.log = notation.Append(s.log, &m)
		return nil
	case formRoll:
		if err := s.whose(string(m.Word(0)), phaseRoll); err != nil {
			return err
		}
		s.dice = [2]int{m.Int(1), m.Int(2)}
		s.log = notation.Append(s.log, &m)
		s.phase = phaseMove
		return nil
	case formMove:
		if err := s.whose(string(m.Word(0)), phaseMove); err != nil {
			return err
		}
		d := m.Int(1)
		for a := actMoveA; a <= actMoveB; a++ {
			if s.dice[a] == d {
				return s.Apply(a)
			}
		}
		return engine.Violate(RuleMove, "%v rolled %d and %d: there is no %d to move by", engine.SeatName(s.seat), s.dice[0], s.dice[1], d)
	case formDash:
		if s.phase == phaseDash {
			// The dash chosen, its die thrown.
			if string(m.Word(0)) != s.names[s.seat] || !m.Has(1) {
				return engine.Violate(RuleDash, "%s is not the dash chosen: %s dash", engine.Quote(bytes.Join(w, []byte{' '})), s.names[s.seat])
			}
			s.dashWith(m.Int(1))
			return nil
		}
		if err := s.whose(string(m.Word(0)), phaseMove); err != nil {
			return err
		}
		if err := s.Apply(actDash); err != nil {
			return err
		}
		if m.Has(1) {
			s.dashWith(m.Int(1))
		}
		return nil
	case formDie:
		if s.phase != phaseDash {
			break
		}
		s.dashWith(m.Int(0))
		return nil
	}
	return engine.Errorf(0, RuleNotation, "%s is not a statement of %s", engine.Quote(bytes.Join(w, []byte{' '})), Title)
}

// Read replays a log so far.
func Read(r io.Reader) (*State, error) {
	var named []int // the options of the header, in its order
	sc := engine.NewScanner(r)
	var s *State
	setup := engine.Setup{Options: map[string]string{}}
	lastLine := 0
	start := func() error {
		if s != nil {
			return nil
		}
		if setup.Seats == nil {
			return engine.Errorf(sc.Line(), RuleSetup, "the log has no players line before its first turn")
		}
		var err error
		if s, err = New(setup); err != nil {
			return engine.Errorf(sc.Line(), RuleSetup, "%v", err)
		}
		return nil
	}
	var m engine.Match
	for first := true; sc.Next(); first = false {
		lastLine = sc.Line()
		w := sc.Words()
		if err := notation.Read(w, sc.Line(), &m); err != nil {
			return nil, err
		}
		if first {
			if m.Form != formGame {
				return nil, engine.Errorf(sc.Line(), RuleNotation, "a log of %s begins with game %s", Title, Keyword)
			}
			continue
		}
		if s == nil {
			switch m.Form {
			case formPlayers:
				if setup.Seats != nil {
					return nil, engine.Errorf(sc.Line(), RuleSetup, "a second players line")
				}
				setup.Seats = []engine.Seat{}
				for _, n := range m.Words() {
					setup.Seats = append(setup.Seats, engine.Seat{Name: string(n)})
				}
				continue
			case formFinish, formDashOption:
				key := string(w[0])
				if _, ok := setup.Options[key]; ok {
					return nil, engine.Errorf(sc.Line(), RuleSetup, "a second %s line", key)
				}
				setup.Options[key] = string(w[1])
				named = append(named, m.Form)
				continue
			}
		}
		if err := start(); err != nil {
			return nil, err
		}
		if err := s.play(w); err != nil {
			if v, ok := engine.AsViolation(err); ok {
				return nil, v.At(sc.Line(), s.names)
			}
			if e, ok := engine.AsError(err); ok {
				e.Line = sc.Line()
			}
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if lastLine == 0 {
		return nil, engine.Errorf(1, RuleNotation, "the log is empty: it begins with game %s", Keyword)
	}
	if s == nil {
		// A log that stops in its header (or before its first turn) reads
		// back as far as it goes: the options it names, and no default.
		if err := start(); err != nil {
			return nil, err
		}
		s.log = notation.AppendLine(s.log[:0], formGame, []int{0})
		s.log = notation.AppendLine(s.log, formPlayers, nil, s.names...)
		for _, f := range named {
			v := s.finish
			if f == formDashOption {
				v = slices.Index(Options[1].Values, setup.Options["dash"])
			}
			s.log = notation.AppendLine(s.log, f, []int{v})
		}
	}
	return s, nil
}
