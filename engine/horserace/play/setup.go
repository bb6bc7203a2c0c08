package play

import (
	"fmt"
	"io"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
)

// Options are Horse Race's own options, as a Setup names them: the board,
// each optional rule (in the order of horserace.AllRules), the bank and
// the number of races the table plays. New scans them in this order.
var Options = []engine.Option{
	{Name: "board", Title: "Board", Usage: "the board: A (standard), B, C or D",
		Values: []string{"A", "B", "C", "D"}, Labels: []string{"A, the standard board"}, Default: "A"},
	{Name: "evendeal", Title: "Even deal", Usage: "equal hands, the odd cards set aside",
		Values: []string{"off", "on"}, Default: "off"},
	{Name: "noendpay", Title: "No end pay", Usage: "the losers pay nothing at the settling",
		Values: []string{"off", "on"}, Default: "off"},
	{Name: "reroll", Title: "Reroll", Usage: "a repeat scratch roll is free and rolled again",
		Values: []string{"off", "on"}, Default: "off"},
	{Name: "bank", Title: "Bank", Usage: fmt.Sprintf("chips each player starts with, 1 to %d (0: no limit)", horserace.MaxBank),
		Min: 0, Max: horserace.MaxBank, Default: "0"},
	{Name: "rounds", Title: "Races", Usage: fmt.Sprintf("races the table plays, the deal passing left (1 to %d)", horserace.MaxRounds),
		Min: 1, Max: horserace.MaxRounds, Default: "1", Unwritten: true},
}

// Table is the table Horse Race seats: 2 to 12 players, and no bots, since
// nobody chooses anything. Its one mode is "horserace" ("" names it too).
func Table(mode string) (engine.Table, error) {
	return engine.OneMode(mode, notation.Game, engine.Table{Title: "Horse Race", MinPlayers: horserace.MinPlayers, MaxPlayers: horserace.MaxPlayers,
		Players: horserace.DefaultPlayers, Keyword: notation.IsKeyword})
}

// New seats a table: its players and options checked once, here, with
// the messages the command line and the table on screen show. The last
// seat deals the first race, so the first seat is dealt first and rolls
// first. Every seat is a person's: Horse Race has no bots.
func New(su engine.Setup) (*State, error) {
	var h notation.Header
	var board string
	var rules [3]string // evendeal, noendpay and reroll: horserace.AllRules
	var rounds int
	if err := su.Scan(Table, Options, &board, &rules[0], &rules[1], &rules[2], &h.Bank, &rounds); err != nil {
		return nil, err
	}
	h.Names = su.Names()
	h.Dealer = h.Names[len(h.Names)-1]
	h.Board, _ = horserace.ParseBoard(board)
	for i, on := range rules {
		if on == "on" {
			h.Rules |= horserace.AllRules[i]
		}
	}
	var v *horserace.Variant
	if su.Variant != nil {
		var ok bool
		if v, ok = su.Variant.(*horserace.Variant); !ok {
			return nil, engine.SetupErrorf("variant", "a variant of %s is not a Horse Race board", engine.Quote([]byte(su.Variant.Game())))
		}
		if err := v.Check(); err != nil {
			return nil, err
		}
		// The variant is the board: it starts from its base, and a log
		// played on other numbers than the base's names it.
		h.Board = v.From
		if !v.Standard() {
			h.Variant, h.Digest = v.Label, engine.Digest(v)
		}
	}
	s, bad := newState(h, rounds, v)
	if bad != nil {
		return nil, engine.SetupErrorf(engine.PartPlayers, "%s", bad.Describe(h.Names))
	}
	return s, nil
}

// SetupOptions writes a table's options as a Setup names them: what New
// reads back.
func SetupOptions(b horserace.Board, v horserace.Rules, bank, rounds int) map[string]string {
	o := map[string]string{"board": b.String(), "bank": fmt.Sprint(bank), "rounds": fmt.Sprint(rounds)}
	for _, w := range horserace.AllRules {
		o[w.String()] = "off"
		if v.Has(w) {
			o[w.String()] = "on"
		}
	}
	return o
}

// FromHeader starts the table a log's header sets: its players, first
// dealer, board, variants and bank, playing as many races as the log
// deals. A header that names no dealer (a log that has no race yet) has
// the last seat deal. A header that names a board variant is refused: its
// numbers are in its variant file (FromHeaderOn).
func FromHeader(h *notation.Header) (*State, error) { return FromHeaderOn(h, nil) }

// FromHeaderOn is FromHeader for a log that may have been played on a
// variant: v is the board it was played on (nil for the standard board
// its header names), which must be the one its variant line names.
func FromHeaderOn(h *notation.Header, v engine.Variant) (*State, error) {
	hh := *h
	if hh.Dealer == "" && len(hh.Names) > 0 {
		hh.Dealer = hh.Names[len(hh.Names)-1]
	}
	b, bad := boardOf(&hh, v)
	if bad != nil {
		return nil, bad
	}
	s, bad := newState(hh, 0, b)
	if bad != nil {
		return nil, bad
	}
	return s, nil
}

// boardOf matches the board a log's header names with the variant given
// (engine.JudgeOptions.Variant): the variant's numbers to play, nil for
// the header's standard board, or why the two do not go together. A log
// with no variant line is played on its standard board, which a variant
// of the same numbers names too.
func boardOf(h *notation.Header, given engine.Variant) (*horserace.Variant, *engine.Violation) {
	about := func(format string, args ...any) *engine.Violation {
		return engine.About(horserace.RuleSetup, PartVariant, -1, format, args...)
	}
	if given == nil {
		if h.Variant != "" {
			return nil, about("the log is played on variant %s, a board of its own numbers: check it with --variant FILE, the variant file it was played on", h.Variant)
		}
		return nil, nil
	}
	v, ok := given.(*horserace.Variant)
	if !ok {
		return nil, about("the variant given is a board of %s, not of Horse Race", engine.Quote([]byte(given.Game())))
	}
	if err := v.Check(); err != nil {
		return nil, about("the variant given, %s: %v", v.Label, err)
	}
	if h.Variant == "" {
		if v.Standard() && v.From == h.Board {
			return nil, nil
		}
		return nil, about("the log is played on the standard board %s (it has no variant line), but the variant given, %s, has other numbers", h.Board, v.Label)
	}
	if d := engine.Digest(v); d != h.Digest {
		return nil, about("the log is played on variant %s, whose numbers have the digest %s, but the variant given, %s, has other numbers (digest %s)", h.Variant, h.Digest, v.Label, d)
	}
	if h.Lines.Board != 0 && h.Board != v.From {
		return nil, engine.About(horserace.RuleSetup, horserace.PartOptions, -1, "board %s, but variant %s starts from board %s: its board line names its base", h.Board, h.Variant, v.From)
	}
	h.Board = v.From
	return v, nil
}

// PartVariant is the part of the header a violation of its board variant
// concerns: the variant line, or the board line of a log without one.
const PartVariant engine.Part = horserace.PartOptions + 1

// Read replays a log so far, a statement at a time: the first problem is
// an *engine.Error on its line, as check reports it.
func Read(r io.Reader) (*State, error) { return ReadFrom(notation.NewDecoder(r)) }

// ReadFrom replays the statements d reads, as Read does. Once it returns,
// d.Line is the number of lines read.
func ReadFrom(d *notation.Decoder) (*State, error) { return ReadOn(d, nil) }

// ReadOn replays the statements d reads, as ReadFrom does, of a log played
// on the variant v (nil for the standard board its header names): a log
// whose variant line names other numbers is refused on that line.
func ReadOn(d *notation.Decoder, v engine.Variant) (*State, error) { return ReadEach(d, v, nil) }

// ReadEach replays the statements d reads as ReadOn does, and calls visit,
// when not nil, after each statement is played, with the statement and
// the state it leaves: how a story or a filled sheet follows a log. An
// error of visit stops the replay and is returned as it is.
func ReadEach(d *notation.Decoder, v engine.Variant, visit func(st notation.Statement, s *State) error) (*State, error) {
	var s *State
	for st, err := range engine.Statements(d.Next) {
		if err != nil {
			return nil, err
		}
		if s == nil {
			if s, err = FromHeaderOn(d.Header(), v); err != nil {
				return nil, headerError(d.Header(), err, st.Line)
			}
		}
		if err := s.PlayStatement(st); err != nil {
			if bad, ok := engine.AsViolation(err); ok {
				return nil, bad.At(st.Line, s.header.Names)
			}
			return nil, err
		}
		if visit != nil {
			if err := visit(*st, s); err != nil {
				return nil, err
			}
		}
	}
	if s == nil {
		s, err := FromHeaderOn(d.Header(), v)
		if err != nil {
			return nil, headerError(d.Header(), err, max(d.Line(), 1))
		}
		return s, nil
	}
	return s, nil
}

// headerError puts a violation of the header on the line that wrote it.
func headerError(h *notation.Header, err error, line int) error {
	v, ok := engine.AsViolation(err)
	if !ok {
		return err
	}
	switch {
	case v.Part == horserace.PartDealer && h.Lines.Dealer != 0:
		line = h.Lines.Dealer
	case v.Part == horserace.PartOptions && h.Lines.Board != 0:
		line = h.Lines.Board
	case v.Part == PartVariant && h.Lines.Variant != 0:
		line = h.Lines.Variant
	case v.Part == PartVariant && h.Lines.Board != 0:
		line = h.Lines.Board
	case v.Part == PartVariant:
		line = max(h.Lines.Game, 1)
	}
	return v.At(line, h.Names)
}

// String is the table in a few words, for tests and messages: "Horse
// Race, board A, 4 players, race 2 of 3".
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Horse Race, board %s, %s", s.header.Board, engine.Count(len(s.header.Names), "player", "players"))
	if s.rounds > 0 {
		fmt.Fprintf(&b, ", race %d of %d", s.g.Race(), s.rounds)
	}
	return b.String()
}
