package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
	"furlong/internal/testkit"
)

// walk replays the race log text through the play protocol and shows
// visit every statement of its turns with the game as it stands before it.
func walk(t *testing.T, text []byte, visit func(st *notation.Statement, s *play.State)) {
	t.Helper()
	log, err := notation.DecodeBytes(text)
	if err != nil {
		t.Fatal(err)
	}
	s, err := play.Read(bytes.NewReader(notation.AppendHeader(nil, &log.Header)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range log.Statements {
		st := &log.Statements[i]
		if st.Kind == notation.KindPurse {
			continue
		}
		visit(st, s)
		if err := s.Play(string(notation.AppendStatement(nil, &log.Header, st))); err != nil {
			t.Fatalf("line %d: %v", st.Line, err)
		}
	}
}

// tablesFor are the tables the loss tests play, every seat with the bot
// named: a plain Duel, a Duel of three with jockeys and wagers, The Book
// and riding alone.
func tablesFor(name string) []sim.Table {
	b := []string{name}
	return []sim.Table{
		{Mode: house.Duel, Players: 2, Bots: b, Wagers: true},
		{Mode: house.Duel, Players: 3, Bots: b, Jockeys: sim.JockeysRandom, Wagers: true},
		{Mode: house.Book, Players: 3, Bots: b},
		{Mode: house.Solo, Players: 1, Bots: b, Wagers: true},
	}
}

// meanLoss reviews races of table tb as the simulator plays and logs them,
// and returns the mean loss a decision over them.
func meanLoss(t *testing.T, tb sim.Table, races int) (mean float64, decisions int) {
	t.Helper()
	sum := 0.0
	for i := range races {
		text, err := sim.PlayOne(tb, 14, i)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Review(bytes.NewReader(text), Options{})
		if err != nil {
			t.Fatalf("race %d: %v\n%s", i, err, text)
		}
		for _, d := range rep.Decisions {
			if d.Loss < 0 || d.ValueBest < d.ValuePlayed {
				t.Fatalf("race %d line %d: %+v", i, d.Line, d)
			}
			sum += d.Loss
			decisions++
		}
	}
	return sum / float64(max(decisions, 1)), decisions
}

func races() int {
	if testing.Short() {
		return 8
	}
	return 40
}

// TestExpertLosesLittle reviews races the expert bot played against
// itself: its choices are the ones its valuation likes best, so the review
// must find next to no loss, under $0.50 a decision.
func TestExpertLosesLittle(t *testing.T) {
	for _, tb := range tablesFor("expert") {
		mean, n := meanLoss(t, tb, races())
		t.Logf("%s, %s: expert loses $%.3f a decision over %d decisions", tb.Mode.Title(), engine.Count(tb.Players, "player", "players"), mean, n)
		if mean >= 0.5 {
			t.Errorf("%s, %d players: the expert loses $%.2f a decision by its own valuation, want under $0.50", tb.Mode.Title(), tb.Players, mean)
		}
	}
}

// TestRandomLosesMore reviews races of the random bot: it must lose many
// times what the expert does, and dollars a decision.
func TestRandomLosesMore(t *testing.T) {
	ex := tablesFor("expert")
	for i, tb := range tablesFor("random") {
		mean, n := meanLoss(t, tb, races())
		exMean, _ := meanLoss(t, ex[i], races())
		t.Logf("%s, %s: random loses $%.2f a decision over %d decisions, expert $%.3f", tb.Mode.Title(), engine.Count(tb.Players, "player", "players"), mean, n, exMean)
		if mean < 5 || mean < 20*exMean {
			t.Errorf("%s, %d players: random loses $%.2f a decision, expert $%.3f: want $5 or more and 20 times the expert's", tb.Mode.Title(), tb.Players, mean, exMean)
		}
	}
}

// allMoves lists every move and pass the notation can write for one pair
// of dice: what a brute-force search for the legal choices tries.
func allMoves() []house.Move {
	var ms []house.Move
	for lane := int8(1); lane <= 6; lane++ {
		for s := int8(1); s <= 6; s++ {
			for strike := int8(0); strike <= 6; strike++ {
				for _, m := range []house.Move{{}, {Double: true}, {Turnaround: true}} {
					m.Lane, m.Stride, m.Strike = lane, s, strike
					ms = append(ms, m)
				}
			}
			if lane <= s {
				ms = append(ms, house.Pass(int(lane), int(s)))
			}
		}
	}
	return append(ms, house.Move{Pass: true})
}

// TestChoices checks, at every kept pair and move of random races, that the
// choices the review weighs are exactly those the engine accepts (by brute
// force over every move the notation can write), that the decision's best
// value is the largest of theirs, and that no loss is negative.
func TestChoices(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 4
	}
	cands := allMoves()
	c := bot.NewCritic()
	checked := 0
	for i := range n {
		tb := tablesFor("random")[i%4]
		text, err := sim.PlayOne(tb, 99, i)
		if err != nil {
			t.Fatal(err)
		}
		rv := reviewer{c: c}
		walk(t, text, func(st *notation.Statement, s *play.State) {
			before := s.Race()
			var seat int
			var role house.Role
			switch st.Kind {
			case notation.KindKeep:
				seat, role = before.Roller(), house.RoleKeep
			case notation.KindPlay:
				seat, role = before.Next()
			default:
				return
			}
			played := normal(role, st.Move)
			want := map[house.Move]bool{}
			best := math.Inf(-1)
			for _, m := range cands {
				if role == house.RoleSolo && !sameDice(m, played) {
					continue // riding alone, the pair is the one liked less
				}
				x := *before
				var err error
				if role == house.RoleKeep {
					err = x.Keep(m)
				} else {
					err = x.Play(seat, m)
				}
				if err == nil {
					want[normal(role, m)] = true
					best = max(best, c.Move(before, seat, role, m))
				}
			}
			opts := rv.options(s, seat, role, played)
			got := map[house.Move]bool{}
			for _, o := range opts {
				got[o.m] = true
				if !want[o.m] {
					t.Errorf("line %d: the review weighs %s, which the engine refuses", st.Line, o.m)
				}
			}
			for m := range want {
				if !got[m] {
					t.Errorf("line %d: the engine takes %s, which the review does not weigh", st.Line, m)
				}
			}
			k := len(rv.decisions)
			rv.move(st.Line, s, seat, role, st.Move)
			if len(want) > 1 && len(rv.decisions) > k {
				d := rv.decisions[k]
				if d.ValueBest != dimes(best) {
					t.Errorf("line %d: value_best %v, but the best legal choice is worth %v", st.Line, d.ValueBest, dimes(best))
				}
			}
			for _, d := range rv.decisions[k:] {
				if d.Loss < 0 || d.ValueBest < d.ValuePlayed || d.Loss != dimes(d.ValueBest-d.ValuePlayed) {
					t.Errorf("line %d: %+v", st.Line, d)
				}
			}
			checked++
		})
	}
	t.Logf("%d decisions checked", checked)
}

// sameDice reports whether m holds the dice of p.
func sameDice(m, p house.Move) bool {
	return min(m.Lane, m.Stride) == min(p.Lane, p.Stride) && max(m.Lane, m.Stride) == max(p.Lane, p.Stride)
}

// TestGolden reviews the example logs and compares the text and JSON with
// testdata; -update rewrites them.
func TestGolden(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	for _, ex := range valid {
		stem, ok := strings.CutSuffix(filepath.Base(ex.Name), ".log")
		if !ok {
			continue
		}
		t.Run(stem, func(t *testing.T) {
			rep, err := Review(bytes.NewReader(ex.Data), Options{})
			if err != nil {
				t.Fatal(err)
			}
			js, err := json.MarshalIndent(rep.JSON(), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, "testdata/"+stem+".txt", []byte(rep.Text()))
			testkit.Golden(t, "testdata/"+stem+".json", append(js, '\n'))
		})
	}
}

// TestProblems checks that a log that breaks a rule is reported as the
// referee reports it, and that a transcript is turned away.
func TestProblems(t *testing.T) {
	_, invalid := testkit.Examples(t, "house")
	for _, ex := range invalid {
		_, want := referee.Judge(bytes.NewReader(ex.Data), engine.JudgeOptions{})
		_, got := Review(bytes.NewReader(ex.Data), Options{})
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("%s: review says %v, check says %v", ex.Name, got, want)
		}
	}
	tr := "game solo\nplayers Sol\nlayout 3\nsheet Sol\nlane 1 2 3\n"
	_, err := Review(strings.NewReader(tr), Options{})
	var e *engine.Error
	if !errors.As(err, &e) || e.Line != 4 || !strings.Contains(e.Msg, "race log") {
		t.Errorf("a transcript: %v, want an error on line 4 asking for a race log", err)
	}
}

// TestDecided checks the turn that decided the race on made-up estimates.
func TestDecided(t *testing.T) {
	for _, tc := range []struct {
		worth   [][]float64
		winners []int
		want    int
	}{
		{[][]float64{{10, 5}, {30, 5}, {40, 10}, {50, 45}}, []int{0}, 2},
		{[][]float64{{10, 5}, {30, 5}, {12, 10}, {50, 45}}, []int{0}, 4},
		{[][]float64{{30, 5}, {30, 5}, {40, 10}, {50, 40}}, []int{0}, 1},
		{[][]float64{{30, 5}, {30, 5}}, []int{0, 1}, 0},
		{[][]float64{{30}, {40}}, []int{0}, 0},
	} {
		if got := decided(tc.worth, tc.winners); got != tc.want {
			t.Errorf("decided(%v, %v) = %d, want %d", tc.worth, tc.winners, got, tc.want)
		}
	}
}

// TestRolloutAgreement measures how far the expert's table values can be
// trusted: decisions of random-bot Duels that the tables say lost money
// are played out with the expert bot from the choice played and from the
// best one. The rollouts must mostly confirm the loss, and the two
// estimates must go together; the figures are logged for the rulebook's
// chapter on reviews.
func TestRolloutAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("plays thousands of races out")
	}
	tb := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{"random"}, Wagers: true}
	var table, played, se []float64
	for i := range 2 {
		text, err := sim.PlayOne(tb, 31, i)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Review(bytes.NewReader(text), Options{Rollouts: 60, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Decisions {
			if d.Rollout != nil {
				table = append(table, d.Loss)
				played = append(played, d.Rollout.Loss)
				se = append(se, d.Rollout.SE)
			}
		}
	}
	confirmed := 0
	for _, v := range played {
		if v > 0 {
			confirmed++
		}
	}
	share := float64(confirmed) / float64(len(played))
	r := correlation(table, played)
	t.Logf("%d decisions: table loss $%.1f on average, played out $%.1f (standard error $%.1f); the rollouts confirm %.0f%% of the losses; correlation %.2f",
		len(table), mean(table), mean(played), mean(se), 100*share, r)
	if share < 0.6 || r < 0.3 || mean(played) <= 0 {
		t.Errorf("the rollouts do not bear the tables out: %.0f%% confirmed, correlation %.2f", 100*share, r)
	}
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(max(len(v), 1))
}

// correlation is Pearson's r of a and b.
func correlation(a, b []float64) float64 {
	ma, mb := mean(a), mean(b)
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}
