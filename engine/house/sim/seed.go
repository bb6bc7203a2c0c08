package sim

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// The simulated and measured figures of the game's original design notes, which the
// summary prints beside furlong's.
var (
	// SeedDuelTurns and SeedBookTurns are turns per race by table size.
	SeedDuelTurns = map[int]float64{2: 29, 3: 26, 4: 24, 5: 24, 6: 23}
	SeedBookTurns = map[int]float64{2: 21, 3: 22, 4: 22, 5: 22, 6: 22}
)

// The design notes' other figures.
const (
	SeedDeadPerDuel   = 3    // dead turns per Duel race, "measured over watched races"
	SeedMidRoundLead  = 0.20 // six players, stopping mid-round: first seat over last
	SeedFiveAlikeRate = 1.0 / 6
	SeedLadderWin     = 0.25 // a quarter of solo sheets clear the "win" rung
	SeedLadderRecord  = 0.10 // one in ten reaches the "track record" rung
)

// rung is the purse of the solo ladder's rung named name.
func rung(name string) int {
	for _, l := range house.SoloLadder {
		if l.Name == name {
			return l.Purse
		}
	}
	return 0
}

// ladderWords writes the solo ladder: "$125 place, $170 money, ...".
func ladderWords() string {
	ws := make([]string, len(house.SoloLadder))
	for i, l := range house.SoloLadder {
		ws[i] = fmt.Sprintf("$%d", l.Purse)
	}
	return strings.Join(ws, "/")
}

// Comparison is one row of the side-by-side table: a figure, the design
// notes' value and furlong's.
type Comparison struct {
	Table   string `json:"table"` // the table the figure was measured at
	Figure  string `json:"figure"`
	Seed    string `json:"seed"` // the design notes' figure
	Furlong string `json:"furlong"`
}

// Compare lists, for every report, the design notes' figures that apply to it
// beside furlong's.
func Compare(reps []*Report) []Comparison {
	var rows []Comparison
	var tag string
	add := func(fig, seed, ours string) { rows = append(rows, Comparison{tag, fig, seed, ours}) }
	for _, r := range reps {
		bots := strings.Join(r.Bots, ",")
		g, _ := house.ParseMode(r.Game)
		tag = fmt.Sprintf("%s, %s, %s", g.Title(), engine.Count(r.Players, "player", "players"), bots)
		if r.Jockeys != "none" && r.Jockeys != "" {
			tag += ", jockeys " + r.Jockeys
		}
		if r.Call != house.DefaultCall {
			tag += fmt.Sprintf(", call %d", r.Call)
		}
		if r.Variant != "" {
			tag += ", variant " + r.Variant
		}
		plain := r.Call == house.DefaultCall
		switch r.Game {
		case house.Duel.String():
			if v, ok := SeedDuelTurns[r.Players]; ok && plain {
				add("turns per race", fmt.Sprintf("~%.0f", v), fmt.Sprintf("%.1f (median %d, p10-p90 %d-%d)", r.Turns.Mean, r.Turns.Median, r.Turns.P10, r.Turns.P90))
				add("pairs each player held per race", fmt.Sprintf("~%.0f", v), fmt.Sprintf("%.1f", r.PairsHeld))
			}
			add("dead turns per race", fmt.Sprintf("~%d", SeedDeadPerDuel), fmt.Sprintf("%.2f (%.2f per player)", r.DeadRace, r.DeadPlayer))
			if r.Players == house.MaxPlayers && plain {
				add("first seat over last, stopping mid-round", fmt.Sprintf("~%+.0f%%", 100*SeedMidRoundLead), fmt.Sprintf("%+.1f%%", 100*r.SeatAdvantageCalled))
				add("first seat over last, finishing the round", "flat", fmt.Sprintf("%+.1f%%", 100*r.SeatAdvantage))
			}
		case house.Book.String():
			if v, ok := SeedBookTurns[r.Players]; ok && plain {
				add("turns per race", fmt.Sprintf("~%.0f", v), fmt.Sprintf("%.1f (median %d, p10-p90 %d-%d)", r.Turns.Mean, r.Turns.Median, r.Turns.P10, r.Turns.P90))
				add("pairs each player held per race", fmt.Sprintf("~%.0f", v), fmt.Sprintf("%.1f", r.PairsHeld))
			}
		case house.Solo.String():
			if l := r.Ladder; l != nil {
				add("solo purse p10/p25/median/p75/p90", ladderWords(),
					fmt.Sprintf("$%d/$%d/$%d/$%d/$%d", l.Quantiles["p10"], l.Quantiles["p25"], l.Quantiles["p50"], l.Quantiles["p75"], l.Quantiles["p90"]))
				add(fmt.Sprintf("solo sheets clearing $%d", rung("win")), fmt.Sprintf("%.0f%%", 100*SeedLadderWin), fmt.Sprintf("%.1f%%", 100*l.Clear["win"]))
				add(fmt.Sprintf("solo sheets reaching $%d", rung("track record")), fmt.Sprintf("%.0f%%", 100*SeedLadderRecord), fmt.Sprintf("%.1f%%", 100*l.Clear["track record"]))
				add(fmt.Sprintf("solo sheets past $%d", house.SoloRare), "rare", fmt.Sprintf("%.1f%%", 100*l.Clear["rare"]))
			}
		}
		for _, j := range r.JockeyFigures {
			if j.Jockey == house.FiveAlike.String() {
				add("five alike comes off", "1 in 6 (16.7%)", fmt.Sprintf("%.1f%% of %d rides", 100*j.FiveAlike, j.Rides))
			}
		}
		if len(r.JockeyFigures) > 1 {
			lo, hi := r.JockeyRange()
			add("jockeys' spread in mean purse", "close",
				fmt.Sprintf("$%.0f (%s $%.0f to %s $%.0f)", r.JockeySpread, lo.Jockey, lo.Purse, hi.Jockey, hi.Purse))
			add("jockeys' spread in win rate", "close", fmt.Sprintf("%.1f points", 100*r.JockeyWinSpread))
		}
	}
	return rows
}

// Suite is the set of tables whose figures the seed states, as `furlong
// simulate --game all` plays them with the given bots: The Duel and The
// Book at every table size, riding alone, and a Duel with every jockey.
func Suite(bots []string, wagers bool) []Table {
	var ts []Table
	for n := 2; n <= house.MaxPlayers; n++ {
		ts = append(ts, Table{Mode: house.Duel, Players: n, Bots: bots, Wagers: wagers})
	}
	for n := 2; n <= house.MaxPlayers; n++ {
		ts = append(ts, Table{Mode: house.Book, Players: n, Bots: bots})
	}
	ts = append(ts, Table{Mode: house.Solo, Players: 1, Bots: bots, Wagers: wagers})
	ts = append(ts, Table{Mode: house.Duel, Players: 2, Bots: bots, Wagers: wagers, Jockeys: JockeysRandom})
	return ts
}
