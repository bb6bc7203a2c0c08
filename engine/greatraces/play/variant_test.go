package play_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/engine/greatraces/play"
	"furlong/engine/greatraces/referee"
	"furlong/internal/testkit"
)

// longSeven is board standard with a longer race 7 that pays more, and a
// race 2 of one space that pays no 2nd place.
func longSeven(t testing.TB) *gr.Variant {
	t.Helper()
	v := gr.Standard.Variant()
	for _, p := range v.Params() {
		var err error
		switch p.Key {
		case "race.7.spaces":
			err = p.SetInt(17)
		case "race.7.line":
			err = p.SetInt(12)
		case "race.7.first":
			err = p.SetInt(20)
		case "race.2.spaces":
			err = p.SetInt(1)
		case "race.2.line":
			err = p.SetInt(0)
		case "race.2.second":
			err = p.SetInt(0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := v.SetName("long7"); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestVariantProtocol plays random games on a variant through the
// protocol: every log names the variant, and the referee given the
// variant accepts it with the protocol's result, at every step.
func TestVariantProtocol(t *testing.T) {
	v := longSeven(t)
	games := 300
	if testing.Short() {
		games = 30
	}
	testkit.PlayRandom(t, testkit.Protocol{
		New: func(i int, _ *rand.Rand) (engine.State, error) {
			s := setup(gr.MinPlayers+i%5, gr.Standard)
			s.Variant = v
			return play.New(s)
		},
		Judge: func(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
			o.Variant = v
			return judge(r, o)
		},
		MaxSteps: 4 * 5000,
		Check: func(t *testing.T, i int, log []byte, _ engine.Verdict) {
			if !bytes.Contains(log, []byte("\nvariant long7 "+v.Digest()+"\n")) {
				t.Fatalf("game %d: the log does not name the variant:\n%.200s", i, log)
			}
		},
	}, games)
}

// TestVariantJudged: a log names the variant it was played on, and the
// referee reads it on that variant only: without one it says to give the
// variant's file, with other numbers it refuses it on the variant line,
// and a log of a standard board is refused a variant of other numbers
// but read on one of the same numbers.
func TestVariantJudged(t *testing.T) {
	v := longSeven(t)
	s := setupOn(t, v, 3)
	rng := rand.New(rand.NewPCG(1, 2))
	for !s.Turn().Over() {
		s.Chance(rng)
		l := s.Legal(nil)
		s.Apply(l[rng.IntN(len(l))])
	}
	log := s.AppendLog(nil)
	if want := "game greatraces\nplayers Ana Ben Cy\nvariant long7 " + v.Digest() + "\n"; !bytes.HasPrefix(log, []byte(want)) {
		t.Fatalf("the log begins\n%.80s\nwant\n%s", log, want)
	}
	res, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{Variant: v})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "variant long7 (from board standard)") || res.Game.Track(7).Spaces != 17 {
		t.Errorf("summary %q", res.Summary())
	}
	js, _ := json.Marshal(res.JSON())
	if !bytes.Contains(js, []byte(`"board":"standard","variant":{"name":"long7","digest":"`+v.Digest()+`"}`)) {
		t.Errorf("JSON %s", js)
	}
	// The variant's own name does not matter, its numbers do.
	renamed := v.Clone()
	renamed.SetName("other")
	if _, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{Variant: renamed}); err != nil {
		t.Errorf("the variant under another name: %v", err)
	}
	r, err := play.Replay(notationDecoder(log), engine.JudgeOptions{Variant: renamed})
	if err != nil || !bytes.Equal(r.AppendLog(nil), log) {
		t.Errorf("read on the renamed variant, the log prints back as\n%.80s (%v)", r.AppendLog(nil), err)
	}
	other := v.Clone()
	other.Params()[0].SetInt(2)
	plain := gr.Standard.Variant()
	plain.SetName("mine")
	std := "game greatraces\nplayers Ana Ben\nroll Ana 1 2 3 4 split 12 34\n"
	for _, c := range []struct {
		name string
		src  []byte
		v    engine.Variant
		line int
		msg  string
	}{
		{"no variant given", log, nil, 3, "variant long7: the game is played on a designer's board, whose numbers the log does not hold: check it with the variant's file (--variant FILE)"},
		{"other numbers", log, other, 3, "variant long7 " + v.Digest() + ": the variant given, long7, has other numbers (its digest is " + other.Digest() + ")"},
		{"a variant for a board", []byte(std), v, 1, "the log names no variant: it is played on board standard, but the variant given, long7, has other numbers"},
		{"the other board", []byte("game greatraces\nplayers Ana Ben\nboard length\n"), plain, 3, "played on board length, but the variant given, mine, has other numbers"},
		{"another game's variant", []byte(std), otherGame{}, 1, "the variant given is a board of house, not of The Great Races"},
	} {
		_, err := referee.Judge(bytes.NewReader(c.src), engine.JudgeOptions{Variant: c.v, Partial: true})
		var e *engine.Error
		if !errors.As(err, &e) || e.Line != c.line || e.Rule != gr.RuleVariant || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%s: %v, want line %d, rule variant: %s", c.name, err, c.line, c.msg)
		}
	}
	if _, err := referee.Judge(strings.NewReader(std), engine.JudgeOptions{Variant: plain, Partial: true}); err != nil {
		t.Errorf("a standard log on the standard numbers under a name: %v", err)
	}
}

// TestVariantSetup: play.New plays Setup.Variant, refusing one the rules
// cannot play with its Check's error and one of another game.
func TestVariantSetup(t *testing.T) {
	bad := gr.Standard.Variant()
	bad.Params()[1].SetInt(2) // race 2's line after its last space
	for _, c := range []struct {
		v    engine.Variant
		part string
	}{
		{bad, "race.2.line"},
		{otherGame{}, play.PartVariant},
	} {
		s := setup(3, gr.Standard)
		s.Variant = c.v
		_, err := play.New(s)
		var se *engine.SetupError
		if !errors.As(err, &se) || se.Part != c.part {
			t.Errorf("%v: %v, want a setup error about %s", c.v, err, c.part)
		}
	}
	s := setupOn(t, gr.Length.Variant(), 2)
	if s.Board() != gr.Length || s.Game().Digest() != "" || !bytes.Contains(s.AppendLog(nil), []byte("\nboard length\n")) {
		t.Errorf("board length as a variant: %s", s.AppendLog(nil))
	}
}

func setupOn(t testing.TB, v *gr.Variant, n int) *play.State {
	t.Helper()
	s := setup(n, gr.Standard)
	s.Variant = v
	st, err := play.New(s)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func notationDecoder(src []byte) *notation.Decoder {
	var d notation.Decoder
	d.ResetBytes(src)
	return &d
}

// otherGame is a variant of another game.
type otherGame struct{}

func (otherGame) Game() string           { return "house" }
func (otherGame) Base() string           { return "standard" }
func (otherGame) Name() string           { return "x" }
func (otherGame) Params() []engine.Param { return nil }
func (otherGame) Check() error           { return nil }
