package layout

// Tint lays colour c over the area at (x, y) of size w x h on the current
// page, in the multiply blend mode: what is already drawn there shows
// through, darkened by c, so a light tint behind text can be drawn after
// the text. The Markdown renderer shades its callouts with it.
func (d *Doc) Tint(x, y, w, h float64, c Color) {
	d.fillColor = c
	d.be.tint(x, y, w, h, c)
}
