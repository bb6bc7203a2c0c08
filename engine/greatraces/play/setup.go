package play

import (
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
	Values:  boardNames(),
	Default: gr.Standard.String(),
}}

func boardNames() []string {
	var ns []string
	for _, b := range gr.Boards {
		ns = append(ns, b.String())
	}
	return ns
}

// bots are the names package bot knows, weakest first.
var bots = []string{"random", "greedy", "expert"}

// Table is the table The Great Races seats: two to six players, and its
// bots. The game has one mode, named like the game; "" is that mode too.
func Table(mode string) (engine.Table, error) {
	if mode != "" && mode != notation.Game {
		return engine.Table{}, engine.SetupErrorf(engine.PartMode, "%s has one mode, %s, not %s",
			gr.Title, notation.Game, engine.Quote([]byte(mode)))
	}
	return engine.Table{
		Title:      gr.Title,
		MinPlayers: gr.MinPlayers,
		MaxPlayers: gr.MaxPlayers,
		Bots:       slices.Clone(bots),
		Keyword:    notation.IsKeyword,
	}, nil
}

// New starts a game: the seats checked against the table (their number,
// names and bots), the board from the options. Problems are
// *engine.SetupErrors naming the part that is wrong.
func New(s engine.Setup) (*State, error) {
	t, err := Table(s.Mode)
	if err != nil {
		return nil, err
	}
	if err := t.CheckSeats(s.Seats); err != nil {
		return nil, err
	}
	if err := engine.CheckOptions(s.Options, Options); err != nil {
		return nil, err
	}
	v, err := Options[0].Choose(s.Options)
	if err != nil {
		return nil, err
	}
	b, _ := gr.ParseBoard(v)
	names := make([]string, len(s.Seats))
	for i, seat := range s.Seats {
		names[i] = seat.Name
	}
	return start(names, b, false, false)
}

// start makes the state of a game of names on board b, from a transcript
// when sheet is set (races left open allowed when open is).
func start(names []string, b gr.Board, sheet, open bool) (*State, error) {
	s := &State{names: names, board: b, sheet: sheet, open: open, turns: make([]turn, 0, 64+24*len(names))}
	var err error
	if sheet {
		s.g, err = gr.NewSheet(b, len(names))
	} else {
		s.g, err = gr.New(b, len(names))
	}
	if err != nil {
		return nil, err
	}
	return s, nil
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
// without, a race line with no full track is an error. Replay does not
// ask whether the game is over: see Unfinished.
func Replay(d *notation.Decoder, o engine.JudgeOptions) (*State, error) {
	var (
		s  *State
		st notation.Statement
	)
	for {
		err := d.Next(&st)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if s == nil {
			if s, err = fromHeader(d.Header(), st.Kind == notation.KindRace, o, st.Line); err != nil {
				return nil, err
			}
		}
		if err := s.play(&st); err != nil {
			return nil, err
		}
	}
	if s == nil {
		return fromHeader(d.Header(), false, o, max(d.Line(), 1))
	}
	return s, nil
}

// fromHeader starts the game a file's header sets up, its problems
// reported on line.
func fromHeader(h *notation.Header, sheet bool, o engine.JudgeOptions, line int) (*State, error) {
	s, err := start(slices.Clone(h.Names), h.Board, sheet, o.Partial)
	if err != nil {
		if v, ok := engine.AsViolation(err); ok {
			return nil, v.At(line, nil)
		}
		return nil, err
	}
	return s, nil
}
