package horserace

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// pct writes a chance as the spec prints it: a percentage with two
// decimals.
func pct(x float64) string { return fmt.Sprintf("%.2f", 100*x) }

func field(b Board, scratched ...int) Field {
	f := Field{Board: b}
	for _, h := range scratched {
		f.Scratched[h] = true
	}
	return f
}

// TestChancesSpec checks every chance §10 prints, to the digits shown,
// and the symmetry the spec relies on (12 = 2, 11 = 3, ...).
func TestChancesSpec(t *testing.T) {
	for _, tt := range []struct {
		name      string
		f         Field
		horses    []int
		want      []string
		symmetric bool
	}{
		{"A none", field(BoardA), []int{2, 3, 4, 5, 6, 7}, []string{"19.31", "9.05", "10.14", "6.10", "4.00", "2.79"}, true},
		{"A 6 7 8 9", field(BoardA, 6, 7, 8, 9), []int{2, 3, 4, 5}, []string{"21.54", "11.15", "13.02", "8.59"}, false},
		{"A 5 6 8 9", field(BoardA, 5, 6, 8, 9), []int{2, 3, 4, 7}, []string{"22.10", "11.65", "13.69", "5.12"}, true},
		{"B none", field(BoardB), []int{2, 3, 4, 5, 6, 7}, []string{"19.15", "8.91", "9.95", "5.94", "3.87", "4.37"}, true},
		{"C none", field(BoardC), []int{2, 3, 4, 5, 6, 7}, []string{"4.36", "7.52", "9.46", "10.76", "11.69", "12.39"}, true},
		{"D none", field(BoardD), []int{2, 3, 4, 5, 6, 7}, []string{"10.35", "10.24", "9.40", "8.56", "7.84", "7.22"}, true},
	} {
		c := Chances(&tt.f)
		for i, h := range tt.horses {
			if got := pct(c[h]); got != tt.want[i] {
				t.Errorf("%s: horse %d: have %s%%, want %s%%", tt.name, h, got, tt.want[i])
			}
			if tt.symmetric && math.Abs(c[h]-c[14-h]) > 1e-15 {
				t.Errorf("%s: horse %d has %v, horse %d %v", tt.name, h, c[h], 14-h, c[14-h])
			}
		}
	}
}

// TestChancesMidRace is §10's mid-race example.
func TestChancesMidRace(t *testing.T) {
	f := field(BoardA, 5, 6, 8, 9)
	f.Pos[2], f.Pos[7] = 2, 10
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	c := Chances(&f)
	want := map[int]string{2: "62.81", 7: "27.95", 3: "1.21", 11: "1.21", 4: "1.10", 10: "1.10", 12: "4.64"}
	for h, w := range want {
		if got := pct(c[h]); got != w {
			t.Errorf("horse %d: have %s%%, want %s%%", h, got, w)
		}
	}
}

// TestAveragedSpec checks §1: each board's chances averaged over the
// scratches, the mean race rolls, and the scratch rolls (about 4.9).
func TestAveragedSpec(t *testing.T) {
	want := map[Board]struct {
		win   []string
		rolls string
	}{
		BoardA: {[]string{"20.25", "9.55", "9.60", "5.69", "3.66", "2.49"}, "53.8"},
		BoardB: {[]string{"20.12", "9.44", "9.48", "5.60", "3.59", "3.55"}, "53.7"},
		BoardC: {[]string{"5.72", "9.09", "10.32", "10.40", "9.90", "9.13"}, "30.3"},
		BoardD: {[]string{"11.88", "11.13", "9.52", "7.99", "6.68", "5.60"}, "21.1"},
	}
	for _, b := range AllBoards {
		a := Averaged(b)
		for i, h := range []int{2, 3, 4, 5, 6, 7} {
			if got := pct(a.Win[h]); got != want[b].win[i] {
				t.Errorf("board %s horse %d: have %s%%, want %s%%", b, h, got, want[b].win[i])
			}
		}
		if got := fmt.Sprintf("%.1f", a.RaceRolls); got != want[b].rolls {
			t.Errorf("board %s: %s race rolls, want %s", b, got, want[b].rolls)
		}
		if got := fmt.Sprintf("%.1f", a.ScratchRolls); got != "4.9" {
			t.Errorf("board %s: %s scratch rolls, want about 4.9", b, got)
		}
		sum := 0.0
		for _, w := range a.Win {
			sum += w
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("board %s: averaged chances sum to %v", b, sum)
		}
	}
}

// TestLikeliestSet: §10 names 5 6 7 8 and 6 7 8 9 the likeliest sets,
// at 2.37%, and the 330 chances add up to 1.
func TestLikeliestSet(t *testing.T) {
	sets := ScratchSets()
	if len(sets) != 330 {
		t.Fatalf("%d sets, want 330", len(sets))
	}
	if sets[0].Horses != [Slots]int{5, 6, 7, 8} || sets[1].Horses != [Slots]int{6, 7, 8, 9} {
		t.Errorf("likeliest sets %v and %v, want 5 6 7 8 and 6 7 8 9", sets[0].Horses, sets[1].Horses)
	}
	if got := pct(sets[0].Chance); got != "2.37" {
		t.Errorf("likeliest set: have %s%%, want 2.37%%", got)
	}
	sum := 0.0
	for _, s := range sets {
		sum += s.Chance
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("set chances sum to %v", sum)
	}
}

// TestChancesSumToOne over many fields, the exact method's own check.
func TestChancesSumToOne(t *testing.T) {
	for _, b := range AllBoards {
		for _, s := range ScratchSets()[:60] {
			f := field(b, s.Horses[:]...)
			for h := Lowest; h <= Highest; h++ {
				if !f.Scratched[h] {
					f.Pos[h] = int8((h * 7) % b.Lane(h))
				}
			}
			c := Chances(&f)
			sum := 0.0
			for _, x := range c {
				if x < 0 || x > 1 {
					t.Fatalf("%s: a chance of %v", f.String(), x)
				}
				sum += x
			}
			if math.Abs(sum-1) > 1e-13 {
				t.Errorf("%s: chances sum to %.17g", f.String(), sum)
			}
		}
	}
}

// TestLastSpace: a horse one space from home when every other horse is
// further away than... a horse alone in the race wins for sure.
func TestChancesEdges(t *testing.T) {
	// Ten horses scratched is not a race, but the method still holds:
	// one live horse wins for sure.
	f := Field{Board: BoardA}
	for h := Lowest; h <= Highest; h++ {
		f.Scratched[h] = h != 7
	}
	if c := Chances(&f); c[7] != 1 {
		t.Errorf("a lone horse wins with chance %v", c[7])
	}
	// Two horses each one space from home: chance in proportion to ways.
	f = Field{Board: BoardD}
	for h := Lowest; h <= Highest; h++ {
		f.Scratched[h] = h != 7 && h != 2
	}
	f.Pos[7], f.Pos[2] = 6, 1
	if c := Chances(&f); math.Abs(c[7]-6.0/7) > 1e-15 || math.Abs(c[2]-1.0/7) > 1e-15 {
		t.Errorf("6 to 1 at the last space: have %v and %v", c[7], c[2])
	}
}

func TestFieldCheck(t *testing.T) {
	for _, tt := range []struct {
		f    Field
		want string
	}{
		{field(BoardA, 2, 3, 4, 5, 6), "five horses scratched: the scratch lot holds four"},
		{func() Field { f := field(BoardD); f.Pos[2] = 2; return f }(), "horse 2 at 2: its lane on board D has 2 spaces, so a horse still running stands at 0 to 1"},
		{func() Field { f := field(BoardA, 7); f.Pos[7] = 1; return f }(), "horse 7 is scratched, so it never moves: a roll on it costs the roller its slot"},
	} {
		err := tt.f.Check()
		if err == nil || err.Error() != tt.want {
			t.Errorf("have %v, want %s", err, tt.want)
		}
		// The player has the rulebook, not the spec: no message names a
		// section of it.
		if err != nil && strings.Contains(err.Error(), "§") {
			t.Errorf("%q names a section of the spec", err)
		}
	}
}

// BenchmarkOddsTable works out the full odds table of the longest board
// with nothing scratched: every horse's chance. The target is under a
// millisecond.
func BenchmarkOddsTable(b *testing.B) {
	f := field(BoardA)
	var c [Highest + 1]float64
	for b.Loop() {
		c = Chances(&f)
	}
	if c[7] == 0 {
		b.Fatal("no chance")
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/table")
}

// BenchmarkAveraged is the board's chances averaged over all 330 sets of
// scratches: what the printed tables and rulebook need.
func BenchmarkAveraged(b *testing.B) {
	for b.Loop() {
		Averaged(BoardA)
	}
}
