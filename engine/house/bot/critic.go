package bot

import (
	"math"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
)

// Critic weighs the choices of one decision the way the expert bot weighs
// its own, so that a review can say what each choice was worth beside the
// best one. Its values are in dollars: what a choice adds to the mover's
// expected purse, read from the expert's one-lane expectimax tables (see
// value.go), less the share of a rival's gain the expert charges itself.
// They are comparable between the choices of one decision, not between
// decisions.
//
// A Critic keeps scratch space: one value must not be used by two
// goroutines at once.
type Critic struct {
	pl planner
}

// NewCritic returns a critic that values choices as the expert bot does.
func NewCritic() *Critic { return &Critic{pl: planner{name: "expert", deep: true}} }

// Move is what move m is worth to seat, whom the race r waits for in role
// (Next, or the roller's kept pair in PhaseKeep). m must be legal, with its
// strike when an arrow owes one, or a pass of the dice role holds. The
// kept pair's worth includes the best cut of the four dice it leaves. A
// pass is worth minus what its false start costs, nothing when it costs
// none.
func (c *Critic) Move(r *house.Race, seat int, role house.Role, m house.Move) float64 {
	pl := &c.pl
	pl.keptOK = false
	pl.begin(r, seat)
	sh := pl.sheetOf(seat)
	var v float32
	x := *sh
	if m.Pass {
		if falseStart(r, seat, m) {
			v = -fsCost(sh)
			x.FalseStart()
		}
	} else {
		v = pl.gain(sh, seat, &m)
		x.apply(m)
		if m.Strike != 0 {
			x.strike(m.Strike)
		}
	}
	if role == house.RoleKeep && !x.Player().Scratched() {
		rest, _ := house.Rest(r.Dice(), m.Lane, m.Stride)
		x.forget()
		v += pl.cutValue(&x, seat, rest)
	}
	return float64(v)
}

// falseStart reports whether seat's pass m costs a false start: the
// engine's own rule, asked of a copy of the race.
func falseStart(r *house.Race, seat int, m house.Move) bool {
	x := *r
	before := x.Player(seat).FalseStarts()
	var err error
	if x.Phase() == house.PhaseKeep {
		err = x.Keep(m)
	} else {
		err = x.Play(seat, m)
	}
	return err == nil && x.Player(seat).FalseStarts() > before
}

// Cut is what cutting the four dice left into pairs a and b is worth to
// the roller, with the race r waiting for the cut: the pair the roller
// will play, less the expert's share of what the chooser takes.
func (c *Critic) Cut(r *house.Race, a, b [2]int8) float64 {
	pl := &c.pl
	pl.keptOK = false
	p := r.Roller()
	pl.begin(r, p)
	return float64(pl.cutScore(pl.sheetOf(p), p, a, b))
}

// Back is what backing horse (1-6) is worth to seat in The Book, with the
// race r before a roll, as the expert prices a stake: the horse's worth at
// the multiplier it gets now. Holding (horse 0) is worth nothing; a horse
// home cannot be backed (ok false).
func (c *Critic) Back(r *house.Race, seat, horse int) (v float64, ok bool) {
	if horse == 0 {
		return 0, true
	}
	pl := &c.pl
	pl.keptOK = false
	deep := pl.deep
	pl.deep = false
	defer func() { pl.deep = deep }()
	pl.begin(r, seat)
	w, ok := pl.stakeVal(pl.sheetOf(seat), seat, horse-1)
	return float64(w), ok
}

// Worth estimates seat's purse at the end of the race r: its purse as it
// stands, and what each horse still running may add by the expert's
// tables (in The Book, at the seat's stakes on it). Once the race is over
// it is the purse.
func (c *Critic) Worth(r *house.Race, seat int) float64 {
	var mean [house.MaxPlayers]float64
	c.estimate(r, &mean)
	return mean[seat]
}

// estimate is each seat's final purse as the expert's tables expect it
// (Worth), for every seat of race r.
func (c *Critic) estimate(r *house.Race, mean *[house.MaxPlayers]float64) {
	n := r.Players()
	for p := range n {
		mean[p] = float64(r.Purse(p))
	}
	if r.Over() {
		return
	}
	pl := &c.pl
	book := r.Mode() == house.Book
	for p := range n {
		pl.keptOK = false
		pl.begin(r, p)
		sh := pl.sheetOf(p)
		var times [house.Lanes]float64
		for _, st := range sh.Player().Stakes() {
			times[st.Horse-1] += float64(st.Times)
		}
		for i := range house.Lanes {
			l := sh.Lane(i + 1)
			if l.Home() || l.Shut() {
				continue
			}
			// laneVal is the horse's worth before any stake in The Book,
			// the lane's at its multiplier elsewhere.
			now := pl.bd.paysF[l.Station()&7]
			if !book {
				now *= float32(laneTimes(sh, l))
			}
			gain := float64(pl.laneVal(sh, p, l, i) - now)
			if book {
				gain *= times[i]
			}
			mean[p] += gain
		}
	}
}

// fill writes each seat's expected purse into out, to the dime, with no
// chance to win (NaN): the expert's tables weigh each horse on its own and
// say nothing honest of how far a purse may land from its expectation, so
// a review of the house game weighs by dollars alone. Values to the dime
// make every loss a whole number of dimes, so that a player's losses add
// up to their total as the review prints them.
func fill(mean *[house.MaxPlayers]float64, out []engine.Value) {
	for p := range out {
		out[p] = engine.Value{Win: math.NaN(), Points: math.Round(mean[p]*10) / 10}
	}
}

// Value is what the expert makes of s for every seat, for a review
// (engine.Valuer): each seat's expected final purse as its tables give it
// (Worth), and no chance to win (NaN; fill says why). Once the race is
// over the values are its result. The dice of a turn under way are not
// looked at: ValueChoices weighs what they offer.
func (c *Critic) Value(s engine.State, out []engine.Value) {
	var mean [house.MaxPlayers]float64
	if ps, ok := s.(*play.State); ok && ps.Stage() > play.StageRail {
		c.estimate(ps.Race(), &mean)
	}
	fill(&mean, out)
}

// ValueChoices weighs the choices of the decision s waits for as the
// expert weighs its own (engine.ChoiceValuer): each seat's values as
// Value gives them, the seat deciding's expected purse moved by what the
// choice adds to it (Move, Cut, Back). Riding alone, the rider must play
// the pair they like less (the rulings), and the log records which: the
// ways to play the other pair are not weighed (NaN points).
func (c *Critic) ValueChoices(s engine.State, legal []engine.Action, played engine.Action, out [][]engine.Value) {
	ps, ok := s.(*play.State)
	if !ok {
		for i, a := range legal {
			x := s.Clone()
			x.Apply(a)
			c.Value(x, out[i])
		}
		return
	}
	r := ps.Race()
	seat, role := ps.Seat(), ps.Role()
	var base [house.MaxPlayers]float64
	c.estimate(r, &base)
	pm := play.ActionMove(played)
	for i, a := range legal {
		mean := base
		var gain float64
		switch ps.Stage() {
		case play.StageKeep, play.StageMove:
			m := play.ActionMove(a)
			if role == house.RoleSolo && dicePair(m) != dicePair(pm) {
				fill(&mean, out[i])
				out[i][seat].Points = math.NaN()
				continue
			}
			gain = c.Move(r, seat, role, m)
		case play.StageCut:
			cut := play.ActionCut(a)
			gain = c.Cut(r, cut[0], cut[1])
		case play.StageBack:
			gain, _ = c.Back(r, seat, int(a))
		default:
			x := s.Clone()
			x.Apply(a)
			c.Value(x, out[i])
			continue
		}
		mean[seat] += gain
		fill(&mean, out[i])
	}
}

var _ engine.ChoiceValuer = (*Critic)(nil)

// dicePair is the pair of dice a move or a pass holds, low die first.
func dicePair(m house.Move) [2]int8 {
	return [2]int8{min(m.Lane, m.Stride), max(m.Lane, m.Stride)}
}
