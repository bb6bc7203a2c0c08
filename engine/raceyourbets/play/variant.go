package play

import (
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/notation"
)

// setupVariant reads s.Variant into the header h of a new game, whose
// board and finish the options have set: the
// board it starts from, its finish, and its name and digest when its
// tracks are not its base board's own. It returns the tables to play on,
// nil for the standard board h names. A variant that is not the game's,
// that the rules cannot play, or whose board or finish an option
// contradicts, is a *engine.SetupError.
func setupVariant(h *notation.Header, s engine.Setup) (*ryb.Tables, error) {
	v, err := ryb.AsVariant(s.Variant)
	if err != nil || v == nil {
		return nil, err
	}
	tables, err := v.Tables()
	if err != nil {
		return nil, err
	}
	if b := s.Options["board"]; b != "" && !strings.EqualFold(b, v.Base()) {
		return nil, engine.SetupErrorf("board", "the variant %s starts from the %s board, not %s: leave the board to the variant",
			v.Name(), v.Base(), engine.Quote([]byte(b)))
	}
	if s.Options["finish"] != "" && h.Finish != v.Finish {
		return nil, engine.SetupErrorf("finish", "the variant %s plays to %d, not %d: leave the finish to the variant",
			v.Name(), v.Finish, h.Finish)
	}
	h.Board, h.Finish = v.Board(), v.Finish
	if !v.StandardTracks() {
		h.Variant, h.Digest = v.Name(), engine.Digest(v)
	}
	return tables, nil
}

// judgeVariant says which board a log read by d was played on, given v,
// the variant it is judged on (nil: none): the tables to replay it on
// (nil for the standard board its header names), or an *engine.Error at
// the header line that does not match.
func judgeVariant(d *notation.Decoder, ev engine.Variant) (*ryb.Tables, error) {
	h := d.Header()
	line := func(k notation.Kind) int { return max(d.HeaderLine(k), d.HeaderLine(notation.KindGame), 1) }
	v, err := ryb.AsVariant(ev)
	if err != nil {
		return nil, engine.Errorf(line(notation.KindGame), ryb.RuleVariant, "%v", err)
	}
	if v == nil {
		if h.Variant != "" {
			return nil, engine.Errorf(h.VariantLine, ryb.RuleVariant,
				"variant %s %s: the game was played on a variant of the %s board; give its file with --variant FILE to check it on its numbers",
				h.Variant, h.Digest, h.Board)
		}
		return nil, nil
	}
	tables, err := v.Tables()
	if err != nil {
		return nil, engine.Errorf(line(notation.KindGame), ryb.RuleVariant, "the variant %s: %v", v.Name(), err)
	}
	if h.Variant == "" {
		if v.StandardTracks() && h.Board == v.Board() && h.Finish == v.Finish {
			return tables, nil
		}
		return nil, engine.Errorf(line(notation.KindGame), ryb.RuleVariant,
			"the log names no variant: it was played on the %s board to %d, not on the variant %s (digest %s) given to check it",
			h.Board, h.Finish, v.Name(), engine.Digest(v))
	}
	if digest := engine.Digest(v); h.Digest != digest {
		return nil, engine.Errorf(h.VariantLine, ryb.RuleVariant,
			"variant %s %s: the game was played on other numbers than those of the variant %s given to check it (digest %s)",
			h.Variant, h.Digest, v.Name(), digest)
	}
	if h.Board != v.Board() {
		return nil, engine.Errorf(line(notation.KindBoard), ryb.RuleVariant, "board %s: the variant %s starts from the %s board", h.Board, v.Name(), v.Base())
	}
	if h.Finish != v.Finish {
		return nil, engine.Errorf(line(notation.KindFinish), ryb.RuleVariant, "finish %d: the variant %s plays to %d", h.Finish, v.Name(), v.Finish)
	}
	return tables, nil
}
