package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/racelog"
)

// Source is where a replay reads statements: a *racelog.Decoder reading a
// file, or a decoded log (LogSource).
type Source interface {
	Next() bool
	Statement() *racelog.Statement
	// Err is the problem that stopped the source, nil at its end.
	Err() error
	// Line is, once Next has returned false, the file's last line.
	Line() int
}

// LogSource walks a decoded log.
type LogSource struct {
	Log *racelog.Log
	i   int
}

// Next moves to the next statement.
func (s *LogSource) Next() bool {
	if s.i >= len(s.Log.Statements) {
		return false
	}
	s.i++
	return true
}

// Statement is the current statement.
func (s *LogSource) Statement() *racelog.Statement { return &s.Log.Statements[s.i-1] }

// Err is always nil: the log was decoded.
func (s *LogSource) Err() error { return nil }

// Line is the log's line count.
func (s *LogSource) Line() int { return s.Log.Lines }

// Judge reads a log from r and judges it as it reads: the first problem,
// in the order of the file, is the one reported.
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	return Replay(racelog.NewDecoder(r), o)
}

// JudgeBytes judges the log in src.
func JudgeBytes(src []byte, o engine.JudgeOptions) (*Result, error) {
	return Judge(bytes.NewReader(src), o)
}

// ReplayLog judges a decoded log.
func ReplayLog(l *racelog.Log, o engine.JudgeOptions) (*Result, error) {
	return Replay(&LogSource{Log: l}, o)
}

// replay carries a log's walk through the engine.
type replay struct {
	names   []string
	opt     horserace.Options
	dealer  bool // the dealer line was read
	started bool // the engine's game exists
	game    horserace.Game
	chips   uint16 // seats with a chips line since the last finish
	res     *Result
}

// Replay judges the statements of src one by one. It returns the first
// problem as an *engine.Error (or src's own error), or the result.
func Replay(src Source, o engine.JudgeOptions) (*Result, error) {
	rp := &replay{res: &Result{}}
	for src.Next() {
		if err := rp.statement(src.Statement()); err != nil {
			return nil, err
		}
	}
	if err := src.Err(); err != nil {
		return nil, err
	}
	return rp.finish(max(src.Line(), 1), o)
}

// statement judges one statement.
func (rp *replay) statement(st *racelog.Statement) error {
	if st.Kind.Header() {
		return rp.header(st)
	}
	if !rp.started {
		if err := rp.start(st); err != nil {
			return err
		}
	}
	g := &rp.game
	switch st.Kind {
	case racelog.KindDeal:
		p, err := rp.seat(st, horserace.RuleDeal)
		if err != nil {
			return err
		}
		if g.Phase() == horserace.PhaseOver || g.Phase() == horserace.PhaseNone {
			rp.chips = 0
		}
		return rp.wrap(st, g.Deal(p, &st.Hand))
	case racelog.KindScratch:
		p, err := rp.seat(st, horserace.RuleScratch)
		if err != nil {
			return err
		}
		return rp.wrap(st, g.Scratch(p, st.Dice[0], st.Dice[1]))
	case racelog.KindRoll:
		p, err := rp.seat(st, horserace.RuleRace)
		if err != nil {
			return err
		}
		if err := rp.wrap(st, g.Roll(p, st.Dice[0], st.Dice[1])); err != nil {
			return err
		}
		if g.Phase() == horserace.PhaseOver {
			rp.record()
		}
		return nil
	case racelog.KindChips:
		return rp.chipsLine(st)
	}
	return engine.Errorf(st.Line, horserace.RuleNotation, "unexpected %s statement", st.Kind)
}

// header takes a header statement; the decoder has checked their order.
func (rp *replay) header(st *racelog.Statement) error {
	switch st.Kind {
	case racelog.KindPlayers:
		rp.names = st.Names
		rp.opt.Players = len(st.Names)
		for i, n := range st.Names {
			rp.opt.Names[i] = n
		}
	case racelog.KindDealer:
		p := rp.find(st.Name)
		if p < 0 {
			return engine.Errorf(st.Line, horserace.RuleHeader, "dealer %s is not a player of this log (the players are %s) (§12)", st.Name, rp.playerList())
		}
		rp.opt.Dealer = p
		rp.dealer = true
	case racelog.KindBoard:
		rp.opt.Board = st.Board
	case racelog.KindVariant:
		rp.opt.Variants |= st.Variants
	case racelog.KindBank:
		rp.opt.Bank = st.N
	}
	return nil
}

// start creates the game at the first statement after the header.
func (rp *replay) start(st *racelog.Statement) error {
	if !rp.dealer {
		return engine.Errorf(st.Line, horserace.RuleHeader, "no dealer line: the header names who deals the first race, as \"dealer %s\" (§12)", rp.names[0])
	}
	g, err := horserace.New(rp.opt)
	if err != nil {
		return rp.wrap(st, err)
	}
	rp.game = g
	rp.started = true
	rp.res.Board, rp.res.Variants, rp.res.Bank = rp.opt.Board, rp.opt.Variants, rp.opt.Bank
	return nil
}

func (rp *replay) find(name string) int {
	for i, n := range rp.names {
		if n == name {
			return i
		}
	}
	return -1
}

// seat finds the player a statement names.
func (rp *replay) seat(st *racelog.Statement, rule horserace.Rule) (int, error) {
	p := rp.find(st.Name)
	if p < 0 {
		return 0, engine.Errorf(st.Line, rule, "%s %s: %s is not a player of this log (the players are %s) (§12)", st.Kind, st.Name, st.Name, rp.playerList())
	}
	return p, nil
}

func (rp *replay) playerList() string {
	switch len(rp.names) {
	case 0:
		return "none"
	case 1:
		return rp.names[0]
	}
	return strings.Join(rp.names[:len(rp.names)-1], ", ") + " and " + rp.names[len(rp.names)-1]
}

// wrap turns the engine's answer into an error on the statement's line.
func (rp *replay) wrap(st *racelog.Statement, err error) error {
	if err == nil {
		return nil
	}
	var v *horserace.Violation
	if errors.As(err, &v) {
		return &engine.Error{Line: st.Line, Rule: v.Rule, Msg: v.Msg}
	}
	return &engine.Error{Line: st.Line, Msg: err.Error()}
}

// chipsLine checks a scorekeeper's running total.
func (rp *replay) chipsLine(st *racelog.Statement) error {
	g := &rp.game
	p, err := rp.seat(st, horserace.RuleChips)
	if err != nil {
		return err
	}
	switch g.Phase() {
	case horserace.PhaseNone:
		return engine.Errorf(st.Line, horserace.RuleChips, "chips %s before any race: chips lines follow a race's finishing roll (§12)", st.Name)
	case horserace.PhaseDeal, horserace.PhaseScratch, horserace.PhaseRace:
		return engine.Errorf(st.Line, horserace.RuleChips, "chips %s during race %d: chips lines follow the race's finishing roll (§12)", st.Name, g.Race())
	}
	if rp.chips&(1<<p) != 0 {
		return engine.Errorf(st.Line, horserace.RuleChips, "a second chips line for %s after race %d: one per player after a race (§12)", st.Name, g.Race())
	}
	rp.chips |= 1 << p
	if have := g.Net(p); have != st.N {
		it := g.Items(p)
		return engine.Errorf(st.Line, horserace.RuleChips, "%s has %s after race %d, not %s as written: scratches %s, rolls %s, end pay %s, shares %s over the log (§6, §8)",
			st.Name, signedChips(have), g.Race(), engine.Signed(st.N, ""),
			engine.Signed(it.Scratches, ""), engine.Signed(it.Rolls, ""), engine.Signed(it.EndPay, ""), engine.Signed(it.Shares, ""))
	}
	return nil
}

// record adds the race that just ended (or stands unfinished) to the
// result.
func (rp *replay) record() {
	g := &rp.game
	b := rp.opt.Board
	r := Race{
		Race:         g.Race(),
		Dealer:       rp.names[g.Dealer()],
		Decks:        g.Decks(),
		ScratchRolls: g.ScratchRolls(),
		Rolls:        g.Rolls(),
		Winner:       g.Winner(),
		PotIn:        g.PotIn(),
		Pot:          g.Pot(),
		Carry:        g.Pot(),
	}
	for _, h := range g.Lot() {
		if h != 0 {
			r.Scratched = append(r.Scratched, h)
		}
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		r.Live[h] = g.Live(h)
		r.Positions[h] = g.Pos(h)
		r.ToFinish[h] = b.Lane(h)
	}
	if r.Winner != 0 {
		s := g.Split()
		r.Pot, r.Share, r.Paid, r.Carry = s.Pot, s.Share, s.Paid, s.Carry
	}
	for p := range rp.names {
		if g.In(p) {
			r.Seats = append(r.Seats, p)
			r.WinningCards = append(r.WinningCards, g.WinningCards(p))
			r.Chips = append(r.Chips, g.RaceItems(p))
		}
	}
	rp.res.Races = append(rp.res.Races, r)
}

// finish judges the end of the log and fills in the players.
func (rp *replay) finish(last int, o engine.JudgeOptions) (*Result, error) {
	res := rp.res
	if rp.names == nil {
		return nil, engine.Errorf(last, horserace.RuleHeader, "the log stops before its players line: a log begins \"game horserace\" and \"players NAME...\" (§12)")
	}
	g := &rp.game
	res.Complete = rp.started && g.Phase() == horserace.PhaseOver
	if !res.Complete {
		res.Missing = rp.missing()
		if !o.Partial {
			return nil, engine.Errorf(last, horserace.RuleUnfinished, "%s; score --partial scores a log as it stands", res.Missing)
		}
		if rp.started && g.Phase() != horserace.PhaseNone {
			rp.record()
		}
	}
	res.Pot = g.Pot()
	res.Players = make([]Player, len(rp.names))
	for p, n := range rp.names {
		pl := Player{Name: n}
		if rp.started {
			pl.Chips, pl.Items, pl.Out, pl.Stack = g.Net(p), g.Items(p), g.Out(p), g.Stack(p)
		} else {
			pl.Stack = rp.opt.Bank
		}
		res.Players[p] = pl
	}
	if !rp.started {
		res.Board, res.Variants, res.Bank = rp.opt.Board, rp.opt.Variants, rp.opt.Bank
	}
	return res, nil
}

// missing says what an unfinished log still owes.
func (rp *replay) missing() string {
	g := &rp.game
	if !rp.started || g.Phase() == horserace.PhaseNone {
		return "the log has no race: a race begins with a deal line for each player (§12)"
	}
	race := g.Race()
	switch g.Phase() {
	case horserace.PhaseDeal:
		if p := g.Missing(); p >= 0 {
			return fmt.Sprintf("race %d is not over: %s has no deal line yet (§3)", race, rp.names[p])
		}
		return fmt.Sprintf("race %d is not over: no horse is scratched yet, and %s makes the first scratch roll (§4)", race, rp.names[g.Turn()])
	case horserace.PhaseScratch:
		return fmt.Sprintf("race %d is not over: %s scratched, and %s rolls to fill slot %d (§4)", race,
			engine.Count(g.Filled(), "horse is", "horses are"), rp.names[g.Turn()], g.Filled()+1)
	case horserace.PhaseRace:
		lead, best := 0, 1<<30
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			if g.Live(h) {
				if togo := rp.opt.Board.Lane(h) - g.Pos(h); togo < best {
					lead, best = h, togo
				}
			}
		}
		return fmt.Sprintf("race %d is not over after %s: no horse has finished (horse %d is closest, %s to go), and %s rolls next (§5)",
			race, engine.Count(g.Rolls(), "race roll", "race rolls"), lead, engine.Count(best, "space", "spaces"), rp.names[g.Turn()])
	}
	return "nothing"
}

// signedChips writes a total with its sign and unit: "+1 chip", "-43
// chips", "0 chips".
func signedChips(n int) string {
	if n == 1 || n == -1 {
		return engine.Signed(n, "") + " chip"
	}
	return engine.Signed(n, "") + " chips"
}
