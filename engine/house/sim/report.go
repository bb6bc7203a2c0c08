package sim

import (
	"fmt"
	"strings"
	"time"

	"furlong/engine"
	"furlong/engine/house"
)

// Report is one table's run as figures: what simulate prints of it (Text,
// JSON), and one of the runs of a Summary.
type Report struct {
	TableName
	// Variant names the board's variant; "" for the standard board.
	Variant    string  `json:"variant,omitempty"`
	Races      int64   `json:"races"`
	Turns      Spread  `json:"turns"`
	CalledTurn float64 `json:"called_turn"`
	// PairsHeld is the pairs a player held in a race (kept, chosen,
	// leftover, drafted), on average: turns counted per player rather
	// than per roll.
	PairsHeld   float64 `json:"pairs_held_per_player"`
	Horses      float64 `json:"horses_home"`
	DeadRace    float64 `json:"dead_turns_per_race"`
	DeadPlayer  float64 `json:"dead_turns_per_player"`
	FalseStarts float64 `json:"false_starts_per_player"`
	ScratchRate float64 `json:"scratch_rate"`
	Seats       []Seat  `json:"seats"`
	// SeatAdvantage is the first seat's mean purse over the last seat's,
	// minus 1, with the round finished; SeatAdvantageCalled as the purses
	// stood when the race was called (the "stop mid-round" variant).
	SeatAdvantage       float64        `json:"seat_advantage"`
	SeatAdvantageCalled float64        `json:"seat_advantage_called"`
	BotWins             []BotFigure    `json:"bot_wins,omitempty"`
	JockeyFigures       []JockeyFigure `json:"jockey_figures,omitempty"`
	JockeySpread        float64        `json:"jockey_spread,omitempty"`     // best mean purse less worst
	JockeyWinSpread     float64        `json:"jockey_win_spread,omitempty"` // best win rate less worst
	Ladder              *Ladder        `json:"solo_ladder,omitempty"`

	// Seed is the run's seed, Elapsed how long its races took, and
	// Partial says it was stopped before its last race: what a summary
	// says of its runs.
	Seed    uint64        `json:"-"`
	Elapsed time.Duration `json:"-"`
	Partial bool          `json:"-"`

	table Table
	stats *Stats
}

// TableName is a table as its figures name it: what a Report's JSON and a
// Tally's table say of it first.
type TableName struct {
	Game    string   `json:"game"`
	Players int      `json:"players"`
	Call    int      `json:"call"` // the table's, or house.DefaultCall
	Bots    []string `json:"bots"`
	// Jockeys is the table's JockeyMode, or its riders' names joined by
	// commas when they are fixed.
	Jockeys string `json:"jockeys"`
	Wagers  bool   `json:"wagers"`
}

// nameOf is t's TableName.
func nameOf(t Table) TableName {
	call := t.Call
	if call == 0 {
		call = house.DefaultCall
	}
	jockeys := t.Jockeys.String()
	if t.Jockeys == JockeysFixed {
		jockeys = strings.Join(engine.Strings(t.Riders), ",")
	}
	return TableName{Game: t.Mode.String(), Players: t.Players, Call: call, Bots: t.Bots, Jockeys: jockeys, Wagers: t.Wagers}
}

// Table is the table the report's races were played at.
func (r *Report) Table() Table { return r.table }

// Stats are the running statistics the report's figures come from: its
// histograms, for a chart.
func (r *Report) Stats() *Stats { return r.stats }

// Text is the run's figures as simulate prints them: the summary of this
// one table (Summarize).
func (r *Report) Text() string { return Summarize([]*Report{r}).Text() }

// JSON is the object simulate --json prints: the summary of this one
// table.
func (r *Report) JSON() any { return Summarize([]*Report{r}).JSON() }

// Spread is a distribution in a few numbers (the engine's).
type Spread = engine.Spread

// Seat is one seat's figures, counted from the first roller.
type Seat struct {
	Seat        int     `json:"seat"` // 1 rolled first
	Purse       Spread  `json:"purse"`
	WinRate     float64 `json:"win_rate"`
	CalledPurse float64 `json:"called_purse_mean"`
	CalledWin   float64 `json:"called_win_rate"`
}

// BotFigure is how one bot fared over the seats it held.
type BotFigure struct {
	Bot     string  `json:"bot"`
	Seats   int     `json:"seats"`
	WinRate float64 `json:"win_rate"` // per seat-race
	Purse   float64 `json:"purse_mean"`
}

// JockeyFigure is how one jockey fared.
type JockeyFigure struct {
	Jockey    string  `json:"jockey"`
	Rides     int64   `json:"rides"`
	Purse     float64 `json:"purse_mean"`
	WinRate   float64 `json:"win_rate"`
	FiveAlike float64 `json:"five_alike_rate,omitempty"` // Five alike: rides in which a lane paid double
}

// Ladder is the solo purse distribution against the rulebook's ladder.
type Ladder struct {
	Quantiles map[string]int     `json:"quantiles"` // "p10" ... "p90"
	Clear     map[string]float64 `json:"clear"`     // share of sheets at or above each rung, and past SoloRare
}

// String returns the mode's word on the command line.
func (m JockeyMode) String() string {
	switch m {
	case JockeysRandom:
		return "random"
	case JockeysChoose:
		return "choose"
	case JockeysFixed:
		return "fixed"
	}
	return "none"
}

// report turns statistics of a run at table t into figures.
func (s *Stats) report(t Table) *Report {
	n := t.Players
	rep := &Report{table: t, stats: s,
		TableName:   nameOf(t),
		Variant:     t.variantName(),
		Races:       s.Races,
		Turns:       s.Turns.Spread(),
		CalledTurn:  s.CalledTurn.Mean(),
		Horses:      s.Horses.Mean(),
		DeadRace:    s.Dead.Mean(),
		FalseStarts: s.FalseStarts.Mean(),
	}
	if s.Races > 0 {
		rep.DeadPlayer = rep.DeadRace / float64(n)
		rep.PairsHeld = float64(s.Held) / float64(s.Races*int64(n))
		rep.ScratchRate = float64(s.Scratched) / float64(s.Races*int64(n))
	}
	for p := range n {
		st := Seat{Seat: p + 1, Purse: s.Purse[p].Spread(), CalledPurse: s.CalledPurse[p].Mean()}
		if s.Races > 0 {
			st.WinRate = float64(s.Wins[p]) / shareUnit / float64(s.Races)
			st.CalledWin = float64(s.CalledWins[p]) / shareUnit / float64(s.Races)
		}
		rep.Seats = append(rep.Seats, st)
	}
	if n > 1 {
		rep.SeatAdvantage = advantage(s.Purse[0].Mean(), s.Purse[n-1].Mean())
		rep.SeatAdvantageCalled = advantage(s.CalledPurse[0].Mean(), s.CalledPurse[n-1].Mean())
	}
	if n > 1 && s.Races > 0 {
		bots, seats := engine.SeatGroups(n, t.botName)
		for k, name := range bots {
			b := BotFigure{Bot: name, Seats: len(seats[k])}
			for _, p := range seats[k] {
				b.WinRate += float64(s.BotWins[p]) / shareUnit
				b.Purse += float64(s.BotPurse[p])
			}
			races := float64(s.Races) * float64(b.Seats)
			b.WinRate /= races
			b.Purse /= races
			rep.BotWins = append(rep.BotWins, b)
		}
	}
	wlo, whi := 0.0, 0.0
	for _, j := range house.Jockeys {
		js := &s.Jockey[j]
		if js.Rides == 0 {
			continue
		}
		f := JockeyFigure{Jockey: j.String(), Rides: js.Rides,
			Purse: float64(js.Purse) / float64(js.Rides), WinRate: float64(js.Wins) / shareUnit / float64(js.Rides)}
		if j == house.FiveAlike {
			f.FiveAlike = float64(js.FiveAlike) / float64(js.Rides)
		}
		if len(rep.JockeyFigures) == 0 || f.WinRate < wlo {
			wlo = f.WinRate
		}
		if len(rep.JockeyFigures) == 0 || f.WinRate > whi {
			whi = f.WinRate
		}
		rep.JockeyFigures = append(rep.JockeyFigures, f)
	}
	if len(rep.JockeyFigures) > 1 {
		lo, hi := rep.JockeyRange()
		rep.JockeySpread, rep.JockeyWinSpread = hi.Purse-lo.Purse, whi-wlo
	}
	if t.Mode == house.Solo {
		h := &s.Purse[0]
		l := &Ladder{Quantiles: map[string]int{}, Clear: map[string]float64{}}
		for _, q := range []int{10, 25, 50, 75, 90} {
			l.Quantiles[fmt.Sprintf("p%d", q)] = h.Quantile(float64(q) / 100)
		}
		for _, r := range house.SoloLadder {
			l.Clear[r.Name] = h.AtLeast(r.Purse)
		}
		l.Clear["rare"] = h.AtLeast(house.SoloRare + 1)
		rep.Ladder = l
	}
	return rep
}

// JockeyRange is the jockeys' figures of lowest and highest mean purse
// (the first of equals): the two ends of JockeySpread. Both are zero in a
// report without jockey figures.
func (r *Report) JockeyRange() (lo, hi JockeyFigure) {
	if len(r.JockeyFigures) == 0 {
		return lo, hi
	}
	lo, hi = r.JockeyFigures[0], r.JockeyFigures[0]
	for _, j := range r.JockeyFigures {
		if j.Purse < lo.Purse {
			lo = j
		}
		if j.Purse > hi.Purse {
			hi = j
		}
	}
	return lo, hi
}

func advantage(first, last float64) float64 {
	if last == 0 {
		return 0
	}
	return first/last - 1
}
