package play

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/notation"
)

// Options are the game's own options: the board and the finish.
var Options = []engine.Option{
	{Name: "board", Title: "Board", Usage: "the board, graded (short tracks pay little, long ones much) or level (six equal tracks)",
		Values: engine.Strings(ryb.Boards), Default: ryb.Graded.String()},
	{Name: "finish", Title: "Finish", Usage: fmt.Sprintf("the score track's length, %d to %d points", ryb.MinFinish, ryb.MaxFinish),
		Min: ryb.MinFinish, Max: ryb.MaxFinish, Default: fmt.Sprint(ryb.DefaultFinish)},
}

// bots are the bots that can take a seat, weakest first: the names package
// bot knows.
var bots = []string{"random", "greedy", "expert"}

// Table returns the table the game seats: "" or "raceyourbets", its one
// mode.
func Table(mode string) (engine.Table, error) {
	return engine.OneMode(mode, notation.Game, engine.Table{Title: "Race Your Bets", MinPlayers: ryb.MinPlayers, MaxPlayers: ryb.MaxPlayers,
		Players: ryb.DefaultPlayers, Bots: slices.Clone(bots), Keyword: notation.IsKeyword})
}

// State is a game of Race Your Bets in progress, as the play protocol
// drives it (engine.State). A turn is two steps: the seat to act chooses
// its action (Turn kind "act": a bet, the pass, a cheer, or the turn with
// no action where the rules allow it), then chance rolls the two dice
// (kind "roll"), which completes the turn's line of the log.
//
// Actions are encoded by Encode: the kind of action times eight plus the
// horse.
type State struct {
	g      ryb.Game
	h      notation.Header
	chosen bool       // the seat to act has chosen: the dice are to roll
	act    ryb.Action // what it chose
	last   ryb.Outcome
	// turns are every turn played, the log, from which View replays the
	// counters when asked; awards are every medal scored, from which
	// Score tallies the races and the players' shares: a turn costs no
	// more than the rules and a record
	turns   []turn
	awards  []ryb.Award
	claimed [ryb.MaxPlayers]int // the line of each player's points line
	// claims are the points lines read, in order
	claims  [ryb.MaxPlayers]notation.Statement
	nclaims int
}

// turn is one turn of the log.
type turn struct {
	seat int8
	act  ryb.Action
	dice ryb.Dice
}

// New starts a game: the table's seats and names checked (engine.Table's
// CheckSeats), the board and the finish read from s.Options, or from
// s.Variant when the table plays a designer's variant, every horse on its
// start box and the first seat to act. A game on a variant names it in
// its log's header, unless its tracks are its base board's own (then it
// is a game on the standard board to the variant's finish).
func New(s engine.Setup) (*State, error) {
	var bn string
	var finish int
	if err := s.Scan(Table, Options, &bn, &finish); err != nil {
		return nil, err
	}
	board, _ := ryb.ParseBoard(bn)
	h := notation.Header{Players: s.Names(), Board: board, Finish: finish}
	tables, err := setupVariant(&h, s)
	if err != nil {
		return nil, err
	}
	return Start(&h, tables)
}

// Start starts a game with the players, board and finish of header h, as
// a log's header sets it up, on the board of tables t: nil for the
// standard board h names. The notation has checked the names.
func Start(h *notation.Header, t *ryb.Tables) (*State, error) {
	if t == nil {
		if int(h.Board) >= len(ryb.Boards) {
			return nil, fmt.Errorf("no board %d", h.Board)
		}
		t = h.Board.Tables()
	}
	g, err := ryb.NewOn(t, h.Finish, len(h.Players))
	if err != nil {
		return nil, err
	}
	s := &State{g: g, h: *h, turns: make([]turn, 0, 96)}
	s.h.Players = slices.Clone(h.Players)
	return s, nil
}

// Restart starts the same table's game again from the beginning, keeping
// the state's memory: the simulator plays game after game on one State.
func (s *State) Restart() {
	s.g, _ = ryb.NewOn(s.g.Tables(), s.h.Finish, len(s.h.Players))
	s.chosen, s.act, s.last = false, ryb.Action{}, ryb.Outcome{}
	s.turns = s.turns[:0]
	s.awards = s.awards[:0]
	s.claimed = [ryb.MaxPlayers]int{}
	s.nclaims = 0
}

// Read replays a log so far into a State: every statement played in file
// order, points lines checked, the first problem an *engine.Error at its
// line. A log that stops before the end is no error here. A log played on
// a variant needs it: see Replay.
func Read(r io.Reader) (*State, error) {
	return Replay(notation.NewDecoder(r), engine.JudgeOptions{})
}

// ReadOn is Read for a log played on variant v (nil: a standard board).
func ReadOn(r io.Reader, v engine.Variant) (*State, error) {
	return Replay(notation.NewDecoder(r), engine.JudgeOptions{Variant: v})
}

// Replay plays every statement d reads, as Read does, on the board the
// log's header names. o.Variant is the variant the game was played on: a
// log whose variant line names other numbers, or none while o.Variant is
// a variant of other tracks, is refused, and so is a log that names a
// variant when o.Variant is nil. o.Partial is the referee's.
func Replay(d *notation.Decoder, o engine.JudgeOptions) (*State, error) {
	return walk(d, o.Variant, nil, 0)
}

// Walk replays a log as Read does, decision by decision: before each
// seat's action that the rules allow, visit is called with the state as
// it stands (the seat to act), the turn's line, its number in the game
// (from 1) and the action the log played, encoded as the protocol
// encodes it. The state is valid only during the visit. A problem with
// the log is the *engine.Error the referee reports; an error from visit
// stops the walk and is returned.
func Walk(r io.Reader, visit func(*engine.Move) error) (*State, error) {
	return WalkOn(r, nil, visit)
}

// WalkOn is Walk for a log played on variant v (nil: a standard board).
func WalkOn(r io.Reader, v engine.Variant, visit func(*engine.Move) error) (*State, error) {
	return walk(notation.NewDecoder(r), v, visit, 0)
}

// ReadTo replays a log as ReadOn does as far as its turn-th turn (0: to
// the end of the file), and returns the game as it stood then. A log of
// fewer turns is an *ErrShort.
func ReadTo(r io.Reader, v engine.Variant, turn int) (*State, error) {
	s, err := walk(notation.NewDecoder(r), v, nil, turn)
	if err != nil {
		return nil, err
	}
	if turn > 0 && s.g.Turns() < turn {
		return nil, &ErrShort{Turn: turn, Turns: s.g.Turns()}
	}
	return s, nil
}

// ErrShort is a turn asked for that the log does not reach.
type ErrShort struct{ Turn, Turns int }

func (e *ErrShort) Error() string {
	return fmt.Sprintf("the log has %s, not %d", engine.Count(e.Turns, "turn", "turns"), e.Turn)
}

// walk plays every statement d reads on the board v or the header names,
// calling visit, when not nil, before each seat's legal action, and stops
// before the turn after the stop-th when stop is above 0.
func walk(d *notation.Decoder, v engine.Variant, visit func(*engine.Move) error, stop int) (*State, error) {
	var st notation.Statement
	err := d.Next(&st)
	if err != nil && err != io.EOF {
		return nil, err
	}
	tables, verr := judgeVariant(d, v)
	if verr != nil {
		return nil, verr
	}
	s, serr := Start(d.Header(), tables)
	if serr != nil {
		return nil, engine.Errorf(max(d.Line(), 1), ryb.RuleSetup, "%v", serr) // the notation checked the header: cannot happen
	}
	var m *engine.Move // the move visited, made once: a replay without a visit allocates none
	if visit != nil {
		m = &engine.Move{State: s}
	}
	for err == nil {
		if stop > 0 && st.Kind == notation.KindTurn && s.g.Turns() >= stop {
			return s, nil
		}
		if visit != nil && st.Kind == notation.KindTurn && !s.chosen && s.g.Check(st.Seat, st.Action) == nil {
			m.Line, m.Turn, m.Played = st.Line, s.g.Turns()+1, Encode(st.Action)
			if err := visit(m); err != nil {
				return nil, err
			}
		}
		if err := s.Take(&st); err != nil {
			return nil, err
		}
		err = d.Next(&st)
	}
	if err != io.EOF {
		return nil, err
	}
	return s, nil
}

// Game returns the game as the rules see it: the state's own, to read and
// never to change (copy it to look ahead). It is the bots' fast path.
func (s *State) Game() *ryb.Game { return &s.g }

// Header is the log's header: the players, the board and the finish.
func (s *State) Header() *notation.Header { return &s.h }

// Outcome is what the last roll did: the medals scored, the end of a race
// or of the game. It is the state's own, to read.
func (s *State) Outcome() *ryb.Outcome { return &s.last }

// Pending returns the action of the seat whose dice are to roll, and
// whether there is one: at chance's turn, what the seat chose.
func (s *State) Pending() (ryb.Action, bool) {
	if s.chosen && !s.g.Over() {
		return s.act, true
	}
	return ryb.Action{}, false
}

// Over reports whether the game is over.
func (s *State) Over() bool { return s.g.Over() }

// Players are the players' names in seating order.
func (s *State) Players() []string { return s.h.Players }

// The kinds of turn of the game.
const (
	KindAct  = "act"  // a seat's action: bet, pass, cheer, or none
	KindRoll = "roll" // chance rolls the two dice
)

// Turn says who acts now: the seat to act, chance to roll the dice once it
// has chosen, nobody once a medal has taken a marker to the finish.
func (s *State) Turn() engine.Turn {
	switch {
	case s.g.Over():
		return engine.Turn{Seat: engine.SeatNone}
	case s.chosen:
		return engine.Turn{Seat: engine.SeatChance, Kind: KindRoll}
	}
	return engine.Turn{Seat: s.g.Turn(), Kind: KindAct}
}

// Encode writes an action as the protocol's engine.Action: its kind times
// eight, plus its horse.
func Encode(a ryb.Action) engine.Action { return engine.Action(a.Kind)<<3 | engine.Action(a.Horse) }

// Decode reads an engine.Action back; ok is false for a number that is no
// action.
func Decode(x engine.Action) (a ryb.Action, ok bool) {
	if uint32(x) >= uint32(len(actions)) || !actions[x] {
		return ryb.Action{}, false
	}
	return ryb.Action{Kind: ryb.Kind(x >> 3), Horse: int8(x & 7)}, true
}

// actions says which numbers below (Early+1)*8 Encode gives.
var actions = func() (ok [(ryb.Early + 1) << 3]bool) {
	for h := 1; h <= ryb.Horses; h++ {
		ok[Encode(ryb.BetOn(h))], ok[Encode(ryb.CheerFor(h))] = true, true
	}
	ok[Encode(ryb.PassTurn())], ok[Encode(ryb.EarlyRoll())] = true, true
	return ok
}()

// Legal appends the actions open to the seat to act: each bet with a
// space, the pass when allowed, a cheer for each horse, and the turn with
// no action only when a pass is not allowed. Nothing at chance's turn or
// after the end.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	if s.chosen || s.g.Over() {
		return buf
	}
	var acts [2*ryb.Horses + 2]ryb.Action
	for _, a := range s.g.Legal(s.g.Turn(), acts[:0]) {
		buf = append(buf, Encode(a))
	}
	return buf
}

// Apply plays x, the action of the seat to act: the dice are then to
// roll. An action the rules refuse is the *engine.Violation check gives.
func (s *State) Apply(x engine.Action) error {
	a, ok := Decode(x)
	switch {
	case s.g.Over():
		return s.g.Check(s.g.Turn(), a)
	case s.chosen:
		return engine.Violate(ryb.RuleOrder, "%s has acted: the dice are to roll", engine.SeatName(s.g.Turn()))
	case !ok:
		return engine.Violate(ryb.RuleNotation, "%d is no action", x)
	}
	if v := s.g.Check(s.g.Turn(), a); v != nil {
		return v
	}
	s.chosen, s.act = true, a
	return nil
}

// Chance rolls the two dice for the seat that has acted and plays them.
func (s *State) Chance(rng *rand.Rand) error {
	if !s.chosen {
		return fmt.Errorf("it is %v, not chance's roll", s.Turn())
	}
	s.roll(ryb.Dice{engine.Roll(rng), engine.Roll(rng)})
	return nil
}

// Throw describes chance without the log's text (engine.Throw): at
// chance's turn the two dice, die A and die B, of the seat that has
// chosen, written with its choice ("Cal bet 3 {}{}"); at a seat's
// decision the last throw, as it fell; nothing before the first throw
// and once the game is over.
func (s *State) Throw() engine.Throw {
	t := s.Turn()
	switch {
	case t.Over():
		return engine.Throw{}
	case t.Chance():
		seat := s.g.Turn()
		text := notation.AppendChoice(nil, s.h.Players[seat], s.act)
		return engine.Throw{Kind: KindRoll, Thrower: seat, Dice: dieAB(seat, ryb.Dice{}),
			Text: string(text) + " " + engine.Slot + engine.Slot}
	case len(s.turns) == 0:
		return engine.Throw{}
	}
	last := s.turns[len(s.turns)-1]
	return engine.Throw{Kind: KindRoll, Thrower: int(last.seat), Dice: dieAB(int(last.seat), last.dice)}
}

// dieAB are the two dice of a throw by seat, showing d (zero: not thrown).
func dieAB(seat int, d ryb.Dice) []engine.Draw {
	return []engine.Draw{{For: "die A", Seat: seat, Face: int(d[0])}, {For: "die B", Seat: seat, Face: int(d[1])}}
}

// roll plays the chosen action with dice d, and records the turn.
func (s *State) roll(d ryb.Dice) {
	seat := s.g.Turn()
	s.last = s.g.Roll(seat, s.act, d)
	s.chosen = false
	s.turns = append(s.turns, turn{int8(seat), s.act, d})
	if s.last.N > 0 {
		s.awards = append(s.awards, s.last.Awards[:s.last.N]...)
	}
}

// fresh is the game as it stood before the first turn, for Score and
// View to replay the turns from.
func (s *State) fresh() ryb.Game {
	g, _ := ryb.NewOn(s.g.Tables(), s.h.Finish, len(s.h.Players))
	return g
}

// Choice says how action x reads: its text as the log writes it before the
// roll ("Cal bet 3"), a label for a button under its action's heading
// ("horse 3" under "bet on"), and the horse it names.
func (s *State) Choice(x engine.Action) engine.Choice {
	a, ok := Decode(x)
	if !ok {
		return engine.Choice{}
	}
	name := s.h.Players[s.g.Turn()]
	c := engine.Choice{Text: string(notation.AppendChoice(nil, name, a))}
	switch a.Kind {
	case ryb.Bet:
		c.Label, c.Group = fmt.Sprintf("horse %d", a.Horse), "bet on"
	case ryb.Cheer:
		c.Label, c.Group = fmt.Sprintf("horse %d", a.Horse), "cheer on"
	case ryb.Pass:
		c.Label = "pass: move your score marker"
	case ryb.Early:
		c.Label = "roll with no action"
	}
	if a.Horse != 0 {
		c.Part = fmt.Sprintf("horse %d", a.Horse)
	}
	return c
}

// Play reads text written as the log writes it and plays it: a seat's
// choice ("Cal bet 3", "Cal" for the turn with no action), a whole turn
// ("Cal bet 3 33"), at chance's turn the whole turn of the choice made
// (the dice thrown for it, as Throw writes it) or the roll alone ("33"),
// or a points line. A problem is an *engine.Error with the rule and check's message,
// on line 0; the state is left as it was.
func (s *State) Play(text string) error {
	if s.chosen && !s.g.Over() {
		if p, ok := engine.Pair([]byte(strings.TrimSpace(text))); ok {
			s.roll(ryb.Dice(p))
			return nil
		}
	}
	var st notation.Statement
	if err := notation.ReadStatement(&s.h, text, &st); err != nil {
		return err
	}
	return s.Take(&st)
}

// Take plays a statement of the log: a turn (without its roll, when it is
// the seat's choice alone; at chance's turn, the turn of the choice made,
// with its roll), or a points line, checked against the game.
// A problem is an *engine.Error at st.Line with the rule broken and a
// message naming the statement as written.
func (s *State) Take(st *notation.Statement) error {
	if st.Kind == notation.KindPoints {
		return s.claim(st)
	}
	if s.chosen && !s.g.Over() {
		seat := s.g.Turn()
		switch {
		case st.Dice == (ryb.Dice{}) || st.Seat != seat:
			return engine.Errorf(st.Line, ryb.RuleOrder, "%s: the roll of %s's turn comes first", s.written(st), s.h.Players[seat])
		case st.Action != s.act:
			return engine.Errorf(st.Line, ryb.RuleOrder, "%s: %s has chosen %s, and the dice roll for that", s.written(st), s.h.Players[seat],
				s.written(&notation.Statement{Kind: notation.KindTurn, Seat: seat, Action: s.act}))
		}
		// The turn as the log writes it, once its choice is made: the
		// dice thrown for it.
		s.roll(st.Dice)
		return nil
	}
	if v := s.g.Check(st.Seat, st.Action); v != nil {
		return engine.Errorf(st.Line, v.Rule, "%s: %s", s.written(st), s.describe(v))
	}
	s.chosen, s.act = true, st.Action
	if st.Dice != (ryb.Dice{}) {
		s.roll(st.Dice)
	}
	return nil
}

// describe words a violation with the players' names, and the seating
// order beside a turn out of it.
func (s *State) describe(v *engine.Violation) string {
	msg := v.Msg(s.h.Players)
	if v.Rule == ryb.RuleOrder {
		msg += " (seating order " + strings.Join(s.h.Players, ", ") + ")"
	}
	if v.Hint != "" {
		msg += "; " + v.Hint
	}
	return msg
}

// written is a turn as the log writes it, less its roll: "Ana bet 3",
// "Ana pass", "Ana cheer 4", or for an early roll "Ana 46".
func (s *State) written(st *notation.Statement) string {
	name := s.h.Players[st.Seat]
	if st.Action.Kind == ryb.Early {
		if st.Dice == (ryb.Dice{}) {
			return name
		}
		return name + " " + st.Dice.String()
	}
	return name + " " + st.Action.String()
}

// claim checks a points line: once the game is over, for a player at the
// table, once each, with the points the game gives.
func (s *State) claim(st *notation.Statement) error {
	name := st.Name
	if st.Seat >= 0 {
		name = s.h.Players[st.Seat]
	}
	stmt := func() string { return fmt.Sprintf("points %s %d", name, st.Points) }
	switch {
	case !s.g.Over():
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: a points line comes after the turn that ends the game, and the game has not ended", stmt())
	case st.Seat < 0:
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: %s is not a player (players: %s)", stmt(), engine.Quote([]byte(st.Name)), strings.Join(s.h.Players, ", "))
	case slices.ContainsFunc(s.claims[:s.nclaims], func(c notation.Statement) bool { return c.Seat == st.Seat }):
		first := fmt.Sprintf(" (the first is on line %d)", s.claimed[st.Seat])
		if s.claimed[st.Seat] == 0 {
			first = ""
		}
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: a second points line for %s%s", stmt(), name, first)
	}
	if have := s.g.Points(st.Seat); have != st.Points {
		p := s.Score().Players[st.Seat]
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: the log gives %s %d, not %d: %s", stmt(), name, have, st.Points, p.Breakdown())
	}
	s.claimed[st.Seat] = st.Line
	s.claims[s.nclaims] = *st
	s.nclaims++
	return nil
}

// AppendLog appends the log so far: the header, every turn whose roll has
// been made, and the points lines read.
func (s *State) AppendLog(b []byte) []byte {
	b = notation.AppendHeader(b, &s.h)
	for _, t := range s.turns {
		b = notation.AppendStatement(b, &s.h, &notation.Statement{Kind: notation.KindTurn, Seat: int(t.seat), Action: t.act, Dice: t.dice})
	}
	for i := range s.claims[:s.nclaims] {
		b = notation.AppendStatement(b, &s.h, &s.claims[i])
	}
	return b
}

// Result is the score so far.
func (s *State) Result() (engine.Verdict, error) { return s.Score(), nil }

// Score is the game's score so far, what score prints of its log (with
// --partial while the game runs).
func (s *State) Score() *Score {
	n := len(s.h.Players)
	sc := &Score{
		Names:   slices.Clone(s.h.Players),
		Board:   s.h.Board,
		Finish:  s.h.Finish,
		Turns:   s.g.Turns(),
		Over:    s.g.Over(),
		Players: make([]Player, n),
	}
	for p := range n {
		sc.Players[p].Medals = []Share{}
		sc.Players[p].Passes, sc.Players[p].Gold, sc.Players[p].Silver = s.g.Breakdown(p)
	}
	// every race in which a turn was played, medals or not
	races := s.g.Race()
	if len(s.turns) == 0 || s.last.RaceOver {
		races--
	}
	sc.Races = make([]Race, races)
	for i := range s.awards {
		aw := &s.awards[i]
		r := &sc.Races[aw.Race-1]
		if aw.Medal == ryb.Gold {
			r.Gold = int(aw.Horse)
		} else {
			r.Silver = int(aw.Horse)
		}
		for p := range n {
			if aw.Holders&(1<<p) != 0 {
				sc.Players[p].Medals = append(sc.Players[p].Medals, Share{Race: int(aw.Race), Medal: aw.Medal,
					Horse: int(aw.Horse), Counters: int(aw.Top), Shared: int(aw.Shared), Points: int(aw.Each)})
			}
		}
	}
	lead := s.g.Leaders()
	for p := range n {
		if lead&(1<<p) != 0 {
			sc.Leaders = append(sc.Leaders, p)
		}
	}
	return sc
}

// Clone returns an independent copy of the state.
func (s *State) Clone() engine.State {
	c := *s
	c.h.Players = slices.Clone(s.h.Players)
	c.turns = slices.Clone(s.turns)
	c.awards = slices.Clone(s.awards)
	return &c
}
