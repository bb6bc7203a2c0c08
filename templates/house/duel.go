package house

import (
	"fmt"
	"math"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
)

// DuelSheet appends one Duel score sheet, a page, to d: the rider's six
// lanes under the stations and payouts, BET circles, first-home ticks,
// the Slip track, False Starts, Photos, the side wager, the jockey, the
// layout roll and a tally down to the purse.
func DuelSheet(d *layout.Doc, o SheetOptions) error {
	return riderSheet(d, o, false)
}

// SoloSheet appends one solo sheet, a page, to d: the Duel sheet for a
// rider alone, with the purse ladder to beat and no jockey.
func SoloSheet(d *layout.Doc, o SheetOptions) error {
	return riderSheet(d, o, true)
}

func riderSheet(d *layout.Doc, o SheetOptions, solo bool) error {
	title, game := house.Duel.Title()+" · score sheet", house.Duel
	if solo {
		title, game = house.Solo.Title()+" · solo sheet", house.Solo
	}
	c, y, err := sheetPage(d, &o, title, game.Title())
	if err != nil {
		return err
	}
	x, w := c.X, c.W

	// Rider, jockey (or the ladder) and layout roll.
	const rowA = 13.0
	layoutW := 24.0
	nameW := 78.0
	g := o.geo
	g.name = templates.Field(d, layout.Rect{X: x, Y: y, W: nameW, H: rowA}, "Rider", o.Name)
	templates.Field(d, layout.Rect{X: x + w - layoutW, Y: y, W: layoutW, H: rowA}, "Layout roll", rollText(o.Layout))
	midX := x + nameW + 4
	midW := w - nameW - layoutW - 8
	if solo {
		ladder(d, layout.Rect{X: midX, Y: y, W: midW, H: rowA}, o.Call)
	} else {
		g.jockey = templates.Field(d, layout.Rect{X: midX, Y: y, W: midW, H: rowA}, "Jockey (or ride it straight)", "")
	}
	y += rowA + 3

	// Side wager, and the layout (table or known).
	when := "circle a lane before the rail draw"
	if solo {
		when = "circle a lane before your first roll" // riding alone has no rail draw
	}
	templates.Caption(d, x, y+3, "SIDE WAGER", when)
	cx := circles(d, g, x, y+4.8, house.Lanes, 3.6)
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.SetTextColor(ink)
	d.Text(cx+1.5, y+7.6, fmt.Sprintf("right %s", Money(house.WagerRight)))
	d.Text(cx+1.5, y+10.6, fmt.Sprintf("wrong %s", Money(house.WagerWrong)))
	d.SetTextColor(faint)
	d.Text(cx+1.5, y+13.6, "none home: void")
	tx := x + layoutX
	layoutBlock(d, o.Layout, tx, y, x+w-tx)
	y += 16.5

	// The lanes take what the blocks below leave, up to a comfortable
	// height; any space left over opens the gaps between the blocks.
	lines := riderNotes(o, solo)
	notesH := notesHeight(d, w, noteSize, lines)
	gridHead := gridHeadHeight(o.Layout, false)
	below := slipTrackHeight(2) + boxesHeight + tallyHeight + notesH
	avail := c.Bottom() - y - gridHead - below - 4*minGap + rowTrail
	rowH := math.Min(17, avail/float64(house.Lanes))
	gap := minGap + (avail-rowH*float64(house.Lanes))/4

	home, homeFor := "1st home", Money(house.FirstHomeBonus)
	if solo {
		home = "Home"
	}
	scoreFor := "×2 with BET"
	if !solo {
		scoreFor = "BET, jockey: ×2"
	}
	y = drawGrid(d, x, y, w, grid{
		caption: "Lane", bet: true, home: home, homeFor: homeFor,
		score: "Lane $", scoreFor: scoreFor, layout: o.Layout, rowH: rowH, geo: g,
	})
	y += gap
	y = slipTrack(d, g, x, y, w, 2, "cross out the last live number of a running lane")
	y += gap
	fx, by := falseStarts(d, g, x, y)
	photos(d, g, fx+10, y, 1)
	y = by + 3.5 + gap

	items := []tallyItem{
		{"", "Lanes", "sum of Lane $"},
		{"+", "Photos", "matching sets"},
		{"+", "First home", fmt.Sprintf("%s a lane", Money(house.FirstHomeBonus))},
		{"±", "Side wager", fmt.Sprintf("%s / %s", Money(house.WagerRight), Money(house.WagerWrong))},
	}
	if !solo {
		items = append(items, tallyItem{"+", jockeyName(house.Spread), fmt.Sprintf("all six open %s", Money(house.SpreadBonus))})
	}
	items = append(items,
		tallyItem{"−", "False starts", fmt.Sprintf("%s each", price(house.FalseStartCost))},
		tallyItem{"=", "PURSE", "biggest wins"},
	)
	if solo {
		items[len(items)-1].note = "beat the ladder"
		if o.Call != house.DefaultCall {
			items[len(items)-1].note = "beat your best"
		}
	}
	y = tally(d, g, x, y, w, items)
	notes(d, x, y+gap, w, noteSize, lines)
	return d.Err()
}

// ladder draws the solo purse ladder as a row of rungs in r. The ladder
// was measured on races called at house.DefaultCall horses home; for
// another call r is a box to write one's own best purse in.
func ladder(d *layout.Doc, r layout.Rect, call int) {
	if call != house.DefaultCall {
		templates.Field(d, r, fmt.Sprintf("Your best purse called at %d (the ladder is for %d)", call, house.DefaultCall), "")
		return
	}
	d.SetFont(layout.Sans, layout.Bold, 7)
	d.SetTextColor(faint)
	d.Text(r.X+0.3, r.Y+2.6, "PURSE TO BEAT")
	d.SetFont(layout.Sans, layout.Regular, 6)
	d.TextAligned(r.X, r.Y+2.6, r.W, layout.Right, fmt.Sprintf("past %s: write it down", price(house.SoloRare)))
	box := layout.Rect{X: r.X, Y: r.Y + 3.6, W: r.W, H: r.H - 3.6}
	cells := box.Row(len(house.SoloLadder), 1)
	for _, rung := range house.SoloLadder {
		cell := cells[0]
		cells = cells[1:]
		d.SetDrawColor(ink)
		d.SetLineWidth(rule)
		d.SetFillColor(headFill)
		d.Box(cell, layout.FillStroke)
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 9)
		d.TextAligned(cell.X, cell.Y+4.2, cell.W, layout.Center, price(rung.Purse))
		d.SetFont(layout.Sans, layout.Regular, 6)
		d.FitFont(rung.Name, cell.W-1, 4.5)
		d.TextAligned(cell.X, cell.Y+7.8, cell.W, layout.Center, rung.Name)
	}
}

// riderNotes are the reminders at the foot of a Duel or solo sheet.
func riderNotes(o SheetOptions, solo bool) [][2]string {
	wire := fmt.Sprintf("A horse in box %d is home; from the end of that turn its lane is closed to every rider. "+
		"When %s horses are home the race is called: finish the round, so that everyone has rolled as often as the first roller.",
		house.Boxes, count(o.Call))
	fs := "Shade one for a pair you picked that you do not play, whether you refuse it or it goes neither way, " +
		"and for a leftover pair you refuse although it goes. A leftover that goes neither way is free."
	if solo {
		wire = fmt.Sprintf("Box %d is home and that lane shuts. Every horse home counts as first home in its lane. "+
			"The race ends with the turn that brings the %s horse home.", house.Boxes, ordinal(o.Call))
		fs = "Shade one when the two dice you keep are not played, or when you refuse the pair you must play although it goes. " +
			"If that pair goes neither way, it is free."
	}
	out := [][2]string{
		{"The one rule.", "A new number may be higher than the last live number in its lane, equal to it, or one lower. " +
			"One lower is a slip. Either die of a pair can be the Lane: try it both ways round."},
		{"BET.", "When the first number in a lane is written from a Lane die and a Stride die that match, circle BET: " +
			"that lane's station counts double, losses too. It cannot be added later."},
		{"Arrow slips.", "Cross out the last live number of one of your lanes still running (two numbers or more, not home, not shut). " +
			"The horse drops back a station; write its next number beside the crossed-out one."},
		{"Carrot and Camera.", "A number from the dice that lands on the Carrot is written again in the next box, for free. " +
			"The box that reaches the Camera is copied into your next Photo box, once per lane."},
		{"The Wire.", wire},
		{"False starts.", fs + fmt.Sprintf(" The %s one scratches you.", ordinal(house.FalseStartBox+1))},
	}
	if !solo {
		out = append(out, [2]string{"Jockeys.", fmt.Sprintf("%s and %s change what a lane pays: write the changed value in its Lane $ box. "+
			"%s's %s has its own box in the tally.", jockeyName(house.Ace), jockeyName(house.FiveAlike), jockeyName(house.Spread), Money(house.SpreadBonus))})
	}
	return out
}

// jockeyName is the name on jockey j's card.
func jockeyName(j house.Jockey) string { return j.Name() }
