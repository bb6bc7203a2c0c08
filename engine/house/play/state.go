package play

import (
	"fmt"
	"math/rand/v2"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// Stage is what a house game waits for: a decision or draw of its setup,
// a turn's, or nothing once it is over. Turn says the same for
// engine.State; a bot's fast path reads Stage.
type Stage uint8

// The stages, in the order a game meets them.
const (
	StageLayout  Stage = iota + 1 // chance: the layout roll
	StageJockey                   // a seat's jockey: drawn by chance, or the seat's choice
	StageWager                    // a seat's side wager, or none
	StageRail                     // chance: a line of the draw for the rail
	StageBack                     // The Book: a seat's stake before the roll, or holding it
	StageRoll                     // chance: the turn's six dice
	StageKeep                     // the roller's kept pair
	StageCut                      // the roller's cut of the other four dice
	StageMove                     // a player's pair from the cut or the four dice, in the role Next gives
	StageRolloff                  // chance: a roll-off for first home
	StageOver                     // nothing: the race is over
)

var stageKinds = [...]string{"", "layout", "jockey", "wager", "rail", "back", "roll", "keep", "cut", "move", "rolloff", ""}

// String is the stage's word, as Turn's Kind gives it ("move" for every
// role's move).
func (g Stage) String() string { return engine.Named(stageKinds[:], int(g), "Stage") }

// State is a game of the house game in progress: an engine.State. The
// zero value is not usable; New starts one, Read and Replay replay a log
// into one.
type State struct {
	cfg  config
	hdr  notation.Header // the header so far: no rails (they are in log)
	race house.Race
	// started says the race exists: the layout is known and every rider
	// has a jockey.
	started bool
	stage   Stage
	seat    int8 // the seat deciding or drawn for: jockey, wager, back
	who     int8 // Seat: the seat deciding, engine.SeatChance or engine.SeatNone
	back    int8 // StageBack: the seat's place from the roller
	turn    int  // the turn whose stakes back counts for
	jockeys [house.MaxPlayers]house.Jockey
	wagers  [house.MaxPlayers]int
	log     []event              // the rails and the turns played
	draws   []house.Draw         // the draws of the log's rails and roll-offs
	stmts   []notation.Statement // AppendLog's scratch
	// shared says a clone shares log and draws: Reset starts new ones.
	shared bool
	// judged is the result a replay worked out to check the log's purses,
	// kept for Result until the game moves on (setup and advance drop it).
	judged *Result
}

// logSize is the events a new State has room for: a two-player Duel's
// log without growing.
const logSize = 160

// Reset starts the game again from its setup, as New made it, keeping its
// memory: the simulator plays every game of a table on one State.
func (s *State) Reset() error {
	c := &s.cfg
	s.hdr = notation.Header{Mode: c.mode, Players: c.names, Layout: c.layout}
	s.hdr.Call = c.callLine
	if !c.num.Standard() {
		s.hdr.Variant, s.hdr.Digest = c.variant, c.num.Digest()
	}
	s.started = false // the race of the game before stays until start makes this one's
	s.turn, s.back, s.seat = 0, 0, 0
	s.jockeys, s.wagers = c.riders, c.fixed
	if s.shared {
		s.log, s.draws, s.shared = nil, nil, false
	}
	s.log, s.draws = s.log[:0], s.draws[:0]
	if s.log == nil {
		s.log = make([]event, 0, logSize)
	}
	s.judged = nil
	s.stage, s.who = StageLayout, engine.SeatChance
	if c.jockeys == ridersFixed {
		s.hdr.Jockeys = c.riders
	}
	s.hdr.Wagers = c.fixed
	if c.layout != 0 {
		return s.setup()
	}
	return nil
}

// setup moves the setup on from the stage it is at: past the jockeys and
// wagers nobody decides, starting the race once it can, and to the turns
// once the rail is drawn.
func (s *State) setup() error {
	c := &s.cfg
	n := int8(len(c.names))
	s.who, s.judged = engine.SeatChance, nil
	for {
		switch s.stage {
		case StageLayout:
			if s.hdr.Layout == 0 {
				return nil
			}
			s.stage, s.seat = StageJockey, 0
		case StageJockey:
			if c.jockeys == ridersRandom || c.jockeys == ridersChoose {
				if s.seat < n {
					if c.jockeys == ridersChoose {
						s.who = s.seat
					}
					return nil
				}
				s.hdr.Jockeys = s.jockeys // every rider has one: the log may say them
			}
			s.stage, s.seat = StageWager, 0
		case StageWager:
			if c.wagers && s.seat < n {
				s.who = s.seat
				return nil
			}
			if err := s.start(); err != nil {
				return err
			}
			s.stage = StageRail
		case StageRail:
			if n > 1 && s.race.FirstRoller() < 0 {
				return nil // the draw for the rail, or its tie
			}
			s.advance()
			return nil
		default:
			s.advance()
			return nil
		}
	}
}

// start makes the race the setup settles: its layout, call, jockeys and
// wagers.
func (s *State) start() error {
	var js *[house.MaxPlayers]house.Jockey
	if s.cfg.jockeys != ridersNone {
		js = &s.jockeys
	}
	if err := s.race.Reset(s.cfg.options(s.hdr.Layout, js, &s.wagers)); err != nil {
		return err
	}
	s.started = true
	return nil
}

// advance works out the stage of a race under way from the race itself,
// and in The Book which seat decides its stake next.
func (s *State) advance() {
	r := &s.race
	s.judged = nil
	switch r.Phase() {
	case house.PhaseRoll:
		s.stage, s.who = StageRoll, engine.SeatChance
		if !r.Mode().Stakes() {
			return
		}
		if t := r.Turns(); t != s.turn {
			s.turn, s.back = t, 0
		}
		roller, _ := r.Next()
		if roller < 0 {
			return // nobody knows who rolls first: stakes come as the log says
		}
		n := int8(r.Players())
		for ; s.back < n; s.back++ {
			p := int8(roller) + s.back // the seat s.back places after the roller's
			if p >= n {
				p -= n
			}
			pl := r.Player(int(p))
			if !pl.Scratched() && len(pl.Stakes()) < house.StakesPerSlip {
				s.stage, s.seat, s.who = StageBack, p, p
				return
			}
		}
	case house.PhaseKeep:
		s.stage, s.who = StageKeep, int8(r.Roller())
	case house.PhaseCut:
		s.stage, s.who = StageCut, int8(r.Roller())
	case house.PhasePlay:
		p, _ := r.Next()
		s.stage, s.who = StageMove, int8(p)
	case house.PhaseRolloff:
		s.stage, s.who = StageRolloff, engine.SeatChance
	case house.PhaseOver:
		s.stage, s.who = StageOver, engine.SeatNone
	}
}

// Stage is what the game waits for.
func (s *State) Stage() Stage { return s.stage }

// Race is the race under way, for a bot's fast path: it reads the race
// and must not change it. Before the layout is known it is the zero Race.
func (s *State) Race() *house.Race { return &s.race }

// Options are the race's options as the setup has settled them so far:
// the layout once rolled, the jockeys and wagers chosen so far.
func (s *State) Options() house.Options {
	return s.cfg.options(s.hdr.Layout, &s.jockeys, &s.wagers)
}

// Header is the header the log so far writes.
func (s *State) Header() *notation.Header { return &s.hdr }

// Players are the names of the seats, in seating order.
func (s *State) Players() []string { return s.cfg.names }

// Bots are the seats' bots as the setup named them, "" for a person.
func (s *State) Bots() []string { return s.cfg.bots }

// Turn says who acts now.
func (s *State) Turn() engine.Turn {
	switch s.stage {
	case StageLayout:
		return engine.Turn{Seat: engine.SeatChance, Kind: "layout"}
	case StageJockey:
		if s.cfg.jockeys == ridersRandom {
			return engine.Turn{Seat: engine.SeatChance, Kind: "jockey"}
		}
		return engine.Turn{Seat: int(s.seat), Kind: "jockey"}
	case StageWager:
		return engine.Turn{Seat: int(s.seat), Kind: "wager"}
	case StageRail:
		return engine.Turn{Seat: engine.SeatChance, Kind: "rail"}
	case StageBack:
		return engine.Turn{Seat: int(s.seat), Kind: "back"}
	case StageRoll:
		return engine.Turn{Seat: engine.SeatChance, Kind: "roll"}
	case StageKeep:
		return engine.Turn{Seat: s.race.Roller(), Kind: "keep"}
	case StageCut:
		return engine.Turn{Seat: s.race.Roller(), Kind: "cut"}
	case StageMove:
		p, role := s.race.Next()
		return engine.Turn{Seat: p, Kind: role.String()}
	case StageRolloff:
		return engine.Turn{Seat: engine.SeatChance, Kind: "rolloff"}
	}
	return engine.Turn{Seat: engine.SeatNone}
}

// Seat is the seat whose decision the game waits for, as Turn gives it,
// without the words: engine.SeatChance or engine.SeatNone when no seat
// decides.
func (s *State) Seat() int { return int(s.who) }

// Role is the role of the seat whose move the race waits for, at
// StageMove; RoleKeep at StageKeep.
func (s *State) Role() house.Role {
	switch s.stage {
	case StageKeep:
		return house.RoleKeep
	case StageMove:
		_, role := s.race.Next()
		return role
	}
	return house.RoleNone
}

// Chance resolves the chance event Turn names with rng: the layout roll,
// a seat's jockey drawn, a line of the rail, the turn's roll or a
// roll-off, writing it in the log.
func (s *State) Chance(rng *rand.Rand) error {
	var v *engine.Violation
	switch s.stage {
	case StageRoll:
		// The turn's roll first: nearly every draw is one.
		p, _ := s.race.Next()
		var dice [house.Dice]int8
		for i := range dice {
			dice[i] = engine.Roll(rng)
		}
		v = s.roll(max(p, 0), &dice)
	case StageLayout:
		v = s.setLayout(1 + rng.IntN(6))
	case StageJockey:
		if s.cfg.jockeys != ridersRandom {
			return s.notChance()
		}
		v = s.setJockey(int(s.seat), house.Jockeys[rng.IntN(len(house.Jockeys))])
	case StageRail:
		var ds [house.Lanes]house.Draw
		tied := s.race.RailTie()
		if tied == 0 {
			tied = 1<<s.race.Players() - 1
		}
		v = s.rail(drawBits(&ds, tied, false, rng))
	case StageRolloff:
		var ds [house.Lanes]house.Draw
		lane, bits, _ := s.race.Tie()
		v = s.rolloff(lane, drawBits(&ds, bits, lane == 0, rng))
	default:
		return s.notChance()
	}
	if v != nil {
		return v
	}
	return nil
}

// notChance is the error for Chance when a seat is to act or the game is
// over.
func (s *State) notChance() error {
	t := s.Turn()
	if t.Over() {
		return engine.Violate(house.RuleOver, "the race is over")
	}
	return engine.Violate(house.RuleOrder, "nothing for chance to draw: %s decides (%s)", engine.SeatName(t.Seat), t.Kind)
}

// drawBits draws a die for each party of bits, in order, into ds: a
// seat, or a lane (1-6) when lanes.
func drawBits(ds *[house.Lanes]house.Draw, bits uint8, lanes bool, rng *rand.Rand) []house.Draw {
	k := 0
	for i := range 8 {
		if bits&(1<<i) == 0 || k == len(ds) {
			continue
		}
		who := int8(i)
		if lanes {
			who++
		}
		ds[k] = house.Draw{Who: who, Die: engine.Roll(rng)}
		k++
	}
	return ds[:k]
}

// Result is the race's result so far: score's verdict on the log so far.
// Before the layout is known there is no race to score.
func (s *State) Result() (engine.Verdict, error) {
	if s.judged != nil {
		return s.judged, nil
	}
	r, err := s.result()
	if err != nil {
		return nil, err
	}
	return r, nil
}

// result is Result as a *Result.
func (s *State) result() (*Result, error) {
	if !s.started {
		if s.stage == StageLayout {
			return nil, fmt.Errorf("no race yet: the layout is still to roll")
		}
		// The setup is under way: the race as the log so far has it,
		// which names no jockey until every rider has one.
		var js *[house.MaxPlayers]house.Jockey
		if s.stage > StageJockey && s.cfg.jockeys != ridersNone {
			js = &s.jockeys
		}
		r, err := house.New(s.cfg.options(s.hdr.Layout, js, &s.wagers))
		if err != nil {
			return nil, err
		}
		return ResultOf(&r, s.cfg.names), nil
	}
	return ResultOf(&s.race, s.cfg.names), nil
}

// Clone returns an independent copy of the state.
func (s *State) Clone() engine.State { return s.clone() }

// clone copies s. The statements played are never changed once played:
// the copy shares them, its own first statement copying its log, so that a
// copy costs the race's bytes and no more.
func (s *State) clone() *State {
	s.shared = true
	c := *s
	c.log = s.log[:len(s.log):len(s.log)]
	c.draws = s.draws[:len(s.draws):len(s.draws)]
	c.stmts = nil
	return &c
}
