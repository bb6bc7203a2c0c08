package house

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"furlong/engine/house"
	"furlong/engine/house/sim"
	"furlong/templates"
)

// The chapter "What to expect" quotes furlong's own simulator: the
// figures of expectRuns, played once and kept in expect.json, which the
// rulebook's placeholders read (TestExpectFigures plays the runs again
// and wants the same figures; go test -update rewrites the file).

//go:embed expect.json
var expectJSON []byte

// expectSeed and expectRaces are the runs' seed and races a table.
const (
	expectSeed      = 1
	expectRaces     = 4000
	expectOtherRuns = 20000
)

// expectRuns are the runs the chapter quotes, by name: the expert in
// every seat at every table of the suite (furlong simulate --game all
// --races 4000 --bot expert --wagers), and for two comparisons a bot that
// writes whatever goes in a two-player Duel and the one-move-lookahead
// bot riding alone.
func expectRuns() map[string]struct {
	Tables []sim.Table
	Races  int
} {
	type run = struct {
		Tables []sim.Table
		Races  int
	}
	return map[string]run{
		"expert": {sim.Suite([]string{"expert"}, true), expectRaces},
		"eager":  {[]sim.Table{{Mode: house.Duel, Players: 2, Bots: []string{"eager"}, Wagers: true}}, expectOtherRuns},
		"greedy": {[]sim.Table{{Mode: house.Solo, Players: 1, Bots: []string{"greedy"}, Wagers: true}}, expectOtherRuns},
	}
}

// expectFigures plays the runs of expectRuns: their summaries by name.
func expectFigures() (map[string]*sim.Summary, error) {
	out := map[string]*sim.Summary{}
	for name, r := range expectRuns() {
		var reps []*sim.Report
		for _, t := range r.Tables {
			o := sim.Options{Table: t}
			o.Games, o.Seed = r.Races, expectSeed
			rep, err := sim.Run(o)
			if err != nil {
				return nil, err
			}
			reps = append(reps, rep)
		}
		out[name] = sim.Summarize(reps)
	}
	return out, nil
}

// expected reads expect.json once.
var expected = sync.OnceValues(func() (map[string]*sim.Summary, error) {
	var m map[string]*sim.Summary
	if err := json.Unmarshal(expectJSON, &m); err != nil {
		return nil, fmt.Errorf("templates: expect.json: %w", err)
	}
	return m, nil
})

// expectRun is the report of run name at the table of mode and players.
func expectRun(name string, mode house.Mode, players int, jockeys bool) (*sim.Report, error) {
	m, err := expected()
	if err != nil {
		return nil, err
	}
	s := m[name]
	if s == nil {
		return nil, fmt.Errorf("templates: expect.json has no run %s", name)
	}
	for _, r := range s.Runs {
		if r.Game == mode.String() && r.Players == players && (r.Jockeys != "none") == jockeys {
			return r, nil
		}
	}
	return nil, fmt.Errorf("templates: expect.json has no %s table of %d in run %s", mode, players, name)
}

// rbExpectTurns is the chapter's table of turns per race by table size:
// a row a game, a column a table.
func rbExpectTurns() string {
	head := []string{"Players"}
	duel, book := []string{"The Duel"}, []string{"The Book"}
	for n := 1; n <= house.MaxPlayers; n++ {
		head = append(head, fmt.Sprint(n))
		d, b := "", ""
		for _, m := range []house.Mode{house.Solo, house.Duel, house.Book} {
			if n < m.MinPlayers() || n > m.MaxPlayers() {
				continue
			}
			r, err := expectRun("expert", m, n, false)
			if err != nil {
				return "(" + err.Error() + ")"
			}
			if m == house.Book {
				b = fmt.Sprintf("%.1f", r.Turns.Mean)
			} else {
				d = fmt.Sprintf("%.1f", r.Turns.Mean)
			}
		}
		duel, book = append(duel, d), append(book, b)
	}
	head[1] = "1 (alone)"
	return templates.GFM("lrrrrrr", head, [][]string{duel, book})
}

// rbExpectValue is one figure of the runs, for {{value expectNAME}}.
func rbExpectValue(what string) func() string {
	return func() string {
		v, err := expectValue(what)
		if err != nil {
			return "(" + err.Error() + ")"
		}
		return v
	}
}

func expectValue(what string) (string, error) {
	duel := func(n int) (*sim.Report, error) { return expectRun("expert", house.Duel, n, false) }
	pct := func(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }
	switch what {
	case "pairs2", "pairs6", "dead2", "dead6", "deadeach2", "deadeach6", "seat6", "seatcalled6":
		n := int(what[len(what)-1] - '0')
		r, err := duel(n)
		if err != nil {
			return "", err
		}
		switch what[:len(what)-1] {
		case "pairs":
			return fmt.Sprintf("%.0f", r.PairsHeld), nil
		case "dead":
			return fmt.Sprintf("%.1f", r.DeadRace), nil
		case "deadeach":
			return fmt.Sprintf("%.1f", r.DeadPlayer), nil
		case "seat":
			return fmt.Sprintf("%+.1f %%", 100*r.SeatAdvantage), nil
		case "seatcalled":
			return fmt.Sprintf("%.0f %%", 100*r.SeatAdvantageCalled), nil
		}
	case "eagerdead":
		r, err := expectRun("eager", house.Duel, 2, false)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%.1f", r.DeadRace), nil
	case "solomedian", "solorecord":
		r, err := expectRun("expert", house.Solo, 1, false)
		if err != nil {
			return "", err
		}
		if what == "solorecord" {
			return fmt.Sprintf("%.1f %%", 100*r.Ladder.Clear["track record"]), nil
		}
		return fmt.Sprintf("$%d", r.Ladder.Quantiles["p50"]), nil
	case "greedysolo":
		r, err := expectRun("greedy", house.Solo, 1, false)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("$%d", r.Ladder.Quantiles["p50"]), nil
	case "jockeyspread", "jockeylow", "jockeyhigh", "fivealike":
		r, err := expectRun("expert", house.Duel, 2, true)
		if err != nil {
			return "", err
		}
		name := func(id string) string {
			j, _ := house.ParseJockey(id)
			return j.Name()
		}
		switch what {
		case "jockeyspread":
			return fmt.Sprintf("$%.0f", r.JockeySpread), nil
		case "jockeylow":
			lo, _ := r.JockeyRange()
			return name(lo.Jockey), nil
		case "jockeyhigh":
			_, hi := r.JockeyRange()
			return name(hi.Jockey), nil
		case "fivealike":
			for _, j := range r.JockeyFigures {
				if j.Jockey == house.FiveAlike.String() {
					return pct(j.FiveAlike), nil
				}
			}
		}
	}
	return "", fmt.Errorf("no figure %s of what to expect", what)
}

// expectValues are the names {{value expect-NAME}} may use.
var expectValues = []string{"pairs2", "pairs6", "dead2", "dead6", "deadeach2", "deadeach6", "seat6", "seatcalled6",
	"eagerdead", "solomedian", "solorecord", "greedysolo", "jockeyspread", "jockeylow", "jockeyhigh", "fivealike"}
