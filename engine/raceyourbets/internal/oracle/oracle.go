// Package oracle is a second, deliberately plain reading of Race Your Bets,
// written from the spec (docs/raceyourbets/spec.md in the repository, whose
// rules the rulebook in content/raceyourbets restates) and from nothing of
// the engine: counters are kept space by space as the printed board holds
// them, a bet scans for the empty space nearest the finish, and the log is
// read with plain string splitting. Tests replay random games move by move
// through both and compare every position, and judge mutated logs with both
// and compare the line of the first problem and the points.
//
// It imports nothing of furlong. Speed and allocation do not matter here;
// clarity does.
package oracle

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Track is one track of a board as §1 gives it.
type Track struct{ Spaces, Gold, Silver int }

// Boards are §1's table, horse 1 first.
var Boards = map[string][6]Track{
	"graded": {{6, 3, 2}, {6, 3, 2}, {7, 5, 3}, {7, 5, 3}, {8, 8, 4}, {8, 8, 4}},
	"level":  {{7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}, {7, 5, 3}},
}

// Game is the whole state of the table.
type Game struct {
	Tracks  [6]Track
	Finish  int
	Players int

	Turn   int      // whose turn: a seat
	Turns  int      // turns played
	Race   int      // the race under way, from 1
	Over   bool     // a medal took a marker to the finish
	Pos    [6]int   // each horse's space; Spaces+1 means across
	Spaces [6][]int // each track's spaces 1..L: the owner of the counter there, -1 empty
	Gold   int      // the horse that took gold in this race, 0 if none
	Points []int

	Passes, Golds, Silvers []int
	Medals                 []Medal // every medal scored, in order
}

// Medal is a medal scored.
type Medal struct {
	Race, Horse int
	Silver      bool
	Holders     []int // seats of the majority
	Counters    int   // each holder's counters on the track
	Each        int   // the points each holder scored
}

// New sets the table up (§2).
func New(board string, finish, players int) *Game {
	g := &Game{Tracks: Boards[board], Finish: finish, Players: players, Race: 1,
		Points: make([]int, players), Passes: make([]int, players), Golds: make([]int, players), Silvers: make([]int, players)}
	g.clearBoard()
	return g
}

func (g *Game) clearBoard() {
	for h := range 6 {
		g.Pos[h] = 0
		g.Spaces[h] = make([]int, g.Tracks[h].Spaces+1) // index 0 unused: the start box
		for i := range g.Spaces[h] {
			g.Spaces[h][i] = -1
		}
	}
	g.Gold = 0
}

// crossed reports whether horse h (1-6) is across the line.
func (g *Game) crossed(h int) bool { return g.Pos[h-1] > g.Tracks[h-1].Spaces }

// onBoard counts the counters seat has on the tracks.
func (g *Game) onBoard(seat int) int {
	n := 0
	for h := range 6 {
		for _, o := range g.Spaces[h] {
			if o == seat {
				n++
			}
		}
	}
	return n
}

// emptySpace is the empty space of track h nearest the finish, or 0.
func (g *Game) emptySpace(h int) int {
	for s := g.Tracks[h-1].Spaces; s >= 1; s-- {
		if g.Spaces[h-1][s] == -1 {
			return s
		}
	}
	return 0
}

// Legal says why action (kind, horse) is illegal for seat now, or "".
// The kinds are "bet", "pass", "cheer" and "" (a roll with no action).
func (g *Game) Legal(seat int, kind string, h int) string {
	switch {
	case g.Over:
		return "over"
	case seat != g.Turn:
		return "order"
	}
	switch kind {
	case "bet":
		if g.onBoard(seat) >= 9 {
			return "bet"
		}
		if g.crossed(h) {
			return "bet"
		}
		s := g.emptySpace(h)
		if s == 0 || s <= g.Pos[h-1] {
			return "bet"
		}
	case "pass":
		if g.Points[seat]+1 >= g.Finish {
			return "pass"
		}
	case "":
		if g.Points[seat]+1 < g.Finish {
			return "early"
		}
	}
	return ""
}

// Play takes the turn, which must be legal: the action, then die A, die B
// and the cheer, each move finished before the next (§3-§6).
func (g *Game) Play(seat int, kind string, h, a, b int) {
	switch kind {
	case "bet":
		g.Spaces[h-1][g.emptySpace(h)] = seat
	case "pass":
		g.Points[seat]++
		g.Passes[seat]++
	}
	g.Turns++
	moves := []int{a, b}
	if kind == "cheer" && a != h && b != h {
		moves = append(moves, h)
	}
	for _, m := range moves {
		if g.move(m) {
			break
		}
	}
	g.Turn = (g.Turn + 1) % g.Players
}

// move moves horse h one space; it reports whether the roll stops.
func (g *Game) move(h int) bool {
	if g.crossed(h) {
		return false // lost
	}
	g.Pos[h-1]++
	if !g.crossed(h) {
		return false
	}
	silver := g.Gold != 0
	if !silver {
		g.Gold = h
	}
	g.score(h, silver)
	for _, p := range g.Points {
		if p >= g.Finish {
			g.Over = true
			return true
		}
	}
	if silver {
		g.clearBoard()
		g.Race++
		return true
	}
	return false
}

// score pays horse h's medal to the majority on its track (§5).
func (g *Game) score(h int, silver bool) {
	count := make([]int, g.Players)
	for _, o := range g.Spaces[h-1] {
		if o >= 0 {
			count[o]++
		}
	}
	top := 0
	for _, c := range count {
		top = max(top, c)
	}
	m := Medal{Race: g.Race, Horse: h, Silver: silver, Counters: top}
	if top > 0 {
		for s, c := range count {
			if c == top {
				m.Holders = append(m.Holders, s)
			}
		}
		pays := g.Tracks[h-1].Gold
		if silver {
			pays = g.Tracks[h-1].Silver
		}
		m.Each = pays - (len(m.Holders) - 1)
		if m.Each < 0 {
			m.Each = 0
		}
		for _, s := range m.Holders {
			g.Points[s] += m.Each
			if silver {
				g.Silvers[s] += m.Each
			} else {
				g.Golds[s] += m.Each
			}
		}
	}
	g.Medals = append(g.Medals, m)
}

// Counters returns how many counters each seat has on track h.
func (g *Game) Counters(h int) []int {
	c := make([]int, g.Players)
	for _, o := range g.Spaces[h-1] {
		if o >= 0 {
			c[o]++
		}
	}
	return c
}

// Verdict is the oracle's judgement of a log: the line of the first
// problem (0 if none) with a word for its kind, or the points.
type Verdict struct {
	Line   int
	Kind   string
	Points []int
	Over   bool
	Winner []int
}

func (v Verdict) String() string {
	if v.Line > 0 {
		return fmt.Sprintf("line %d: %s", v.Line, v.Kind)
	}
	return fmt.Sprintf("points %v over %v winners %v", v.Points, v.Over, v.Winner)
}

var keywords = map[string]bool{"game": true, "players": true, "board": true, "finish": true, "bet": true, "pass": true, "cheer": true, "points": true}

// fields splits a line into words at spaces and tabs (§7), a carriage
// return counting as a space.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' })
}

func goodName(s string) bool {
	if s == "" || len(s) > 32 || keywords[s] {
		return false
	}
	for i, r := range s {
		if r == unicode.ReplacementChar {
			return false
		}
		if !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r) && r != '_' && r != '-') {
			return false
		}
	}
	return true
}

func horse(s string) (int, bool) {
	if len(s) == 1 && s[0] >= '1' && s[0] <= '6' {
		return int(s[0] - '0'), true
	}
	return 0, false
}

// Judge reads and plays a log (§7, §8). partial scores a log that stops
// early.
func Judge(src string, partial bool) Verdict {
	lines := strings.Split(src, "\n")
	if strings.HasSuffix(src, "\n") {
		lines = lines[:len(lines)-1]
	}
	last := max(len(lines), 1)
	var (
		g        *Game
		names    []string
		board    = "graded"
		finish   = 20
		seen     = map[string]bool{}
		started  bool
		gameSeen bool
		claimed  = map[int]bool{}
	)
	fail := func(line int, kind string) Verdict { return Verdict{Line: line, Kind: kind} }
	for i, ln := range lines {
		n := i + 1
		if i == 0 {
			ln = strings.TrimPrefix(ln, "\uFEFF")
		}
		if k := strings.IndexByte(ln, '#'); k >= 0 {
			ln = ln[:k]
		}
		w := fields(ln)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "game", "players", "board", "finish":
			if !gameSeen && w[0] != "game" {
				return fail(n, "header")
			}
			if seen[w[0]] || started {
				return fail(n, "header")
			}
			seen[w[0]] = true
			switch w[0] {
			case "game":
				if len(w) != 2 || w[1] != "raceyourbets" {
					return fail(n, "syntax")
				}
				gameSeen = true
			case "players":
				if len(w)-1 < 2 || len(w)-1 > 5 {
					return fail(n, "header")
				}
				for j, p := range w[1:] {
					if !goodName(p) {
						return fail(n, "syntax")
					}
					for _, q := range w[1 : j+1] {
						if p == q {
							return fail(n, "syntax")
						}
					}
				}
				names = w[1:]
			case "board":
				if len(w) != 2 {
					return fail(n, "syntax")
				}
				if _, ok := Boards[w[1]]; !ok {
					return fail(n, "syntax")
				}
				board = w[1]
			case "finish":
				if len(w) != 2 {
					return fail(n, "syntax")
				}
				f, err := strconv.Atoi(w[1])
				if err != nil || w[1][0] < '0' || w[1][0] > '9' || len(w[1]) > 9 {
					return fail(n, "syntax")
				}
				if f < 10 || f > 40 {
					return fail(n, "syntax")
				}
				finish = f
			}
			continue
		}
		if !gameSeen {
			return fail(n, "header")
		}
		if names == nil {
			if w[0] == "points" || goodName(w[0]) {
				return fail(n, "header")
			}
			return fail(n, "syntax")
		}
		if !started {
			started = true
			g = New(board, finish, len(names))
		}
		seat := -1
		if w[0] == "points" {
			if len(w) != 3 {
				return fail(n, "syntax")
			}
			pts, err := strconv.Atoi(w[2])
			if err != nil || w[2][0] < '0' || w[2][0] > '9' || len(w[2]) > 9 {
				return fail(n, "syntax")
			}
			for s, p := range names {
				if p == w[1] {
					seat = s
				}
			}
			if seat < 0 && !goodName(w[1]) {
				return fail(n, "syntax")
			}
			switch {
			case !g.Over, seat < 0, claimed[seat], g.Points[seat] != pts:
				return fail(n, "points")
			}
			claimed[seat] = true
			continue
		}
		if keywords[w[0]] {
			return fail(n, "syntax")
		}
		for s, p := range names {
			if p == w[0] {
				seat = s
			}
		}
		if seat < 0 {
			return fail(n, "syntax")
		}
		var kind, roll string
		h := 0
		switch {
		case len(w) == 2 && len(w[1]) > 0 && w[1][0] >= '0' && w[1][0] <= '9':
			kind, roll = "", w[1]
		case len(w) >= 2 && (w[1] == "bet" || w[1] == "cheer"):
			if len(w) != 4 {
				return fail(n, "syntax")
			}
			var ok bool
			if h, ok = horse(w[2]); !ok {
				return fail(n, "syntax")
			}
			kind, roll = w[1], w[3]
		case len(w) >= 2 && w[1] == "pass":
			if len(w) != 3 {
				return fail(n, "syntax")
			}
			kind, roll = "pass", w[2]
		default:
			return fail(n, "syntax")
		}
		if len(roll) != 2 {
			return fail(n, "syntax")
		}
		a, ok1 := horse(roll[:1])
		b, ok2 := horse(roll[1:])
		if !ok1 || !ok2 {
			return fail(n, "syntax")
		}
		if why := g.Legal(seat, kind, h); why != "" {
			return fail(n, why)
		}
		g.Play(seat, kind, h, a, b)
	}
	if !gameSeen || names == nil {
		return fail(last, "unfinished")
	}
	if g == nil {
		g = New(board, finish, len(names))
	}
	if !g.Over && !partial {
		return fail(last, "unfinished")
	}
	v := Verdict{Points: g.Points, Over: g.Over}
	best := -1
	for _, p := range g.Points {
		best = max(best, p)
	}
	for s, p := range g.Points {
		if p == best {
			v.Winner = append(v.Winner, s)
		}
	}
	return v
}
