package play

import (
	"fmt"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// play plays statement st, read from a log or a text: the lenient side of
// the one path every action, chance outcome, statement read back and log
// replayed takes (the steps below), in whatever form check takes it. It
// leaves the state as it was when the rules refuse st.
func (s *State) play(st *notation.Statement) *engine.Violation {
	if st.Kind == notation.KindRail && s.started {
		return s.rail(st.Draws)
	}
	if s.stage <= StageRail {
		done, v := s.setupStatement(st)
		if done || v != nil {
			return v
		}
	}
	r := &s.race
	if st.Kind == notation.KindPurse {
		return engine.Violate(house.RuleOrder, "a purse is what a player claims once the race is over, not a move")
	}
	if r.Over() {
		return engine.Violate(house.RuleOver, "the race is over: it ended after turn %d", r.Turns())
	}
	switch st.Kind {
	case notation.KindBack:
		return s.stake(st.Seat, st.N, st.Times)
	case notation.KindRoll:
		return s.roll(st.Seat, &st.Dice)
	case notation.KindKeep:
		return s.keep(st.Move)
	case notation.KindCut:
		return s.cut(st.Cut)
	case notation.KindPlay:
		return s.move(st.Seat, st.Move)
	case notation.KindRolloffLane:
		return s.rolloff(st.N, st.Draws)
	case notation.KindRolloffWire:
		return s.rolloff(0, st.Draws)
	}
	return engine.Violate(house.RuleOrder, "%s belongs in the header, before the first roll", st.Kind)
}

// The steps of a game, each played by the engine's rules and written in
// the log once they keep them: what play, Apply and Chance do.

// setLayout sets the layout die, at the layout's turn.
func (s *State) setLayout(n int) *engine.Violation {
	if n < 1 || n > 6 {
		return engine.About(house.RuleSetup, house.PartLayout, -1, "layout roll %d is not a die (1-6)", n)
	}
	s.hdr.Layout = n
	return asViolation(s.setup())
}

// setJockey gives seat its jockey, at the seat's turn to get one.
func (s *State) setJockey(seat int, j house.Jockey) *engine.Violation {
	if seat != int(s.seat) {
		return engine.Violate(house.RuleOrder, "the jockeys come in seat order: %s's comes first", engine.SeatName(s.seat))
	}
	if j == house.NoJockey || j > house.Spread {
		return engine.About(house.RuleSetup, house.PartJockey, seat, "unknown jockey %d", j)
	}
	s.jockeys[seat] = j
	s.seat++
	return asViolation(s.setup())
}

// setWager names seat's side wager (0 for none), at the seat's turn.
func (s *State) setWager(seat, lane int) *engine.Violation {
	if seat != int(s.seat) {
		return engine.Violate(house.RuleOrder, "the side wagers come in seat order: %s's comes first", engine.SeatName(s.seat))
	}
	if lane < 0 || lane > house.Lanes {
		return engine.About(house.RuleSetup, house.PartWager, seat, "a side wager names a lane 1-6, not %d", lane)
	}
	s.wagers[seat], s.hdr.Wagers[seat] = lane, lane
	s.seat++
	if v := asViolation(s.setup()); v != nil {
		s.seat--
		s.wagers[seat], s.hdr.Wagers[seat] = 0, 0
		return v
	}
	return nil
}

// rail plays a line of the draw for the rail.
func (s *State) rail(ds []house.Draw) *engine.Violation {
	if err := s.race.Rail(ds); err != nil {
		return asViolation(err)
	}
	s.pushDraws(event{kind: notation.KindRail}, ds)
	if s.stage <= StageRail {
		return asViolation(s.setup())
	}
	s.advance()
	return nil
}

// stake places seat's stake on horse: its multiplier as written, checked
// (0 for not written), or -1 to write the one the stake takes.
func (s *State) stake(seat, horse, times int) *engine.Violation {
	r := &s.race
	if times > 0 {
		// The multiplier written is checked before the stake is placed.
		t, err := r.CanBack(seat, horse)
		switch {
		case err != nil:
			return asViolation(err)
		case times != t && r.Field()[horse-1].Station() == house.NotStarted:
			return engine.Violate(house.RuleStake, "horse %d has not started, so the stake is x%d, not x%d", horse, t, times)
		case times != t:
			return engine.Violate(house.RuleStake, "horse %d stands at %s, so the stake is x%d, not x%d", horse, r.Field()[horse-1].Station(), t, times)
		}
	}
	t, err := r.Back(seat, horse)
	if err != nil {
		return asViolation(err)
	}
	if times < 0 {
		times = t
	}
	if roller, _ := r.Next(); roller >= 0 {
		back := seat - roller // the seat's place after the roller's
		if back < 0 {
			back += r.Players()
		}
		s.back = int8(back + 1)
	}
	s.push(event{kind: notation.KindBack, seat: int8(seat), n: int8(horse), a: int32(times)})
	s.advance()
	return nil
}

// roll starts seat's turn with dice.
func (s *State) roll(seat int, dice *[house.Dice]int8) *engine.Violation {
	if err := s.race.Roll(seat, *dice); err != nil {
		return asViolation(err)
	}
	s.push(event{kind: notation.KindRoll, seat: int8(seat), a: packDice(dice)})
	s.advance()
	return nil
}

// keep plays the roller's kept pair.
func (s *State) keep(m house.Move) *engine.Violation {
	if err := s.race.Keep(m); err != nil {
		return asViolation(err)
	}
	return s.played(notation.KindKeep, 0, MoveAction(m))
}

// cut plays the roller's cut.
func (s *State) cut(c [2][2]int8) *engine.Violation {
	if err := s.race.Cut(c[0], c[1]); err != nil {
		return asViolation(err)
	}
	return s.played(notation.KindCut, 0, CutAction(c))
}

// move plays seat's pair from the cut or the four dice.
func (s *State) move(seat int, m house.Move) *engine.Violation {
	if err := s.race.Play(seat, m); err != nil {
		return asViolation(err)
	}
	return s.played(notation.KindPlay, seat, MoveAction(m))
}

// rolloff plays a line of a roll-off: for first home in lane (1-6), or
// for the race's first horse home (lane 0).
func (s *State) rolloff(lane int, ds []house.Draw) *engine.Violation {
	if err := s.race.Rolloff(lane, ds); err != nil {
		return asViolation(err)
	}
	e := event{kind: notation.KindRolloffLane, seat: int8(lane)}
	if lane == 0 {
		e.kind = notation.KindRolloffWire
	}
	s.pushDraws(e, ds)
	s.advance()
	return nil
}

// asViolation is err, an error of the engine's rules, as the
// *engine.Violation it is; nil for none.
func asViolation(err error) *engine.Violation {
	if err == nil {
		return nil
	}
	if v, ok := engine.AsViolation(err); ok {
		return v
	}
	return engine.Violate(house.RuleSetup, "%s", err.Error())
}

// setupStatement plays st while the setup is under way: done says it was
// the setup's. A turn's statement ends the draw for the rail, which
// nobody need draw; earlier in the setup it comes too soon.
func (s *State) setupStatement(st *notation.Statement) (done bool, v *engine.Violation) {
	switch {
	case s.stage == StageLayout && st.Kind == notation.KindLayout:
		return true, s.setLayout(st.N)
	case s.stage == StageJockey && st.Kind == notation.KindJockey:
		return true, s.setJockey(st.Seat, st.Jockey)
	case s.stage == StageWager && st.Kind == notation.KindWager:
		return true, s.setWager(st.Seat, st.N)
	case s.stage == StageRail && (st.Kind == notation.KindBack || st.Kind == notation.KindRoll):
		// Nobody draws for the rail: anyone may roll first.
		s.advance()
		return false, nil
	}
	return true, engine.Violate(house.RuleOrder, "%s now: the setup waits for %s", st.Kind, s.awaits())
}

// awaits says what the setup waits for, for a message.
func (s *State) awaits() string {
	switch s.stage {
	case StageLayout:
		return "the layout roll"
	case StageJockey:
		return s.cfg.names[s.seat] + "'s jockey"
	case StageWager:
		return s.cfg.names[s.seat] + "'s side wager"
	}
	return "the draw for the rail or the first roll"
}

// fail words v, which the rules say of statement st, as check does: on
// st's line, as the player wrote it; or, when v concerns a part of the
// setup, on that part's line of the header.
func (s *State) fail(st *notation.Statement, v *engine.Violation) *engine.Error {
	if reword != nil {
		reword(v)
	}
	if v.Part != engine.PartAction && st.Kind != notation.KindRail {
		return s.failSetup(v)
	}
	e := v.At(st.Line, s.cfg.names)
	if st.Kind != notation.KindRail {
		e.Msg = s.written(st) + ": " + e.Msg
	}
	return e
}

// failSetup words v, a violation of the setup, on the line of the header
// that wrote what it concerns.
func (s *State) failSetup(v *engine.Violation) *engine.Error {
	if reword != nil {
		reword(v)
	}
	return v.At(s.headerLine(v), s.cfg.names)
}

// reword, when a test sets it, rewrites every violation of the engine
// before it is placed on a line: the line must not move.
var reword func(*engine.Violation)

// headerLine is the line of the header statement that v concerns (see
// notation.Lines.Part); 0 for a game the protocol started, which has no
// file.
func (s *State) headerLine(v *engine.Violation) int {
	if !s.cfg.hasLines {
		return 0
	}
	return s.cfg.lines.Part(v.Part, v.Seat)
}

// written is statement st as a player wrote it, for messages: "Ben 2:3",
// "Ana keep 2:1", "Ana roll".
func (s *State) written(st *notation.Statement) string {
	roller := ""
	if p := s.race.Roller(); p >= 0 && p < len(s.cfg.names) {
		roller = s.cfg.names[p]
	}
	name := ""
	if st.Seat >= 0 && st.Seat < len(s.cfg.names) {
		name = s.cfg.names[st.Seat]
	}
	switch st.Kind {
	case notation.KindKeep:
		return roller + " keep " + st.Move.String()
	case notation.KindPlay:
		return name + " " + st.Move.String()
	case notation.KindRoll:
		return name + " roll"
	case notation.KindCut:
		return fmt.Sprintf("%s cut %d%d %d%d", roller, st.Cut[0][0], st.Cut[0][1], st.Cut[1][0], st.Cut[1][1])
	case notation.KindBack:
		return fmt.Sprintf("%s back %d", name, st.N)
	case notation.KindRolloffLane:
		return fmt.Sprintf("rolloff lane %d", st.N)
	case notation.KindRolloffWire:
		return "rolloff wire"
	case notation.KindJockey, notation.KindWager:
		return st.Kind.String() + " " + name
	}
	return st.Kind.String()
}

// Play reads one choice or chance outcome written as the log writes it
// (a choice's Text, or a whole statement: "keep 2:1", "roll Ana 1 2 3 4 5
// 6", "rail Ana 3 Ben 5", "layout 4") and plays it; once the race is
// over, a purse line ("purse Ana 70") is the player's claim, checked
// against the race, which it leaves as it is. What is not well formed,
// or breaks a rule, is an *engine.Error with the rule and the message
// check gives that statement, on line 0; the state is left as it was.
func (s *State) Play(text string) error {
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "#") {
		// A choice that writes nothing: holding a stake, no side wager.
		var buf [house.Lanes + 1]engine.Action
		for _, a := range s.Legal(buf[:0]) {
			if s.Choice(a).Text == t {
				if v := s.apply(a); v != nil {
					return v.At(0, s.cfg.names)
				}
				return nil
			}
		}
		return engine.Errorf(0, house.RuleNotation, "%s is a comment, not a choice of this turn", engine.Quote([]byte(t)))
	}
	st, err := notation.ParseStatement(&s.hdr, text)
	if err != nil {
		return err
	}
	if st.Kind == notation.KindPurse && s.stage == StageOver {
		return s.claim(&st)
	}
	if v := s.play(&st); v != nil {
		return s.fail(&st, v)
	}
	return nil
}

// PlayStatement plays st, one statement of a log already decoded (what
// Play does once it has read its text), and words a problem as check
// does, on st's line.
func (s *State) PlayStatement(st *notation.Statement) error {
	if v := s.play(st); v != nil {
		return s.fail(st, v)
	}
	return nil
}

// Read reads a race log so far from r and replays it: the State stands
// where the log stops, ready to play on. A log so far may end in its
// header before the layout is rolled, as AppendLog writes a game that
// waits for it (notation.Decoder.AllowUnrolled). See Replay; a log played
// on a variant needs ReadWith and the variant.
func Read(r io.Reader) (*State, error) { return ReadWith(r, engine.JudgeOptions{}) }

// ReadWith is Read on the board o.Variant gives, as Replay reads it.
func ReadWith(r io.Reader, o engine.JudgeOptions) (*State, error) {
	d := notation.NewDecoder(r)
	d.AllowUnrolled()
	return Replay(d, o)
}

// Replay replays the race log d reads, as check does, a statement at a
// time from its header on, and returns the State where the log stops. The
// purses the log writes at its end are checked against the race as it
// stands. A log that names a variant is replayed on o.Variant, which must
// have the numbers its digest gives; a log that names none is played on
// the standard board, and o.Variant, when set, must be that board. (Replay
// does not ask whether the race is over: the referee does.) Problems are
// *engine.Error values on the line that shows them: the notation's, a rule
// broken, or a variant that is not the log's; the State returned with a
// problem is the game up to it (nil when the header is at fault).
func Replay(d *notation.Decoder, o engine.JudgeOptions) (*State, error) {
	return replayTo(d, o, 0, nil)
}

// ReadAt reads a race log so far from r, as Read does, and returns the
// game as it stood after turn (0: where the log stops), with the number of
// turns the whole log has: the sheets as they stood then are its View. A
// problem anywhere in the log is Read's; a turn the log does not have is a
// plain error.
func ReadAt(r io.Reader, turn int) (*State, int, error) {
	return ReadAtWith(r, engine.JudgeOptions{}, turn)
}

// ReadAtWith is ReadAt on the board o.Variant gives, as Replay reads it.
func ReadAtWith(r io.Reader, o engine.JudgeOptions, turn int) (*State, int, error) {
	src, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, 0, err
	}
	var d notation.Decoder
	d.ResetBytes(src)
	s, err := replayTo(&d, o, 0, nil)
	if err != nil {
		return nil, 0, err
	}
	turns := s.race.Turns()
	switch {
	case turn > turns:
		return nil, turns, fmt.Errorf("the log has %s, so there is no turn %d", engine.Count(turns, "turn", "turns"), turn)
	case turn <= 0:
		return s, turns, nil
	}
	d.ResetBytes(src)
	s, err = replayTo(&d, o, turn, nil)
	return s, turns, err
}

// replayTo is Replay, stopping once turn (when above 0) is complete: before
// the stakes of the turn after it. visit, when not nil, is shown each
// decision of a seat the log writes, before it is played (Walk).
func replayTo(d *notation.Decoder, o engine.JudgeOptions, turn int, visit func(*engine.Move) error) (*State, error) {
	h, err := d.Header()
	if err != nil {
		return nil, err
	}
	if d.File() != notation.FileLog {
		return nil, engine.Errorf(max(d.Line(), 1), house.RuleNotation, "a sheet transcript records the finished sheets, not the turns: this needs a race log")
	}
	num, err := NumbersOf(h, o)
	if err != nil {
		return nil, err
	}
	s := &State{cfg: configFromHeader(h)}
	s.cfg.num, s.cfg.variant = num, h.Variant
	if err := s.Reset(); err != nil {
		return nil, s.failSetup(asViolation(err))
	}
	if s.stage == StageLayout {
		// A log that waits for its layout roll: the rest of its setup
		// must make a race whatever the die shows, as check says of it
		// once the die is in it.
		var probe house.Race
		js := &s.cfg.riders
		if s.cfg.jockeys != ridersFixed {
			js = nil
		}
		if err := probe.Reset(s.cfg.options(1, js, &s.cfg.fixed)); err != nil {
			return nil, s.failSetup(asViolation(err))
		}
	}
	for i, ds := range h.Rails {
		st := notation.Statement{Line: h.Lines.Rails[i], Kind: notation.KindRail, Draws: ds}
		if v := s.play(&st); v != nil {
			return nil, s.fail(&st, v)
		}
	}
	// A tie for the rail left on the header's last rail line is a log that
	// stops before its next rail line: the first roll is refused, and the
	// referee refuses a log that ends there unless it scores it as it
	// stands.
	rp := replay{s: s, rails: len(h.Rails) > 0, visit: visit}
	var st notation.Statement
	for {
		err := d.Next(&st)
		if err == io.EOF {
			break
		}
		if err != nil {
			return s, err
		}
		if err := rp.statement(&st); err != nil {
			return s, err
		}
		if ph := s.race.Phase(); turn > 0 && s.race.Turns() == turn && (ph == house.PhaseRoll || ph == house.PhaseOver) {
			return s, nil
		}
	}
	if err := rp.flush(); err != nil {
		return s, err
	}
	return s, rp.checkClaims()
}

// replay is what a log's replay keeps beside its State: the first turn's
// stakes, held until its roll shows who rolled first, and the purses the
// log writes.
type replay struct {
	s      *State
	rails  bool // the header draws for the rail
	held   []notation.Statement
	claims []notation.Statement
	// visit, when not nil, is shown each of the log's decisions before it
	// is played (Walk); mv is what it is shown.
	visit func(*engine.Move) error
	mv    engine.Move
}

// statement replays st.
func (rp *replay) statement(st *notation.Statement) error {
	s := rp.s
	switch {
	case st.Kind == notation.KindPurse:
		rp.claims = append(rp.claims, *st)
		return nil
	case rp.rails && s.race.Turns() == 0 && st.Kind == notation.KindBack:
		rp.held = append(rp.held, *st)
		return nil
	case st.Kind == notation.KindRoll && len(rp.held) > 0:
		if err := rp.railAgainst(st); err != nil {
			return err
		}
	}
	if err := rp.flush(); err != nil {
		return err
	}
	if rp.visit != nil {
		if err := rp.decide(st); err != nil {
			return err
		}
	}
	if v := s.play(st); v != nil {
		return s.fail(st, v)
	}
	return nil
}

// railAgainst checks the first turn's stakes against its roll: when they
// break the turn order from the rail's winner and keep it from the roller
// the log names, the rail line is what contradicts the log.
func (rp *replay) railAgainst(roll *notation.Statement) error {
	s := rp.s
	first := s.race.FirstRoller()
	if first < 0 || roll.Seat == first {
		return nil
	}
	x := s.clone()
	for i := range rp.held {
		if v := x.play(&rp.held[i]); v != nil {
			if v.Rule != house.RuleOrder || !rp.inOrderFrom(roll.Seat) {
				return nil // the stakes' own problem: flush reports it
			}
			lines := s.cfg.lines.Rails
			return engine.Errorf(lines[len(lines)-1], house.RuleRail,
				"the draw for the rail makes %s the first roller, but the stakes below and the roll on line %d go as if %s rolled first",
				s.cfg.names[first], roll.Line, s.cfg.names[roll.Seat])
		}
	}
	return nil
}

// inOrderFrom reports whether the held stakes come in turn order starting
// with roller.
func (rp *replay) inOrderFrom(roller int) bool {
	n := rp.s.race.Players()
	last := -1
	for _, st := range rp.held {
		rel := (st.Seat - roller + n) % n
		if rel <= last {
			return false
		}
		last = rel
	}
	return true
}

// flush plays the stakes held.
func (rp *replay) flush() error {
	held := rp.held
	rp.held = nil
	for i := range held {
		if rp.visit != nil {
			if err := rp.decide(&held[i]); err != nil {
				return err
			}
		}
		if v := rp.s.play(&held[i]); v != nil {
			return rp.s.fail(&held[i], v)
		}
	}
	return nil
}

// configFromHeader is the setup a log's header writes: its layout, call,
// jockeys and wagers as given.
func configFromHeader(h *notation.Header) config {
	c := config{mode: h.Mode, names: h.Players, layout: h.Layout, call: h.Call, callLine: h.Call,
		fixed: h.Wagers, lines: h.Lines, hasLines: true}
	c.bots = make([]string, len(h.Players))
	if c.call == 0 {
		c.call = house.DefaultCall
	}
	for p := range h.Players {
		if p < house.MaxPlayers && h.Jockeys[p] != house.NoJockey {
			c.jockeys = ridersFixed
		}
	}
	if c.jockeys == ridersFixed {
		c.riders = h.Jockeys
	}
	return c
}
