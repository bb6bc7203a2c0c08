package play

import (
	"fmt"
	"strconv"
	"strings"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// Verdict is what score says of a game of The Great Races, a log or a
// transcript: the sheet as it stands at the end of the file, with every
// race's winner and 2nd place, and every player's score. It is what check
// and score print, and what the referee hands back.
type Verdict struct {
	Names      []string // the players in column order
	Board      gr.Board // the board played, or the variant's base (the numbers are Game's)
	Transcript bool     // read from a sheet transcript, not a log
	Partial    bool     // the game may be unfinished (judged with --partial, or a game in progress)
	Over       bool     // every race is closed
	Game       gr.Game  // the sheet at the end
}

var _ engine.Verdict = (*Verdict)(nil)

// Summary says what was played: "The Great Races, 3 players, board
// standard, 98 turns", or "variant long7 (from board standard)" for a
// game on a variant.
func (res *Verdict) Summary() string {
	s := fmt.Sprintf("%s, %s, %s, ", gr.Title, engine.Count(len(res.Names), "player", "players"), res.BoardName())
	if res.Transcript {
		s += "sheet transcript"
	} else {
		s += engine.Count(res.Game.Turns(), "turn", "turns")
	}
	if !res.Over {
		s += fmt.Sprintf(", unfinished (%s of %d closed)", engine.Count(res.Game.ClosedCount(), "race", "races"), gr.Races)
	}
	return s
}

// BoardName names the board played as the reports do: "board standard",
// or "variant long7 (from board standard)".
func (res *Verdict) BoardName() string {
	if res.Game.Digest() != "" {
		return fmt.Sprintf("variant %s (from board %s)", res.Game.Variant().Name(), res.Board)
	}
	return "board " + res.Board.String()
}

// Standings are the players' points and places: the winner first, by
// the tie rule (the later column wins a tie), the others by points.
func (res *Verdict) Standings() []engine.Standing {
	g := &res.Game
	st := make([]engine.Standing, len(res.Names))
	pts := make([]int, len(res.Names))
	for p, n := range res.Names {
		st[p] = engine.Standing{Name: n, Result: g.Points(p)}
		pts[p] = g.Points(p)
	}
	if !res.Over {
		return st
	}
	places := engine.Places(pts)
	lead := g.Leader()
	for p := range st {
		st[p].Place = places[p]
		if p != lead && places[p] == 1 {
			st[p].Place = 2 // tied on points, behind the winner by the tie rule
		}
	}
	return st
}

// Heading is the first line of the text report: the game and its winner,
// or, unfinished, its leader.
func (res *Verdict) Heading() string {
	g := &res.Game
	s := res.Summary()
	lead := g.Leader()
	if res.Over {
		return fmt.Sprintf("%s: %s wins with %s", s, res.Names[lead], engine.Count(g.Points(lead), "point", "points"))
	}
	tied := 0
	for p := range res.Names {
		if g.Points(p) == g.Points(lead) {
			tied++
		}
	}
	if tied > 1 {
		return fmt.Sprintf("%s: %d players level on %s so far", s, tied, engine.Count(g.Points(lead), "point", "points"))
	}
	return fmt.Sprintf("%s: %s leads with %s so far", s, res.Names[lead], engine.Count(g.Points(lead), "point", "points"))
}

// Grid is the score race by race: one row per race with each player's
// 1st or 2nd place and the marks on the tracks, then each player's 1st-
// and 2nd-place points and total.
func (res *Verdict) Grid() *engine.Grid {
	g := &res.Game
	n := len(res.Names)
	head := []string{"race"}
	head = append(head, res.Names...)
	head = append(head, "marks")
	if !res.Transcript {
		head = append(head, "closed")
	}
	grid := &engine.Grid{Header: head}
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		t := g.Track(r)
		row := []string{strconv.Itoa(r)}
		win, sec := g.RaceWinner(r), g.RaceSecond(r)
		marks := make([]string, n)
		for p := range n {
			cell := "-"
			switch p {
			case win:
				cell = fmt.Sprintf("1st %d", t.First)
			case sec:
				cell = fmt.Sprintf("2nd %d", t.Second)
			}
			row = append(row, cell)
			marks[p] = strconv.Itoa(g.Marks(r, p))
		}
		row = append(row, strings.Join(marks, " ")+" of "+strconv.Itoa(t.Spaces))
		if !res.Transcript {
			if at := g.ClosedAt(r); at > 0 {
				row = append(row, "turn "+strconv.Itoa(at))
			} else {
				row = append(row, "open")
			}
		}
		grid.Rows = append(grid.Rows, row)
	}
	grid.Rules = []int{len(grid.Rows)}
	sums := [3][]string{{"1st place"}, {"2nd place"}, {"total"}}
	for p := range n {
		b := g.Breakdown(p)
		sums[0] = append(sums[0], strconv.Itoa(b.First))
		sums[1] = append(sums[1], strconv.Itoa(b.Second))
		sums[2] = append(sums[2], strconv.Itoa(b.Points()))
	}
	grid.Rows = append(grid.Rows, sums[:]...)
	return grid
}

// Text is score's report: the heading, the race-by-race grid, and a word
// on how the winner was decided when the top scores tie.
func (res *Verdict) Text() string {
	var b strings.Builder
	b.WriteString(res.Heading())
	b.WriteString("\n\n")
	b.WriteString(res.Grid().Text())
	g := &res.Game
	lead := g.Leader()
	var tied []string
	for p := range res.Names {
		if g.Points(p) == g.Points(lead) {
			tied = append(tied, res.Names[p])
		}
	}
	if len(tied) > 1 && res.Over {
		fmt.Fprintf(&b, "\n%s tie on %d points: the tie goes to the later column, %s.\n", engine.And(tied), g.Points(lead), res.Names[lead])
	}
	if !res.Over {
		fmt.Fprintf(&b, "\nUnfinished: %s still open; nobody has won yet.\n", racesVerb(g.OpenRaces()))
	}
	return b.String()
}

// JSON is the object score --json prints, as the spec (§9) gives it.
func (res *Verdict) JSON() any {
	g := &res.Game
	st := res.Standings()
	out := jsonResult{Board: res.Board.String(), Over: res.Over, Winners: engine.Winners(st)}
	if d := g.Digest(); d != "" {
		out.Variant = &engine.VariantID{Name: g.Variant().Name(), Digest: d}
	}
	for p := range res.Names {
		b := g.Breakdown(p)
		out.Players = append(out.Players, jsonPlayer{
			Standing: st[p], Points: b.Points(),
			Breakdown: jsonBreakdown{First: b.First, Second: b.Second},
			Won:       b.Won.Slice(), Placed: b.Placed.Slice(),
		})
	}
	if w := g.Winner(); w >= 0 {
		out.Winner = &res.Names[w]
	}
	if !res.Transcript {
		turns := g.Turns()
		out.Turns = &turns
		order := make([]int, g.ClosedCount())
		for i := range order {
			order[i] = g.Closing(i)
		}
		out.ClosingOrder = order
	}
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		jr := jsonRace{Race: r}
		if w := g.RaceWinner(r); w >= 0 {
			jr.Winner = &res.Names[w]
		}
		if s := g.RaceSecond(r); s >= 0 {
			jr.Second = &res.Names[s]
		}
		for p, name := range res.Names {
			jr.Marks.Add(name, g.Marks(r, p))
		}
		if at := g.ClosedAt(r); at > 0 {
			jr.Turn = &at
		}
		out.Races = append(out.Races, jr)
	}
	return out
}

type jsonResult struct {
	Players      []jsonPlayer      `json:"players"`
	Winner       *string           `json:"winner"`
	Winners      []string          `json:"winners"`           // the envelope every game's JSON has: the winner, or none yet
	Board        string            `json:"board"`             // the board, or the variant's base
	Variant      *engine.VariantID `json:"variant,omitempty"` // the variant the game was played on
	Over         bool              `json:"over"`
	Turns        *int              `json:"turns"`
	ClosingOrder []int             `json:"closing_order"`
	Races        []jsonRace        `json:"races"`
}

type jsonPlayer struct {
	engine.Standing               // the envelope: the points, and the place (0 while unfinished)
	Points          int           `json:"points"`
	Breakdown       jsonBreakdown `json:"breakdown"`
	Won             []int         `json:"won"`
	Placed          []int         `json:"placed"`
}

type jsonBreakdown struct {
	First  int `json:"first"`
	Second int `json:"second"`
}

type jsonRace struct {
	Race   int                `json:"race"`
	Winner *string            `json:"winner"`
	Second *string            `json:"second"`
	Marks  engine.Object[int] `json:"marks"` // by player, in column order
	Turn   *int               `json:"turn"`
}
