package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/play"
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

// Table is what is settled for every race of a run: the play protocol's
// setup, the layout rolled for each race.
type Table struct {
	Mode    house.Mode
	Players int
	Call    int            // horses home that call the race; 0 means 3
	Bots    []string       // one bot name per seat, or one for all
	Jockeys JockeyMode     // The Duel only
	Riders  []house.Jockey // JockeysFixed: one per seat, or one for all
	Wagers  bool           // The Duel and solo: the bots name side wagers
	// Variant is the board, nil for the standard board.
	Variant *house.Variant
}

// Names are the players' names in the logs the simulator writes.
var Names = [house.MaxPlayers]string{"Ana", "Ben", "Cal", "Dee", "Eli", "Fay"}

// Setup is the table as the play protocol seats it: Names in its seats,
// each with its bot, and the options. It is not checked: play.New checks
// it (Check).
func (t *Table) Setup() engine.Setup {
	s := engine.Setup{Mode: t.Mode.String(), Options: map[string]string{}}
	if t.Variant != nil {
		s.Variant = t.Variant
	}
	for p := range min(max(t.Players, 0), len(Names)) {
		bot := ""
		if len(t.Bots) > 0 {
			bot = t.Bots[min(p, len(t.Bots)-1)]
		}
		s.Seats = append(s.Seats, engine.Seat{Name: Names[p], Bot: bot})
	}
	for i := len(Names); i < t.Players; i++ {
		s.Seats = append(s.Seats, engine.Seat{Name: fmt.Sprintf("P%d", i+1)})
	}
	if t.Call != 0 {
		s.Options["call"] = fmt.Sprint(t.Call)
	}
	switch t.Jockeys {
	case JockeysRandom:
		s.Options["jockeys"] = "random"
	case JockeysChoose:
		s.Options["jockeys"] = "choose"
	case JockeysFixed:
		s.Options["jockeys"] = strings.Join(engine.Strings(t.Riders), ",")
	}
	if t.Wagers {
		s.Options["wagers"] = "on"
	}
	return s
}

// Check says whether the table can be played, with the play protocol's
// own checks (an *engine.SetupError naming the part that is wrong): its
// mode, seats, call, jockeys and side wagers, its variant's numbers, and a
// bot for every seat or one for all (engine.Table.SeatBots).
func (t *Table) Check() error {
	_, err := t.state()
	return err
}

// state checks the table and starts a State for it, its bots seated.
func (t *Table) state() (*play.State, error) {
	tb, err := play.Table(t.Mode.String())
	if err != nil {
		return nil, err
	}
	if err := tb.CheckSeats(t.Setup().Seats); err != nil {
		return nil, err
	}
	if _, err := tb.SeatBots(t.Bots, t.Players); err != nil {
		return nil, err
	}
	return play.New(t.Setup())
}

// variantName is the name of the table's variant, "" on the standard
// board (or a variant with its numbers).
func (t *Table) variantName() string {
	if t.Variant == nil || t.Variant.Plain() {
		return ""
	}
	return t.Variant.Name()
}

// botName is the name of seat p's bot.
func (t *Table) botName(p int) string { return t.Bots[min(p, len(t.Bots)-1)] }

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

// player plays races of one table through the play protocol; it keeps its
// State and bots from race to race, so that a race allocates nothing.
type player struct {
	t     Table
	state *play.State
	bots  [house.MaxPlayers]engine.Bot
	res   Result // the race a run's worker played last
	log   []byte // its log, when the run writes logs
	// shares is the measure's scratch space: the seats' win shares.
	shares [house.MaxPlayers]int64
}

func newPlayer(t Table) (*player, error) {
	s, err := t.state()
	if err != nil {
		return nil, err
	}
	pl := &player{t: t, state: s}
	for p, name := range s.Bots() {
		b, err := bot.New(name)
		if err != nil {
			return nil, err
		}
		pl.bots[p] = b
	}
	return pl, nil
}

// maxSteps bounds the decisions and draws of a race: a race that never
// ends is an error, not a hang.
const maxSteps = 40 * maxTurns

// play runs one race with rng, through the play protocol, and fills res.
// The State holds the race's log afterwards.
func (pl *player) play(rng *rand.Rand, res *Result) error {
	s := pl.state
	if err := s.Reset(); err != nil {
		return err
	}
	*res = Result{}
	r := s.Race()
	n := pl.t.Players
	// Dead turns: held[p] says seat p held a pair this turn, could[p]
	// that one of its options went (rulings §6: legal without declaring a
	// jockey power). A move written without Turnaround went; a refusal,
	// or a move only Turnaround made legal, needs the board looked at.
	var held, could [house.MaxPlayers]bool
	inTurn, called := false, false
	for step := 0; ; step++ {
		stage := s.Stage()
		if stage == play.StageOver {
			break
		}
		if step >= maxSteps {
			return fmt.Errorf("the race has not ended after %d steps", step)
		}
		if p := s.Seat(); p == engine.SeatChance {
			if stage == play.StageRoll {
				if r.Turns() >= maxTurns {
					return fmt.Errorf("the race has not ended after %d turns", r.Turns())
				}
				held, could, inTurn = [house.MaxPlayers]bool{}, [house.MaxPlayers]bool{}, true
			}
			if err := s.Chance(rng); err != nil {
				return fmt.Errorf("chance (%s): %w", s.Turn().Kind, err)
			}
		} else {
			a := pl.bots[p].Choose(s, rng)
			if stage == play.StageKeep || stage == play.StageMove {
				m := play.ActionMove(a)
				held[p] = true
				res.Held[p]++
				could[p] = could[p] || !m.Pass && !m.Turnaround || r.CanPlay(p, s.Role())
			}
			if err := s.Apply(a); err != nil {
				return fmt.Errorf("%s (%s) %s: %w", Names[p], s.Turn().Kind, s.Choice(a).Text, err)
			}
		}
		if ph := r.Phase(); inTurn && (ph == house.PhaseRoll || ph == house.PhaseOver) {
			inTurn = false
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
	}
	o := r.Options()
	res.Layout = o.Layout
	res.Jockeys = o.Jockeys
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
	return nil
}
