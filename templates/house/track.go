package house

import (
	"fmt"
	"strings"

	"furlong/engine/house"
	"furlong/layout"
	"furlong/templates"
)

// grid describes a block of lanes of seven boxes under the stations.
type grid struct {
	caption  string         // over the row labels: "Lane", "Horse"
	bet      bool           // a BET circle per row
	home     string         // header of the first-home tick column; "" for none
	homeFor  string         // what the tick pays, under the header
	score    string         // header of the per-row score column; "" for none
	scoreFor string         // what goes into it, under the header
	layout   int            // 1-6 marks the Carrot and Camera; 0 unknown
	num      *house.Numbers // the board's pays and layout table; nil for the standard board's
	rowH     float64
	big      bool      // larger type, for a card read across a table
	geo      *geometry // records the boxes drawn
}

// The grid's fixed column widths.
const (
	gridLabelW = 10
	gridBetW   = 12
	gridHomeW  = 14
	gridScoreW = 18
	gridGap    = 1.2
)

// candidates lists the stations the layout table of num can give the
// Carrot and the Camera, in track order.
func candidates(num *house.Numbers) (carrot, camera []house.Station) {
	seen := map[house.Station][2]bool{}
	for _, l := range num.Layouts() {
		s := seen[l.Carrot]
		s[0] = true
		seen[l.Carrot] = s
		s = seen[l.Camera]
		s[1] = true
		seen[l.Camera] = s
	}
	for _, st := range house.Stations {
		if seen[st][0] {
			carrot = append(carrot, st)
		}
		if seen[st][1] {
			camera = append(camera, st)
		}
	}
	return carrot, camera
}

func hasStation(ss []house.Station, s house.Station) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// layoutX is where the layout table starts, from the left of the content.
const layoutX = 86.0

// Tick boxes of the mark row, for the Carrot and the Camera when the layout
// is not known yet: big enough to tick with a pencil.
const (
	tickSide  = 4.0
	tickPitch = tickSide + 1.4
	tickSize  = 7.5 // points
	markH     = 1.0 + 2*tickPitch
)

// fitAll is the largest size, from size down to min points in half points,
// at which every text fits in w in the current family and style, so that
// a row of cells is set in one size.
func fitAll(d *layout.Doc, texts []string, w, size, min float64) float64 {
	fam, sty, _ := d.Font()
	for ; size > min; size -= 0.5 {
		d.SetFont(fam, sty, size)
		fits := true
		for _, t := range texts {
			fits = fits && d.TextWidth(t) <= w
		}
		if fits {
			break
		}
	}
	d.SetFont(fam, sty, size)
	return size
}

// stationNames are the stations' names in track order.
func stationNames() []string {
	var names []string
	for _, st := range house.Stations {
		names = append(names, st.String())
	}
	return names
}

// gridHeadHeight is the height of a grid's tags and header, above its
// rows.
func gridHeadHeight(lay int, big bool) float64 {
	h := 5.0 + 11 + 1
	if big {
		h += 2
	}
	if lay == 0 {
		h += markH
	}
	return h
}

// drawGrid draws the lanes from (x, y) across width w and returns the y
// below them.
func drawGrid(d *layout.Doc, x, y, w float64, g grid) float64 {
	fixed := gridLabelW + 2.0
	if g.bet {
		fixed += gridBetW
	}
	if g.home != "" {
		fixed += gridHomeW + gridGap*2
	}
	if g.score != "" {
		fixed += gridScoreW + gridGap*2
	}
	n := len(house.Stations)
	bw := (w - fixed - gridGap*float64(n-1)) / float64(n)
	boxX := x + gridLabelW + 2
	if g.bet {
		boxX += gridBetW
	}
	num := g.num
	if num == nil {
		num = house.StandardNumbers
	}
	var lay house.Layout
	if g.layout != 0 {
		lay = num.Layout(g.layout)
	}
	carrotC, cameraC := candidates(num)

	// Tags over the header: the Carrot and the Camera when known.
	tagH := 5.0
	if g.layout != 0 {
		for i, st := range house.Stations {
			bx := boxX + float64(i)*(bw+gridGap)
			for _, t := range []struct {
				on   bool
				name string
				tint layout.Color
			}{{st == lay.Carrot, "CARROT", carrotTnt}, {st == lay.Camera, "CAMERA", cameraTnt}} {
				if !t.on {
					continue
				}
				d.SetFillColor(t.tint)
				d.SetDrawColor(ink)
				d.SetLineWidth(thin)
				r := layout.Rect{X: bx, Y: y, W: bw, H: tagH - 0.6}
				d.Box(r, layout.FillStroke)
				d.SetFont(layout.Sans, layout.Bold, 7)
				d.SetTextColor(ink)
				d.Label(r, layout.Center, 0.5, t.name)
			}
		}
	} else {
		d.SetFont(layout.Sans, layout.Italic, 7)
		d.SetTextColor(faint)
		d.Text(boxX, y+3.4, "Mark the Carrot and the Camera from your layout roll:")
	}
	y += tagH

	// Header: box number, station, payout.
	headH := 11.0
	if g.big {
		headH = 13
	}
	d.SetLineWidth(rule)
	d.SetDrawColor(ink)
	size := 8.0
	if g.big {
		size = 10
	}
	d.SetFont(layout.Sans, layout.Bold, size)
	nameSize := fitAll(d, stationNames(), bw-1.5, size, 6)
	for i, st := range house.Stations {
		r := layout.Rect{X: boxX + float64(i)*(bw+gridGap), Y: y, W: bw, H: headH}
		d.SetFillColor(headFill)
		switch {
		case g.layout != 0 && st == lay.Carrot:
			d.SetFillColor(carrotTnt)
		case g.layout != 0 && st == lay.Camera:
			d.SetFillColor(cameraTnt)
		}
		d.Box(r, layout.FillStroke)
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, nameSize)
		d.TextAligned(r.X, r.Y+headH*0.42, r.W, layout.Center, st.String())
		d.SetFont(layout.Sans, layout.Regular, size+1)
		d.TextAligned(r.X, r.Y+headH*0.85, r.W, layout.Center, Money(num.Pays(st)))
		d.SetFont(layout.Sans, layout.Regular, 5.5)
		d.SetTextColor(faint)
		d.Text(r.X+0.8, r.Bottom()-0.8, fmt.Sprint(int(st)))
	}
	// Headers of the side columns.
	d.SetTextColor(ink)
	d.SetFont(layout.Sans, layout.Bold, 7)
	d.TextAligned(x, y+headH*0.55, gridLabelW, layout.Center, strings.ToUpper(g.caption))
	if g.bet {
		d.SetFont(layout.Sans, layout.Regular, 6)
		d.TextAligned(x+gridLabelW+1, y+headH*0.45, gridBetW, layout.Center, "circle")
		d.TextAligned(x+gridLabelW+1, y+headH*0.45+2.6, gridBetW, layout.Center, "BET")
	}
	right := x + w
	scoreX := right - gridScoreW
	homeX := right - gridHomeW
	if g.score != "" {
		homeX = scoreX - gridGap*2 - gridHomeW
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.TextAligned(scoreX, y+headH*0.4, gridScoreW, layout.Center, g.score)
		if g.scoreFor != "" {
			d.SetFont(layout.Sans, layout.Regular, 6.5)
			d.FitFont(g.scoreFor, gridScoreW+2*gridGap, 5.5)
			d.TextAligned(scoreX-gridGap, y+headH*0.4+2.8, gridScoreW+2*gridGap, layout.Center, g.scoreFor)
		}
	}
	if g.home != "" {
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.TextAligned(homeX, y+headH*0.4, gridHomeW, layout.Center, g.home)
		d.SetFont(layout.Sans, layout.Regular, 6.5)
		d.TextAligned(homeX, y+headH*0.4+2.8, gridHomeW, layout.Center, g.homeFor)
	}
	y += headH

	// The mark row when the layout is not known yet: a tick box for the
	// Carrot on the first line and for the Camera on the second, under
	// each station the layout table can give them.
	if g.layout == 0 {
		for i, st := range house.Stations {
			bx := boxX + float64(i)*(bw+gridGap)
			d.SetFont(layout.Sans, layout.Regular, tickSize)
			d.SetTextColor(ink)
			d.SetDrawColor(ink)
			d.SetLineWidth(rule)
			for j, m := range []struct {
				on   bool
				name string
			}{{hasStation(carrotC, st), "Carrot"}, {hasStation(cameraC, st), "Camera"}} {
				if !m.on {
					continue
				}
				cy := y + 1 + float64(j)*tickPitch
				d.Rect(bx+0.6, cy, tickSide, tickSide, layout.Stroke)
				d.Text(bx+0.6+tickSide+1, cy+tickSide/2+d.CapHeight()/2, m.name)
			}
		}
		y += markH
	}
	y += 1

	// The lanes.
	for lane := 1; lane <= house.Lanes; lane++ {
		ry := y + float64(lane-1)*g.rowH
		bh := g.rowH - rowTrail
		d.SetTextColor(ink)
		d.SetFont(layout.Sans, layout.Bold, 16)
		if g.big {
			d.SetFont(layout.Sans, layout.Bold, 20)
		}
		d.Label(layout.Rect{X: x, Y: ry, W: gridLabelW, H: bh}, layout.Center, 0, fmt.Sprint(lane))
		if g.bet {
			cx := x + gridLabelW + 1 + gridBetW/2
			cy := ry + bh/2
			g.geo.bet[lane-1] = layout.Point{X: cx, Y: cy}
			d.SetDrawColor(guide)
			d.SetLineWidth(thin)
			d.Circle(cx, cy, 4.6, layout.Stroke)
			d.SetFont(layout.Sans, layout.Bold, 7)
			d.SetTextColor(faint)
			d.Label(layout.Rect{X: cx - 5, Y: cy - 3, W: 10, H: 6}, layout.Center, 0, "BET")
		}
		for i, st := range house.Stations {
			r := layout.Rect{X: boxX + float64(i)*(bw+gridGap), Y: ry, W: bw, H: bh}
			g.geo.lanes[lane-1][i] = r
			paint := layout.Stroke
			switch {
			case g.layout != 0 && st == lay.Carrot:
				d.SetFillColor(carrotTnt)
				paint = layout.FillStroke
			case g.layout != 0 && st == lay.Camera:
				d.SetFillColor(cameraTnt)
				paint = layout.FillStroke
			}
			d.SetDrawColor(ink)
			d.SetLineWidth(rule)
			if st == house.Wire {
				d.SetLineWidth(heavy)
			}
			d.Box(r, paint)
		}
		if g.home != "" {
			s := 8.5
			d.SetDrawColor(ink)
			d.SetLineWidth(rule)
			d.Rect(homeX+(gridHomeW-s)/2, ry+(bh-s)/2, s, s, layout.Stroke)
			g.geo.home[lane-1] = layout.Rect{X: homeX + (gridHomeW-s)/2, Y: ry + (bh-s)/2, W: s, H: s}
		}
		if g.score != "" {
			r := layout.Rect{X: scoreX, Y: ry, W: gridScoreW, H: bh}
			g.geo.score[lane-1] = r
			strokeBox(d, r, rule)
			d.SetFont(layout.Sans, layout.Regular, 7)
			d.SetTextColor(faint)
			d.Text(r.X+1, r.Y+3, "$")
		}
	}
	d.SetTextColor(ink)
	return y + float64(house.Lanes)*g.rowH - rowTrail
}

// rollText is a layout roll as printed in its box: blank when it is not
// known yet.
func rollText(roll int) string {
	if roll == 0 {
		return ""
	}
	return fmt.Sprint(roll)
}

// layoutBlock draws, from y in width w at x, what a sheet says of the
// layout: the layout table when the roll is not known yet, else where the
// rolled layout puts the Carrot and the Camera.
func layoutBlock(d *layout.Doc, num *house.Numbers, roll int, x, y, w float64) {
	if roll == 0 {
		layoutTable(d, num, x, y+1, w)
		return
	}
	l := num.Layout(roll)
	templates.Caption(d, x, y+3, fmt.Sprintf("LAYOUT %d", roll), "rolled once, never again")
	d.SetFont(layout.Sans, layout.Regular, 9)
	d.SetTextColor(ink)
	d.Text(x, y+9, fmt.Sprintf("Carrot at %s  ·  Camera at %s", l.Carrot, l.Camera))
}

// layoutTable draws the layout table compactly, rolls across, from (x, y)
// in width w, and returns the y below it.
func layoutTable(d *layout.Doc, num *house.Numbers, x, y, w float64) float64 {
	const rowH = 5.2
	labelW := 15.0
	cw := (w - labelW) / 6
	// One size for every cell, so that no station is set smaller.
	d.SetFont(layout.Sans, layout.Regular, 7)
	cellSize := fitAll(d, stationNames(), cw-1.5, 7, 5)
	d.SetLineWidth(thin)
	d.SetDrawColor(ink)
	rows := []string{"Layout roll", "Carrot", "Camera"}
	for j, name := range rows {
		ry := y + float64(j)*rowH
		fill := layout.Stroke
		if j == 0 {
			d.SetFillColor(headFill)
			fill = layout.FillStroke
		}
		d.Rect(x, ry, w, rowH, fill)
		d.SetFont(layout.Sans, layout.Bold, 7)
		d.SetTextColor(ink)
		d.Label(layout.Rect{X: x, Y: ry, W: labelW, H: rowH}, layout.Left, 1, name)
		for roll := 1; roll <= 6; roll++ {
			l := num.Layout(roll)
			cell := layout.Rect{X: x + labelW + float64(roll-1)*cw, Y: ry, W: cw, H: rowH}
			text := fmt.Sprint(l.Roll)
			d.SetFont(layout.Sans, layout.Regular, cellSize)
			switch j {
			case 0:
				d.SetFont(layout.Sans, layout.Bold, 7)
			case 1:
				text = l.Carrot.String()
			case 2:
				text = l.Camera.String()
			}
			d.Label(cell, layout.Center, 0, text)
		}
	}
	for roll := 0; roll <= 6; roll++ {
		lx := x + labelW + float64(roll)*cw
		if roll < 6 {
			d.Line(lx, y, lx, y+3*rowH)
		}
	}
	return y + 3*rowH
}
