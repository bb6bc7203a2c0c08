package raceyourbets

import (
	"fmt"
	"math"
	"slices"
	"strings"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
	"furlong/templates"
)

// Options say which board to print.
type Options struct {
	Board ryb.Board
	// Variant, when not nil, is a designer's board to print instead of
	// Board: its tracks, its medals and its finish. A variant whose tracks
	// are its base board's own prints as that board, to its finish.
	Variant *ryb.Variant
	Finish  int      // 0: the default finish; a variant's own when Variant is set
	Names   []string // players' names for the score page; may be empty
	// Seats is how many places for names the score page leaves when Names
	// is empty: 0 leaves one per seat of the largest table.
	Seats int

	tab   *ryb.Tables // the numbers printed, once checked
	vname string      // the variant's name; "" for a standard board
}

func (o Options) check() (Options, error) {
	if v := o.Variant; v != nil {
		if err := v.Check(); err != nil {
			return o, fmt.Errorf("templates: the variant %s: %w", v.Name(), err)
		}
		o.Board, o.Finish = v.Board(), v.Finish
		o.tab, _ = v.Tables()
		o.vname = v.Name()
		if v.StandardTracks() {
			o.Variant, o.vname = nil, ""
		}
	}
	if int(o.Board) >= len(ryb.Boards) {
		return o, fmt.Errorf("templates: no board %d", o.Board)
	}
	if o.tab == nil {
		o.tab = o.Board.Tables()
	}
	if o.Finish == 0 {
		o.Finish = ryb.DefaultFinish
	}
	if !ryb.CheckFinish(o.Finish) {
		return o, fmt.Errorf("templates: finish %d: the score track is %d to %d long", o.Finish, ryb.MinFinish, ryb.MaxFinish)
	}
	if o.Seats != 0 && !ryb.CheckPlayers(o.Seats) {
		return o, fmt.Errorf("templates: %d players: a table seats %d to %d", o.Seats, ryb.MinPlayers, ryb.MaxPlayers)
	}
	if len(o.Names) > ryb.MaxPlayers {
		return o, fmt.Errorf("templates: %d names: a table seats %d to %d players", len(o.Names), ryb.MinPlayers, ryb.MaxPlayers)
	}
	for i, n := range o.Names {
		if strings.TrimSpace(n) == "" {
			return o, fmt.Errorf("templates: name %d is empty", i+1)
		}
		if err := templates.CheckName(n); err != nil {
			return o, err
		}
		if slices.Contains(o.Names[:i], n) {
			return o, fmt.Errorf("templates: %q is named twice: the score page must tell the players apart", n)
		}
	}
	return o, nil
}

// tables are the numbers of the board o prints.
func (o *Options) tables() *ryb.Tables {
	if o.tab != nil {
		return o.tab
	}
	return o.Board.Tables()
}

// title names the board o prints: "The graded board", or for a variant
// "Variant long-sixes, from the graded board".
func (o *Options) title() string {
	if o.vname != "" {
		return fmt.Sprintf("Variant %s, from the %s board", o.vname, o.Board)
	}
	return o.Board.Title()
}

// boardName is the board as the log pad's header gives it: "graded", or
// "long-sixes (variant)".
func (o *Options) boardName() string {
	if o.vname != "" {
		return o.vname + " (variant)"
	}
	return o.Board.String()
}

// Colours of the board, light enough to print in grey on any printer.
var (
	ink       = layout.Gray(35)
	faint     = layout.Gray(150)
	startFill = layout.Color{R: 226, G: 236, B: 246}
	// gold is darker than silver in grey as well as in colour, and its
	// medal has a double ring: the two read apart on any printer
	goldFill = layout.Color{R: 238, G: 190, B: 72}
	silvFill = layout.Color{R: 232, G: 234, B: 238}
	rowFill  = layout.Gray(246)
	pastFill = layout.Color{R: 252, G: 241, B: 212}
)

// CoinMM is the widest coin the spaces must hold: a US quarter is 24.26 mm
// across, a euro 23.25 mm. The board's spaces are at least this wide.
const CoinMM = 24.3

// geometry is where the board page puts things.
type geometry struct {
	w, h         float64 // the landscape page
	x0, y0       float64 // the content's top-left corner
	cw, ch       float64 // the content's size
	cell, gap    float64 // a space's side and the gap between tracks
	finishX      float64 // the finish line's left edge
	flag, medals float64 // widths of the finish line and the medals
	top, bottom  float64 // heights of the header and the summary
}

// layoutBoard fits the tracks into a landscape page: the spaces are square
// and as big as the page allows, the finish lines one under the other.
func layoutBoard(w, h float64) geometry {
	m := float64(templates.Margin)
	g := geometry{w: w, h: h, x0: m, y0: m, cw: w - 2*m, ch: h - 2*m, gap: 1.5, flag: 5, medals: 29, top: 15, bottom: 17}
	across := (g.cw - g.flag - g.medals - 2) / float64(ryb.MaxSpaces+1)
	down := (g.ch - g.top - g.bottom - float64(ryb.Horses-1)*g.gap) / ryb.Horses
	g.cell = math.Floor(math.Min(across, down)*10) / 10
	used := float64(ryb.MaxSpaces+1)*g.cell + g.flag + g.medals + 2
	g.x0 += (g.cw - used) / 2
	g.finishX = g.x0 + float64(ryb.MaxSpaces+1)*g.cell
	return g
}

// Board appends the board and the score track to d, each on a landscape
// page.
func Board(d *layout.Doc, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	drawBoard(d, o, nil)
	return d.Err()
}

// drawBoard draws the board and the score track of o, which check has
// read, and calls write, when not nil, with the geometry of each page
// once it is drawn, for the pen to fill in.
func drawBoard(d *layout.Doc, o Options, write *boardWriter) {
	d.AddLandscapePage()
	w, h := d.PageSize()
	g := layoutBoard(w, h)
	d.SetDrawColor(ink)
	d.SetTextColor(ink)
	header(d, &g, o)
	tracks := o.tables().Tracks()
	for i := range tracks {
		track(d, &g, i+1, tracks[i])
	}
	summary(d, &g)
	if write != nil {
		write.board(d, &g, o)
	}
	d.AddLandscapePage()
	w, h = d.PageSize()
	sg := scorePage(d, w, h, o)
	if write != nil {
		write.score(d, &sg, o)
	}
	d.SetLineWidth(0.2)
	d.SetTextColor(layout.Black)
	d.SetDrawColor(layout.Black)
	d.SetFillColor(layout.White)
}

// row is where track h of t runs: its top, and the left edge of its
// space 1.
func (g *geometry) row(h int, t ryb.Track) (y, first float64) {
	return g.y0 + g.top + float64(h-1)*(g.cell+g.gap), g.finishX - float64(t.Spaces)*g.cell
}

// medalAt is the centre and radius of medal m of the track whose row is
// at y.
func (g *geometry) medalAt(y float64, m ryb.Medal) (cx, cy, r float64) {
	mx := g.finishX + g.flag + 2
	i := 0.0
	if m == ryb.Silver {
		i = 1
	}
	return mx + g.medals/4 + i*g.medals/2, y + g.cell/2 - 2, math.Min(g.medals/4-0.8, g.cell/2-3.5)
}

// header draws the title and the dice key.
func header(d *layout.Doc, g *geometry, o Options) {
	d.SetFont(layout.Sans, layout.Bold, 17)
	d.Text(g.x0, g.y0+7, "Race Your Bets")
	d.SetFont(layout.Sans, layout.Regular, 9)
	// the dice key, at the right
	right := g.x0 + float64(ryb.MaxSpaces+1)*g.cell + g.flag + g.medals + 2
	x := right - 112
	// the subtitle, shorter when a variant's long name leaves no room
	// before the key
	sub := fmt.Sprintf("%s · first to %d points wins · spaces %.1f mm: a counter or a coin fits", o.title(), o.Finish, g.cell)
	if room := x - 3 - g.x0; d.TextWidth(sub) > room {
		sub = clip(d, fmt.Sprintf("%s · first to %d points wins", o.title(), o.Finish), room)
	}
	d.Text(g.x0, g.y0+12.5, sub)
	for i, name := range []string{"A", "B"} {
		bx := x + float64(i)*57
		d.SetLineWidth(0.5)
		d.RoundRect(bx, g.y0+1, 11, 11, 1.8, layout.Stroke)
		d.SetFont(layout.Sans, layout.Bold, 14)
		d.Label(layout.Rect{X: bx, Y: g.y0 + 1, W: 11, H: 11}, layout.Center, 0, name)
		d.SetFont(layout.Sans, layout.Regular, 8)
		what := "moves first"
		if i == 1 {
			what = "moves second"
		}
		d.Text(bx+13, g.y0+5, fmt.Sprintf("die %s %s;", name, what))
		d.Text(bx+13, g.y0+10.5, "its colour:")
		d.SetLineWidth(0.2)
		d.SetDrawColor(faint)
		d.Line(bx+28.5, g.y0+11, bx+53, g.y0+11)
		d.SetDrawColor(ink)
	}
}

// track draws horse h's track: the start box, the spaces, the finish line
// and the medals.
func track(d *layout.Doc, g *geometry, h int, t ryb.Track) {
	y, first := g.row(h, t) // first: space 1's left edge
	c := g.cell
	// the row's band, from the start box to the medals
	d.SetFillColor(rowFill)
	d.Rect(first-c, y, g.finishX-first+c+g.flag+g.medals+2, c, layout.Fill)
	// the start box
	d.SetFillColor(startFill)
	d.SetLineWidth(0.5)
	d.Rect(first-c, y, c, c, layout.FillStroke)
	d.SetFont(layout.Sans, layout.Bold, 26)
	d.Label(layout.Rect{X: first - c, Y: y, W: c, H: c * 0.8}, layout.Center, 0, fmt.Sprint(h))
	d.SetFont(layout.Sans, layout.Regular, 6.5)
	d.TextAligned(first-c, y+c-2.2, c, layout.Center, "start")
	// the spaces, numbered small in a corner
	d.SetLineWidth(0.35)
	d.SetFillColor(layout.White)
	for s := 1; s <= int(t.Spaces); s++ {
		x := first + float64(s-1)*c
		d.Rect(x, y, c, c, layout.FillStroke)
		d.SetTextColor(faint)
		d.SetFont(layout.Sans, layout.Regular, 7)
		d.Text(x+1.3, y+3.6, fmt.Sprint(s))
		d.SetTextColor(ink)
	}
	// the finish line: a chequered strip
	sq := g.flag / 2
	for r := 0; float64(r)*sq < c-0.01; r++ {
		for k := range 2 {
			hh := math.Min(sq, c-float64(r)*sq)
			if (r+k)%2 == 0 {
				d.SetFillColor(ink)
			} else {
				d.SetFillColor(layout.White)
			}
			d.Rect(g.finishX+float64(k)*sq, y+float64(r)*sq, sq, hh, layout.Fill)
		}
	}
	d.SetLineWidth(0.35)
	d.Rect(g.finishX, y, g.flag, c, layout.Stroke)
	// the medals
	for _, m := range []ryb.Medal{ryb.Gold, ryb.Silver} {
		cx, cy, r := g.medalAt(y, m)
		if m == ryb.Gold {
			d.SetFillColor(goldFill)
		} else {
			d.SetFillColor(silvFill)
		}
		medal(d, cx, cy, r, m)
		d.SetFont(layout.Sans, layout.Bold, 15)
		d.Label(layout.Rect{X: cx - r, Y: cy - r, W: 2 * r, H: 2 * r}, layout.Center, 0, fmt.Sprint(t.Pays(m)))
		if m == ryb.Gold {
			d.SetFont(layout.Sans, layout.Bold, 6.5)
		} else {
			d.SetFont(layout.Sans, layout.Regular, 6.5)
		}
		d.TextAligned(cx-g.medals/4, y+c-1.6, g.medals/2, layout.Center, m.String())
	}
}

// medal draws medal m's disc of radius r at (cx, cy): gold darker, with a
// double ring, silver light with a single one, so that the two differ in
// shape and in grey, not in colour alone.
func medal(d *layout.Doc, cx, cy, r float64, m ryb.Medal) {
	if m == ryb.Gold {
		d.SetFillColor(goldFill)
		d.SetLineWidth(0.9)
		d.Circle(cx, cy, r, layout.FillStroke)
		d.SetLineWidth(0.35)
		d.Circle(cx, cy, r-1.6, layout.Stroke)
		return
	}
	d.SetFillColor(silvFill)
	d.SetLineWidth(0.4)
	d.Circle(cx, cy, r, layout.FillStroke)
}

// summary draws the turn in brief along the bottom of the board.
func summary(d *layout.Doc, g *geometry) {
	y := g.y0 + g.top + ryb.Horses*g.cell + (ryb.Horses-1)*g.gap + 3
	width := float64(ryb.MaxSpaces+1)*g.cell + g.flag + g.medals + 2
	d.SetLineWidth(0.3)
	d.Line(g.x0, y-1, g.x0+width, y-1)
	cols := []struct{ head, text string }{
		{"1. Act", fmt.Sprintf("Bet: a counter on the empty space nearest the finish, only ahead of the horse (%d counters each). "+
			"Or pass: +%d point, never onto the finish. Or cheer a horse.", ryb.Counters, ryb.PassPoints)},
		{"2. Roll both dice", "Die A's horse moves a space, then die B's, then the cheered horse if neither die named it. " +
			"A horse across the line moves no more this race."},
		{"3. Medals", "First across: gold; second: silver, to the most counters on that track. " +
			"Tied players each score 1 less per other player in the tie, never below 0."},
		{"4. Reset and win", "The second horse across ends the race at once: horses to the start, counters back. " +
			"A medal that takes a marker to the finish wins; most points wins."},
	}
	cw := (width - 3*4) / 4
	for i, col := range cols {
		x := g.x0 + float64(i)*(cw+4)
		d.SetFont(layout.Sans, layout.Bold, 7.5)
		d.Text(x, y+2.6, col.head)
		d.SetFont(layout.Sans, layout.Regular, 7)
		d.Paragraph(x, y+3.6, cw, 3.05, layout.Left, col.text)
	}
}
