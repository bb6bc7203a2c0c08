package review

import (
	"bytes"
	"os"
	"testing"

	"furlong/engine/house"
	"furlong/engine/house/sim"
)

// TestMeasurePrecision measures, at length, how far the table values can
// be trusted: the figures the rulebook's chapter "Learning from a race"
// quotes. It takes a minute or two and runs only when MEASURE is set:
//
//	MEASURE=1 go test ./engine/house/review -run MeasurePrecision -v
func TestMeasurePrecision(t *testing.T) {
	if os.Getenv("MEASURE") == "" {
		t.Skip("set MEASURE=1 to measure the precision of the table values")
	}
	for _, bn := range []string{"random", "greedy"} {
		tb := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{bn}, Wagers: true}
		var table, played, se []float64
		var big, bigOK, small, smallOK int
		for i := range 8 {
			text, _ := sim.PlayOne(tb, 77, i)
			rep, err := Review(bytes.NewReader(text), Options{Rollouts: 200, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range rep.Decisions {
				if d.Rollout == nil {
					continue
				}
				table = append(table, d.Loss)
				played = append(played, d.Rollout.Loss)
				se = append(se, d.Rollout.SE)
				if d.Loss >= 10 {
					big++
					if d.Rollout.Loss > 0 {
						bigOK++
					}
				} else if d.Loss < 2 {
					small++
					if d.Rollout.Loss > 0 {
						smallOK++
					}
				}
			}
		}
		conf := 0
		for _, v := range played {
			if v > 0 {
				conf++
			}
		}
		t.Logf("%s: %d decisions; table mean %.1f, rollout mean %.1f, mean se %.1f, confirmed %.0f%%, corr %.2f; loss>=10: %d, confirmed %d; loss<2: %d, confirmed %d",
			bn, len(table), mean(table), mean(played), mean(se), 100*float64(conf)/float64(len(played)), correlation(table, played), big, bigOK, small, smallOK)
	}
}
