package review

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
)

// Kind is what a decision decided.
type Kind uint8

// The decisions a race log records.
const (
	KindKeep     Kind = iota + 1 // the roller's kept pair
	KindCut                      // the roller's cut of the other four dice
	KindChooser                  // the chooser's pair from the cut
	KindLeftover                 // the roller's leftover pair
	KindDraft                    // a draft of two of the four dice (The Duel)
	KindSolo                     // riding alone: how the cut pair is played
	KindAlone                    // a roller nobody else can choose for: either cut pair
	KindFree                     // The Book, roller scratched: any two of the four
	KindDeclare                  // declaring a jockey power on the move played
	KindStrike                   // the lane an arrow strikes
	KindBack                     // The Book: the horse a stake backs
)

var kindNames = [...]string{"", "keep", "cut", "chooser", "leftover", "draft", "solo", "alone", "free", "declare", "strike", "back"}

// String names the kind as the report prints it: "keep", "cut", ...
func (k Kind) String() string {
	if int(k) < len(kindNames) && k > 0 {
		return kindNames[k]
	}
	return "decision"
}

// roleKinds maps the engine's roles to the decisions they make.
var roleKinds = [...]Kind{
	house.RoleKeep:     KindKeep,
	house.RoleChooser:  KindChooser,
	house.RoleLeftover: KindLeftover,
	house.RoleDraft:    KindDraft,
	house.RoleSolo:     KindSolo,
	house.RoleAlone:    KindAlone,
	house.RoleFree:     KindFree,
}

// Decision is one decision of the race, weighed: the choice played and the
// best the expert sees among the legal ones, with what each is worth.
type Decision struct {
	Line   int // the line of the log that records it
	Turn   int // the turn it belongs to (a stake: the turn whose roll follows)
	Seat   int
	Player string
	Kind   Kind
	// Played and Best are the choices in the log's notation: "3:5",
	// "pass 66", "15 26" for a cut, "strike 4", "3:3 double", "back 2".
	Played, Best string
	// ValuePlayed and ValueBest are in dollars of expected purse, to the
	// tenth; Loss is their difference, never negative.
	ValuePlayed, ValueBest, Loss float64
	// Choices counts the legal choices weighed.
	Choices int
	// Rollout, when the review was asked for rollouts and the choice
	// played was not the best, is what playing both out said.
	Rollout *Rollout
}

// Rollout is a check of a decision's loss by play: the choice played and
// the best one, each played out N times to the end of the race with the
// expert bot in every seat and the same dice for both (the i-th rollout of
// each draws from one generator).
type Rollout struct {
	N int
	// Loss is the mean of the mover's final purse after the best choice
	// less after the one played; SE is its standard error. It may be
	// negative: play can favour the choice the tables like less.
	Loss, SE float64
}

// Options tune a review. The zero value reviews as the report's text
// describes.
type Options struct {
	// Costliest is how many of the costliest decisions the report names;
	// 0 means 3.
	Costliest int
	// Rollouts, when above 0, checks each decision that lost something by
	// playing the choice played and the best one out that many times each
	// (Decision.Rollout). A stake is not played out. Seed seeds the dice.
	Rollouts int
	Seed     uint64
	// Partial reviews a log that stops before the race is over, as far as
	// it goes; no turn decided such a race.
	Partial bool
}

// Review replays the race log read from r through the play protocol and
// weighs every decision in it with the expert bot's valuation
// (bot.Critic). Problems with the log are the referee's (*engine.Error
// values, as Judge returns them); a sheet transcript records no decisions
// and is a problem too.
func Review(r io.Reader, o Options) (*Report, error) {
	src, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	d := notation.NewDecoder(bytes.NewReader(src))
	if _, err := d.Header(); err != nil {
		return nil, err
	}
	if d.File() == notation.FileTranscript {
		return nil, engine.Errorf(d.Line(), house.RuleNotation, "a sheet transcript records the finished sheets, not the turns: this needs a race log")
	}
	res, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: o.Partial})
	if err != nil {
		return nil, err
	}
	log, err := notation.DecodeBytes(src)
	if err != nil {
		return nil, err
	}
	s, err := play.Read(bytes.NewReader(notation.AppendHeader(nil, &log.Header)))
	if err != nil {
		return nil, err
	}
	rv := reviewer{c: bot.NewCritic(), o: o}
	for i := range log.Statements {
		st := &log.Statements[i]
		if st.Kind == notation.KindPurse {
			continue
		}
		rv.visit(st, s)
		text := notation.AppendStatement(nil, &log.Header, st)
		if err := s.Play(string(text)); err != nil {
			return nil, fmt.Errorf("review: line %d, which check accepts, does not replay: %w", st.Line, err)
		}
		rv.after(s.Race())
	}
	return rv.report(&res.Result, o), nil
}

// reviewer weighs the decisions of one log as its replay shows them.
type reviewer struct {
	c         *bot.Critic
	o         Options
	pairs     uint64 // rollout pairs played, for their dice
	decisions []Decision
	worth     [][]float64 // by turn: each seat's estimated final purse at its end
	opts      []option    // scratch
	legal     []engine.Action
}

// option is one legal choice and its worth.
type option struct {
	m house.Move
	v float64
}

// visit weighs the decision statement st records, if it records one, with
// the game s as it stands before it.
func (rv *reviewer) visit(st *notation.Statement, s *play.State) {
	r := s.Race()
	switch st.Kind {
	case notation.KindBack:
		rv.back(st.Line, r, s.Players(), st.Seat, st.N)
	case notation.KindKeep:
		rv.move(st.Line, s, r.Roller(), house.RoleKeep, st.Move)
	case notation.KindCut:
		rv.cut(st.Line, s, st.Cut)
	case notation.KindPlay:
		p, role := r.Next()
		rv.move(st.Line, s, p, role, st.Move)
	}
}

// after notes, once a turn is over, every seat's estimated final purse.
func (rv *reviewer) after(r *house.Race) {
	if ph := r.Phase(); (ph == house.PhaseRoll || ph == house.PhaseOver) && r.Turns() > len(rv.worth) {
		w := make([]float64, r.Players())
		for p := range w {
			w[p] = rv.c.Worth(r, p)
		}
		rv.worth = append(rv.worth, w)
	}
}

// add records a decision of seat at line among n legal choices, when
// there was a choice to make: the choice played and the best one, with
// their values.
func (rv *reviewer) add(line int, names []string, seat int, k Kind, turn int, n int, played, best string, vp, vb float64) bool {
	if n < 2 {
		return false
	}
	vp, vb = dimes(vp), dimes(vb)
	if vb <= vp {
		vb, best = vp, played
	}
	rv.decisions = append(rv.decisions, Decision{Line: line, Turn: turn, Seat: seat, Player: names[seat], Kind: k,
		Played: played, Best: best, ValuePlayed: vp, ValueBest: vb, Loss: dimes(vb - vp), Choices: n})
	return true
}

// rollout plays a decision's two choices out (Options.Rollouts times
// each) and puts what it finds on the decision just added: choice k (0 the
// one played, 1 the best) is the action act(k) on a copy of s, and the
// race is played on to its end by the expert bot in every seat.
func (rv *reviewer) rollout(s *play.State, seat int, act func(k int) engine.Action) {
	d := &rv.decisions[len(rv.decisions)-1]
	n := rv.o.Rollouts
	if n <= 0 || d.Loss == 0 || d.Kind == KindBack {
		return
	}
	var sum, sum2 float64
	bots := make([]engine.Bot, len(s.Players()))
	for i := 0; i < n; i++ {
		var purse [2]float64
		for k := range purse {
			x := s.Clone()
			if err := x.Apply(act(k)); err != nil {
				panic(fmt.Sprintf("review: a legal choice refused: %v", err))
			}
			for p := range bots {
				bots[p], _ = bot.New("expert")
			}
			if err := engine.PlayOut(x, bots, engine.RaceRand(rv.o.Seed, int(rv.pairs)), maxSteps); err != nil {
				panic(fmt.Sprintf("review: a rollout failed: %v", err))
			}
			purse[k] = float64(x.(*play.State).Race().Purse(seat))
		}
		rv.pairs++
		diff := purse[1] - purse[0]
		sum += diff
		sum2 += diff * diff
	}
	mean := sum / float64(n)
	se := 0.0
	if n > 1 {
		se = math.Sqrt(max(sum2-float64(n)*mean*mean, 0) / float64(n-1) / float64(n))
	}
	d.Rollout = &Rollout{N: n, Loss: dimes(mean), SE: dimes(se)}
}

// maxSteps bounds a rollout's decisions and draws.
const maxSteps = 20000

// dimes rounds dollars to the tenth.
func dimes(v float64) float64 { return math.Round(v*10) / 10 }
