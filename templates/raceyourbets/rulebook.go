package raceyourbets

import (
	"fmt"
	"maps"
	"strings"

	content "furlong/content/raceyourbets"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/odds"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/templates"
)

// book is the rulebook: the chapters of content/raceyourbets with the
// engine's tables, the simulator's recorded figures and the figures drawn
// from the worked example.
var book = &templates.Book{
	Chapters: content.FS,
	Glob:     "rulebook/*.md",
	Tables: map[string]func() string{
		"tracks":   tracksTable,
		"shares":   sharesTable,
		"odds":     oddsTable,
		"length":   lengthTable,
		"medals":   medalsTable,
		"strength": strengthTable,
		// the review of an example game, for "Learning from a game"
		"reviewplayers":   rbReviewPlayers,
		"reviewcostliest": rbReviewCostliest,
	},
	Values: map[string]func() string{
		"minplayers": templates.Num(ryb.MinPlayers),
		"maxplayers": templates.Num(ryb.MaxPlayers),
		"counters":   templates.Num(ryb.Counters),
		"passpoints": templates.Num(ryb.PassPoints),
		"finish":     templates.Num(ryb.DefaultFinish),
		"minfinish":  templates.Num(ryb.MinFinish),
		"maxfinish":  templates.Num(ryb.MaxFinish),
		"coin":       func() string { return fmt.Sprintf("%.1f", CoinMM) },
		"games":      func() string { return thousands(expected.Games) },
		"gamecount":  func() string { return fmt.Sprint(expected.Games) },
		"seed":       func() string { return fmt.Sprint(expected.Seed) },
		"racerolls":  func() string { return fmt.Sprintf("%.1f", expected.RaceRolls) },
		// what a variant's rulebook says of its board: nothing here
		"trackfinish":   templates.Num(ryb.DefaultFinish),
		"variantboards": func() string { return "" },
		"variantodds":   func() string { return "" },
		"variantexpect": func() string { return "" },
		// the review of an example game
		"reviewturns":     rbReviewValue("turns"),
		"reviewdecisions": rbReviewValue("decisions"),
		"reviewdecided":   rbReviewValue("decided"),
		"reviewdecidedat": rbReviewValue("decidedat"),
		"reviewgame":      rbReviewValue("game"),
		"reviewwinner":    rbReviewValue("winner"),
		"reviewworst":     rbReviewValue("worst"),
	},
	Options: markdown.Options{
		Title:    "Race Your Bets",
		Subtitle: "Rules for two to five players: bet on the horses, cheer them home, race to the finish",
		Note:     "Print at 100 % (actual size). The board and the score track come with this book in the kit.",
		Contents: true,
		Figure:   figure,
	},
	Title:   "Race Your Bets rulebook",
	Subject: "The rules of Race Your Bets, a betting race on a printed board",
}

// Rulebook appends the rulebook to d.
func Rulebook(d *layout.Doc) (*markdown.Result, error) { return book.Render(d) }

// RulebookOn appends the rulebook of a designer's variant to d (nil: the
// rulebook of the standard boards): its tables of the tracks, the shared
// medals and the odds show the variant's numbers, and the score track its
// finish.
func RulebookOn(d *layout.Doc, v *ryb.Variant) (*markdown.Result, error) {
	b, err := bookOn(v)
	if err != nil {
		return nil, err
	}
	return b.Render(d)
}

// RulebookSource returns the rulebook as one Markdown text, every
// placeholder filled in.
func RulebookSource() ([]byte, error) { return book.Source() }

// bookOn is the rulebook of variant v: the standard one when v is nil or
// the standard board to the default finish.
func bookOn(v *ryb.Variant) (*templates.Book, error) {
	if v == nil || v.StandardTracks() && v.Finish == ryb.DefaultFinish {
		return book, nil
	}
	tab, err := v.Tables()
	if err != nil {
		return nil, fmt.Errorf("templates: the variant %s: %w", v.Name(), err)
	}
	b := *book
	b.Tables, b.Values = maps.Clone(book.Tables), maps.Clone(book.Values)
	b.Values["trackfinish"] = templates.Num(v.Finish)
	if v.StandardTracks() {
		return &b, nil
	}
	name := v.Name()
	b.Tables["tracks"] = func() string { return variantTracksTable(name, tab) }
	b.Tables["shares"] = func() string { return sharesFor(medalValues([]*ryb.Tables{tab})) }
	b.Tables["odds"] = func() string { return variantOddsTable(tab) }
	b.Values["variantboards"] = func() string {
		return fmt.Sprintf("\nThis book comes with a designer's variant, **%s**, which starts from the %s board and changes its "+
			"numbers: the board printed with it, and the table below, are the variant's.", name, v.Base())
	}
	b.Values["variantodds"] = func() string {
		return "\nThe chances above are the variant's, worked out exactly for its tracks; the design notes give none for it."
	}
	b.Values["variantexpect"] = func() string {
		return fmt.Sprintf(" They are the figures of the graded board: `furlong simulate --game raceyourbets --variant FILE` gives %s's.", name)
	}
	return &b, nil
}

// thousands writes n with a comma between thousands: 4,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func pct(v float64) string { return fmt.Sprintf("%.0f %%", 100*v) }

func tracksTable() string {
	var rows [][]string
	g, l := ryb.Graded.Tracks(), ryb.Level.Tracks()
	for h := range ryb.Horses {
		rows = append(rows, []string{fmt.Sprint(h + 1),
			fmt.Sprint(g[h].Spaces), fmt.Sprint(g[h].Moves()), fmt.Sprint(g[h].Gold), fmt.Sprint(g[h].Silver),
			fmt.Sprint(l[h].Spaces), fmt.Sprint(l[h].Gold), fmt.Sprint(l[h].Silver)})
	}
	return templates.GFM("crrrrrrr", []string{"Track", "Graded: spaces", "moves to cross", "gold", "silver", "Level: spaces", "gold", "silver"}, rows)
}

// sharesTable lists what each tied player scores from each medal value
// the boards use, for 1 to 5 players tied.
func sharesTable() string {
	var tabs []*ryb.Tables
	for _, b := range ryb.Boards {
		tabs = append(tabs, b.Tables())
	}
	return sharesFor(medalValues(tabs))
}

// medalValues are the points of every medal the tables pay, above 0, in
// order.
func medalValues(tabs []*ryb.Tables) []int {
	var values []int
	for _, tb := range tabs {
		for _, t := range tb.Tracks() {
			for _, v := range []int{int(t.Gold), int(t.Silver)} {
				if v > 0 && !contains(values, v) {
					values = append(values, v)
				}
			}
		}
	}
	sortInts(values)
	return values
}

// sharesFor lists what each tied player scores from each medal of values,
// for 1 to 5 players tied.
func sharesFor(values []int) string {
	head := []string{"Medal"}
	for k := 1; k <= ryb.MaxPlayers; k++ {
		if k == 1 {
			head = append(head, "alone")
		} else {
			head = append(head, fmt.Sprintf("%d tied", k))
		}
	}
	var rows [][]string
	for _, v := range values {
		row := []string{fmt.Sprint(v)}
		for k := 1; k <= ryb.MaxPlayers; k++ {
			row = append(row, fmt.Sprint(ryb.Share(v, k)))
		}
		rows = append(rows, row)
	}
	return templates.GFM("c"+strings.Repeat("r", ryb.MaxPlayers), head, rows)
}

func contains(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// oddsTable gives the graded board's exact chances from the start of a race
// by track length, the design notes' sampled ones beside them.
func oddsTable() string {
	var rows [][]string
	tracks := ryb.Graded.Tracks()
	for _, d := range ryb.DesignTrackOdds {
		for h, t := range tracks {
			if int(t.Spaces) != d.Spaces {
				continue
			}
			o := expected.Odds[h]
			worth := float64(t.Gold)*o[0] + float64(t.Silver)*o[1]
			rows = append(rows, []string{fmt.Sprintf("%d spaces (%d, %d)", d.Spaces, h+1, h+2),
				fmt.Sprintf("%.3f (%.3f)", o[0], d.P1), fmt.Sprintf("%.3f (%.3f)", o[1], d.P2), fmt.Sprintf("%.2f (%.2f)", worth, d.Worth)})
			break
		}
	}
	return templates.GFM("lrrr", []string{"Track (horses)", "Gold chance", "Silver chance", "Worth a race"}, rows)
}

// variantTracksTable gives a variant's tracks: spaces, moves and medals.
func variantTracksTable(name string, tab *ryb.Tables) string {
	var rows [][]string
	for h, t := range tab.Tracks() {
		rows = append(rows, []string{fmt.Sprint(h + 1), fmt.Sprint(t.Spaces), fmt.Sprint(t.Moves()), fmt.Sprint(t.Gold), fmt.Sprint(t.Silver)})
	}
	return templates.GFM("crrrr", []string{"Track", name + ": spaces", "moves to cross", "gold", "silver"}, rows)
}

// variantOddsTable gives a variant's exact chances from the start of a
// race, track by track, and what holding a track's majority for the
// whole race is worth.
func variantOddsTable(tab *ryb.Tables) string {
	gold, silver := odds.Start(tab)
	var rows [][]string
	for h, t := range tab.Tracks() {
		worth := float64(t.Gold)*gold[h] + float64(t.Silver)*silver[h]
		rows = append(rows, []string{fmt.Sprintf("%d (%d spaces)", h+1, t.Spaces), fmt.Sprintf("%.3f", gold[h]), fmt.Sprintf("%.3f", silver[h]), fmt.Sprintf("%.2f", worth)})
	}
	return templates.GFM("lrrr", []string{"Track", "Gold chance", "Silver chance", "Worth a race"}, rows)
}

// lengthTable is the game's length and shape by table size.
func lengthTable() string {
	var rows [][]string
	for _, t := range expected.Tables {
		d := designFor(t.Players)
		rows = append(rows, []string{fmt.Sprint(t.Players),
			fmt.Sprintf("%.0f (%d)", t.Rolls, d.Rolls),
			fmt.Sprintf("%.1f (%.1f)", t.Races, d.Races),
			fmt.Sprintf("%.0f (%d)", t.Rolls/float64(t.Players), d.TurnsPerPlayer),
			fmt.Sprintf("%s (%s)", pct(t.PassShare), pct(d.PassShare)),
			pct(t.SharedWins),
			pct(t.Seat1)})
	}
	return templates.GFM("crrrrrr", []string{"Players", "Rolls a game", "Races a game", "Turns each", "Points from passing", "Shared wins", "First seat wins"}, rows)
}

func designFor(n int) ryb.DesignGame {
	for _, d := range ryb.DesignGames {
		if d.Players == n {
			return d
		}
	}
	return ryb.DesignGame{Players: n}
}

func medalsTable() string {
	var rows [][]string
	tracks := ryb.Graded.Tracks()
	for h, m := range expected.Medals {
		rows = append(rows, []string{fmt.Sprint(h + 1), fmt.Sprint(tracks[h].Spaces), pct(m[0]), pct(m[1]), fmt.Sprintf("%.2f", m[2])})
	}
	return templates.GFM("crrrr", []string{"Track", "Spaces", "Takes gold", "Takes silver", "Points paid"}, rows)
}

func strengthTable() string {
	var rows [][]string
	for _, s := range expected.Strength {
		rows = append(rows, []string{fmt.Sprint(s.Players), thousands(s.Games * s.Players), pct(s.Expert), pct(s.Greedy), pct(1 / float64(s.Players))})
	}
	return templates.GFM("crrrr", []string{"Players", "Games", "Expert wins", "Greedy wins (a seat)", "A fair share"}, rows)
}
