package horserace

import (
	"fmt"
	"math"

	"furlong/engine/horserace"
	"furlong/layout"
)

// BoardSheet appends the board to d: a page with the eleven lanes from
// their gates to the finish line, the scratch lot and a legend, and a
// page with the odds (OddsCard).
func BoardSheet(d *layout.Doc, o Options) error {
	if err := boardPage(d, o, "furlong · "+about(o)); err != nil {
		return err
	}
	return OddsCard(d, o)
}

// boardPage draws the board's page, with note in its title bar.
func boardPage(d *layout.Doc, o Options, note string) error {
	c, y, err := page(d, o, "Horse Race · "+o.boardName(), note)
	if err != nil {
		return err
	}

	// From the bottom up: the legend, the scratch lot, then the track
	// takes what is left, at most a comfortable size.
	legend := legendLines()
	d.SetFont(layout.Sans, layout.Regular, 7)
	legendH := 0.0
	for _, l := range legend {
		legendH += float64(len(d.Wrap(l, c.W)))*3.3 + 0.8
	}
	const lotH = 27.0
	bottom := c.Bottom() - legendH - 2
	lotY := bottom - lotH
	trackBottom := lotY - 5
	track := layout.Rect{X: c.X, Y: y + 1, W: c.W, H: trackBottom - y - 1}
	drawTrack(d, track, o, o.geo)
	scratchLot(d, layout.Rect{X: c.X, Y: lotY, W: c.W, H: lotH}, o)
	notes(d, c.X, bottom+2, c.W, legend)
	return d.Err()
}

// legendLines are the board's reminders: the cards and the decks.
func legendLines() []string {
	return []string{
		fmt.Sprintf("Cards: a card's rank names a horse: 2 to 10, J = 11, Q = 12, four of each rank a deck (%d cards; no aces, kings or jokers); suits play no part.", horserace.DeckCards),
		"Decks: " + decksLegend() + ". Every card is dealt, one at a time from the dealer's left.",
		"Moving: each race roll moves the horse of the dice's sum one space; the first to cross the finish line wins at once. A roll on a scratched horse costs the roller that horse's slot.",
	}
}

// about is the board sheet's note: where the board comes from.
func about(o Options) string {
	if !o.standard() {
		return "a variant of board " + o.base().String() + ", in a designer's numbers"
	}
	return o.base().Spec().About
}

// drawTrack draws the lanes 2-12 side by side: each lane's spaces stacked
// up to the one finish line across the top, its gate below its first
// space, and under the lanes each horse's ways and chance.
func drawTrack(d *layout.Doc, r layout.Rect, o Options, geo *geometry) {
	b := o.numbers()
	const (
		finishH = 7.0
		footH   = 14.0
		gap     = 1.6
		maxCell = 21.0
	)
	n := horserace.Horses
	longest := b.Longest()
	laneW := (r.W - gap*float64(n-1)) / float64(n)
	cell := math.Min(maxCell, (r.H-finishH-footH-2)/float64(longest+1))
	height := finishH + float64(longest+1)*cell + 2 + footH
	top := r.Y + (r.H-height)/2
	finishY := top + finishH
	f := o.field()
	chances := horserace.Chances(&f)

	// The finish line: a chequered band over every lane.
	sq := finishH / 2
	for i, x := 0, r.X; x < r.Right()-0.01; i, x = i+1, x+sq {
		w := math.Min(sq, r.Right()-x)
		for row := range 2 {
			if (i+row)%2 == 0 {
				d.SetFillColor(ink)
				d.Rect(x, top+float64(row)*sq, w, sq, layout.Fill)
			}
		}
	}
	d.SetDrawColor(ink)
	d.SetLineWidth(heavy)
	d.Rect(r.X, top, r.W, finishH, layout.Stroke)
	d.SetFont(layout.Sans, layout.Bold, 8)
	label := "FINISH"
	lw := d.TextWidth(label) + 4
	d.SetFillColor(layout.White)
	d.Rect(r.X+r.W/2-lw/2, top+0.8, lw, finishH-1.6, layout.Fill)
	d.SetTextColor(ink)
	d.Label(layout.Rect{X: r.X + r.W/2 - lw/2, Y: top + 0.8, W: lw, H: finishH - 1.6}, layout.Center, 0, label)

	footY := finishY + float64(longest+1)*cell + 2
	for i, h := 0, horserace.Lowest; h <= horserace.Highest; i, h = i+1, h+1 {
		x := r.X + float64(i)*(laneW+gap)
		lane := b.Lane(h)
		// Spaces: the last one (lane) just under the finish, the first
		// just above the gate. Each shows in its corner, large and dark
		// enough to read across the table, the spaces moved on it.
		d.SetLineWidth(rule)
		d.SetDrawColor(ink)
		d.SetFont(layout.Sans, layout.Bold, math.Min(10, cell*1.15))
		d.SetTextColor(spaceInk)
		for k := 1; k <= lane; k++ {
			sy := finishY + float64(lane-k)*cell
			d.Rect(x, sy, laneW, cell, layout.Stroke)
			d.TextAligned(x, sy+cell-0.9, laneW-1, layout.Right, fmt.Sprint(k))
			if geo != nil {
				geo.spaces[h] = append(geo.spaces[h], layout.Rect{X: x, Y: sy, W: laneW, H: cell})
			}
		}
		// The gate, with the horse's number large and its card.
		gy := finishY + float64(lane)*cell
		gate := layout.Rect{X: x, Y: gy, W: laneW, H: cell}
		if geo != nil {
			geo.gates[h] = gate
		}
		d.SetFillColor(gateFill)
		d.SetLineWidth(heavy)
		d.Box(gate, layout.FillStroke)
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, math.Min(20, cell*1.7))
		d.Label(layout.Rect{X: x, Y: gy, W: laneW, H: cell * 0.72}, layout.Center, 0, fmt.Sprint(h))
		d.SetFont(layout.Sans, layout.Regular, 6)
		d.SetTextColor(faint)
		gateWord := "gate"
		if card := horserace.Rank(h); card != fmt.Sprint(h) {
			gateWord = "gate · " + card
		}
		d.TextAligned(x, gy+cell-1.2, laneW, layout.Center, gateWord)
		// A guide from the gate down to the lane's foot.
		if gy+cell < footY-0.5 {
			d.SetDrawColor(guide)
			d.SetLineWidth(thin)
			d.SetDash(0.8, 0.8)
			d.Line(x+laneW/2, gy+cell, x+laneW/2, footY)
			d.SetSolid()
		}
		// The foot: spaces, ways and chance with nothing scratched.
		d.SetDrawColor(ink)
		d.SetLineWidth(thin)
		d.SetFillColor(headFill)
		d.Rect(x, footY, laneW, footH, layout.FillStroke)
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 7.5)
		d.TextAligned(x, footY+3.6, laneW, layout.Center, fmt.Sprintf("%d spaces", lane))
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		d.TextAligned(x, footY+7.2, laneW, layout.Center, fmt.Sprintf("%d/36", horserace.Ways[h]))
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.TextAligned(x, footY+11.2, laneW, layout.Center, pct(chances[h]))
	}
	d.SetFont(layout.Sans, layout.Italic, 6.5)
	d.SetTextColor(faint)
	d.TextAligned(r.X, footY+footH+3, r.W, layout.Right, "under each lane: its spaces, the rolls of 36 that move it, its chance with nothing scratched")
	d.SetTextColor(ink)
}

// scratchLot draws the four slots of the scratch lot, each with what its
// horse costs per card held and per roll.
func scratchLot(d *layout.Doc, r layout.Rect, o Options) {
	note := "slots fill in order; a roll on a horse already here costs the roller its slot, and the dice pass"
	if o.Rules.Has(horserace.Reroll) {
		note = "slots fill in order; reroll: a roll on a horse already here is free, and the roller rolls again"
	}
	caption(d, r.X, r.Y+3, "SCRATCH LOT", note)
	slots := layout.Rect{X: r.X, Y: r.Y + 5, W: r.W, H: r.H - 5}.Row(horserace.Slots, 3)
	chips := o.numbers().Chips
	for k, s := range slots {
		cost := chips[k]
		d.SetFillColor(slotTint)
		d.SetDrawColor(ink)
		d.SetLineWidth(heavy)
		d.Box(s, layout.FillStroke)
		// A square for the scratched horse, the slot's words beside it.
		sq := s.H - 4
		box := layout.Rect{X: s.X + 2, Y: s.Y + 2, W: sq, H: sq}
		if o.geo != nil {
			o.geo.lot[k] = box
		}
		d.SetFillColor(layout.White)
		d.SetLineWidth(rule)
		d.Box(box, layout.FillStroke)
		d.SetFont(layout.Sans, layout.Regular, 5.5)
		d.SetTextColor(guide)
		d.TextAligned(box.X, box.Bottom()-1.2, box.W, layout.Center, "horse")
		tx := box.Right() + 2
		tw := s.Right() - tx - 1
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 10)
		d.Text(tx, s.Y+6, fmt.Sprintf("Slot %d", k+1))
		d.SetFont(layout.Sans, layout.Regular, 7)
		d.Text(tx, s.Y+10.5, clip(d, chipWord(cost)+" a card held", tw))
		d.Text(tx, s.Y+14, clip(d, chipWord(cost)+" a roll on it", tw))
		d.SetFont(layout.Sans, layout.Bold, 18)
		d.TextAligned(tx, s.Bottom()-2.2, tw, layout.Right, fmt.Sprint(cost))
	}
}
