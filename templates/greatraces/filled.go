package greatraces

import (
	"fmt"
	"math"
	"strings"

	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/play"
	"furlong/layout"
	"furlong/templates"
)

// pen and penWidth are what a player writes on a sheet with: every
// game's ballpoint, templates.Pen.
var pen = templates.Pen

const penWidth = templates.PenWidth

// FilledSheet appends the shared sheet of the game v shows to d, as it
// stands: drawn as the blank sheet is, the players' names at its head,
// and filled in by hand, every space marked on a track crossed out, the
// flags of every race closed ringed where they were won (the large one
// for its winner, the small one for 2nd place), the points of each race
// in the Players table and, once the game is over, each column's total.
// Under race 12, where the blank sheet reminds of the rules, are the
// dice: the throw waiting for its split, or the last one made and its
// split (the reminder stays while nothing has been thrown). turns is the log's number of turns in all when v is the game as
// it stood before the log's end (sheets --from --turn), 0 otherwise.
//
// Each race's block is tagged with its name, "race 7", the Part the play
// protocol's splits name it by, so that a click on a race drawn on screen
// picks the splits that feed it.
func FilledSheet(d *layout.Doc, v play.View, turns int) error {
	g := &v.Sheet
	when := "as it stands at the end"
	switch {
	case turns > v.Turns:
		when = fmt.Sprintf("after turn %d of %d", v.Turns, turns)
	case !g.Over():
		when = "where the log stops"
	}
	d.SetInfo(fmt.Sprintf("%s: %s", gr.Title, strings.Join(v.Names, ", ")), "The game sheet, filled in "+when)
	geo := new(geometry)
	o := SheetOptions{Board: v.Board, Variant: g.Variant(), Players: len(v.Names), Names: v.Names}
	if err := drawSheet(d, o, geo); err != nil {
		return err
	}
	for i := range gr.Races {
		d.Tag(fmt.Sprintf("race %d", i+gr.FirstRace), geo.block[i])
	}
	w := writing{d: d, geo: geo}
	d.SetDrawColor(pen)
	d.SetTextColor(pen)
	d.SetLineWidth(penWidth)
	n := len(v.Names)
	for i := range gr.Races {
		race := i + gr.FirstRace
		for p := range n {
			for k := range g.Marks(race, p) {
				w.cross(geo.space(i, p, k))
			}
		}
		t := geo.tracks[i]
		one, two := flagsIn(geo.prize[i]).labels()
		if win := g.RaceWinner(race); win >= 0 {
			w.ring(one)
			w.number(geo.cells[i][win], t.First)
		}
		if sec := g.RaceSecond(race); sec >= 0 {
			w.ring(two)
			w.number(geo.cells[i][sec], t.Second)
		}
	}
	if g.Over() {
		for p := range n {
			r := geo.totals[p].Inset(1.2)
			d.HandIn(r, math.Min(6, r.H*0.8), fmt.Sprint(g.Points(p)))
		}
	}
	d.SetDrawColor(ink)
	d.SetTextColor(ink)
	w.throw(v)
	return d.Err()
}

// writing fills in one sheet drawn with geometry geo.
type writing struct {
	d   *layout.Doc
	geo *geometry
}

// cross crosses out a space, in two quick strokes.
func (w *writing) cross(r layout.Rect) {
	m := math.Min(r.W, r.H) * 0.2
	w.d.HandLine(r.X+m, r.Y+m, r.Right()-m, r.Bottom()-m)
	w.d.HandLine(r.X+m, r.Bottom()-m, r.Right()-m, r.Y+m)
}

// ring circles a flag's points.
func (w *writing) ring(r layout.Rect) {
	w.d.HandRing(r.X+r.W/2, r.Y+r.H/2, r.W*0.62+0.4, r.H*0.5+0.3)
}

// number writes points in a cell of the Players table.
func (w *writing) number(r layout.Rect, pts int) {
	r = r.Inset(0.8)
	w.d.HandIn(r, math.Min(5.5, r.H*0.8), fmt.Sprint(pts))
}

// throw draws, in the room under race 12, the dice waiting for their
// split and whose they are, or the last throw and its split; and, once
// the game is over, who won. Before the first throw, and on a transcript,
// the room keeps the blank sheet's reminder of the rules.
func (w *writing) throw(v play.View) {
	d, r := w.d, w.geo.note
	n := len(v.Names)
	var caption, after string
	var dice [gr.Dice]int8
	switch {
	case v.Turn.Kind == "split":
		caption = fmt.Sprintf("Turn %d: %s to split", v.Turns+1, v.Names[v.Turn.Seat])
		dice = v.Dice
	case v.Turns > 0:
		caption = fmt.Sprintf("Turn %d: %s threw", v.Turns, v.Names[(v.Turns-1)%n])
		dice, after = v.LastThrow, "split "+v.LastSplit.String()
	default:
		reminder(d, r) // nothing thrown yet, or a transcript: the rules, as on the blank sheet
		return
	}
	if r.W < 30 || r.H < 9 {
		return
	}
	size := math.Min(7.5, r.H*0.32)
	d.SetFont(layout.Sans, layout.Bold, fitSize(d, caption, r.W, size*0.5, 8.5))
	d.Text(r.X, r.Y+d.Ascent(), caption)
	y := r.Y + size*0.75
	x := r.X
	for _, f := range dice {
		die(d, x, y, size, f)
		x += size * 1.25
	}
	if after != "" {
		d.SetFont(layout.Sans, layout.Regular, fitSize(d, after, r.Right()-x-1, size*0.6, 9))
		d.Text(x+size*0.2, y+size/2+d.CapHeight()/2, after)
	}
	if g := &v.Sheet; g.Over() {
		win := g.Winner()
		s := fmt.Sprintf("The game is over: %s wins with %s.", v.Names[win], count(g.Points(win), "point", "points"))
		d.SetFont(layout.Sans, layout.Regular, fitSize(d, s, r.W, size*0.45, 8))
		d.Text(r.X, math.Min(y+size+1.5+d.Ascent(), r.Bottom()), s)
	}
}
