package greatraces

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	gr "furlong/engine/greatraces"
	"furlong/layout"
	"furlong/templates"
)

// SheetOptions say what a game sheet is for.
type SheetOptions struct {
	Board gr.Board
	// Variant, when not nil, is the board to print instead of Board: a
	// designer's numbers.
	Variant *gr.Variant
	Players int      // 2 to 6: the tracks of each race
	Names   []string // the players in column order, printed on the sheet; may be empty
}

// board is the board to print, as a variant.
func (o SheetOptions) board() *gr.Variant {
	if o.Variant != nil {
		return o.Variant
	}
	return o.Board.Variant()
}

// boardName names the board in the sheet's title: "board standard", or
// "variant long7" for a variant whose numbers are not its base's.
func boardName(v *gr.Variant) string {
	if v.Plain() {
		return "board " + v.Base()
	}
	return "variant " + v.Name()
}

// check says what is wrong with the options, if anything.
func (o SheetOptions) check() error {
	if o.Players < gr.MinPlayers || o.Players > gr.MaxPlayers {
		return fmt.Errorf("a sheet is for %d to %d players, not %d", gr.MinPlayers, gr.MaxPlayers, o.Players)
	}
	if len(o.Names) != 0 && len(o.Names) != o.Players {
		return fmt.Errorf("%d names for %d players", len(o.Names), o.Players)
	}
	for _, n := range o.Names {
		if err := templates.CheckName(n); err != nil {
			return err
		}
	}
	if o.Variant != nil {
		return o.Variant.Check()
	}
	return nil
}

// Sheet layout, in millimetres.
const (
	titleH   = 10.0 // the title bar
	colGap   = 7.0  // between the two columns of races
	slots    = 6    // race slots down each column
	slotPad  = 2.6  // the least room between two races
	maxRow   = 9.5  // the tallest a track gets
	tableGap = 4.0  // between a race's flags and the Players table
	tableMin = 50.0 // the least width of the Players table, beside races 11 and 12
)

// sheetGeom works out the sizes of a sheet's parts in content c for n
// players on board v: every space is as wide as the standard boards'
// (thirteen spaces to race 7) make it, or narrower where a variant's
// longer track needs the room, or where races 11 and 12, longer than the
// standard's, would leave the Players table beside them less than
// tableMin.
func sheetGeom(c layout.Rect, n int, v *gr.Variant) (g geom, colW, slotH float64) {
	colW = (c.W - colGap) / 2
	slotH = (c.H - titleH) / slots
	g = geom{label: 9, seat: 6.5, gap: 1.8, prize: 18}
	fixed := g.label + g.seat + g.gap + g.finish() + g.prize
	g.box = (colW - fixed) / float64(max(v.Longest(), gr.MaxSpaces))
	if beside := max(v.Track(gr.LastRace-1).Spaces, v.Track(gr.LastRace).Spaces); beside > gr.Standard.Track(gr.LastRace-1).Spaces {
		g.box = math.Min(g.box, (colW-fixed-tableGap-tableMin)/float64(beside))
	}
	g.row = math.Min(maxRow, (slotH-slotPad)/float64(n))
	return g, colW, slotH
}

// Sheet appends the game sheet to d, a landscape page: races 2 to 7 down
// the left, 8 to 12 down the right, each with one track per player of its
// length, its double line and its prizes at the finish; the Players table
// (initials at the top, a line per race, the total) and a reminder of the
// rules fill the room the short races leave.
func Sheet(d *layout.Doc, o SheetOptions) error {
	return drawSheet(d, o, nil)
}

// geometry is where a sheet put its parts, for filling it in.
type geometry struct {
	g      geom
	tracks [gr.Races]gr.Track
	// at is each race block's top-left corner; block its whole rectangle,
	// tracks, double line and flags; prize the flags' rectangle.
	at           [gr.Races]layout.Point
	block, prize [gr.Races]layout.Rect
	// cells are the Players table's, race by race and column by column;
	// totals its last line's.
	cells  [gr.Races][gr.MaxPlayers]layout.Rect
	totals [gr.MaxPlayers]layout.Rect
	// note is the room under race 12 that the blank sheet's reminder of
	// the rules takes.
	note layout.Rect
}

// space is the rectangle of space k (0 for the first) of seat's track in
// race index i.
func (geo *geometry) space(i, seat, k int) layout.Rect {
	t, at := geo.tracks[i], geo.at[i]
	return layout.Rect{X: at.X + geo.g.boxX(t, k), Y: at.Y + float64(seat)*geo.g.row, W: geo.g.box, H: geo.g.row}
}

// drawSheet draws the sheet, and when geo is not nil records where its
// parts went and leaves the reminder out, for the sheet to be filled in.
func drawSheet(d *layout.Doc, o SheetOptions, geo *geometry) error {
	if err := o.check(); err != nil {
		return err
	}
	d.AddLandscapePage()
	c := d.Content()
	n := o.Players
	v := o.board()
	g, colW, slotH := sheetGeom(c, n, v)
	top := c.Y + titleH

	titleBar(d, c, o, v)
	labels := make([]string, n)
	for i := range labels {
		labels[i] = fmt.Sprint(i + 1)
	}
	tracks := v.Tracks()
	place := func(i int) (x, y float64) {
		col, slot := 0, i
		if i >= 6 {
			col, slot = 1, i-6
		}
		x = c.X + float64(col)*(colW+colGap)
		y = top + float64(slot)*slotH + (slotH-float64(n)*g.row)/2
		return x, y
	}
	for i, t := range tracks {
		x, y := place(i)
		drawRace(d, x, y, g, race{t: t, labels: labels, shade: n > 2})
		if geo != nil {
			geo.at[i] = layout.Point{X: x, Y: y}
			h := float64(n) * g.row
			geo.block[i] = layout.Rect{X: x, Y: y - 0.8, W: g.width(t), H: h + 1.6}
			geo.prize[i] = layout.Rect{X: x + g.boxX(t, t.Spaces) + g.finish(), Y: y, W: g.prize, H: h}
		}
	}
	if geo != nil {
		geo.g, geo.tracks = g, tracks
	}

	// The Players table, to the right of races 11 and 12, down to the
	// foot of the page; the rules under race 12, to its left.
	rx := c.X + colW + colGap
	x0 := rx + math.Max(g.width(tracks[9]), g.width(tracks[10])) + tableGap
	y0 := top + 3*slotH + 0.5
	players(d, layout.Rect{X: x0, Y: y0, W: c.Right() - x0, H: c.Bottom() - y0}, o, v, geo)
	note := layout.Rect{X: rx, Y: top + 5*slotH + 1.5, W: x0 - tableGap - rx, H: slotH - 1.5}
	if geo != nil {
		geo.note = note
	} else {
		reminder(d, note)
	}
	return d.Err()
}

// titleBar prints the game's name, the board and the players' names (or a
// line for the date).
func titleBar(d *layout.Doc, c layout.Rect, o SheetOptions, v *gr.Variant) {
	base := c.Y + 6
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 15)
	title := "The Great Races"
	d.Text(c.X, base, title)
	x := c.X + d.TextWidth(title) + 4
	d.SetFont(layout.Sans, layout.Regular, 9)
	sub := fmt.Sprintf("%s · %s · fill a track to win its race; past the double line for 2nd", boardName(v), count(o.Players, "player", "players"))
	d.Text(x, base, sub)
	right := "Date ____________"
	if len(o.Names) > 0 {
		var parts []string
		for i, n := range o.Names {
			parts = append(parts, fmt.Sprintf("%d %s", i+1, n))
		}
		right = strings.Join(parts, "   ")
	}
	avail := c.Right() - (x + d.TextWidth(sub) + 6)
	d.SetFont(layout.Sans, layout.Regular, fitSize(d, right, avail, 4, 9))
	d.TextAligned(c.Right()-avail, base, avail, layout.Right, right)
	d.SetDrawColor(rule)
	d.SetLineWidth(0.3)
	d.Line(c.X, c.Y+titleH-2.2, c.Right(), c.Y+titleH-2.2)
}

// players draws the scoring area in r: one column per player, numbered as
// the tracks are, with room (or the name's initials) at the top, a line
// per race and the total.
func players(d *layout.Doc, r layout.Rect, o SheetOptions, v *gr.Variant, geo *geometry) {
	n := o.Players
	const labelW, headH, totalH, captionH = 10.0, 9.0, 8.5, 5.5
	cellW := math.Min(22, (r.W-labelW)/float64(n))
	w := labelW + cellW*float64(n)
	x := r.Right() - w
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 10)
	d.Text(x, r.Y+4, "Players")
	d.SetFont(layout.Sans, layout.Regular, 7)
	d.TextAligned(x, r.Y+4, w, layout.Right, "points won, race by race")
	y := r.Y + captionH
	rowH := (r.Bottom() - y - headH - totalH) / gr.Races
	// Header: the column numbers and the initials.
	d.SetDrawColor(ink)
	d.SetLineWidth(0.3)
	d.SetFillColor(tint)
	d.Rect(x, y, w, headH, layout.FillStroke)
	// One size for every name's initials: the largest that fits them all.
	iniSize := 10.0
	d.SetFont(layout.Sans, layout.Bold, iniSize)
	for _, name := range o.Names {
		iniSize = math.Min(iniSize, fitSize(d, initials(name), cellW-2, headH*0.45, iniSize))
	}
	for i := range n {
		cx := x + labelW + float64(i)*cellW
		d.Line(cx, y, cx, r.Bottom())
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.Text(cx+0.8, y+2.8, fmt.Sprint(i+1))
		if len(o.Names) > 0 {
			d.SetFont(layout.Sans, layout.Bold, iniSize)
			d.Label(layout.Rect{X: cx, Y: y + 2, W: cellW, H: headH - 2}, layout.Center, 0, initials(o.Names[i]))
		}
	}
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.Label(layout.Rect{X: x, Y: y, W: labelW, H: headH}, layout.Center, 0, "race")
	y += headH
	d.SetLineWidth(0.2)
	d.SetDrawColor(rule)
	for i, t := range v.Tracks() {
		ry := y + float64(i)*rowH
		if i%2 == 1 {
			d.SetFillColor(tint)
			d.Rect(x+0.15, ry, w-0.3, rowH, layout.Fill)
		}
		d.Line(x, ry, x+w, ry)
		d.SetFont(layout.Sans, layout.Bold, math.Min(9, rowH*1.6))
		d.Label(layout.Rect{X: x, Y: ry, W: labelW, H: rowH}, layout.Center, 0, fmt.Sprint(t.Race))
	}
	// Redraw the column rules over the tints.
	d.SetDrawColor(ink)
	d.SetLineWidth(0.3)
	for i := 1; i <= n; i++ {
		cx := x + labelW + float64(i-1)*cellW
		d.Line(cx, y, cx, r.Bottom())
	}
	ty := y + gr.Races*rowH
	if geo != nil {
		for i := range gr.Races {
			for p := range n {
				geo.cells[i][p] = layout.Rect{X: x + labelW + float64(p)*cellW, Y: y + float64(i)*rowH, W: cellW, H: rowH}
			}
		}
		for p := range n {
			geo.totals[p] = layout.Rect{X: x + labelW + float64(p)*cellW, Y: ty, W: cellW, H: totalH}
		}
	}
	d.SetLineWidth(0.6)
	d.Line(x, ty, x+w, ty)
	d.SetLineWidth(0.3)
	d.Rect(x, r.Y+captionH, w, r.Bottom()-r.Y-captionH, layout.Stroke)
	d.SetFont(layout.Sans, layout.Bold, 8)
	d.Label(layout.Rect{X: x, Y: ty, W: labelW, H: totalH}, layout.Center, 0, "Total")
}

// initials are what fits of a name in a narrow column: its first three
// letters, or its capitals when it has more than one.
func initials(name string) string {
	var caps []rune
	for _, r := range name {
		if unicode.IsUpper(r) {
			caps = append(caps, r)
		}
	}
	if len(caps) > 1 {
		return string(caps[:min(3, len(caps))])
	}
	rs := []rune(name)
	return string(rs[:min(3, len(rs))])
}

// reminder prints the rules in a few lines in r.
func reminder(d *layout.Doc, r layout.Rect) {
	if r.W < 40 || r.H < 12 {
		return
	}
	lines := []string{
		"Your turn: throw four dice, make two pairs of them any way you like, and mark the next space " +
			"of your track in the race of each pair's total, one pair after the other.",
		"A pair whose race has closed marks nothing.",
		"Fill your track and the race is yours (the big flag); it closes for everyone. Of the others past " +
			"the double line, the farthest takes the small flag; a tie goes to the later column.",
		"When the last race closes, the most points wins; a tie goes to the later column.",
	}
	d.SetTextColor(ink)
	size := 7.5
	var wrapped [][]string
	for ; size > 5.5; size -= 0.25 {
		d.SetFont(layout.Sans, layout.Regular, size)
		wrapped = wrapped[:0]
		total := 0.0
		for _, l := range lines {
			w := d.Wrap(l, r.W-3)
			wrapped = append(wrapped, w)
			total += float64(len(w))*size*0.42 + 0.8
		}
		if total <= r.H-1 {
			break
		}
	}
	lead := size * 0.42
	y := r.Y + d.Ascent()
	for _, w := range wrapped {
		d.Text(r.X, y, "•")
		for _, l := range w {
			d.Text(r.X+3, y, l)
			y += lead
		}
		y += 0.8
	}
}

// count writes n with its noun.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
