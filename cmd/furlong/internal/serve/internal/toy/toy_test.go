package toy

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
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
			n := MinPlayers + i%(MaxPlayers-MinPlayers+1)
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
