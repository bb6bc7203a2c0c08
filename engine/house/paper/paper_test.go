package paper

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/racelog"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
)

// tables are the races the tests write down: every game, jockeys and
// wagers, random bots to reach every corner of the rules.
func tables() []sim.Table {
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

func races() int {
	if testing.Short() {
		return 10
	}
	return 60
}

// checkBoard compares the paper of a board with the engine's: the live
// numbers read box by box are the lane's, the numbers crossed out are as
// many as it says were struck, and the marks beside them agree.
func checkBoard(t *testing.T, what string, b *Board, eb *house.Board) {
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

// TestPaperAgrees writes races down from their logs, at the end and after
// every turn, and compares each with the race the referee replays.
func TestPaperAgrees(t *testing.T) {
	for ti, tb := range tables() {
		for i := range races() {
			_, text, err := sim.PlayOne(tb, 8, i, true)
			if err != nil {
				t.Fatal(err)
			}
			var at []house.Race
			res, err := referee.Walk(bytes.NewReader(text), referee.Options{}, func(_ *racelog.Statement, _, after *house.Race) {
				if (after.Phase() == house.PhaseRoll || after.Over()) && after.Turns() > len(at) {
					at = append(at, *after)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for turn := 0; turn <= res.Turns; turn += max(1, res.Turns/4) {
				p, err := Read(bytes.NewReader(text), Options{Turn: turn})
				if err != nil {
					t.Fatal(err)
				}
				r := res.Race
				if turn > 0 {
					r = &at[turn-1]
				}
				what := fmt.Sprintf("table %d race %d turn %d", ti, i, turn)
				if p.Turns != res.Turns || p.Over != r.Over() {
					t.Fatalf("%s: turns %d over %v, want %d %v", what, p.Turns, p.Over, res.Turns, r.Over())
				}
				if p.Field != nil {
					checkBoard(t, what+" field", p.Field, r.Field())
				}
				for s := range p.Sheets {
					sh := &p.Sheets[s]
					if sh.Board != nil {
						checkBoard(t, fmt.Sprintf("%s seat %d", what, s), sh.Board, r.Board(s))
					}
					if sh.Score.Purse != r.Purse(s) || sh.Slips != r.Player(s).Slips() || len(sh.Strikes) > sh.Slips/house.ArrowEvery {
						t.Fatalf("%s seat %d: purse %d slips %d strikes %v, engine %d %d", what, s, sh.Score.Purse, sh.Slips, sh.Strikes, r.Purse(s), r.Player(s).Slips())
					}
				}
			}
		}
	}
}

// transcript writes paper p as a sheet transcript.
func transcript(p *Race, header []string) string {
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	if p.FirstHome > 0 {
		fmt.Fprintf(&b, "firsthome %d\n", p.FirstHome)
	}
	lanes := func(bd *Board) {
		for i, l := range bd {
			var all []Mark
			for _, ms := range l.Boxes {
				all = append(all, ms...)
			}
			slices.SortFunc(all, func(a, b Mark) int { return int(a.seq) - int(b.seq) })
			var ws []string
			{
				for _, m := range all {
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
			}
			if len(ws) > 0 {
				fmt.Fprintf(&b, "lane %d %s\n", i+1, strings.Join(ws, " "))
			}
		}
	}
	if p.Field != nil {
		b.WriteString("field\n")
		lanes(p.Field)
	}
	for _, sh := range p.Sheets {
		fmt.Fprintf(&b, "sheet %s\n", sh.Name)
		if sh.Board != nil {
			lanes(sh.Board)
		}
		if len(sh.Photos) > 0 {
			var ws []string
			for _, ph := range sh.Photos {
				ws = append(ws, fmt.Sprint(ph))
			}
			fmt.Fprintf(&b, "photos %s\n", strings.Join(ws, " "))
		}
		fmt.Fprintf(&b, "falsestarts %d\n", sh.FalseStarts)
		var first []string
		for l, f := range sh.FirstHome {
			if f {
				first = append(first, fmt.Sprint(l+1))
			}
		}
		if len(first) > 0 && p.Mode != house.Book {
			fmt.Fprintf(&b, "first %s\n", strings.Join(first, " "))
		}
		if len(sh.Stakes) > 0 {
			var ws []string
			for _, st := range sh.Stakes {
				ws = append(ws, fmt.Sprintf("%dx%d", st.Horse, st.Times))
			}
			fmt.Fprintf(&b, "stakes %s\n", strings.Join(ws, " "))
		}
	}
	return b.String()
}

// TestTranscriptPaper writes the finished paper of logged races as sheet
// transcripts and reads them back: the boxes, their free numbers and
// marks, and every purse must come back as the log wrote them.
func TestTranscriptPaper(t *testing.T) {
	for ti, tb := range tables() {
		for i := range races() {
			_, text, err := sim.PlayOne(tb, 9, i, true)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Read(bytes.NewReader(text), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var header []string
			for _, line := range strings.Split(string(text), "\n") {
				if f := strings.Fields(line); len(f) > 0 && slices.Contains([]string{"game", "players", "layout", "call", "jockey", "wager"}, f[0]) {
					header = append(header, line)
				}
			}
			tr := transcript(p, header)
			q, err := Read(strings.NewReader(tr), Options{})
			if err != nil {
				t.Fatalf("table %d race %d: %v\n%s", ti, i, err, tr)
			}
			if p.Field != nil && !boardsEqual(p.Field, q.Field) {
				t.Errorf("table %d race %d: field card\nlog        %v\ntranscript %v", ti, i, p.Field, q.Field)
			}
			for s := range p.Sheets {
				a, b := &p.Sheets[s], &q.Sheets[s]
				if a.Board != nil && !boardsEqual(a.Board, b.Board) {
					t.Errorf("table %d race %d seat %d:\nlog        %v\ntranscript %v\n%s", ti, i, s, a.Board, b.Board, tr)
				}
				if a.Score.Purse != b.Score.Purse {
					t.Errorf("table %d race %d seat %d: purse %d from the log, %d from the transcript", ti, i, s, a.Score.Purse, b.Score.Purse)
				}
			}
		}
	}
}

// boardsEqual compares two boards as a transcript can tell them apart:
// the number standing in each box with its marks, and the numbers crossed
// out in each lane. Where a crossed-out number stood is not always told by
// a transcript (several histories can lead to the same sheet).
func boardsEqual(a, b *Board) bool {
	for i := range a {
		var sa, sb []Mark
		for k := range a[i].Boxes {
			ma, oka := a[i].Live(k)
			mb, okb := b[i].Live(k)
			ma.seq, mb.seq = 0, 0
			if oka != okb || ma != mb {
				return false
			}
			sa, sb = struck(sa, a[i].Boxes[k]), struck(sb, b[i].Boxes[k])
		}
		slices.SortFunc(sa, func(x, y Mark) int { return int(x.seq) - int(y.seq) })
		slices.SortFunc(sb, func(x, y Mark) int { return int(x.seq) - int(y.seq) })
		if !slices.Equal(sa, sb) || a[i].Bet != b[i].Bet || a[i].Home != b[i].Home || a[i].Shut != b[i].Shut {
			return false
		}
	}
	return true
}

// struck appends the marks of ms that are crossed out to out.
func struck(out, ms []Mark) []Mark {
	for _, m := range ms {
		if m.Struck {
			out = append(out, m)
		}
	}
	return out
}

// TestTurns checks the turns a log can be taken at.
func TestTurns(t *testing.T) {
	_, text, err := sim.PlayOne(tables()[0], 1, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Read(bytes.NewReader(text), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Read(bytes.NewReader(text), Options{Turn: p.Turns + 1}); err == nil || !strings.Contains(err.Error(), "no turn") {
		t.Errorf("turn %d of %d: %v, want an error", p.Turns+1, p.Turns, err)
	}
	q, err := Read(bytes.NewReader(text), Options{Turn: 1})
	if err != nil || q.Turn != 1 || q.Over {
		t.Errorf("turn 1: %v, turn %d, over %v", err, q.Turn, q.Over)
	}
}
