package toy

import (
	"bytes"
	"fmt"
	"html"
	"io"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
)

// Game is the toy race as the command line's registry would list it.
func Game() game.Game {
	return game.Game{
		Name:    Keyword,
		Title:   "The toy race",
		Summary: "a stand-in for the tests of the web table",
		Modes:   []game.Mode{{Keyword: Keyword, Title: "The toy race", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Players: 2}},
		Judge:   Judge,
		Options: Options,
		Table:   Table,
		// A nil *State is not a nil engine.State: an error returns none.
		New: func(s engine.Setup) (engine.State, error) {
			st, err := New(s)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
		Read: func(r io.Reader) (engine.State, error) {
			st, err := Read(r)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
		Bot: NewBot,
		SheetsFrom: func(r io.Reader, o game.FromOptions) ([]game.Print, error) {
			s, err := Read(r)
			if err != nil {
				return nil, err
			}
			return []game.Print{{Name: o.Stem + "-sheet", Title: "The toy race", Draw: func(d *layout.Doc) error { return drawSheet(d, s) }}}, nil
		},
		Bots:       Bots,
		DefaultBot: "greedy",
	}
}

// drawSheet draws the race on paper: one line a horse.
func drawSheet(d *layout.Doc, s *State) error {
	d.AddPage()
	c := d.Content()
	d.SetFont(layout.Sans, layout.Bold, 16)
	d.Text(c.X, c.Y+8, "The toy race")
	d.SetFont(layout.Sans, layout.Regular, 11)
	for i, n := range s.names {
		y := c.Y + 20 + float64(i)*10
		d.Text(c.X, y, n)
		d.Rect(c.X+40, y-5, 100, 6, layout.Stroke)
		d.Rect(c.X+40, y-5, 100*float64(s.pos[i])/float64(s.finish), 6, layout.Fill)
	}
	return nil
}

// SVG draws the board of a toy state as one SVG document, each die and
// the dash box marked with the part its choices name, for the table on
// screen.
func SVG(st engine.State) ([]string, error) {
	v, ok := st.View().(View)
	if !ok {
		return nil, fmt.Errorf("toy: a view of %T", st.View())
	}
	var b bytes.Buffer
	h := 30*len(v.Names) + 60
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 %d" role="img" aria-label="the toy race">`, h)
	for i, n := range v.Names {
		y := 10 + 30*i
		fmt.Fprintf(&b, `<text x="4" y="%d" font-size="12">%s</text>`, y+14, html.EscapeString(n))
		fmt.Fprintf(&b, `<rect x="60" y="%d" width="250" height="18" fill="none" stroke="black"/>`, y)
		w := 250 * v.Pos[i] / v.Finish
		fmt.Fprintf(&b, `<rect x="60" y="%d" width="%d" height="18" fill="#8a5"/>`, y, w)
	}
	y := 10 + 30*len(v.Names)
	for i, d := range v.Dice {
		fmt.Fprintf(&b, `<g data-part="die %d"><rect x="%d" y="%d" width="36" height="36" rx="6" fill="white" stroke="black"/><text x="%d" y="%d" font-size="20" text-anchor="middle">%s</text></g>`,
			i+1, 60+46*i, y, 78+46*i, y+26, dieText(d))
	}
	fmt.Fprintf(&b, `<g data-part="dash"><rect x="160" y="%d" width="80" height="36" rx="6" fill="#eee" stroke="black"/><text x="200" y="%d" font-size="14" text-anchor="middle">dash</text></g>`, y, y+23)
	b.WriteString(`</svg>`)
	return []string{b.String()}, nil
}

func dieText(d int) string {
	if d == 0 {
		return "·"
	}
	return fmt.Sprint(d)
}
