package raceyourbets

import (
	"fmt"
	"strings"

	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/play"
	"furlong/layout"
	"furlong/templates"
)

// pen and penWidth are what a player writes on a sheet with: every
// game's ballpoint, templates.Pen.
var pen = templates.Pen

const penWidth = templates.PenWidth

// Filled appends the printables of a game as they stand in v (the play
// protocol's View of a log, at its end or after a turn), on the blank
// ones' design and filled in by a pen's hand: the board with a ring round
// the space where each horse stands (round its medal once across) and
// each counter written as its owner's seat number, the score track with
// each player's seat number on their marker's space, and the log pad with
// every turn: the player, the action circled, the horse, the dice and the
// points that changed. Each horse's track is tagged "horse H", the part of
// the board a bet or a cheer on it concerns, for a screen to pick it.
func Filled(d *layout.Doc, v *play.View) error {
	o, err := viewOptions(v)
	if err != nil {
		return err
	}
	when := "as they stand"
	switch {
	case v.Over:
		when = "at the end of the game"
	case len(v.Turns) > 0:
		when = fmt.Sprintf("after turn %d, race %d under way", len(v.Turns), v.Race)
	}
	d.SetInfo("furlong: Race Your Bets, "+strings.Join(v.Players, ", "), "The board, the score track and the log pad of a game, filled in "+when)
	w := &boardWriter{v: v}
	drawBoard(d, o, w)
	if err := d.Err(); err != nil {
		return err
	}
	turns := len(v.Turns)
	if _, ok := pending(v); ok {
		turns++
	}
	if err := logPad(d, o, turns, w.pad(d, o)); err != nil {
		return err
	}
	return d.Err()
}

// viewOptions are the printables' options for the game v shows: its
// board's numbers, its finish and its players.
func viewOptions(v *play.View) (Options, error) {
	o := Options{Board: v.Board, Finish: v.Finish, Names: v.Players, tab: v.Tables, vname: v.Variant}
	return o.check()
}

// pending is the action of the seat whose dice are to roll, if any.
func pending(v *play.View) (ryb.Action, bool) {
	if v.Turn.Chance() && v.Chosen.Kind != 0 {
		return v.Chosen, true
	}
	return ryb.Action{}, false
}

// boardWriter fills in the printables of one game.
type boardWriter struct {
	v *play.View
}

// inPen sets the pen's colour and width, and gives the ink back after.
func inPen(d *layout.Doc, write func()) {
	d.SetDrawColor(pen)
	d.SetTextColor(pen)
	d.SetLineWidth(penWidth)
	write()
	d.SetDrawColor(ink)
	d.SetTextColor(ink)
}

// seatMark is how the pen writes a seat: its number in the seating order,
// as the score page's key lists the players.
func seatMark(seat int) string { return fmt.Sprint(seat + 1) }

// board fills in the board page: the counters, the horses, the medals
// taken, and tags each track.
func (w *boardWriter) board(d *layout.Doc, g *geometry, o Options) {
	tab := o.tables()
	c := g.cell
	for h := 1; h <= ryb.Horses; h++ {
		t := tab.Track(h)
		y, first := g.row(h, t)
		d.Tag(fmt.Sprintf("horse %d", h), layout.Rect{X: first - c, Y: y, W: g.finishX - first + c + g.flag + g.medals + 2, H: c})
		hv := &w.v.Horses[h-1]
		inPen(d, func() {
			for s := 1; s <= int(t.Spaces); s++ {
				if owner := hv.Owners[s]; owner >= 0 {
					x := first + float64(s-1)*c
					d.HandIn(layout.Rect{X: x + c*0.2, Y: y + c*0.22, W: c * 0.6, H: c * 0.62}, c*0.34, seatMark(owner))
				}
			}
			switch pos := hv.Space; {
			case pos <= int(t.Spaces):
				x := first + float64(pos-1)*c
				d.HandRing(x+c/2, y+c/2, c/2-1.6, c/2-2.2)
			default:
				m := ryb.Silver
				if h == w.v.Gold {
					m = ryb.Gold
				}
				cx, cy, r := g.medalAt(y, m)
				d.HandRing(cx, cy, r+1.4, r+1.1)
			}
		})
	}
}

// score fills in the score page: each player's seat number on the space
// of their marker, and their points by their name in the key.
func (w *boardWriter) score(d *layout.Doc, g *scoreGeometry, o Options) {
	at := map[int][]string{}
	for p, pts := range w.v.Points {
		i := min(max(pts, 0), g.n-1)
		at[i] = append(at[i], seatMark(p))
	}
	inPen(d, func() {
		for i := range g.n {
			marks := at[i]
			if len(marks) == 0 {
				continue
			}
			x, y := g.place(i)
			d.HandIn(layout.Rect{X: x + 1, Y: y + g.size*0.3, W: g.size - 2, H: g.size * 0.5}, g.size*0.3, strings.Join(marks, " "))
		}
		for p, pts := range w.v.Points {
			if p >= len(o.Names) {
				break
			}
			x := g.slotX(p)
			// the seat's number in its colour's circle, its points after
			// its name
			d.HandIn(layout.Rect{X: x + 2, Y: g.keyY - 4, W: 8, H: 8}, 4.6, seatMark(p))
			d.HandIn(layout.Rect{X: x + g.slotW - 13, Y: g.keyY - 4.5, W: 10, H: 6}, 4.2, fmt.Sprint(pts))
		}
		d.SetFont(layout.Sans, layout.Italic, 8.5)
		d.Paragraph(g.slotX(0), g.keyY+12, g.slotW*ryb.MaxPlayers, 4, layout.Left, w.legend())
	})
}

// legend says, in the scorekeeper's words, what the marks mean and when
// they were made.
func (w *boardWriter) legend() string {
	v := w.v
	when := "Filled in before the first turn."
	switch {
	case v.Over:
		when = fmt.Sprintf("Filled in at the end of the game, after turn %d in race %d.", len(v.Turns), v.Race)
	case len(v.Turns) > 0:
		when = fmt.Sprintf("Filled in after turn %d, race %d under way.", len(v.Turns), v.Race)
	}
	return when + " Each player is their number in the seating order, written in their circle above. On the board, " +
		"a ring marks the space where each horse stands, or the medal it took once across, and a number on a space is " +
		"that player's bet counter; on this track, a number is that player's marker."
}

// pad returns the log pad's filler: each turn's row written out, a line
// under the turn that ended a race, and the action of a seat whose dice
// are still to roll.
func (w *boardWriter) pad(d *layout.Doc, o Options) func(first, rows int, c *padCells) {
	v := w.v
	return func(first, rows int, c *padCells) {
		inPen(d, func() {
			for i := range rows {
				k := first + i - 1 // the turn's index in v.Turns
				switch a, ok := pending(v); {
				case k < len(v.Turns):
					t := &v.Turns[k]
					prev := [ryb.MaxPlayers]int{}
					if k > 0 {
						prev = v.Turns[k-1].Points
					}
					w.padRow(d, c, i, t.Seat, t.Action, t.Dice, &t.Points, &prev, len(v.Players))
					if t.RaceOver {
						r := c.cell(i, 0)
						end := c.cell(i, len(c.x)-1)
						d.HandLine(r.X+0.5, r.Bottom()-0.3, end.Right()-0.5, end.Bottom()-0.3)
					}
				case k == len(v.Turns) && ok:
					w.padRow(d, c, i, v.Turn.Seat, a, ryb.Dice{}, nil, nil, 0)
				}
			}
		})
	}
}

// padRow writes one turn in row i: the player's name, the action
// circled, the horse, the dice when rolled, and each player's points
// where they changed from prev.
func (w *boardWriter) padRow(d *layout.Doc, c *padCells, i, seat int, a ryb.Action, dice ryb.Dice, pts, prev *[ryb.MaxPlayers]int, players int) {
	if seat < 0 {
		seat = w.v.Turn.Seat
	}
	if seat < 0 || seat >= len(w.v.Players) {
		return
	}
	name := c.cell(i, 1)
	d.SetFont(layout.Sans, layout.Italic, 8)
	d.Label(name, layout.Left, 1.2, clip(d, w.v.Players[seat], name.W-2.4))
	act := c.cell(i, 2)
	if x, ok := actMark(d, act, a.Kind); ok {
		d.HandRing(x, act.Y+act.H/2+0.1, 1.5, 1.7)
	} else {
		d.HandIn(act.Inset(1), 3, "-")
	}
	if a.Horse != 0 {
		d.HandIn(c.cell(i, 3).Inset(0.8), 3.4, fmt.Sprint(a.Horse))
	}
	if dice.Valid() {
		d.HandIn(c.cell(i, 4).Inset(0.8), 3.4, fmt.Sprint(dice[0]))
		d.HandIn(c.cell(i, 5).Inset(0.8), 3.4, fmt.Sprint(dice[1]))
	}
	if pts == nil {
		return
	}
	for p := range min(players, len(c.x)-6) {
		if pts[p] != prev[p] {
			d.HandIn(c.cell(i, 6+p).Inset(0.8), 3.2, fmt.Sprint(pts[p]))
		}
	}
}

// actMark is the centre of the letter of action kind k in the act cell r,
// where the pad prints actLabel, and whether it has one (the turn with no
// action has none).
func actMark(d *layout.Doc, r layout.Rect, k ryb.Kind) (float64, bool) {
	letter := map[ryb.Kind]string{ryb.Bet: "b", ryb.Pass: "p", ryb.Cheer: "c"}[k]
	if letter == "" {
		return 0, false
	}
	d.SetFont(layout.Sans, layout.Regular, 6)
	x0 := r.X + (r.W-d.TextWidth(actLabel))/2
	at := strings.Index(actLabel, letter)
	return x0 + d.TextWidth(actLabel[:at]) + d.TextWidth(letter)/2, true
}

// FilledSVG draws Filled on paper as SVG pages, one document a page, that
// leave their faces to the page that shows them (layout.FontsHost): the
// board on screen.
func FilledSVG(v *play.View, paper layout.Paper) ([][]byte, error) {
	d := layout.NewSVG(paper, layout.Uniform(templates.Margin))
	if err := Filled(d, v); err != nil {
		return nil, err
	}
	return d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
}
