package play_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
)

// viewTables are the races the view tests write down: every game, jockeys
// and wagers, random bots to reach every corner of the rules.
func viewTables() []sim.Table {
	b := []string{"random"}
	return []sim.Table{
		{Mode: house.Duel, Players: 2, Bots: b, Wagers: true},
		{Mode: house.Duel, Players: 4, Bots: b, Jockeys: sim.JockeysRandom, Wagers: true},
		{Mode: house.Duel, Players: 3, Bots: []string{"expert"}, Jockeys: sim.JockeysFixed, Riders: []house.Jockey{house.DoubleUp, house.Turnaround, house.Countdown}},
		{Mode: house.Book, Players: 3, Bots: b},
		{Mode: house.Book, Players: 5, Bots: []string{"greedy"}},
		{Mode: house.Solo, Players: 1, Bots: b, Wagers: true},
	}
}

func viewRaces() int {
	if testing.Short() {
		return 10
	}
	return 60
}

// checkBoard compares the paper of a board with the engine's lanes: the
// live numbers read box by box are the lane's, the numbers crossed out are
// as many as it says were struck, and the marks beside them agree.
func checkBoard(t *testing.T, what string, b *play.BoardView, eb *house.Board) {
	t.Helper()
	for i := range b {
		l, el := &b[i], &eb[i]
		var live []int8
		struck := 0
		for k := range l.Boxes {
			if m, ok := l.Live(k); ok {
				live = append(live, m.N)
			}
			for _, m := range l.Boxes[k] {
				if m.Struck {
					struck++
				}
			}
		}
		if !slices.Equal(live, el.Numbers()) || struck != el.Struck() || l.Bet != el.Bet() || l.Home != el.Home() || l.Shut != el.Shut() {
			t.Fatalf("%s lane %d: paper %v (%d struck, bet %v, home %v), engine %v (%d struck, bet %v, home %v)",
				what, i+1, l.Boxes, struck, l.Bet, l.Home, el.Numbers(), el.Struck(), el.Bet(), el.Home())
		}
	}
}

// TestViewAgrees writes races down from their logs, at the end and after
// every few turns, and compares each with the race itself.
func TestViewAgrees(t *testing.T) {
	for ti, tb := range viewTables() {
		for i := range viewRaces() {
			text, err := sim.PlayOne(tb, 8, i)
			if err != nil {
				t.Fatal(err)
			}
			end, turns, err := play.ReadAt(bytes.NewReader(text), 0)
			if err != nil {
				t.Fatal(err)
			}
			for turn := 0; turn <= turns; turn += max(1, turns/4) {
				s, _, err := play.ReadAt(bytes.NewReader(text), turn)
				if err != nil {
					t.Fatal(err)
				}
				if turn == 0 {
					s = end
				}
				v := s.View().(*play.View)
				r := s.Race()
				what := fmt.Sprintf("table %d race %d turn %d", ti, i, turn)
				if v.Over != r.Over() || v.Turns != r.Turns() {
					t.Fatalf("%s: over %v turns %d, want %v %d", what, v.Over, v.Turns, r.Over(), r.Turns())
				}
				if v.Field != nil {
					checkBoard(t, what+" field", v.Field, r.Field())
					if !slices.Equal(v.Home, r.HomeOrder()) || len(v.Home) != countHome(r.Field()) {
						t.Fatalf("%s: horses home %v, race %v", what, v.Home, r.HomeOrder())
					}
				}
				for p := range v.Sheets {
					sh := &v.Sheets[p]
					if sh.Board != nil {
						checkBoard(t, fmt.Sprintf("%s seat %d", what, p), sh.Board, r.Board(p))
					}
					if sh.Score.Purse != r.Purse(p) || sh.Slips != r.Player(p).Slips() || len(sh.Strikes) != sh.Slips/house.ArrowEvery {
						t.Fatalf("%s seat %d: purse %d slips %d strikes %v, engine %d %d", what, p, sh.Score.Purse, sh.Slips, sh.Strikes, r.Purse(p), r.Player(p).Slips())
					}
				}
			}
		}
	}
}

func countHome(b *house.Board) int {
	n := 0
	for i := range b {
		if b[i].Home() {
			n++
		}
	}
	return n
}

// transcript writes the finished race of s as a sheet transcript, its
// lanes from the race's record of its paper.
func transcript(s *play.State) string {
	r := s.Race()
	h := *s.Header()
	h.Rails = nil
	var b strings.Builder
	b.Write(notation.AppendHeader(nil, &h))
	if f := r.FirstHomeLane(); f > 0 {
		fmt.Fprintf(&b, "firsthome %d\n", f)
	}
	lanes := func(p int) {
		for l := 1; l <= house.Lanes; l++ {
			var ws []string
			for _, m := range r.Marks(p, l) {
				w := fmt.Sprint(m.N)
				if m.Struck {
					w += "x"
				}
				if m.Double {
					w += "d"
				}
				if m.Turnaround {
					w += "t"
				}
				ws = append(ws, w)
			}
			if len(ws) > 0 {
				fmt.Fprintf(&b, "lane %d %s\n", l, strings.Join(ws, " "))
			}
		}
	}
	if r.Mode() == house.Book {
		b.WriteString("field\n")
		lanes(0)
	}
	for p, name := range s.Players() {
		pl := r.Player(p)
		fmt.Fprintf(&b, "sheet %s\n", name)
		if r.Mode() != house.Book {
			lanes(p)
		}
		if ph := pl.Photos(); len(ph) > 0 {
			fmt.Fprintf(&b, "photos %s\n", strings.Trim(fmt.Sprint(ph), "[]"))
		}
		fmt.Fprintf(&b, "falsestarts %d\n", pl.FalseStarts())
		var first []string
		for l := 1; l <= house.Lanes; l++ {
			if pl.FirstHome(l) {
				first = append(first, fmt.Sprint(l))
			}
		}
		if len(first) > 0 && r.Mode() != house.Book {
			fmt.Fprintf(&b, "first %s\n", strings.Join(first, " "))
		}
		if st := pl.Stakes(); len(st) > 0 {
			var ws []string
			for _, k := range st {
				ws = append(ws, fmt.Sprintf("%dx%d", k.Horse, k.Times))
			}
			fmt.Fprintf(&b, "stakes %s\n", strings.Join(ws, " "))
		}
	}
	return b.String()
}

// TestTranscriptView writes the finished paper of logged races as sheet
// transcripts and reads them back: the boxes, their free numbers and
// marks, and every purse must come back as the log wrote them, on the
// one record of the paper both keep.
func TestTranscriptView(t *testing.T) {
	for ti, tb := range viewTables() {
		for i := range viewRaces() {
			text, err := sim.PlayOne(tb, 9, i)
			if err != nil {
				t.Fatal(err)
			}
			s, err := play.Read(bytes.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			tr := transcript(s)
			res, err := referee.Judge(strings.NewReader(tr), engine.JudgeOptions{})
			if err != nil {
				t.Fatalf("table %d race %d: %v\n%s", ti, i, err, tr)
			}
			a, b := s.View().(*play.View), play.ViewOf(res.Race, res.Names)
			if a.Field != nil && !boardsEqual(a.Field, b.Field) {
				t.Errorf("table %d race %d: field card\nlog        %v\ntranscript %v", ti, i, a.Field, b.Field)
			}
			for p := range a.Sheets {
				x, y := &a.Sheets[p], &b.Sheets[p]
				if x.Board != nil && !boardsEqual(x.Board, y.Board) {
					t.Errorf("table %d race %d seat %d:\nlog        %v\ntranscript %v\n%s", ti, i, p, x.Board, y.Board, tr)
				}
				if x.Score.Purse != y.Score.Purse {
					t.Errorf("table %d race %d seat %d: purse %d from the log, %d from the transcript", ti, i, p, x.Score.Purse, y.Score.Purse)
				}
			}
		}
	}
}

// boardsEqual compares two boards as a transcript can tell them apart:
// the number standing in each box with its marks, and the numbers crossed
// out in each lane, in order. Where a crossed-out number stood is not
// always told by a transcript (several histories can lead to the same
// sheet).
func boardsEqual(a, b *play.BoardView) bool {
	for i := range a {
		for k := range a[i].Boxes {
			ma, oka := a[i].Live(k)
			mb, okb := b[i].Live(k)
			if oka != okb || ma != mb {
				return false
			}
		}
		if struck(&a[i]) != struck(&b[i]) || a[i].Bet != b[i].Bet || a[i].Home != b[i].Home || a[i].Shut != b[i].Shut {
			return false
		}
	}
	return true
}

// struck counts a lane's numbers crossed out.
func struck(l *play.LaneView) int {
	n := 0
	for _, ms := range l.Boxes {
		for _, m := range ms {
			if m.Struck {
				n++
			}
		}
	}
	return n
}
