package bot_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
	"furlong/internal/testkit"
)

// review reviews a race log as furlong review does, on the standard board.
func review(text []byte, o engine.ReviewOptions) (*engine.ReviewReport, error) {
	return bot.Review(bytes.NewReader(text), engine.JudgeOptions{}, o)
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
// and returns the mean loss a decision over them, in dollars.
func meanLoss(t *testing.T, tb sim.Table, races int) (mean float64, decisions int) {
	t.Helper()
	sum := 0.0
	for i := range races {
		text, err := sim.PlayOne(tb, 14, i)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := review(text, engine.ReviewOptions{})
		if err != nil {
			t.Fatalf("race %d: %v\n%s", i, err, text)
		}
		if !rep.NoWin {
			t.Fatalf("race %d: the review weighs chances to win, which the expert does not give", i)
		}
		for _, d := range rep.Decisions {
			if d.LossPoints < 0 || d.ValueBest.Points < d.ValuePlayed.Points || d.LossWin != 0 {
				t.Fatalf("race %d line %d: %+v", i, d.Line, d)
			}
			sum += d.LossPoints
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

// TestReviewExpertLosesLittle reviews races the expert bot played against
// itself: its choices are the ones its valuation likes best, so the review
// must find next to no loss, under $0.50 a decision.
func TestReviewExpertLosesLittle(t *testing.T) {
	for _, tb := range tablesFor("expert") {
		mean, n := meanLoss(t, tb, races())
		t.Logf("%s, %s: expert loses $%.3f a decision over %d decisions", tb.Mode.Title(), engine.Count(tb.Players, "player", "players"), mean, n)
		if mean >= 0.5 {
			t.Errorf("%s, %d players: the expert loses $%.2f a decision by its own valuation, want under $0.50", tb.Mode.Title(), tb.Players, mean)
		}
	}
}

// TestReviewRandomLosesMore reviews races of the random bot: it must lose
// many times what the expert does, and dollars a decision.
func TestReviewRandomLosesMore(t *testing.T) {
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

// listed is m held in role as the protocol lists it: a pass's dice low
// first, the leftover's pass bare.
func listed(role house.Role, m house.Move) house.Move {
	switch {
	case !m.Pass:
		return m
	case role == house.RoleLeftover:
		return house.Move{Pass: true}
	case m.Lane > m.Stride:
		return house.Pass(int(m.Stride), int(m.Lane))
	}
	return m
}

// TestReviewChoices checks, at every kept pair and move of random races,
// that the choices a review weighs are exactly those the engine accepts
// (by brute force over every move the notation can write), that the
// decision's best value is the largest of theirs by the Critic, and that
// no loss is negative.
func TestReviewChoices(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 4
	}
	cands := allMoves()
	c := bot.NewCritic() // one for every race, of every mode
	checked := 0
	for i := range n {
		tb := tablesFor("random")[i%4]
		text, err := sim.PlayOne(tb, 99, i)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := review(text, engine.ReviewOptions{})
		if err != nil {
			t.Fatal(err)
		}
		byLine := map[int][]engine.ReviewDecision{}
		for _, d := range rep.Decisions {
			if d.LossPoints < 0 || d.ValueBest.Points < d.ValuePlayed.Points || math.Abs(d.LossPoints-(d.ValueBest.Points-d.ValuePlayed.Points)) > 1e-9 {
				t.Errorf("race %d line %d: %+v", i, d.Line, d)
			}
			byLine[d.Line] = append(byLine[d.Line], d)
		}
		var buf []engine.Action
		_, err = play.Walk(bytes.NewReader(text), func(m *engine.Move) error {
			s := m.State.(*play.State)
			if st := s.Stage(); st != play.StageKeep && st != play.StageMove {
				return nil
			}
			before := s.Race()
			seat, role := s.Seat(), s.Role()
			played := play.ActionMove(m.Played)
			want := map[house.Move]bool{}
			best := math.Inf(-1)
			for _, mv := range cands {
				if role == house.RoleSolo && !sameDice(mv, played) {
					continue // riding alone, the pair is the one liked less
				}
				x := *before
				var err error
				if role == house.RoleKeep {
					err = x.Keep(mv)
				} else {
					err = x.Play(seat, mv)
				}
				if err == nil {
					want[listed(role, mv)] = true
					best = max(best, c.Move(before, seat, role, mv))
				}
			}
			buf = s.Legal(buf[:0])
			got := map[house.Move]bool{}
			for _, a := range buf {
				mv := play.ActionMove(a)
				if role == house.RoleSolo && !sameDice(mv, played) {
					continue
				}
				got[mv] = true
				if !want[mv] {
					t.Errorf("race %d line %d: the review weighs %s, which the engine refuses", i, m.Line, mv)
				}
			}
			for mv := range want {
				if !got[mv] {
					t.Errorf("race %d line %d: the engine takes %s, which the review does not weigh", i, m.Line, mv)
				}
			}
			if len(want) > 1 {
				worth := c.Worth(before, seat)
				found := false
				for _, d := range byLine[m.Line] {
					if d.Seat == seat && math.Abs(d.ValueBest.Points-math.Round((worth+best)*10)/10) < 1e-9 {
						found = true
					}
				}
				if !found {
					t.Errorf("race %d line %d: no decision of seat %d at value_best $%.3f, the best legal choice's: %+v", i, m.Line, seat, worth+best, byLine[m.Line])
				}
			}
			checked++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d decisions checked", checked)
}

// sameDice reports whether m holds the dice of p.
func sameDice(m, p house.Move) bool {
	return min(m.Lane, m.Stride) == min(p.Lane, p.Stride) && max(m.Lane, m.Stride) == max(p.Lane, p.Stride)
}

// TestReviewGolden reviews the example logs and compares the text and
// JSON with testdata/review; -update rewrites them.
func TestReviewGolden(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	for _, ex := range valid {
		stem, ok := strings.CutSuffix(filepath.Base(ex.Name), ".log")
		if !ok {
			continue
		}
		t.Run(stem, func(t *testing.T) {
			rep, err := review(ex.Data, engine.ReviewOptions{})
			if err != nil {
				t.Fatal(err)
			}
			js, err := json.MarshalIndent(rep.JSON(), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, "testdata/review/"+stem+".txt", []byte(rep.Text()))
			testkit.Golden(t, "testdata/review/"+stem+".json", append(js, '\n'))
		})
	}
}

// TestReviewProblems checks that a log that breaks a rule is reported as
// the referee reports it, and that a transcript is turned away.
func TestReviewProblems(t *testing.T) {
	_, invalid := testkit.Examples(t, "house")
	for _, ex := range invalid {
		_, want := referee.Judge(bytes.NewReader(ex.Data), engine.JudgeOptions{})
		_, got := review(ex.Data, engine.ReviewOptions{})
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("%s: review says %v, check says %v", ex.Name, got, want)
		}
	}
	tr := "game solo\nplayers Sol\nlayout 3\nsheet Sol\nlane 1 2 3\n"
	_, err := review([]byte(tr), engine.ReviewOptions{})
	var e *engine.Error
	if !errors.As(err, &e) || e.Line != 4 || !strings.Contains(e.Msg, "race log") {
		t.Errorf("a transcript: %v, want an error on line 4 asking for a race log", err)
	}
}

// TestReviewDecided checks the turn that decided the race: the first from
// whose end on the winner's expected purse led every rival's by $10 or
// more, and led at the end; none for a tie, riding alone or a race cut
// short.
func TestReviewDecided(t *testing.T) {
	tb := tablesFor("greedy")
	for i := range 12 {
		text, err := sim.PlayOne(tb[i%4], 5, i)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := review(text, engine.ReviewOptions{})
		if err != nil {
			t.Fatal(err)
		}
		winners, w := 0, -1
		for p, pl := range rep.Players {
			if pl.Place == 1 {
				winners, w = winners+1, p
			}
		}
		if winners != 1 || len(rep.Players) < 2 {
			if rep.Decided != 0 {
				t.Errorf("race %d: %d winners of %d players, decided at turn %d", i, winners, len(rep.Players), rep.Decided)
			}
			continue
		}
		lead := func(turn int) float64 {
			best := math.Inf(-1)
			for p, v := range rep.Worth[turn-1] {
				if p != w {
					best = max(best, v)
				}
			}
			return rep.Worth[turn-1][w] - best
		}
		if rep.Decided < 1 || rep.Decided > rep.Turns || lead(rep.Turns) <= 0 {
			t.Fatalf("race %d: decided at turn %d of %d", i, rep.Decided, rep.Turns)
		}
		for turn := rep.Decided; turn < rep.Turns; turn++ {
			if lead(turn) < 10 {
				t.Errorf("race %d: decided at turn %d, but the lead at turn %d is $%.1f", i, rep.Decided, turn, lead(turn))
			}
		}
		if rep.Decided > 1 && rep.Decided < rep.Turns && lead(rep.Decided-1) >= 10 {
			t.Errorf("race %d: decided at turn %d, but the lead was $%.1f a turn before", i, rep.Decided, lead(rep.Decided-1))
		}
	}
	half := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}}
	text, err := sim.PlayOne(half, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	rep, err := bot.Review(strings.NewReader(strings.Join(lines[:len(lines)/2], "")), engine.JudgeOptions{Partial: true}, engine.ReviewOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete || rep.Decided != 0 {
		t.Errorf("half a race: complete %v, decided at turn %d", rep.Complete, rep.Decided)
	}
}

// TestReviewRolloutAgreement measures how far the expert's table values
// can be trusted: decisions of random-bot Duels that the tables say lost
// money are played out with the expert bot from the choice played and
// from the best one. The rollouts must mostly confirm the loss, and the
// two estimates must go together; the figures are logged for the
// rulebook's chapter on reviews.
func TestReviewRolloutAgreement(t *testing.T) {
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
		rep, err := review(text, engine.ReviewOptions{Rollouts: 60, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Decisions {
			if d.Rollout != nil {
				table = append(table, d.LossPoints)
				played = append(played, d.Rollout.LossPoints)
				se = append(se, d.Rollout.SEPoints)
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

// TestReviewMeasurePrecision measures, at length, how far the table values
// can be trusted: the figures the rulebook's chapter "Learning from a
// race" quotes. It takes a minute or two and runs only when MEASURE is
// set:
//
//	MEASURE=1 go test ./engine/house/bot -run MeasurePrecision -v
func TestReviewMeasurePrecision(t *testing.T) {
	if os.Getenv("MEASURE") == "" {
		t.Skip("set MEASURE=1 to measure the precision of the table values")
	}
	for _, bn := range []string{"random", "greedy"} {
		tb := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{bn}, Wagers: true}
		var table, played, se []float64
		var big, bigOK, small, smallOK int
		for i := range 8 {
			text, _ := sim.PlayOne(tb, 77, i)
			rep, err := review(text, engine.ReviewOptions{Rollouts: 200, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range rep.Decisions {
				if d.Rollout == nil {
					continue
				}
				table = append(table, d.LossPoints)
				played = append(played, d.Rollout.LossPoints)
				se = append(se, d.Rollout.SEPoints)
				if d.LossPoints >= 10 {
					big++
					if d.Rollout.LossPoints > 0 {
						bigOK++
					}
				} else if d.LossPoints < 2 {
					small++
					if d.Rollout.LossPoints > 0 {
						smallOK++
					}
				}
			}
		}
		conf := 0
		for _, v := range played {
			if v > 0 {
				conf++
			}
		}
		t.Logf("%s: %d decisions; table mean %.1f, rollout mean %.1f, mean se %.1f, confirmed %.0f%%, corr %.2f; loss>=10: %d, confirmed %d; loss<2: %d, confirmed %d",
			bn, len(table), mean(table), mean(played), mean(se), 100*float64(conf)/float64(len(played)), correlation(table, played), big, bigOK, small, smallOK)
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

// BenchmarkReview reviews a three-player Duel the expert bots played to
// the end, with jockeys and wagers: a review must take well under a second
// on one core.
func BenchmarkReview(b *testing.B) {
	tb := sim.Table{Mode: house.Duel, Players: 3, Bots: []string{"expert"}, Jockeys: sim.JockeysRandom, Wagers: true}
	text, err := sim.PlayOne(tb, 7, 0)
	if err != nil {
		b.Fatal(err)
	}
	decisions := 0
	b.ReportAllocs()
	for b.Loop() {
		rep, err := review(text, engine.ReviewOptions{})
		if err != nil {
			b.Fatal(err)
		}
		decisions = len(rep.Decisions)
	}
	perReview := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(perReview*1000, "ms/review")
	b.ReportMetric(float64(decisions)/perReview, "decisions/s")
}
