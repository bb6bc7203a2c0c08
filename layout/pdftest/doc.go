// Package pdftest is a test helper that reads back the PDFs the layout kit
// writes: it validates them with pdfcpu (strictly, or relaxed for
// documents with an outline), reports their page sizes, reads the text of
// every page with its position, as the page's lines or in drawing order,
// and reads the outline (bookmarks).
//
// Text is decoded the way a viewer would: each string shown is mapped
// through the ToUnicode CMap of the font selected for it, or read as
// UTF-16BE (the codes fpdf writes for UTF-8 fonts) when that font has
// none. Only page content streams are read: not form XObjects or inline
// images, which the layout kit does not write.
//
// It is for tests only, and may import pdfcpu but nothing of the game.
package pdftest
