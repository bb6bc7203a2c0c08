package engine

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Value is what a position is worth to one seat, as a game's expert sees
// it.
type Value struct {
	// Win is the seat's chance to win the game, 0 to 1; a shared win
	// counts its share. NaN says the expert gives no chance to win: the
	// review then weighs by Points alone (Review).
	Win float64
	// Points is the seat's expected final result, in the game's units
	// (points, dollars, chips).
	Points float64
}

// Valuer weighs positions for a review: each game's expert brings one,
// with its own way of valuing a position. The review lists the legal
// choices through the play protocol, asks the Valuer what each leads to
// (or, a ChoiceValuer, what each is worth), and puts the answers
// together; the rules stay the game's and the values the expert's.
type Valuer interface {
	// Value fills out, one entry a seat, with what s is worth to each
	// seat. s may be at chance's turn (a choice whose dice are still to
	// come): the value is then the expectation over what chance draws.
	// Once the game is over the value is its result.
	Value(s State, out []Value)
}

// ChoiceValuer is a Valuer that weighs the choices of a decision itself,
// from the position before it, rather than the positions they lead to: an
// expert whose values are what each choice adds by its own reckoning
// (the house game's, in dollars of expected purse), which the positions
// after the choices would not show alike. Review asks it once a decision;
// it still values positions with Value, for the chances at each turn's
// end.
type ChoiceValuer interface {
	Valuer
	// ValueChoices fills out[i], one entry a seat, with what playing
	// legal[i], one of s.Legal's, is worth to each seat; played is the
	// choice the log played, one of legal. A choice the rules allow but
	// the game does not count as a real alternative (riding alone, the
	// house game's rider must play the pair they like less) gets NaN
	// points for the seat deciding: it is not weighed, and a decision left
	// with one choice to weigh is forced.
	ValueChoices(s State, legal []Action, played Action, out [][]Value)
}

// Move is one decision of a written-down game, as a walk through its log
// meets it.
type Move struct {
	Line int // the log's line that records it
	Turn int // the game's turn it belongs to, from 1
	// State is the game just before the decision: the seat whose turn it
	// is decided Played. It is valid only during the visit.
	State  State
	Played Action
}

// Walk replays a written-down game decision by decision, calling visit
// with each seat's decision before it is played, and returns the game as it
// stands at the end of the file. Each game's play package provides one
// (play.Walk) over a log it reads; a problem with the log is the *Error
// the referee reports.
type Walk func(visit func(m *Move) error) (State, error)

// ReviewOptions say how a review weighs a game.
type ReviewOptions struct {
	// Game names what was played, for the report's heading: "The Great
	// Races".
	Game string
	// Costliest is how many of the costliest decisions the report names;
	// 0 means 3.
	Costliest int
	// Rollouts, when above 0, checks each decision that lost something by
	// playing the choice played and the best one on to the end that many
	// times each, with Bots in every seat and the same dice for both.
	Rollouts int
	Seed     uint64
	// Bots make the bot of each seat for rollouts (the game's expert).
	Bots func(seat int) (Bot, error)
	// MaxSteps bounds a rollout, as in PlayOut.
	MaxSteps int
	// Unit is written before expected points ("$" for a purse), "" for
	// points.
	Unit string
	// Method says how the values are worked out, for the report's closing
	// note.
	Method string
	// Decided is the win chance the winner must keep from the end of a
	// turn on for that turn to have decided the game; 0 means 0.9.
	Decided float64
	// For a game whose expert gives no chance to win: Lead is the lead
	// in expected points over every rival the winner must keep from the
	// end of a turn on for that turn to have decided the game (0 means
	// 10), and Marks the losses in points from which a decision is marked
	// "?" and "??" (0 means 3 and 8).
	Lead  float64
	Marks [2]float64
	// Stop, when not nil, is asked before each decision is weighed and
	// each rollout played: an error from it ends the review, whose error
	// wraps it (errors.Is finds it). A server passes its request's context's Err, so that the
	// review of a client gone, or out of time, stops.
	Stop func() error
}

// ReviewDecision is one decision of a game, weighed.
type ReviewDecision struct {
	Line   int
	Turn   int
	Seat   int
	Player string
	Kind   string // the Turn's kind: "split", "act", ...
	// Played and Best are the choices' log texts; Best is the choice with
	// the highest chance to win (the most points among those level).
	Played, Best string
	// ValuePlayed and ValueBest are what the two choices are worth to the
	// player.
	ValuePlayed, ValueBest Value
	// LossWin is the best chance to win among the legal choices less the
	// played one's, in points of probability (0 to 1); LossPoints is the
	// most expected points among them less the played one's. Neither is
	// ever negative.
	LossWin, LossPoints float64
	// Choices counts the legal choices weighed.
	Choices int
	// Rollout, when asked for and the choice played was not the best, is
	// what playing both out said.
	Rollout *ReviewRollout

	// shared counts the words every legal choice's text starts with (the
	// roll, the player's name), which the table leaves out.
	shared int
}

// ReviewRollout is a check of a decision's loss by play: the choice played
// and the best one, each played out N times with the same dice for both.
type ReviewRollout struct {
	N int
	// LossWin and LossPoints are the mean differences of the player's
	// wins and final result, best less played; SEWin and SEPoints are
	// their standard errors. They may be negative: play can favour the
	// choice the expert likes less.
	LossWin, SEWin, LossPoints, SEPoints float64
}

// ReviewPlayer is one player's part of a review.
type ReviewPlayer struct {
	Name       string
	Result     int // the final result, as Standings gives it
	Place      int
	Decisions  int
	LossWin    float64 // the sum of the decisions' LossWin
	LossPoints float64 // the sum of the decisions' LossPoints
}

// Mean is the player's loss of win chance per decision weighed.
func (p *ReviewPlayer) Mean() float64 {
	if p.Decisions == 0 {
		return 0
	}
	return p.LossWin / float64(p.Decisions)
}

// MeanPoints is the player's loss in result points per decision weighed.
func (p *ReviewPlayer) MeanPoints() float64 {
	if p.Decisions == 0 {
		return 0
	}
	return p.LossPoints / float64(p.Decisions)
}

// ReviewReport is a reviewed game: every decision weighed, each player's
// total, the costliest decisions and the turn that decided the game. It is
// a Report: review prints its Text, review --json its JSON.
type ReviewReport struct {
	Game     string
	Turns    int
	Complete bool // the log reaches the end of the game
	Unit     string
	Method   string
	// Decisions are in the order of the log; forced ones are not listed.
	Decisions []ReviewDecision
	Players   []ReviewPlayer // by seat
	// Costliest are indexes into Decisions, the costliest first.
	Costliest []int
	// Chances are, for each turn, each seat's chance to win at its end (the
	// last turn's is the result), and Worth their expected final results.
	Chances, Worth [][]float64
	Rollouts       int
	// Decided is the turn from whose end on the game's one winner kept a
	// chance to win of DecidedAt or more (without win chances: an
	// expected result ahead of every rival's by Lead or more); 0 when the
	// game has no single winner, no rival, or is unfinished.
	Decided   int
	DecidedAt float64
	// NoWin says the game's expert gives no chance to win (Value.Win
	// NaN): the choices are weighed by points alone, every LossWin is 0,
	// and Chances are not known.
	NoWin bool
	Lead  float64
	Marks [2]float64
}

// Review weighs every decision that walk meets with v, and puts the
// report together.
func Review(walk Walk, v Valuer, o ReviewOptions) (*ReviewReport, error) {
	rep := &ReviewReport{Game: o.Game, Unit: o.Unit, Method: o.Method, DecidedAt: cmp.Or(o.Decided, 0.9), Rollouts: max(o.Rollouts, 0),
		Lead: cmp.Or(o.Lead, 10), Marks: o.Marks}
	if rep.Marks == [2]float64{} {
		rep.Marks = [2]float64{3, 8}
	}
	var (
		legal     []Action
		vals      []Value
		outs      [][]Value // a ChoiceValuer's values, a legal choice each
		after     []Value   // every seat's values after the last decision played
		cur       int       // the turn of the last decision met; 0 before the first
		names     []string
		pairs     uint64
		valueOnce = func(s State) []Value {
			out := make([]Value, len(s.Players()))
			v.Value(s, out)
			return out
		}
	)
	push := func(vs []Value) {
		ch, w := make([]float64, len(vs)), make([]float64, len(vs))
		for p, x := range vs {
			ch[p], w[p] = x.Win, x.Points
			if math.IsNaN(x.Win) {
				rep.NoWin, ch[p] = true, 0
			}
		}
		rep.Chances = append(rep.Chances, ch)
		rep.Worth = append(rep.Worth, w)
	}
	visit := func(m *Move) error {
		if o.Stop != nil {
			if err := o.Stop(); err != nil {
				return err
			}
		}
		s := m.State
		if names == nil {
			names = s.Players()
			vals = make([]Value, len(names))
		}
		if m.Turn != cur {
			// A new turn begins: the turns before it ended as the last
			// decision left them.
			if cur == 0 {
				after = valueOnce(s)
			}
			for t := max(cur, 1); t < m.Turn; t++ {
				push(after)
			}
			cur = m.Turn
		}
		seat := s.Turn().Seat
		legal = s.Legal(legal[:0])
		if len(legal) < 2 {
			c := s.Clone()
			if err := c.Apply(m.Played); err != nil {
				return fmt.Errorf("line %d: the choice played is refused: %w", m.Line, err)
			}
			after = valueOnce(c)
			return nil // forced: nothing to weigh
		}
		d := ReviewDecision{Line: m.Line, Turn: m.Turn, Seat: seat, Player: names[seat], Kind: s.Turn().Kind, Choices: len(legal)}
		best, played := -1, -1
		var bestV, playedV Value
		maxWin, maxPts := math.Inf(-1), math.Inf(-1)
		cv, byChoice := v.(ChoiceValuer)
		if byChoice {
			for len(outs) < len(legal) {
				outs = append(outs, make([]Value, len(names)))
			}
			cv.ValueChoices(s, legal, m.Played, outs[:len(legal)])
			d.Choices = 0
		}
		for i, a := range legal {
			if byChoice {
				copy(vals, outs[i])
				if math.IsNaN(vals[seat].Points) {
					continue // not a real alternative
				}
				d.Choices++
			} else {
				c := s.Clone()
				if err := c.Apply(a); err != nil {
					return fmt.Errorf("line %d: a legal choice %q is refused: %w", m.Line, s.Choice(a).Text, err)
				}
				v.Value(c, vals)
			}
			x := vals[seat]
			if math.IsNaN(x.Win) {
				rep.NoWin = true
				x.Win = 0
			}
			maxWin, maxPts = max(maxWin, x.Win), max(maxPts, x.Points)
			if best < 0 || x.Win > bestV.Win || x.Win == bestV.Win && x.Points > bestV.Points {
				best, bestV = i, x
			}
			if a == m.Played {
				played, playedV = i, x
				after = append(after[:0], vals...)
			}
		}
		if played < 0 && !byChoice {
			return fmt.Errorf("line %d: the choice played is not among the legal ones", m.Line)
		}
		if byChoice {
			// The chances at the turn's end are the positions'.
			c := s.Clone()
			if err := c.Apply(m.Played); err != nil {
				return fmt.Errorf("line %d: the choice played is refused: %w", m.Line, err)
			}
			after = valueOnce(c)
			if played < 0 {
				return fmt.Errorf("line %d: the choice played is not among those weighed", m.Line)
			}
			if d.Choices < 2 {
				return nil // one real choice: forced
			}
		}
		d.Played, d.Best = s.Choice(legal[played]).Text, s.Choice(legal[best]).Text
		d.shared = sharedWords(s, legal)
		d.ValuePlayed, d.ValueBest = playedV, bestV
		d.LossWin, d.LossPoints = max(maxWin-playedV.Win, 0), max(maxPts-playedV.Points, 0)
		if o.Rollouts > 0 && o.Bots != nil && best != played && (d.LossWin > 0 || rep.NoWin && d.LossPoints > 0) {
			ro, err := rollout(s, seat, legal[played], legal[best], o, &pairs)
			if err != nil {
				return fmt.Errorf("line %d: playing out: %w", m.Line, err)
			}
			d.Rollout = ro
		}
		rep.Decisions = append(rep.Decisions, d)
		return nil
	}
	final, err := walk(visit)
	if err != nil {
		return nil, err
	}
	if names == nil {
		names = final.Players()
	}
	res, err := final.Result()
	if err != nil {
		return nil, err
	}
	// The last turn ends where the file does.
	push(valueOnce(final))
	rep.Complete = final.Turn().Over()
	st := res.Standings()
	rep.Turns = len(rep.Chances)
	if rep.Complete {
		last := rep.Chances[len(rep.Chances)-1]
		winners := 0
		for _, s := range st {
			if s.Place == 1 {
				winners++
			}
		}
		for p, s := range st {
			last[p] = 0
			if s.Place == 1 {
				last[p] = 1 / float64(winners)
			}
			rep.Worth[len(rep.Worth)-1][p] = float64(s.Result)
		}
	}
	for p, n := range names {
		pl := ReviewPlayer{Name: n}
		if p < len(st) {
			pl.Result, pl.Place = st[p].Result, st[p].Place
		}
		rep.Players = append(rep.Players, pl)
	}
	for _, d := range rep.Decisions {
		pl := &rep.Players[d.Seat]
		pl.Decisions++
		pl.LossWin += d.LossWin
		pl.LossPoints += d.LossPoints
	}
	if rep.NoWin {
		for i := range rep.Decisions {
			d := &rep.Decisions[i]
			d.LossWin, d.ValuePlayed.Win, d.ValueBest.Win = 0, 0, 0
		}
		for i := range rep.Players {
			rep.Players[i].LossWin = 0
		}
		rep.Chances = nil
	}
	idx := make([]int, 0, len(rep.Decisions))
	for i, d := range rep.Decisions {
		if d.LossWin >= 0.005 || d.LossWin == 0 && d.LossPoints >= 0.5 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		da, db := &rep.Decisions[a], &rep.Decisions[b]
		return cmp.Or(cmp.Compare(db.LossWin, da.LossWin), cmp.Compare(db.LossPoints, da.LossPoints))
	})
	rep.Costliest = idx[:min(len(idx), cmp.Or(o.Costliest, 3))]
	rep.Decided = rep.decided(st)
	return rep, nil
}

// decided is the first turn from whose end on the one winner's chance to
// win stayed at DecidedAt or more (without win chances, its expected
// result Lead or more ahead of every rival's, and ahead at the last
// turn); 0 when there is no single winner or no rival, or the game is
// unfinished.
func (rep *ReviewReport) decided(st []Standing) int {
	if !rep.Complete || len(rep.Players) < 2 {
		return 0
	}
	w, winners := -1, 0
	for p, s := range st {
		if s.Place == 1 {
			w, winners = p, winners+1
		}
	}
	if winners != 1 {
		return 0
	}
	last := len(rep.Worth) - 1
	// falls reports whether the winner's hold on the game was short of
	// deciding it at the end of turn t.
	falls := func(t int) bool { return rep.Chances[t][w] < rep.DecidedAt }
	if rep.NoWin {
		falls = func(t int) bool {
			need := rep.Lead
			if t == last {
				need = 1e-9
			}
			return rep.lead(t, w) < need
		}
	}
	turn := 0
	for t := last; t >= 0 && !falls(t); t-- {
		turn = t + 1
	}
	return turn
}

// lead is seat w's expected result at the end of turn t less the best of
// its rivals'.
func (rep *ReviewReport) lead(t, w int) float64 {
	best := math.Inf(-1)
	for p, v := range rep.Worth[t] {
		if p != w {
			best = max(best, v)
		}
	}
	return rep.Worth[t][w] - best
}

// rollout plays the choice played and the best one out o.Rollouts times
// each from s, the i-th game of each on the same dice.
func rollout(s State, seat int, played, best Action, o ReviewOptions, pairs *uint64) (*ReviewRollout, error) {
	n := len(s.Players())
	bots := make([]Bot, n)
	for p := range bots {
		b, err := o.Bots(p)
		if err != nil {
			return nil, err
		}
		bots[p] = b
	}
	steps := cmp.Or(o.MaxSteps, 1_000_000)
	var dw, dp Moments64
	for range o.Rollouts {
		if o.Stop != nil {
			if err := o.Stop(); err != nil {
				return nil, err
			}
		}
		k := *pairs
		*pairs++
		var out [2]Value
		for i, a := range [2]Action{best, played} {
			c := s.Clone()
			if err := c.Apply(a); err != nil {
				return nil, err
			}
			rng := rand.New(rand.NewPCG(RaceSeed(o.Seed, int(k))))
			if err := PlayOut(c, bots, rng, steps); err != nil {
				return nil, err
			}
			res, err := c.Result()
			if err != nil {
				return nil, err
			}
			out[i] = standingValue(res.Standings(), seat)
		}
		dw.Add(out[0].Win - out[1].Win)
		dp.Add(out[0].Points - out[1].Points)
	}
	return &ReviewRollout{N: o.Rollouts, LossWin: dw.Mean(), SEWin: dw.SE(), LossPoints: dp.Mean(), SEPoints: dp.SE()}, nil
}

// standingValue is what a finished game gave seat: its share of the win
// and its result.
func standingValue(st []Standing, seat int) Value {
	winners := 0
	for _, s := range st {
		if s.Place == 1 {
			winners++
		}
	}
	v := Value{Points: float64(st[seat].Result)}
	if st[seat].Place == 1 {
		v.Win = 1 / float64(winners)
	}
	return v
}

// Moments64 counts real numbers: how many, their mean and spread
// (Welford's method).
type Moments64 struct {
	N       int
	mean, m float64
}

// Add counts x.
func (m *Moments64) Add(x float64) {
	m.N++
	d := x - m.mean
	m.mean += d / float64(m.N)
	m.m += d * (x - m.mean)
}

// Mean is the mean, 0 when empty.
func (m *Moments64) Mean() float64 { return m.mean }

// SE is the standard error of the mean, 0 for fewer than two values.
func (m *Moments64) SE() float64 {
	if m.N < 2 {
		return 0
	}
	return math.Sqrt(m.m / float64(m.N-1) / float64(m.N))
}

// mark flags decision d as the report's text and JSON do: by its loss of
// win chance (Mark), or without win chances by its loss of points, "?"
// from Marks[0] and "??" from Marks[1].
func (rep *ReviewReport) mark(d *ReviewDecision) string {
	if !rep.NoWin {
		return d.Mark()
	}
	switch {
	case d.LossPoints >= rep.Marks[1]:
		return "??"
	case d.LossPoints >= rep.Marks[0]:
		return "?"
	}
	return ""
}

// WinMarks are the losses of win chance from which a decision is marked
// "?" and "??".
var WinMarks = [2]float64{0.03, 0.10}

// Mark flags a decision by what it cost: "??" from 10 points of win
// chance, "?" from 3 (WinMarks).
func (d *ReviewDecision) Mark() string {
	switch {
	case d.LossWin >= WinMarks[1]:
		return "??"
	case d.LossWin >= WinMarks[0]:
		return "?"
	}
	return ""
}

// marks say from which losses the report marks a decision: of win
// chance, or without win chances of points.
func (rep *ReviewReport) marks() jsonMarks {
	if rep.NoWin {
		return jsonMarks{By: "loss", Costly: rep.Marks[0], Blunder: rep.Marks[1]}
	}
	return jsonMarks{By: "loss_win", Costly: WinMarks[0], Blunder: WinMarks[1]}
}

// pp writes a chance as percentage points to the tenth: "4.2".
func pp(x float64) string { return fmt.Sprintf("%.1f", 100*x) }

// pct writes a chance as a percentage: "61%".
func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// Summary says in a few words what was reviewed: "The Great Races, 3
// players, 98 turns: 98 decisions weighed".
func (rep *ReviewReport) Summary() string {
	s := fmt.Sprintf("%s, %s, %s", rep.Game, Count(len(rep.Players), "player", "players"), Count(rep.Turns, "turn", "turns"))
	if !rep.Complete {
		s += " (unfinished)"
	}
	return s + ": " + Count(len(rep.Decisions), "decision", "decisions") + " weighed"
}

// Text is the review as review prints it: a heading, every decision with
// what it cost, each player's total, the costliest decisions, the turn that
// decided the game, and how the values are worked out. A game without win
// chances weighs every decision in expected points alone.
func (rep *ReviewReport) Text() string {
	var b strings.Builder
	b.WriteString(rep.Summary())
	b.WriteString("\n\n")
	rolled := false
	for _, d := range rep.Decisions {
		rolled = rolled || d.Rollout != nil
	}
	g := Grid{Header: []string{"turn", "line", "player", "decision", "played", "best", "win", "best", "lost", "points", "best", ""}, Left: []int{2, 3, 4, 5, 11}}
	if rep.NoWin {
		g = Grid{Header: []string{"turn", "line", "player", "decision", "played", "best", "value", "best", "lost", ""}, Left: []int{2, 3, 4, 5, 9}}
	}
	if rolled {
		g.Header = append(g.Header, "played out")
	}
	for i := range rep.Decisions {
		d := &rep.Decisions[i]
		played, best := d.short()
		row := []string{fmt.Sprint(d.Turn), fmt.Sprint(d.Line), d.Player, d.Kind, played, best}
		if !rep.NoWin {
			row = append(row, pct(d.ValuePlayed.Win), pct(d.ValueBest.Win), pp(d.LossWin))
		}
		row = append(row, rep.points(d.ValuePlayed.Points), rep.points(d.ValueBest.Points))
		if rep.NoWin {
			row = append(row, rep.points(d.LossPoints))
		}
		row = append(row, rep.mark(d))
		if ro := d.Rollout; ro != nil {
			out := pp(ro.LossWin) + " ± " + pp(ro.SEWin)
			if rep.NoWin {
				out = rep.points(ro.LossPoints) + " ± " + rep.points(ro.SEPoints)
			}
			row = append(row, out)
		}
		g.Rows = append(g.Rows, row)
	}
	b.WriteString(g.Text())
	b.WriteString("\nPlayers\n")
	pg := Grid{Header: []string{"", "result", "decisions", "win lost", "a decision", "points lost"}}
	if rep.NoWin {
		pg.Header = []string{"", "result", "decisions", "lost", "a decision"}
	}
	for _, pl := range rep.Players {
		name := pl.Name
		if pl.Place == 1 && len(rep.Players) > 1 && rep.Complete {
			name += " (winner)"
		}
		row := []string{"  " + name, Plain(pl.Result, rep.Unit), fmt.Sprint(pl.Decisions)}
		if rep.NoWin {
			row = append(row, rep.points(pl.LossPoints), rep.Unit+fmt.Sprintf("%.2f", pl.MeanPoints()))
		} else {
			row = append(row, pp(pl.LossWin), pp(pl.Mean()), rep.points(pl.LossPoints))
		}
		pg.Rows = append(pg.Rows, row)
	}
	b.WriteString(pg.Text())
	if len(rep.Costliest) > 0 {
		b.WriteString("\nCostliest decisions\n")
		for i, k := range rep.Costliest {
			d := &rep.Decisions[k]
			played, best := d.short()
			lost := rep.points(d.LossPoints)
			if !rep.NoWin {
				lost = pp(d.LossWin) + " points of win chance and " + lost + " " + rep.unitWord()
			}
			fmt.Fprintf(&b, "  %d. line %d, turn %d, %s (%s): played %s, best %s, lost %s\n",
				i+1, d.Line, d.Turn, d.Player, d.Kind, played, best, lost)
		}
	}
	b.WriteString("\n")
	b.WriteString(Wrap(rep.decidedText(), 78))
	b.WriteString("\n")
	note := "Win chances are in percent; \"lost\" is in points of win chance: the best chance among the legal choices less the chance of the choice played. " +
		"Expected " + rep.unitWord() + " are the player's final result as the expert expects it. Forced choices are not listed."
	// difference is what the played-out column gives the mean of.
	difference := "difference in wins, in points of win chance,"
	if rep.NoWin {
		note = "Values are the player's final result as the expert expects it with the choice made, in " + rep.unitWord() +
			"; \"lost\" is the most among the legal choices less the value of the choice played. The expert gives no chance " +
			"to win, so choices are weighed by their expected " + rep.unitWord() + ". Forced choices are not listed."
		difference = "difference of the player's final result,"
	}
	b.WriteString(Wrap(note, 78))
	if rep.Method != "" {
		b.WriteString(Wrap(rep.Method, 78))
	}
	if rep.Rollouts > 0 {
		lost := "some win chance"
		if rep.NoWin {
			lost = "something"
		}
		b.WriteString(Wrap(fmt.Sprintf("Played out: each decision that lost %s was played on to the end %d times from the choice played "+
			"and as many from the best, the expert in every seat and the same dice for both; the column gives the mean %s "+
			"and its standard error after the ±.", lost, rep.Rollouts, difference), 78))
	}
	return b.String()
}

// sharedWords counts the words the texts of every legal choice start
// with alike, leaving at least one word of each.
func sharedWords(s State, legal []Action) int {
	first := strings.Fields(s.Choice(legal[0]).Text)
	n := len(first) - 1
	for _, a := range legal[1:] {
		w := strings.Fields(s.Choice(a).Text)
		k := 0
		for k < n && k < len(w)-1 && w[k] == first[k] {
			k++
		}
		n = k
	}
	return max(n, 0)
}

// short is the choice played and the best as the table shows them: their
// texts without the words every legal choice starts with.
// Short is the choice played and the best one as the report's text
// prints them: without the words every legal choice's text starts with
// alike ("keep 4:4" among keeps is "4:4").
func (d *ReviewDecision) Short() (played, best string) { return d.short() }

func (d *ReviewDecision) short() (played, best string) {
	cut := func(t string) string {
		w := strings.Fields(t)
		return strings.Join(w[min(d.shared, len(w)-1):], " ")
	}
	return cut(d.Played), cut(d.Best)
}

// points writes expected points to the tenth, with the unit.
func (rep *ReviewReport) points(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	if strings.HasPrefix(s, "-") {
		return "-" + rep.Unit + s[1:]
	}
	return rep.Unit + s
}

func (rep *ReviewReport) unitWord() string {
	if rep.Unit == "$" {
		return "dollars"
	}
	return "points"
}

// decidedText says which turn decided the game, and how that is judged.
func (rep *ReviewReport) decidedText() string {
	switch {
	case len(rep.Players) < 2:
		return "Playing alone, no game is won or lost against a rival."
	case !rep.Complete:
		return fmt.Sprintf("The log stops after turn %d, before the game is over: no turn has decided it yet.", rep.Turns)
	case rep.Decided == 0:
		return "The game ended in a shared win: no turn decided it."
	}
	w := 0
	for p, pl := range rep.Players {
		if pl.Place == 1 {
			w = p
		}
	}
	if rep.NoWin {
		lead := rep.points(rep.Lead)
		if rep.Decided >= rep.Turns {
			return fmt.Sprintf("Decided only at the end: before it, %s's expected result did not stay %s ahead of every rival's.", rep.Players[w].Name, lead)
		}
		return fmt.Sprintf("Decided at turn %d: from its end on, %s's expected result stayed %s or more ahead of every rival's (by the expert's estimate; %s ahead then).",
			rep.Decided, rep.Players[w].Name, lead, rep.points(rep.lead(rep.Decided-1, w)))
	}
	if rep.Decided >= rep.Turns {
		return fmt.Sprintf("Decided only at the end: before it, %s's chance to win did not stay at %s or more.", rep.Players[w].Name, pct(rep.DecidedAt))
	}
	return fmt.Sprintf("Decided at turn %d: from its end on, %s's chance to win stayed at %s or more (%s then, by the expert's estimate).",
		rep.Decided, rep.Players[w].Name, pct(rep.DecidedAt), pct(rep.Chances[rep.Decided-1][w]))
}

// Wrap breaks text into lines of at most width characters, ending with a
// newline.
func Wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// jsonReviewDecision is one decision weighed: points to the tenth, win
// chances from 0 to 1 to four decimals and absent for a game without them.
type jsonReviewDecision struct {
	Line        int                `json:"line"`   // the log line of the choice played
	Turn        int                `json:"turn"`   // the turn it was made in, from 1
	Player      string             `json:"player"` // who made it
	Kind        string             `json:"kind"`   // the turn's kind: "split", "act", ...
	Played      string             `json:"played"` // the choice played, as the log writes it
	Best        string             `json:"best"`   // the expert's best choice, as the log would write it
	ValuePlayed float64            `json:"value_played"`
	ValueBest   float64            `json:"value_best"`
	Loss        float64            `json:"loss"` // the most expected points among the choices less the played one's
	WinPlayed   *float64           `json:"win_played,omitempty"`
	WinBest     *float64           `json:"win_best,omitempty"`
	LossWin     *float64           `json:"loss_win,omitempty"`  // the best chance to win less the played one's
	Choices     int                `json:"choices"`             // the legal choices weighed
	Mark        string             `json:"mark,omitempty"`      // "?" or "??" for a costly decision
	Costliest   int                `json:"costliest,omitempty"` // its rank among the costliest, from 1
	Rollout     *jsonReviewRollout `json:"rollout,omitempty"`   // what playing out both choices said, when asked for
}

// jsonReviewRollout is a decision's loss checked by play: the mean
// differences, best less played, over n games of each, and their standard
// errors.
type jsonReviewRollout struct {
	N       int      `json:"n"`
	Loss    float64  `json:"loss"`
	SE      float64  `json:"se"`
	LossWin *float64 `json:"loss_win,omitempty"`
	SEWin   *float64 `json:"se_win,omitempty"`
}

// jsonReviewPlayer is one player's part: the envelope's name, result and
// place, and what the player's decisions lost in all and on average.
type jsonReviewPlayer struct {
	Standing
	Winner      bool     `json:"winner"` // in first place of a finished game
	Decisions   int      `json:"decisions"`
	Loss        float64  `json:"loss"`
	MeanLoss    float64  `json:"mean_loss"`
	LossWin     *float64 `json:"loss_win,omitempty"`
	MeanLossWin *float64 `json:"mean_loss_win,omitempty"`
}

// jsonReviewDecided is the turn that decided the game and the winner's
// chance to win at its end, or without win chances the winner's lead.
type jsonReviewDecided struct {
	Turn   int      `json:"turn"`
	Player string   `json:"player"`
	Chance *float64 `json:"chance,omitempty"`
	Lead   *float64 `json:"lead,omitempty"`
}

// jsonReview is the whole object: worth and chances hold a row a turn,
// each player's expected result and chance to win at the turn's end.
type jsonReview struct {
	Game      string               `json:"game"`
	Turns     int                  `json:"turns"`
	Complete  bool                 `json:"complete"` // the log reaches the end of the game
	Players   []jsonReviewPlayer   `json:"players"`
	Winners   []string             `json:"winners"`
	Decisions []jsonReviewDecision `json:"decisions"`
	Decided   *jsonReviewDecided   `json:"decided"` // null when no turn decided the game
	Worth     [][]float64          `json:"worth"`
	Chances   [][]float64          `json:"chances,omitempty"`
	Method    string               `json:"method"` // how the values are worked out
	Marks     jsonMarks            `json:"marks"`
}

// jsonMarks say from which loss a decision is marked "?" (Costly) and
// "??" (Blunder): of "loss_win", from 0 to 1, or for a game without win
// chances of "loss", in the game's points.
type jsonMarks struct {
	By      string  `json:"by"`
	Costly  float64 `json:"?"`
	Blunder float64 `json:"??"`
}

// round writes x to the given decimals, for JSON that reads as the text.
func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

// roundAll is xs, each written to the given decimals, in a new slice.
func roundAll(xs []float64, decimals int) []float64 {
	r := make([]float64, len(xs))
	for i, x := range xs {
		r[i] = round(x, decimals)
	}
	return r
}

// JSON is the object review --json prints, in the house review's shape:
// the players with their total loss, every decision, the turn that decided
// the game (null when none), each turn's expected results and chances to
// win, and how the values are worked out. Losses in points ("loss") are
// in the game's units; losses of win chance ("loss_win") are from 0 to 1.
func (rep *ReviewReport) JSON() any {
	j := jsonReview{Game: rep.Game, Turns: rep.Turns, Complete: rep.Complete, Decisions: []jsonReviewDecision{}, Winners: []string{}, Method: rep.Method, Marks: rep.marks()}
	// chance is a win chance as JSON writes it: none for a game without.
	chance := func(x float64) *float64 {
		if rep.NoWin {
			return nil
		}
		v := round(x, 4)
		return &v
	}
	for _, pl := range rep.Players {
		win := pl.Place == 1 && rep.Complete
		if win {
			j.Winners = append(j.Winners, pl.Name)
		}
		j.Players = append(j.Players, jsonReviewPlayer{Standing: Standing{Name: pl.Name, Result: pl.Result, Place: pl.Place}, Winner: win, Decisions: pl.Decisions,
			Loss: round(pl.LossPoints, 1), MeanLoss: round(pl.MeanPoints(), 2), LossWin: chance(pl.LossWin), MeanLossWin: chance(pl.Mean())})
	}
	rank := map[int]int{}
	for i, k := range rep.Costliest {
		rank[k] = i + 1
	}
	for i := range rep.Decisions {
		d := &rep.Decisions[i]
		jd := jsonReviewDecision{Line: d.Line, Turn: d.Turn, Player: d.Player, Kind: d.Kind, Played: d.Played, Best: d.Best,
			ValuePlayed: round(d.ValuePlayed.Points, 1), ValueBest: round(d.ValueBest.Points, 1), Loss: round(d.LossPoints, 1),
			WinPlayed: chance(d.ValuePlayed.Win), WinBest: chance(d.ValueBest.Win), LossWin: chance(d.LossWin),
			Choices: d.Choices, Mark: rep.mark(d), Costliest: rank[i]}
		if ro := d.Rollout; ro != nil {
			jd.Rollout = &jsonReviewRollout{N: ro.N, Loss: round(ro.LossPoints, 2), SE: round(ro.SEPoints, 2), LossWin: chance(ro.LossWin), SEWin: chance(ro.SEWin)}
		}
		j.Decisions = append(j.Decisions, jd)
	}
	if rep.Decided > 0 {
		for p, pl := range rep.Players {
			if pl.Place != 1 {
				continue
			}
			j.Decided = &jsonReviewDecided{Turn: rep.Decided, Player: pl.Name}
			if rep.NoWin {
				lead := round(rep.lead(rep.Decided-1, p), 1)
				j.Decided.Lead = &lead
			} else {
				j.Decided.Chance = chance(rep.Chances[rep.Decided-1][p])
			}
		}
	}
	for t := range rep.Worth {
		j.Worth = append(j.Worth, roundAll(rep.Worth[t], 1))
		if !rep.NoWin {
			j.Chances = append(j.Chances, roundAll(rep.Chances[t], 4))
		}
	}
	return j
}
