package house

import (
	"fmt"
	"math"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
)

// FieldCard appends The Book's field card, a page, to d: the six horses
// nobody owns, seven boxes each under the stations and payouts, with the
// Carrot and Camera, the horses home and a first-home tick. o.Name is not
// used.
func FieldCard(d *layout.Doc, o SheetOptions) error {
	c, y, err := sheetPage(d, &o, house.Book.Title()+" · field card", "one card for the table")
	if err != nil {
		return err
	}
	x, w := c.X, c.W

	// Layout roll, horses home, and the layout.
	_, o.geo.horsesHome = fieldAndBoxes(d, x, y, 24, "Layout roll", rollText(o.Layout),
		"HORSES HOME", fmt.Sprintf("the %s calls the race", ordinal(o.Call)), o.Call, true)
	tx := x + layoutX
	layoutBlock(d, o.Numbers, o.Layout, tx, y, x+w-tx)
	y += headRowH + 5

	lines := fieldNotes(o)
	const fieldNoteSize = 8.5
	notesH := notesHeight(d, w, fieldNoteSize, lines)
	avail := c.Bottom() - y - gridHeadHeight(o.Layout, true) - notesH - minGap
	rowH := math.Min(30, avail/float64(house.Lanes))
	y = drawGrid(d, x, y, w, grid{
		caption: "Horse", home: "1st home", homeFor: "tick one",
		layout: o.Layout, rowH: rowH, big: true, geo: o.geo, num: o.Numbers,
	})
	notes(d, x, c.Bottom()-notesH, w, fieldNoteSize, lines)
	return d.Err()
}

// headRowH is the height of the first row of The Book's sheets.
const headRowH = 13.0

// fieldAndBoxes draws the first row of a sheet of The Book from (x, y):
// a write-in field w wide, labelled label and holding value, and 6 mm to
// its right a row of n write-in boxes under caption head and its note,
// the last heavier when heavyLast. It returns the field and the boxes.
func fieldAndBoxes(d *layout.Doc, x, y, w float64, label, value, head, note string, n int, heavyLast bool) (layout.Rect, []layout.Rect) {
	field := templates.Field(d, layout.Rect{X: x, Y: y, W: w, H: headRowH}, label, value)
	bx := x + (w + 6)
	templates.Caption(d, bx, y+2.6, head, note)
	return field, boxRow(d, bx, y+3.6, n, 1.5, heavyLast)
}

// fieldNotes are the reminders at the foot of the field card.
func fieldNotes(o SheetOptions) [][2]string {
	return [][2]string{
		{"Who moves the field.", "Only the roller and the chooser write here, in this order: the roller's kept pair, " +
			"the chooser's pair, then the roller's leftover pair. Nobody drafts. Each move must be legal on the card as it stands."},
		{"The one rule.", "A new number may be higher than the last live number in its lane, equal to it, or one lower (a slip, " +
			"shaded on the mover's own slip). Either die of a pair can be the Lane."},
		{"Carrot and Camera.", "A number from the dice that lands on the Carrot is written again in the next box. " +
			"Whoever moves a horse onto the Camera copies that number into their own next Photo box, once per horse."},
		{"Arrow slips.", "The bettor who shades an arrow crosses out the last live number of any running horse here " +
			"(two numbers or more, not home). Its next number goes beside the crossed-out one."},
		{"The Wire.", fmt.Sprintf("Box %d is home and the lane shuts at once. Tick the first horse home. "+
			"At %s horses home the race is called: finish the round.", house.Boxes, count(o.Call))},
	}
}

// BettorsSlip appends one bettor's slip for The Book, a page, to d: the
// stakes with the multiplier key, six horse rows with room to note each
// stake's multiplier, Photo boxes with the tripled prices, False Starts,
// Slips and the tally down to the purse.
func BettorsSlip(d *layout.Doc, o SheetOptions) error {
	c, y, err := sheetPage(d, &o, house.Book.Title()+" · bettor's slip", "one slip per player")
	if err != nil {
		return err
	}
	x, w := c.X, c.W

	g := o.geo
	g.name, g.stakes = fieldAndBoxes(d, x, y, 78, "Bettor", o.Name,
		"STAKES", fmt.Sprintf("%s in all; shade one as you place it", count(house.StakesPerSlip)), house.StakesPerSlip, false)
	y += headRowH + 3

	// The multiplier key.
	templates.Caption(d, x, y+3, "ODDS", "read from the horse's station when you stake; they never change after")
	y += 4.5
	groups := o.Numbers.StakeGroups()
	key := layout.Rect{X: x, Y: y, W: w, H: 9}.Row(len(groups), 1.5)
	for i, m := range groups {
		r := key[i]
		d.SetFillColor(headFill)
		d.SetDrawColor(ink)
		d.SetLineWidth(thin)
		d.Box(r, layout.FillStroke)
		d.SetFont(layout.Sans, layout.Bold, 13)
		d.SetTextColor(ink)
		label := fmt.Sprintf("×%d", m.Times)
		d.Label(layout.Rect{X: r.X, Y: r.Y, W: 12, H: r.H}, layout.Center, 0, label)
		d.SetFont(layout.Sans, layout.Regular, 7.5)
		text := stationList(m.Stations, "or")
		d.FitFont(text, r.W-14, 5.5)
		d.Label(layout.Rect{X: r.X + 12, Y: r.Y, W: r.W - 12, H: r.H}, layout.Left, 0.5, text)
	}
	y += 9 + 3

	lines := slipNotes()
	notesH := notesHeight(d, w, noteSize, lines)
	below := slipTrackHeight(2) + boxesHeight + tallyHeight + notesH
	const headH = 10.0
	avail := c.Bottom() - y - headH - below - 4*minGap + rowTrail
	rowH := math.Min(18, avail/float64(house.Lanes))
	gap := minGap + (avail-rowH*float64(house.Lanes))/4
	y = horseRows(d, g, x, y, w, headH, rowH, groups)
	y += gap
	y = slipTrack(d, g, x, y, w, 2, "cross out a running horse's last live number on the field card")
	y += gap
	fx, by := falseStarts(d, g, x, y)
	photos(d, g, fx+10, y, o.Numbers, o.Numbers.BookPhotos())
	y = by + 3.5 + gap
	y = tally(d, g, x, y, w, []tallyItem{
		{"", "Horses", "sum of Horse $"},
		{"+", "First home", fmt.Sprintf("%s × your odds on it", price(house.FirstHomeBonus))},
		{"+", "Photos", fmt.Sprintf("sets pay ×%d", o.Numbers.BookPhotos())},
		{"−", "False starts", fmt.Sprintf("%s each", price(house.FalseStartCost))},
		{"=", "PURSE", "biggest wins"},
	})
	notes(d, x, y+gap, w, noteSize, lines)
	return d.Err()
}

// horseRows draws the slip's six horse rows: stake boxes, the sum of
// multipliers, the finish payout and the horse's total. It records them
// in g and returns the y below.
func horseRows(d *layout.Doc, g *geometry, x, y, w, headH, rowH float64, groups []house.StakeGroup) float64 {
	const (
		labelW = 14.0
		stakeW = 11.0
		gap    = 1.2
		sumW   = 18.0
		payW   = 30.0
		opW    = 8.0
	)
	n := house.StakesPerSlip
	stakesX := x + labelW
	stakesW := float64(n)*stakeW + float64(n-1)*gap
	sumX := stakesX + stakesW + opW
	payX := sumX + sumW + opW
	totX := payX + payW + opW
	totW := x + w - totX
	// Header.
	head := func(cx, cw float64, a, b string) {
		d.SetFont(layout.Sans, layout.Bold, 7.5)
		d.SetTextColor(ink)
		d.TextAligned(cx, y+4, cw, layout.Center, a)
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		d.SetTextColor(faint)
		d.TextAligned(cx, y+7.2, cw, layout.Center, b)
	}
	head(x, labelW, "HORSE", "")
	head(stakesX, stakesW, "STAKES ON IT", "write each stake's "+stakeTimes(groups))
	head(sumX, sumW, "ODDS", "add them")
	head(payX, payW, "FINISH", "its station pays")
	head(totX, totW, "HORSE $", "odds × finish")
	y += headH
	for h := 1; h <= house.Lanes; h++ {
		ry := y + float64(h-1)*rowH
		bh := rowH - rowTrail
		d.SetFont(layout.Sans, layout.Bold, 16)
		d.SetTextColor(ink)
		d.Label(layout.Rect{X: x, Y: ry, W: labelW, H: bh}, layout.Center, 0, fmt.Sprint(h))
		d.SetDrawColor(ink)
		d.SetLineWidth(rule)
		for i := 0; i < n; i++ {
			r := layout.Rect{X: stakesX + float64(i)*(stakeW+gap), Y: ry, W: stakeW, H: bh}
			g.horseStakes[h-1] = append(g.horseStakes[h-1], r)
			d.Box(r, layout.Stroke)
			d.SetFont(layout.Sans, layout.Regular, 8)
			d.SetTextColor(guide)
			d.Text(r.X+1, r.Y+3.6, "×")
		}
		op := func(ox float64, s string) {
			d.SetFont(layout.Sans, layout.Bold, 10)
			d.SetTextColor(faint)
			d.Label(layout.Rect{X: ox, Y: ry, W: opW, H: bh}, layout.Center, 0, s)
		}
		op(stakesX+stakesW, "=")
		d.Rect(sumX, ry, sumW, bh, layout.Stroke)
		g.horseSum[h-1] = layout.Rect{X: sumX, Y: ry, W: sumW, H: bh}
		g.horsePay[h-1] = layout.Rect{X: payX, Y: ry, W: payW, H: bh}
		g.horseTotal[h-1] = layout.Rect{X: totX, Y: ry, W: totW, H: bh}
		d.SetFont(layout.Sans, layout.Regular, 8)
		d.SetTextColor(guide)
		d.Text(sumX+1, ry+3.6, "×")
		op(sumX+sumW, "×")
		op(payX+payW, "=")
		d.SetDrawColor(ink)
		d.SetLineWidth(rule)
		d.Rect(payX, ry, payW, bh, layout.Stroke)
		d.Text(payX+1, ry+3.6, "$")
		d.SetLineWidth(heavy)
		d.Rect(totX, ry, totW, bh, layout.Stroke)
		d.Text(totX+1, ry+3.6, "$")
	}
	d.SetTextColor(ink)
	return y + float64(house.Lanes)*rowH - rowTrail
}

// stakeTimes lists the multipliers a stake may have: "×3, ×2 or ×1".
func stakeTimes(groups []house.StakeGroup) string {
	var ts []string
	for _, g := range groups {
		ts = append(ts, fmt.Sprintf("×%d", g.Times))
	}
	return templates.OrList(ts)
}

// slipNotes are the reminders at the foot of a bettor's slip.
func slipNotes() [][2]string {
	return [][2]string{
		{"Staking.", "Once a turn, before the roll and in turn order from the roller, you may back one horse that is not home: " +
			"shade a stake and write its odds in that horse's row. Stakes on one horse add up. A stake never spent pays nothing."},
		{"Paying out.", fmt.Sprintf("Each horse pays its finishing station times your odds on it, losses too. The first horse home adds %s for each of your odds on it. "+
			"No BET, no side wager, no jockeys in The Book.", price(house.FirstHomeBonus))},
		{"False starts.", fmt.Sprintf("Shade one when you do not move although one of your options was legal. Being stuck costs nothing here. "+
			"The %s one scratches you; your stakes still pay.", ordinal(house.FalseStartBox+1))},
	}
}
