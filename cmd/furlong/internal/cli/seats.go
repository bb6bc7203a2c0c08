package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/templates"
)

// What simulate adds to every game's own figures, alike for every game
// that measures its games (game.Measures): each seat's wins with its 95%
// interval, the first seat's edge over a fair share, each bot's strength
// with the bots rotated through the seats (each game played once in every
// seating, so that seat and bot are not mixed), the histogram of the
// games' lengths, and with --csv every game's figures. The games are the
// run's own: game i of the measure rolls what game i of the simulator
// rolls.

// seating is how one table's games are measured for simulate: its
// metrics, a measure for each seating of its bots (as seated first, then
// each rotation), and where each bot's wins are among the metrics of each
// seating.
type seating struct {
	metrics []engine.Metric
	sides   []engine.Side
	bots    []string // the bots told apart, as the first seating lists them
	seats   []int    // the seats each holds
	botAt   [][]int  // by seating, by bot: the index of its metric
	length  int      // the metric that is the game's length; -1 for none
	wins    []int    // the seats' wins metrics, seat 1 first
}

// seatingOf readies table t of a simulate run of g for its seats' figures:
// nil when g does not measure its games.
func (o *simulateOptions) seatingOf(g *game.Game, t simTable, bots []string, all bool) (*seating, error) {
	if g.Measures == nil {
		return nil, nil
	}
	seated := bots
	if len(bots) > 1 {
		seated = slices.Clone(bots)
	}
	so := game.SimOptions{Seed: o.seed, Workers: o.workers, Mode: t.Mode, Players: t.Players, AllModes: all, Bots: seated,
		Flags: tableValues{o.values, t.Options}, Variant: o.board}
	ms, mk, err := g.Measures(so)
	if err != nil {
		return nil, setupUsage(err, o.cmd.Flags(), nil)
	}
	st := &seating{metrics: ms, sides: []engine.Side{{Name: "the game as seated", New: mk}}, length: -1}
	for i, m := range ms {
		switch {
		case m.Length && st.length < 0:
			st.length = i
		case m.Wins > 0:
			st.wins = append(st.wins, i)
		case m.Bot != "":
			st.bots = append(st.bots, m.Bot)
		}
	}
	if len(st.bots) == 0 {
		return st, nil
	}
	// The bots are rotated through the seats: in seating r, seat s holds
	// the bot that seat s-r holds as seated.
	n := len(bots)
	for _, b := range st.bots {
		c := 0
		for _, sb := range bots {
			if sb == b {
				c++
			}
		}
		st.seats = append(st.seats, c)
	}
	st.botAt = append(st.botAt, botIndex(ms, st.bots))
	for r := 1; r < n; r++ {
		rot := make([]string, n)
		for s := range n {
			rot[s] = bots[(s-r+n)%n]
		}
		so.Bots = rot
		rms, rmk, err := g.Measures(so)
		if err != nil {
			return nil, setupUsage(err, o.cmd.Flags(), nil)
		}
		if len(rms) != len(ms) {
			return nil, fmt.Errorf("%s measures other figures when its bots change seats", g.Title)
		}
		st.sides = append(st.sides, engine.Side{Name: "seating " + strconv.Itoa(r+1), New: rmk})
		st.botAt = append(st.botAt, botIndex(rms, st.bots))
	}
	return st, nil
}

// botIndex is where each bot's wins are among the metrics ms.
func botIndex(ms []engine.Metric, bots []string) []int {
	at := make([]int, len(bots))
	for k, b := range bots {
		at[k] = slices.IndexFunc(ms, func(m engine.Metric) bool { return m.Bot == b })
	}
	return at
}

// seatSums are what a table's games add up for simulate's seats' figures:
// every metric's sums as seated, the games by their length, and each
// bot's wins summed over the seatings; with --csv, the rows of a batch.
// As engine.Stats, a worker's batch merges into the table's; a shard
// keeps them.
type seatSums struct {
	sums
	Lengths lengths   `json:"lengths"`
	Bots    []botSums `json:"bots,omitempty"`
	rows    *csvRows
}

// lengths count the games by their length: Counts[i] games of length
// From+i.
type lengths struct {
	From   int64   `json:"from"`
	Counts []int64 `json:"counts"`
}

// add counts a game of length v.
func (l *lengths) add(v int64, games int64) {
	switch {
	case len(l.Counts) == 0:
		l.From, l.Counts = v, append(l.Counts[:0], 0)
	case v < l.From:
		l.Counts = append(make([]int64, l.From-v), l.Counts...)
		l.From = v
	case v >= l.From+int64(len(l.Counts)):
		l.Counts = append(l.Counts, make([]int64, v-l.From-int64(len(l.Counts))+1)...)
	}
	l.Counts[v-l.From] += games
}

// merge adds o's games.
func (l *lengths) merge(o *lengths) {
	for i, c := range o.Counts {
		if c > 0 {
			l.add(o.From+int64(i), c)
		}
	}
}

// botSums are a bot's wins summed over the seatings of each game (in the
// parts of its metric), and their squares.
type botSums struct {
	Sum int64 `json:"sum"`
	Sq  int64 `json:"sq"`
}

func newSeatSums(st *seating, out *csvOut) *seatSums {
	return &seatSums{sums: *newSums(len(st.metrics)), Bots: make([]botSums, len(st.bots)), rows: newCSVRows(out)}
}

func (s *seatSums) Merge(o *seatSums) {
	s.merge(o)
	o.rows.flush()
}

func (s *seatSums) Reset() {
	s.reset()
	s.Lengths.Counts = s.Lengths.Counts[:0]
	clear(s.Bots)
	s.rows.reset()
}

// merge adds the sums of other games of the same table.
func (s *seatSums) merge(o *seatSums) {
	s.sums.merge(&o.sums)
	s.Lengths.merge(&o.Lengths)
	for k := range s.Bots {
		s.Bots[k].Sum += o.Bots[k].Sum
		s.Bots[k].Sq += o.Bots[k].Sq
	}
}

// check says what is wrong with a shard's sums of games games of the
// metrics ms, or "".
func (s *seatSums) check(games int, ms []engine.Metric) string {
	if why := s.sums.check(games, ms); why != "" {
		return why
	}
	var n int64
	for _, c := range s.Lengths.Counts {
		if c < 0 {
			return "a length counted fewer than no times"
		}
		n += c
	}
	if n != s.N && slices.ContainsFunc(ms, func(m engine.Metric) bool { return m.Length }) {
		return fmt.Sprintf("lengths of %d games, where the sums count %d", n, s.N)
	}
	bots := 0
	for _, m := range ms {
		if m.Bot != "" {
			bots++
		}
	}
	if len(s.Bots) != bots {
		return fmt.Sprintf("the wins of %d bots, where the table seats %d", len(s.Bots), bots)
	}
	for _, b := range s.Bots {
		if why := sumCheck(s.N, b.Sum, b.Sq, engine.Metric{}, false); why != "" {
			return "a bot's wins: " + why
		}
	}
	return ""
}

// play plays (or, merging, reads) the seats' figures of table t: the
// games of each seating on the same dice, as the simulator played them.
func (st *seating) play(ro engine.RunOptions, out *csvOut, label string) (*seatSums, int, error) {
	at := out.columnsOf(st.metrics)
	first := []string{label}
	return engine.Each(ro, len(st.metrics), st.sides, func() *seatSums { return newSeatSums(st, out) }, func(i int, v [][]int64, s *seatSums) {
		s.add(v[0])
		if st.length >= 0 {
			s.Lengths.add(v[0][st.length], 1)
		}
		for k := range st.bots {
			x := int64(0)
			for r, vals := range v {
				x += vals[st.botAt[r][k]]
			}
			s.Bots[k].Sum += x
			s.Bots[k].Sq += x * x
		}
		if s.rows != nil {
			s.rows.add(slices.Concat(first, []string{strconv.Itoa(i)}), st.metrics, at, v[0])
		}
	})
}

// seatTable is one table's seats' figures, worked out.
type seatTable struct {
	t     simTable
	st    *seating
	sums  *seatSums
	first edge   // the first seat's wins over a fair share
	bots  []edge // each bot's
}

// edge is a share of the wins against its fair share, with its interval
// and p-value, and whether the run calls it clear.
type edge struct {
	name            string
	seats           int
	share, lo, hi   float64
	fair, p         float64
	clear           bool
	seatings, games int64
}

// seatFigures work out the figures of every table: the shares, their
// intervals, and which differ clearly from their fair shares, by Holm's
// method over all of them.
func seatFigures(tables []seatTable) {
	var ps []float64
	for i := range tables {
		t := &tables[i]
		n := t.t.Players
		s := t.sums
		if len(t.st.wins) > 0 {
			m := t.st.metrics[t.st.wins[0]]
			fair := 1 / float64(n)
			mean, lo, hi, p := engine.MeanTest(s.N, s.Sum[t.st.wins[0]], s.Sq[t.st.wins[0]], m, fair)
			t.first = edge{name: "first seat", seats: 1, share: mean, lo: lo, hi: hi, fair: fair, p: p, games: s.N}
			ps = append(ps, p)
		}
		t.bots = nil
		for k, b := range t.st.bots {
			m := t.st.metrics[t.st.botAt[0][k]]
			seatings := int64(len(t.st.sides))
			m.Per *= seatings
			fair := float64(t.st.seats[k]) / float64(n)
			mean, lo, hi, p := engine.MeanTest(s.N, s.Bots[k].Sum, s.Bots[k].Sq, m, fair)
			t.bots = append(t.bots, edge{name: b, seats: t.st.seats[k], share: mean, lo: lo, hi: hi, fair: fair, p: p, seatings: seatings, games: s.N})
			ps = append(ps, p)
		}
	}
	clear := engine.HolmClear(ps)
	k := 0
	for i := range tables {
		t := &tables[i]
		if len(t.st.wins) > 0 {
			t.first.clear = clear[k] && t.sums.N >= engine.MinGames
			k++
		}
		for b := range t.bots {
			t.bots[b].clear = clear[k] && t.sums.N >= engine.MinGames
			k++
		}
	}
}

// seatsText is what simulate prints of the seats' figures, under the
// game's own.
func seatsText(tables []seatTable, games int) string {
	var b strings.Builder
	b.WriteString("\nEvery game alike: the length, the seats' wins and the bots' with 95% intervals\n")
	b.WriteString(wrap(engine.WinsLabel + "."))
	judged := 0
	for _, t := range tables {
		fmt.Fprintf(&b, "\n%s: %s\n", t.t.label(), engine.Count(int(t.sums.N), "game", "games"))
		var rows [][]string
		add := func(m engine.Metric, mean, lo, hi float64, note string) {
			rows = append(rows, []string{"  " + metricName(m), number(mean, m.Unit, false), spanWords(lo, hi, m.Unit, false), note})
		}
		if t.st.length >= 0 {
			m := t.st.metrics[t.st.length]
			mean, lo, hi := t.sums.mean(t.st.length, m)
			add(m, mean, lo, hi, "")
		}
		for _, i := range t.st.wins {
			m := t.st.metrics[i]
			mean, lo, hi := t.sums.mean(i, m)
			add(m, mean, lo, hi, "")
		}
		if len(t.st.wins) > 0 {
			judged++
			rows = append(rows, edgeRow("  the first seat's edge", t.first))
		}
		if len(rows) > 0 {
			b.WriteString(formatTable(rows))
		}
		if len(t.bots) > 0 {
			fmt.Fprintf(&b, "  the bots, each game played in %d seatings (the bots rotated through the seats):\n", len(t.st.sides))
			rows = nil
			for _, e := range t.bots {
				judged++
				rows = append(rows, edgeRow(fmt.Sprintf("  %s (%s)", e.name, engine.Count(e.seats, "seat", "seats")), e))
			}
			b.WriteString(formatTable(rows))
		}
	}
	if judged > 0 {
		b.WriteString("\n" + wrap("An edge is a share of the wins less its fair share: a seat's is 1 in the number of seats, a bot's its seats' part of them."))
		b.WriteString(clearWords(judged, games, "the share differs from its fair share"))
	}
	b.WriteString(intervalWords)
	return b.String()
}

// edgeRow is a share's row: the edge over its fair share, its interval,
// and the fair share, marked clear when it is.
func edgeRow(what string, e edge) []string {
	note := "fair share " + number(e.fair, "%", false)
	if e.clear {
		note += "  clear"
	}
	return []string{what, number(e.share-e.fair, "%", true), spanWords(e.lo-e.fair, e.hi-e.fair, "%", true), note}
}

// seatMetricJSON is one figure of a table simulated, with its interval.
type seatMetricJSON struct {
	Name string  `json:"name"`
	Unit string  `json:"unit"`
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// edgeJSON is a share of the wins against its fair share.
type edgeJSON struct {
	Bot      string  `json:"bot,omitempty"`
	Seats    int     `json:"seats"`
	Seatings int64   `json:"seatings,omitempty"`
	Share    float64 `json:"share"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	Fair     float64 `json:"fair"`
	P        float64 `json:"p"`
	Clear    bool    `json:"clear"`
}

func (e edge) json(bot bool) edgeJSON {
	j := edgeJSON{Seats: e.seats, Share: e.share, Lo: e.lo, Hi: e.hi, Fair: e.fair, P: e.p, Clear: e.clear}
	if bot {
		j.Bot, j.Seatings = e.name, e.seatings
	}
	return j
}

// lengthJSON is a table's games by their length.
type lengthJSON struct {
	Name   string  `json:"name"`
	Unit   string  `json:"unit"`
	From   int64   `json:"from"`
	Counts []int64 `json:"counts"`
}

// simTableJSON is one table of simulate --json, alike for every game.
type simTableJSON struct {
	tableHead
	Games     int64            `json:"games"`
	Metrics   []seatMetricJSON `json:"metrics,omitempty"`
	FirstSeat *edgeJSON        `json:"first_seat,omitempty"`
	Bots      []edgeJSON       `json:"bots,omitempty"`
	Length    *lengthJSON      `json:"length,omitempty"`
}

func (t *seatTable) json() simTableJSON {
	j := simTableJSON{tableHead: tableHead(t.t.SimTable), Games: t.sums.N}
	for i, m := range t.st.metrics {
		mean, lo, hi := t.sums.mean(i, m)
		j.Metrics = append(j.Metrics, seatMetricJSON{m.Name, m.Unit, mean, lo, hi})
	}
	if len(t.st.wins) > 0 {
		f := t.first.json(false)
		j.FirstSeat = &f
	}
	for _, e := range t.bots {
		j.Bots = append(j.Bots, e.json(true))
	}
	if t.st.length >= 0 {
		m := t.st.metrics[t.st.length]
		j.Length = &lengthJSON{m.Name, m.Unit, t.sums.Lengths.From, slices.Clone(t.sums.Lengths.Counts)}
	}
	return j
}

// chart is what simulate --plot draws of a table alike for every game:
// the histogram of its lengths, its seats' wins against a fair share, and
// its bots' edges.
func (t *seatTable) chart() templates.SimTable {
	c := templates.SimTable{Label: fmt.Sprintf("%s: %s", t.t.label(), engine.Count(int(t.sums.N), "game", "games"))}
	if t.st.length >= 0 {
		m := t.st.metrics[t.st.length]
		mean, _, _ := t.sums.mean(t.st.length, m)
		c.Length = &templates.Histogram{Title: metricName(m), Unit: m.Unit, From: t.sums.Lengths.From, Counts: t.sums.Lengths.Counts, Mean: mean}
	}
	if len(t.st.wins) > 0 {
		n := t.t.Players
		p := templates.IntervalPanel{Title: "wins by seat, a shared win split", Unit: "%", Ref: 100 / float64(n),
			RefLabel: "dashed: a fair share, " + number(1/float64(n), "%", false)}
		for s, i := range t.st.wins {
			mean, lo, hi := t.sums.mean(i, t.st.metrics[i])
			p.Rows = append(p.Rows, templates.Estimate{Label: "seat " + strconv.Itoa(s+1), Mid: 100 * mean, Lo: 100 * lo, Hi: 100 * hi, Clear: s == 0 && t.first.clear})
		}
		c.Panels = append(c.Panels, p)
	}
	if len(t.bots) > 0 {
		p := templates.IntervalPanel{Title: fmt.Sprintf("each bot's edge over its fair share, in %d seatings of every game", len(t.st.sides)), Unit: "%"}
		for _, e := range t.bots {
			p.Rows = append(p.Rows, templates.Estimate{Label: e.name, Mid: 100 * (e.share - e.fair), Lo: 100 * (e.lo - e.fair), Hi: 100 * (e.hi - e.fair), Clear: e.clear})
		}
		c.Panels = append(c.Panels, p)
	}
	return c
}
