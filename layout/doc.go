// Package layout is a small drawing kit for print-and-play PDFs, built over
// go-pdf/fpdf. It owns pages in A4 and US Letter laid out natively in
// millimetres, the embedded fonts (Liberation Sans for sheets, Liberation Serif for
// books, Go Mono for code, with a check that every rune of a text
// can be drawn), lines, boxes, circles, labels, wrapped text, tables,
// checkbox tracks, cut marks, links, bookmarks and images, and byte-stable
// output written atomically.
//
// It knows nothing about the game: the printables live in package templates
// and the Markdown renderer in layout/markdown. No other package imports
// fpdf; everything goes through [Doc].
//
// Coordinates are millimetres from the top-left corner of the page; font
// sizes are points. Drawing never panics on bad input: problems (a rune the
// font cannot draw, a bad image, a write error) are kept as the document's
// first error, which [Doc.Err], [Doc.WriteTo] and [Doc.Save] report.
package layout
