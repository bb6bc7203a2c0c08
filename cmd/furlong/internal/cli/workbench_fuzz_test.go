package cli

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// FuzzShardFlag: --shard never panics, and what it takes is K/N written
// plainly, 1 <= K <= N.
func FuzzShardFlag(f *testing.F) {
	for _, s := range []string{"1/1", "2/7", "0/3", "4/3", "1/0", "a/b", "01/3", "+1/3", "7/100000", "1/100001", "1//2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := parseShard(s)
		if err != nil {
			return
		}
		if sp.k < 1 || sp.k > sp.n || sp.n > maxShards || fmt.Sprintf("%d/%d", sp.k, sp.n) != s {
			t.Fatalf("%q read as %d/%d", s, sp.k, sp.n)
		}
		// The slices of a run cover its games once each.
		for _, games := range []int{1, 64, 1000} {
			first, n := sp.slice(games)
			if first < 0 || n < 0 || first+n > games {
				t.Fatalf("%q of %d games: %d from %d", s, games, n, first)
			}
		}
	})
}

// FuzzSweepSet: --set never panics, and what it takes is a bounded list
// of values inside its range.
func FuzzSweepSet(f *testing.F) {
	for _, s := range []string{"race.7.spaces=10..20", "a=1..9:2", "a=-5..5", "a=5..1", "a=1..2:0", "a=0x1..2", "=1..2", "a=1..1000000000", "a=-2147483648..2147483647:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, err := parseSet(s)
		if err != nil {
			return
		}
		vs := set.values()
		if len(vs) < 1 || len(vs) > maxPoints || vs[0] != set.lo || vs[len(vs)-1] > set.hi || set.key == "" {
			t.Fatalf("%q: values %v", s, vs)
		}
	})
}

// FuzzMerge: merge reads any file without a panic, and refuses what is
// not one run's shards with a message naming the file.
func FuzzMerge(f *testing.F) {
	f.Add([]byte(`{"furlong": "shard", "version": "x", "command": "simulate", "args": ["--game=trot", "--"], "files": [], "shard": 1, "of": 1, "tables": []}`))
	f.Add([]byte(`{"furlong": "shard", "command": "sweep", "args": ["--set=lane.1.spaces=1..3", "--"], "shard": 1, "of": 1, "tables": [{"table": "x", "first": 0, "games": 5, "tally": {}}]}`))
	f.Add([]byte("game trot\n"))
	f.Add([]byte(`{"furlong": "shard", "command": "compare", "args": ["--game=trot", "--races=64", "--players=2", "--"], "files": [], "shard": 1, "of": 1, "tables": [{"table": "Trot, 2 players", "first": 0, "games": 64, "tally": {"N": 64, "SumA": [1], "SumB": [1], "SumD": [0], "SqD": [0], "SqA": [1], "SqB": [1]}}]}`))
	if b, err := os.ReadFile("testdata/shard.json"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		withStandins(t)
		code, out, errw := run(t, string(data), "merge", "-")
		if code == exitOK {
			return
		}
		if code == exitInternal || out != "" || !strings.HasPrefix(errw, "furlong: ") || strings.Count(errw, "\n") > 2 {
			t.Fatalf("merge of %q: exit %d, %q %q", data, code, out, errw)
		}
	})
}
