package sim

import (
	"fmt"
	"math"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
)

// Report is a simulation's figures at one table size, as Run gives them,
// or at several, as Summarize gathers them, with the design notes'
// figures beside them (spec §9).
type Report struct {
	Games   int    // games asked for at each table
	Seed    uint64 // the run's seed
	Partial bool   // the run was interrupted: fewer games were played
	Tables  []*Stats
}

// Summarize gathers the reports of runs at several tables, in the order
// given, into one: a summary table by table size, then each table's
// details. The runs share their number of games and their seed (the
// first report's); the summary is partial when any run was.
func Summarize(reports []*Report) *Report {
	sum := &Report{}
	for i, r := range reports {
		if i == 0 {
			sum.Games, sum.Seed = r.Games, r.Seed
		}
		sum.Partial = sum.Partial || r.Partial
		sum.Tables = append(sum.Tables, r.Tables...)
	}
	return sum
}

// design returns the design notes' games at n players, if any.
func design(n int) (ryb.DesignGame, bool) {
	for _, d := range ryb.DesignGames {
		if d.Players == n {
			return d, true
		}
	}
	return ryb.DesignGame{}, false
}

// comparable reports whether the design notes' table figures apply: they
// were measured with greedy bots on the graded board to finish 20.
func (st *Stats) comparable() bool {
	t := &st.Table
	if t.Variant != nil || t.Board != ryb.Graded || t.Finish != ryb.DefaultFinish {
		return false
	}
	for _, b := range t.Bots {
		if b != "greedy" {
			return false
		}
	}
	return true
}

func pct(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

// botsText describes the seats: "greedy" or "expert, greedy, greedy".
func botsText(t *Table) string {
	if len(t.Bots) == 1 {
		return t.Bots[0] + " bots"
	}
	return "bots by seat " + strings.Join(t.Bots, ", ")
}

// Text is the report: a summary table by table size with the design notes'
// figures in brackets, then each table's details and what the differences
// mean.
func (r *Report) Text() string {
	var b strings.Builder
	if len(r.Tables) == 0 {
		if r.Partial {
			return "PARTIAL: the run was interrupted before a game was finished\n"
		}
		return "no games played\n"
	}
	t0 := &r.Tables[0].Table
	fmt.Fprintf(&b, "Race Your Bets: %s at each table, %s, %s, finish %d, seed %d\n",
		engine.Count(r.Games, "game", "games"), botsText(t0), t0.BoardName(), t0.Finish, r.Seed)
	if r.Partial {
		b.WriteString("PARTIAL: the run was interrupted; these are the games finished\n")
	}
	b.WriteString("\n")
	g := engine.Grid{Header: []string{"players", "games", "rolls a game", "races a game", "turns each", "from passing", "shared wins", "seat 1 wins"}}
	anyDesign := false
	for _, st := range r.Tables {
		n := st.Table.Players
		d, ok := design(n)
		ok = ok && st.comparable()
		note := func(s, ds string) string {
			if !ok {
				return s
			}
			anyDesign = true
			return s + " (" + ds + ")"
		}
		row := []string{
			fmt.Sprint(n),
			fmt.Sprint(st.Games),
			note(fmt.Sprintf("%.1f", st.Rolls.Mean()), fmt.Sprint(d.Rolls)),
			note(fmt.Sprintf("%.2f", st.Races.Mean()), fmt.Sprintf("%.1f", d.Races)),
			note(fmt.Sprintf("%.1f", st.Rolls.Mean()/float64(n)), fmt.Sprint(d.TurnsPerPlayer)),
			note(pct(st.PassShare()), pct(d.PassShare)),
			note(pct(st.SharedWinShare()), "~10%"),
			pct(st.WinShare(0)),
		}
		if n == 2 && ok {
			row[7] += " (53-54%)"
		}
		g.Rows = append(g.Rows, row)
	}
	b.WriteString(g.Text())
	if anyDesign {
		b.WriteString("In brackets: the figures of the game's original design notes, greedy bots on the graded\nboard to finish 20, 600-1,200 games a table (the rulebook's \"What to expect\" quotes them).\n")
	}
	for _, st := range r.Tables {
		b.WriteString("\n")
		st.details(&b)
	}
	if anyDesign {
		b.WriteString("\n")
		b.WriteString(r.explain())
	}
	return b.String()
}

// details writes one table's figures.
func (st *Stats) details(b *strings.Builder) {
	n := st.Table.Players
	fmt.Fprintf(b, "%d players (%s):\n", n, botsText(&st.Table))
	fmt.Fprintf(b, "  rolls a game: mean %.1f, sd %.1f, median %d, 90%% within %d, longest %d\n",
		st.Rolls.Mean(), st.Rolls.Std(), st.Rolls.Quantile(0.5), st.Rolls.Quantile(0.9), st.Rolls.Max)
	fmt.Fprintf(b, "  races a game: mean %.2f (counting the last, cut short by the end); rolls a finished race: %.1f\n",
		st.Races.Mean(), st.RaceRolls.Mean())
	var seats []string
	for s := range n {
		seats = append(seats, fmt.Sprintf("%d: %s", s+1, pct(st.WinShare(s))))
	}
	fmt.Fprintf(b, "  wins by seat (a shared win split): %s\n", strings.Join(seats, ", "))
	if len(st.Table.Bots) > 1 {
		var bs []string
		for _, name := range bot.Names {
			if v := st.BotWinShare(name); v >= 0 {
				bs = append(bs, fmt.Sprintf("%s %s a seat", name, pct(v)))
			}
		}
		fmt.Fprintf(b, "  wins by bot: %s (a fair share is %s)\n", strings.Join(bs, ", "), pct(1/float64(n)))
	}
	total := st.Passes + st.Gold + st.Silver
	fmt.Fprintf(b, "  points: %s from passing, %s from gold, %s from silver; the winner scores %.1f on average\n",
		pct(frac(st.Passes, total)), pct(frac(st.Gold, total)), pct(frac(st.Silver, total)), st.WinnerPoints.Mean())
	acts := st.Acts[ryb.Bet] + st.Acts[ryb.Pass] + st.Acts[ryb.Cheer] + st.Acts[ryb.Early]
	fmt.Fprintf(b, "  turns: %s bets, %s passes, %s cheers, %s early rolls\n  someone put all 9 counters down in %s of games\n",
		pct(frac(st.Acts[ryb.Bet], acts)), pct(frac(st.Acts[ryb.Pass], acts)), pct(frac(st.Acts[ryb.Cheer], acts)),
		pct(frac(st.Acts[ryb.Early], acts)), pct(frac(st.EmptyHand, st.Games)))
	medals := engine.Grid{Header: []string{"  track", "spaces", "gold", "silver", "points paid"}}
	var all int64
	for h := range st.Medals {
		all += st.Medals[h][0] + st.Medals[h][1]
	}
	tracks := st.Table.Tables()
	for h := range st.Medals {
		tr := tracks.Track(h + 1)
		medals.Rows = append(medals.Rows, []string{
			fmt.Sprintf("  %d", h+1), fmt.Sprint(tr.Spaces),
			pct(frac(st.Medals[h][0], st.Races.Sum)), pct(frac(st.Medals[h][1], st.Races.Sum)),
			fmt.Sprintf("%.2f a race", float64(st.Paid[h])/float64(max(st.Races.Sum, 1)))})
	}
	fmt.Fprintf(b, "  medals by track, per race begun (%s went to nobody, %s were shared):\n",
		pct(frac(st.Nobody, all)), pct(frac(st.SharedMedals, all)))
	b.WriteString(medals.Text())
}

func frac(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// explain says where furlong's figures and the design notes' differ, and
// why, from the figures themselves.
func (r *Report) explain() string {
	var rolls, races, raceRolls float64
	var k int
	loShared, hiShared := 1.0, 0.0
	seat1, seat1N := -1.0, int64(0)
	for _, st := range r.Tables {
		d, ok := design(st.Table.Players)
		if !ok || !st.comparable() {
			continue
		}
		rolls += st.Rolls.Mean() / float64(d.Rolls)
		races += st.Races.Mean() / d.Races
		raceRolls += st.RaceRolls.Mean()
		loShared, hiShared = min(loShared, st.SharedWinShare()), max(hiShared, st.SharedWinShare())
		if st.Table.Players == 2 {
			seat1, seat1N = st.WinShare(0), st.Games
		}
		k++
	}
	if k == 0 {
		return ""
	}
	rolls, races, raceRolls = rolls/float64(k), races/float64(k), raceRolls/float64(k)
	var b strings.Builder
	b.WriteString("Beside the design notes:\n")
	fmt.Fprintf(&b, "- Game length in rolls is %s of the notes' on average, and the share of points from\n"+
		"  passing is as close: furlong's greedy bots value actions as the notes' bots did, with\n"+
		"  exact race odds where the notes sampled them.\n", pct(rolls))
	fmt.Fprintf(&b, "- Races a game come to %s of the notes'. furlong counts every race begun, the last one\n"+
		"  cut short by the end, and its finished races take %.1f rolls. The notes' 3.3 races in 49\n"+
		"  rolls would be races of 14.8 rolls, shorter than the 16.8-18.3 the notes themselves give.\n", pct(races), raceRolls)
	fmt.Fprintf(&b, "- Shared wins: %s to %s of games by table size, against about 10%% in the notes.\n", pct(loShared), pct(hiShared))
	if seat1 >= 0 {
		se := math.Sqrt(seat1 * (1 - seat1) / float64(max(seat1N, 1)))
		fmt.Fprintf(&b, "- The first seat at 2 players wins %s (standard error %.1f points) against the notes'\n"+
			"  53-54%%, which come from 600-1,200 games (a standard error near 1.7 points).\n", pct(seat1), 100*se)
	}
	return b.String()
}

// JSON is the object simulate --json prints.
func (r *Report) JSON() any {
	type medal struct {
		Track  int     `json:"track"`
		Spaces int     `json:"spaces"`
		Gold   float64 `json:"gold_per_race"`
		Silver float64 `json:"silver_per_race"`
		Paid   float64 `json:"points_per_race"`
	}
	type designFig struct {
		Rolls          int     `json:"rolls_per_game"`
		Races          float64 `json:"races_per_game"`
		TurnsPerPlayer int     `json:"turns_per_player"`
		PassShare      float64 `json:"pass_share"`
	}
	type table struct {
		Players        int                `json:"players"`
		Bots           []string           `json:"bots"`
		Games          int64              `json:"games"`
		Rolls          float64            `json:"rolls_per_game"`
		RollsSD        float64            `json:"rolls_per_game_sd"`
		Races          float64            `json:"races_per_game"`
		RaceRolls      float64            `json:"rolls_per_finished_race"`
		TurnsPerPlayer float64            `json:"turns_per_player"`
		WinBySeat      []float64          `json:"win_share_by_seat"`
		WinByBot       map[string]float64 `json:"win_share_by_bot,omitempty"`
		PassShare      float64            `json:"pass_share"`
		SharedWins     float64            `json:"shared_win_share"`
		Medals         []medal            `json:"medals_by_track"`
		Design         *designFig         `json:"design_notes,omitempty"`
	}
	out := struct {
		Game    string  `json:"game"`
		Board   string  `json:"board"`
		Variant string  `json:"variant,omitempty"`
		Finish  int     `json:"finish"`
		Games   int     `json:"games_per_table"`
		Seed    uint64  `json:"seed"`
		Partial bool    `json:"partial"`
		Tables  []table `json:"tables"`
	}{Game: "raceyourbets", Games: r.Games, Seed: r.Seed, Partial: r.Partial, Tables: []table{}}
	for i, st := range r.Tables {
		if i == 0 {
			out.Board, out.Finish = st.Table.Board.String(), st.Table.Finish
			if v := st.Table.Variant; v != nil {
				out.Variant = v.Name()
			}
		}
		n := st.Table.Players
		tb := table{Players: n, Bots: st.Table.Bots, Games: st.Games, Rolls: st.Rolls.Mean(), RollsSD: st.Rolls.Std(),
			Races: st.Races.Mean(), RaceRolls: st.RaceRolls.Mean(), TurnsPerPlayer: st.Rolls.Mean() / float64(n),
			PassShare: st.PassShare(), SharedWins: st.SharedWinShare()}
		for s := range n {
			tb.WinBySeat = append(tb.WinBySeat, st.WinShare(s))
		}
		if len(st.Table.Bots) > 1 {
			tb.WinByBot = map[string]float64{}
			for _, name := range bot.Names {
				if v := st.BotWinShare(name); v >= 0 {
					tb.WinByBot[name] = v
				}
			}
		}
		tracks := st.Table.Tables()
		for h := range st.Medals {
			races := float64(max(st.Races.Sum, 1))
			tb.Medals = append(tb.Medals, medal{Track: h + 1, Spaces: int(tracks.Track(h + 1).Spaces),
				Gold: float64(st.Medals[h][0]) / races, Silver: float64(st.Medals[h][1]) / races, Paid: float64(st.Paid[h]) / races})
		}
		if d, ok := design(n); ok && st.comparable() {
			tb.Design = &designFig{d.Rolls, d.Races, d.TurnsPerPlayer, d.PassShare}
		}
		out.Tables = append(out.Tables, tb)
	}
	return out
}
