// Package layout is a small drawing kit for print-and-play pages, drawn as
// PDF (over go-pdf/fpdf) or as SVG from the same calls. It owns pages in A4
// and US Letter laid out natively in millimetres, the embedded fonts
// (Liberation Sans for sheets, Liberation Serif for books, Go Mono for
// code, with a check that every rune of a text can be drawn) and their
// metrics, lines, boxes, circles, labels, wrapped text, tables, checkbox
// tracks, cut marks, a pen's hand for numbers written in, links,
// bookmarks, images and regions tagged for a screen, and byte-stable
// output written atomically.
//
// It knows nothing about the game: the printables live in package templates
// and the Markdown renderer in layout/markdown. No other package imports
// fpdf; everything goes through [Doc].
//
// # Two backends
//
// [New] starts a PDF; [NewSVG] starts SVG pages, which [Doc.SVG] returns,
// one SVG document per page, sized in millimetres with a viewBox so that
// a page scales to any screen. Doc measures text from the fonts' own
// advances (rounded as fpdf rounds them), wraps, places the hand's
// strokes and keeps clipped text out of the text layer itself, and hands
// a narrow internal backend interface only drawing calls: the two outputs
// get the very same calls, so every box and line of text lands at the
// same place in both. [Doc.Record] keeps those calls, for tests
// (layout/layouttest holds the two outputs to each other).
//
// An SVG page sets its text in the same faces: by default its style sheet
// loads them from [FontPath] ([FontFiles] holds the bytes for a server to
// serve there); [FontsEmbedded] puts them inside the page, for a file on
// its own; [FontsHost] leaves them to the HTML page's style sheet
// ([SVGStyle]). Each text element carries its width as the PDF sets it
// (textLength), so a browser's kerning or a fallback face cannot move
// what follows it.
//
// Coordinates are millimetres from the top-left corner of the page; font
// sizes are points. Drawing never panics on bad input: problems (a rune the
// font cannot draw, a bad image, a write error) are kept as the document's
// first error, which [Doc.Err], [Doc.WriteTo], [Doc.Save] and [Doc.SVG]
// report.
//
// [Stamps] keeps pages drawn the same way again and again (a blank sheet
// under a filled one) and puts them down again on an SVG document instead
// of drawing them: a server drawing a game's boards at every step pays for
// each blank sheet once.
package layout
