package greatraces

import (
	"testing"

	gr "furlong/engine/greatraces"
	"furlong/layout"
	"furlong/templates"
)

// TestPencilSized: at every table size, on both papers, a space of a track
// is at least 6.5 mm wide and 4.3 mm high (a pencil's cross fits), and the
// races fit the page.
func TestPencilSized(t *testing.T) {
	for _, p := range layout.Papers {
		d := templates.NewDoc(p)
		d.AddLandscapePage()
		c := d.Content()
		for n := gr.MinPlayers; n <= gr.MaxPlayers; n++ {
			g, colW, slotH := sheetGeom(c, n, gr.Standard.Variant())
			t.Logf("%s, %d players: spaces %.1f x %.1f mm, column %.1f mm, slot %.1f mm", p, n, g.box, g.row, colW, slotH)
			if g.box < 6.5 || g.row < 4.3 {
				t.Errorf("%s, %d players: a space is %.1f x %.1f mm", p, n, g.box, g.row)
			}
			for _, tr := range gr.Standard.Tracks() {
				if w := g.width(tr); w > colW+0.01 {
					t.Errorf("%s: race %d is %.1f mm wide in a %.1f mm column", p, tr.Race, w, colW)
				}
			}
			if h := float64(n) * g.row; h > slotH {
				t.Errorf("%s, %d players: %.1f mm of tracks in a %.1f mm slot", p, n, h, slotH)
			}
			// A variant's longest tracks narrow every space, to no less
			// than 4.4 mm: still every race fits its column, and the
			// Players table keeps its room beside races 11 and 12.
			v := gr.Standard.Variant()
			for _, p := range v.Params() {
				switch p.Key {
				case "race.7.spaces":
					p.SetInt(gr.MaxTrack)
				case "race.11.spaces", "race.12.spaces":
					p.SetInt(gr.MaxBeside)
				}
			}
			g, _, _ = sheetGeom(c, n, v)
			w11 := g.width(v.Track(11))
			if g.box < 4.4 || g.width(v.Track(7)) > colW+0.01 || colW-w11-tableGap < tableMin-0.01 {
				t.Errorf("%s, %d players: tracks of %d and %d spaces: spaces %.1f mm wide, the Players table %.1f mm", p, n,
					gr.MaxTrack, gr.MaxBeside, g.box, colW-w11-tableGap)
			}
		}
	}
}
