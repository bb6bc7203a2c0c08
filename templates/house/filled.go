package house

import (
	"fmt"
	"math"
	"strings"

	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/layout"
	"furlong/templates"
)

// pen and penWidth are what a player writes on a sheet with: every
// game's ballpoint, templates.Pen.
var pen = templates.Pen

const penWidth = templates.PenWidth

// FilledSheets appends the paper of a race (its play.View) to d, a page a sheet: every
// rider's Duel sheet, or The Book's field card and each bettor's slip, or
// the solo sheet, each drawn as the blank one is and filled in as it
// stands: numbers in their boxes (in a pen's hand), numbers struck by
// arrows crossed out, free Carrot and Double up boxes marked, BET and the
// side wager circled, photos, slips, arrows and false starts shaded, first
// home ticked, and the tally worked out down to the purse.
func FilledSheets(d *layout.Doc, p *play.View) error { return filledSheets(d, p, noTags) }

// noTags is the seat of filledSheets that tags nothing: paper has no
// clicks.
const noTags = -2

// BoardSheets draws the same sheets as FilledSheets, for a race on screen
// whose seat (-1: none, at chance's turn or once the race is over) is to
// act, and tags each region a choice of the play protocol names by its
// Part (engine.Choice, (*layout.Doc).Tag): each lane of that seat's sheet
// ("lane 2", for a move or a side wager) in The Duel and riding alone,
// each horse of The Book's field card ("horse 3", for a move or a stake).
// A choice without a part (a cut, a pass) is no region of the paper.
func BoardSheets(d *layout.Doc, p *play.View, seat int) error {
	return filledSheets(d, p, max(seat, -1))
}

// filledSheets is FilledSheets, tagging for seat as BoardSheets says
// (noTags: not at all).
func filledSheets(d *layout.Doc, p *play.View, seat int) error {
	when := "as they stand at the end"
	switch {
	case p.Turn > 0:
		when = fmt.Sprintf("after turn %d of %d", p.Turn, p.Turns)
	case !p.Over:
		when = "where the log stops"
	}
	d.SetInfo(fmt.Sprintf("furlong: %s, %s", p.Mode.Title(), strings.Join(p.Names, ", ")), "The sheets of a race, filled in "+when)
	if p.Mode == house.Book {
		g, err := drawPart(d, p, -1, nil)
		if err != nil {
			return err
		}
		if seat != noTags {
			tagLanes(d, g, "horse %d")
		}
	}
	for s := range p.Sheets {
		g, err := drawPart(d, p, s, nil)
		if err != nil {
			return err
		}
		if s == seat && p.Mode != house.Book {
			tagLanes(d, g, "lane %d")
		}
	}
	return d.Err()
}

// tagLanes tags each lane of a board drawn with geometry g, its seven
// boxes, by the part words format gives its number.
func tagLanes(d *layout.Doc, g *geometry, format string) {
	for i := range g.lanes {
		first, last := g.lanes[i][0], g.lanes[i][house.Boxes-1]
		x0, y0 := min(first.X, last.X), min(first.Y, last.Y)
		x1, y1 := max(first.Right(), last.Right()), max(first.Bottom(), last.Bottom())
		d.Tag(fmt.Sprintf(format, i+1), layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0})
	}
}

// drawPart draws part of the paper: seat's sheet or slip, or The Book's
// field card when seat is -1; on a page of its own, or in frame. It
// returns where the sheet put its boxes.
func drawPart(d *layout.Doc, p *play.View, seat int, frame *layout.Rect) (*geometry, error) {
	o := SheetOptions{Layout: p.Layout, Call: p.Call, Numbers: p.Numbers, geo: new(geometry), frame: frame}
	if seat >= 0 {
		o.Name = p.Names[seat]
	}
	blank := DuelSheet
	switch {
	case seat < 0:
		blank = FieldCard
	case p.Mode == house.Book:
		blank = BettorsSlip
	case p.Mode == house.Solo:
		blank = SoloSheet
	}
	key := blankKey{seat < 0, p.Mode, o.Name, o.Layout, o.Call, *numbersOf(p), d.Paper(), d.Margins()}
	stamps := blanks
	if frame != nil {
		stamps = nil // a sheet drawn into a frame is no page of its own
	}
	geo, err := stamps.Draw(d, key, func() (any, error) { return o.geo, blank(d, o) })
	if err != nil {
		return nil, err
	}
	o.geo = geo.(*geometry)
	w := writing{d: d, g: o.geo}
	d.SetDrawColor(pen)
	d.SetTextColor(pen)
	d.SetLineWidth(penWidth)
	switch {
	case seat < 0:
		w.board(p.Field, numbersOf(p).Layout(p.Layout).Carrot)
		w.fieldHome(p)
	case p.Mode == house.Book:
		w.slip(p, &p.Sheets[seat])
	default:
		w.rider(p, &p.Sheets[seat])
	}
	d.SetTextColor(ink)
	d.SetDrawColor(ink)
	return o.geo, d.Err()
}

// blanks keeps the blank sheets that boards on screen are drawn over: a
// server draws the same sheets at every step of a race (see
// layout.Stamps).
var blanks = new(layout.Stamps[blankKey])

// blankKey is everything a blank sheet's page depends on: which sheet
// (The Book's field card, or the mode's sheet or slip), the options it is
// printed with, and the paper.
type blankKey struct {
	field   bool
	mode    house.Mode
	name    string
	layout  int
	call    int
	numbers house.Numbers
	paper   layout.Paper
	margins layout.Margins
}

// writing fills in one sheet drawn with geometry g.
type writing struct {
	d *layout.Doc
	g *geometry
}

// rider fills in a Duel or solo sheet.
func (w *writing) rider(p *play.View, sh *play.SheetView) {
	d, g := w.d, w.g
	if sh.Jockey != house.NoJockey && g.jockey.W > 0 {
		d.SetFont(layout.Sans, layout.Italic, 12)
		d.Label(g.jockey, layout.Left, 2, jockeyName(sh.Jockey))
	}
	if sh.Wager > 0 && sh.Wager <= len(g.wager) {
		c := g.wager[sh.Wager-1]
		d.HandRing(c.X, c.Y, g.wagerR+1, g.wagerR+0.6)
	}
	w.board(sh.Board, numbersOf(p).Layout(p.Layout).Carrot)
	for i := range sh.Board {
		if sh.Board[i].Bet {
			c := g.bet[i]
			d.HandRing(c.X, c.Y, 5.6, 4.4)
		}
		if sh.FirstHome[i] {
			d.HandTick(g.home[i])
		}
	}
	bd := &sh.Score
	lanes := 0
	for _, l := range bd.Lanes {
		d.HandIn(g.score[l.Lane-1].Inset(1.5), 6.5, signed(l.Amount))
		lanes += l.Amount
	}
	w.extras(sh)
	cells := []string{signed(lanes), abs(bd.PhotoTotal), abs(bd.FirstBonus), signed(bd.WagerAmount)}
	if p.Mode == house.Duel {
		cells = append(cells, abs(bd.SpreadBonus))
	}
	cells = append(cells, abs(bd.FalsePay), signed(bd.Purse))
	w.tally(cells)
}

// slip fills in a bettor's slip.
func (w *writing) slip(p *play.View, sh *play.SheetView) {
	d, g := w.d, w.g
	for i := range sh.Stakes {
		if i < len(g.stakes) {
			d.HandShade(g.stakes[i].Inset(0.6))
		}
	}
	// Each stake's odds in its horse's next stake box.
	var used [house.Lanes]int
	for _, st := range sh.Stakes {
		h := st.Horse - 1
		if k := used[h]; k < len(g.horseStakes[h]) {
			r := g.horseStakes[h][k]
			d.HandIn(layout.Rect{X: r.X + 2, Y: r.Y, W: r.W - 2, H: r.H}, 6.5, fmt.Sprint(st.Times))
		}
		used[h]++
	}
	// The stakes on each horse, their odds and what they pay.
	var times, count [house.Lanes]int
	for _, st := range sh.Stakes {
		times[st.Horse-1] += int(st.Times)
		count[st.Horse-1]++
	}
	horses := 0
	for h := range house.Lanes {
		if count[h] == 0 {
			continue
		}
		pays := numbersOf(p).Pays(p.Field[h].Station())
		d.HandIn(g.horseSum[h].Inset(1.5), 6.5, fmt.Sprint(times[h]))
		d.HandIn(g.horsePay[h].Inset(1.5), 6.5, signed(pays))
		d.HandIn(g.horseTotal[h].Inset(1.5), 6.5, signed(pays*times[h]))
		horses += pays * times[h]
	}
	w.extras(sh)
	bd := &sh.Score
	w.tally([]string{signed(horses), abs(bd.FirstBonus), abs(bd.PhotoTotal), abs(bd.FalsePay), signed(bd.Purse)})
}

// extras fills in the slips, arrows, false starts and photos of a sheet
// or slip.
func (w *writing) extras(sh *play.SheetView) {
	d, g := w.d, w.g
	for i := 0; i < sh.Slips && i < len(g.slips); i++ {
		r := g.slips[i].Inset(0.7)
		arrow := (i+1)%house.ArrowEvery == 0
		k := (i+1)/house.ArrowEvery - 1
		if arrow && k < len(sh.Strikes) && sh.Strikes[k] != 0 {
			// An arrow box holds the lane the arrow struck.
			d.HandIn(r, 5.5, fmt.Sprint(sh.Strikes[k]))
			continue
		}
		d.HandShade(r)
	}
	if sh.Slips > len(g.slips) && g.slipMore.W > 0 {
		r := g.slipMore
		d.HandIn(layout.Rect{X: r.X + r.W/2, Y: r.Y + r.H/3, W: r.W / 2, H: r.H * 2 / 3}, 6, fmt.Sprint(sh.Slips))
	}
	for i := 0; i < sh.FalseStarts && i < len(g.falseStarts); i++ {
		d.HandShade(g.falseStarts[i].Inset(0.7))
	}
	if sh.Scratched {
		r := g.scratched.Inset(1)
		d.HandLine(r.X, r.Bottom(), r.Right(), r.Y)
		d.HandLine(r.X, r.Y, r.Right(), r.Bottom())
	}
	for i, ph := range sh.Photos {
		if i < len(g.photos) {
			d.HandIn(g.photos[i].Inset(0.8), 6, fmt.Sprint(ph))
		}
	}
}

// tally writes the tally's cells, the purse last.
func (w *writing) tally(cells []string) {
	for i, c := range cells {
		if i < len(w.g.tally) {
			r := w.g.tally[i]
			w.d.HandIn(layout.Rect{X: r.X + 4, Y: r.Y, W: r.W - 5, H: r.H}, 6.5, c)
		}
	}
}

// board writes the numbers of a board in its boxes: in each box what was
// written there in order, numbers crossed out first and smaller; a free
// box (the Carrot's, Double up's) linked to the box before it by a small
// arrow, Double up's marked ×2; the box where Turnaround was declared
// marked with an arrow pointing down.
func (w *writing) board(b *play.BoardView, carrot house.Station) {
	d, g := w.d, w.g
	for i := range b {
		for k, ms := range b[i].Boxes {
			if len(ms) == 0 {
				continue
			}
			r := g.lanes[i][k]
			slot := r.W / float64(len(ms))
			for j, m := range ms {
				size := math.Min(r.H*0.55, 8)
				if len(ms) > 1 {
					size = math.Min(size, slot*0.75)
				}
				cell := layout.Rect{X: r.X + float64(j)*slot, Y: r.Y, W: slot, H: r.H}
				d.HandIn(cell, size, fmt.Sprint(m.N))
				if m.Struck {
					cx, cy := cell.X+cell.W/2, cell.Y+cell.H/2
					half := math.Max(size*0.55, 2.5)
					d.HandLine(cx-half, cy+half*0.9, cx+half, cy-half*0.9)
				}
				if m.Free && k > 0 && j == len(ms)-1 || m.Free && m.Struck {
					w.freeMark(g.lanes[i][k-1], cell, m.Double)
				}
				if m.Turnaround {
					x, y := cell.Right()-2.2, cell.Y+1.2
					d.HandLine(x, y, x, y+3.6)
					d.HandLine(x-1, y+2.5, x, y+3.6)
					d.HandLine(x+1, y+2.5, x, y+3.6)
				}
			}
		}
	}
}

// freeMark links a free box in cell to the box before it, prev: a small
// arrow over the rule between them, and ×2 for Double up's.
func (w *writing) freeMark(prev, cell layout.Rect, double bool) {
	d := w.d
	x1, x2 := prev.Right()-3, cell.X+2.5
	y := cell.Y + 2.2
	d.HandLine(x1, y, (x1+x2)/2, y-1.4)
	d.HandLine((x1+x2)/2, y-1.4, x2, y)
	d.HandLine(x2-1.2, y-0.9, x2, y)
	d.HandLine(x2-0.2, y-1.3, x2, y)
	if double {
		d.Hand(cell.Right()-5.5, cell.Y+4, 3, "×2")
	}
}

// fieldHome writes The Book's horses home, in the order they came, and
// ticks the first.
func (w *writing) fieldHome(p *play.View) {
	for i, h := range p.Home {
		if i < len(w.g.horsesHome) {
			w.d.HandIn(w.g.horsesHome[i].Inset(0.8), 6, fmt.Sprint(h))
		}
	}
	if f := p.FirstHome; f > 0 && w.g.home[f-1].W > 0 {
		w.d.HandTick(w.g.home[f-1])
	}
}

// signed writes an amount as a player would: −20, 0, 40.
func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprint(n)
}

// abs writes an amount without its sign, for a tally cell that prints it.
func abs(n int) string {
	if n < 0 {
		n = -n
	}
	return fmt.Sprint(n)
}

// numbersOf are the numbers of the board p's race is played on.
func numbersOf(p *play.View) *house.Numbers {
	if p.Numbers == nil {
		return house.StandardNumbers
	}
	return p.Numbers
}
