package house

import (
	"fmt"
	"strings"

	content "furlong/content/house"
	"furlong/engine/house"
	"furlong/layout"
)

// Poker-size cards, nine to a page.
const (
	CardW    = 63.0 // card width, millimetres
	CardH    = 88.0 // card height, millimetres
	cardCols = 3
	cardRows = 3
	cardPad  = 4.5 // text kept this far inside the cut line
)

// placeholders fill the braces of the card texts from the engine's tables.
var placeholders = strings.NewReplacer(
	"{spread-bonus}", price(house.SpreadBonus),
)

// Card is a jockey card as printed: the name on it, from the engine's
// jockey table, and its texts, from the content.
type Card struct {
	content.JockeyCard
	Name string
}

// Cards returns the jockey cards in print order: the engine's jockeys in
// their order, then riding it straight, each named as the engine names it
// with every placeholder of its texts filled in. It is an error for a
// jockey to have no card, a card to name no jockey, or a placeholder to be
// unknown.
func Cards() ([]Card, error) {
	all, err := content.Jockeys()
	if err != nil {
		return nil, err
	}
	byID := map[string]content.JockeyCard{}
	for _, c := range all {
		byID[c.ID] = c
	}
	var out []Card
	for _, j := range append(append([]house.Jockey{}, house.Jockeys...), house.NoJockey) {
		c, ok := byID[j.String()]
		if !ok {
			return nil, fmt.Errorf("templates: jockey %s has no card in content/jockeys", j)
		}
		delete(byID, j.String())
		c.Rule = layout.Curly(placeholders.Replace(c.Rule))
		c.Tip = layout.Curly(placeholders.Replace(c.Tip))
		for _, t := range []string{c.Rule, c.Tip} {
			if i := strings.IndexByte(t, '{'); i >= 0 {
				return nil, fmt.Errorf("templates: card %s: unknown placeholder in %q", c.ID, t[i:])
			}
		}
		out = append(out, Card{JockeyCard: c, Name: j.Name()})
	}
	for id := range byID {
		return nil, fmt.Errorf("templates: card %q names no jockey of the engine", id)
	}
	return out, nil
}

// JockeyCardsWithBacks appends the jockey cards with a page of card backs
// after each page of fronts, placed for printing on both sides with the
// sheet flipped on its long edge.
func JockeyCardsWithBacks(d *layout.Doc) error {
	return jockeyCards(d, true)
}

// JockeyCards appends the jockey cards to d: one poker-size card (63 x 88
// mm) per jockey with its name, rule and tip, and one for riding it
// straight, nine to a page with cut lines and cut marks inside the
// printable area; the ninth place holds the "print at 100%" note and a
// ruler to check the scale.
func JockeyCards(d *layout.Doc) error {
	return jockeyCards(d, false)
}

func jockeyCards(d *layout.Doc, backs bool) error {
	cards, err := Cards()
	if err != nil {
		return err
	}
	pw, ph := d.PageSize()
	// As many rows as leave room for cut marks above and below: three on
	// A4, two on Letter, whose page is 15 mm taller than three cards.
	rows := cardRows
	for rows > 1 && (ph-float64(rows)*CardH)/2-markGap-layout.PrintSafe < markMin {
		rows--
	}
	gw, gh := cardCols*CardW, float64(rows)*CardH
	x0, y0 := (pw-gw)/2, (ph-gh)/2
	if x0-markGap-layout.PrintSafe < markMin || y0-markGap-layout.PrintSafe < markMin {
		return fmt.Errorf("templates: %d x %d cards leave no room for cut marks inside the printable area of %s", cardCols, rows, d.Paper())
	}
	fit := fitCards(d, cards)
	per := cardCols * rows
	slots := len(cards) + 1 // the last holds the printing note
	for first := 0; first < slots; first += per {
		d.AddPage()
		for i := 0; i < per && first+i < slots; i++ {
			r := layout.Rect{
				X: x0 + float64(i%cardCols)*CardW,
				Y: y0 + float64(i/cardCols)*CardH,
				W: CardW, H: CardH,
			}
			if k := first + i; k < len(cards) {
				jockeyCard(d, r, cards[k], fit)
			} else {
				printNote(d, r)
			}
		}
		used := min(rows, (min(per, slots-first)+cardCols-1)/cardCols)
		cutLines(d, x0, y0, used, gw, float64(used)*CardH)
		if !backs {
			continue
		}
		// The backs: the same grid, mirrored left to right, so that each
		// back lands behind its front when the sheet turns on its long edge.
		d.AddPage()
		for i := 0; i < per && first+i < len(cards); i++ {
			col := cardCols - 1 - i%cardCols
			cardBack(d, layout.Rect{
				X: x0 + float64(col)*CardW,
				Y: y0 + float64(i/cardCols)*CardH,
				W: CardW, H: CardH,
			})
		}
	}
	return d.Err()
}

// cardBack draws the back of a jockey card in r.
func cardBack(d *layout.Doc, r layout.Rect) {
	outer := r.Inset(3)
	d.SetFillColor(headFill)
	d.SetDrawColor(ink)
	d.SetLineWidth(heavy)
	d.RoundRect(outer.X, outer.Y, outer.W, outer.H, 3, layout.FillStroke)
	inner := outer.Inset(2.5)
	d.SetLineWidth(thin)
	d.RoundRect(inner.X, inner.Y, inner.W, inner.H, 2, layout.Stroke)
	// A rail down the middle with a post for each station on either side
	// of the name.
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	d.Line(cx, inner.Y+6, cx, inner.Bottom()-6)
	half := len(house.Stations) / 2
	for i := 1; i <= half; i++ {
		off := 4 + float64(i)*9
		d.SetFillColor(layout.White)
		d.Circle(cx, cy-off, 1.6, layout.FillStroke)
		d.Circle(cx, cy+off, 1.6, layout.FillStroke)
	}
	band := layout.Rect{X: inner.X + 4, Y: r.Y + r.H/2 - 9, W: inner.W - 8, H: 18}
	d.SetFillColor(layout.White)
	d.SetLineWidth(rule)
	d.RoundRect(band.X, band.Y, band.W, band.H, 2, layout.FillStroke)
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 18)
	d.TextAligned(band.X, band.Y+9, band.W, layout.Center, "furlong")
	d.SetFont(layout.Sans, layout.Bold, 6.5)
	d.SetTextColor(faint)
	d.TextAligned(band.X, band.Y+14.5, band.W, layout.Center, "JOCKEY")
	d.SetTextColor(ink)
}

// Cut marks start markGap clear of the cards and are at most markMost and
// at least markMin long.
const (
	markGap  = 1.0
	markMost = 5.0
	markMin  = 3.0
)

// cutLines draws the grey lines between the cards and the cut marks
// outside the grid, inside the printable area.
func cutLines(d *layout.Doc, x0, y0 float64, rows int, gw, gh float64) {
	var xs, ys []float64
	for i := 0; i <= cardCols; i++ {
		xs = append(xs, x0+float64(i)*CardW)
	}
	for j := 0; j <= rows; j++ {
		ys = append(ys, y0+float64(j)*CardH)
	}
	d.SetDrawColor(guide)
	d.SetLineWidth(thin)
	for _, x := range xs {
		d.Line(x, y0, x, y0+gh)
	}
	for _, y := range ys {
		d.Line(x0, y, x0+gw, y)
	}
	const gap, most = markGap, markMost
	d.SetDrawColor(ink)
	d.SetLineWidth(0.25)
	if long := min(most, x0-gap-layout.PrintSafe); long >= 1.5 {
		for _, y := range ys {
			d.Line(x0-gap, y, x0-gap-long, y)
			d.Line(x0+gw+gap, y, x0+gw+gap+long, y)
		}
	}
	if long := min(most, y0-gap-layout.PrintSafe); long >= 1.5 {
		for _, x := range xs {
			d.Line(x, y0-gap, x, y0-gap-long)
			d.Line(x, y0+gh+gap, x, y0+gh+gap+long)
		}
	}
}

// cardFit is the type size and the place of the TIP line shared by every
// card, so the tips line up across a sheet.
type cardFit struct {
	size float64 // of the rule; the tip is half a point smaller
	tipY float64 // from the card's top edge to the TIP line
}

// cardTop is where a card's rule starts, from the card's top edge; the
// text inside a card keeps cardPad from its edges.
const cardTop = 2 + 17 + 3.5

// cardLead is the line height of card text at size points.
func cardLead(size float64) float64 { return size * 0.47 }

// tipHeight is the height of a tip of n lines under its TIP line.
func tipHeight(n int, size float64) float64 { return 4.5 + float64(n)*cardLead(size) }

// fitCards finds the largest type size, from 9.5 points down, at which
// every card's rule fits above one TIP line placed for the longest tip.
func fitCards(d *layout.Doc, cards []Card) cardFit {
	w := CardW - 2*cardPad
	var size float64
	var tipY float64
	for size = 9.5; size > 6; size -= 0.25 {
		most, rule := 0, 0
		for _, c := range cards {
			d.SetFont(layout.Sans, layout.Italic, size-0.5)
			most = max(most, len(d.WrapEven(c.Tip, w)))
			d.SetFont(layout.Sans, layout.Regular, size)
			rule = max(rule, len(d.WrapEven(c.Rule, w)))
		}
		tipY = CardH - cardPad - tipHeight(most, size)
		if cardTop+float64(rule)*cardLead(size)+3 <= tipY {
			break
		}
	}
	return cardFit{size: size, tipY: tipY}
}

// jockeyCard draws one card in r, at the size and with the TIP line fit
// gives every card.
func jockeyCard(d *layout.Doc, r layout.Rect, c Card, fit cardFit) {
	in := r.Inset(cardPad)
	kind := "JOCKEY · " + strings.ToUpper(house.Duel.Title()) + " ONLY"
	id := "log: jockey NAME " + c.ID
	if c.ID == house.NoJockey.String() {
		kind = "NO JOCKEY · " + strings.ToUpper(house.Duel.Title())
		id = "log: no jockey line"
	}
	// A band across the top holds the kind, the id a log uses, and the name.
	band := layout.Rect{X: r.X + 2, Y: r.Y + 2, W: r.W - 4, H: 17}
	d.SetFillColor(headFill)
	d.SetDrawColor(headFill)
	d.Box(band, layout.Fill)
	d.SetFont(layout.Sans, layout.Bold, 6)
	d.SetTextColor(faint)
	d.Text(in.X, r.Y+7, kind)
	d.SetFont(layout.Sans, layout.Bold, 15)
	d.SetTextColor(ink)
	d.FitFont(c.Name, in.W, 9)
	d.Text(in.X, r.Y+14.5, c.Name)
	d.SetFont(layout.Mono, layout.Regular, 6.5)
	d.SetTextColor(faint)
	d.TextAligned(in.X, r.Y+18, in.W, layout.Left, id)

	size, lead := fit.size, cardLead(fit.size)
	d.SetFont(layout.Sans, layout.Regular, size)
	d.SetTextColor(ink)
	y := r.Y + cardTop + d.Ascent()*0.8
	for _, l := range d.WrapEven(c.Rule, in.W) {
		d.Text(in.X, y, l)
		y += lead
	}
	ty := r.Y + fit.tipY
	d.SetDrawColor(guide)
	d.SetLineWidth(thin)
	d.Line(in.X, ty, in.Right(), ty)
	d.SetFont(layout.Sans, layout.BoldItalic, 6.5)
	d.SetTextColor(faint)
	d.Text(in.X, ty+3.2, "TIP")
	d.SetFont(layout.Sans, layout.Italic, size-0.5)
	d.SetTextColor(ink)
	y = ty + 4.5 + d.Ascent()*0.8
	for _, l := range d.WrapEven(c.Tip, in.W) {
		d.Text(in.X, y, l)
		y += lead
	}
}

// printNote draws the card-sized note on printing at actual size, with a
// ruler to check it.
func printNote(d *layout.Doc, r layout.Rect) {
	in := r.Inset(cardPad)
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 13)
	d.Text(in.X, r.Y+12, "Print at 100%")
	d.SetFont(layout.Sans, layout.Regular, 9)
	y := d.Paragraph(in.X, r.Y+15, in.W, 4.2, layout.Left,
		layout.Curly("Actual size: turn off \"fit to page\" and any shrinking in the print dialog."))
	y = d.Paragraph(in.X, y+2, in.W, 4.2, layout.Left,
		fmt.Sprintf("Each card is %g × %g mm, poker size. Cut along the grey lines; the marks in the margin line up with them.", CardW, CardH))
	// A 50 mm ruler with millimetre ticks.
	const length = 50.0
	rx := in.X + (in.W-length)/2
	ry := y + 12
	d.SetDrawColor(ink)
	d.SetLineWidth(0.25)
	d.Line(rx, ry, rx+length, ry)
	for mm := 0; mm <= int(length); mm++ {
		h := 1.5
		switch {
		case mm%10 == 0:
			h = 4
		case mm%5 == 0:
			h = 2.5
		}
		d.Line(rx+float64(mm), ry, rx+float64(mm), ry-h)
	}
	d.SetFont(layout.Sans, layout.Regular, 6)
	for cm := 0; cm <= int(length)/10; cm++ {
		d.TextAligned(rx+float64(cm*10)-3, ry+3, 6, layout.Center, fmt.Sprint(cm*10))
	}
	d.SetFont(layout.Sans, layout.Italic, 7.5)
	d.Paragraph(in.X, ry+5, in.W, 3.6, layout.Center,
		fmt.Sprintf("This ruler should measure %g mm. If not, the page was scaled.", length))
}
