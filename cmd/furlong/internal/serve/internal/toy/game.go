package toy

import (
	"fmt"
	"io"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/canter"
	"furlong/layout"
)

// Game is the toy race as the command line's registry would list it.
func Game() game.Game {
	return game.OneModeGame(Keyword, Options, Table, New, Read, Judge, game.Game{
		Title:   Title,
		Summary: "a stand-in for the tests of the web table",
		Bot:     NewBot,
		Board:   Board,
		SheetsFrom: func(r io.Reader, o game.FromOptions) ([]game.Print, error) {
			s, err := Read(r)
			if err != nil {
				return nil, err
			}
			return []game.Print{{Name: o.Stem + "-sheet", Title: Title, Draw: func(d *layout.Doc) error { return draw(d, s.View().(canter.View)) }}}, nil
		},
		Bots:       canter.Bots,
		DefaultBot: "greedy",
	})
}

// row is the height of a horse's line of the board.
const row = 11.0

// Board draws a toy state as the table on screen shows it, with layout's
// SVG backend as every game's Board does: one page, the board as draw
// draws it on paper.
func Board(st engine.State) ([][]byte, error) {
	v, ok := st.View().(canter.View)
	if !ok {
		return nil, fmt.Errorf("toy: a view of %T", st.View())
	}
	d := layout.NewSVG(layout.Paper{Name: "toy", W: 150, H: 30 + row*float64(len(v.Names))}, layout.Uniform(5))
	if err := draw(d, v); err != nil {
		return nil, err
	}
	return d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
}

// draw draws the board of v on a page of its own, on screen or on paper:
// each horse's track, the dice and the dash box, tagged with the parts
// its choices name ("track Ana", "die 1", "dash").
func draw(d *layout.Doc, v canter.View) error {
	d.AddPage()
	c := d.Content()
	for i, n := range v.Names {
		y := c.Y + row*float64(i)
		d.SetFont(layout.Sans, layout.Regular, 11)
		if i == v.Seat && !v.Over {
			d.SetFont(layout.Sans, layout.Bold, 11)
		}
		d.Text(c.X, y+6, n)
		track := layout.Rect{X: c.X + 30, Y: y, W: c.W - 30, H: 8}
		d.Rect(track.X, track.Y, track.W, track.H, layout.Stroke)
		d.HandShade(layout.Rect{X: track.X, Y: track.Y, W: track.W * float64(v.Pos[i]) / float64(v.Finish), H: track.H})
		d.Tag("track "+n, track)
	}
	y := c.Y + row*float64(len(v.Names)) + 2
	d.SetFont(layout.Sans, layout.Bold, 14)
	for i, die := range v.Dice {
		r := layout.Rect{X: c.X + 30 + 14*float64(i), Y: y, W: 11, H: 11}
		d.Rect(r.X, r.Y, r.W, r.H, layout.Stroke)
		d.Text(r.X+3.2, r.Y+8.3, dieText(die))
		d.Tag(fmt.Sprintf("die %d", i+1), r)
	}
	dash := layout.Rect{X: c.X + 62, Y: y, W: 24, H: 11}
	d.Rect(dash.X, dash.Y, dash.W, dash.H, layout.Stroke)
	d.SetFont(layout.Sans, layout.Regular, 11)
	d.Text(dash.X+5, dash.Y+7.5, "dash")
	d.Tag("dash", dash)
	return d.Err()
}

func dieText(d int) string {
	if d == 0 {
		return "·"
	}
	return fmt.Sprint(d)
}
