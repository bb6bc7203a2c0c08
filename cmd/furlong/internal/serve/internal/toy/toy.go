// Package toy is a small stand-in game for the tests of the web table:
// The Canter (engine/canter) written another way. Its rules, notation,
// referee, result and bots are The Canter's; the toy adds one option,
// rolls, whose with-move writes a roll the way no real game does:
//
//	game toy
//	players Ana Ben       as The Canter's header, the game line the toy's
//	finish 10
//	dash once
//	rolls with-move       each roll is written with its move (option rolls:
//	                      apart, the default, which writes no line, or
//	                      with-move)
//	first Ben
//	Ben 3 5 move 5        the roll and the move it is for, on one line
//	Ana 2 2 dash 4        the roll, the dash chosen and its die
//
// With rolls with-move, chance's roll has no line of its own: the move
// writes it, so the state holds dice that the log does not show until the
// player decides. A roll thrown at the table is entered alone ("Ben 3 5"),
// and a roll line is refused. With rolls apart, a toy log is The Canter's
// but for its game line.
//
// The toy's messages are The Canter's, but for those of its own statements;
// some name The Canter. It is a game of the tests only: the web table must
// not know it is there.
package toy

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"furlong/engine"
	"furlong/engine/canter"
)

// Keyword is the game line's keyword.
const Keyword = "toy"

// Title is the toy's name.
const Title = "The toy race"

// rolls is the toy's own option: how a roll is written.
var rolls = engine.Option{Name: "rolls", Title: "Rolls", Usage: "whether a roll has a line of its own or is written with its move", Values: []string{"apart", "with-move"}, Default: "apart"}

// Options are The Canter's options and rolls.
var Options = slices.Concat(canter.Options, []engine.Option{rolls})

// IsKeyword reports whether s is a word of the notation: The Canter's, or
// the rolls line's.
func IsKeyword(s string) bool {
	s = strings.ToLower(s)
	return canter.IsKeyword(s) || s == rolls.Name || slices.Contains(rolls.Values, s)
}

// Table is The Canter's table, named for the toy.
func Table(mode string) (engine.Table, error) {
	if mode != "" && mode != Keyword {
		return engine.Table{}, engine.SetupErrorf(engine.PartMode, "%s has no mode %s", Title, engine.Quote([]byte(mode)))
	}
	t, err := canter.Table("")
	t.Title, t.Keyword = Title, IsKeyword
	return t, err
}

// State is a toy race in progress: a race of The Canter, and how the toy
// writes it.
type State struct {
	c        *canter.State
	withMove bool // rolls with-move: a roll is written with its move
}

var _ engine.State = (*State)(nil)

// New starts a race: the toy's setup checked, and The Canter's race
// started from it.
func New(su engine.Setup) (*State, error) {
	if err := su.Check(Table, Options); err != nil {
		return nil, err
	}
	r, err := rolls.Choose(su.Options)
	if err != nil {
		return nil, err
	}
	su.Mode, su.Options = "", maps.Clone(su.Options)
	delete(su.Options, rolls.Name)
	c, err := canter.New(su)
	if err != nil {
		return nil, err
	}
	return &State{c: c, withMove: r == "with-move"}, nil
}

// Players are the seats' names.
func (s *State) Players() []string { return s.c.Players() }

// Turn says who acts.
func (s *State) Turn() engine.Turn { return s.c.Turn() }

// Legal lists the moves open to the seat to act.
func (s *State) Legal(buf []engine.Action) []engine.Action { return s.c.Legal(buf) }

// Apply plays an action of the seat to act.
func (s *State) Apply(a engine.Action) error { return s.c.Apply(a) }

// Chance draws the first player, rolls, or throws a dash's die.
func (s *State) Chance(rng *rand.Rand) error { return s.c.Chance(rng) }

// Result is the race as it stands.
func (s *State) Result() (engine.Verdict, error) { return s.c.Result() }

// View is The Canter's view, canter.View.
func (s *State) View() any { return s.c.View() }

// Clone copies the race.
func (s *State) Clone() engine.State {
	return &State{c: s.c.Clone().(*canter.State), withMove: s.withMove}
}

// Result is what score says of a toy race: The Canter's result.
type Result = canter.Result

// withDice writes The Canter's statement of the seat to act ("Ben move
// 5") as the toy does: with rolls with-move, its dice after the name ("Ben
// 3 5 move 5").
func (s *State) withDice(text string) string {
	if !s.withMove {
		return text
	}
	d := s.c.View().(canter.View).Dice
	name, rest, _ := strings.Cut(text, " ")
	return fmt.Sprintf("%s %d %d %s", name, d[0], d[1], rest)
}

// Choice says how an action reads.
func (s *State) Choice(a engine.Action) engine.Choice {
	c := s.c.Choice(a)
	c.Text = s.withDice(c.Text)
	return c
}

// Throw describes chance as The Canter does; with rolls with-move, a roll
// is entered alone ("Ana {} {}") and a dash's die after the dice rolled.
func (s *State) Throw() engine.Throw {
	t := s.c.Throw()
	if s.withMove && t.Text != "" {
		switch t.Kind {
		case "roll":
			t.Text = strings.TrimPrefix(t.Text, "roll ")
		case "dash":
			t.Text = s.withDice(t.Text)
		}
	}
	return t
}

// Play reads one statement or choice as the toy writes it. With rolls
// with-move, a statement that starts with a name and two dice is the
// roll, and the move or dash that follows it when there is one ("Ben 3 5
// move 5"); once the roll is in, the dice written are those rolled. Every
// other statement is The Canter's.
func (s *State) Play(text string) error {
	w := strings.Fields(text)
	if !s.withMove || len(w) == 0 {
		return s.c.Play(text)
	}
	if w[0] == "roll" {
		return engine.Violate(canter.RuleTurn, "this race is run with rolls with-move: each roll is written with its move").At(0, s.Players())
	}
	rollAlone := len(w) == 3 && engine.Die([]byte(w[1])) != 0 && engine.Die([]byte(w[2])) != 0
	withRoll := len(w) >= 4 && (w[3] == "move" || w[3] == "dash")
	if !rollAlone && !withRoll {
		return s.c.Play(text)
	}
	a, b := int(engine.Die([]byte(w[1]))), int(engine.Die([]byte(w[2])))
	if a == 0 || b == 0 {
		return engine.Errorf(0, canter.RuleNotation, "%s and %s are not two dice from 1 to 6", engine.Quote([]byte(w[1])), engine.Quote([]byte(w[2])))
	}
	name, then := w[0], strings.Join(append([]string{w[0]}, w[3:]...), " ")
	if rollAlone || s.c.Turn().Kind == "roll" {
		// The roll, and what it is for, in one statement: both played,
		// or neither.
		c := s.c.Clone().(*canter.State)
		if err := s.c.Play(fmt.Sprintf("roll %s %d %d", name, a, b)); err != nil || rollAlone {
			return err
		}
		if err := s.c.Play(then); err != nil {
			s.c = c
			return err
		}
		return nil
	}
	// The roll is in: the dice written are those rolled.
	if v := s.c.View().(canter.View); v.Dice != [2]int{} && v.Names[v.Seat] == name && v.Dice != [2]int{a, b} {
		return engine.Violate(canter.RuleMove, "%v rolled %d and %d, not %d and %d", engine.SeatName(v.Seat), v.Dice[0], v.Dice[1], a, b).At(0, v.Names)
	}
	return s.c.Play(then)
}

// inHeader reports whether a statement that starts with word belongs to
// the header: the players line or an option's.
func inHeader(word []byte) bool {
	return string(word) == "players" || slices.ContainsFunc(Options, func(o engine.Option) bool { return o.Name == string(word) })
}

// AppendLog appends the log so far: The Canter's, with the toy's game
// line; with rolls with-move, the rolls line ends the header, and a roll's
// line is left out, its dice written in the line of the move that follows
// it.
func (s *State) AppendLog(b []byte) []byte {
	_, log, _ := bytes.Cut(s.c.AppendLog(nil), []byte{'\n'})
	b = append(b, "game "+Keyword+"\n"...)
	if !s.withMove {
		return append(b, log...)
	}
	var dice []byte // the roll in hand's, as its line wrote them
	header := true
	for len(log) > 0 {
		line, rest, _ := bytes.Cut(log, []byte{'\n'})
		log = rest
		word, tail, _ := bytes.Cut(line, []byte{' '})
		if header && !inHeader(word) {
			b, header = append(b, "rolls with-move\n"...), false
		}
		switch {
		case header, string(word) == "first":
			b = append(b, line...)
		case string(word) == "roll":
			_, dice, _ = bytes.Cut(tail, []byte{' '})
			continue
		default: // a move, or a dash
			b = fmt.Appendf(b, "%s %s %s", word, dice, tail)
		}
		b = append(b, '\n')
	}
	if header {
		b = append(b, "rolls with-move\n"...)
	}
	return b
}

// Read replays a toy log. The Canter reads its header, each line at the
// toy log's line (the game line The Canter's, the rolls line left out for
// the toy to read), as a log that stops there: the header reads back as it
// is written, the options it leaves out not added. Play reads its turns,
// each error at its line.
func Read(r io.Reader) (*State, error) {
	sc := engine.NewScanner(r)
	var head []byte // the header as The Canter reads it, line for line
	padTo := func(lines int) {
		for n := bytes.Count(head, []byte{'\n'}); n < lines; n++ {
			head = append(head, '\n')
		}
	}
	var s *State
	withMove, rollsRead := false, false
	// start has The Canter read the header, which ends before line (its
	// first turn, or past the log's end: a header found short is said
	// there).
	start := func(line int) error {
		padTo(line)
		c, err := canter.Read(bytes.NewReader(head))
		if err != nil {
			return err
		}
		s = &State{c: c, withMove: withMove}
		return nil
	}
	for sc.Next() {
		w := sc.Words()
		if s == nil {
			switch {
			case head == nil:
				if len(w) != 2 || string(w[0]) != "game" || string(w[1]) != Keyword {
					return nil, engine.Errorf(sc.Line(), canter.RuleNotation, "a toy log begins with game %s", Keyword)
				}
				padTo(sc.Line() - 1)
				head = append(head, "game "+canter.Keyword+"\n"...)
				continue
			case string(w[0]) == rolls.Name:
				if rollsRead {
					return nil, engine.Errorf(sc.Line(), canter.RuleSetup, "a second %s line", rolls.Name)
				}
				if len(w) != 2 {
					return nil, engine.Errorf(sc.Line(), canter.RuleNotation, "the rolls line is %q or %q", "rolls "+rolls.Values[0], "rolls "+rolls.Values[1])
				}
				v, err := rolls.Choose(map[string]string{rolls.Name: string(w[1])})
				if err != nil {
					return nil, engine.Errorf(sc.Line(), canter.RuleSetup, "%v", err)
				}
				withMove, rollsRead = v == "with-move", true
				continue
			case inHeader(w[0]):
				padTo(sc.Line() - 1)
				head = append(append(head, bytes.Join(w, []byte{' '})...), '\n')
				continue
			}
			if err := start(sc.Line()); err != nil {
				return nil, err
			}
		}
		if err := s.Play(string(bytes.Join(w, []byte{' '}))); err != nil {
			if e, ok := engine.AsError(err); ok {
				e.Line = sc.Line()
			}
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if head == nil {
		return nil, engine.Errorf(1, canter.RuleNotation, "the log is empty: it begins with game %s", Keyword)
	}
	if s == nil {
		if err := start(sc.Line()); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Judge is The Canter's referee on a toy log: the log read as the toy
// writes it, judged as The Canter writes it, an unfinished race at the
// toy log's end.
func Judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	data, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	s, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	v, err := canter.Judge(bytes.NewReader(s.c.AppendLog(nil)), o)
	if e, ok := engine.AsError(err); ok && e.Unfinished {
		e.Line = bytes.Count(data, []byte{'\n'}) + 1
	}
	return v, err
}

// Bot is The Canter's bot, playing the race a toy state holds.
type Bot struct{ engine.Bot }

// NewBot makes The Canter's bot of that name.
func NewBot(name string) (engine.Bot, error) {
	b, err := canter.NewBot(name)
	if err != nil {
		return nil, err
	}
	return Bot{b}, nil
}

// Choose is The Canter's bot's choice.
func (b Bot) Choose(st engine.State, rng *rand.Rand) engine.Action {
	return b.Bot.Choose(st.(*State).c, rng)
}
