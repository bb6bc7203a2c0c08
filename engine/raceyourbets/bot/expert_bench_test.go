package bot

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"runtime"
	"testing"

	ryb "furlong/engine/raceyourbets"
)

// expertPositions are positions of seeded random games at every table
// size, on both boards, for the expert's benchmark and fingerprint.
func expertPositions(tb testing.TB, games int) []ryb.Game {
	tb.Helper()
	var r Random
	var out []ryb.Game
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		g, err := ryb.New(ryb.Boards[i%2], []int{10, 20, 33}[i%3], 2+i%4)
		if err != nil {
			tb.Fatal(err)
		}
		for k := 0; !g.Over(); k++ {
			if k%5 == 0 {
				out = append(out, g)
			}
			a := r.act(&g, rng)
			g.Roll(g.Turn(), a, ryb.Dice{int8(1 + rng.IntN(6)), int8(1 + rng.IntN(6))})
		}
	}
	return out
}

// expertFingerprint is the number of positions and the hash of the
// expert's choices in them, as furlong's expert makes them.
const expertFingerprint = "674 bef8551f1b114456"

// TestExpertFingerprint: the expert's choices over hundreds of positions,
// as one hash, which a change to how it values positions must keep. (On
// amd64 only: other processors may fuse a multiply and an add, and a near
// tie may then fall the other way.)
func TestExpertFingerprint(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the fingerprint is amd64's")
	}
	ps := expertPositions(t, 24)
	e := NewExpert()
	h := fnv.New64a()
	for i := range ps {
		fmt.Fprintf(h, "%v;", e.act(&ps[i], nil))
	}
	if got, want := fmt.Sprintf("%d %016x", len(ps), h.Sum64()), expertFingerprint; got != want {
		t.Errorf("the expert's choices: %s, want %s", got, want)
	}
}

// BenchmarkExpertAct is the expert choosing in positions of random games.
func BenchmarkExpertAct(b *testing.B) {
	ps := expertPositions(b, 24)
	e := NewExpert()
	e.act(&ps[0], nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.act(&ps[i%len(ps)], nil)
		i++
	}
}
