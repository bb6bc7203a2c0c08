package play

import (
	"fmt"
	"slices"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
)

// Result is what score says of a log, or of a table so far: every
// player's chips and the races, as score prints them. It implements
// engine.Verdict.
type Result struct {
	Board horserace.Board
	// Variant is the board variant the log was played on; nil for a
	// standard board.
	Variant *horserace.Variant
	Rules   horserace.Rules
	Bank    int // 0 without a bank
	Players []Player
	Pot     int // left in the pot after the last race
	Races   []Race
	// Complete says the log ends after a finished race; Missing, when it
	// does not, says what it still owes.
	Complete bool
	Missing  string
}

// Standings are the players' net chips and places, the most chips first,
// ties sharing a place.
func (r *Result) Standings() []engine.Standing {
	st := make([]engine.Standing, len(r.Players))
	chips := make([]int, len(r.Players))
	for i, p := range r.Players {
		st[i] = engine.Standing{Name: p.Name, Result: p.Chips}
		chips[i] = p.Chips
	}
	if r.Complete {
		for i, pl := range engine.Places(chips) {
			st[i].Place = pl
		}
	}
	return st
}

// Player is one seat's result over the log.
type Player struct {
	Name  string
	Chips int // the result: net gain or loss
	Items horserace.Items
	Out   bool // out of the game (bank)
	Stack int  // chips held at the end, with a bank
}

// Race is one race of the log.
type Race struct {
	Race         int
	Dealer       string
	Seats        []int // the seats in the race, in seat order
	Decks        int
	Scratched    []int // the scratched horses in slot order
	ScratchRolls int
	Rolls        int
	Winner       int                         // 0 for a race the log stops in
	Live         [horserace.Highest + 1]bool // horses not scratched
	Positions    [horserace.Highest + 1]int  // spaces moved
	ToFinish     [horserace.Highest + 1]int  // the spaces each horse still has to go
	PotIn        int                         // the pot when the race began
	Pot          int                         // at the split (or now, when unfinished)
	Share, Paid  int                         // one share, and all shares paid
	Carry        int                         // what stayed in the pot
	WinningCards []int                       // by Seats
	Chips        []horserace.Items           // by Seats
}

// Finished reports whether the race reached its finish.
func (r *Race) Finished() bool { return r.Winner != 0 }

// title is the heading of a verdict: "Horse Race, board D, 3 players, 2
// races".
func (res *Result) title() string {
	board := "board " + res.Board.String()
	if res.Variant != nil {
		board = fmt.Sprintf("board %s (a variant of board %s)", res.Variant.Label, res.Board)
	}
	s := fmt.Sprintf("Horse Race, %s, %s, %s", board,
		engine.Count(len(res.Players), "player", "players"), engine.Count(len(res.Races), "race", "races"))
	if v := res.Rules.String(); v != "" {
		s += ", variant " + v
	}
	if res.Bank > 0 {
		s += fmt.Sprintf(", bank %d", res.Bank)
	}
	return s
}

// Summary says in a few words what was played, for check's "ok" line:
// who leads a log that stops early, but not who won a finished one, which
// the command line says alike for every game.
func (res *Result) Summary() string {
	s := res.title() + ", " + chipsWord(res.Pot) + " left in the pot"
	if res.Pot == 0 {
		s = res.title() + ", the pot empty"
	}
	if w := res.leaders(); w != "" && !res.Complete {
		s += ": " + w
	}
	if !res.Complete {
		s += "; unfinished: " + res.Missing
	}
	return s
}

// leaders names the winners and their chips, "Ben wins with +13 chips",
// or for a log that stops early who leads; "" before any race.
func (res *Result) leaders() string {
	if len(res.Races) == 0 {
		return ""
	}
	var names []string
	best := 0
	chips := make([]int, len(res.Players))
	for i, p := range res.Players {
		chips[i] = p.Chips
	}
	for i, pl := range engine.Places(chips) {
		if pl == 1 {
			names = append(names, res.Players[i].Name)
			best = chips[i]
		}
	}
	verb := "wins"
	switch {
	case !res.Complete && len(names) == 1:
		verb = "leads"
	case !res.Complete:
		verb = "lead"
	case len(names) > 1:
		verb = "win"
	}
	return fmt.Sprintf("%s %s with %s", notation.List(names), verb, signedChips(best))
}

func chipsWord(n int) string { return engine.Count(n, "chip", "chips") }

// Text is score's report: the races as a table, then every player's chips
// itemised.
func (res *Result) Text() string {
	var head strings.Builder
	head.WriteString(res.title())
	if !res.Complete {
		head.WriteString(" (unfinished, scored as it stands: " + res.Missing + ")")
	}
	if len(res.Races) > 0 {
		head.WriteString("\n\n")
		head.WriteString(strings.TrimRight(res.grid().Text(), "\n"))
	}
	if r := res.standing(); r != "" {
		head.WriteString("\n\n")
		head.WriteString(r)
	}
	sc := engine.Score{Heading: head.String()}
	for _, p := range res.Players {
		ps := engine.PlayerScore{Name: p.Name, Total: engine.Signed(p.Chips, "")}
		if p.Out {
			ps.Note = "(out)"
		}
		ps.Items = []engine.Item{
			{What: "scratches", Amount: engine.Signed(p.Items.Scratches, "")},
			{What: "rolls", Amount: engine.Signed(p.Items.Rolls, "")},
			{What: "end pay", Amount: engine.Signed(p.Items.EndPay, "")},
			{What: "shares", Amount: engine.Signed(p.Items.Shares, "")},
		}
		if res.Bank > 0 {
			ps.Items = append(ps.Items, engine.Item{What: "stack", Detail: fmt.Sprintf("bank %d", res.Bank), Amount: fmt.Sprint(p.Stack)})
		}
		sc.Players = append(sc.Players, ps)
	}
	switch {
	case !res.Complete && len(res.Races) > 0:
		sc.Notes = []string{fmt.Sprintf("pot: %s, with race %d unfinished", chipsWord(res.Pot), res.Races[len(res.Races)-1].Race)}
	case res.Pot == 0:
		sc.Notes = []string{"pot: empty"}
	case res.Pot == 1:
		sc.Notes = []string{"pot: 1 chip stays for the next race"}
	default:
		sc.Notes = []string{fmt.Sprintf("pot: %d chips stay for the next race", res.Pot)}
	}
	return sc.Text()
}

// standing shows the horses of a race the log stops in, once its
// scratches have begun: the spaces each live horse has moved and has
// still to go, and the horses scratched so far. It is "" for a finished
// log.
func (res *Result) standing() string {
	if res.Complete || len(res.Races) == 0 {
		return ""
	}
	r := &res.Races[len(res.Races)-1]
	if r.Finished() || r.ScratchRolls == 0 {
		return ""
	}
	g := &engine.Grid{Header: []string{"horse"}, Rows: [][]string{{"moved"}, {"to go"}}}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		if r.Live[h] {
			g.Header = append(g.Header, fmt.Sprint(h))
			g.Rows[0] = append(g.Rows[0], fmt.Sprint(r.Positions[h]))
			g.Rows[1] = append(g.Rows[1], fmt.Sprint(r.ToFinish[h]))
		}
	}
	var sc []string
	for _, h := range r.Scratched {
		sc = append(sc, fmt.Sprint(h))
	}
	head := fmt.Sprintf("race %d as it stands, after %s", r.Race, horserace.Counted(r.Rolls, "race roll", "race rolls"))
	if r.Rolls == 0 {
		head = fmt.Sprintf("race %d as it stands, before its race rolls", r.Race)
	}
	if len(sc) > 0 {
		head += ", scratched " + strings.Join(sc, " ")
	}
	return head + ":\n" + strings.TrimRight(g.Text(), "\n")
}

// grid lays the races out one a row: who dealt, what was scratched, how
// long it ran, the pot and its split, and each player's chips that race.
func (res *Result) grid() *engine.Grid {
	g := &engine.Grid{Header: []string{"race", "dealer", "scratched", "rolls", "winner", "pot", "share", "carry"}}
	for _, p := range res.Players {
		g.Header = append(g.Header, p.Name)
	}
	for i := range res.Races {
		r := &res.Races[i]
		var sc []string
		for _, h := range r.Scratched {
			sc = append(sc, fmt.Sprint(h))
		}
		row := []string{fmt.Sprint(r.Race), r.Dealer, strings.Join(sc, " "),
			fmt.Sprintf("%d+%d", r.ScratchRolls, r.Rolls)}
		if r.Finished() {
			row = append(row, fmt.Sprint(r.Winner), fmt.Sprint(r.Pot), fmt.Sprint(r.Share), fmt.Sprint(r.Carry))
		} else {
			row = append(row, "-", fmt.Sprint(r.Pot), "-", "-")
		}
		for p := range res.Players {
			cell := ""
			for j, s := range r.Seats {
				if s == p {
					cell = engine.Signed(r.Chips[j].Total(), "")
				}
			}
			row = append(row, cell)
		}
		g.Rows = append(g.Rows, row)
	}
	if len(res.Races) > 1 {
		row := []string{"total", "", "", "", "", "", "", ""}
		for _, p := range res.Players {
			row = append(row, engine.Signed(p.Chips, ""))
		}
		g.Rules = []int{len(g.Rows)}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// raceRecord is one race's figures as the state keeps them, without a
// slice, so that recording a race costs no allocation.
type raceRecord struct {
	race, dealer, decks         int
	scratchRolls, rolls, winner int
	potIn, pot, repeats         int
	split                       horserace.Split
	lot                         [horserace.Slots]int8
	pos                         [horserace.Highest + 1]int8
	in                          uint16
	winning                     [horserace.MaxPlayers]int8
	items                       [horserace.MaxPlayers]horserace.Items
}

// record takes the figures of the race under way, or just won, into r,
// which is empty.
func record(r *raceRecord, g *horserace.Game) {
	r.race, r.dealer, r.decks = g.Race(), g.Dealer(), g.Decks()
	r.scratchRolls, r.rolls, r.winner = g.ScratchRolls(), g.Rolls(), g.Winner()
	r.potIn, r.pot, r.split = g.PotIn(), g.Pot(), g.Split()
	for i, h := range g.Lot() {
		r.lot[i] = int8(h)
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		r.pos[h] = int8(g.Pos(h))
	}
	for p := range g.Options().Players {
		if g.In(p) {
			r.in |= 1 << p
			r.winning[p] = int8(g.WinningCards(p))
			r.items[p] = g.RaceItems(p)
		}
	}
}

// toRace turns a record into the Race a result shows.
func (r *raceRecord) toRace(names []string, g *horserace.Game) Race {
	x := Race{
		Race: r.race, Dealer: names[r.dealer], Decks: r.decks,
		ScratchRolls: r.scratchRolls, Rolls: r.rolls, Winner: r.winner,
		PotIn: r.potIn, Pot: r.pot, Carry: r.pot,
	}
	for _, h := range r.lot {
		if h != 0 {
			x.Scratched = append(x.Scratched, int(h))
		}
	}
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		x.Live[h] = !slices.Contains(r.lot[:], int8(h))
		x.Positions[h] = int(r.pos[h])
		x.ToFinish[h] = g.Lane(h) - int(r.pos[h])
	}
	if r.winner != 0 {
		x.Pot, x.Share, x.Paid, x.Carry = r.split.Pot, r.split.Share, r.split.Paid, r.split.Carry
	}
	for p := range names {
		if r.in&(1<<p) != 0 {
			x.Seats = append(x.Seats, p)
			x.WinningCards = append(x.WinningCards, int(r.winning[p]))
			x.Chips = append(x.Chips, r.items[p])
		}
	}
	return x
}

// Result is what score says of the log so far: the races finished, the
// race under way when there is one, and every player's chips as they
// stand. Complete is false until a race is over.
func (s *State) Result() (engine.Verdict, error) { return s.Score(), nil }

// Score is Result as a *Result.
func (s *State) Score() *Result {
	g := &s.g
	h := &s.header
	res := &Result{Board: h.Board, Rules: h.Rules, Bank: h.Bank}
	if h.Variant != "" {
		res.Variant = s.variant
	}
	for i := range s.races {
		res.Races = append(res.Races, s.races[i].toRace(h.Names, g))
	}
	res.Complete = g.Race() > 0 && g.Phase() == horserace.PhaseOver
	if !res.Complete {
		res.Missing = s.missing()
		if g.Race() > 0 && g.Phase() != horserace.PhaseNone {
			var r raceRecord
			record(&r, g)
			res.Races = append(res.Races, r.toRace(h.Names, g))
		}
	}
	res.Pot = g.Pot()
	res.Players = make([]Player, len(h.Names))
	for p, n := range h.Names {
		res.Players[p] = Player{Name: n, Chips: g.Net(p), Items: g.Items(p), Out: g.Out(p), Stack: g.Stack(p)}
	}
	return res
}

// missing says what an unfinished log still owes.
func (s *State) missing() string {
	g := &s.g
	names := s.header.Names
	if g.Race() == 0 || g.Phase() == horserace.PhaseNone {
		return "the log has no race: a race begins with a deal line for each player"
	}
	race := g.Race()
	switch g.Phase() {
	case horserace.PhaseDeal:
		if p := g.Missing(); p >= 0 {
			return fmt.Sprintf("race %d is not over: %s has no deal line yet", race, names[p])
		}
		return fmt.Sprintf("race %d is not over: no horse is scratched yet, and %s makes the first scratch roll", race, names[g.Turn()])
	case horserace.PhaseScratch:
		return fmt.Sprintf("race %d is not over: %s scratched, and %s rolls to fill slot %d", race,
			horserace.Counted(g.Filled(), "horse is", "horses are"), names[g.Turn()], g.Filled()+1)
	case horserace.PhaseRace:
		lead, best := 0, 1<<30
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			if g.Live(h) {
				if togo := g.Lane(h) - g.Pos(h); togo < best {
					lead, best = h, togo
				}
			}
		}
		return fmt.Sprintf("race %d is not over after %s: no horse has finished (horse %d is closest, %s to go), and %s rolls next",
			race, horserace.Counted(g.Rolls(), "race roll", "race rolls"), lead, horserace.Counted(best, "space", "spaces"), names[g.Turn()])
	}
	return "nothing"
}
