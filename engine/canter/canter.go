// Package canter is The Canter, furlong's template game: the smallest
// complete game through the play protocol, kept in the tree and tested like
// the others, to be copied when a game is added (README: Adding a game). A
// few horses canter down one straight, two dice a turn; each moves by one
// die, or once a race dashes: a die thrown for it, and two boxes more.
//
// Everything the game is lives in this one package: its rules (the
// constants and the State's methods), its notation (notation.go: its
// statements declared once, which the engine reads and writes, and Read),
// its referee (Judge), its result (Result) and its bots (NewBot). Its plug,
// cmd/furlong/internal/game/canter, adds a simulator.
//
// The notation, one statement a line:
//
//	game canter
//	players Ana Ben       one to four names
//	finish 10             the length of the straight (option finish, 6 to 30;
//	                      without the line, 10)
//	dash once             whether each horse may dash once (option dash: once,
//	                      the default, or never)
//	first Ben             chance draws the first player before the race
//	roll Ben 3 5          chance rolls two dice for the player to act
//	Ben move 5            the player moves by one of the two dice, or
//	Ben dash 4            dashes: a decision ("Ben dash") that chance completes
//	                      with one die, moving that many boxes and two more
//
// The race is over as soon as a horse reaches the finish; every player's
// result is the boxes covered, at most the finish.
package canter

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"furlong/engine"
)

// Keyword is the game line's keyword.
const Keyword = "canter"

// Table sizes.
const (
	MinPlayers = 1
	MaxPlayers = 4
)

// Rule is a rule of The Canter.
type Rule uint8

// The rules, with the chapters of the rules that explain them.
const (
	RuleNotation Rule = iota
	RuleSetup
	RuleUnfinished
	RuleTurn
	RuleMove
	RuleDash
)

var rules = [...]struct{ name, chapter string }{
	RuleNotation:   {"notation", "Writing it down"},
	RuleSetup:      {"setup", "Setting up"},
	RuleUnfinished: {"unfinished", "The end"},
	RuleTurn:       {"turn", "A turn"},
	RuleMove:       {"move", "Moving"},
	RuleDash:       {"dash", "Dashing"},
}

// String is the rule's short name.
func (r Rule) String() string { return rules[r].name }

// Chapter is the heading of the rules that explains the rule.
func (r Rule) Chapter() string { return rules[r].chapter }

// Options are The Canter's own options.
var Options = []engine.Option{
	{Name: "finish", Title: "Finish", Usage: "the length of the straight", Min: 6, Max: 30, Default: "10"},
	{Name: "dash", Title: "Dash", Usage: "whether each horse may dash once", Values: []string{"once", "never"}, Default: "once"},
}

// Bots are The Canter's bots, weakest first.
var Bots = []string{"random", "greedy"}

// IsKeyword reports whether s is a word of the notation, which no player
// may be called: a keyword of its statements or a value of its options.
func IsKeyword(s string) bool {
	s = strings.ToLower(s)
	return notation.IsKeyword(s) || slices.Contains(Options[1].Values, s)
}

// Title is the game's name for players.
const Title = "The Canter"

// Table is the table The Canter seats.
func Table(mode string) (engine.Table, error) {
	if mode != "" && mode != Keyword {
		return engine.Table{}, engine.SetupErrorf(engine.PartMode, "%s has no mode %s", Title, engine.Quote([]byte(mode)))
	}
	return engine.Table{Title: Title, MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Players: 2, Bots: Bots, Keyword: IsKeyword}, nil
}

type phase uint8

const (
	phaseFirst phase = iota
	phaseRoll
	phaseMove
	phaseDash
	phaseOver
)

// Actions.
const (
	actMoveA engine.Action = iota
	actMoveB
	actDash
)

// State is a race of The Canter in progress.
type State struct {
	names  []string
	finish int
	dash   bool
	phase  phase
	seat   int
	dice   [2]int
	pos    []int
	dashed []bool
	turns  int
	log    []byte
}

var _ engine.State = (*State)(nil)

// New starts a race: the setup is checked here, once.
func New(s engine.Setup) (*State, error) {
	if err := s.Check(Table, Options); err != nil {
		return nil, err
	}
	finish, errF := Options[0].Int(s.Options)
	dash, errD := Options[1].Choose(s.Options)
	if err := cmp.Or(errF, errD); err != nil { // the first wrong, in order
		return nil, err
	}
	st := &State{names: s.Names(), finish: finish, dash: dash == "once"}
	st.pos = make([]int, len(st.names))
	st.dashed = make([]bool, len(st.names))
	st.log = notation.AppendLine(nil, formGame, []int{0})
	st.log = notation.AppendLine(st.log, formPlayers, nil, st.names...)
	st.log = notation.AppendLine(st.log, formFinish, []int{finish})
	st.log = notation.AppendLine(st.log, formDashOption, []int{slices.Index(Options[1].Values, dash)})
	return st, nil
}

// Players are the seats' names.
func (s *State) Players() []string { return s.names }

// Turn says who acts.
func (s *State) Turn() engine.Turn {
	switch s.phase {
	case phaseFirst:
		return engine.Turn{Seat: engine.SeatChance, Kind: "first"}
	case phaseRoll:
		return engine.Turn{Seat: engine.SeatChance, Kind: "roll"}
	case phaseMove:
		return engine.Turn{Seat: s.seat, Kind: "move"}
	case phaseDash:
		return engine.Turn{Seat: engine.SeatChance, Kind: "dash"}
	}
	return engine.Turn{Seat: engine.SeatNone}
}

// Legal lists the moves open to the seat to act.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	if s.phase != phaseMove {
		return buf
	}
	buf = append(buf, actMoveA)
	if s.dice[1] != s.dice[0] {
		buf = append(buf, actMoveB)
	}
	if s.dash && !s.dashed[s.seat] {
		buf = append(buf, actDash)
	}
	return buf
}

// Choice says how an action reads.
func (s *State) Choice(a engine.Action) engine.Choice {
	name := s.names[s.seat]
	switch a {
	case actMoveA, actMoveB:
		// Part names what a choice concerns, for a game whose plug
		// draws a Board, where it is a click: a move, its die (both,
		// when they show the same) and the horse's track; a dash, the
		// dash box and the track.
		d := s.dice[a]
		part := fmt.Sprintf("die %d, track %s", a+1, s.names[s.seat])
		if s.dice[0] == s.dice[1] {
			part = "die 1, die 2, track " + s.names[s.seat]
		}
		return engine.Choice{Text: fmt.Sprintf("%s move %d", name, d), Label: fmt.Sprintf("move %d", d), Part: part}
	case actDash:
		return engine.Choice{Text: name + " dash", Label: "dash", Part: "dash, track " + s.names[s.seat]}
	}
	return engine.Choice{}
}

// Apply plays an action of the seat to act.
func (s *State) Apply(a engine.Action) error {
	if s.phase != phaseMove {
		return engine.Violate(RuleTurn, "nobody is to move now")
	}
	switch {
	case a == actMoveA || a == actMoveB && s.dice[1] != s.dice[0]:
		s.move(s.dice[a])
		s.log = notation.AppendLine(s.log, formMove, []int{s.dice[a]}, s.names[s.seat])
		s.next()
		return nil
	case a == actDash:
		if err := s.canDash(); err != nil {
			return err
		}
		s.phase = phaseDash
		return nil
	}
	return engine.Violate(RuleMove, "%v has no move %d", engine.SeatName(s.seat), a)
}

func (s *State) canDash() error {
	if !s.dash {
		return engine.Violate(RuleDash, "this race is run with dash never: nobody dashes")
	}
	if s.dashed[s.seat] {
		return engine.Violate(RuleDash, "%v has dashed already: one dash a race", engine.SeatName(s.seat))
	}
	return nil
}

func (s *State) move(n int) { s.pos[s.seat] = min(s.pos[s.seat]+n, s.finish) }

// next ends the turn in hand.
func (s *State) next() {
	s.turns++
	if s.pos[s.seat] >= s.finish {
		s.phase = phaseOver
		return
	}
	s.seat = (s.seat + 1) % len(s.names)
	s.phase = phaseRoll
}

// Chance draws the first player, rolls, or throws a dash's die.
func (s *State) Chance(rng *rand.Rand) error {
	switch s.phase {
	case phaseFirst:
		s.seat = rng.IntN(len(s.names))
		s.log = notation.AppendLine(s.log, formFirst, nil, s.names[s.seat])
		s.phase = phaseRoll
	case phaseRoll:
		s.dice = [2]int{int(engine.Roll(rng)), int(engine.Roll(rng))}
		s.log = notation.AppendLine(s.log, formRoll, s.dice[:], s.names[s.seat])
		s.phase = phaseMove
	case phaseDash:
		s.dashWith(int(engine.Roll(rng)))
	default:
		return fmt.Errorf("it is not chance's turn but %v", s.Turn())
	}
	return nil
}

func (s *State) dashWith(d int) {
	s.dashed[s.seat] = true
	s.move(d + 2)
	s.log = notation.AppendLine(s.log, formDash, []int{d}, s.names[s.seat])
	s.next()
}

// whose checks that name is the seat to act, at phase.
func (s *State) whose(name string, want phase) error {
	if s.phase == phaseOver {
		return engine.Violate(RuleTurn, "the race is over: %s does not play on", engine.Quote([]byte(name)))
	}
	i := slices.Index(s.names, name)
	if i < 0 {
		return engine.Violate(RuleTurn, "%s is not at the table", engine.Quote([]byte(name)))
	}
	if s.phase == phaseFirst {
		return engine.Violate(RuleSetup, "the first player is drawn before anyone plays")
	}
	if i != s.seat {
		return engine.Violate(RuleTurn, "%v plays out of turn: it is %v's turn; a line may be missing above", engine.SeatName(i), engine.SeatName(s.seat))
	}
	if s.phase != want {
		if want == phaseMove {
			return engine.Violate(RuleTurn, "%v moves before rolling: a turn starts with its roll", engine.SeatName(i))
		}
		return engine.Violate(RuleTurn, "%v rolls again before moving", engine.SeatName(i))
	}
	return nil
}

// Throw describes chance: at chance's turn the draw of the first player
// (a draw of the players' names), the roll of two dice or a dash's die; at a
// move, the two dice rolled.
func (s *State) Throw() engine.Throw {
	switch s.phase {
	case phaseFirst:
		return engine.Throw{Kind: "first", Thrower: engine.SeatChance,
			Dice: []engine.Draw{{Seat: engine.SeatChance, Faces: slices.Clone(s.names)}}, Text: "first " + engine.Slot}
	case phaseRoll:
		return engine.Throw{Kind: "roll", Thrower: s.seat, Dice: []engine.Draw{{Seat: s.seat}, {Seat: s.seat}}, Text: "roll " + s.names[s.seat] + " {} {}"}
	case phaseMove:
		return engine.Throw{Kind: "roll", Thrower: s.seat, Dice: []engine.Draw{{For: "die 1", Seat: s.seat, Face: s.dice[0]}, {For: "die 2", Seat: s.seat, Face: s.dice[1]}}}
	case phaseDash:
		return engine.Throw{Kind: "dash", Thrower: s.seat, Dice: []engine.Draw{{Seat: s.seat}}, Text: s.names[s.seat] + " dash " + engine.Slot}
	}
	return engine.Throw{}
}

// AppendLog appends the log so far.
func (s *State) AppendLog(b []byte) []byte { return append(b, s.log...) }

// Result is the race as it stands.
func (s *State) Result() (engine.Verdict, error) {
	r := &Result{Finish: s.finish, Over: s.phase == phaseOver, Turns: s.turns}
	places := engine.Places(s.pos)
	for i, n := range s.names {
		st := engine.Standing{Name: n, Result: s.pos[i]}
		if r.Over {
			st.Place = places[i]
		}
		r.Players = append(r.Players, st)
	}
	return r, nil
}

// View is what the board draws.
type View struct {
	Names  []string
	Pos    []int
	Dashed []bool
	Finish int
	Dice   [2]int // the dice of the seat to move; zero before the roll
	Seat   int    // the seat to act or last to act
	Over   bool
}

// View returns the board as it stands.
func (s *State) View() any {
	v := View{Names: s.names, Pos: slices.Clone(s.pos), Dashed: slices.Clone(s.dashed), Finish: s.finish, Seat: s.seat, Over: s.phase == phaseOver}
	if s.phase == phaseMove || s.phase == phaseDash {
		v.Dice = s.dice
	}
	return v
}

// Clone copies the race.
func (s *State) Clone() engine.State {
	c := *s
	c.pos, c.dashed, c.log = slices.Clone(s.pos), slices.Clone(s.dashed), slices.Clone(s.log)
	return &c
}

// Judge checks a log of The Canter: what check and score say of it.
func Judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	data, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	s, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if s.phase != phaseOver && !o.Partial {
		return nil, &engine.Error{Line: bytes.Count(data, []byte{'\n'}) + 1, Rule: RuleUnfinished, Unfinished: true, Msg: "the log stops before any horse has reached the finish"}
	}
	return s.Result()
}

// Result is what score says of a race.
type Result struct {
	Finish  int
	Over    bool
	Turns   int
	Players []engine.Standing
}

// Summary is check's line.
func (r *Result) Summary() string {
	return fmt.Sprintf("%s, %s, %s", Title, engine.Count(len(r.Players), "player", "players"), engine.Count(r.Turns, "turn", "turns"))
}

// Text is score's report.
func (r *Result) Text() string {
	sc := engine.Score{Heading: r.Summary()}
	for _, p := range r.Players {
		note := ""
		if p.Place == 1 {
			note = "(winner)"
		}
		sc.Players = append(sc.Players, engine.PlayerScore{Name: p.Name, Note: note, Total: strconv.Itoa(p.Result),
			Items: []engine.Item{{What: "boxes", Detail: fmt.Sprintf("of %d", r.Finish), Amount: strconv.Itoa(p.Result)}}})
	}
	return sc.Text()
}

// JSON is score --json's object.
func (r *Result) JSON() any {
	return struct {
		Game    string            `json:"game"`
		Finish  int               `json:"finish"`
		Over    bool              `json:"over"`
		Turns   int               `json:"turns"`
		Players []engine.Standing `json:"players"`
		Winners []string          `json:"winners"`
	}{Keyword, r.Finish, r.Over, r.Turns, r.Players, engine.Winners(r.Players)}
}

// Standings are the players' places.
func (r *Result) Standings() []engine.Standing { return r.Players }

// Bot is a bot of The Canter: random, or greedy (the larger die, and a
// dash when both dice are small).
type Bot struct {
	name string
	buf  []engine.Action
}

// NewBot makes a bot by name.
func NewBot(name string) (engine.Bot, error) {
	if !slices.Contains(Bots, name) {
		return nil, fmt.Errorf("unknown bot %q", name)
	}
	return &Bot{name: name}, nil
}

// Name is the bot's strength.
func (b *Bot) Name() string { return b.name }

// Choose picks a legal action.
func (b *Bot) Choose(st engine.State, rng *rand.Rand) engine.Action {
	s := st.(*State)
	b.buf = s.Legal(b.buf[:0])
	if b.name == "random" {
		return b.buf[rng.IntN(len(b.buf))]
	}
	best := actMoveA
	if s.dice[1] > s.dice[0] {
		best = actMoveB
	}
	if max(s.dice[0], s.dice[1]) < 3 && slices.Contains(b.buf, actDash) {
		return actDash
	}
	return best
}
