package review

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
)

// DecidedLead is the lead, in dollars of estimated final purse, that the
// winner must keep over every rival from the end of a turn to the end of
// the race for the race to count as decided at that turn.
const DecidedLead = 10

// Report is a reviewed race: every decision weighed, each player's total,
// the costliest decisions and the turn that decided the race.
type Report struct {
	Mode  house.Mode
	Names []string
	Turns int
	// Complete says the log reaches the end of the race; a partial
	// review (Options.Partial) of one that stops early is not.
	Complete bool
	Purses   []int // final purses, by seat
	Winners  []int
	// Decisions are in the order of the log.
	Decisions []Decision
	Players   []Player // by seat
	// Costliest are indexes into Decisions, the costliest first: the few
	// decisions that lost the most (at least a dollar each).
	Costliest []int
	// Worth is, for each turn, each seat's estimated final purse at its
	// end (the last turn's is the purse).
	Worth [][]float64
	// Rollouts is how many times each costly decision was played out; 0
	// when none was.
	Rollouts int
	// Decided is the turn after which the race's one winner stayed at least
	// DecidedLead ahead of every rival in Worth (the last turn, by the
	// purses themselves, needs only a lead); 0 when the race has no single
	// winner or no rival.
	Decided int
}

// Player is one player's part of the review.
type Player struct {
	Name      string
	Purse     int
	Decisions int
	Loss      float64 // the sum of the losses of their decisions
}

// MeanLoss is the player's loss per decision weighed.
func (p *Player) MeanLoss() float64 {
	if p.Decisions == 0 {
		return 0
	}
	return p.Loss / float64(p.Decisions)
}

// report puts the decisions weighed together with the judged race res.
func (rv *reviewer) report(res *play.Result, o Options) *Report {
	rep := &Report{Mode: res.Mode, Names: res.Names, Turns: res.Turns, Complete: res.Complete, Winners: res.Winners, Decisions: rv.decisions, Worth: rv.worth,
		Rollouts: max(o.Rollouts, 0)}
	for p, bd := range res.Purses {
		rep.Purses = append(rep.Purses, bd.Purse)
		rep.Players = append(rep.Players, Player{Name: res.Names[p], Purse: bd.Purse})
	}
	for _, d := range rep.Decisions {
		pl := &rep.Players[d.Seat]
		pl.Decisions++
		pl.Loss = dimes(pl.Loss + d.Loss)
	}
	top := o.Costliest
	if top == 0 {
		top = 3
	}
	var idx []int
	for i, d := range rep.Decisions {
		if d.Loss >= 1 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rep.Decisions[b].Loss, rep.Decisions[a].Loss) })
	rep.Costliest = idx[:min(top, len(idx))]
	if rep.Complete {
		rep.Decided = decided(rep.Worth, rep.Winners)
	}
	return rep
}

// decided is the first turn from whose end on the one winner's estimated
// purse led every rival's by DecidedLead or more (at the last turn, by
// anything); 0 when there is no single winner or no rival.
func decided(worth [][]float64, winners []int) int {
	if len(winners) != 1 || len(worth) == 0 || len(worth[0]) < 2 {
		return 0
	}
	w := winners[0]
	turn := 0
	for t := len(worth) - 1; t >= 0; t-- {
		need := float64(DecidedLead)
		if t == len(worth)-1 {
			need = 1e-9
		}
		if lead(worth[t], w) < need {
			break
		}
		turn = t + 1
	}
	return turn
}

// lead is seat w's margin over the best of the others.
func lead(worth []float64, w int) float64 {
	best := 0.0
	first := true
	for p, v := range worth {
		if p != w && (first || v > best) {
			best, first = v, false
		}
	}
	return worth[w] - best
}

// MeanLoss is the loss per decision over every player.
func (rep *Report) MeanLoss() float64 {
	if len(rep.Decisions) == 0 {
		return 0
	}
	sum := 0.0
	for _, d := range rep.Decisions {
		sum += d.Loss
	}
	return sum / float64(len(rep.Decisions))
}

// Summary says in a few words what was reviewed: "The Duel, 2 players, 23
// turns: 96 decisions weighed".
func (rep *Report) Summary() string {
	s := fmt.Sprintf("%s, %s, %s", rep.Mode.Title(), engine.Count(len(rep.Names), "player", "players"), engine.Count(rep.Turns, "turn", "turns"))
	if !rep.Complete {
		s += " (unfinished)"
	}
	return s + ": " + engine.Count(len(rep.Decisions), "decision", "decisions") + " weighed"
}

// Method says how the values are worked out, for the report's closing note.
const Method = "Values are the expert bot's, in dollars of expected purse: what a choice adds to " +
	"the player's purse as its exact one-lane tables expect each horse to finish, less half of " +
	"what it hands a rival. A move is weighed with its best strike and jockey declaration; " +
	"those are weighed on their own. Choices that were forced are not listed, nor is holding a " +
	"stake in The Book."

// rolloutNote explains the "played out" column.
const rolloutNote = "Played out: each decision that lost something was played on to the end %d " +
	"times from the choice played and as many from the best, the expert bot in every seat " +
	"and the same dice for both; the column gives the mean difference of the player's final " +
	"purse, and its standard error after the ±."

// money writes dollars to the tenth with their sign: "+4.2", "-0.5", "0.0".
func money(v float64) string {
	if v > 0.05 {
		return fmt.Sprintf("+%.1f", v)
	}
	if v < -0.05 {
		return fmt.Sprintf("%.1f", v)
	}
	return "0.0"
}

// Mark flags a decision by its loss: "??" from $8, "?" from $3, else "".
func (d *Decision) Mark() string {
	switch {
	case d.Loss >= 8:
		return "??"
	case d.Loss >= 3:
		return "?"
	}
	return ""
}

// Text is the review as review prints it: a heading, every decision with
// what it cost, each player's total, the costliest decisions, the turn that
// decided the race, and how the values are worked out.
func (rep *Report) Text() string {
	var b strings.Builder
	b.WriteString(rep.Summary())
	b.WriteString("\n\n")
	b.WriteString(rep.table())
	b.WriteString("\nPlayers\n")
	pg := engine.Grid{Header: []string{"", "purse", "decisions", "lost", "a decision"}}
	for p, pl := range rep.Players {
		name := pl.Name
		if slices.Contains(rep.Winners, p) && len(rep.Players) > 1 {
			name += " (winner)"
		}
		pg.Rows = append(pg.Rows, []string{"  " + name, engine.Signed(pl.Purse, "$"), fmt.Sprint(pl.Decisions),
			fmt.Sprintf("$%.1f", pl.Loss), fmt.Sprintf("$%.2f", pl.MeanLoss())})
	}
	b.WriteString(pg.Text())
	if len(rep.Costliest) > 0 {
		b.WriteString("\nCostliest decisions\n")
		for i, k := range rep.Costliest {
			d := &rep.Decisions[k]
			fmt.Fprintf(&b, "  %d. line %d, turn %d, %s (%s): played %s, best %s, lost $%.1f\n",
				i+1, d.Line, d.Turn, d.Player, d.Kind, d.Played, d.Best, d.Loss)
		}
	}
	b.WriteString("\n")
	b.WriteString(rep.decidedText())
	b.WriteString("\n\n")
	b.WriteString(wrap(Method, 78))
	if rep.Rollouts > 0 {
		b.WriteString(wrap(fmt.Sprintf(rolloutNote, rep.Rollouts), 78))
	}
	return b.String()
}

// table lays the decisions out in columns, text left and numbers right.
func (rep *Report) table() string {
	head := []string{"turn", "line", "player", "decision", "played", "best", "value", "best", "loss", ""}
	rolled := false
	for _, d := range rep.Decisions {
		rolled = rolled || d.Rollout != nil
	}
	if rolled {
		head = append(head, "played out")
	}
	rows := [][]string{head}
	for _, d := range rep.Decisions {
		row := []string{fmt.Sprint(d.Turn), fmt.Sprint(d.Line), d.Player, d.Kind.String(), d.Played, d.Best,
			money(d.ValuePlayed), money(d.ValueBest), fmt.Sprintf("%.1f", d.Loss), d.Mark()}
		if d.Rollout != nil {
			row = append(row, fmt.Sprintf("%.1f ± %.1f", d.Rollout.Loss, d.Rollout.SE))
		}
		rows = append(rows, row)
	}
	var w [11]int
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], len(c))
		}
	}
	left := [11]bool{2: true, 3: true, 4: true, 5: true, 9: true}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			if left[i] {
				fmt.Fprintf(&line, "%-*s", w[i], c)
			} else {
				fmt.Fprintf(&line, "%*s", w[i], c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// decidedText says which turn decided the race, and how that is judged.
func (rep *Report) decidedText() string {
	switch {
	case len(rep.Names) < 2:
		return "Riding alone, no race is won or lost against a rival."
	case !rep.Complete:
		return fmt.Sprintf("The log stops after turn %d, before the race is over: no turn has decided it yet.", rep.Turns)
	case len(rep.Winners) != 1:
		return "The race ended in a shared win: no turn decided it."
	case rep.Decided == rep.Turns:
		return fmt.Sprintf("Decided only on the last turn (%d): before it, %s's estimated final purse did not stay $%d ahead of every rival's.",
			rep.Turns, rep.Names[rep.Winners[0]], DecidedLead)
	}
	w := rep.Winners[0]
	return fmt.Sprintf("Decided at turn %d: from its end on, %s's estimated final purse stayed at least $%d ahead of every rival's (by the expert's estimate; $%.0f ahead then).",
		rep.Decided, rep.Names[w], DecidedLead, lead(rep.Worth[rep.Decided-1], w))
}

// wrap breaks text into lines of at most width characters.
func wrap(text string, width int) string {
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

// jsonDecision is a decision as --json prints it.
type jsonDecision struct {
	Line        int          `json:"line"`
	Turn        int          `json:"turn"`
	Player      string       `json:"player"`
	Kind        string       `json:"kind"`
	Played      string       `json:"played"`
	Best        string       `json:"best"`
	ValuePlayed float64      `json:"value_played"`
	ValueBest   float64      `json:"value_best"`
	Loss        float64      `json:"loss"`
	Choices     int          `json:"choices"`
	Mark        string       `json:"mark,omitempty"`
	Costliest   int          `json:"costliest,omitempty"`
	Rollout     *jsonRollout `json:"rollout,omitempty"`
}

type jsonRollout struct {
	N    int     `json:"n"`
	Loss float64 `json:"loss"`
	SE   float64 `json:"se"`
}

type jsonPlayer struct {
	Name      string  `json:"name"`
	Purse     int     `json:"purse"`
	Winner    bool    `json:"winner"`
	Decisions int     `json:"decisions"`
	Loss      float64 `json:"loss"`
	MeanLoss  float64 `json:"mean_loss"`
}

type jsonDecided struct {
	Turn   int     `json:"turn"`
	Player string  `json:"player"`
	Lead   float64 `json:"lead"`
}

type jsonReport struct {
	Game      string         `json:"game"`
	Turns     int            `json:"turns"`
	Complete  bool           `json:"complete"`
	Players   []jsonPlayer   `json:"players"`
	Decisions []jsonDecision `json:"decisions"`
	Decided   *jsonDecided   `json:"decided"`
	Worth     [][]float64    `json:"worth"`
	Method    string         `json:"method"`
}

// JSON is the object review --json prints: the players with their total
// loss, every decision, the turn that decided the race (null when none),
// each turn's estimated final purses, and how the values are worked out.
func (rep *Report) JSON() any {
	j := jsonReport{Game: rep.Mode.String(), Turns: rep.Turns, Complete: rep.Complete, Decisions: []jsonDecision{}, Method: Method}
	for p, pl := range rep.Players {
		j.Players = append(j.Players, jsonPlayer{Name: pl.Name, Purse: pl.Purse, Winner: slices.Contains(rep.Winners, p),
			Decisions: pl.Decisions, Loss: pl.Loss, MeanLoss: float64(int(pl.MeanLoss()*100+0.5)) / 100})
	}
	rank := map[int]int{}
	for i, k := range rep.Costliest {
		rank[k] = i + 1
	}
	for i, d := range rep.Decisions {
		j.Decisions = append(j.Decisions, jsonDecision{Line: d.Line, Turn: d.Turn, Player: d.Player, Kind: d.Kind.String(),
			Played: d.Played, Best: d.Best, ValuePlayed: d.ValuePlayed, ValueBest: d.ValueBest, Loss: d.Loss,
			Choices: d.Choices, Mark: d.Mark(), Costliest: rank[i]})
		if ro := d.Rollout; ro != nil {
			j.Decisions[i].Rollout = &jsonRollout{N: ro.N, Loss: ro.Loss, SE: ro.SE}
		}
	}
	if rep.Decided > 0 && len(rep.Names) > 1 {
		w := rep.Winners[0]
		j.Decided = &jsonDecided{Turn: rep.Decided, Player: rep.Names[w], Lead: dimes(lead(rep.Worth[rep.Decided-1], w))}
	}
	for _, w := range rep.Worth {
		row := make([]float64, len(w))
		for p, v := range w {
			row[p] = dimes(v)
		}
		j.Worth = append(j.Worth, row)
	}
	return j
}
