package horserace

import (
	"fmt"
	"math"
	"strings"

	"furlong/engine/horserace"
	"furlong/layout"
)

// LedgerSheets appends the scorekeeper's two pages to d: a race record,
// which holds everything a log needs for one race (the dealer, every
// hand, the scratch rolls, the race rolls, the pot and the shares), and
// the pot ledger, which follows the pot and every player's chips from
// race to race.
func LedgerSheets(d *layout.Doc, o Options) error {
	if err := RaceRecord(d, o); err != nil {
		return err
	}
	return PotLedger(d, o)
}

// tablePage starts a page of the scorekeeper's, titled "Horse Race ·
// title" over what tableNote says of the table: it returns the page's
// content area, the y below the title bar and the rows it has for
// players.
func tablePage(d *layout.Doc, o Options, title string) (layout.Rect, float64, int, error) {
	c, y, err := page(d, o, "Horse Race · "+title, tableNote(o))
	return c, y, o.rows(), err
}

// tableNote is what the ledger's title bar says of the table.
func tableNote(o Options) string {
	s := "furlong · " + o.boardName()
	if v := o.Rules.String(); v != "" {
		s += " · " + v
	}
	if o.Bank > 0 {
		s += fmt.Sprintf(" · bank %d", o.Bank)
	}
	if o.Players != 0 {
		s += fmt.Sprintf(" · %d players, %s", o.Players, deckWords(horserace.Decks(o.Players)))
	}
	return s
}

func deckWords(d int) string {
	if d == 1 {
		return "one deck"
	}
	return fmt.Sprintf("%d decks", d)
}

// RaceRecord appends one race record, a page, to d.
func RaceRecord(d *layout.Doc, o Options) error {
	c, y, n, err := tablePage(d, o, "race record")
	if err != nil {
		return err
	}
	x, w := c.X, c.W

	// Race, dealer, decks, pot carried in.
	fw := []float64{20, 56, 30}
	geo := o.geo
	if geo == nil {
		geo = new(geometry)
	}
	geo.race = field(d, layout.Rect{X: x, Y: y, W: fw[0], H: fieldH}, "Race", "")
	geo.dealer = field(d, layout.Rect{X: x + fw[0] + 3, Y: y, W: fw[1], H: fieldH}, "Dealer", "")
	decks := ""
	if o.Players != 0 && o.geo == nil {
		decks = fmt.Sprint(horserace.Decks(o.Players))
	}
	geo.decks = field(d, layout.Rect{X: x + fw[0] + fw[1] + 6, Y: y, W: fw[2], H: fieldH}, "Decks (1 or 2)", decks)
	px := x + fw[0] + fw[1] + fw[2] + 9
	geo.carried = field(d, layout.Rect{X: px, Y: y, W: x + w - px, H: fieldH}, "Pot carried in from the last race", "")
	y += fieldH + 4

	// Hands and chips, a row a player.
	caption(d, x, y, "HANDS AND CHIPS", "write each player's cards by rank as dealt, and after the race what each paid and won")
	y += 2
	y = handTable(d, x, y, w, n, o, geo)

	// The scratch lot and the scratch rolls.
	y += 4
	caption(d, x, y, "SCRATCHES", "the horse each slot took; every scratch roll in order from the dealer's left, repeats included")
	y += 2
	slots := layout.Rect{X: x, Y: y, W: w * 0.58, H: 12}.Row(horserace.Slots, 2)
	chips := o.numbers().Chips
	for k, s := range slots {
		panel(d, s, slotTint, rule)
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.SetTextColor(ink)
		d.Text(s.X+1.5, s.Y+3.3, fmt.Sprintf("Slot %d", k+1))
		d.SetFont(layout.Sans, layout.Regular, 6)
		d.SetTextColor(faint)
		d.Text(s.X+1.5, s.Bottom()-4.2, fmt.Sprintf("%s a card", chipWord(chips[k])))
		d.Text(s.X+1.5, s.Bottom()-1.5, "and a roll")
		box := layout.Rect{X: s.Right() - 9.5, Y: s.Y + 1.5, W: 8, H: s.H - 3}
		d.SetFillColor(layout.White)
		d.Box(box, layout.FillStroke)
		geo.slots[k] = box
	}
	rx := x + w*0.58 + 4
	geo.scratches = rollBoxes(d, layout.Rect{X: rx, Y: y, W: x + w - rx, H: 12}, 2, 10.5)
	y += 16

	// The pot and its split, at the foot of the page; the race rolls
	// take the room between.
	potH := 26.0
	foot := c.Bottom() - potH
	caption(d, x, y+1, "RACE ROLLS", "both dice of every roll in order, round the table from the left of whoever filled slot 4; the log may leave the roller out")
	y += 3
	geo.rolls = rollBoxes(d, layout.Rect{X: x, Y: y, W: w, H: foot - y - 3}, 0, 9)
	geo.pot = potBox(d, layout.Rect{X: x, Y: foot, W: w, H: potH}, o)
	return d.Err()
}

// handTable draws the hands-and-chips table for n players: a name, the
// count of each rank dealt, the cards, and the race's chips. It returns
// the y below it, and notes each row's cells in geo.
func handTable(d *layout.Doc, x, y, w float64, n int, o Options, geo *geometry) float64 {
	const headH = 9.0
	rowH := 7.5
	if n > 8 {
		rowH = 6.8
	}
	nameW := 27.0
	rankW := 6.6
	cardsW := 9.0
	money := []string{"Scratch", "Rolls", "End pay", "Shares", "Race", "Total"}
	moneyW := (w - nameW - rankW*horserace.Horses - cardsW) / float64(len(money))
	// The header: a band over the ranks, another over the chips.
	panel(d, layout.Rect{X: x, Y: y, W: w, H: headH}, headFill, rule)
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 7)
	d.Label(layout.Rect{X: x, Y: y, W: nameW, H: headH}, layout.Left, 1.5, "Player")
	rx := x + nameW
	d.SetFont(layout.Sans, layout.Regular, 6)
	d.SetTextColor(faint)
	d.TextAligned(rx, y+3, rankW*horserace.Horses, layout.Center, "cards dealt of each rank")
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 7.5)
	for i, h := 0, horserace.Lowest; h <= horserace.Highest; i, h = i+1, h+1 {
		d.TextAligned(rx+float64(i)*rankW, y+headH-1.8, rankW, layout.Center, horserace.Rank(h))
	}
	mx := rx + rankW*horserace.Horses
	d.SetFont(layout.Sans, layout.Bold, 6.5)
	d.TextAligned(mx, y+headH-1.8, cardsW, layout.Center, "Cards")
	mx += cardsW
	d.SetFont(layout.Sans, layout.Regular, 6)
	d.SetTextColor(faint)
	// Each group's caption keeps within its group's rules.
	d.TextAligned(mx, y+3, moneyW*4, layout.Center, "chips this race: paid (−) and won (+)")
	d.TextAligned(mx+4*moneyW, y+3, moneyW*2, layout.Center, "net: race and log")
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 6.5)
	for i, m := range money {
		d.TextAligned(mx+float64(i)*moneyW, y+headH-1.8, moneyW, layout.Center, m)
	}
	y += headH
	bottom := playerRows(d, layout.Rect{X: x, Y: y, W: w, H: rowH}, n, nameW, o.Names)
	geo.ranks, geo.cards, geo.money = make([][horserace.Horses]layout.Rect, n), make([]layout.Rect, n), make([][6]layout.Rect, n)
	for p := range n {
		ry := y + float64(p)*rowH
		for i := range horserace.Horses {
			geo.ranks[p][i] = layout.Rect{X: rx + float64(i)*rankW, Y: ry, W: rankW, H: rowH}
		}
		geo.cards[p] = layout.Rect{X: rx + rankW*horserace.Horses, Y: ry, W: cardsW, H: rowH}
		for i := range money {
			geo.money[p][i] = layout.Rect{X: mx + float64(i)*moneyW, Y: ry, W: moneyW, H: rowH}
		}
	}
	// Columns: thin within the ranks and the chips, heavier between the
	// groups.
	d.SetDrawColor(guide)
	d.SetLineWidth(thin)
	for i := 1; i < horserace.Horses; i++ {
		cx := rx + float64(i)*rankW
		d.Line(cx, y-headH+4.5, cx, bottom)
	}
	for i := 1; i < len(money); i++ {
		cx := mx + float64(i)*moneyW
		d.Line(cx, y-headH+4.5, cx, bottom)
	}
	d.SetDrawColor(ink)
	d.SetLineWidth(rule)
	for _, cx := range []float64{rx, rx + rankW*horserace.Horses, mx, mx + 4*moneyW} {
		d.Line(cx, y-headH, cx, bottom)
	}
	d.Rect(x, y-headH, w, bottom-y+headH, layout.Stroke)
	return bottom
}

// rollBoxes fills r with boxes for rolls, each wide enough for two dice
// written side by side, numbered small; rows of at least boxW mm. With
// rows > 0 the boxes fill exactly that many rows. It returns the boxes,
// in order.
func rollBoxes(d *layout.Doc, r layout.Rect, rows int, boxW float64) []layout.Rect {
	const gap = 1.0
	cols := int(math.Floor((r.W + gap) / (boxW + gap)))
	bw := (r.W-gap*float64(cols-1))/float64(cols) - 0.001
	bh := 8.0
	if rows == 0 {
		rows = int(math.Floor((r.H + gap) / (bh + gap)))
		bh = math.Min(9.5, (r.H-gap*float64(rows-1))/float64(rows))
	} else {
		bh = (r.H - gap*float64(rows-1)) / float64(rows)
	}
	d.SetDrawColor(ink)
	d.SetLineWidth(thin)
	boxes := make([]layout.Rect, 0, rows*cols)
	for i := range rows * cols {
		row, col := i/cols, i%cols
		bx := r.X + float64(col)*(bw+gap)
		by := r.Y + float64(row)*(bh+gap)
		d.Rect(bx, by, bw, bh, layout.Stroke)
		d.SetFont(layout.Sans, layout.Regular, 4.8)
		d.SetTextColor(guide)
		d.Text(bx+0.6, by+2.1, fmt.Sprint(i+1))
		boxes = append(boxes, layout.Rect{X: bx, Y: by, W: bw, H: bh})
	}
	d.SetTextColor(ink)
	return boxes
}

// potBox draws the pot's sum and split: what it held, what went in, the
// share, what was paid and what stays. It returns the parts' boxes.
func potBox(d *layout.Doc, r layout.Rect, o Options) (boxes [10]layout.Rect) {
	shares := "4 or 8"
	switch {
	case o.decks != 0:
		shares = fmt.Sprint(horserace.RankCount(o.decks))
	case o.Players != 0:
		shares = fmt.Sprint(horserace.RankCount(horserace.Decks(o.Players)))
	}
	caption(d, r.X, r.Y+3, "THE POT", "cards: paid for scratched horses; repeats, rolls: paid for rolls on them; a share is the pot over "+shares+", in whole chips")
	parts := []struct{ label, sign string }{
		{"Carried in", ""}, {"Cards", "+"}, {"Repeats", "+"}, {"Rolls", "+"},
		{"End pay", "+"}, {"Pot", "="}, {"Share", "÷" + shares}, {"Winner", ""}, {"Paid", ""}, {"Stays", ""},
	}
	fy := r.Y + 5
	fw := (r.W - 2*float64(len(parts)-1)) / float64(len(parts))
	for i, p := range parts {
		fx := r.X + float64(i)*(fw+2)
		box := field(d, layout.Rect{X: fx, Y: fy, W: fw, H: r.H - 6}, p.label, "")
		boxes[i] = box
		if p.sign != "" {
			d.SetFont(layout.Sans, layout.Bold, 8)
			d.SetTextColor(faint)
			d.Text(box.X+1, box.Y+3.6, p.sign)
		}
		if p.label == "Share" || p.label == "Pot" {
			d.SetLineWidth(heavy)
			d.SetDrawColor(ink)
			d.Box(box, layout.Stroke)
		}
	}
	d.SetTextColor(ink)
	return boxes
}

// PotLedger appends the pot ledger, a page, to d: a column a race, with
// its dealer, scratches, winner, pot and split, and each player's chips
// that race and in all.
func PotLedger(d *layout.Doc, o Options) error {
	c, y, n, err := tablePage(d, o, "pot ledger")
	if err != nil {
		return err
	}
	x, w := c.X, c.W

	// The header a log begins with.
	seats := ""
	if len(o.Names) > 0 {
		seats = strings.Join(o.Names, "  ")
	}
	field(d, layout.Rect{X: x, Y: y, W: w - 64, H: fieldH}, "Players in seat order, clockwise", seats)
	bank := ""
	if o.Bank > 0 {
		bank = fmt.Sprint(o.Bank)
	}
	field(d, layout.Rect{X: x + w - 61, Y: y, W: 28, H: fieldH}, "Variants", o.Rules.String())
	field(d, layout.Rect{X: x + w - 30, Y: y, W: 30, H: fieldH}, "Bank", bank)
	y += fieldH + 4

	labelW := 30.0
	races := 8
	colW := (w - labelW) / float64(races)
	// Rows as tall as the page allows for the table, up to a roomy 10 mm:
	// nine race rows, the chips header, and a row a player 1.5 mm taller.
	notesH := 22.0
	rowH := math.Min(10, (c.Bottom()-y-2-notesH-1.5*float64(n))/float64(10+n))
	caption(d, x, y, "RACE BY RACE", "a column a race; under each player, the race's chips (left) and the total so far (right)")
	y += 2
	top := y
	// The race rows.
	raceRows := []string{"Race", "Dealer", "Scratched", "Winner", "Pot in", "Pot at split", "Share", "Paid", "Stays"}
	d.SetFont(layout.Sans, layout.Bold, 7.5)
	for i, label := range raceRows {
		ry := y + float64(i)*rowH
		fill := i == 0
		if fill {
			d.SetFillColor(headFill)
			d.Rect(x, ry, w, rowH, layout.FillStroke)
		} else {
			d.SetDrawColor(ink)
			d.SetLineWidth(thin)
			d.Rect(x, ry, w, rowH, layout.Stroke)
		}
		d.SetTextColor(ink)
		d.Label(layout.Rect{X: x, Y: ry, W: labelW, H: rowH}, layout.Left, 1.5, label)
		if i == 2 {
			// four small boxes a race for the scratched horses
			for r := range races {
				cx := x + labelW + float64(r)*colW
				for k := range horserace.Slots {
					sx := cx + 1 + float64(k)*(colW-2)/4
					d.SetDrawColor(guide)
					d.Rect(sx+0.3, ry+1, (colW-2)/4-0.6, rowH-2, layout.Stroke)
				}
			}
		}
	}
	d.SetFont(layout.Sans, layout.Bold, 7)
	for r := range races {
		d.SetTextColor(faint)
		d.Label(layout.Rect{X: x + labelW + float64(r)*colW, Y: y, W: colW, H: rowH}, layout.Center, 0, "")
	}
	if g := o.geo; g != nil {
		g.ledger, g.scratched = make([][9]layout.Rect, races), make([][horserace.Slots]layout.Rect, races)
		for r := range races {
			cx := x + labelW + float64(r)*colW
			for i := range raceRows {
				g.ledger[r][i] = layout.Rect{X: cx, Y: y + float64(i)*rowH, W: colW, H: rowH}
			}
			for k := range horserace.Slots {
				sx := cx + 1 + float64(k)*(colW-2)/4
				g.scratched[r][k] = layout.Rect{X: sx + 0.3, Y: y + 2*rowH + 1, W: (colW-2)/4 - 0.6, H: rowH - 2}
			}
		}
	}
	y += float64(len(raceRows)) * rowH
	// The player rows: two cells a race.
	panel(d, layout.Rect{X: x, Y: y, W: w, H: rowH}, headFill, rule)
	d.SetFont(layout.Sans, layout.Bold, 7.5)
	d.SetTextColor(ink)
	d.Label(layout.Rect{X: x, Y: y, W: labelW, H: rowH}, layout.Left, 1.5, "Chips")
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	for r := range races {
		cx := x + labelW + float64(r)*colW
		d.TextAligned(cx, y+rowH-2.2, colW/2, layout.Center, "race")
		d.TextAligned(cx+colW/2, y+rowH-2.2, colW/2, layout.Center, "total")
	}
	y += rowH
	pRowH := rowH + 1.5
	bottom := playerRows(d, layout.Rect{X: x, Y: y, W: w, H: pRowH}, n, labelW, o.Names)
	if g := o.geo; g != nil {
		g.chips = make([][][2]layout.Rect, n)
		for p := range n {
			g.chips[p] = make([][2]layout.Rect, races)
			for r := range races {
				cx := x + labelW + float64(r)*colW
				py := y + float64(p)*pRowH
				g.chips[p][r] = [2]layout.Rect{{X: cx, Y: py, W: colW / 2, H: pRowH}, {X: cx + colW/2, Y: py, W: colW / 2, H: pRowH}}
			}
		}
	}
	// Column rules: a heavy one between races, a guide between a race's
	// two cells.
	for r := range races {
		cx := x + labelW + float64(r)*colW
		d.SetDrawColor(ink)
		d.SetLineWidth(rule)
		d.Line(cx, top, cx, bottom)
		d.SetDrawColor(guide)
		d.SetLineWidth(thin)
		d.Line(cx+colW/2, y-rowH, cx+colW/2, bottom)
	}
	d.SetDrawColor(ink)
	d.SetLineWidth(rule)
	d.Rect(x, top, w, bottom-top, layout.Stroke)
	y = bottom + 4

	lines := []string{
		"Check: after every race the players' totals and the pot add up to nothing (with a bank, the stacks add up to the bank times the players, less the pot).",
		"The log: the header is the players in seat order, the first dealer, the board, the variants and the bank; each race is a deal line a player (the cards of the race record), then the scratch rolls and race rolls in order, each with the roller's name. The rulebook's chapter Keeping the log has an example.",
	}
	if o.Bank > 0 {
		lines = append(lines, fmt.Sprintf("Bank: everybody starts with %d chips and pays at most what they hold; a player on no chips after a race is out, and the deal passes over them.", o.Bank))
	}
	notes(d, x, y, w, lines)
	return d.Err()
}

// playerRows draws n ruled rows of row's size from its top, every other
// one shaded, with the players' names in the first nameW millimetres; it
// returns the y below them.
func playerRows(d *layout.Doc, row layout.Rect, n int, nameW float64, names []string) float64 {
	for p := range n {
		r := layout.Rect{X: row.X, Y: row.Y + float64(p)*row.H, W: row.W, H: row.H}
		if p%2 == 1 {
			d.SetFillColor(layout.Gray(246))
			d.Box(r, layout.Fill)
		}
		d.SetDrawColor(ink)
		d.SetLineWidth(thin)
		d.Box(r, layout.Stroke)
		if p < len(names) {
			d.SetFont(layout.Sans, layout.Regular, 9)
			d.SetTextColor(ink)
			d.Label(layout.Rect{X: r.X, Y: r.Y, W: nameW, H: r.H}, layout.Left, 1.5, clip(d, names[p], nameW-3))
		}
	}
	return row.Y + float64(n)*row.H
}
