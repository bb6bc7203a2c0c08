package raceyourbets

import (
	"fmt"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
)

// padRowH is the height of a ruled line of the log pad, in millimetres.
const padRowH = 5.5

// padPages is how many pages of turns LogPad prints for a table of
// players when a page holds perPage turns: one page when nine games in
// ten at that table fit on it, as the simulator's games between greedy
// bots recorded for the rulebook measure them, two otherwise. Two pages
// hold more turns than the longest of those games.
func padPages(players, perPage int) int {
	for _, t := range expected.Tables {
		if t.Players == players && t.Rolls90 <= perPage {
			return 1
		}
	}
	return 2
}

// LogPad appends the scorekeeper's log pad to d: upright pages with a ruled
// line a turn (who, which action, which horse, die A, die B, then each
// player's points after the turn), in the notation's order, so that a game
// written on it types straight into a log for furlong check.
func LogPad(d *layout.Doc, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	return logPad(d, o, 0, nil)
}

// padCells are where a half page of the log pad put its cells: column j
// of row i is cell(i, j), the columns the turn, the player, the action,
// the horse, die A, die B, then each seat's points.
type padCells struct {
	x, w []float64
	y    float64 // the top of the heading row
}

// cell is the rectangle of column j in row i.
func (c *padCells) cell(i, j int) layout.Rect {
	return layout.Rect{X: c.x[j], Y: c.y + float64(i+1)*padRowH, W: c.w[j], H: padRowH}
}

// logPad draws the log pad with room for turns turns at least (more pages
// than the table needs if they do not fit), and calls fill, when not nil,
// with the cells of each half page and the first turn they hold.
func logPad(d *layout.Doc, o Options, turns int, fill func(first, rows int, c *padCells)) error {
	seats := o.seats()
	table := ryb.DefaultPlayers
	if len(o.Names) > 0 || o.Seats > 0 {
		table = seats
	}
	pages := 1
	turn := 1
	for page := 1; page <= pages; page++ {
		d.AddPage()
		c := d.Content()
		y := c.Y + 9
		if page == 1 {
			y = c.Y + padHeaderH
		}
		rows := int((c.Bottom() - 17 - y - 4 - padRowH) / padRowH)
		if page == 1 {
			pages = padPages(table, 2*rows)
			// the first page holds 2*rows turns, the others a little more
			if turns > 2*rows {
				later := int((c.Bottom() - 17 - (c.Y + 9) - 4 - padRowH) / padRowH)
				pages = max(pages, 1+(turns-2*rows+2*later-1)/(2*later))
			}
		}
		d.SetTextColor(ink)
		d.SetDrawColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 14)
		d.Text(c.X, c.Y+5, "Race Your Bets: the game as it is played")
		d.SetFont(layout.Sans, layout.Regular, 8)
		d.TextAligned(c.X, c.Y+5, c.W, layout.Right, fmt.Sprintf("page %d of %d", page, pages))
		if page == 1 {
			padHeader(d, c, o)
		}
		for _, half := range c.Row(2, 6) {
			cells := padTable(d, half.X, y, half.W, rows, turn, o, seats)
			if fill != nil {
				fill(turn, rows, &cells)
			}
			turn += rows
		}
		more := ""
		if pages == 1 && table < ryb.MaxPlayers {
			more = fmt.Sprintf(" For a longer game, furlong sheets --game raceyourbets --players %d prints the pad on two pages.", ryb.MaxPlayers)
		}
		d.SetFont(layout.Sans, layout.Regular, 7.5)
		d.Paragraph(c.X, c.Bottom()-14, c.W, 3.4, layout.Left,
			"Write a line a turn, in seating order, and each player's points in their column whenever they change "+
				"(a pass, a medal). To check the game, type it as a log: game raceyourbets, the players line "+
				"(and board and finish lines if not the defaults), then a line a turn: NAME bet H AB, NAME pass AB, "+
				"NAME cheer H AB, or NAME AB for a roll with no action; AB is die A then die B, as 36. "+
				"Then run furlong check or furlong score on the file."+more)
	}
	d.SetLineWidth(0.2)
	d.SetTextColor(layout.Black)
	d.SetDrawColor(layout.Black)
	return d.Err()
}

// seats is how many players the printables make room for: the names
// given, else the table asked for, else the largest table.
func (o Options) seats() int {
	switch {
	case len(o.Names) > 0:
		return len(o.Names)
	case o.Seats > 0:
		return o.Seats
	}
	return ryb.MaxPlayers
}

// padHeaderH is the height the first page's header lines take.
const padHeaderH = 18

// padHeader writes the game's header lines, padHeaderH high.
func padHeader(d *layout.Doc, c layout.Rect, o Options) {
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
	board := o.boardName()
	if o.vname != "" {
		// a variant's name, in the value's face, to the end of its line
		d.SetFont(layout.Sans, layout.Regular, 8)
		room := c.W*0.2 - d.TextWidth("board:") - 7
		d.SetFont(layout.Sans, layout.Bold, 10)
		board = cut(d, board, room)
	}
	field(c.X+c.W*0.62, c.W*0.2, "board:", board)
	field(c.X+c.W*0.82, c.W*0.18, "finish:", fmt.Sprint(o.Finish))
}

// padTable draws, from y, the headings and rows ruled lines for turns from
// first on: the turn, its player, action, horse and dice, then a column of
// points for each of seats players.
func padTable(d *layout.Doc, x, y, w float64, rows, first int, o Options, seats int) padCells {
	cols := []layout.Column{
		{Title: "turn", W: 8, Align: layout.Center},
		{Title: "player", W: 0, Align: layout.Left},
		{Title: "act", W: 13, Align: layout.Center},
		{Title: "horse", W: 9, Align: layout.Center},
		{Title: "A", W: 6.5, Align: layout.Center},
		{Title: "B", W: 6.5, Align: layout.Center},
	}
	fixed := 0.0
	for _, c := range cols {
		fixed += c.W
	}
	sw := min(10, (w-fixed-14)/float64(seats))
	cols[1].W = w - fixed - sw*float64(seats)
	d.SetFont(layout.Sans, layout.Bold, 7)
	for s := range seats {
		title := fmt.Sprint(s + 1)
		if s < len(o.Names) {
			title = clip(d, o.Names[s], sw-1.5)
		}
		cols = append(cols, layout.Column{Title: title, W: sw, Align: layout.Center})
	}
	// the headings over the groups of columns
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	dx := x + cols[0].W + cols[1].W + cols[2].W + cols[3].W
	d.TextAligned(dx, y+2.8, cols[4].W+cols[5].W, layout.Center, "dice")
	d.TextAligned(dx+cols[4].W+cols[5].W, y+2.8, sw*float64(seats), layout.Center, "points after the turn")
	y += 4
	cells := padCells{y: y}
	cx := x
	for _, col := range cols {
		cells.x, cells.w = append(cells.x, cx), append(cells.w, col.W)
		cx += col.W
	}
	data := make([][]string, rows)
	for i := range data {
		data[i] = make([]string, len(cols))
		data[i][0] = fmt.Sprint(first + i)
	}
	d.SetFont(layout.Sans, layout.Regular, 7.5)
	d.SetLineWidth(0.2)
	d.Table(x, y, cols, data, padRowH)
	// a heavier rule before the points, and the actions to circle, faint,
	// in every row
	d.SetLineWidth(0.5)
	px := dx + cols[4].W + cols[5].W
	d.Line(px, y, px, y+float64(rows+1)*padRowH)
	d.SetLineWidth(0.2)
	d.SetTextColor(faint)
	d.SetFont(layout.Sans, layout.Regular, 6)
	ax := x + cols[0].W + cols[1].W
	for i := range rows {
		d.Label(layout.Rect{X: ax, Y: y + float64(i+1)*padRowH, W: cols[2].W, H: padRowH}, layout.Center, 0, actLabel)
	}
	d.SetTextColor(ink)
	return cells
}

// actLabel is the actions to circle in a row of the log pad: bet, pass,
// cheer.
const actLabel = "b  p  c"
