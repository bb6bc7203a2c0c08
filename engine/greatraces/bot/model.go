package bot

import (
	gr "furlong/engine/greatraces"
)

// levels is how finely the chance of a mark per turn is tabulated.
const levels = 64

// duel[k][a][b] is the chance that a track needing a more marks fills
// before one needing b, when each gains a mark on its own turn with chance
// (k+1)/levels and the first track moves first; the first index 1 of the
// last dimension is the same with the second track moving first. A track
// needing nothing (a = 0) is there already: one.
var duel = func() *[levels][gr.MaxTrack + 1][gr.MaxTrack + 1][2]float32 {
	var t [levels][gr.MaxTrack + 1][gr.MaxTrack + 1][2]float32
	for k := range levels {
		for b := range t[k][0] {
			t[k][0][b] = [2]float32{1, 1}
		}
		p := float64(k+1) / levels
		var f, g [gr.MaxTrack + 1][gr.MaxTrack + 1]float64 // A to move, B to move
		for a := 1; a <= gr.MaxTrack; a++ {
			for b := 1; b <= gr.MaxTrack; b++ {
				x := 1.0 // A marks: wins, or goes on needing a-1 with B to move
				if a > 1 {
					x = g[a-1][b]
				}
				y := 0.0 // B marks: wins, or goes on with A to move
				if b > 1 {
					y = f[a][b-1]
				}
				// f = p x + (1-p) g and g = p y + (1-p) f, solved.
				f[a][b] = (x + (1-p)*y) / (2 - p)
				g[a][b] = p*y + (1-p)*f[a][b]
				t[k][a][b] = [2]float32{float32(f[a][b]), float32(g[a][b])}
			}
		}
	}
	return &t
}()

// reach[r] is the marks per roll in race index r for a player who marks
// it whenever a split of the four dice allows (spec §6's second row).
var reach = gr.Reaches().Marks

// Reach is the marks per roll a player gets in race when they mark it
// whenever a split allows (twice when both pairs do), over all throws.
func Reach(race int) float64 { return reach[race-gr.FirstRace] }

// track is a race's numbers as the model uses them.
type track struct {
	spaces, need  int
	first, second float64
}

// Model estimates the points each player can expect from each race. The
// zero value is ready; it keeps only scratch between calls.
type Model struct {
	// board is the board tracks were read from, a game's own (shared by
	// its copies): tracks are read again when a game on another board
	// comes.
	board  *gr.Variant
	tracks [gr.Races]track
	open   gr.RaceSet // the open races alpha was worked out for
	alpha  float64    // the share of the marks a race can take that it gets
	set    bool
	// beat is raceAs's scratch, kept here so that it is not cleared on
	// every call: each call writes what it reads.
	beat [gr.MaxPlayers][gr.MaxPlayers]float64
}

// b2i is 1 for true: it indexes a table by a condition without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setup reads what an estimate of g depends on beyond the race itself:
// the board's numbers, which races are open, and so how often a player
// marks a given one.
func (m *Model) setup(g *gr.Game) {
	if v := g.Variant(); v != m.board {
		m.board, m.set = v, false
		for i, tr := range v.Tracks() {
			m.tracks[i] = track{tr.Spaces, tr.Need(), float64(tr.First), float64(tr.Second)}
		}
	}
	open := g.OpenRaces()
	if m.set && open == m.open {
		return
	}
	m.open, m.set = open, true
	sum := 0.0
	for r := range open.All() {
		sum += reach[r-gr.FirstRace]
	}
	// A roll makes two marks at most; each open race gets its share.
	m.alpha = 1
	if sum > 2 {
		m.alpha = 2 / sum
	}
}

// Race estimates the points each player can expect from race in g:
// what they scored there if it is closed; otherwise their chance of
// winning it times its 1st-place points plus their chance of 2nd place
// times its 2nd-place points.
func (m *Model) Race(g *gr.Game, race int, out *[gr.MaxPlayers]float64) {
	m.race(g, race, g.Next(), -1, out, nil)
}

// race is Race with the seat to move next given, so that a split can be
// judged against the sheet before it as if the roller had already moved
// on (the turn order is then the same on both sides of the comparison).
// With who >= 0 only out[who] is worked out; the others are left partial.
// When variance is not nil it gets the variance of each player's points
// from the race.
func (m *Model) race(g *gr.Game, race, next, who int, out, variance *[gr.MaxPlayers]float64) {
	m.setup(g)
	m.raceAs(g, race, next, who, out, variance)
}

// raceAs is race with the share of marks (alpha) already set up, from
// another game than g: a split is judged with the open races as they stood
// before it, so that its gain in one race does not depend on what its
// other pair did.
func (m *Model) raceAs(g *gr.Game, race, next, who int, out, variance *[gr.MaxPlayers]float64) {
	// At most six players, as the compiler can see: the tables of players
	// below need no bounds checks.
	n := min(g.Players(), gr.MaxPlayers)
	t := &m.tracks[race-gr.FirstRace]
	*out = [gr.MaxPlayers]float64{}
	if variance != nil {
		*variance = [gr.MaxPlayers]float64{}
	}
	if !g.Open(race) {
		out[g.RaceWinner(race)] = t.first
		if s := g.RaceSecond(race); s >= 0 {
			out[s] = t.second
		}
		return
	}
	p := m.alpha * reach[race-gr.FirstRace]
	tab := &duel[min(max(int(p*levels+0.5)-1, 0), levels-1)]
	var need, line, rank [gr.MaxPlayers]int
	marks := g.RaceMarks(race)
	for i := range n {
		mk := int(marks[i])
		need[i] = t.spaces - mk
		line[i] = max(t.need-mk, 0)
		rank[i] = i - next
		if rank[i] < 0 {
			rank[i] += n
		}
	}
	// beat[i][j]: i's track fills before j's.
	beat := &m.beat
	for i := range n {
		for j := i + 1; j < n; j++ {
			b := float64(tab[need[i]][need[j]][b2i(rank[i] > rank[j])])
			beat[i][j], beat[j][i] = b, 1-b
		}
	}
	// win[i] is the product of row i but beat[i][i], left to right: the
	// columns before i, then those after, with no test for j == i.
	var win [gr.MaxPlayers]float64
	sum := 0.0
	for i := range n {
		row := &beat[i]
		w := 1.0
		for j := range i {
			w *= row[j]
		}
		for j := i + 1; j < n; j++ {
			w *= row[j]
		}
		win[i] = w
		sum += w
	}
	lo, hi := 0, n
	if who >= 0 {
		lo, hi = who, min(who+1, n)
	}
	for i := lo; i < hi; i++ {
		second := 0.0
		for w := range n {
			if w == i {
				continue
			}
			// i passes the line before w fills its track (a track past
			// the line needs nothing more: duel gives one)...
			reached := float64(tab[line[i]][need[w]][b2i(rank[i] > rank[w])])
			// ...and stays ahead of the others: win[i] without its
			// duel with w.
			ahead := reached
			if b := beat[i][w]; b > 1e-9 {
				ahead *= win[i] / b
			} else {
				for k := range n {
					if k != i && k != w {
						ahead *= beat[i][k]
					}
				}
			}
			second += win[w] * ahead
		}
		pw, ps := win[i]/sum, second/sum
		out[i] = pw*t.first + ps*t.second
		if variance != nil {
			variance[i] = pw*t.first*t.first + ps*t.second*t.second - out[i]*out[i]
		}
	}
}

// Expect estimates every player's final score in g: the points scored
// so far plus what each open race is expected to bring.
func (m *Model) Expect(g *gr.Game, out *[gr.MaxPlayers]float64) {
	*out = [gr.MaxPlayers]float64{}
	var v [gr.MaxPlayers]float64
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		m.Race(g, r, &v)
		for i := range out {
			out[i] += v[i]
		}
	}
}
