package horserace

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"furlong/engine/horserace/story"
	"furlong/examples"
	"furlong/layout"
	"furlong/layout/markdown"
)

// Figure sizes in the rulebook, in mm: the width of the column, and a
// chart a little wider than tall.
const (
	figureW = 150.0
	figureH = 84.0
)

// rbFigure draws, where a chapter writes ![...](odds:LOG) or
// ![...](odds:LOG@RACE), the chart of the chances of race RACE (the first
// when left out) of the example log LOG of examples/horserace:
// the very chart furlong review --plot draws, worked out when the book is
// printed.
func rbFigure(dest string) (markdown.Figure, bool) {
	spec, ok := strings.CutPrefix(dest, "odds:")
	if !ok {
		return markdown.Figure{}, false
	}
	race, err := figureRace(spec)
	if err != nil {
		return errorFigure(err), true
	}
	return markdown.Figure{W: figureW, H: figureH, Draw: func(c markdown.Canvas, x, y, w, h float64) {
		d, ok := c.(*layout.Doc)
		if !ok {
			return
		}
		ChanceChart(d, layout.Rect{X: x, Y: y + 1, W: w, H: h - 1}, race)
	}}, true
}

// figureRace tells LOG and returns its race RACE.
func figureRace(spec string) (*story.Race, error) {
	log, n := spec, 1
	if l, r, ok := strings.Cut(spec, "@"); ok {
		var err error
		if n, err = strconv.Atoi(r); err != nil || n < 1 {
			return nil, fmt.Errorf("odds:%s: %q is not a race", spec, r)
		}
		log = l
	}
	src, err := fs.ReadFile(examples.FS, "horserace/"+log+".log")
	if err != nil {
		return nil, fmt.Errorf("odds:%s: no example log %s", spec, log)
	}
	st, err := story.Tell(bytes.NewReader(src), story.Options{})
	if err != nil {
		return nil, fmt.Errorf("odds:%s: %w", spec, err)
	}
	if n > len(st.Races) || len(st.Races[n-1].Points) == 0 {
		return nil, fmt.Errorf("odds:%s: the log has no race %d with race rolls", spec, n)
	}
	return &st.Races[n-1], nil
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
