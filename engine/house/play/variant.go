package play

import (
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// NumbersOf are the numbers of the board the file whose header is h was
// played on: the standard board's (nil) when it names no variant, or
// o.Variant's when it names one and o.Variant has the numbers its digest
// gives. A header and o.Variant that do not agree are an *engine.Error of
// house.RuleVariant on the line that names the variant (the game line
// when the file names none): a log of a variant given without the
// variant, a variant of another game, a variant whose numbers are not the
// log's.
func NumbersOf(h *notation.Header, o engine.JudgeOptions) (*house.Numbers, error) {
	at := h.Lines.Part(house.PartVariant, -1)
	if h.Variant != "" && o.Variant == nil {
		return nil, engine.Errorf(at, house.RuleVariant,
			"variant %s: the race is played on a designer's board, whose numbers the log does not hold: check it with the variant's file (--variant FILE)",
			h.Variant)
	}
	if o.Variant == nil {
		return nil, nil
	}
	v, ok := o.Variant.(*house.Variant)
	if !ok || v == nil {
		return nil, engine.Errorf(at, house.RuleVariant, "the variant given is a board of %s, not of the house game", o.Variant.Game())
	}
	given := v.Name()
	if h.Variant != "" {
		// The log's name for the variant, whatever its file calls it.
		v = v.Clone()
		if err := v.SetName(h.Variant); err != nil {
			return nil, engine.Errorf(at, house.RuleNotation, "%v", err)
		}
	}
	n, err := v.Numbers()
	if err != nil {
		return nil, engine.Errorf(at, house.RuleVariant, "the variant given, %s, cannot be played: %v", given, err)
	}
	switch {
	case h.Variant == "" && !n.Standard():
		return nil, engine.Errorf(at, house.RuleVariant,
			"the log names no variant: it is played on the standard board, but the variant given, %s, has other numbers (a log played on a variant names it on a variant line)",
			given)
	case h.Variant == "":
		return nil, nil
	case n.Standard():
		return nil, engine.Errorf(at, house.RuleVariant,
			"variant %s %s: the variant given, %s, has the standard board's numbers: the log was played on another board", h.Variant, h.Digest, given)
	case n.Digest() != h.Digest:
		return nil, engine.Errorf(at, house.RuleVariant,
			"variant %s %s: the variant given, %s, has other numbers (its digest is %s): the log was played on another board",
			h.Variant, h.Digest, given, n.Digest())
	}
	return n, nil
}
