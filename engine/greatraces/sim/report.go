package sim

import (
	"fmt"
	"strings"

	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// Report is one table's statistics as figures: what the summary prints and
// --json writes.
type Report struct {
	Players int    `json:"players"` // the table's size
	Board   string `json:"board"`   // the board, or the variant's base
	// Variant names the variant played, when its numbers are not a
	// standard board's.
	Variant *engine.VariantID `json:"variant,omitempty"`
	Bots    []string          `json:"bots"`            // the bots as the table names them: one, or one a seat
	Games   int64             `json:"games"`           // the games played
	Rolls   Spread            `json:"rolls_per_game"`  // the rolls a game took
	Rounds  float64           `json:"rounds_per_game"` // the mean rolls a game, a seat
	// SeatWins is each seat's share of the games it won.
	SeatWins []float64 `json:"seat_win_rates"`
	// SeatPoints is each seat's mean score.
	SeatPoints []float64 `json:"seat_points"`
	Tied       float64   `json:"tied_games"` // the share of games tied on points before the tie rule
	// DeadAfterNinth is the rolls per game, after the ninth race closed,
	// that marked nothing.
	DeadAfterNinth float64 `json:"dead_rolls_after_ninth"`
	// ShortLast is the share of games whose last open race was 2, 3, 11
	// or 12.
	ShortLast float64      `json:"short_race_last_open"`
	Races     []RaceFigure `json:"races"`                   // each race's figures, race 2 first
	BotWins   []BotFigure  `json:"bot_win_rates,omitempty"` // each bot's, when the seats have different bots
	// Design is the design notes' figures for the table, when they have
	// some (a standard board).
	Design *Design `json:"design_notes,omitempty"`
}

// Spread is a distribution in a few numbers (the engine's).
type Spread = engine.Spread

// RaceFigure is one race's figures.
type RaceFigure struct {
	Race       int     `json:"race"`
	SecondPaid float64 `json:"second_paid"` // share of games
	Points     float64 `json:"points"`      // points paid per game, 1st and 2nd
	Decided    float64 `json:"decided"`     // share of games whose winner went ahead for good when it closed
	LastOpen   float64 `json:"last_open"`   // share of games in which it closed last
	Taken      float64 `json:"taken"`       // share of the rolls offering a mark in it whose split took it
}

// BotFigure is how one bot fared over the seats it held.
type BotFigure struct {
	Bot     string  `json:"bot"`
	Seats   int     `json:"seats"`
	WinRate float64 `json:"win_rate"` // per seat and game
	Points  float64 `json:"points"`   // mean score
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// report turns the statistics of table t into figures.
func (s *stats) report(t Table) *Report {
	n := t.Players
	v := t.board()
	rep := &Report{
		Players: n, Board: v.Base(), Bots: t.Bots, Games: s.Games,
		Rolls:          s.Turns.Spread(),
		Rounds:         s.Turns.Mean() / float64(n),
		Tied:           ratio(s.Tied, s.Games),
		DeadAfterNinth: ratio(s.DeadAfter, s.Games),
	}
	for p := range n {
		rep.SeatWins = append(rep.SeatWins, ratio(s.Wins[p], s.Games))
		rep.SeatPoints = append(rep.SeatPoints, ratio(s.Points[p], s.Games))
	}
	for _, r := range []int{2, 3, 11, 12} {
		rep.ShortLast += ratio(s.LastOpen[r-gr.FirstRace], s.Games)
	}
	for r := range gr.Races {
		rep.Races = append(rep.Races, RaceFigure{
			Race:       r + gr.FirstRace,
			SecondPaid: ratio(s.SecondPaid[r], s.Games),
			Points:     ratio(s.RacePoints[r], s.Games),
			Decided:    ratio(s.Decided[r], s.Games),
			LastOpen:   ratio(s.LastOpen[r], s.Games),
			Taken:      ratio(s.Taken[r], s.Offered[r]),
		})
	}
	if len(t.Bots) > 1 {
		bots, seats := engine.SeatGroups(n, t.BotFor)
		for k, name := range bots {
			f := BotFigure{Bot: name, Seats: len(seats[k])}
			for _, p := range seats[k] {
				f.WinRate += ratio(s.Wins[p], s.Games)
				f.Points += ratio(s.Points[p], s.Games)
			}
			f.WinRate /= float64(f.Seats)
			f.Points /= float64(f.Seats)
			rep.BotWins = append(rep.BotWins, f)
		}
	}
	if !t.plain() {
		rep.Variant = &engine.VariantID{Name: v.Name(), Digest: v.Digest()}
	} else if d, ok := DesignFor(v.Board(), n); ok {
		rep.Design = &d
	}
	return rep
}

// JSON is the object simulate --json prints of the table: the report.
func (r *Report) JSON() any { return r }

// Text writes the report as a table, furlong's figures beside the design
// notes' where they have one, in under 100 columns.
func (r *Report) Text() string {
	var b strings.Builder
	board := "board " + r.Board
	if r.Variant != nil {
		board = fmt.Sprintf("variant %s (from board %s)", r.Variant.Name, r.Board)
	}
	fmt.Fprintf(&b, "%s, %s, bots %s: %s\n\n", engine.Count(r.Players, "player", "players"), board,
		strings.Join(r.Bots, ","), engine.Count(int(r.Games), "game", "games"))
	d := r.Design
	if d == nil {
		d = &Design{}
	}
	row := func(what, ours string, notes float64, format string) {
		if notes == 0 {
			fmt.Fprintf(&b, "  %-34s %s\n", what, ours)
			return
		}
		fmt.Fprintf(&b, "  %-34s %-36s "+format+"\n", what, ours, notes)
	}
	if r.Design != nil {
		fmt.Fprintf(&b, "  %-34s %-36s %s\n", "", "furlong", "design notes")
	}
	row("rolls per game", fmt.Sprintf("%.1f (p10 %d, median %d, p90 %d)", r.Rolls.Mean, r.Rolls.P10, r.Rolls.Median, r.Rolls.P90), d.Rolls, "%.0f")
	row("rounds per game", fmt.Sprintf("%.1f", r.Rounds), d.Rounds, "%.0f")
	if d.Seats != nil {
		fmt.Fprintf(&b, "  %-34s %-36s %s\n", "win rate by seat", rates(r.SeatWins), rates(d.Seats))
	} else {
		row("win rate by seat", rates(r.SeatWins), 0, "")
	}
	row("points by seat", points(r.SeatPoints), 0, "")
	row("tied games (before the tie rule)", pct(r.Tied), 100*d.Tied, "%.0f%%")
	row("dead rolls after the ninth race", fmt.Sprintf("%.1f a game", r.DeadAfterNinth), d.Dead, "%.1f")
	row("race 2, 3, 11 or 12 closes last", pct(r.ShortLast), 100*d.ShortLast, "%.0f%%")
	for _, f := range r.BotWins {
		row("bot "+f.Bot, fmt.Sprintf("wins %s of its games, %.1f points (%s)", pct(f.WinRate), f.Points, engine.Count(f.Seats, "seat", "seats")), 0, "")
	}
	b.WriteString("\n  race                ")
	for _, f := range r.Races {
		fmt.Fprintf(&b, "%5d", f.Race)
	}
	b.WriteByte('\n')
	line := func(what string, get func(RaceFigure) float64, format string) {
		fmt.Fprintf(&b, "  %-20s", what)
		for _, f := range r.Races {
			fmt.Fprintf(&b, format, get(f))
		}
		b.WriteByte('\n')
	}
	design := func(get func(i int) string) {
		fmt.Fprintf(&b, "  %-20s", "  design notes")
		for i := range gr.Races {
			fmt.Fprintf(&b, "%5s", get(min(i, gr.Races-1-i)))
		}
		b.WriteString("\n")
	}
	line("2nd place paid", func(f RaceFigure) float64 { return f.SecondPaid }, "%5.2f")
	if d.Second != [6]float64{} {
		design(func(i int) string { return fmt.Sprintf("%.2f", d.Second[i]) })
	}
	line("points paid a game", func(f RaceFigure) float64 { return f.Points }, "%5.1f")
	line("decided the game", func(f RaceFigure) float64 { return f.Decided }, "%5.2f")
	line("closed last", func(f RaceFigure) float64 { return f.LastOpen }, "%5.2f")
	line("offered mark taken", func(f RaceFigure) float64 { return f.Taken }, "%5.2f")
	if r.Design != nil && r.Board == gr.Standard.String() {
		design(func(i int) string {
			switch i {
			case 0:
				return fmt.Sprintf("%.2f", DesignTakenShort)
			case 5:
				return fmt.Sprintf("%.2f", DesignTakenSeven)
			}
			return ""
		})
	}
	return b.String()
}

func rates(rs []float64) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, strings.TrimPrefix(fmt.Sprintf("%.2f", r), "0"))
	}
	return strings.Join(parts, " ")
}

func points(ps []float64) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("%.1f", p))
	}
	return strings.Join(parts, " ")
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
