package sim

import (
	"fmt"
	"math"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
)

// Report is a run's figures, with the exact ones beside them where the
// engine can work them out: what simulate prints and --json writes.
type Report struct {
	Game  string `json:"game"`  // "horserace"
	Board string `json:"board"` // the board, by its letter
	// Variant names the board variant played, only for one.
	Variant  *engine.VariantID `json:"variant,omitempty"`
	Players  int               `json:"players"`           // the table's size
	Variants []string          `json:"variants"`          // the optional rules played, by keyword
	Bank     *int              `json:"bank"`              // each player's bank, when the table plays with one
	Rounds   int               `json:"races_per_game"`    // the races a game is set to
	Seed     uint64            `json:"seed"`              // the run's seed
	Games    int64             `json:"games"`             // the games played
	Races    int64             `json:"races"`             // the races played
	Partial  bool              `json:"partial,omitempty"` // the run stopped before its last game

	ScratchRolls Spread `json:"scratch_rolls"` // the scratch rolls a race took
	RaceRolls    Spread `json:"race_rolls"`    // the race rolls a race took

	Pot       Pot           `json:"pot"`                  // the pot's figures a race
	Horses    []HorseFigure `json:"horses"`               // each horse's wins, with the exact rate beside
	Places    []PlaceFigure `json:"places"`               // each place at the deal: its hand and its chips
	Edge      Edge          `json:"dealer_edge"`          // the dealer's chips beside the others'
	Seats     []SeatFigure  `json:"seats"`                // each seat's chips
	Out       float64       `json:"players_out_per_game"` // the players a game put out (with a bank)
	Cards     []CardFigure  `json:"cards"`                // each card's figures, by rank
	Design    []Comparison  `json:"design"`               // the figures the design states, beside furlong's
	MaxZ      float64       `json:"horses_max_abs_z"`     // the horses' largest distance from their exact rate, in standard errors
	RaceGames float64       `json:"races_per_game_mean"`  // the races a game lasted
}

// Spread is a distribution in a few numbers, with the exact mean when
// there is one.
type Spread struct {
	engine.Spread
	Exact float64 `json:"exact"`
}

// Pot is the pot's mean figures a race.
type Pot struct {
	In        float64 `json:"carried_in"`
	Scratches float64 `json:"scratches"`
	Repeats   float64 `json:"repeat_scratch_rolls"`
	Rolls     float64 `json:"race_rolls"`
	EndPay    float64 `json:"end_pay"`
	Split     float64 `json:"at_split"`
	Paid      float64 `json:"paid"`
	Carry     float64 `json:"carried_on"`
	// ExactRepeats and ExactRolls are the exact expected chips from
	// repeat scratch rolls and race rolls on scratched horses.
	ExactRepeats float64 `json:"exact_repeat_scratch_rolls"`
	ExactRolls   float64 `json:"exact_race_rolls"`
	// Unclaimed is the share of races in which a winning card was in no
	// hand (evendeal), so a share stayed in the pot.
	Unclaimed float64 `json:"unclaimed_rate"`
}

// HorseFigure is one horse's wins against its exact chance.
type HorseFigure struct {
	Horse int     `json:"horse"`
	Wins  int64   `json:"wins"`
	Rate  float64 `json:"rate"`
	Exact float64 `json:"exact"`
	Z     float64 `json:"z"` // (rate - exact) in standard errors
}

// PlaceFigure is one place from the dealer's left: its hand and its net
// chips a race.
type PlaceFigure struct {
	Place  int     `json:"place"` // 1 is dealt first; the last is the dealer
	Cards  int     `json:"cards"` // hand size at the full table
	Mean   float64 `json:"mean"`
	Std    float64 `json:"std"`
	Dealer bool    `json:"dealer"`
}

// Edge is the dealer's mean net chips a race against the others'.
type Edge struct {
	Dealer float64 `json:"dealer"`
	Others float64 `json:"others"`
	Edge   float64 `json:"edge"`
	Err    float64 `json:"standard_error"`
}

// SeatFigure is one seat's net chips over a game.
type SeatFigure struct {
	Seat int     `json:"seat"`
	Name string  `json:"name"`
	Mean float64 `json:"mean"`
	Std  float64 `json:"std"`
}

// CardFigure is what one card of a rank brings its holder on average.
type CardFigure struct {
	Rank      string  `json:"rank"`
	Horse     int     `json:"horse"`
	Scratches float64 `json:"scratches"`
	EndPay    float64 `json:"end_pay"`
	Shares    float64 `json:"shares"`
	Worth     float64 `json:"worth"`
}

// Comparison is one figure of the spec's design notes beside furlong's.
type Comparison struct {
	Figure  string `json:"figure"`
	Spec    string `json:"spec"`
	Furlong string `json:"furlong"`
	Exact   string `json:"exact"`
}

// NewReport turns a run's statistics into figures.
func NewReport(t Table, seed uint64, st *Stats, partial bool) *Report {
	avg := t.Numbers().Averaged()
	r := &Report{
		Game: "horserace", Board: t.board().String(), Players: t.Players,
		Variants: t.Rules.Words(), Rounds: t.rounds(), Seed: seed,
		Games: st.Games, Races: st.Races, Partial: partial,
		ScratchRolls: spreadOf(&st.ScratchRolls, avg.ScratchRolls),
		RaceRolls:    spreadOf(&st.RaceRolls, avg.RaceRolls),
		Out:          st.Out.Mean(),
		RaceGames:    st.RacesPerGame.Mean(),
	}
	if t.Bank > 0 {
		b := t.Bank
		r.Bank = &b
	}
	if !t.standard() {
		r.Variant = &engine.VariantID{Name: t.Variant.Label, Digest: engine.Digest(t.Variant)}
	}
	r.Pot = Pot{
		In: st.PotIn.Mean(), Scratches: st.PotScratch.Mean(), Repeats: st.PotRepeat.Mean(),
		Rolls: st.PotRolls.Mean(), EndPay: st.PotEndPay.Mean(), Split: st.PotSplit.Mean(),
		Paid: st.Paid.Mean(), Carry: st.Carry.Mean(),
		ExactRepeats: avg.RepeatChips, ExactRolls: avg.RollChips,
	}
	if t.Rules.Has(horserace.Reroll) {
		r.Pot.ExactRepeats = 0
	}
	if st.Races > 0 {
		r.Pot.Unclaimed = float64(st.Unclaimed) / float64(st.Races)
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		f := HorseFigure{Horse: h, Wins: st.Wins[h], Exact: avg.Win[h]}
		if st.Races > 0 {
			n := float64(st.Races)
			f.Rate = float64(st.Wins[h]) / n
			if se := math.Sqrt(f.Exact * (1 - f.Exact) / n); se > 0 {
				f.Z = (f.Rate - f.Exact) / se
			}
		}
		r.MaxZ = max(r.MaxZ, math.Abs(f.Z))
		r.Horses = append(r.Horses, f)
	}
	for i := range t.Players {
		if st.Place[i].N == 0 {
			continue
		}
		r.Places = append(r.Places, PlaceFigure{
			Place: i + 1, Cards: horserace.HandSize(t.Players, i, t.Rules.Has(horserace.EvenDeal)),
			Mean: st.Place[i].Mean(), Std: st.Place[i].Std(), Dealer: i == t.Players-1,
		})
	}
	r.Edge = Edge{Dealer: st.Dealer.Mean(), Others: st.Others.Mean()}
	r.Edge.Edge = r.Edge.Dealer - r.Edge.Others
	if st.Dealer.N > 1 && st.Others.N > 1 {
		r.Edge.Err = math.Sqrt(sq(st.Dealer.Std())/float64(st.Dealer.N) + sq(st.Others.Std())/float64(st.Others.N))
	}
	for p, name := range t.names() {
		r.Seats = append(r.Seats, SeatFigure{Seat: p + 1, Name: name, Mean: st.Seat[p].Mean(), Std: st.Seat[p].Std()})
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		c := st.Card[h]
		f := CardFigure{Rank: horserace.Rank(h), Horse: h}
		if c.Cards > 0 {
			n := float64(c.Cards)
			f.Scratches, f.EndPay, f.Shares, f.Worth = float64(c.Scratches)/n, c.EndPayChips()/n, float64(c.Shares)/n, c.Worth()
		}
		r.Cards = append(r.Cards, f)
	}
	r.Design = design(t, r, &avg)
	return r
}

func sq(x float64) float64 { return x * x }

func spreadOf(h *Hist, exact float64) Spread { return Spread{Spread: h.Spread(), Exact: exact} }

// The figures of the spec's design notes (spec §1): mean race rolls by
// board, the chances averaged over the scratches, and the pot from rolls
// on scratched horses, simulated there over 20,000 races a board.
var (
	designRaceRolls = map[horserace.Board]string{horserace.BoardA: "53.8", horserace.BoardB: "53.7", horserace.BoardC: "30.3", horserace.BoardD: "21.1"}
	designRollChips = map[horserace.Board]string{horserace.BoardA: "about 60", horserace.BoardC: "35", horserace.BoardD: "24"}
	designWins      = map[horserace.Board][6]string{
		horserace.BoardA: {"20.25%", "9.55%", "9.60%", "5.69%", "3.66%", "2.49%"},
		horserace.BoardB: {"20.12%", "9.44%", "9.48%", "5.60%", "3.59%", "3.55%"},
		horserace.BoardC: {"5.72%", "9.09%", "10.32%", "10.40%", "9.90%", "9.13%"},
		horserace.BoardD: {"11.88%", "11.13%", "9.52%", "7.99%", "6.68%", "5.60%"},
	}
)

// design lists the spec's figures that apply to the run beside furlong's;
// on a variant of other numbers, the design notes' column is empty.
func design(t Table, r *Report, avg *horserace.Average) []Comparison {
	b := t.board()
	var rows []Comparison
	add := func(fig, spec, ours, exact string) {
		if !t.standard() {
			spec = ""
		}
		rows = append(rows, Comparison{fig, spec, ours, exact})
	}
	add("race rolls a race", designRaceRolls[b], f2(r.RaceRolls.Mean), f2(avg.RaceRolls))
	add("scratch rolls a race", "about 4.9", f2(r.ScratchRolls.Mean), f2(avg.ScratchRolls))
	if b == horserace.BoardA {
		add("all rolls a race", "about 59", f2(r.RaceRolls.Mean+r.ScratchRolls.Mean), f2(avg.RaceRolls+avg.ScratchRolls))
	}
	if s, ok := designRollChips[b]; ok {
		add("chips from rolls on scratched horses", s, f2(r.Pot.Repeats+r.Pot.Rolls), f2(r.Pot.ExactRepeats+r.Pot.ExactRolls))
	}
	decks := 1
	if t.Players > horserace.OneDeckPlayers {
		decks = 2
	}
	if !t.Rules.Has(horserace.EvenDeal) {
		per := t.Numbers().ScratchChips()
		add("chips from scratched cards", fmt.Sprintf("%d (40 a deck)", 40*decks), f2(r.Pot.Scratches), fmt.Sprint(per*decks))
	}
	for i, h := range []int{2, 3, 4, 5, 6, 7} {
		rate := r.Horses[h-2].Rate
		if h != 7 {
			rate = (rate + r.Horses[12-h].Rate) / 2
		}
		name := fmt.Sprintf("horse %d wins", h)
		if h != 7 {
			name = fmt.Sprintf("horses %d and %d win, each", h, 14-h)
		}
		add(name, designWins[b][i], pc(rate), pc(avg.Win[h]))
	}
	return rows
}

func f2(x float64) string { return fmt.Sprintf("%.2f", x) }
func pc(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// Text is the report as simulate prints it, under 100 columns.
func (r *Report) Text() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	table := fmt.Sprintf("%d players", r.Players)
	if len(r.Variants) > 0 {
		table += ", variant " + strings.Join(r.Variants, " ")
	}
	if r.Bank != nil {
		table += fmt.Sprintf(", bank %d", *r.Bank)
	}
	board := "board " + r.Board
	if r.Variant != nil {
		board = fmt.Sprintf("board %s (a variant of board %s)", r.Variant.Name, r.Board)
	}
	p("Horse Race, %s, %s: %s", board, table, count(r.Races, "race", "races"))
	if r.Rounds > 1 {
		p(" in %s of up to %d (%.2f on average)", count(r.Games, "game", "games"), r.Rounds, r.RaceGames)
	}
	p(", seed %d\n", r.Seed)
	if r.Partial {
		p("(interrupted: the figures of the games finished)\n")
	}
	p("\nRace length            mean      sd   p10  median   p90    exact\n")
	for _, s := range []struct {
		name string
		s    Spread
	}{{"scratch rolls", r.ScratchRolls}, {"race rolls", r.RaceRolls}} {
		p("  %-18s %7.2f %7.2f %5d %7d %5d %8.2f\n", s.name, s.s.Mean, s.s.Std, s.s.P10, s.s.Median, s.s.P90, s.s.Exact)
	}
	p("\nThe pot, chips a race   mean    exact\n")
	pot := []struct {
		name  string
		v     float64
		exact string
	}{
		{"carried in", r.Pot.In, ""},
		{"scratched cards", r.Pot.Scratches, ""},
		{"repeat scratch rolls", r.Pot.Repeats, f2(r.Pot.ExactRepeats)},
		{"race rolls", r.Pot.Rolls, f2(r.Pot.ExactRolls)},
		{"end pay", r.Pot.EndPay, ""},
		{"at the split", r.Pot.Split, ""},
		{"paid in shares", r.Pot.Paid, ""},
		{"carried on", r.Pot.Carry, ""},
	}
	for _, x := range pot {
		b.WriteString(strings.TrimRight(fmt.Sprintf("  %-20s %7.2f %8s", x.name, x.v, x.exact), " ") + "\n")
	}
	if r.Pot.Unclaimed > 0 {
		p("  a winning card set aside, its share unpaid, in %.1f%% of races\n", 100*r.Pot.Unclaimed)
	}
	p("\nHorses: wins against the exact odds, averaged over the scratches\n")
	p("  horse     wins     rate    exact      z\n")
	for _, h := range r.Horses {
		p("  %5d %8d %7.2f%% %7.2f%% %+6.2f\n", h.Horse, h.Wins, 100*h.Rate, 100*h.Exact, h.Z)
	}
	p("  (z: the difference in standard errors; the largest is %.2f)\n", r.MaxZ)
	p("\nPlaces from the dealer's left: net chips a race\n")
	p("  place  cards     mean       sd\n")
	for _, pl := range r.Places {
		note := ""
		if pl.Dealer {
			note = "  the dealer"
		}
		p("  %5d  %5d %8.2f %8.2f%s\n", pl.Place, pl.Cards, pl.Mean, pl.Std, note)
	}
	p("  the dealer's edge: %+.2f chips a race against the others' mean (standard error %.2f)\n", r.Edge.Edge, r.Edge.Err)
	if r.Rounds > 1 || r.Bank != nil {
		p("\nSeats over a game: net chips\n")
		for _, s := range r.Seats {
			p("  %-12s %8.2f  (sd %.2f)\n", s.Name, s.Mean, s.Std)
		}
		if r.Bank != nil {
			p("  players out a game: %.2f\n", r.Out)
		}
	}
	p("\nCards: what one card of each rank brings its holder, chips a race\n")
	p("  rank  scratched  end pay   shares    worth\n")
	for _, c := range r.Cards {
		p("  %4s %10.2f %8.2f %8.2f %+8.2f\n", c.Rank, c.Scratches, c.EndPay, c.Shares, c.Worth)
	}
	p("  A hand is worth the sum of its cards, less the rolls its holder pays on scratched horses.\n")
	p("\nBeside the figures of the game's original design notes\n")
	p("  %-38s %14s %10s %10s\n", "figure", "design notes", "furlong", "exact")
	for _, c := range r.Design {
		spec := c.Spec
		if spec == "" {
			spec = "-"
		}
		p("  %-38s %14s %10s %10s\n", c.Figure, spec, c.Furlong, c.Exact)
	}
	p("  The design notes give exact averages over the scratches (race rolls, the chances) and\n")
	p("  rounded simulations (rolls, chips); furlong's exact figures agree with them to the digits\n")
	p("  they print, and its simulated figures differ from the exact ones by sampling error only.\n")
	return b.String()
}

// JSON is the object simulate --json prints.
func (r *Report) JSON() any { return r }

func count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
