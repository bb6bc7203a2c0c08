package play_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house/play"
	"furlong/internal/testkit"
)

// throwStep is one statement played at a table whose dice are thrown by
// hand: the throw the game describes before it, and check's refusal or
// nothing.
type throwStep struct {
	throw string // the throw's Text at chance's turn, or its dice "6 1 1 1 3 3" and their uses at a decision
	play  string
	rule  string // the rule of the refusal; "" when it is played
	msg   string // the refusal's message, when it is not check's on the log so far
}

// shown writes a throw for a test: its Text at chance's turn, else each
// die's face and its use, "6kept 1kept 1 1 3 3".
func shown(th engine.Throw) string {
	if th.Chance() {
		return th.Text
	}
	var ws []string
	for _, d := range th.Dice {
		w := string(rune('0' + d.Face))
		if d.Use != "" {
			w += "(" + d.Use + ")"
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// TestThrownByHand plays a Duel from its header, every chance outcome
// entered as the log writes it: the layout die, the draw for the rail
// (a tie, then its draw again), the roll and the moves after it, with
// what the game says of each throw before it, and a throw the dice or the
// turn order do not allow refused as check refuses it in a log.
func TestThrownByHand(t *testing.T) {
	log := "game duel\nplayers Ana Ben\n"
	s, err := play.Read(strings.NewReader(log))
	if err != nil {
		t.Fatalf("a log that waits for its layout roll: %v", err)
	}
	for _, st := range []throwStep{
		{throw: "layout {}", play: "layout 0", rule: "notation"},
		{throw: "layout {}", play: "layout 7", rule: "notation"},
		{throw: "layout {}", play: "layout 4"},
		{throw: "rail Ana {} Ben {}", play: "rail Ana 3", rule: "rail draw"},
		{throw: "rail Ana {} Ben {}", play: "rail Ana 3 Ben 7", rule: "notation"},
		{throw: "rail Ana {} Ben {}", play: "rail Ana 3 Ben 3"},
		{throw: "rail Ana {} Ben {}", play: "rail Ana 5 Ben 2"},
		{throw: "roll Ana {} {} {} {} {} {}", play: "roll Ben 1 2 3 4 5 6", rule: "turn order"},
		{throw: "roll Ana {} {} {} {} {} {}", play: "roll Ana 6 1 1 1 3", rule: "notation"},
		{throw: "roll Ana {} {} {} {} {} {}", play: "roll Ana 6 1 1 1 3 7", rule: "notation"},
		{throw: "roll Ana {} {} {} {} {} {}", play: "roll Ana 6 1 1 1 3 3"},
		{throw: "6 1 1 1 3 3", play: "roll Ana 6 1 1 1 3 3", rule: "turn order", msg: "Ana roll: turn 1 is not finished: it still waits for Ana's kept pair"},
		{throw: "6 1 1 1 3 3", play: "keep 6:1"},
		{throw: "6(kept) 1(kept) 1 1 3 3", play: "cut 11 33"},
		{throw: "6(kept) 1(kept) 1(cut 1) 1(cut 1) 3(cut 2) 3(cut 2)", play: "Ben 3:3"},
		{throw: "6(kept) 1(kept) 1(left) 1(left) 3(chosen) 3(chosen)", play: "Ana 1:1"},
		{throw: "roll Ben {} {} {} {} {} {}", play: "roll Ben 2 2 2 2 2 2"},
	} {
		if have := shown(s.Throw()); have != st.throw {
			t.Fatalf("before %q: the throw is %q, want %q", st.play, have, st.throw)
		}
		err := s.Play(st.play)
		if st.rule == "" {
			if err != nil {
				t.Fatalf("%s: %v", st.play, err)
			}
			log = string(s.AppendLog(nil))
			continue
		}
		wantRefused(t, log, st, err)
		if after := string(s.AppendLog(nil)); after != log {
			t.Fatalf("%s: refused, and the log is now\n%s", st.play, after)
		}
	}
}

// wantRefused wants err, what Play says of st.play after the log so far,
// to be check's error for that statement written on the log's next line,
// on line 0 (or the message st gives, for a statement a log cannot hold).
func wantRefused(t *testing.T, log string, st throwStep, err error) {
	t.Helper()
	e, ok := engine.AsError(err)
	if !ok || e.Rule == nil || e.Rule.String() != st.rule || e.Line != 0 {
		t.Fatalf("%s: %v (%T, rule %v), want an error of rule %s on line 0", st.play, err, err, e.Rule, st.rule)
	}
	if st.msg != "" {
		if e.Msg != st.msg {
			t.Errorf("%s:\nhave %s\nwant %s", st.play, e.Msg, st.msg)
		}
		return
	}
	_, cerr := judge(strings.NewReader(log+st.play+"\n"), engine.JudgeOptions{Partial: true})
	c, ok := engine.AsError(cerr)
	if !ok || c.Rule != e.Rule || c.Msg != e.Msg {
		t.Errorf("%s: play says %v (%v), check says %v (%v)", st.play, e, e.Rule, cerr, c)
	}
}

// TestJockeyDrawnByHand: a jockey drawn at random is entered for each seat
// in turn, from the seven jockeys.
func TestJockeyDrawnByHand(t *testing.T) {
	s, err := play.New(engine.Setup{Mode: "duel", Seats: seats(2), Options: map[string]string{"jockeys": "random", "layout": "2"}})
	if err != nil {
		t.Fatal(err)
	}
	th := s.Throw()
	if th.Text != "jockey Ana {}" || th.Thrower != 0 || len(th.Dice) != 1 || strings.Join(th.Dice[0].Faces, " ") != "countdown ace double longslip fivealike turnaround spread" {
		t.Fatalf("the draw for Ana's jockey: %+v", th)
	}
	for _, st := range []throwStep{
		{play: "jockey Ana nobody", rule: "notation", msg: `unknown jockey "nobody" (want one of countdown ace double longslip fivealike turnaround spread)`},
		{play: "jockey Ben ace", rule: "turn order", msg: "jockey Ben: the jockeys come in seat order: Ana's comes first"},
	} {
		wantRefused(t, "", st, s.Play(st.play))
	}
	for _, st := range []string{"jockey Ana ace", "jockey Ben spread"} {
		if err := s.Play(st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	if log := string(s.AppendLog(nil)); !strings.HasSuffix(log, "jockey Ana ace\njockey Ben spread\n") {
		t.Errorf("the log:\n%s", log)
	}
}

// TestExamplesThrown: every chance statement of the examples, at its
// turn, is the throw as the game describes it (its Text, values in its
// slots), and playing it does what reading it does.
func TestExamplesThrown(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	kinds := map[string]int{}
	for _, ex := range valid {
		if !strings.HasSuffix(ex.Name, ".log") {
			continue
		}
		lines := strings.SplitAfter(string(ex.Data), "\n")
		for k, l := range lines {
			stmt, _, _ := strings.Cut(l, "#")
			if stmt = strings.TrimSpace(stmt); stmt == "" {
				continue
			}
			s, err := play.Read(strings.NewReader(strings.Join(lines[:k], "")))
			if err != nil || !s.Turn().Chance() {
				continue
			}
			th := s.Throw()
			if th.Kind != strings.Fields(stmt)[0] {
				continue // a header line the log so far has not read, or the first roll of a race without a rail draw
			}
			if _, ok := th.Values(stmt); !ok {
				t.Errorf("%s:%d: %q is not the throw %q", ex.Name, k+1, stmt, th.Text)
			}
			if err := s.Play(stmt); err != nil {
				t.Errorf("%s:%d: %v", ex.Name, k+1, err)
				continue
			}
			r, err := play.Read(strings.NewReader(strings.Join(lines[:k+1], "")))
			if err != nil || string(r.AppendLog(nil)) != string(s.AppendLog(nil)) {
				t.Errorf("%s:%d: played, the log is\n%s\nread, %v\n%s", ex.Name, k+1, s.AppendLog(nil), err, r.AppendLog(nil))
			}
			kinds[th.Kind]++
		}
	}
	for _, k := range []string{"layout", "rail", "roll", "rolloff"} {
		if kinds[k] == 0 {
			t.Errorf("no %s among the examples' throws: %v", k, kinds)
		}
	}
}

// TestReadUnrolled: a log that waits for its layout roll is read as the
// game at its layout roll, and refused, as check refuses it once the die
// is in it, when the rest of its setup makes no race.
func TestReadUnrolled(t *testing.T) {
	for _, c := range []struct{ log, want string }{
		{"game duel\nplayers Ana Ben\njockey Ana ace\njockey Ben spread\n", ""},
		{"game duel\nplayers Ana\n", "line 2: The Duel seats 2 to 6 players, not 1"},
		{"game book\nplayers Ana Ben Cal\nwager Ana 3\n", "line 3: The Book has no side wager"},
	} {
		s, err := play.Read(strings.NewReader(c.log))
		if c.want == "" {
			if err != nil || s.Stage() != play.StageLayout || string(s.AppendLog(nil)) != c.log {
				t.Errorf("%q: %v, stage %v, log %q", c.log, err, s.Stage(), s.AppendLog(nil))
			}
			continue
		}
		_, cerr := judge(strings.NewReader(c.log+"layout 1\n"), engine.JudgeOptions{Partial: true})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || cerr == nil || cerr.Error() != err.Error() {
			t.Errorf("%q: have %v, want %q as check says with its layout: %v", c.log, err, c.want, cerr)
		}
	}
}

// TestChoiceUses walks seeded games of every mode: each keep, move and
// cut says which of the turn's dice it plays (Choice.Uses), two dice
// (four for a cut) that the turn has not kept and that show the pair
// the choice names, so that a table can mark them while it is looked at.
func TestChoiceUses(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 30))
	checked := 0
	for i := range 24 {
		s, err := play.New(randomSetup(i, rng))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 2000 && !s.Turn().Over(); n++ {
			st := s.Stage()
			if !s.Turn().Chance() && (st == play.StageKeep || st == play.StageMove || st == play.StageCut) {
				dice := s.Throw().Dice
				for _, a := range s.Legal(nil) {
					c := s.Choice(a)
					if len(c.Uses) != len(dice) {
						t.Fatalf("%s at %v: uses %q for the dice %+v\n%s", c.Text, st, c.Uses, dice, s.AppendLog(nil))
					}
					var faces []string
					for i, u := range c.Uses {
						if u == "" {
							continue
						}
						if d := dice[i]; d.Use == "kept" {
							t.Fatalf("%s: die %d (%d) is already %s, and the choice uses it again (%q)", c.Text, i+1, d.Face, d.Use, c.Uses)
						}
						faces = append(faces, fmt.Sprint(dice[i].Face))
					}
					want := 2
					if st == play.StageCut {
						want = 4
					}
					if len(faces) != want {
						t.Fatalf("%s: uses %q mark %d dice, want %d", c.Text, c.Uses, len(faces), want)
					}
					if st != play.StageCut {
						lo, hi := faces[0], faces[1]
						if lo > hi {
							lo, hi = hi, lo
						}
						if g := "dice " + lo + " and " + hi; g != c.Group {
							t.Fatalf("%s: the dice it uses are %s, its group %s", c.Text, g, c.Group)
						}
					}
					checked++
				}
			}
			step(t, s, rng)
		}
	}
	if checked == 0 {
		t.Fatal("no choice about the dice was met")
	}
}
