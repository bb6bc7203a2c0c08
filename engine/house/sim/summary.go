package sim

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"furlong/engine"
	"furlong/engine/house"
)

// Summary is the figures of one or more tables as `furlong simulate`
// prints them: every table's report, then the figures of the game's
// original design notes beside furlong's.
type Summary struct {
	Seed    uint64       `json:"seed"`
	Partial bool         `json:"partial,omitempty"` // the run was interrupted
	Runs    []*Report    `json:"runs"`
	Compare []Comparison `json:"compare"`
	// Elapsed is how long the races took, for the races-a-second figure.
	Elapsed time.Duration `json:"-"`
}

// Summarize gathers the reports of a run's tables, in the order played,
// into one summary with their comparison rows: the command line's summary
// of several tables (the house game's suite, --game house). The seed is
// the first report's, the time their sum, and the summary is partial when
// a report is.
func Summarize(reps []*Report) *Summary {
	s := &Summary{Runs: reps, Compare: Compare(reps)}
	for i, r := range reps {
		if i == 0 {
			s.Seed = r.Seed
		}
		s.Elapsed += r.Elapsed
		s.Partial = s.Partial || r.Partial
	}
	return s
}

// JSON is the object `furlong simulate --json` prints.
func (s *Summary) JSON() any { return s }

// Text lays the summary out for a terminal.
func (s *Summary) Text() string {
	var b strings.Builder
	races := int64(0)
	for _, r := range s.Runs {
		races += r.Races
	}
	secs := max(s.Elapsed.Seconds(), 1e-9)
	fmt.Fprintf(&b, "furlong simulate: %d races, seed %d, %.1fs (%.0f races/s)\n", races, s.Seed, s.Elapsed.Seconds(), float64(races)/secs)
	if s.Partial {
		b.WriteString("interrupted: these are the figures of the races finished so far\n")
	}
	for i := range s.Runs {
		b.WriteString("\n")
		s.Runs[i].write(&b)
	}
	b.WriteString("\nThe figures of the game's original design notes beside furlong's\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	table := ""
	for _, c := range s.Compare {
		if c.Table != table {
			table = c.Table
			fmt.Fprintf(tw, "\n%s\tdesign notes\tfurlong\n", table)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", c.Figure, c.Seed, c.Furlong)
	}
	tw.Flush()
	for _, r := range s.Runs {
		if r.Game == house.Book.String() && r.Call == house.DefaultCall {
			b.WriteString("\n" + BookTurnsNote)
			break
		}
	}
	return b.String()
}

// BookTurnsNote says why The Book's turns per race part from the design
// notes': what summaries of Book tables print after the comparison.
const BookTurnsNote = `Why The Book's races are shorter than the design notes' ~22 turns:
- furlong counts a turn as one roll. Only the roller and the chooser move
  the field card, three moves a roll, and at that pace the horses that
  call the race are home in 13 to 18 rolls at every table size and for
  every bot: steady across tables, as the notes say, but shorter.
- At two players the notes' ~21 is the pairs each bettor holds in a race,
  not the rolls; from three players on neither count reaches 22.
- The notes' own arithmetic says that with every player moving the field
  a six-player race would end in under five turns, about 35 moves: at the
  three moves a turn The Book allows, that is about twelve turns, where
  furlong's figures are. Their simulation most likely moved the field
  more slowly than the rules do; no rule was bent to match it.
`

// write lays one table's report out.
func (r *Report) write(w *strings.Builder) {
	g, _ := house.ParseMode(r.Game)
	fmt.Fprintf(w, "%s, %s, bots %s, jockeys %s, call %d, wagers %v: %s\n", g.Title(), engine.Count(r.Players, "player", "players"),
		strings.Join(r.Bots, ","), r.Jockeys, r.Call, onOff(r.Wagers), engine.Count(int(r.Races), "race", "races"))
	fmt.Fprintf(w, "  turns per race      mean %.1f, median %d, sd %.1f, p10-p90 %d-%d (called on turn %.1f)\n", r.Turns.Mean, r.Turns.Median, r.Turns.Std, r.Turns.P10, r.Turns.P90, r.CalledTurn)
	fmt.Fprintf(w, "  horses home         %.2f\n", r.Horses)
	fmt.Fprintf(w, "  dead turns          %.2f per race, %.2f per player\n", r.DeadRace, r.DeadPlayer)
	fmt.Fprintf(w, "  false starts        %.2f per player, scratch rate %.2f%%\n", r.FalseStarts, 100*r.ScratchRate)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  seat\tmean\tmedian\tsd\twins\t\twhen called: mean\twins\t")
	for _, st := range r.Seats {
		fmt.Fprintf(tw, "  %d\t$%.1f\t$%d\t%.1f\t%.1f%%\t\t$%.1f\t%.1f%%\t\n", st.Seat, st.Purse.Mean, st.Purse.Median, st.Purse.Std, 100*st.WinRate, st.CalledPurse, 100*st.CalledWin)
	}
	tw.Flush()
	if r.Players > 1 {
		fmt.Fprintf(w, "  seat advantage      %+.1f%% finishing the round, %+.1f%% stopping mid-round\n", 100*r.SeatAdvantage, 100*r.SeatAdvantageCalled)
	}
	if len(r.BotWins) > 1 {
		for _, b := range r.BotWins {
			fmt.Fprintf(w, "  bot %-8s        %s, wins %.1f%%, mean purse $%.1f\n", b.Bot, engine.Count(b.Seats, "seat", "seats"), 100*b.WinRate, b.Purse)
		}
	}
	for _, j := range r.JockeyFigures {
		extra := ""
		if j.Jockey == house.FiveAlike.String() {
			extra = fmt.Sprintf(", comes off %.1f%%", 100*j.FiveAlike)
		}
		fmt.Fprintf(w, "  jockey %-10s   %s, wins %.1f%%, mean purse $%.1f%s\n", j.Jockey, engine.Count(int(j.Rides), "ride", "rides"), 100*j.WinRate, j.Purse, extra)
	}
	if len(r.JockeyFigures) > 1 {
		fmt.Fprintf(w, "  jockeys' spread     $%.1f in mean purse, %.1f points in win rate\n", r.JockeySpread, 100*r.JockeyWinSpread)
	}
	if l := r.Ladder; l != nil {
		fmt.Fprintf(w, "  solo purse          p10 $%d, p25 $%d, median $%d, p75 $%d, p90 $%d\n", l.Quantiles["p10"], l.Quantiles["p25"], l.Quantiles["p50"], l.Quantiles["p75"], l.Quantiles["p90"])
		w.WriteString("  solo ladder         sheets reaching")
		for i, rung := range house.SoloLadder {
			if i == 2 {
				w.WriteString("\n                     ")
			}
			fmt.Fprintf(w, " %s $%d: %.1f%%,", rung.Name, rung.Purse, 100*l.Clear[rung.Name])
		}
		fmt.Fprintf(w, " past $%d: %.1f%%\n", house.SoloRare, 100*l.Clear["rare"])
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
