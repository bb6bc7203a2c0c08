package sim

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/racelog"
)

// JockeyMode says how the riders of a Duel get their jockeys.
type JockeyMode uint8

// The ways to hand out jockeys.
const (
	JockeysNone   JockeyMode = iota // ride it straight
	JockeysRandom                   // each seat a jockey drawn uniformly, race by race
	JockeysChoose                   // each seat's bot picks
	JockeysFixed                    // the list given, one per seat or one for all
)

// Table is what is settled for every race of a run.
type Table struct {
	Mode    house.Mode
	Players int
	Call    int            // horses home that call the race; 0 means 3
	Bots    []string       // one bot name per seat, or one for all
	Jockeys JockeyMode     // The Duel only
	Riders  []house.Jockey // JockeysFixed: one per seat, or one for all
	Wagers  bool           // The Duel and solo: the bots name side wagers
}

// Names are the players' names in the logs the simulator writes.
var Names = [house.MaxPlayers]string{"Ana", "Ben", "Cal", "Dee", "Eli", "Fay"}

// Result is one race as the statistics see it. Seats are the engine's;
// First says which of them rolled first.
type Result struct {
	Layout      int
	Turns       int
	Horses      int
	First       int
	CalledTurn  int // the turn that called the race; 0 when it was never called
	Purse       [house.MaxPlayers]int
	CalledPurse [house.MaxPlayers]int // as the purses stood at the end of the calling turn
	Dead        [house.MaxPlayers]int // dead turns (rulings §10)
	Held        [house.MaxPlayers]int // pairs held: the kept pair, a chooser's, leftover or draft pair
	FalseStarts [house.MaxPlayers]int
	Scratched   [house.MaxPlayers]bool
	Jockeys     [house.MaxPlayers]house.Jockey
	FiveAlike   [house.MaxPlayers]bool // a Five alike rider had a lane paying double
}

// player plays races of one table; it keeps its bots and scratch space
// from race to race so that a race allocates nothing (unless it is logged).
type player struct {
	t    Table
	bots [house.MaxPlayers]bot.Bot
	log  *racelog.Log
	opt  house.Options
	race house.Race
}

func newPlayer(t Table) (*player, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	if t.Call == 0 {
		t.Call = house.DefaultCall
	}
	pl := &player{t: t}
	for p := range t.Players {
		b, err := bot.New(t.botName(p))
		if err != nil {
			return nil, err
		}
		pl.bots[p] = b
	}
	return pl, nil
}

// Check says whether the table can be played: the engine's setup rules
// for its mode, players, call, jockeys and side wagers (a *house.Violation
// whose Part names the option), and a bot, and a jockey when they are
// fixed, for every seat or one for all.
func (t *Table) Check() error {
	o := house.Options{Mode: t.Mode, Players: t.Players, Layout: 1, Call: t.Call}
	for p := range min(max(t.Players, 0), house.MaxPlayers) {
		if t.Jockeys != JockeysNone {
			o.Jockeys[p] = house.Jockeys[0]
		}
		if t.Wagers {
			o.Wagers[p] = 1
		}
	}
	if _, err := house.New(o); err != nil {
		return err
	}
	if len(t.Bots) != 1 && len(t.Bots) != t.Players {
		return fmt.Errorf("name one bot for all or one per seat (%s, %s)", engine.Count(t.Players, "seat", "seats"), engine.Count(len(t.Bots), "bot", "bots"))
	}
	if t.Jockeys == JockeysFixed && len(t.Riders) != 1 && len(t.Riders) != t.Players {
		return &house.Violation{Rule: house.RuleSetup, Part: house.PartJockey, Seat: -1,
			Msg: fmt.Sprintf("name one jockey for all or one per seat (%s, %s)", engine.Count(t.Players, "seat", "seats"), engine.Count(len(t.Riders), "jockey", "jockeys"))}
	}
	return nil
}

// botName is the name of seat p's bot.
func (t *Table) botName(p int) string { return t.Bots[min(p, len(t.Bots)-1)] }

// play runs one race with rng and fills res. When logging, pl.log holds
// the race's statements afterwards.
func (pl *player) play(rng *rand.Rand, res *Result, logging bool) error {
	t := &pl.t
	*res = Result{}
	o := &pl.opt
	*o = house.Options{Mode: t.Mode, Players: t.Players, Layout: 1 + rng.IntN(6), Call: t.Call}
	res.Layout = o.Layout
	n := t.Players
	if t.Mode.Jockeys() {
		for p := range n {
			switch t.Jockeys {
			case JockeysRandom:
				o.Jockeys[p] = house.Jockeys[rng.IntN(len(house.Jockeys))]
			case JockeysChoose:
				o.Jockeys[p] = pl.bots[p].Jockey(o, p, rng)
			case JockeysFixed:
				o.Jockeys[p] = t.Riders[min(p, len(t.Riders)-1)]
			}
		}
	}
	if t.Wagers {
		for p := range n {
			o.Wagers[p] = pl.bots[p].Wager(o, p, rng)
		}
	}
	res.Jockeys = o.Jockeys
	var lg *racelog.Log
	if logging {
		if pl.log == nil {
			pl.log = &racelog.Log{}
		}
		lg = pl.log
		lg.Statements = lg.Statements[:0]
		lg.Lines = 0
		header(lg, o)
	}
	var err error
	pl.race, err = house.New(*o)
	if err != nil {
		return err
	}
	r := &pl.race
	if n > 1 {
		if err := rail(r, rng, lg); err != nil {
			return err
		}
	}
	called := false
	for !r.Over() {
		if r.Turns() >= maxTurns {
			return fmt.Errorf("the race has not ended after %d turns", r.Turns())
		}
		roller, _ := r.Next()
		if roller < 0 {
			roller = 0
		}
		if t.Mode.Stakes() {
			for k := range n {
				p := (roller + k) % n
				if r.Player(p).Scratched() {
					continue
				}
				h := pl.bots[p].Back(r, p, rng)
				if h == 0 {
					continue
				}
				times, err := r.Back(p, h)
				if err != nil {
					return fmt.Errorf("%s backs %d: %w", Names[p], h, err)
				}
				if lg != nil {
					lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindBack, Name: Names[p], N: h, Times: times})
				}
			}
		}
		var dice [house.Dice]int8
		for i := range dice {
			dice[i] = engine.Roll(rng)
		}
		if err := r.Roll(roller, dice); err != nil {
			return err
		}
		if lg != nil {
			lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindRoll, Name: Names[roller], Dice: dice})
		}
		// Dead turns: held[p] says seat p held a pair this turn, could[p]
		// that one of its options went (rulings §6: legal without declaring
		// a jockey power). A move written without Turnaround went; a
		// refusal, or a move only Turnaround made legal, needs the board
		// looked at.
		var held, could [house.MaxPlayers]bool
		held[roller] = true
		res.Held[roller]++
		m := pl.bots[roller].Keep(r, rng)
		could[roller] = !m.Pass && !m.Turnaround || r.CanPlay(roller, house.RoleKeep)
		if err := r.Keep(m); err != nil {
			return fmt.Errorf("%s keep %s: %w", Names[roller], m, err)
		}
		if lg != nil {
			lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindKeep, Move: m})
		}
		if r.Phase() == house.PhaseCut {
			a, b := pl.bots[roller].Cut(r, rng)
			if err := r.Cut(a, b); err != nil {
				return fmt.Errorf("%s cut: %w", Names[roller], err)
			}
			if lg != nil {
				lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindCut, Cut: [2][2]int8{a, b}})
			}
		}
		for r.Phase() == house.PhasePlay {
			p, role := r.Next()
			held[p] = true
			res.Held[p]++
			m := pl.bots[p].Play(r, p, role, rng)
			could[p] = could[p] || !m.Pass && !m.Turnaround || r.CanPlay(p, role)
			if err := r.Play(p, m); err != nil {
				return fmt.Errorf("%s (%s) %s: %w", Names[p], role, m, err)
			}
			if lg != nil {
				lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindPlay, Name: Names[p], Move: m})
			}
		}
		for r.Phase() == house.PhaseRolloff {
			var draws [house.MaxPlayers]house.Draw
			lane, k := rolloff(r, rng, &draws)
			if err := r.Rolloff(lane, draws[:k]); err != nil {
				return fmt.Errorf("roll-off: %w", err)
			}
			if lg != nil {
				st := racelog.Statement{Kind: racelog.KindRolloffLane, N: lane, Draws: append([]house.Draw(nil), draws[:k]...)}
				if lane == 0 {
					st.Kind = racelog.KindRolloffWire
				}
				lg.Statements = append(lg.Statements, st)
			}
		}
		for p := range n {
			if held[p] && !could[p] {
				res.Dead[p]++
			}
		}
		if r.Called() && !called {
			called = true
			res.CalledTurn = r.Turns()
			for p := range n {
				res.CalledPurse[p] = r.Purse(p)
			}
		}
	}
	res.Turns = r.Turns()
	res.Horses = r.HorsesHome()
	res.First = r.FirstRoller()
	for p := range n {
		res.Purse[p] = r.Purse(p)
		pp := r.Player(p)
		res.FalseStarts[p] = pp.FalseStarts()
		res.Scratched[p] = pp.Scratched()
		if pp.Jockey() == house.FiveAlike {
			b := r.Board(p)
			for i := range b {
				if b[i].FiveAlike() {
					res.FiveAlike[p] = true
				}
			}
		}
	}
	if !called {
		res.CalledPurse = res.Purse
	}
	if lg != nil {
		for p := range n {
			lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindPurse, Name: Names[p], N: res.Purse[p]})
		}
	}
	return nil
}

// rail draws for the rail: everyone draws a die, those tied for highest
// draw again, until the race knows who rolls first. It logs every line.
func rail(r *house.Race, rng *rand.Rand, lg *racelog.Log) error {
	var draws [house.MaxPlayers]house.Draw
	for tied := uint8(1)<<r.Players() - 1; ; tied = r.RailTie() {
		k := 0
		for p := range r.Players() {
			if tied&(1<<p) != 0 {
				draws[k] = house.Draw{Who: int8(p), Die: engine.Roll(rng)}
				k++
			}
		}
		if err := r.Rail(draws[:k]); err != nil {
			return err
		}
		if lg != nil {
			lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindRail, Draws: append([]house.Draw(nil), draws[:k]...)})
		}
		if r.RailTie() == 0 {
			return nil
		}
	}
}

// header writes the statements before the first turn.
func header(lg *racelog.Log, o *house.Options) {
	add := func(st racelog.Statement) { lg.Statements = append(lg.Statements, st) }
	add(racelog.Statement{Kind: racelog.KindGame, Mode: o.Mode})
	add(racelog.Statement{Kind: racelog.KindPlayers, Names: append([]string(nil), Names[:o.Players]...)})
	add(racelog.Statement{Kind: racelog.KindLayout, N: o.Layout})
	if o.Call != house.DefaultCall {
		add(racelog.Statement{Kind: racelog.KindCall, N: o.Call})
	}
	for p := range o.Players {
		if o.Jockeys[p] != house.NoJockey {
			add(racelog.Statement{Kind: racelog.KindJockey, Name: Names[p], Jockey: o.Jockeys[p]})
		}
	}
	for p := range o.Players {
		if o.Wagers[p] != 0 {
			add(racelog.Statement{Kind: racelog.KindWager, Name: Names[p], N: o.Wagers[p]})
		}
	}
}
