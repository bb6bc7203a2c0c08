package raceyourbets

import (
	"fmt"
	"strings"

	content "furlong/content/raceyourbets"
	ryb "furlong/engine/raceyourbets"
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
	},
	Options: markdown.Options{
		Title:    "Race Your Bets",
		Subtitle: "Rules for two to five players: bet on the horses, cheer them home, race to the finish",
		Note:     "Print at 100 % (actual size). The board and the score track come with this book in the kit.",
		Contents: true,
		Footer:   "Race Your Bets · rulebook",
		Figure:   figure,
	},
	Title:   "Race Your Bets rulebook",
	Subject: "The rules of Race Your Bets, a betting race on a printed board",
}

// Rulebook appends the rulebook to d.
func Rulebook(d *layout.Doc) (*markdown.Result, error) { return book.Render(d) }

// RulebookSource returns the rulebook as one Markdown text, every
// placeholder filled in.
func RulebookSource() ([]byte, error) { return book.Source() }

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
	var values []int
	for _, b := range ryb.Boards {
		for _, t := range b.Tracks() {
			for _, v := range []int{int(t.Gold), int(t.Silver)} {
				if !contains(values, v) {
					values = append(values, v)
				}
			}
		}
	}
	sortInts(values)
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
