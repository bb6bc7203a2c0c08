package toy

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/canter"
	"furlong/internal/testkit"
)

// TestProtocol plays the stand-in through the kit's protocol checks, so
// that the web table's tests drive a game that keeps the protocol's
// promises.
func TestProtocol(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, rng *rand.Rand) (engine.State, error) {
			n := canter.MinPlayers + i%(canter.MaxPlayers-canter.MinPlayers+1)
			seats := make([]engine.Seat, n)
			for j := range seats {
				seats[j].Name = string(rune('A'+j)) + "na"
			}
			dash := []string{"once", "never"}[rng.IntN(2)]
			rolls := []string{"apart", "with-move"}[i%2]
			return New(engine.Setup{Seats: seats, Options: map[string]string{"dash": dash, "finish": "8", "rolls": rolls}})
		},
		Judge:    Judge,
		MaxSteps: 1000,
	}, games)
}

func TestReadRefuses(t *testing.T) {
	for _, c := range []struct{ log, want string }{
		{"", "line 1: the log is empty"},
		{"game duel\n", "line 1: a toy log begins"},
		{"game toy\nfirst Ana\n", "line 2: the log has no players line"},
		{"game toy\nplayers Ana Ben\nfirst Ana\nroll Ben 1 2\n", "line 4: Ben plays out of turn: it is Ana's turn; a line may be missing above"},
		{"game toy\nplayers Ana Ben\nfirst Ana\nroll Ana 1 2\nAna move 4\n", "line 5: Ana rolled 1 and 2: there is no 4 to move by"},
		{"game toy\nplayers Ana\ndash never\nfirst Ana\nroll Ana 1 2\nAna dash 4\n", "line 6: this race is run with dash never"},
		{"game toy\nplayers Ana Ben\nrolls with-move\nfirst Ana\nAna 1 2 move 3\n", "line 5: Ana rolled 1 and 2: there is no 3 to move by"},
		{"game toy\nplayers Ana Ben\nrolls with-move\nfirst Ana\nroll Ana 1 2\n", "line 5: this race is run with rolls with-move"},
		// The toy's own lines, and The Canter's at the toy log's line.
		{"game toy\nplayers Ana Ben\nrolls with-move\nrolls apart\n", "line 4: a second rolls line"},
		{"game toy\nplayers Ana Ben\nrolls sideways\n", "line 3: "},
		{"game toy\nplayers Ana Ben\nrolls\n", `line 3: the rolls line is "rolls apart" or "rolls with-move"`},
		{"# a note\ngame toy\n\nplayers Ana Ben\nrolls with-move\n# another\nfinish 99\nfirst Ana\n", "line 8: "},
		{"game toy\nplayers Ana Ben\nrolls with-move\n\nplayers Cal\n", "line 5: a second players line"},
		{"game toy\nplayers Ana Ben\nrolls with-move\nfirst Ana\nAna 1 2\nAna 3 4 move 3\n", "line 6: Ana rolled 1 and 2, not 3 and 4"},
		{"game toy\nplayers Ana Ben\nrolls with-move\nfirst Ana\nAna x 2 move 2\n", `line 5: "x" and "2" are not two dice from 1 to 6`},
		{"game toy\nplayers Ana Ben\nrolls with-move\nfirst Ana\nBen 1 2 move 2\n", "line 5: Ben plays out of turn"},
		{"game toy\nplayers Ana Ben\nrolls with-move\nfirst Ana\nAna 1 2\nAna 1 2\n", "line 6: Ana rolls again before moving"},
	} {
		_, err := Read(strings.NewReader(c.log))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Read(%q): have %v, want %q", c.log, err, c.want)
		}
	}
}

// TestThrownByHand: each chance event entered as Throw writes it, in both
// ways of writing rolls: the first player drawn, the roll (alone, when it
// is written with its move), a dash's die once the dash is chosen; the
// move shows the dice rolled.
func TestThrownByHand(t *testing.T) {
	for _, c := range []struct {
		rolls string
		steps [][2]string // the throw's Text, or the dice shown, then the statement played
		log   string
	}{
		{"apart", [][2]string{{"first {}", "first Ben"}, {"roll Ben {} {}", "roll Ben 3 5"}, {"3 5", "Ben dash"}, {"Ben dash {}", "Ben dash 4"}, {"roll Ana {} {}", "roll Ana 2 2"}},
			"first Ben\nroll Ben 3 5\nBen dash 4\nroll Ana 2 2\n"},
		{"with-move", [][2]string{{"first {}", "first Ben"}, {"Ben {} {}", "Ben 3 5"}, {"3 5", "Ben 3 5 dash"}, {"Ben 3 5 dash {}", "Ben 3 5 dash 4"}, {"Ana {} {}", "Ana 2 2 move 2"}},
			"first Ben\nBen 3 5 dash 4\nAna 2 2 move 2\n"},
	} {
		s, err := New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Options: map[string]string{"rolls": c.rolls, "finish": "30"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range c.steps {
			th := s.Throw()
			have := th.Text
			if !th.Chance() {
				have = fmt.Sprintf("%d %d", th.Dice[0].Face, th.Dice[1].Face)
			}
			if have != st[0] {
				t.Errorf("%s: before %q the throw is %q, want %q", c.rolls, st[1], have, st[0])
			}
			if err := s.Play(st[1]); err != nil {
				t.Fatalf("%s: %s: %v", c.rolls, st[1], err)
			}
		}
		if log := string(s.AppendLog(nil)); !strings.HasSuffix(log, c.log) {
			t.Errorf("%s: the log\n%s", c.rolls, log)
		}
	}
}

// TestTheCanter: a toy race is a race of The Canter. Played by the same
// bots from the same seed, with rolls apart its log is The Canter's but
// for the game line; with rolls with-move it has no roll line, and it is
// judged as The Canter's; either reads back as it is written, cut after
// any line from the players line on.
func TestTheCanter(t *testing.T) {
	for n := canter.MinPlayers; n <= canter.MaxPlayers; n++ {
		for seed := range uint64(40) {
			su := engine.Setup{Options: map[string]string{}}
			if seed%3 == 0 {
				su.Options = map[string]string{"dash": "never", "finish": "6"}
			}
			for i := range n {
				su.Seats = append(su.Seats, engine.Seat{Name: []string{"Ana", "Ben", "Cal", "Dee"}[i], Bot: canter.Bots[int(seed)%len(canter.Bots)]})
			}
			c, err := canter.New(su)
			if err != nil {
				t.Fatal(err)
			}
			playOut(t, c, su, canter.NewBot, seed)
			want, _ := c.Result()
			for _, rolls := range []string{"apart", "with-move"} {
				su.Options["rolls"] = rolls
				s, err := New(su)
				if err != nil {
					t.Fatal(err)
				}
				playOut(t, s, su, NewBot, seed)
				log := s.AppendLog(nil)
				if rolls == "apart" {
					if have, want := string(log), strings.Replace(string(c.AppendLog(nil)), "game canter\n", "game toy\n", 1); have != want {
						t.Fatalf("rolls apart: the log\n%s\nwant The Canter's\n%s", have, want)
					}
				} else if bytes.Contains(log, []byte("\nroll ")) || !bytes.Contains(log, []byte("\nrolls with-move\n")) {
					t.Fatalf("rolls with-move: the log\n%s", log)
				}
				v, err := Judge(bytes.NewReader(log), engine.JudgeOptions{})
				if err != nil {
					t.Fatalf("%s\ncheck: %v", log, err)
				}
				if v.Text() != want.Text() {
					t.Errorf("rolls %s: score %q, want The Canter's %q", rolls, v.Text(), want.Text())
				}
				players := bytes.Index(log, []byte("\nplayers ")) + 1
				for i := players + bytes.IndexByte(log[players:], '\n') + 1; ; i += bytes.IndexByte(log[i:], '\n') + 1 {
					part, err := Read(bytes.NewReader(log[:i]))
					if err != nil {
						t.Fatalf("cut after %q: %v", log[:i], err)
					}
					if have := part.AppendLog(nil); !bytes.Equal(have, log[:i]) {
						t.Fatalf("cut after %q, read back as\n%s", log[:i], have)
					}
					if i == len(log) {
						break
					}
				}
			}
		}
	}
}

// playOut plays s to its end with the seats' bots made by newBot.
func playOut(t *testing.T, s engine.State, su engine.Setup, newBot func(string) (engine.Bot, error), seed uint64) {
	t.Helper()
	bots, err := engine.Bots(su.Seats, newBot)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.PlayOut(s, bots, rand.New(rand.NewPCG(seed, uint64(len(bots)))), canter.MaxSteps); err != nil {
		t.Fatal(err)
	}
}

// TestRollWithMoveRefused: a roll written with a move that cannot be
// played is refused whole, the roll not played either.
func TestRollWithMoveRefused(t *testing.T) {
	s, err := New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Options: map[string]string{"rolls": "with-move", "dash": "never"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play("first Ana"); err != nil {
		t.Fatal(err)
	}
	before := string(s.AppendLog(nil))
	for _, st := range []string{"Ana 1 2 move 3", "Ana 1 2 dash 4", "Ana 1 2 move x"} {
		if err := s.Play(st); err == nil {
			t.Errorf("%s: played", st)
		}
		if have := string(s.AppendLog(nil)); have != before || s.Turn().Kind != "roll" || s.Throw().Text != "Ana {} {}" {
			t.Errorf("%s: refused, it leaves the turn %v, the throw %q and the log\n%s", st, s.Turn(), s.Throw().Text, have)
		}
	}
}
