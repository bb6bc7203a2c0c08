package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// sheetRequest is POST /api/sheet: finished paper sheets copied box by
// box. Either the setup (mode, players, facts) and the values of the
// boxes entered so far, or a transcript to read back into them.
type sheetRequest struct {
	engine.SheetSetup
	// Values are the values entered, by the box's tag; a box left out is
	// blank.
	Values map[string]string `json:"values"`
	// Transcript, when set, is a sheet transcript to read back into its
	// setup and boxes, in place of the setup and values.
	Transcript *string `json:"transcript"`
}

// sheetAnswer is what POST /api/sheet says of the sheets, beside check's
// word on them: in the answer's "sheet", alike for a 200 and a 400 whose
// problem is in the boxes, so that nothing entered is lost.
type sheetAnswer struct {
	Game  string `json:"game"`  // the game's name
	Title string `json:"title"` // the mode's title
	// Setup and Values are the setup and the values of the boxes: as the
	// request gave them, or as its transcript reads.
	Setup  engine.SheetSetup `json:"setup"`
	Values map[string]string `json:"values"`
	// Facts are the facts of the header the setup gives (SheetFact), and
	// Boxes the boxes of the sheets in the order they are copied.
	Facts []engine.SheetFact `json:"facts"`
	Boxes []engine.SheetBox  `json:"boxes"`
	// Transcript is the sheet transcript the boxes write: the file check
	// and score read.
	Transcript string `json:"transcript"`
}

// sheetResponse is POST /api/sheet when check accepts the transcript the
// boxes write: check's and score's word on it, as POST /api/check gives
// them, and the sheets.
type sheetResponse struct {
	checkResponse
	// Unfinished is check's problem with sheets that keep every rule so
	// far but are not all entered ("the transcript has no line for races
	// 3, ..."): the result is then score --partial's, as they stand.
	Unfinished string       `json:"unfinished,omitempty"`
	Sheet      *sheetAnswer `json:"sheet"`
}

func (r *sheetResponse) appendJSON(b []byte) ([]byte, error) { return appendSVG(b, r, r.SVG) }

// sheetGame is the game with sheet entry one of whose modes is mode.
func (sv *Server) sheetGame(mode string) (*game.Game, *apiError) {
	var ws []string
	for i := range sv.games {
		g := &sv.games[i]
		if g.Entry == nil || g.Judge == nil {
			continue
		}
		if _, ok := g.Mode(mode); ok {
			return g, nil
		}
		for _, m := range g.Modes {
			ws = append(ws, m.Keyword)
		}
	}
	return nil, fieldErr(engine.PartMode, "no sheet of %s is entered box by box (want %s)", engine.Quote([]byte(mode)), strings.Join(ws, ", "))
}

// handleSheet writes the transcript of finished sheets from the values
// entered in their boxes, with the game's notation, and judges it with
// the game's referee, as check and score judge a file: a problem is
// check's, a 400 with its line, rule and chapter and the boxes its line
// was written from. A transcript given instead is read back into its
// boxes and judged as it was given.
func (sv *Server) handleSheet(_ context.Context, req *sheetRequest) (any, *apiError) {
	if req.Transcript != nil {
		g, mode, aerr := sv.gameOf([]byte(*req.Transcript), func(g *game.Game) bool { return g.Entry != nil && g.Judge != nil })
		if aerr != nil {
			return nil, aerr
		}
		if req.Mode != "" || len(req.Players) > 0 || len(req.Facts) > 0 || len(req.Values) > 0 {
			return nil, fieldErr("transcript", "give a transcript, or the setup and the values of the boxes, not both")
		}
		su, vals, err := g.Entry.Read([]byte(*req.Transcript))
		if err != nil {
			return nil, fromError(err)
		}
		if su.Mode != mode {
			return nil, gameErr("%s: the transcript of %s reads as one of %s", g.Title, mode, su.Mode)
		}
		req.SheetSetup, req.Values = su, vals
	}
	g, aerr := sv.sheetGame(req.Mode)
	if aerr != nil {
		return nil, aerr
	}
	if req.Values == nil {
		req.Values = map[string]string{}
	}
	if req.Facts == nil {
		req.Facts = map[string]string{}
	}
	for k := range req.Facts {
		if !slices.ContainsFunc(g.Entry.Facts(req.Mode), func(f engine.SheetFact) bool { return f.Key == k }) {
			return nil, fieldErr("facts", "the header of %s has no fact %s", g.Title, engine.Quote([]byte(k)))
		}
	}
	// The table's size bounds the boxes drawn, before any is.
	if m, _ := g.Mode(req.Mode); len(req.Players) < m.MinPlayers || len(req.Players) > m.MaxPlayers {
		return nil, fieldErr(engine.PartPlayers, "%s is played by %s, not %d", m.Title, seatWords(m), len(req.Players))
	}
	boxes, err := g.Entry.Boxes(req.SheetSetup, req.Values)
	if err != nil {
		return nil, fromError(err)
	}
	tags := make(map[string]bool, len(boxes))
	for _, b := range boxes {
		tags[b.Tag] = true
	}
	for tag := range req.Values {
		if !tags[tag] {
			return nil, fieldErr("values", "no box of these sheets is tagged %s", engine.Quote([]byte(tag)))
		}
	}
	if aerr := drawableSeats(seatsOf(req.Players)); aerr != nil {
		return nil, aerr
	}
	ans := &sheetAnswer{Game: g.Name, Setup: req.SheetSetup, Values: req.Values, Facts: g.Entry.Facts(req.Mode), Boxes: boxes}
	if m, ok := g.Mode(req.Mode); ok {
		ans.Title = m.Title
	}
	text, err := g.Entry.Text(req.SheetSetup, req.Values)
	if err != nil {
		var se *engine.SetupError
		if !errors.As(err, &se) {
			return nil, fromError(err)
		}
		a := fieldErr("values", "%s", se.Msg)
		a.Boxes, a.sheet = []string{se.Part}, ans
		return nil, a
	}
	ans.Transcript = string(text.Text)
	// A transcript given is judged as it was given, as check judges the
	// file: its lines, and its own order of what the boxes do not keep
	// (the stakes of a Book slip).
	judged, at := text.Text, text.Line
	if req.Transcript != nil {
		judged = []byte(*req.Transcript)
		at = func(n int) []string { return text.LineOf(statementAt(judged, n)) }
	}
	r := &sheetResponse{Sheet: ans}
	v, err := g.Judge(bytes.NewReader(judged), engine.JudgeOptions{})
	if e, ok := engine.AsError(err); ok && e.Unfinished {
		r.Unfinished = checkWords(e)
		v, err = g.Judge(bytes.NewReader(judged), engine.JudgeOptions{Partial: true})
	}
	if err != nil {
		a := fromError(err)
		if e, ok := engine.AsError(err); ok {
			a.Boxes = at(e.Line)
		}
		a.sheet = ans
		return nil, a
	}
	if v == nil || !returns(func() { v.Summary() }) {
		return nil, gameErr("%s: check gives no verdict and no problem", g.Title)
	}
	r.checkResponse = checkResponse{Game: g.Name, Mode: req.Mode, Title: ans.Title, Summary: v.Summary(), Winners: engine.Winners(v.Standings()), Result: v.JSON(), Text: v.Text()}
	if r.Winners == nil {
		r.Winners = []string{}
	}
	if r.Unfinished == "" {
		r.SVG = sv.drawSheets(g, string(judged))
	}
	return r, nil
}

// statementAt is line n of src as a statement: its words, without its
// comment; "" past the end.
func statementAt(src []byte, n int) string {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	if j := bytes.IndexByte(src, '#'); j >= 0 {
		src = src[:j]
	}
	return strings.Join(strings.Fields(string(src)), " ")
}

// checkWords is check's problem as the page shows it: its message, and
// the chapter of the rule.
func checkWords(e *engine.Error) string {
	if e.Rule != nil && e.Rule.Chapter() != "" {
		return fmt.Sprintf("%s (rulebook: %s)", e.Msg, e.Rule.Chapter())
	}
	return e.Msg
}

// seatWords says how many players mode m seats: "2 players", "2 to 6
// players".
func seatWords(m game.Mode) string {
	switch {
	case m.MinPlayers == m.MaxPlayers && m.MinPlayers == 1:
		return "one player"
	case m.MinPlayers == m.MaxPlayers:
		return fmt.Sprintf("%d players", m.MinPlayers)
	}
	return fmt.Sprintf("%d to %d players", m.MinPlayers, m.MaxPlayers)
}

// seatsOf are the seats of people called names, for drawableSeats.
func seatsOf(names []string) []engine.Seat {
	out := make([]engine.Seat, len(names))
	for i, n := range names {
		out[i] = engine.Seat{Name: n}
	}
	return out
}
