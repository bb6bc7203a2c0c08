package play

import (
	"cmp"
	"io"
	"slices"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
)

// OptionBoard is the name of the board option.
const OptionBoard = "board"

// Options are the game's own options: the board, standard or length.
var Options = []engine.Option{{
	Name:    OptionBoard,
	Title:   "Board",
	Usage:   "the board: standard, or length (1st place pays the track's length)",
	Values:  engine.Strings(gr.Boards),
	Labels:  []string{"standard", "first place pays the track's length"},
	Default: gr.Standard.String(),
}}

// bots are the names package bot knows, weakest first.
var bots = []string{"random", "greedy", "expert"}

// Table is the table The Great Races seats: two to six players, and its
// bots. The game has one mode, named like the game; "" is that mode too.
func Table(mode string) (engine.Table, error) {
	return engine.OneMode(mode, notation.Game, engine.Table{
		Title:      gr.Title,
		MinPlayers: gr.MinPlayers,
		MaxPlayers: gr.MaxPlayers,
		Players:    gr.DefaultPlayers,
		Bots:       slices.Clone(bots),
		Keyword:    notation.IsKeyword,
	})
}

// New starts a game: the seats checked against the table (their number,
// names and bots), the board from the options, or s.Variant, a
// *greatraces.Variant, when it is set. Problems are *engine.SetupErrors
// naming the part that is wrong (a variant's problems name its param's
// key).
func New(s engine.Setup) (*State, error) {
	var board string
	err := s.Scan(Table, Options, &board)
	if err != nil {
		return nil, err
	}
	b, _ := gr.ParseBoard(board)
	names := s.Names()
	var g gr.Game
	if s.Variant != nil {
		gv, ok := s.Variant.(*gr.Variant)
		if !ok {
			return nil, engine.SetupErrorf(PartVariant, "a variant of %s is not a board of %s", s.Variant.Game(), gr.Title)
		}
		g, err = gv.NewGame(len(names))
	} else {
		g, err = gr.New(b, len(names))
	}
	if err != nil {
		return nil, err
	}
	return start(names, g, false, false), nil
}

// PartVariant is the part of a setup a variant that is not the game's
// concerns.
const PartVariant = "variant"

// start makes the state of game g between names, from a transcript when
// sheet is set (races left open allowed when open is).
func start(names []string, g gr.Game, sheet, open bool) *State {
	return &State{names: names, g: g, sheet: sheet, open: open, recent: make([]turn, 0, 64+24*len(names))}
}

// Read replays a log so far, or a transcript of a sheet so far, into a
// State: the game as it stands at the end of the file. Every statement is
// checked as check checks it, points claims included; a file that stops
// before the end of the game is what Read is for.
func Read(r io.Reader) (*State, error) {
	return Replay(notation.NewDecoder(r), engine.JudgeOptions{Partial: true})
}

// Replay reads every statement d decodes and plays it into a new State:
// the header sets the table up, each roll is played, each race line of a
// transcript filled in, each points claim checked against the sheet. It
// stops at the first problem, an *engine.Error on its line, worded as
// check reports it. With o.Partial a transcript may hold races still open;
// without, a race line with no full track is an error. A file that names
// a variant is read on o.Variant, which must have the numbers its digest
// gives; a file that names none is read on its board, and o.Variant, when
// set, must be that board. Replay does not ask whether the game is over:
// see Unfinished.
func Replay(d *notation.Decoder, o engine.JudgeOptions) (*State, error) {
	var s *State
	for st, err := range engine.Statements(d.Next) {
		if err != nil {
			return nil, err
		}
		if s == nil {
			if s, err = fromHeader(d, st.Kind == notation.KindRace, o, st.Line); err != nil {
				return nil, err
			}
		}
		if err := s.play(st); err != nil {
			return nil, err
		}
	}
	if s == nil {
		return fromHeader(d, false, o, max(d.Line(), 1))
	}
	return s, nil
}

// fromHeader starts the game the header of the file d reads sets up, its
// problems reported on line (a variant's on the line that names it).
func fromHeader(d *notation.Decoder, sheet bool, o engine.JudgeOptions, line int) (*State, error) {
	h := d.Header()
	v, err := variantOf(d, o)
	if err != nil {
		return nil, err
	}
	var g gr.Game
	switch {
	case v != nil && sheet:
		g, err = v.NewSheet(len(h.Names))
	case v != nil:
		g, err = v.NewGame(len(h.Names))
	case sheet:
		g, err = gr.NewSheet(h.Board, len(h.Names))
	default:
		g, err = gr.New(h.Board, len(h.Names))
	}
	if err != nil {
		if v, ok := engine.AsViolation(err); ok {
			return nil, v.At(line, nil)
		}
		return nil, err
	}
	return start(slices.Clone(h.Names), g, sheet, o.Partial), nil
}

// variantOf is the variant the header of d's file is played on: nil for
// the board it names, or o.Variant when the file names a variant with its
// numbers. A header and o.Variant that do not agree are an *engine.Error
// on the line that names the board or the variant (the game line when
// the file names neither).
func variantOf(d *notation.Decoder, o engine.JudgeOptions) (*gr.Variant, error) {
	h := d.Header()
	if h.Variant != "" && o.Variant == nil {
		return nil, engine.Errorf(d.HeaderLine(notation.KindVariant), gr.RuleVariant,
			"variant %s: the game is played on a designer's board, whose numbers the log does not hold: check it with the variant's file (--variant FILE)",
			h.Variant)
	}
	if o.Variant == nil {
		return nil, nil
	}
	at := cmp.Or(d.HeaderLine(notation.KindVariant), d.HeaderLine(notation.KindBoard), d.HeaderLine(notation.KindGame), 1)
	v, ok := o.Variant.(*gr.Variant)
	if !ok {
		return nil, engine.Errorf(at, gr.RuleVariant, "the variant given is a board of %s, not of %s", o.Variant.Game(), gr.Title)
	}
	if h.Variant == "" {
		if !v.Plain() || v.Board() != h.Board {
			return nil, engine.Errorf(at, gr.RuleVariant,
				"the log names no variant: it is played on board %s, but the variant given, %s, has other numbers (a log played on a variant names it on a variant line)",
				h.Board, v.Name())
		}
		return nil, nil
	}
	if dg := v.Digest(); dg != h.Digest {
		return nil, engine.Errorf(at, gr.RuleVariant,
			"variant %s %s: the variant given, %s, has other numbers (its digest is %s): the log was played on another board",
			h.Variant, h.Digest, v.Name(), dg)
	}
	c := v.Clone()
	if err := c.SetName(h.Variant); err != nil {
		return nil, engine.Errorf(at, gr.RuleNotation, "%v", err)
	}
	return c, nil
}
