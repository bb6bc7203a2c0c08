// Package markdown renders CommonMark with GFM tables to PDF pages through
// the layout kit. It owns the typesetting of prose: headings, paragraphs with
// bold, italic, code and links, nested lists, tables sized to their content
// that break across pages with their header repeated, block quotes drawn as
// callouts, code blocks, images and thematic rules; and the furniture of a
// printed book: a title page, a clickable table of contents with page
// numbers, a PDF outline mirroring the headings, "page X of Y" footers, and
// headings kept with the text that follows them.
//
// Body text is set in a book face (layout.Serif) with typographic quotes
// and dashes, headings in layout.Sans. Pages break as a careful typesetter
// would have them: no orphans or widows, no short paragraph, short list or
// small table (a third of a page or less) broken, no list item or table
// row alone on either side of a break, no heading at a page's foot alone
// or with only a sentence under it, no word alone on a paragraph's last
// line, no other block kept whole at the price of much of a page left
// blank, and no last page holding a line or two where slightly tighter
// spacing between blocks saves it. [CheckPagination] checks a rendered
// document for these, so a game's tests can hold its rulebook to them.
//
// The renderer is a goldmark renderer.NodeRenderer: it registers one
// function per node kind, and those functions draw on the narrow [Canvas]
// interface, which *layout.Doc satisfies. Render lays the document out
// once, measuring with the canvas's fonts and recording what it would draw;
// with the page of every heading and the page count then known, it replays
// the drawing onto the canvas, the numbers in the contents and footers
// filled in as they go.
//
// Text the fonts cannot draw is an error (a *layout.CoverageError), never a
// row of empty boxes.
package markdown
