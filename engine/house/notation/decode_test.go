package notation

import (
	"bytes"
	"errors"
	"path"
	"reflect"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/internal/testkit"
)

// logFile is one race log of examples/house.
type logFile struct {
	name string // its path in examples/
	data []byte
}

// logFiles are the race logs of examples/house, valid and invalid (the
// invalid ones break rules, not the notation).
func logFiles(t testing.TB) []logFile {
	t.Helper()
	valid, invalid := testkit.Examples(t, "house")
	var files []logFile
	for _, ex := range append(valid, invalid...) {
		if strings.HasSuffix(ex.Name, ".log") {
			files = append(files, logFile{ex.Name, ex.Data})
		}
	}
	if len(files) < 6 {
		t.Fatalf("found %d logs in examples/house, want 6 or more", len(files))
	}
	return files
}

// exampleLog is the example race log name of examples/house.
func exampleLog(t testing.TB, name string) []byte {
	t.Helper()
	for _, f := range logFiles(t) {
		if path.Base(f.name) == name {
			return f.data
		}
	}
	t.Fatalf("no example %s", name)
	return nil
}

func TestDecodeTestdata(t *testing.T) {
	for _, file := range logFiles(t) {
		t.Run(path.Base(file.name), func(t *testing.T) {
			src := file.data
			log, err := DecodeBytes(src)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if log.Lines != bytes.Count(src, []byte("\n")) {
				t.Errorf("Lines = %d, want %d", log.Lines, bytes.Count(src, []byte("\n")))
			}
			checkRoundTrip(t, log)
		})
	}
}

// checkRoundTrip prints log, decodes the print and wants the same
// statements back.
func checkRoundTrip(t *testing.T, log *Log) {
	t.Helper()
	text, err := log.MarshalText()
	if err != nil {
		t.Fatalf("print: %v", err)
	}
	again, err := DecodeBytes(text)
	if err != nil {
		t.Fatalf("decode of the printed log: %v\n%s", err, text)
	}
	if h, w := headerWithoutLines(again.Header), headerWithoutLines(log.Header); !reflect.DeepEqual(h, w) {
		t.Fatalf("header:\nhave %+v\nwant %+v\nprinted:\n%s", h, w, text)
	}
	have, want := withoutLines(again.Statements), withoutLines(log.Statements)
	if !reflect.DeepEqual(have, want) {
		for i := range min(len(have), len(want)) {
			if !reflect.DeepEqual(have[i], want[i]) {
				t.Fatalf("statement %d:\nhave %+v\nwant %+v\nprinted:\n%s", i, have[i], want[i], text)
			}
		}
		t.Fatalf("have %d statements, want %d\nprinted:\n%s", len(have), len(want), text)
	}
	text2, _ := again.MarshalText()
	if !bytes.Equal(text, text2) {
		t.Fatalf("the canonical form is not stable:\n%s\n---\n%s", text, text2)
	}
}

// headerWithoutLines is h without its lines.
func headerWithoutLines(h Header) Header {
	h.Lines = Lines{}
	return h
}

func withoutLines(sts []Statement) []Statement {
	out := make([]Statement, len(sts))
	for i, st := range sts {
		st.Line = 0
		out[i] = st
	}
	return out
}

func TestDecodeHeader(t *testing.T) {
	const duel = "game duel\nplayers Ana Ben\nlayout 4\n"
	ana := func(h *Header) Header {
		return Header{Mode: house.Duel, Players: []string{"Ana", "Ben"}, Layout: 4}
	}
	tests := []struct {
		name string
		src  string
		want func(h *Header) Header // the header, Lines aside
	}{
		{"players", "game book\nlayout 2\nplayers Ana Ben Cal", func(*Header) Header {
			return Header{Mode: house.Book, Players: []string{"Ana", "Ben", "Cal"}, Layout: 2}
		}},
		{"unicode name", "game solo\nlayout 2\nplayers Zoë_2-b", func(*Header) Header {
			return Header{Mode: house.Solo, Players: []string{"Zoë_2-b"}, Layout: 2}
		}},
		{"layout", duel, ana},
		{"call", duel + "call 2", func(h *Header) Header { w := ana(h); w.Call = 2; return w }},
		{"jockey", "game duel\nplayers Ana\t Ben\nlayout 4\njockey Ana ace\njockey Ben turnaround", func(h *Header) Header {
			w := ana(h)
			w.Jockeys[0], w.Jockeys[1] = house.Ace, house.Turnaround
			return w
		}},
		{"jockey by card name", duel + "jockey Ana ACE  malone\njockey Ben Turnaround", func(h *Header) Header {
			w := ana(h)
			w.Jockeys[0], w.Jockeys[1] = house.Ace, house.Turnaround
			return w
		}},
		{"wager", duel + "wager Ben 6", func(h *Header) Header { w := ana(h); w.Wagers[1] = 6; return w }},
		{"wager before players", "game duel\nwager Ben 6\nwager Ana 2\nplayers Ana Ben\nlayout 4", func(h *Header) Header {
			w := ana(h)
			w.Wagers[0], w.Wagers[1] = 2, 6
			return w
		}},
		{"jockey before players", "game duel\njockey Ben spread\nlayout 4\njockey Ana ace\nplayers Ana Ben", func(h *Header) Header {
			w := ana(h)
			w.Jockeys[0], w.Jockeys[1] = house.Ace, house.Spread
			return w
		}},
		{"rail", duel + "rail Ana 3 Ben 3", func(h *Header) Header {
			w := ana(h)
			w.Rails = [][]house.Draw{{{Who: 0, Die: 3}, {Who: 1, Die: 3}}}
			return w
		}},
		{"rail before players", "game duel\nrail Ben 3 Ana 3\nrail Ben 5 Ana 1\nlayout 4\nplayers Ana Ben", func(h *Header) Header {
			w := ana(h)
			w.Rails = [][]house.Draw{{{Who: 1, Die: 3}, {Who: 0, Die: 3}}, {{Who: 1, Die: 5}, {Who: 0, Die: 1}}}
			return w
		}},
		{"byte order mark", "\uFEFFgame solo\nplayers Sol\nlayout 1\n", func(*Header) Header {
			return Header{Mode: house.Solo, Players: []string{"Sol"}, Layout: 1}
		}},
		{"comments, blanks, tabs, crlf", "# hello\n\n  game\tduel   # the duel\r\n\t\r\nplayers  A\tB#c\r\nlayout 1\r\n", func(*Header) Header {
			return Header{Mode: house.Duel, Players: []string{"A", "B"}, Layout: 1}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log, err := DecodeBytes([]byte(tt.src))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			have := log.Header
			have.Lines = Lines{}
			if want := tt.want(&log.Header); !reflect.DeepEqual(have, want) {
				t.Errorf("have %+v\nwant %+v", have, want)
			}
			checkRoundTrip(t, log)
		})
	}
}

// TestHeaderLines: the header records the line of each of its statements,
// by seat, in whatever order they come.
func TestHeaderLines(t *testing.T) {
	log, err := DecodeBytes([]byte("game duel\nwager Ben 2\njockey Ben ace\nplayers Ana Ben\nrail Ana 4 Ben 4\njockey Ana spread\nlayout 3\ncall 4\nrail Ana 1 Ben 6\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Lines{Game: 1, Players: 4, Layout: 7, Call: 8, Jockeys: [6]int{6, 3}, Wagers: [6]int{0, 2}, Rails: []int{5, 9}, Last: 9}
	if have := log.Header.Lines; !reflect.DeepEqual(have, want) {
		t.Errorf("have %+v\nwant %+v", have, want)
	}
}

func TestDecodeStatements(t *testing.T) {
	const duel = "game duel\nplayers Ana Ben\nlayout 4\n"
	tests := []struct {
		name string
		src  string
		want Statement // the last statement
	}{
		{"back", "game book\nplayers Ana Ben\nlayout 1\nback Ana 4 x2", Statement{Line: 4, Kind: KindBack, Seat: 0, N: 4, Times: 2}},
		{"back without x", "game book\nplayers Ana Ben\nlayout 1\nback Ben 6", Statement{Line: 4, Kind: KindBack, Seat: 1, N: 6}},
		{"roll", duel + "roll Ben 6 5 4 3 2 1", Statement{Line: 4, Kind: KindRoll, Seat: 1, Dice: [6]int8{6, 5, 4, 3, 2, 1}}},
		{"keep", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5", Statement{Line: 5, Kind: KindKeep, Move: house.Move{Lane: 6, Stride: 5}}},
		{"keep pass", duel + "roll Ben 6 5 4 3 2 1\nkeep pass 65", Statement{Line: 5, Kind: KindKeep, Move: house.Move{Lane: 6, Stride: 5, Pass: true}}},
		{"cut", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\ncut 43 21", Statement{Line: 6, Kind: KindCut, Cut: [2][2]int8{{4, 3}, {2, 1}}}},
		{"play", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\ncut 43 21\nAna 3:4", Statement{Line: 7, Kind: KindPlay, Seat: 0, Move: house.Move{Lane: 3, Stride: 4}}},
		{"play modifiers", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\ncut 43 21\nAna 3:4 turnaround strike 2 double",
			Statement{Line: 7, Kind: KindPlay, Seat: 0, Move: house.Move{Lane: 3, Stride: 4, Strike: 2, Double: true, Turnaround: true}}},
		{"play pass", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\ncut 43 21\nAna pass 21", Statement{Line: 7, Kind: KindPlay, Seat: 0, Move: house.Move{Lane: 2, Stride: 1, Pass: true}}},
		{"play bare pass", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\ncut 43 21\nBen pass", Statement{Line: 7, Kind: KindPlay, Seat: 1, Move: house.Move{Pass: true}}},
		{"no cut", duel + "roll Ben 6 5 4 3 2 1\nkeep pass 65\nAna 3:4", Statement{Line: 6, Kind: KindPlay, Seat: 0, Move: house.Move{Lane: 3, Stride: 4}}},
		{"rolloff lane", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\ncut 43 21\nAna 3:4\nrolloff lane 3 Ana 2 Ben 5",
			Statement{Line: 8, Kind: KindRolloffLane, N: 3, Draws: []house.Draw{{Who: 0, Die: 2}, {Who: 1, Die: 5}}}},
		{"rolloff wire", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\nrolloff wire 6 1 3 4",
			Statement{Line: 6, Kind: KindRolloffWire, Draws: []house.Draw{{Who: 6, Die: 1}, {Who: 3, Die: 4}}}},
		{"purse", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\n\npurse Ana -65\n", Statement{Line: 7, Kind: KindPurse, Seat: 0, N: -65}},
		{"purse as the sheet prints it", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\n\npurse Ben $420\n", Statement{Line: 7, Kind: KindPurse, Seat: 1, N: 420}},
		{"purse signed", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\n\npurse Ben +$40\n", Statement{Line: 7, Kind: KindPurse, Seat: 1, N: 40}},
		{"purse lost", duel + "roll Ben 6 5 4 3 2 1\nkeep 6:5\n\npurse Ben -$25\n", Statement{Line: 7, Kind: KindPurse, Seat: 1, N: -25}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log, err := DecodeBytes([]byte(tt.src))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			have := log.Statements[len(log.Statements)-1]
			if !reflect.DeepEqual(have, tt.want) {
				t.Errorf("have %+v\nwant %+v", have, tt.want)
			}
			checkRoundTrip(t, log)
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	const duel = "game duel\nplayers Ana Ben\nlayout 4\n"
	const turn = duel + "roll Ana 1 2 3 4 5 6\nkeep 1:2\ncut 34 56\n" // lines 4-6
	const book = "game book\nplayers Ana Ben Cal\nlayout 1\n"
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", `line 1: no game statement (game duel, game book or game solo)`},
		{"comments only", "# nothing\n\n", `line 2: no game statement (game duel, game book or game solo)`},
		{"game not first", "players Ana\ngame solo", `line 1: the first statement must be game (game duel, game book or game solo), not "players"`},
		{"unknown game", "game chess", `line 1: unknown game "chess" (want duel, book or solo)`},
		{"game words", "game duel book", `line 1: "game duel book": want game duel, game book or game solo`},
		{"second game", "game duel\ngame duel", `line 2: a second game statement (the first is on line 1)`},
		{"no players", "game duel\nlayout 3\nroll Ana 1 2 3 4 5 6", `line 3: the header has no players statement`},
		{"no layout", "game duel\nplayers Ana Ben\n", `line 2: the header has no layout statement`},
		{"players none", "game duel\nplayers", `line 2: players names nobody: want players NAME...`},
		{"seven players", "game duel\nplayers A B C D E F G", `line 2: 7 players: a table seats at most 6`},
		{"name twice", "game duel\nplayers Ana Ana", `line 2: player "Ana" named twice`},
		{"bad name", "game duel\nplayers Ana 2b", `line 2: "2b" is not a name: a letter, then letters, digits, _ or -`},
		{"bad name char", "game duel\nplayers Ana B.b", `line 2: "B.b" is not a name: a letter, then letters, digits, _ or -`},
		{"invalid utf8 name", "game duel\nplayers Ana B\xff", `line 2: "B\xff" is not a name: a letter, then letters, digits, _ or -`},
		{"keyword name", "game duel\nplayers Ana roll", `line 2: "roll" is a keyword of the notation, not a name`},
		{"second players", duel + "players Ana Ben", `line 4: a second players statement (the first is on line 2)`},
		{"layout 7", "game duel\nlayout 7", `line 2: layout "7": "7" is not a die (1-6)`},
		{"layout words", "game duel\nlayout", `line 2: "layout": want layout N`},
		{"second layout", duel + "layout 4", `line 4: a second layout statement (the first is on line 3)`},
		{"variant words", duel + "variant mine", `line 4: "variant mine": want variant NAME DIGEST, the variant's name and its digest of sixteen hex digits`},
		{"variant name", duel + "variant 2x 0123456789abcdef", `line 4: variant "2x": "2x" is not a name: a letter, then letters, digits, _ or -`},
		{"variant digest", duel + "variant mine 0123456789ABCDEF", `line 4: variant mine "0123456789ABCDEF": a digest is sixteen hex digits, 0 to 9 and a to f, as furlong writes it`},
		{"variant digest short", duel + "variant mine 0123", `line 4: variant mine "0123": a digest is sixteen hex digits, 0 to 9 and a to f, as furlong writes it`},
		{"second variant", duel + "variant a 0123456789abcdef\nvariant b 0123456789abcdef", `line 5: a second variant statement (the first is on line 4)`},
		{"variant in the race", turn + "variant a 0123456789abcdef", `line 7: variant after the race began: header statements come before the first roll`},
		{"unknown jockey", duel + "jockey Ana none", `line 4: unknown jockey "none" (want one of countdown ace double longslip fivealike turnaround spread)`},
		{"unknown card name", duel + "jockey Ana Ace Nobody", `line 4: unknown jockey "Ace Nobody" (want one of countdown ace double longslip fivealike turnaround spread)`},
		{"jockey twice before players", "game duel\njockey Ana ace\njockey Ana spread\nplayers Ana Ben", `line 3: a second jockey for Ana (the first is on line 2)`},
		{"jockey before and after players", "game duel\njockey Ana ace\nplayers Ana Ben\njockey Ana spread", `line 4: a second jockey for Ana (the first is on line 2)`},
		{"jockey twice", duel + "jockey Ana ace\njockey Ana spread", `line 5: a second jockey for Ana (the first is on line 4)`},
		{"jockey unknown player", duel + "jockey Cal ace", `line 4: "Cal" is not a player (players are Ana Ben)`},
		{"wager before players unknown", "game duel\nwager Cal 3\nplayers Ana Ben", `line 2: "Cal" is not a player (players are Ana Ben)`},
		{"wager lane 0", duel + "wager Ana 0", `line 4: wager on lane "0": a lane is 1-6`},
		{"wager twice", duel + "wager Ana 1\nwager Ana 2", `line 5: a second wager for Ana (the first is on line 4)`},
		{"rail odd", duel + "rail Ana 3 Ben", `line 4: "rail Ana 3 Ben": want rail NAME D NAME D ...`},
		{"rail die", duel + "rail Ana 3 Ben 0", `line 4: Ben draws "0": not a die (1-6)`},
		{"rail twice on a line", duel + "rail Ana 3 Ana 4", `line 4: Ana draws twice on one line`},
		{"rail unknown before players", "game duel\nrail Ana 3 Cal 4\nplayers Ana Ben", `line 2: "Cal" is not a player (players are Ana Ben)`},
		{"header after roll", turn + "layout 3", `line 7: layout after the race began: header statements come before the first roll`},
		{"back horse", book + "back Ana 7", `line 4: back horse "7": a horse is 1-6`},
		{"back x0", book + "back Ana 1 x0", `line 4: "x0" is not a multiplier: want x1 to x9`},
		{"back then keep", book + "back Ana 1\nkeep 1:1", `line 5: keep after back: the turn's roll comes first`},
		{"back after roll", book + "roll Ana 1 2 3 4 5 6\nback Ana 1", `line 5: back before the keep of the roll above`},
		{"roll short", duel + "roll Ana 1 2 3", `line 4: "roll Ana 1 2 3": want roll NAME D D D D D D`},
		{"roll die", duel + "roll Ana 1 2 3 4 5 7", `line 4: roll: "7" is not a die (1-6)`},
		{"roll unknown", duel + "roll Cal 1 2 3 4 5 6", `line 4: "Cal" is not a player (players are Ana Ben)`},
		{"two rolls", duel + "roll Ana 1 2 3 4 5 6\nroll Ben 1 2 3 4 5 6", `line 5: roll before the keep of the roll above`},
		{"keep first", duel + "keep 1:2", `line 4: keep before the first roll`},
		{"keep twice", turn + "keep 1:2", `line 7: keep without a roll: each turn has one roll and one keep`},
		{"keep bare pass", duel + "roll Ana 1 2 3 4 5 6\nkeep pass", `line 5: keep pass needs the dice: keep pass AB`},
		{"keep missing", duel + "roll Ana 1 2 3 4 5 6\nkeep", `line 5: keep: a move is missing (L:S, or pass AB)`},
		{"stride 9", duel + "roll Ana 1 2 3 4 5 6\nkeep 3:9", `line 5: "3:9" is not a move: stride 9 is not a die (1-6)`},
		{"lane 0", duel + "roll Ana 1 2 3 4 5 6\nkeep 0:1", `line 5: "0:1" is not a move: lane 0 is not a die (1-6)`},
		{"not a move", duel + "roll Ana 1 2 3 4 5 6\nkeep 35", `line 5: "35" is not a move (want L:S, as 3:5, or pass AB)`},
		{"move letters", duel + "roll Ana 1 2 3 4 5 6\nkeep a:b", `line 5: "a:b" is not a move (want L:S, as 3:5, or pass AB)`},
		{"strike missing lane", turn + "Ben 3:4 strike", `line 7: strike needs a lane: strike L`},
		{"strike 7", turn + "Ben 3:4 strike 7", `line 7: strike "7": a lane is 1-6`},
		{"strike twice", turn + "Ben 3:4 strike 1 strike 2", `line 7: strike given twice`},
		{"double twice", turn + "Ben 3:4 double double", `line 7: double given twice`},
		{"turnaround twice", turn + "Ben 3:4 turnaround turnaround", `line 7: turnaround given twice`},
		{"trailing word", turn + "Ben 3:4 now", `line 7: unexpected "now" after the move 3:4`},
		{"pass bad pair", turn + "Ben pass 7", `line 7: pass "7": not a pair of dice (two digits 1-6, as 51)`},
		{"pass trailing", turn + "Ben pass 34 56", `line 7: unexpected "56" after pass 34`},
		{"cut bad pair", duel + "roll Ana 1 2 3 4 5 6\nkeep 1:2\ncut 34 5", `line 6: cut: "5" is not a pair of dice (two digits 1-6, as 51)`},
		{"cut words", duel + "roll Ana 1 2 3 4 5 6\nkeep 1:2\ncut 3456", `line 6: "cut 3456": want cut AB CD`},
		{"cut after move", turn + "Ben 3:4\ncut 34 56", `line 8: cut must come right after keep, once a turn`},
		{"cut before keep", duel + "roll Ana 1 2 3 4 5 6\ncut 34 56", `line 5: cut after roll: the roller's keep comes first`},
		{"unknown player move", turn + "Cal 3:4", `line 7: "Cal" is not a player (players are Ana Ben)`},
		{"upper keyword", turn + "Keep 3:4", `line 7: unknown statement "Keep" (keywords are lower case)`},
		{"transcript in a log", turn + "sheet Ana", `line 7: sheet belongs in a sheet transcript, but this file is a race log, as line 4 shows: want a move, a roll-off or the next turn`},
		{"keyword out of place", turn + "strike 3", `line 7: "strike" does not start a statement`},
		{"unknown word", turn + "3:4", `line 7: unknown statement "3:4"`},
		{"move after rolloff", turn + "rolloff lane 3 Ana 2 Ben 5\nBen 3:4", `line 8: a move after a roll-off: roll-offs come after the turn's moves`},
		{"rolloff what", turn + "rolloff horse 3", `line 7: rolloff "horse": want rolloff lane or rolloff wire`},
		{"rolloff lane 8", turn + "rolloff lane 8 Ana 2", `line 7: rolloff lane "8": a lane is 1-6`},
		{"rolloff lane empty", turn + "rolloff lane 3", `line 7: "rolloff lane 3": want rolloff lane L NAME D NAME D ...`},
		{"rolloff wire odd", turn + "rolloff wire 3 4 5", `line 7: "rolloff wire 3 4 5": want rolloff wire L D L D ...`},
		{"rolloff wire lane twice", turn + "rolloff wire 3 4 3 5", `line 7: rolloff wire: lane 3 draws twice on one line`},
		{"rolloff wire die", turn + "rolloff wire 3 4 2 9", `line 7: rolloff wire: lane 2 draws "9": not a die (1-6)`},
		{"purse amount", turn + "purse Ana 5.5", `line 7: purse "5.5": not a whole number of dollars`},
		{"purse two signs", turn + "purse Ana +$-5", `line 7: purse "+$-5": not a whole number of dollars`},
		{"purse dollar only", turn + "purse Ana $", `line 7: purse "$": not a whole number of dollars`},
		{"purse huge", turn + "purse Ana 12345678901", `line 7: purse "12345678901": not a whole number of dollars`},
		{"purse twice", turn + "purse Ana 5\npurse Ana 6", `line 8: a second purse for Ana`},
		{"roll after purse", turn + "purse Ana 5\nroll Ben 1 2 3 4 5 6", `line 8: roll after purse: only purse lines may follow the first purse`},
		{"purse after roll", duel + "roll Ana 1 2 3 4 5 6\npurse Ana 5", `line 5: purse after roll: the roller's keep comes first`},
		{"purse before players", "game duel\npurse Ana 5", `line 2: purse before players`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log, err := DecodeBytes([]byte(tt.src))
			if err == nil {
				t.Fatalf("decoded %d statements, want error %s", len(log.Statements), tt.want)
			}
			var e *engine.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, want *engine.Error", err, err)
			}
			if e.Rule != house.RuleNotation {
				t.Errorf("rule %v, want %v", e.Rule, house.RuleNotation)
			}
			if have := err.Error(); have != tt.want {
				t.Errorf("have %s\nwant %s", have, tt.want)
			}
			if !strings.HasPrefix(tt.want, "line ") {
				t.Errorf("want %q has no line", tt.want)
			}
		})
	}
}

func TestDecodeReader(t *testing.T) {
	src := exampleLog(t, "07_duel_wire_rolloff_wagers.log")
	a, err := Decode(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := DecodeBytes(src)
	if !reflect.DeepEqual(a, b) {
		t.Error("Decode and DecodeBytes differ")
	}
	var buf bytes.Buffer
	n, err := a.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Errorf("WriteTo = %d, %v; wrote %d bytes", n, err, buf.Len())
	}
}

// longDuel is a two-player Duel log of the given number of turns in the
// canonical form, well formed though not a legal race: the size of a
// simulated race.
func longDuel(turns int) []byte {
	var b strings.Builder
	b.WriteString("game duel\nplayers Ana Ben\nlayout 4\ncall 3\nwager Ana 3\nwager Ben 5\nrail Ana 5 Ben 2\n")
	for i := range turns {
		roller, chooser := "Ana", "Ben"
		if i%2 == 1 {
			roller, chooser = chooser, roller
		}
		b.WriteString("\nroll " + roller + " 3 5 5 1 6 2\nkeep 3:5\ncut 51 62\n")
		b.WriteString(chooser + " 2:6\n" + roller + " 5:1 strike 2\n")
	}
	b.WriteString("\npurse Ana 40\npurse Ben -15\n")
	return []byte(b.String())
}

// BenchmarkDecode decodes a two-player Duel of four turns: as written at
// the table (comments), in the canonical form the simulator writes, and
// into a reused Log.
func BenchmarkDecode(b *testing.B) {
	written := exampleLog(b, "07_duel_wire_rolloff_wagers.log")
	log, err := DecodeBytes(written)
	if err != nil {
		b.Fatal(err)
	}
	canonical, _ := log.MarshalText()
	long := longDuel(24)
	for _, bc := range []struct {
		name  string
		src   []byte
		reuse bool
	}{
		{"written", written, false},
		{"canonical", canonical, false},
		{"canonical-reuse", canonical, true},
		{"24turns", long, false},
		{"24turns-reuse", long, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.src)))
			b.ReportAllocs()
			var l Log
			for b.Loop() {
				if bc.reuse {
					err = l.UnmarshalText(bc.src)
				} else {
					_, err = DecodeBytes(bc.src)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logs/s")
		})
	}
}

// TestVariantLine: a log played on a variant names it in its header, in
// any order among the header's lines, and writes it back after the
// players.
func TestVariantLine(t *testing.T) {
	src := "game solo\nlayout 2\nvariant long-wire 0123456789abcdef\nplayers Sol\n\nroll Sol 1 2 3 4 5 6\nkeep 1:2\ncut 34 56\n"
	log, err := DecodeBytes([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	h := &log.Header
	if h.Variant != "long-wire" || h.Digest != "0123456789abcdef" || h.Lines.Variant != 3 || h.Lines.Part(house.PartVariant, -1) != 3 {
		t.Errorf("header %+v", h)
	}
	text, err := log.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := "game solo\nplayers Sol\nvariant long-wire 0123456789abcdef\nlayout 2\n\nroll Sol 1 2 3 4 5 6\nkeep 1:2\ncut 34 56\n"
	if string(text) != want {
		t.Errorf("written back:\n%s\nwant:\n%s", text, want)
	}
	// A log on the standard board has no variant line, and its variant
	// part is its game line.
	plain, _ := DecodeBytes([]byte("game solo\nplayers Sol\nlayout 2\n"))
	if plain.Header.Variant != "" || plain.Header.Lines.Part(house.PartVariant, -1) != 1 {
		t.Errorf("a standard board's header: %+v", plain.Header)
	}
	if IsKeyword("variant") != true {
		t.Error("variant is no keyword")
	}
}

// TestAllowUnrolled: a decoder told so reads a log that ends in its
// header before the layout is rolled, with Layout 0; a turn, or a
// transcript, after a header without its layout is refused still.
func TestAllowUnrolled(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game duel\nplayers Ana Ben\n", ""},
		{"game book\nplayers Ana Ben Cal\n# comment\n\n", ""},
		{"game duel\nplayers Ana Ben\nwager Ana 3\n", ""},
		{"game duel\nplayers Ana Ben\nroll Ana 1 2 3 4 5 6\n", "line 3: the header has no layout statement"},
		{"game duel\nplayers Ana Ben\nsheet Ana\n", "line 3: the header has no layout statement"},
		{"game duel\n", "line 1: the header has no players statement"},
	} {
		d := NewDecoder(strings.NewReader(c.src))
		d.AllowUnrolled()
		h, err := d.Header()
		have := ""
		if err != nil {
			have = err.Error()
		}
		if have != c.want || err == nil && h.Layout != 0 {
			t.Errorf("%q: have %q (layout %d), want %q", c.src, have, h.Layout, c.want)
		}
	}
}

// TestKeywords: the notation's keywords, which no player may be called,
// are every keyword of its declaration and the words of a move.
func TestKeywords(t *testing.T) {
	want := []string{
		"game", "players", "layout", "call", "jockey", "wager", "rail", "back", "roll",
		"keep", "cut", "pass", "strike", "double", "turnaround", "rolloff", "lane", "wire",
		"purse", "firsthome", "field", "sheet", "photos", "falsestarts", "first", "slips", "stakes",
		"variant",
	}
	for _, w := range want {
		if !IsKeyword(w) {
			t.Errorf("%q is no keyword", w)
		}
	}
	for _, w := range append(Games, "Ana", "x1", "ace", "L", "WHO", "MOVE", "play") {
		if IsKeyword(w) {
			t.Errorf("%q is a keyword", w)
		}
	}
}
