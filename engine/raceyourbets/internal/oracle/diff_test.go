package oracle

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/notation"
	"furlong/engine/raceyourbets/play"
	"furlong/engine/raceyourbets/referee"
	"furlong/engine/raceyourbets/sim"
)

// ruleWord is the oracle's word for each engine rule a turn can break.
var ruleWord = map[ryb.Rule]string{
	ryb.RuleOrder: "order", ryb.RuleBet: "bet", ryb.RulePass: "pass", ryb.RuleEarly: "early", ryb.RuleOver: "over",
}

// compare reports the first difference between the engine's game and the
// oracle's, or "".
func compare(e *ryb.Game, o *Game) string {
	if e.Turn() != o.Turn || e.Turns() != o.Turns || e.Race() != o.Race || e.Over() != o.Over || e.GoldHorse() != o.Gold {
		return fmt.Sprintf("turn %d/%d, turns %d/%d, race %d/%d, over %v/%v, gold %d/%d",
			e.Turn(), o.Turn, e.Turns(), o.Turns, e.Race(), o.Race, e.Over(), o.Over, e.GoldHorse(), o.Gold)
	}
	for h := 1; h <= 6; h++ {
		if e.Pos(h) != o.Pos[h-1] {
			return fmt.Sprintf("horse %d on %d, oracle %d", h, e.Pos(h), o.Pos[h-1])
		}
		c := o.Counters(h)
		n := 0
		for s := range o.Players {
			n += c[s]
			if e.Bets(h, s) != c[s] {
				return fmt.Sprintf("track %d seat %d: %d counters, oracle %d", h, s, e.Bets(h, s), c[s])
			}
		}
		if e.Counters(h) != n {
			return fmt.Sprintf("track %d: %d counters, oracle %d", h, e.Counters(h), n)
		}
		if want := o.emptySpace(h); !o.crossed(h) && n < o.Tracks[h-1].Spaces && e.NextSpace(h) != want {
			return fmt.Sprintf("track %d: next space %d, oracle %d", h, e.NextSpace(h), want)
		}
	}
	for s := range o.Players {
		p, g, sv := e.Breakdown(s)
		if p != o.Passes[s] || g != o.Golds[s] || sv != o.Silvers[s] || e.Points(s) != o.Points[s] {
			return fmt.Sprintf("seat %d: %d+%d+%d, oracle %d+%d+%d", s, p, g, sv, o.Passes[s], o.Golds[s], o.Silvers[s])
		}
		if e.InHand(s) != 9-o.onBoard(s) {
			return fmt.Sprintf("seat %d: %d in hand, oracle %d", s, e.InHand(s), 9-o.onBoard(s))
		}
	}
	return ""
}

// TestMoveByMove plays random games through the play protocol and the
// oracle at once. Each turn it offers both the same action, often an
// illegal one (any kind, any horse, sometimes the wrong seat, written as
// the log writes it): they must agree on whether it is legal and why, and
// after every legal turn on the whole position, the medals and the points.
func TestMoveByMove(t *testing.T) {
	games := 4000
	if testing.Short() {
		games = 400
	}
	boards := []string{"graded", "level"}
	greedy, random := &bot.Greedy{}, &bot.Random{}
	turns, refused, floored := 0, 0, 0
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 77))
		n := 2 + rng.IntN(4)
		b := rng.IntN(2)
		finish := []int{10, 11, 15, 20, 40}[rng.IntN(5)]
		setup := engine.Setup{Options: map[string]string{"board": boards[b], "finish": fmt.Sprint(finish)}}
		var names []string
		for s := range n {
			names = append(names, fmt.Sprintf("P%d", s+1))
			setup.Seats = append(setup.Seats, engine.Seat{Name: names[s]})
		}
		st, err := play.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		o := New(boards[b], finish, n)
		medals := 0
		// every player backs one favourite horse now and then, so that
		// ties of three, four and five players, and shares floored at
		// 0, come up often
		fav := int8(1 + rng.IntN(6))
		for !st.Over() {
			e := st.Game()
			if e.Turns() > sim.MaxTurns {
				t.Fatalf("game %d does not end", i)
			}
			seat := st.Turn().Seat
			var a ryb.Action
			switch rng.IntN(5) {
			case 4:
				a = ryb.BetOn(int(fav))
			case 0:
				a, _ = play.Decode(greedy.Choose(st, rng))
			case 1:
				a, _ = play.Decode(random.Choose(st, rng))
			default:
				// anything at all, legal or not
				a = ryb.Action{Kind: ryb.Kind(1 + rng.IntN(4)), Horse: int8(1 + rng.IntN(6))}
				if a.Kind == ryb.Pass || a.Kind == ryb.Early {
					a.Horse = 0 // the log writes no horse for them
				}
				if rng.IntN(20) == 0 {
					seat = rng.IntN(n)
				}
			}
			kind := map[ryb.Kind]string{ryb.Bet: "bet", ryb.Pass: "pass", ryb.Cheer: "cheer", ryb.Early: ""}[a.Kind]
			why := o.Legal(seat, kind, int(a.Horse))
			d := ryb.Dice{int8(1 + rng.IntN(6)), int8(1 + rng.IntN(6))}
			// the seat to act plays by its action's number, any other
			// seat as the log writes its turn
			var rule engine.Rule
			text := string(notation.AppendChoice(nil, names[seat], a))
			if seat == st.Turn().Seat {
				if v, ok := engine.AsViolation(st.Apply(play.Encode(a))); ok {
					rule = v.Rule
				}
			} else if e, ok := engine.AsError(st.Play(text)); ok {
				rule = e.Rule
			}
			switch {
			case rule == nil && why != "":
				t.Fatalf("game %d turn %d: the engine takes %q, the oracle says %s\n%s", i, e.Turns(), text, why, e.String())
			case rule != nil && ruleWord[rule.(ryb.Rule)] != why:
				t.Fatalf("game %d turn %d: %q: engine %s, oracle %q\n%s", i, e.Turns()+1, text, rule, why, e.String())
			case rule != nil:
				refused++
				continue
			}
			if err := st.Play(d.String()); err != nil {
				t.Fatalf("game %d turn %d: %q rolls %s: %v", i, e.Turns()+1, text, d, err)
			}
			out := st.Outcome()
			e = st.Game()
			o.Play(seat, kind, int(a.Horse), int(d[0]), int(d[1]))
			turns++
			if diff := compare(e, o); diff != "" {
				t.Fatalf("game %d after turn %d (%s %s): %s\nengine %s", i, e.Turns(), text, d, diff, e.String())
			}
			for k := range out.N {
				aw, m := out.Awards[k], o.Medals[medals]
				medals++
				var holders []int
				for s := range n {
					if aw.Holders&(1<<s) != 0 {
						holders = append(holders, s)
					}
				}
				pays := o.Tracks[m.Horse-1].Gold
				if m.Silver {
					pays = o.Tracks[m.Horse-1].Silver
				}
				if len(m.Holders) > pays+1 {
					floored++
				}
				if int(aw.Horse) != m.Horse || (aw.Medal == ryb.Silver) != m.Silver || int(aw.Each) != m.Each ||
					int(aw.Top) != m.Counters || !slices.Equal(holders, m.Holders) || int(aw.Race) != m.Race {
					t.Fatalf("game %d turn %d: medal %+v, oracle %+v", i, e.Turns(), aw, m)
				}
			}
			if medals != len(o.Medals) {
				t.Fatalf("game %d turn %d: %d medals, oracle %d", i, e.Turns(), medals, len(o.Medals))
			}
		}
	}
	t.Logf("%d games, %d turns played, %d illegal actions refused by both, %d medals that a floor of 0 kept from going negative", games, turns, refused, floored)
}

// mutate changes a valid log in one of the ways a scorekeeper might:
// a line dropped, doubled or swapped with the next, a digit or a word
// changed, the file cut short, a header line moved.
func mutate(src string, rng *rand.Rand) string {
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	i := rng.IntN(len(lines))
	switch rng.IntN(8) {
	case 0:
		lines = slices.Delete(lines, i, i+1)
	case 1:
		lines = slices.Insert(lines, i, lines[i])
	case 2:
		if i+1 < len(lines) {
			lines[i], lines[i+1] = lines[i+1], lines[i]
		}
	case 3, 4:
		b := []byte(lines[i])
		if len(b) > 0 {
			k := rng.IntN(len(b))
			b[k] = "0123456789 abepsx#\t"[rng.IntN(19)]
		}
		lines[i] = string(b)
	case 5:
		w := strings.Fields(lines[i])
		if len(w) > 0 {
			w[rng.IntN(len(w))] = []string{"bet", "pass", "cheer", "points", "board", "7", "66", "Zed", "level", "15", ""}[rng.IntN(11)]
		}
		lines[i] = strings.Join(w, " ")
	case 6:
		lines = lines[:i]
	case 7:
		h := rng.IntN(4)
		if h < len(lines) {
			line := lines[h]
			lines = slices.Delete(lines, h, h+1)
			lines = slices.Insert(lines, rng.IntN(len(lines)+1), line)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestLogsAgree judges simulated logs, whole and mutated, with the referee
// and with the oracle: the same line for the first problem, or the same
// points, end and winners.
func TestLogsAgree(t *testing.T) {
	games := 600
	if testing.Short() {
		games = 100
	}
	rng := rand.New(rand.NewPCG(5, 5))
	checked, broken := 0, 0
	for i := range games {
		n := 2 + i%4
		tb := sim.Table{Board: ryb.Boards[i%2], Finish: []int{10, 20, 13}[i%3], Players: n, Bots: []string{[]string{"random", "greedy"}[i/2%2]}}
		src, err := sim.PlayOne(tb, 3, i)
		if err != nil {
			t.Fatal(err)
		}
		for m := range 12 {
			text := string(src)
			if m > 0 {
				text = mutate(text, rng)
				if m > 6 {
					text = mutate(text, rng)
				}
			}
			partial := m%3 == 2
			want := Judge(text, partial)
			res, err := referee.Judge(strings.NewReader(text), engine.JudgeOptions{Partial: partial})
			checked++
			if err != nil {
				broken++
				e, _ := engine.AsError(err)
				if want.Line == 0 || e == nil || e.Line != want.Line {
					t.Fatalf("game %d mutation %d (partial %v): referee %v, oracle %s\n%s", i, m, partial, err, want, text)
				}
				continue
			}
			if want.Line != 0 {
				t.Fatalf("game %d mutation %d (partial %v): referee accepts, oracle %s\n%s", i, m, partial, want, text)
			}
			var pts []int
			for s := range res.Players {
				pts = append(pts, res.Players[s].Points())
			}
			if !slices.Equal(pts, want.Points) || res.Over != want.Over || !slices.Equal(res.Leaders, want.Winner) {
				t.Fatalf("game %d mutation %d: referee %v over %v leaders %v, oracle %s\n%s", i, m, pts, res.Over, res.Leaders, want, text)
			}
		}
	}
	t.Logf("%d logs judged by both, %d with a problem", checked, broken)
}
