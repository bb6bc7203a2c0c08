package horserace

import (
	"fmt"
	"strings"

	"furlong/engine/horserace"
	"furlong/engine/horserace/play"
	"furlong/layout"
	"furlong/templates"
)

// pen and penWidth are what a player writes on a sheet with: every
// game's ballpoint, templates.Pen.
var pen = templates.Pen

const penWidth = templates.PenWidth

// Filled is a table as its log leaves it, for the filled sheets: what the
// play protocol's View gives, and when.
type Filled struct {
	View *play.View
	// When says how far the log went, for the title bars: "as they stand
	// at the end", "after roll 12 of 40".
	When string
}

// FilledSheets appends the printables of a table as its log leaves them,
// on the blank sheets' design with the numbers in a pen's hand: the board
// with every horse on its space and the scratched lanes struck out, a race
// record a race, and the pot ledger, eight races a page.
func FilledSheets(d *layout.Doc, f *Filled) error {
	v := f.View
	d.SetInfo(fmt.Sprintf("Horse Race: %s", strings.Join(names(v), ", ")), "The board, race records and pot ledger of a race, filled in "+f.When)
	if err := FilledBoard(d, f); err != nil {
		return err
	}
	for i := range v.Races {
		if err := filledRecord(d, f, &v.Races[i]); err != nil {
			return err
		}
	}
	return filledLedger(d, f)
}

// names are the table's players, in seat order.
func names(v *play.View) []string {
	ns := make([]string, len(v.Players))
	for i, p := range v.Players {
		ns[i] = p.Name
	}
	return ns
}

// options are the blank sheets' options for v's table.
func options(v *play.View) Options {
	o := Options{Board: v.Board, Rules: v.Rules, Bank: v.Bank, Players: len(v.Players), Names: names(v), Variant: v.Variant, geo: new(geometry)}
	if v.Variant != nil {
		o.Board = v.Variant.From
	}
	return o
}

// usePen sets the pen's colour and width.
func usePen(d *layout.Doc) {
	d.SetDrawColor(pen)
	d.SetTextColor(pen)
	d.SetLineWidth(penWidth)
}

// putPenDown puts the printed ink back.
func putPenDown(d *layout.Doc) {
	d.SetTextColor(ink)
	d.SetDrawColor(ink)
	d.SetLineWidth(rule)
}

// FilledBoard appends the board as the table stands: a ring round the
// space of every horse that has moved, each scratched lane struck out and
// its horse written in its slot of the scratch lot, and the winner's
// last space ticked. It is also the board the table on screen shows.
func FilledBoard(d *layout.Doc, f *Filled) error {
	v := f.View
	o := options(v)
	note := fmt.Sprintf("furlong · race %d, %s", max(v.Race, 1), f.When)
	if v.Race == 0 {
		note = "furlong · before the first deal"
	}
	if err := boardPage(d, o, note); err != nil {
		return err
	}
	g := o.geo
	usePen(d)
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		hv := v.Horses[h]
		gate := g.gates[h]
		switch {
		case hv.Slot != 0:
			// Struck out: a cross over the gate and a line up the lane.
			d.HandLine(gate.X+1, gate.Y+1, gate.Right()-1, gate.Bottom()-1)
			d.HandLine(gate.X+1, gate.Bottom()-1, gate.Right()-1, gate.Y+1)
			if n := len(g.spaces[h]); n > 0 {
				top := g.spaces[h][n-1]
				d.HandLine(gate.X+gate.W/2, gate.Y, top.X+top.W/2, top.Y+1)
			}
		case hv.Moved > 0 && hv.Moved <= len(g.spaces[h]):
			r := g.spaces[h][hv.Moved-1]
			d.HandRing(r.X+r.W/2, r.Y+r.H/2, r.W*0.42, r.H*0.42)
			if h == v.Winner {
				d.HandTick(layout.Rect{X: r.X + r.W*0.15, Y: r.Y + r.H*0.15, W: r.W * 0.7, H: r.H * 0.7})
			}
		}
	}
	for k, h := range v.Lot {
		if h != 0 {
			d.HandIn(g.lot[k].Inset(1.5), 9, fmt.Sprint(h))
		}
	}
	putPenDown(d)
	return d.Err()
}

// signed writes chips as the sheets' pen does: "+24", "-3", "0".
func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// handDice writes a roll's two dice in box b, each in its half, so that
// "3 4" never reads as 34.
func handDice(d *layout.Doc, b layout.Rect, r [2]int8) {
	b = b.Inset(0.8)
	part := b.W * 0.4
	d.HandIn(layout.Rect{X: b.X, Y: b.Y + 0.4, W: part, H: b.H}, 4.2, fmt.Sprint(r[0]))
	d.HandIn(layout.Rect{X: b.Right() - part, Y: b.Y + 0.4, W: part, H: b.H}, 4.2, fmt.Sprint(r[1]))
}

// penName writes a name in the pen's colour, in the italic of the
// sheets, fitted to r.
func penName(d *layout.Doc, r layout.Rect, name string) {
	d.SetFont(layout.Sans, layout.Italic, 11)
	d.FitFont(name, r.W-3, 6)
	d.Label(r, layout.Left, 1.5, clip(d, name, r.W-3))
}

// filledRecord appends race r's race record, filled in as far as the log
// goes, and a page of its rolls continued when they overflow the
// record's boxes.
func filledRecord(d *layout.Doc, f *Filled, r *play.RaceView) error {
	v := f.View
	o := options(v)
	o.decks = r.Decks
	if err := RaceRecord(d, o); err != nil {
		return err
	}
	g := o.geo
	usePen(d)
	d.HandIn(g.race.Inset(1.5), 6, fmt.Sprint(r.Race))
	penName(d, g.dealer, v.Players[r.Dealer].Name)
	usePen(d)
	d.HandIn(g.decks.Inset(1.5), 6, fmt.Sprint(r.Decks))
	d.HandIn(layout.Rect{X: g.carried.X, Y: g.carried.Y, W: 30, H: g.carried.H}.Inset(1.5), 6, fmt.Sprint(r.PotIn))
	over := r.Winner != 0
	for p := range v.Players {
		if p >= len(g.ranks) {
			break
		}
		if !r.In[p] {
			// Out of the game: the row struck through.
			row := g.ranks[p][0]
			last := g.money[p][5]
			d.HandLine(row.X+1, row.Y+row.H/2, last.Right()-1, last.Y+last.H/2)
			continue
		}
		hand, n := r.Hands[p], 0
		for i, h := 0, horserace.Lowest; h <= horserace.Highest; i, h = i+1, h+1 {
			if c := int(hand[h]); c > 0 {
				d.HandIn(g.ranks[p][i].Inset(0.8), 4.2, fmt.Sprint(c))
				n += c
			}
		}
		if n > 0 {
			d.HandIn(g.cards[p].Inset(0.8), 4.2, fmt.Sprint(n))
		}
		it := r.Items[p]
		cells := []int{it.Scratches, it.Rolls}
		if over {
			cells = append(cells, it.EndPay, it.Shares, it.Total(), r.Totals[p])
		}
		for i, c := range cells {
			d.HandIn(g.money[p][i].Inset(0.8), 4.2, signed(c))
		}
	}
	for k, h := range r.Lot {
		if h != 0 {
			d.HandIn(g.slots[k].Inset(0.8), 5.5, fmt.Sprint(h))
		}
	}
	scratches, rolls := r.Scratches, r.Rolls
	for i := 0; i < len(scratches) && i < len(g.scratches); i++ {
		handDice(d, g.scratches[i], scratches[i])
	}
	for i := 0; i < len(rolls) && i < len(g.rolls); i++ {
		handDice(d, g.rolls[i], rolls[i])
	}
	pot := []int{r.PotIn, r.Cards, r.Repeats, r.RollChips}
	if over {
		pot = append(pot, r.EndPay, r.Pot, r.Share, r.Winner, r.Paid, r.Carry)
	}
	for i, n := range pot {
		d.HandIn(g.pot[i].Inset(1.5), 5.5, fmt.Sprint(n))
	}
	putPenDown(d)
	if len(scratches) > len(g.scratches) || len(rolls) > len(g.rolls) {
		if err := rollsContinued(d, o, r, scratches[min(len(scratches), len(g.scratches)):], rolls[min(len(rolls), len(g.rolls)):],
			len(g.scratches), len(g.rolls)); err != nil {
			return err
		}
	}
	return d.Err()
}

// rollsContinued appends a page of the rolls of race r that its record
// had no room for: the scratch rolls from number sk+1, the race rolls
// from rk+1.
func rollsContinued(d *layout.Doc, o Options, r *play.RaceView, scratches, rolls [][2]int8, sk, rk int) error {
	c, y, _, err := tablePage(d, o, fmt.Sprintf("race record, race %d continued", r.Race))
	if err != nil {
		return err
	}
	x, w := c.X, c.W
	if len(scratches) > 0 {
		caption(d, x, y+1, "SCRATCH ROLLS, CONTINUED", fmt.Sprintf("from scratch roll %d", sk+1))
		y += 3
		rows := (len(scratches) + 17) / 18
		boxes := rollBoxes(d, layout.Rect{X: x, Y: y, W: w, H: float64(rows)*9.5 - 1}, rows, 9)
		usePen(d)
		for i, s := range scratches {
			handDice(d, boxes[i], s)
		}
		putPenDown(d)
		y += float64(rows)*9.5 + 4
	}
	if len(rolls) > 0 {
		caption(d, x, y+1, "RACE ROLLS, CONTINUED", fmt.Sprintf("from race roll %d", rk+1))
		y += 3
		boxes := rollBoxes(d, layout.Rect{X: x, Y: y, W: w, H: c.Bottom() - y}, 0, 9)
		usePen(d)
		for i := 0; i < len(rolls) && i < len(boxes); i++ {
			handDice(d, boxes[i], rolls[i])
		}
		putPenDown(d)
		if len(rolls) > len(boxes) {
			return rollsContinued(d, o, r, nil, rolls[len(boxes):], sk, rk+len(boxes))
		}
	}
	return d.Err()
}

// filledLedger appends the pot ledger, eight races a page, filled in as
// far as the log goes.
func filledLedger(d *layout.Doc, f *Filled) error {
	v := f.View
	const perPage = 8
	for first := 0; first == 0 || first < len(v.Races); first += perPage {
		o := options(v)
		if err := PotLedger(d, o); err != nil {
			return err
		}
		g := o.geo
		usePen(d)
		for col := 0; col < perPage && first+col < len(v.Races); col++ {
			r := &v.Races[first+col]
			cells := g.ledger[col]
			d.HandIn(cells[0].Inset(1.2), 4.5, fmt.Sprint(r.Race))
			d.SetFont(layout.Sans, layout.Italic, 8)
			d.FitFont(v.Players[r.Dealer].Name, cells[1].W-2, 5)
			d.Label(cells[1], layout.Center, 0, clip(d, v.Players[r.Dealer].Name, cells[1].W-2))
			for k, h := range r.Lot {
				if h != 0 {
					d.HandIn(g.scratched[col][k].Inset(0.3), 3.6, fmt.Sprint(h))
				}
			}
			d.HandIn(cells[4].Inset(1.2), 4.5, fmt.Sprint(r.PotIn))
			over := r.Winner != 0
			if over {
				// The rows below the pot in: the winner, then the split.
				for _, c := range [][2]int{{3, r.Winner}, {5, r.Pot}, {6, r.Share}, {7, r.Paid}, {8, r.Carry}} {
					d.HandIn(cells[c[0]].Inset(1.2), 4.5, fmt.Sprint(c[1]))
				}
			}
			for p := range v.Players {
				if p >= len(g.chips) || !r.In[p] {
					continue
				}
				c := g.chips[p][col]
				d.HandIn(c[0].Inset(0.8), 4, signed(r.Items[p].Total()))
				if over {
					d.HandIn(c[1].Inset(0.8), 4, signed(r.Totals[p]))
				}
			}
		}
		putPenDown(d)
		if len(v.Races) == 0 {
			break
		}
	}
	return d.Err()
}
