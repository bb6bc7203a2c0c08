package story

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
)

// Method says how the story's figures are worked out, for the foot of its
// text.
const Method = "The chances are exact, not sampled: the odds of each live horse from the spaces every " +
	"horse still has to go, as furlong odds works them out (the rulebook's chapter The four boards " +
	"and their odds says how). A hand is worth its cards of each horse times the horse's chance " +
	"times one share of the pot as it stands; the end pay and the pot still to come are left out. " +
	"A roll's swing is half the sum of the changes in every horse's chance: how much of the race " +
	"it moved from some horses to others."

// Summary is the story's first line: the table, and how far the log goes.
func (st *Story) Summary() string {
	board := "board " + st.Board
	if st.Variant != "" {
		board = fmt.Sprintf("board %s (a variant of board %s)", st.Variant, st.Board)
	}
	s := fmt.Sprintf("Horse Race, %s, %s, %s: the story of every race roll", board,
		engine.Count(len(st.Players), "player", "players"), engine.Count(len(st.Races), "race", "races"))
	if !st.Complete {
		s += " (unfinished: " + st.Missing + ")"
	}
	return s
}

// Text is the story as review prints it: for each race its scratches, a
// table of the live horses' chances after every race roll, a table of
// what each hand was worth, and the roll that swung it most; then how the
// figures are worked out.
func (st *Story) Text() string {
	var b strings.Builder
	b.WriteString(st.Summary())
	b.WriteString("\n")
	for i := range st.Races {
		b.WriteString("\n")
		st.raceText(&b, &st.Races[i])
	}
	b.WriteString("\n")
	b.WriteString(wrap(Method, 90))
	return b.String()
}

// raceText writes one race's story.
func (st *Story) raceText(b *strings.Builder, r *Race) {
	head := fmt.Sprintf("Race %d: %s deals, %s; ", r.Race, r.Dealer, decks(r.Decks))
	if len(r.Points) == 0 {
		n := 0
		for _, h := range r.Scratched {
			if h != 0 {
				n++
			}
		}
		b.WriteString(wrap(head+fmt.Sprintf("the log stops during its scratches, %s of four slots filled.", horserace.Spell(n)), 90))
		return
	}
	b.WriteString(wrap(head+fmt.Sprintf("scratched %s (slots 1 to 4), %s in the pot after the scratches.", horses(r.Scratched[:]), engine.Count(r.Points[0].Pot, "chip", "chips")), 90))
	b.WriteString("\n")
	g := engine.Grid{Header: []string{"roll", "line", "roller", "dice", "horse", "pot"}, Left: []int{2, 3, 4}}
	for _, h := range r.Live {
		g.Header = append(g.Header, fmt.Sprint(h))
	}
	g.Header = append(g.Header, "swing", "")
	g.Left = append(g.Left, len(g.Header)-1)
	for i := range r.Points {
		p := &r.Points[i]
		row := []string{fmt.Sprint(p.Roll), fmt.Sprint(p.Line), p.Roller, dice(p), move(r, p), fmt.Sprint(p.Pot)}
		for _, h := range r.Live {
			row = append(row, fmt.Sprintf("%.1f", 100*p.Chance[h]))
		}
		sw, mark := "", ""
		if p.Roll > 0 {
			sw = fmt.Sprintf("%.1f", 100*p.Swing)
		}
		if i == r.Swing && i > 0 {
			mark = "*"
		}
		g.Rows = append(g.Rows, append(row, sw, mark))
	}
	b.WriteString("Each live horse's chance to win, in per cent, after the scratches and after every race roll\n")
	b.WriteString("(swing: the points of chance the roll moved between the horses; * the largest before the finish):\n")
	b.WriteString(g.Text())
	b.WriteString("\nWhat each hand was worth, in chips:\n")
	w := engine.Grid{Header: []string{"roll"}}
	for _, seat := range r.Seats {
		w.Header = append(w.Header, st.Players[seat])
	}
	for i := range r.Points {
		p := &r.Points[i]
		row := []string{fmt.Sprint(p.Roll)}
		for _, x := range p.Worth {
			row = append(row, fmt.Sprintf("%.1f", x))
		}
		w.Rows = append(w.Rows, row)
	}
	b.WriteString(w.Text())
	b.WriteString("\n")
	b.WriteString(wrap(st.swingText(r), 90))
	if r.Winner != 0 {
		n := len(r.Points)
		last, before := &r.Points[n-1], &r.Points[max(n-2, 0)]
		fmt.Fprintf(b, "Horse %d won with race roll %d, %s's %d %d, from a chance of %s the roll before.\n",
			r.Winner, last.Roll, last.Roller, last.Dice[0], last.Dice[1], pc(before.Chance[r.Winner]))
	}
}

// swingText says which roll swung the race most, and how.
func (st *Story) swingText(r *Race) string {
	if r.Swing == 0 {
		return fmt.Sprintf("No roll of race %d before its finish changed the chances.", r.Race)
	}
	p, prev := &r.Points[r.Swing], &r.Points[r.Swing-1]
	// The horse that gained most and the one that lost most.
	up, down := p.Horse, 0
	for _, h := range r.Live {
		if p.Chance[h]-prev.Chance[h] > p.Chance[up]-prev.Chance[up] {
			up = h
		}
		if down == 0 || p.Chance[h]-prev.Chance[h] < p.Chance[down]-prev.Chance[down] {
			down = h
		}
	}
	s := fmt.Sprintf("The roll that swung race %d most before its finish: roll %d (line %d), %s's %d %d, which moved horse %d to %d of %d and %.1f points of chance between the horses: horse %d from %s to %s",
		r.Race, p.Roll, p.Line, p.Roller, p.Dice[0], p.Dice[1], p.Horse, p.Pos[p.Horse], r.Lanes[p.Horse], 100*p.Swing,
		up, pc(prev.Chance[up]), pc(p.Chance[up]))
	if down != up && p.Chance[down] < prev.Chance[down] {
		s += fmt.Sprintf(", horse %d from %s to %s", down, pc(prev.Chance[down]), pc(p.Chance[down]))
	}
	// The hand it changed most.
	best, by := -1, 0.0
	for i := range r.Seats {
		if d := p.Worth[i] - prev.Worth[i]; best < 0 || abs(d) > abs(by) {
			best, by = i, d
		}
	}
	if best >= 0 && abs(by) >= 0.05 {
		s += fmt.Sprintf("; %s's hand from %.1f to %.1f chips", st.Players[r.Seats[best]], prev.Worth[best], p.Worth[best])
	}
	return s + "."
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func pc(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// move says what a roll did: "2: 1 of 3", "7 out, paid 1" (a scratched
// horse), "3 home".
func move(r *Race, p *Point) string {
	switch {
	case p.Roll == 0:
		return ""
	case !p.Moved:
		return fmt.Sprintf("%d out, paid %d", p.Horse, p.Cost)
	case p.Horse == r.Winner && p.Pos[p.Horse] == r.Lanes[p.Horse]:
		return fmt.Sprintf("%d home", p.Horse)
	}
	return fmt.Sprintf("%d: %d of %d", p.Horse, p.Pos[p.Horse], r.Lanes[p.Horse])
}

func dice(p *Point) string {
	if p.Roll == 0 {
		return ""
	}
	return fmt.Sprintf("%d %d", p.Dice[0], p.Dice[1])
}

func decks(n int) string {
	if n == 1 {
		return "one deck"
	}
	return horserace.Spell(n) + " decks"
}

// horses lists horses as prose: "7, 8, 6 and 9"; an open slot is left
// out.
func horses(hs []int) string {
	var ws []string
	for _, h := range hs {
		if h != 0 {
			ws = append(ws, fmt.Sprint(h))
		}
	}
	switch len(ws) {
	case 0:
		return "none"
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// wrap breaks text into lines of at most width columns.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteString("\n")
			n = 0
		default:
			b.WriteString(" ")
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	b.WriteString("\n")
	return b.String()
}
