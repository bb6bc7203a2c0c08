package layout_test

import (
	"errors"
	"fmt"
	"io"

	"furlong/layout"
)

// A page with a title, a row of boxes and a table, written out.
func Example() {
	d := layout.New(layout.A4, layout.Uniform(10))
	d.AddPage()
	d.SetFont(layout.Sans, layout.Bold, 14)
	d.Text(10, 20, "Score sheet")
	d.SetFont(layout.Sans, layout.Regular, 9)
	d.Track(10, 26, 6, 9, 1, nil)
	d.Table(10, 40, []layout.Column{{Title: "Roll", W: 20}, {Title: "Result", W: 40}},
		[][]string{{"1", "low"}, {"6", "high"}}, 6)
	if _, err := d.WriteTo(io.Discard); err != nil {
		fmt.Println(err)
	}
	fmt.Println(d.PageCount(), "page")
	// Output: 1 page
}

// Text the font cannot draw is refused and reported, never printed as
// empty boxes.
func ExampleCoverageError() {
	d := layout.New(layout.Letter, layout.Uniform(10))
	d.AddPage()
	d.Text(10, 20, "Ready ✓")
	_, err := d.WriteTo(io.Discard)
	var ce *layout.CoverageError
	if errors.As(err, &ce) {
		fmt.Printf("%q\n", ce.Runes)
	}
	// Output: ['✓']
}
