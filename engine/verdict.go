package engine

import (
	"fmt"
	"slices"
	"strings"
)

// JudgeOptions tune how a referee judges a written-down game.
type JudgeOptions struct {
	// Partial accepts a game that stops before its end and scores it as
	// it stands, instead of reporting it as unfinished.
	Partial bool
	// Variant, when not nil, is the board the game was played on (check
	// --variant FILE): a log whose variant line names other numbers, or
	// none, is refused. Nil judges a log on the standard board its header
	// names, and refuses one that names a variant.
	Variant Variant
}

// Report is what a command prints of a game: its text, and the object
// --json prints. Reviews and a simulator's figures are reports.
type Report interface {
	// Text is the report as the command prints it, ending with a newline.
	Text() string
	// JSON is the object --json prints.
	JSON() any
}

// Verdict is what a game's referee makes of a written-down game that keeps
// every rule: what check says of it, and what score prints.
type Verdict interface {
	// Summary says in a few words what was played, for check's "ok" line:
	// "The Duel, 2 players, 4 turns".
	Summary() string
	// Text is score's report: every player's result, itemised. It starts
	// with a heading line to be put after "FILE: " and ends with a newline.
	Text() string
	// JSON is the object score --json prints, as its game's spec gives it.
	// Every game's object holds the same envelope beside its own details:
	// "players", a list whose items carry "name", "result" and "place"
	// as Standings gives them, and "winners", the winners' names.
	JSON() any
	// Standings are the players' results and places, in seating order.
	Standings() []Standing
}

// Standing is one player's place in a result, as every game gives it.
type Standing struct {
	Name string `json:"name"`
	// Result is the game's number for the player: a purse in dollars,
	// points, or chips won and lost.
	Result int `json:"result"`
	// Place is 1 for the winner (or the winners, who share it), 2 for the
	// next, and so on; 0 for a game that has no winner yet.
	Place int `json:"place"`
}

// Winners are the names of the players in first place.
func Winners(st []Standing) []string {
	w := []string{}
	for _, s := range st {
		if s.Place == 1 {
			w = append(w, s.Name)
		}
	}
	return w
}

// Places ranks results, highest first, tied results sharing a place: the
// places of a game won by the biggest number with ties shared (1, 2, 2, 4).
// A game with a tie rule of its own ranks its players itself.
func Places(results []int) []int {
	places := make([]int, len(results))
	for i, r := range results {
		places[i] = 1
		for _, o := range results {
			if o > r {
				places[i]++
			}
		}
	}
	return places
}

// Score is a result item by item, player by player: what most games'
// score command prints. Amounts are written by the game (dollars, chips,
// points), so that each keeps its own units.
type Score struct {
	Heading string // the line after "FILE: "
	Players []PlayerScore
	Notes   []string // lines printed after the players, such as a pot carried over
}

// PlayerScore is one player's total and the items that make it up.
type PlayerScore struct {
	Name  string
	Note  string // after the name, as "(winner)"; may be empty
	Total string
	Items []Item
}

// Item is one line of a breakdown: what it is, a detail, the multiplier
// or unit price when there is one, and the amount.
type Item struct {
	What, Detail, Times string
	Amount              string
}

// Text lays the score out as aligned columns: each player's name and total
// on a line of their own, their items indented below.
func (s *Score) Text() string {
	var wd [3]int
	wa := 0
	for _, p := range s.Players {
		wa = max(wa, len(p.Total))
		for _, it := range p.Items {
			wd[0] = max(wd[0], len(it.What)+2)
			wd[1] = max(wd[1], len(it.Detail))
			wd[2] = max(wd[2], len(it.Times))
			wa = max(wa, len(it.Amount))
		}
	}
	total := wd[0] + wd[1] + wd[2] + 4
	var b strings.Builder
	b.WriteString(s.Heading)
	b.WriteByte('\n')
	for _, p := range s.Players {
		head := p.Name
		if p.Note != "" {
			head += " " + p.Note
		}
		fmt.Fprintf(&b, "\n%-*s  %*s\n", total, head, wa, p.Total)
		for _, it := range p.Items {
			fmt.Fprintf(&b, "%-*s  %-*s  %-*s  %*s\n", wd[0], "  "+it.What, wd[1], it.Detail, wd[2], it.Times, wa, it.Amount)
		}
	}
	if len(s.Notes) > 0 {
		b.WriteByte('\n')
		for _, n := range s.Notes {
			b.WriteString(n)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Grid is a table of text with a header row, for results that read best
// as rows and columns, such as points race by race. The first column is
// aligned left, the others right.
type Grid struct {
	Header []string
	Rows   [][]string
	// Rules lists the rows before which a line of dashes is drawn, as
	// before a total.
	Rules []int
	// Left lists the columns besides the first that are aligned left:
	// columns of words among columns of numbers.
	Left []int
}

// Text lays the grid out in aligned columns, two spaces apart.
func (g *Grid) Text() string {
	n := len(g.Header)
	for _, r := range g.Rows {
		n = max(n, len(r))
	}
	w := make([]int, n)
	measure := func(r []string) {
		for i, c := range r {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	measure(g.Header)
	for _, r := range g.Rows {
		measure(r)
	}
	var b strings.Builder
	line := func(r []string) {
		var out strings.Builder
		for i := range n {
			c := ""
			if i < len(r) {
				c = r[i]
			}
			pad := strings.Repeat(" ", w[i]-len([]rune(c)))
			if i > 0 {
				out.WriteString("  ")
			}
			if i == 0 || slices.Contains(g.Left, i) {
				out.WriteString(c + pad)
			} else {
				out.WriteString(pad + c)
			}
		}
		b.WriteString(strings.TrimRight(out.String(), " "))
		b.WriteByte('\n')
	}
	if len(g.Header) > 0 {
		line(g.Header)
	}
	width := 2 * (n - 1)
	for _, x := range w {
		width += x
	}
	ri := 0
	for i, r := range g.Rows {
		for ri < len(g.Rules) && g.Rules[ri] < i {
			ri++
		}
		if ri < len(g.Rules) && g.Rules[ri] == i {
			b.WriteString(strings.Repeat("-", width))
			b.WriteByte('\n')
		}
		line(r)
	}
	return b.String()
}

// Signed writes an amount with its sign and unit, as a breakdown shows
// it: Signed(20, "$") is "+$20", Signed(-10, "$") is "-$10", Signed(0,
// "$") is "$0"; Signed(3, "") is "+3".
func Signed(v int, unit string) string {
	switch {
	case v > 0:
		return fmt.Sprintf("+%s%d", unit, v)
	case v < 0:
		return fmt.Sprintf("-%s%d", unit, -v)
	}
	return unit + "0"
}

// Plain writes an amount with its unit and a sign only when negative:
// Plain(20, "$") is "$20", Plain(-20, "$") is "-$20".
func Plain(v int, unit string) string {
	if v < 0 {
		return fmt.Sprintf("-%s%d", unit, -v)
	}
	return fmt.Sprintf("%s%d", unit, v)
}

// Count writes n with the singular or plural noun: "1 player", "2 players".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
