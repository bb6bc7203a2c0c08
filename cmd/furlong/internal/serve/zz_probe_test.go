package serve

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	h := newPlainServer(t)
	opts := map[string]string{"call": "2", "jockeys": "choose", "wagers": "on"}
	st := post(t, h, "/api/new", map[string]any{"game": "house", "mode": "duel", "seats": seats(3, 0, "greedy"), "seed": 0, "options": opts})
	a := playThrough(t, h, st, rand.New(rand.NewPCG(0, 9)), false)
	b := playThrough(t, h, st, rand.New(rand.NewPCG(0, 9)), true)
	fmt.Println(a.Log == b.Log)
	// find divergence
	la, lb := strings.Split(a.Log, "\n"), strings.Split(b.Log, "\n")
	k := 0
	for k < len(la) && k < len(lb) && la[k] == lb[k] {
		k++
	}
	fmt.Println("diverge at", k, la[k], "|", lb[k])
	// from each prefix, step to end and compare with a
	for cut := 16; cut < k; cut++ {
		pre := strings.Join(la[:cut], "\n") + "\n"
		s := post(t, h, "/api/step", map[string]any{"log": pre})
		if s.Log != a.Log {
			fmt.Println("from cut", cut, la[cut-1], "differs")
			break
		}
	}
	// also: without wagers at all, but with the same header
	pre := strings.Join(la[:17], "\n") + "\n"
	fmt.Println(pre)
}
