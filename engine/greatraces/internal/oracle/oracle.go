package oracle

import (
	"errors"
	"fmt"
	"sort"
)

// Board is the spec's §1 table for one board, typed again from the spec.
type Board struct {
	Name   string
	Spaces map[int]int // race -> spaces
	Line   map[int]int // race -> double line after this space
	First  map[int]int // race -> 1st pays
	Second map[int]int // race -> 2nd pays
}

// Standard is board standard (§1, first table).
var Standard = Board{
	Name:   "standard",
	Spaces: map[int]int{2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 11, 9: 9, 10: 7, 11: 5, 12: 3},
	Line:   map[int]int{2: 1, 3: 3, 4: 4, 5: 6, 6: 8, 7: 9, 8: 8, 9: 6, 10: 4, 11: 3, 12: 1},
	First:  map[int]int{2: 8, 3: 9, 4: 10, 5: 11, 6: 12, 7: 13, 8: 12, 9: 11, 10: 10, 11: 9, 12: 8},
	Second: map[int]int{2: 4, 3: 5, 4: 5, 5: 6, 6: 6, 7: 7, 8: 6, 9: 6, 10: 5, 11: 5, 12: 4},
}

// Length is board length (§1, second table): 1st pays the length, 2nd
// half of it rounded up.
var Length = Board{
	Name:   "length",
	Spaces: Standard.Spaces,
	Line:   map[int]int{2: 1, 3: 2, 4: 4, 5: 6, 6: 8, 7: 10, 8: 8, 9: 6, 10: 4, 11: 2, 12: 1},
	First:  map[int]int{2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 11, 9: 9, 10: 7, 11: 5, 12: 3},
	Second: map[int]int{2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 6, 9: 5, 10: 4, 11: 3, 12: 2},
}

// Game is a game in progress.
type Game struct {
	B       Board
	N       int
	Marks   map[int][]int // race -> marks by player
	Winner  map[int]int   // closed race -> winner
	Second  map[int]int   // closed race -> 2nd place (absent: none)
	Order   []int         // races in the order they closed
	Turns   int
	Next    int
	Points  []int
	FirstPt []int
	SecPt   []int
	ClosedT map[int]int // race -> the turn that closed it
}

// New starts a game of n players.
func New(b Board, n int) (*Game, error) {
	if n < 2 || n > 6 {
		return nil, fmt.Errorf("%d players", n)
	}
	g := &Game{B: b, N: n, Marks: map[int][]int{}, Winner: map[int]int{}, Second: map[int]int{},
		Points: make([]int, n), FirstPt: make([]int, n), SecPt: make([]int, n), ClosedT: map[int]int{}}
	for r := 2; r <= 12; r++ {
		g.Marks[r] = make([]int, n)
	}
	return g, nil
}

// Over is §5: every race closed.
func (g *Game) Over() bool { return len(g.Winner) == 11 }

// Errors the oracle tells apart.
var (
	ErrOver  = errors.New("game over")
	ErrTurn  = errors.New("not this player's turn")
	ErrDice  = errors.New("the split is not the dice")
	ErrRange = errors.New("a die is not 1-6")
)

// Roll is one turn (§3): player throws dice and uses pair a, then pair b.
func (g *Game) Roll(player int, dice [4]int, a, b [2]int) error {
	if g.Over() {
		return ErrOver
	}
	if player != g.Next {
		return ErrTurn
	}
	for _, d := range append(dice[:], a[0], a[1], b[0], b[1]) {
		if d < 1 || d > 6 {
			return ErrRange
		}
	}
	x := []int{dice[0], dice[1], dice[2], dice[3]}
	y := []int{a[0], a[1], b[0], b[1]}
	sort.Ints(x)
	sort.Ints(y)
	for i := range x {
		if x[i] != y[i] {
			return ErrDice
		}
	}
	g.Turns++
	g.Next = (g.Next + 1) % g.N
	for _, p := range [][2]int{a, b} {
		// §5: once the last race closes, the rest of the roll is lost.
		if g.Over() {
			break
		}
		race := p[0] + p[1]
		if _, closed := g.Winner[race]; closed {
			continue // lost
		}
		g.Marks[race][player]++
		if g.Marks[race][player] == g.B.Spaces[race] {
			g.close(race, player)
		}
	}
	return nil
}

// close is §4: the winner scores 1st; of the others past the line, the one
// with most marks scores 2nd, the later seat on ties.
func (g *Game) close(race, winner int) {
	g.Winner[race] = winner
	g.Order = append(g.Order, race)
	g.ClosedT[race] = g.Turns
	g.FirstPt[winner] += g.B.First[race]
	g.Points[winner] += g.B.First[race]
	best, who := -1, -1
	for p := 0; p < g.N; p++ {
		if p == winner {
			continue
		}
		m := g.Marks[race][p]
		// "passed the double line": more marks than the line's space number.
		if m > g.B.Line[race] && m >= best {
			best, who = m, p
		}
	}
	if who >= 0 {
		g.Second[race] = who
		g.SecPt[who] += g.B.Second[race]
		g.Points[who] += g.B.Second[race]
	}
}

// Leader is §5's winner rule applied to the points so far: the highest
// score, the later seat among the tied.
func (g *Game) Leader() int {
	best := 0
	for p := 1; p < g.N; p++ {
		if g.Points[p] >= g.Points[best] {
			best = p
		}
	}
	return best
}

// Sheet scores a finished sheet (§8): marks[race][player]. It returns the
// points, or an error for a sheet that cannot stand (a count outside 0 to
// the length, no full track or two in a race).
// READING: every race must be given; a race with no full track is an
// error (the spec's transcript of a finished sheet).
func Sheet(b Board, n int, marks map[int][]int) (*Game, error) {
	g, err := New(b, n)
	if err != nil {
		return nil, err
	}
	for r := 2; r <= 12; r++ {
		ms, ok := marks[r]
		if !ok || len(ms) != n {
			return nil, fmt.Errorf("race %d missing or wrong count", r)
		}
		full := -1
		for p, m := range ms {
			if m < 0 || m > b.Spaces[r] {
				return nil, fmt.Errorf("race %d: %d marks", r, m)
			}
			if m == b.Spaces[r] {
				if full >= 0 {
					return nil, fmt.Errorf("race %d: two full tracks", r)
				}
				full = p
			}
		}
		if full < 0 {
			return nil, fmt.Errorf("race %d: no full track", r)
		}
		copy(g.Marks[r], ms)
	}
	for r := 2; r <= 12; r++ {
		for p, m := range marks[r] {
			if m == b.Spaces[r] {
				g.close(r, p)
			}
		}
	}
	return g, nil
}
