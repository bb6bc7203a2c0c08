package templates

import (
	"fmt"

	"furlong/layout"
)

// Margin is the page margin of every sheet, board and card page, in
// millimetres: well inside what a home printer can reach.
const Margin = 10

// NewDoc starts an empty document on paper with the printables' margins.
func NewDoc(p layout.Paper) *layout.Doc {
	return layout.New(p, layout.Uniform(Margin))
}

// RulebookMargins are the rulebooks' page margins, in millimetres, wider
// than the sheets' for comfortable reading.
var RulebookMargins = layout.Margins{Top: 18, Right: 19, Bottom: 20, Left: 21}

// NewBookDoc starts an empty document on paper with the rulebooks'
// margins.
func NewBookDoc(p layout.Paper) *layout.Doc {
	return layout.New(p, RulebookMargins)
}

// CheckName reports an error if the sheets' font cannot print name.
func CheckName(name string) error {
	for _, st := range []layout.Style{layout.Regular, layout.Bold} {
		missing, err := layout.Uncovered(layout.Sans, st, name)
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			return fmt.Errorf("name %q holds %q, which the sheets' font cannot print", name, missing)
		}
	}
	return nil
}
