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
	if t.Call == 0 {
		t.Call = house.DefaultCall
	}
	if t.Players < t.Mode.MinPlayers() || t.Players > t.Mode.MaxPlayers() {
		return nil, fmt.Errorf("%s takes %d to %d players, not %d", t.Mode.Title(), t.Mode.MinPlayers(), t.Mode.MaxPlayers(), t.Players)
	}
	if len(t.Bots) != 1 && len(t.Bots) != t.Players {
		return nil, fmt.Errorf("name one bot for every seat or one for all: %d bots for %d players", len(t.Bots), t.Players)
	}
	if t.Jockeys != JockeysNone && t.Mode != house.Duel {
		return nil, fmt.Errorf("jockeys ride in The Duel only")
	}
	if t.Jockeys == JockeysFixed && len(t.Riders) != 1 && len(t.Riders) != t.Players {
		return nil, fmt.Errorf("name one jockey for every seat or one for all: %d jockeys for %d players", len(t.Riders), t.Players)
	}
	if t.Wagers && t.Mode == house.Book {
		return nil, fmt.Errorf("The Book has no side wager")
	}
	pl := &player{t: t}
	for p := range t.Players {
		b, err := bot.New(t.Bots[min(p, len(t.Bots)-1)])
		if err != nil {
			return nil, err
		}
		pl.bots[p] = b
	}
	return pl, nil
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
	if t.Mode == house.Duel {
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
		first := rail(rng, n, lg)
		if err := r.SetFirstRoller(first); err != nil {
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
		if t.Mode == house.Book {
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
		var keepOpen [7]uint8
		m := pl.bots[roller].Keep(r, rng)
		if m.Pass || m.Turnaround {
			keepOpen = bot.Open(r, roller)
			could[roller] = anyTwo(&keepOpen, dice[:])
		} else {
			could[roller] = true
		}
		if err := r.Keep(m); err != nil {
			return fmt.Errorf("%s keep %s: %w", Names[roller], m, err)
		}
		if lg != nil {
			lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindKeep, Move: logMove(m)})
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
			if !m.Pass && !m.Turnaround {
				could[p] = true
			} else if !could[p] {
				op := bot.Open(r, p)
				switch role {
				case house.RoleLeftover:
					lo := r.Leftover()
					could[p] = goes(&op, lo[0], lo[1])
				case house.RoleChooser, house.RoleSolo, house.RoleAlone:
					c := r.CutPairs()
					could[p] = goes(&op, c[0][0], c[0][1]) || goes(&op, c[1][0], c[1][1])
				default:
					rest := r.Rest()
					could[p] = anyTwo(&op, rest[:])
				}
			}
			if err := r.Play(p, m); err != nil {
				return fmt.Errorf("%s (%s) %s: %w", Names[p], role, m, err)
			}
			if lg != nil {
				lg.Statements = append(lg.Statements, racelog.Statement{Kind: racelog.KindPlay, Name: Names[p], Move: logMove(m)})
			}
		}
		for r.Phase() == house.PhaseRolloff {
			lane, bits, _ := r.Tie()
			var draws [house.MaxPlayers]house.Draw
			k := 0
			for i := range 8 {
				if bits&(1<<i) == 0 {
					continue
				}
				who := int8(i)
				if lane == 0 {
					who = int8(i + 1)
				}
				draws[k] = house.Draw{Who: who, Die: engine.Roll(rng)}
				k++
			}
			if err := r.Rolloff(lane, draws[:k]); err != nil {
				return fmt.Errorf("roll-off: %w", err)
			}
			if lg != nil {
				st := racelog.Statement{Kind: racelog.KindRolloffLane, N: lane}
				if lane == 0 {
					st.Kind = racelog.KindRolloffWire
				}
				for _, d := range draws[:k] {
					if lane == 0 {
						st.Draws = append(st.Draws, racelog.Draw{Lane: d.Who, Die: d.Die})
					} else {
						st.Draws = append(st.Draws, racelog.Draw{Name: Names[d.Who], Die: d.Die})
					}
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

func goes(o *[7]uint8, a, b int8) bool { return o[a]&(1<<b) != 0 || o[b]&(1<<a) != 0 }

func anyTwo(o *[7]uint8, dice []int8) bool {
	for i := range dice {
		for j := i + 1; j < len(dice); j++ {
			if goes(o, dice[i], dice[j]) {
				return true
			}
		}
	}
	return false
}

// rail draws for the rail: everyone draws a die, those tied for highest
// draw again. It returns the seat that rolls first and logs every line.
func rail(rng *rand.Rand, n int, lg *racelog.Log) int {
	var in [house.MaxPlayers]bool
	for p := range n {
		in[p] = true
	}
	for {
		var draw [house.MaxPlayers]int8
		best := int8(0)
		st := racelog.Statement{Kind: racelog.KindRail}
		for p := range n {
			if !in[p] {
				continue
			}
			draw[p] = engine.Roll(rng)
			best = max(best, draw[p])
			if lg != nil {
				st.Draws = append(st.Draws, racelog.Draw{Name: Names[p], Die: draw[p]})
			}
		}
		if lg != nil {
			lg.Statements = append(lg.Statements, st)
		}
		top, who := 0, -1
		for p := range n {
			if in[p] && draw[p] == best {
				top++
				who = p
			} else {
				in[p] = false
			}
		}
		if top == 1 {
			return who
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

// logMove writes an engine move in the notation's terms.
func logMove(m house.Move) racelog.Move {
	if m.Pass {
		if m.Lane == 0 {
			return racelog.Move{Pass: true}
		}
		return racelog.Move{Pass: true, Dice: [2]int8{m.Lane, m.Stride}}
	}
	return racelog.Move{Lane: m.Lane, Stride: m.Stride, Strike: m.Strike, Double: m.Double, Turnaround: m.Turnaround}
}
