package house

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/examples"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/templates"
)

// figureWidth is how wide a drawn sheet stands in the rulebook, in mm: a
// little under the column, so that a sheet and the words about it can
// share a page.
const figureWidth = 118.0

// rbFigure draws, where a chapter writes ![...](sheet:LOG/WHO) or
// ![...](sheet:LOG/WHO@TURN), the sheet of player WHO (or "field", The
// Book's field card) in the example race LOG of content/house/examples,
// filled in as it stands at the end or after TURN: the very sheet
// `furlong sheets --from` draws, down to its tally.
func rbFigure(dest string) (markdown.Figure, bool) {
	spec, ok := strings.CutPrefix(dest, "sheet:")
	if !ok {
		return markdown.Figure{}, false
	}
	p, seat, err := figurePaper(spec)
	if err != nil {
		return errorFigure(err), true
	}
	// Lay the sheet out once on a page of its own, to know where its
	// tally ends; the figure is the sheet down to there.
	frame := templates.NewDoc(layout.A4).Content()
	scratch := templates.NewDoc(layout.A4)
	scratch.AddPage()
	g, err := drawPart(scratch, p, seat, &frame)
	if err != nil {
		return errorFigure(err), true
	}
	bottom := g.lanes[house.Lanes-1][0].Bottom() + 1 // the field card: its lanes
	if n := len(g.tally); n > 0 {
		bottom = g.tally[n-1].Bottom() + 1
	}
	src := layout.Rect{X: frame.X, Y: frame.Y, W: frame.W, H: bottom - frame.Y}
	return markdown.Figure{W: figureWidth, H: figureWidth * src.H / src.W, Draw: func(c markdown.Canvas, x, y, w, h float64) {
		d, ok := c.(*layout.Doc)
		if !ok {
			return
		}
		d.Scaled(layout.Point{X: src.X, Y: src.Y}, layout.Point{X: x, Y: y}, w/src.W, func() {
			d.Clipped(src, func() {
				if _, err := drawPart(d, p, seat, &frame); err != nil {
					d.SetError(err)
				}
			})
		})
		d.SetDrawColor(ink)
		d.SetLineWidth(thin)
		d.Rect(x, y, w, h, layout.Stroke)
	}}, true
}

// figurePaper reads LOG/WHO[@TURN]: the example race's paper and the seat
// to draw, -1 for the field card.
func figurePaper(spec string) (*play.View, int, error) {
	spec, turnText, hasTurn := strings.Cut(spec, "@")
	log, who, ok := strings.Cut(spec, "/")
	if !ok {
		return nil, 0, fmt.Errorf("a sheet figure names LOG/PLAYER, not %q", spec)
	}
	turn := 0
	if hasTurn {
		var err error
		if turn, err = strconv.Atoi(turnText); err != nil || turn < 1 {
			return nil, 0, fmt.Errorf("sheet:%s: %q is not a turn", spec, turnText)
		}
	}
	src, err := fs.ReadFile(examples.FS, "house/"+log+".log")
	if err != nil {
		return nil, 0, fmt.Errorf("sheet:%s: no example race %s", spec, log)
	}
	s, turns, err := play.ReadAt(bytes.NewReader(src), turn)
	if err != nil {
		return nil, 0, fmt.Errorf("sheet:%s: %w", spec, err)
	}
	p := s.View().(*play.View)
	if turn > 0 {
		p.Turn, p.Turns = turn, turns
	}
	if who == "field" && p.Field != nil {
		return p, -1, nil
	}
	for s, name := range p.Names {
		if name == who {
			return p, s, nil
		}
	}
	return nil, 0, fmt.Errorf("sheet:%s: nobody called %s rides in %s", spec, who, log)
}

// errorFigure is a figure that keeps the problem in the document, so that
// rendering the book fails with it.
func errorFigure(err error) markdown.Figure {
	return markdown.Figure{W: 10, H: 10, Draw: func(c markdown.Canvas, _, _, _, _ float64) {
		if d, ok := c.(*layout.Doc); ok {
			d.SetError(err)
		}
	}}
}
