package play_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/play"
	"furlong/engine/horserace/referee"
)

// sprint is a board variant: board D with a shorter 7 and the slots at
// two chips each.
func sprint() *horserace.Variant {
	v := horserace.BoardD.Variant()
	v.Label = "sprint"
	v.Spaces[7] = 3
	v.Chips = [horserace.Slots]int{2, 2, 2, 2}
	return v
}

// playOut plays a table to its end with a generator seeded with seed and
// returns its log.
func playOut(t *testing.T, su engine.Setup, seed uint64) []byte {
	t.Helper()
	s, err := play.New(su)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for !s.Turn().Over() {
		if err := s.Chance(rng); err != nil {
			t.Fatal(err)
		}
	}
	return s.AppendLog(nil)
}

// TestVariantLog: a table played on a variant writes its variant line,
// moves on its lanes and charges its slots; the referee judges the log on
// that variant (under any name), and refuses it without one, with other
// numbers, or with a board line that is not its base.
func TestVariantLog(t *testing.T) {
	v := sprint()
	su := setup(3, play.SetupOptions(horserace.BoardA, horserace.Reroll, 0, 3))
	su.Variant = v
	log := playOut(t, su, 7)
	line := "variant sprint " + engine.Digest(v) + "\n"
	if !bytes.Contains(log, []byte("board D\n"+line)) {
		t.Fatalf("no board D and variant line in:\n%s", log)
	}
	res, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{Variant: v})
	if err != nil {
		t.Fatal(err)
	}
	if res.Variant == nil || res.Variant.Label != "sprint" || !strings.HasPrefix(res.Text(), "Horse Race, board sprint (a variant of board D), 3 players, 3 races") {
		t.Errorf("the verdict does not name the variant:\n%s", res.Text())
	}
	for _, r := range res.Races {
		if r.Winner == 7 && r.Positions[7] != 3 {
			t.Errorf("race %d: horse 7 wins at %d spaces, not sprint's 3", r.Race, r.Positions[7])
		}
	}
	renamed := sprint()
	renamed.Label = "dash"
	if _, err := referee.Judge(bytes.NewReader(log), engine.JudgeOptions{Variant: renamed}); err != nil {
		t.Errorf("the same numbers under another name: %v", err)
	}
	other := sprint()
	other.Chips[3] = 3
	variantLine := bytes.Count(log[:bytes.Index(log, []byte(line))], []byte("\n")) + 1
	for _, tt := range []struct {
		name string
		log  []byte
		v    engine.Variant
		line int
		msg  string
	}{
		{"no variant given", log, nil, variantLine, "the log is played on variant sprint, a board of its own numbers: check it with --variant FILE"},
		{"other numbers", log, other, variantLine, "has other numbers (digest " + engine.Digest(other) + ")"},
		{"another game's", log, fakeVariant{}, variantLine, `a board of "greatraces", not of Horse Race`},
		{"a board line not its base", bytes.Replace(log, []byte("board D\n"), []byte("board C\n"), 1), v, variantLine - 1, "board C, but variant sprint starts from board D"},
		{"a standard log on a variant", playOut(t, setup(3, nil), 7), v, 4, "the log is played on the standard board A (it has no variant line), but the variant given, sprint, has other numbers"},
		{"a standard log on another board", playOut(t, setup(2, nil), 7), horserace.BoardB.Variant(), 4, "the log is played on the standard board A"},
	} {
		_, err := referee.Judge(bytes.NewReader(tt.log), engine.JudgeOptions{Variant: tt.v})
		e, ok := engine.AsError(err)
		if !ok || e.Line != tt.line || !strings.Contains(e.Msg, tt.msg) || e.Rule != horserace.RuleSetup {
			t.Errorf("%s: have %v, want line %d: ...%s...", tt.name, err, tt.line, tt.msg)
		}
	}
}

// fakeVariant is a variant of another game.
type fakeVariant struct{}

func (fakeVariant) Game() string           { return "greatraces" }
func (fakeVariant) Base() string           { return "standard" }
func (fakeVariant) Name() string           { return "fake" }
func (fakeVariant) Params() []engine.Param { return nil }
func (fakeVariant) Check() error           { return nil }

// TestStandardVariant: a standard board given as a variant is the board
// itself: the same log, byte for byte, and a log without a variant line
// is judged on it.
func TestStandardVariant(t *testing.T) {
	for _, b := range horserace.AllBoards {
		su := setup(4, play.SetupOptions(b, horserace.EvenDeal, 30, 2))
		want := playOut(t, su, 11)
		std := b.Variant()
		std.Label = "mine"
		// The variant is the board, whatever the options say.
		su = setup(4, play.SetupOptions(horserace.BoardA+(b+1)%4, horserace.EvenDeal, 30, 2))
		su.Variant = std
		if have := playOut(t, su, 11); !bytes.Equal(have, want) {
			t.Errorf("board %s as a variant:\n%s\nwant:\n%s", b, have, want)
		}
		if _, err := referee.Judge(bytes.NewReader(want), engine.JudgeOptions{Variant: std}); err != nil {
			t.Errorf("board %s: %v", b, err)
		}
	}
}

// TestVariantSetup: play.New refuses a variant the rules cannot play, in
// the variant's own words, naming the number at fault.
func TestVariantSetup(t *testing.T) {
	v := sprint()
	v.Spaces[9] = 0
	su := setup(2, nil)
	su.Variant = v
	_, err := play.New(su)
	var se *engine.SetupError
	if !errors.As(err, &se) || se.Part != "lane.9.spaces" {
		t.Errorf("have %v, want a setup error about lane.9.spaces", err)
	}
	su.Variant = fakeVariant{}
	if _, err := play.New(su); !errors.As(err, &se) || se.Part != "variant" {
		t.Errorf("have %v, want a setup error about the variant", err)
	}
}

// TestRaceViews: the view's races are the log's, as score gives them:
// every race's rolls, lot, pot and split, its sources of the pot adding
// up to the pot at the split, and each seat's race chips and running
// total; the race under way as it stands.
func TestRaceViews(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 200 {
		s, err := play.New(randomTable(i, rng))
		if err != nil {
			t.Fatal(err)
		}
		stop := rng.IntN(400)
		for step := 0; !s.Turn().Over() && step < stop; step++ {
			if err := s.Chance(rng); err != nil {
				t.Fatal(err)
			}
		}
		v := s.TableView()
		res := s.Score()
		if len(v.Races) != len(res.Races) {
			t.Fatalf("game %d: %d races in the view, %d in the score", i, len(v.Races), len(res.Races))
		}
		for k := range v.Races {
			r, want := &v.Races[k], &res.Races[k]
			if r.Race != want.Race || r.Winner != want.Winner || len(r.Scratches) != want.ScratchRolls || len(r.Rolls) != want.Rolls ||
				r.PotIn != want.PotIn || r.Decks != want.Decks || s.Players()[r.Dealer] != want.Dealer {
				t.Fatalf("game %d race %d: view %+v, score %+v", i, k+1, r, want)
			}
			for j, h := range want.Scratched {
				if r.Lot[j] != h {
					t.Fatalf("game %d race %d: lot %v, scratched %v", i, k+1, r.Lot, want.Scratched)
				}
			}
			if r.PotIn+r.Cards+r.Repeats+r.RollChips+r.EndPay != r.Pot {
				t.Fatalf("game %d race %d: %d + %d + %d + %d + %d is not the pot of %d", i, k+1, r.PotIn, r.Cards, r.Repeats, r.RollChips, r.EndPay, r.Pot)
			}
			if want.Finished() && (r.Pot != want.Pot || r.Share != want.Share || r.Paid != want.Paid || r.Carry != want.Carry || r.Pot-r.Paid != r.Carry) {
				t.Fatalf("game %d race %d: split %d %d %d %d, score %d %d %d %d", i, k+1, r.Pot, r.Share, r.Paid, r.Carry, want.Pot, want.Share, want.Paid, want.Carry)
			}
			for j, seat := range want.Seats {
				if !r.In[seat] || r.Items[seat] != want.Chips[j] {
					t.Fatalf("game %d race %d: seat %d's items %+v, score %+v", i, k+1, seat, r.Items[seat], want.Chips[j])
				}
			}
		}
		if n := len(v.Races); n > 0 {
			for p, pl := range res.Players {
				if v.Races[n-1].Totals[p] != pl.Chips {
					t.Fatalf("game %d: seat %d's total %d, score %d", i, p, v.Races[n-1].Totals[p], pl.Chips)
				}
			}
		}
	}
}
