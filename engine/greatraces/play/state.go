package play

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
)

// State is a game of The Great Races in progress, as the play protocol
// drives it: the sheet, the dice waiting for their split, and every turn
// played, for the log. Its zero value is not a game; use New, Read or
// Replay.
type State struct {
	names  []string // the players in column order; never changed, shared by clones
	g      gr.Game
	dice   [gr.Dice]int8    // the throw waiting for its split, while rolled
	throw  uint32           // ... packed as a turn packs it
	rolled bool             // a seat is to split: never on a transcript, nor once the game is over
	offers [6]engine.Action // the splits of the dice, while rolled, as Offer numbers them
	moves  [6]gr.Move       // ... and the same as moves
	sheet  bool             // read from a transcript: no turns
	open   bool             // a transcript may hold races still open
	out    gr.Outcome
	// The rolls played are past's then recent's. past is shared with
	// clones, which clip it, and never written where one can see it;
	// recent, the last few, is the state's own, and goes into past once
	// it holds foldAt (see Clone).
	past, recent []turn
}

// foldAt is the number of recent turns a clone copies at most: past it,
// they join the shared past.
const foldAt = 64

// turn is one roll as the log writes it, packed in a word: the dice in
// the low twelve bits (three a die, the first die highest), the split's
// action above them. A word is stored and read whole, where a record of
// bytes stored one by one and read back at once would stall.
type turn uint32

// pack packs the dice of a turn.
func pack(d *[gr.Dice]int8) uint32 {
	return uint32(d[0])<<9 | uint32(d[1])<<6 | uint32(d[2])<<3 | uint32(d[3])
}

// dice unpacks the dice of a turn.
func (t turn) dice() [gr.Dice]int8 {
	return [gr.Dice]int8{int8(t >> 9 & 7), int8(t >> 6 & 7), int8(t >> 3 & 7), int8(t & 7)}
}

// move unpacks the split of a turn.
func (t turn) move() gr.Move { return moveOf(engine.Action(t >> 12)) }

var _ engine.State = (*State)(nil)

// Players are the names of the seats, in column order.
func (s *State) Players() []string { return s.names }

// Board is the standard board played, or the variant's base.
func (s *State) Board() gr.Board { return s.g.Board() }

// Variant is the board played, its numbers as a variant: a standard
// board's own, or a designer's. Read it, never change it.
func (s *State) Variant() *gr.Variant { return s.g.Variant() }

// Header is the log's header: the players, and the board or the variant.
func (s *State) Header() notation.Header {
	h := notation.Header{Names: s.names, Board: s.g.Board()}
	if d := s.g.Digest(); d != "" {
		h.Variant, h.Digest = s.g.Variant().Name(), d
	}
	return h
}

// Transcript reports whether the state was read from a sheet transcript,
// which has no turns.
func (s *State) Transcript() bool { return s.sheet }

// Game is the game as it stands: the sheet, whose turn it is, the points.
// It belongs to the state: read it, or copy it to look ahead (a bot plays
// on its own copy), but never change it.
func (s *State) Game() *gr.Game { return &s.g }

// Dice are the four dice thrown and waiting for their split; ok is false
// at chance's turn and once the game is over.
func (s *State) Dice() (dice [gr.Dice]int8, ok bool) { return s.dice, s.rolled }

// Outcome is what the last turn did, pair by pair; zero before the first.
func (s *State) Outcome() gr.Outcome { return s.out }

// Turns is the number of rolls played.
func (s *State) Turns() int { return len(s.past) + len(s.recent) }

// turn is the i-th turn played, from 0.
func (s *State) turn(i int) turn {
	if i < len(s.past) {
		return s.past[i]
	}
	return s.recent[i-len(s.past)]
}

// Turn says who acts now: chance to throw the dice ("roll"), the seat
// whose turn it is to split them ("split"), or nobody once the last race
// has closed (and on a transcript, which has no turns).
func (s *State) Turn() engine.Turn {
	switch {
	case s.sheet || s.g.Over():
		return engine.Turn{Seat: engine.SeatNone}
	case !s.rolled:
		return engine.Turn{Seat: engine.SeatChance, Kind: "roll"}
	}
	return engine.Turn{Seat: s.g.Next(), Kind: "split"}
}

// Legal appends the splits of the dice thrown to buf: each of the three
// pairings in both orders, a split that writes the same line as one
// before it left out. It appends nothing unless a seat is to split.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	if !s.rolled {
		return buf
	}
	start := len(buf)
	for _, a := range s.offers {
		if !slices.Contains(buf[start:], a) {
			buf = append(buf, a)
		}
	}
	return buf
}

// Apply plays a, one of Legal's splits, for the seat whose turn it is.
// Any other action is refused with a *engine.Violation, and the state is
// left as it was.
func (s *State) Apply(a engine.Action) error {
	if s.rolled {
		for i := range s.offers {
			if s.offers[i] == a {
				s.split(&s.moves[i], a)
				return nil
			}
		}
	}
	return s.refuse(a)
}

// refuse says why a is not a split the seat to act may make.
func (s *State) refuse(a engine.Action) *engine.Violation {
	switch {
	case s.sheet:
		return engine.Violate(gr.RuleNotation, "a sheet transcript has no turns")
	case s.g.Over():
		return s.g.Check(s.g.Next(), s.dice, gr.Move{})
	case !s.rolled:
		return engine.Violate(gr.RuleSplit, "the dice are not thrown yet: %s splits them once chance has rolled",
			engine.SeatName(s.g.Next()))
	}
	if m, ok := MoveOf(a); ok {
		if v := s.g.Check(s.g.Next(), s.dice, m); v != nil {
			return v
		}
		return engine.Violate(gr.RuleSplit, "split %s: the splits offered write each pair's dice in the order they were thrown, %s",
			m, diceText(s.dice))
	}
	return engine.Violate(gr.RuleSplit, "action %d is not a split: an action is the four digits of the pairs in octal, as 0o4352 for split 43 52", a)
}

// split plays m, a split of the dice thrown whose action is a, for the
// seat whose turn it is.
func (s *State) split(m *gr.Move, a engine.Action) {
	s.g.AdvanceTo(m, &s.out)
	s.recent = append(s.recent, turn(s.throw|uint32(a)<<12))
	s.rolled = false
}

// Chance throws the four dice with rng, for the seat whose turn it is to
// split.
func (s *State) Chance(rng *rand.Rand) error {
	if s.rolled || s.sheet || s.g.Over() {
		return fmt.Errorf("it is not chance's turn but %v", s.Turn())
	}
	for k := range s.dice {
		s.dice[k] = engine.Roll(rng)
	}
	s.throw, s.rolled = pack(&s.dice), true
	s.offer()
	return nil
}

// Roll is chance's turn with the dice given, as thrown at a table: they
// wait for the seat whose turn it is to split them.
func (s *State) Roll(dice [gr.Dice]int8) error {
	if t := s.Turn(); !t.Chance() {
		if t.Over() {
			return s.refuse(0)
		}
		return engine.Violate(gr.RuleSplit, "the dice are thrown already (%s): %s splits them before the next roll",
			diceText(s.dice), engine.SeatName(s.g.Next()))
	}
	for _, d := range dice {
		if d < 1 || d > 6 {
			return engine.Violate(gr.RuleSplit, "%d is not a die (1-6)", d)
		}
	}
	s.dice, s.rolled = dice, true
	s.throw = pack(&s.dice)
	s.offer()
	return nil
}

// Throw describes chance without the log's text (engine.Throw): at
// chance's turn the four dice of the seat whose turn it is, thrown alone
// ("roll Ana {} {} {} {}"); at the split, the four dice thrown.
func (s *State) Throw() engine.Throw {
	t := s.Turn()
	if t.Over() {
		return engine.Throw{}
	}
	seat := s.g.Next()
	th := engine.Throw{Kind: "roll", Thrower: seat, Dice: make([]engine.Draw, gr.Dice)}
	for i := range th.Dice {
		th.Dice[i].Seat = seat
		if s.rolled {
			th.Dice[i].Face = int(s.dice[i])
		}
	}
	if t.Chance() {
		th.Text = "roll " + s.names[seat] + strings.Repeat(" "+engine.Slot, gr.Dice)
	}
	return th
}

// Choice says how a split reads: the whole roll line as the log writes
// it; a label in the players' words, the races its pairs feed in the
// order they are used ("race 4, then race 6"), under the pairing's
// heading ("1+3 and 1+5"), which both orders share; and the races as the
// part of the sheet it concerns ("race 7", or "race 7, race 9").
func (s *State) Choice(a engine.Action) engine.Choice {
	m, ok := MoveOf(a)
	if !ok {
		return engine.Choice{Text: fmt.Sprint(a), Label: "not a split"}
	}
	text := notation.AppendRoll(nil, s.names[s.g.Next()], s.dice, m)
	c := engine.Choice{Text: string(text[:len(text)-1]), Group: pairing(m)}
	x, y := m.A.Sum(), m.B.Sum()
	race := func(r int) string {
		if !s.g.Open(r) {
			return fmt.Sprintf("race %d (over: the pair is lost)", r)
		}
		return fmt.Sprintf("race %d", r)
	}
	if x == y {
		c.Label = fmt.Sprintf("%s twice, %s first", race(x), plus(m.A))
		c.Part = fmt.Sprintf("race %d", x)
		c.Uses = s.uses(m, fmt.Sprintf("race %d first", x), fmt.Sprintf("race %d second", y))
	} else {
		c.Label = fmt.Sprintf("%s, then %s", race(x), race(y))
		c.Part = fmt.Sprintf("race %d, race %d", x, y)
		c.Uses = s.uses(m, fmt.Sprintf("race %d", x), fmt.Sprintf("race %d", y))
	}
	return c
}

// uses says what split m makes of each die thrown, in the throw's order:
// a of the dice of its first pair, b of its second's. Dice that show the
// same face are alike: a pair takes the first it finds.
func (s *State) uses(m gr.Move, a, b string) []string {
	u := make([]string, len(s.dice))
	for _, p := range [2]struct {
		pair gr.Pair
		use  string
	}{{m.A, a}, {m.B, b}} {
		for _, f := range p.pair {
			for i, d := range s.dice {
				if u[i] == "" && d == f {
					u[i] = p.use
					break
				}
			}
		}
	}
	return u
}

// pairing names the two pairs of a split whichever is used first, each
// low die first and the lower pair first: "1+3 and 1+5".
func pairing(m gr.Move) string {
	a, b := low(m.A), low(m.B)
	if b[0] < a[0] || b[0] == a[0] && b[1] < a[1] {
		a, b = b, a
	}
	return plus(a) + " and " + plus(b)
}

// low is pair p with its low die first.
func low(p gr.Pair) gr.Pair {
	if p[0] > p[1] {
		p[0], p[1] = p[1], p[0]
	}
	return p
}

// plus writes a pair as a sum of its dice: "4+3".
func plus(p gr.Pair) string { return fmt.Sprintf("%d+%d", p[0], p[1]) }

// Play reads one statement as the log writes it and plays it: a whole
// roll line (at chance's turn, or at the split's with the dice thrown),
// the throw alone at chance's turn ("roll Ana 4 5 3 2", the dice thrown
// at the table: the seat then splits them, its choices writing the whole
// line), a race line of a transcript, or a points claim, which is checked
// against the sheet and changes nothing. What is not well formed, or breaks a
// rule, is an *engine.Error with Line 0 and the message check gives that
// statement; the state is left as it was.
func (s *State) Play(text string) error {
	var st notation.Statement
	h := s.Header()
	if err := notation.ParseStatement(&h, text, &st); err != nil {
		return err
	}
	return s.play(&st)
}

// play plays one decoded statement, its errors on the statement's line.
func (s *State) play(st *notation.Statement) error {
	switch st.Kind {
	case notation.KindRoll:
		return s.playRoll(st)
	case notation.KindRace:
		if err := s.g.SetRace(st.Race, st.Counts[:len(s.names)], s.open); err != nil {
			return s.errorAt(st, "", err)
		}
		return nil
	case notation.KindPoints:
		return s.claim(st)
	}
	return engine.Errorf(st.Line, gr.RuleNotation, "%s is not a statement of a game's body", st.Kind)
}

// playRoll plays a roll line: the dice, then their split; or, at
// chance's turn, the dice alone (a throw, with no split).
func (s *State) playRoll(st *notation.Statement) error {
	if st.Move == (gr.Move{}) {
		return s.playThrow(st)
	}
	if s.rolled && st.Dice != s.dice && !s.sheet || s.g.Check(st.Seat, st.Dice, st.Move) != nil {
		return s.checkRoll(st)
	}
	s.dice = st.Dice
	s.throw = pack(&s.dice)
	s.split(&st.Move, ActionOf(st.Move))
	return nil
}

// playThrow plays the dice of a throw alone, at chance's turn, for the
// seat whose turn it is to split them.
func (s *State) playThrow(st *notation.Statement) error {
	what := "roll " + s.names[st.Seat]
	if !s.Turn().Chance() {
		return s.errorAt(st, what, s.Roll(st.Dice))
	}
	// The throw's order and dice as check sees a roll line's: split as
	// it was thrown, it is a split of its own dice.
	d := st.Dice
	if v := s.g.Check(st.Seat, d, gr.Move{A: gr.Pair{d[0], d[1]}, B: gr.Pair{d[2], d[3]}}); v != nil {
		return s.errorAt(st, what, s.late(st, v))
	}
	return s.errorAt(st, what, s.Roll(d))
}

// checkRoll says what check says of a roll line that the rules refuse,
// and nil when they take it.
func (s *State) checkRoll(st *notation.Statement) error {
	if s.rolled && st.Dice != s.dice && !s.sheet {
		return engine.Errorf(st.Line, gr.RuleSplit, "roll %s: the dice thrown are %s, not %s", s.names[st.Seat], diceText(s.dice), diceText(st.Dice))
	}
	if v := s.g.Check(st.Seat, st.Dice, st.Move); v != nil {
		return s.errorAt(st, "roll "+s.names[st.Seat], s.late(st, v))
	}
	return nil
}

// late gives v, a violation of roll st, its hint when the roller comes
// one column late: the line of the player between is the likely cause.
func (s *State) late(st *notation.Statement, v *engine.Violation) *engine.Violation {
	if v.Rule == gr.RuleOrder && (st.Seat-v.Seat+len(s.names))%len(s.names) == 1 {
		v.Hint = "a line may be missing above"
	}
	return v
}

// errorAt words a violation as check reports it on st's line: after what
// (the statement's first words) when given, players by name; nil for
// none.
func (s *State) errorAt(st *notation.Statement, what string, err error) error {
	if err == nil {
		return nil
	}
	v, ok := engine.AsViolation(err)
	if !ok {
		return err
	}
	msg := v.Describe(s.names)
	if what != "" {
		msg = what + ": " + msg
	}
	return &engine.Error{Line: st.Line, Rule: v.Rule, Msg: msg}
}

// claim checks a points line against the sheet: it comes once the game
// is over (every race line given, in a transcript) and gives the score
// the sheet makes.
func (s *State) claim(st *notation.Statement) error {
	g := &s.g
	who := s.names[st.Seat]
	if !g.Over() {
		if missing := gr.AllRaces &^ s.filled(); s.sheet && missing != 0 {
			lines, hint := "line", "a line may be missing above"
			if missing.Len() > 1 {
				lines, hint = "lines", "lines may be missing above"
			}
			return engine.Errorf(st.Line, gr.RuleSheet,
				"points %s %d comes before the %s of %s: a transcript gives all eleven races, then the points; %s",
				who, st.Points, lines, racesNoun(missing), hint)
		}
		return engine.Errorf(st.Line, gr.RulePoints, "points %s %d before the game is over: %s still open after %s",
			who, st.Points, racesVerb(g.OpenRaces()), gr.Count(g.Turns(), "turn", "turns"))
	}
	if have := g.Points(st.Seat); have != st.Points {
		return engine.Errorf(st.Line, gr.RulePoints, "points %s %d: the sheet gives %s %d, not %d: %s",
			who, st.Points, who, have, st.Points, breakdownText(g.Breakdown(st.Seat)))
	}
	return nil
}

// filled is the set of races a transcript has given so far.
func (s *State) filled() gr.RaceSet {
	var set gr.RaceSet
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		if s.g.Filled(r) {
			set = set.Add(r)
		}
	}
	return set
}

// Unfinished is the error of a file that keeps every rule and stops
// before the end of the game, reported on its last line: nil when the game
// is over. It has Unfinished set: judged as partial, the file would pass.
func (s *State) Unfinished(last int) *engine.Error {
	var e *engine.Error
	switch g := &s.g; {
	case g.Over():
		return nil
	case s.sheet && s.filled() != gr.AllRaces:
		e = engine.Errorf(last, gr.RuleSheet, "the transcript has no line for %s: a finished sheet gives all eleven races",
			racesNoun(gr.AllRaces&^s.filled()))
	case s.sheet:
		// Every race given and one open: only a partial transcript takes
		// a race with no full track, so this is not reached.
		e = engine.Errorf(last, gr.RuleSheet, "the transcript leaves %s open: a finished sheet has a full track in every race",
			racesNoun(g.OpenRaces()))
	case g.Turns() == 0:
		e = engine.Errorf(last, gr.RuleUnfinished, "the log has no turn: it runs from the first roll to the one that closes the last race")
	default:
		e = engine.Errorf(last, gr.RuleUnfinished, "the log stops before the end of the game: %s still open after %s",
			racesVerb(g.OpenRaces()), gr.Count(g.Turns(), "turn", "turns"))
	}
	e.Unfinished = true
	return e
}

// AppendLog appends the log so far to b: the header, then every roll
// played (a throw waiting for its split is not a line yet), or, for a
// transcript, a race line for every race given.
func (s *State) AppendLog(b []byte) []byte {
	hd := s.Header()
	h := &hd
	b = notation.AppendHeader(b, h)
	if s.sheet {
		for r := gr.FirstRace; r <= gr.LastRace; r++ {
			if !s.g.Filled(r) {
				continue
			}
			st := notation.Statement{Kind: notation.KindRace, Race: r}
			for p := range s.names {
				st.Counts[p] = s.g.Marks(r, p)
			}
			b = notation.AppendStatement(b, h, &st)
		}
		return b
	}
	for i := range s.Turns() {
		t := s.turn(i)
		b = notation.AppendRoll(b, s.names[i%len(s.names)], t.dice(), t.move())
	}
	return b
}

// Result is what score says of the game so far (score --partial while it
// runs): a *Verdict.
func (s *State) Result() (engine.Verdict, error) { return s.Verdict(), nil }

// Verdict is the game so far as score reports it.
func (s *State) Verdict() *Verdict {
	return &Verdict{Names: s.names, Board: s.g.Board(), Transcript: s.sheet, Partial: !s.g.Over(), Over: s.g.Over(), Game: s.g}
}

// View is the game as the printables draw it: a View.
func (s *State) View() any {
	v := View{Names: s.names, Board: s.g.Board(), Sheet: s.g, Turn: s.Turn(), Last: s.out, Turns: s.Turns()}
	if s.rolled {
		v.Dice = s.dice
	}
	if k := s.Turns(); k > 0 {
		v.LastThrow, v.LastSplit = s.turn(k-1).dice(), s.turn(k-1).move()
	}
	return v
}

// Rewind returns a new state of the game as it stood after its first n
// turns (rolls), 0 to Turns(): chance to throw next, or the game over.
func (s *State) Rewind(n int) (*State, error) {
	if n < 0 || n > s.Turns() {
		return nil, fmt.Errorf("the game has %s, not %d", gr.Count(s.Turns(), "turn", "turns"), n)
	}
	c := &State{names: s.names, g: s.g, sheet: s.sheet, open: s.open, recent: make([]turn, 0, s.Turns())}
	if !s.sheet { // a transcript has no turns: it is its sheet
		c.g.Restart()
	}
	for i := range n {
		t := s.turn(i)
		c.dice = t.dice()
		c.throw = pack(&c.dice)
		m := t.move()
		c.split(&m, engine.Action(t>>12))
	}
	return c, nil
}

// Clone returns an independent copy of the state. The turns played are
// shared but for the last few, so that a copy, and a turn played on it,
// cost the same however long the game: a review, which plays each legal
// split on a copy, and a server's replay, which looks at each roll on
// one, take time that grows with a log's length, not with its square.
func (s *State) Clone() engine.State {
	if len(s.recent) >= foldAt {
		// Only s appends to its past's array, past the length its clones
		// hold, which they clip.
		s.past = append(s.past, s.recent...)
		s.recent = s.recent[:0]
	}
	c := *s
	c.past = slices.Clip(s.past)
	c.recent = append(make([]turn, 0, len(s.recent)+1), s.recent...)
	return &c
}

// Reset starts the game again from its setup, keeping the state's memory:
// a simulator plays game after game on one State without allocating.
func (s *State) Reset() {
	s.g.Restart()
	s.dice, s.rolled, s.out = [gr.Dice]int8{}, false, gr.Outcome{}
	s.past, s.recent = nil, s.recent[:0]
}

func diceText(d [gr.Dice]int8) string {
	return fmt.Sprintf("%d %d %d %d", d[0], d[1], d[2], d[3])
}

// racesVerb writes a set of races with its verb: "race 7 is", "races 7
// and 8 are", "all eleven races are".
func racesVerb(s gr.RaceSet) string {
	if s.Len() == 1 {
		return racesNoun(s) + " is"
	}
	return racesNoun(s) + " are"
}

// racesNoun writes a set of races: "race 7", "races 7 and 8", "all eleven
// races".
func racesNoun(s gr.RaceSet) string {
	switch {
	case s == gr.AllRaces:
		return "all eleven races"
	case s.Len() == 1:
		return "race " + s.String()
	}
	return "races " + s.String()
}

// breakdownText writes a score item by item: "1st place 60 (races 2, 4
// and 6) + 2nd place 12 (races 7 and 11)".
func breakdownText(b gr.Breakdown) string {
	part := func(what string, pts int, s gr.RaceSet) string {
		if s.Len() == 0 {
			return what + " 0"
		}
		word := "races"
		if s.Len() == 1 {
			word = "race"
		}
		return fmt.Sprintf("%s %d (%s %s)", what, pts, word, s)
	}
	return part("1st place", b.First, b.Won) + " + " + part("2nd place", b.Second, b.Placed)
}
