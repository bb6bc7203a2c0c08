package play_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/internal/testkit"
)

// randomVariant is a board of random numbers the rules can play, drawn
// from rng within every param's bounds.
func randomVariant(t testing.TB, rng *rand.Rand) *house.Variant {
	t.Helper()
	for {
		v, _ := house.StandardVariant("")
		for _, p := range v.Params() {
			if err := p.SetInt(p.Min + rng.IntN(p.Max-p.Min+1)); err != nil {
				t.Fatal(err)
			}
		}
		if v.Check() == nil {
			if err := v.SetName("random"); err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
}

// variantOf is a variant of the standard board with the params given.
func variantOf(t testing.TB, name string, set map[string]int) *house.Variant {
	t.Helper()
	v, _ := house.StandardVariant("")
	for _, p := range v.Params() {
		if n, ok := set[p.Key]; ok {
			if err := p.SetInt(n); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := v.SetName(name); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestVariantGames plays random games of every mode and table on random
// boards through the protocol (testkit.PlayRandom): the referee, given
// the board, accepts every log with the protocol's result, and every item
// of every purse is the board's: a lane's or a stake's station pays the
// board's pay, a BET lane its multiplier, a photo set the board's price.
func TestVariantGames(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 30
	}
	rng := rand.New(rand.NewPCG(5, 5))
	boards := make([]*house.Variant, games)
	for i := range boards {
		boards[i] = randomVariant(t, rng)
	}
	current := 0
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, rng *rand.Rand) (engine.State, error) {
			current = i
			s := randomSetup(i, rng)
			s.Variant = boards[i]
			return play.New(s)
		},
		Judge: func(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
			o.Variant = boards[current]
			return judge(r, o)
		},
		MaxSteps: 40000,
		Check: func(t *testing.T, i int, log []byte, v engine.Verdict) {
			n, err := boards[i].Numbers()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(log, []byte("\nvariant random "+n.Digest()+"\n")) {
				t.Fatalf("game %d: the log names no variant:\n%s", i, log)
			}
			r := &v.(*referee.Result).Result
			for p, bd := range r.Purses {
				photos := 0
				for _, ph := range bd.Photos {
					if want := n.PhotoSet(ph.Count) * n.PhotoTimes(r.Mode); ph.Amount != want {
						t.Errorf("game %d, seat %d: %d photos of %d pay %d, the board %d", i, p, ph.Count, ph.Number, ph.Amount, want)
					}
					photos += ph.Amount
				}
				for _, l := range append(bd.Lanes, bd.Stakes...) {
					if l.Value != n.Pays(l.Station) || l.Amount != l.Value*l.Times {
						t.Errorf("game %d, seat %d: %+v, the board pays %d at %s", i, p, l, n.Pays(l.Station), l.Station)
					}
					if l.Bet && l.Jockey == house.NoJockey && l.Times != n.Bet() {
						t.Errorf("game %d, seat %d: a BET lane times %d, the board's BET %d", i, p, l.Times, n.Bet())
					}
				}
				if photos != bd.PhotoTotal {
					t.Errorf("game %d, seat %d: photos %d, total %d", i, p, photos, bd.PhotoTotal)
				}
			}
		},
	}, games)
}

// TestVariantLogs: a log played on a variant names it, and reads back on
// that variant alone; a log of the standard board reads on no variant or
// on a variant of its numbers.
func TestVariantLogs(t *testing.T) {
	wire := variantOf(t, "long-wire", map[string]int{"station.wire.pays": 60})
	other := variantOf(t, "other", map[string]int{"station.wire.pays": 50})
	plain := variantOf(t, "plain", nil)
	rng := rand.New(rand.NewPCG(1, 2))
	play1 := func(v engine.Variant) []byte {
		s, err := play.New(engine.Setup{Mode: "solo", Seats: seats(1), Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Turn().Over() {
			step(t, s, rng)
		}
		return s.AppendLog(nil)
	}
	log := play1(wire)
	n, _ := wire.Numbers()
	if !bytes.Contains(log, []byte("\nvariant long-wire "+n.Digest()+"\n")) {
		t.Fatalf("the log names no variant:\n%s", log)
	}
	if _, err := play.ReadWith(bytes.NewReader(log), engine.JudgeOptions{Variant: wire}); err != nil {
		t.Errorf("on its variant: %v", err)
	}
	// The variant's file may call it anything: the numbers decide.
	renamed := wire.Clone()
	renamed.SetName("mine")
	s, err := play.ReadWith(bytes.NewReader(log), engine.JudgeOptions{Variant: renamed})
	if err != nil || s.Numbers().Name() != "long-wire" || !strings.Contains(string(s.AppendLog(nil)), "variant long-wire ") {
		t.Errorf("on its variant renamed: %v", err)
	}
	std := play1(plain)
	if bytes.Contains(std, []byte("variant")) {
		t.Errorf("the standard board as a variant names one:\n%s", std)
	}
	for _, c := range []struct {
		name string
		log  []byte
		v    engine.Variant
		msg  string
	}{
		{"no variant given", log, nil, "line 3: variant long-wire: the race is played on a designer's board, whose numbers the log does not hold: check it with the variant's file (--variant FILE)"},
		{"other numbers", log, other, "line 3: variant long-wire " + n.Digest() + ": the variant given, other, has other numbers"},
		{"the standard board given", log, plain, "line 3: variant long-wire " + n.Digest() + ": the variant given, plain, has the standard board's numbers"},
		{"a variant for a standard log", std, wire, "line 1: the log names no variant: it is played on the standard board, but the variant given, long-wire, has other numbers"},
	} {
		_, err := play.ReadWith(bytes.NewReader(c.log), engine.JudgeOptions{Variant: c.v})
		e, ok := engine.AsError(err)
		if !ok || e.Rule != house.RuleVariant || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.name, err, c.msg)
		}
	}
	if _, err := play.ReadWith(bytes.NewReader(std), engine.JudgeOptions{Variant: plain}); err != nil {
		t.Errorf("a standard log on the standard board as a variant: %v", err)
	}
	// New refuses a board the rules cannot play, naming its key.
	bad := variantOf(t, "bad", map[string]int{"layout.2.camera": 2})
	var se *engine.SetupError
	if _, err := play.New(engine.Setup{Mode: "duel", Seats: seats(2), Variant: bad}); !errors.As(err, &se) || se.Part != "layout.2.camera" {
		t.Errorf("a variant with the Carrot on the Camera: %v", err)
	}
}
