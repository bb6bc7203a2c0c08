package raceyourbets

import (
	"fmt"

	ryb "furlong/engine/raceyourbets"
	"furlong/layout"
	"furlong/layout/markdown"
)

// figure returns the rulebook's vector figure for an image destination.
func figure(dest string) (markdown.Figure, bool) {
	switch dest {
	case "figure:board":
		return markdown.Figure{W: 170, H: 78, Draw: keepState(drawBoardFigure)}, true
	case "figure:roll":
		return markdown.Figure{W: 170, H: 50, Draw: keepState(drawRollFigure)}, true
	}
	return markdown.Figure{}, false
}

// keepState gives the text that follows a figure the font and colours it
// had before: the renderer measured it so.
func keepState(draw func(cv markdown.Canvas, x, y, w, h float64)) func(cv markdown.Canvas, x, y, w, h float64) {
	return func(cv markdown.Canvas, x, y, w, h float64) {
		f, s, size := cv.Font()
		draw(cv, x, y, w, h)
		cv.SetFont(f, s, size)
		cv.SetTextColor(layout.Black)
		cv.SetDrawColor(layout.Black)
		cv.SetFillColor(layout.White)
		cv.SetLineWidth(0.2)
	}
}

// miniTrack draws track h of board b in a row at (x, y) with cells of
// side c, and returns the x of space s's left edge as a function.
func miniTrack(cv markdown.Canvas, b ryb.Board, h int, x, y, c float64) func(s int) float64 {
	t := b.Track(h)
	finish := x + float64(ryb.MaxSpaces+1)*c
	at := func(s int) float64 { return finish - float64(int(t.Spaces)-s+1)*c }
	cv.SetLineWidth(0.25)
	cv.SetDrawColor(ink)
	cv.SetFillColor(startFill)
	cv.Rect(at(0), y, c, c, layout.FillStroke)
	cv.SetFont(layout.Sans, layout.Bold, c*1.3)
	cv.SetTextColor(ink)
	label := fmt.Sprint(h)
	cv.Text(at(0)+(c-cv.TextWidth(label))/2, y+c*0.72, label)
	cv.SetFillColor(layout.White)
	for s := 1; s <= int(t.Spaces); s++ {
		cv.Rect(at(s), y, c, c, layout.FillStroke)
	}
	for r := 0; r < 4; r++ {
		for k := range 2 {
			if (r+k)%2 == 0 {
				cv.SetFillColor(ink)
				cv.Rect(finish+float64(k)*c/8, y+float64(r)*c/4, c/8, c/4, layout.Fill)
			}
		}
	}
	cv.SetFont(layout.Sans, layout.Regular, c*1.1)
	cv.Text(finish+c/4+1.5, y+c*0.68, fmt.Sprintf("gold %d · silver %d", t.Gold, t.Silver))
	return at
}

// horse draws a horse token on the space at x: filled when it stands
// there, outlined where it stood before a move.
func horse(cv markdown.Canvas, x, y, c float64, h int, filled bool) {
	pad := c * 0.18
	cv.SetLineWidth(0.35)
	if filled {
		cv.SetFillColor(ink)
		cv.Rect(x+pad, y+pad, c-2*pad, c-2*pad, layout.FillStroke)
		cv.SetTextColor(layout.White)
	} else {
		cv.SetDrawColor(faint)
		cv.Rect(x+pad, y+pad, c-2*pad, c-2*pad, layout.Stroke)
		cv.SetDrawColor(ink)
		cv.SetTextColor(faint)
	}
	cv.SetFont(layout.Sans, layout.Bold, c*1.1)
	label := fmt.Sprint(h)
	cv.Text(x+(c-cv.TextWidth(label))/2, y+c*0.66, label)
	cv.SetTextColor(ink)
}

// counter draws a player's bet counter on the space at x: a small square
// with the player's initial.
func counter(cv markdown.Canvas, x, y, c float64, seat int) {
	fills := []layout.Color{goldFill, silvFill, {R: 190, G: 220, B: 190}, {R: 240, G: 190, B: 190}, {R: 200, G: 200, B: 240}}
	pad := c * 0.22
	cv.SetFillColor(fills[seat%len(fills)])
	cv.SetLineWidth(0.3)
	cv.Rect(x+pad, y+pad, c-2*pad, c-2*pad, layout.FillStroke)
	cv.SetFont(layout.Sans, layout.Bold, c*1.0)
	name := exampleNames[seat][:1]
	cv.Text(x+(c-cv.TextWidth(name))/2, y+c*0.64, name)
}

// drawBoardFigure draws the graded board after the worked example's roll.
func drawBoardFigure(cv markdown.Canvas, x, y, w, h float64) {
	st, err := playExample(len(exampleTurns))
	if err != nil {
		cv.SetError(err)
		return
	}
	c := h / (ryb.Horses + 0.5)
	c = min(c, w/(ryb.MaxSpaces+6))
	for i := range ryb.Horses {
		hh := i + 1
		ry := y + float64(i)*c*1.08
		at := miniTrack(cv, st.g.Board(), hh, x, ry, c)
		for s := 1; s <= ryb.MaxSpaces; s++ {
			if o := st.owners[i][s]; o >= 0 {
				counter(cv, at(s), ry, c, o)
			}
		}
		horse(cv, at(st.g.Pos(hh)), ry, c, hh, true)
	}
}

// drawRollFigure draws the worked roll: each horse that moves, where it
// stood and where it stands, in the order of the moves.
func drawRollFigure(cv markdown.Canvas, x, y, w, h float64) {
	before, err := playExample(len(exampleTurns) - 1)
	if err != nil {
		cv.SetError(err)
		return
	}
	after, err := playExample(len(exampleTurns))
	if err != nil {
		cv.SetError(err)
		return
	}
	t := exampleTurns[len(exampleTurns)-1]
	type step struct {
		h    int
		what string
	}
	steps := []step{{int(t.d[0]), fmt.Sprintf("die A: %d", t.d[0])}, {int(t.d[1]), fmt.Sprintf("die B: %d", t.d[1])}}
	if t.a.Kind == ryb.Cheer && t.a.Horse != t.d[0] && t.a.Horse != t.d[1] {
		steps = append(steps, step{int(t.a.Horse), fmt.Sprintf("cheer: %d", t.a.Horse)})
	}
	c := min(h/(float64(len(steps))*1.25), (w-30)/(ryb.MaxSpaces+6))
	for i, s := range steps {
		ry := y + float64(i)*c*1.25
		cv.SetFont(layout.Sans, layout.Bold, c*1.1)
		cv.SetTextColor(ink)
		cv.Text(x, ry+c*0.66, fmt.Sprintf("%d. %s", i+1, s.what))
		at := miniTrack(cv, before.g.Board(), s.h, x+30, ry, c)
		for sp := 1; sp <= ryb.MaxSpaces; sp++ {
			if o := before.owners[s.h-1][sp]; o >= 0 {
				counter(cv, at(sp), ry, c, o)
			}
		}
		from, to := before.g.Pos(s.h), after.g.Pos(s.h)
		horse(cv, at(from), ry, c, s.h, false)
		horse(cv, at(to), ry, c, s.h, true)
		cv.SetLineWidth(0.4)
		cv.Line(at(from)+c*0.82, ry+c*0.5, at(to)+c*0.18, ry+c*0.5)
	}
}
