// Package layouttest holds a printable's two backends to the same drawing:
// [Check] draws it as a PDF and as SVG pages, with the calls each backend
// receives recorded, and wants the same calls, SVG pages that are
// well-formed XML of the paper's size, and every shape and line of text
// of each SVG page, and every line of text of the PDF, where the calls put
// it. A game's templates run it over every printable in their
// svg_test.go.
//
// It is for tests only, and knows nothing of any game.
package layouttest
