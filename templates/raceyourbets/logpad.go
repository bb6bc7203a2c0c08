package raceyourbets

import (
	"fmt"

	"furlong/layout"
)

// LogPadPages is how many pages of turns LogPad prints: two pages hold
// some 150 turns, more than the longest of 16,000 games of greedy bots
// (129 turns, at five players).
const LogPadPages = 2

// LogPad appends the scorekeeper's log pad to d: upright pages with a ruled
// line a turn (who, which action, which horse, die A, die B), in the
// notation's order, so that a game written on it types straight into a
// log for furlong check.
func LogPad(d *layout.Doc, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	turn := 1
	for page := 1; page <= LogPadPages; page++ {
		d.AddPage()
		c := d.Content()
		d.SetTextColor(ink)
		d.SetDrawColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 14)
		d.Text(c.X, c.Y+5, "Race Your Bets: the game as it is played")
		d.SetFont(layout.Sans, layout.Regular, 8)
		d.TextAligned(c.X, c.Y+5, c.W, layout.Right, fmt.Sprintf("page %d of %d", page, LogPadPages))
		y := c.Y + 9
		if page == 1 {
			y = padHeader(d, c, o)
		}
		rowH := 6.0
		rows := int((c.Bottom() - 16 - y - rowH) / rowH)
		halves := c.Row(2, 6)
		for _, half := range halves {
			padTable(d, half.X, y, half.W, rowH, rows, turn)
			turn += rows
		}
		d.SetFont(layout.Sans, layout.Regular, 7.5)
		d.Paragraph(c.X, c.Bottom()-13, c.W, 3.4, layout.Left,
			"Write a line a turn, in seating order. To check the game, type it as a log: game raceyourbets, the players line "+
				"(and board and finish lines if not the defaults), then a line a turn: NAME bet H AB, NAME pass AB, "+
				"NAME cheer H AB, or NAME AB for a roll with no action; AB is die A then die B, as 36. "+
				"Then run furlong check or furlong score on the file.")
	}
	d.SetLineWidth(0.2)
	d.SetTextColor(layout.Black)
	d.SetDrawColor(layout.Black)
	return d.Err()
}

// padHeader writes the game's header lines and returns the y below them.
func padHeader(d *layout.Doc, c layout.Rect, o Options) float64 {
	y := c.Y + 13
	field := func(x, w float64, label, value string) {
		d.SetFont(layout.Sans, layout.Regular, 8)
		d.Text(x, y, label)
		lw := d.TextWidth(label) + 2
		d.SetDrawColor(faint)
		d.Line(x+lw, y+0.8, x+w-4, y+0.8)
		d.SetDrawColor(ink)
		if value != "" {
			d.SetFont(layout.Sans, layout.Bold, 10)
			d.Text(x+lw+1, y, value)
		}
	}
	names := ""
	for i, n := range o.Names {
		if i > 0 {
			names += "  "
		}
		names += n
	}
	field(c.X, c.W*0.62, "players, the first player first:", clip(d, names, c.W*0.62-50))
	field(c.X+c.W*0.62, c.W*0.2, "board:", o.Board.String())
	field(c.X+c.W*0.82, c.W*0.18, "finish:", fmt.Sprint(o.Finish))
	return y + 5
}

// padTable draws rows ruled lines for turns from first on.
func padTable(d *layout.Doc, x, y, w, rowH float64, rows, first int) {
	cols := []layout.Column{
		{Title: "turn", W: 10, Align: layout.Center},
		{Title: "player", W: 0, Align: layout.Left},
		{Title: "bet  pass  cheer", W: 27, Align: layout.Center},
		{Title: "horse", W: 11, Align: layout.Center},
		{Title: "die A", W: 11, Align: layout.Center},
		{Title: "die B", W: 11, Align: layout.Center},
	}
	fixed := 0.0
	for _, c := range cols {
		fixed += c.W
	}
	cols[1].W = w - fixed
	data := make([][]string, rows)
	for i := range data {
		data[i] = []string{fmt.Sprint(first + i), "", "", "", "", ""}
	}
	d.SetFont(layout.Sans, layout.Regular, 7.5)
	d.SetLineWidth(0.2)
	d.Table(x, y, cols, data, rowH)
	// the actions to circle, faint, in every row
	d.SetTextColor(faint)
	d.SetFont(layout.Sans, layout.Regular, 6)
	ax := x + cols[0].W + cols[1].W
	for i := range rows {
		d.Label(layout.Rect{X: ax, Y: y + float64(i+1)*rowH, W: cols[2].W, H: rowH}, layout.Center, 0, "b   p   c")
	}
	d.SetTextColor(ink)
}
