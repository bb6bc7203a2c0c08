package greatraces

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// NewSheet starts a game to be read from a finished sheet (a transcript):
// every race open and blank until SetRace fills it in. Such a game has no
// turns and no closing order.
func NewSheet(b Board, players int) (Game, error) {
	g, err := New(b, players)
	g.sheet = true
	return g, err
}

// SetRace fills in race as it stands on a sheet: counts holds the marks of
// each player's track, column by column. A finished race has exactly one
// full track, its winner's; its 2nd place follows from the others.
// With open set, a race with no full track is accepted as still open (a
// sheet of an unfinished game). SetRace on a race already filled in, or on
// a game that is not from a sheet, is an error.
func (g *Game) SetRace(race int, counts []int, open bool) error {
	if !g.sheet {
		return engine.Violate(RuleNotation, "race lines belong in a sheet transcript, not a log")
	}
	if race < FirstRace || race > LastRace {
		return engine.About(RuleSheet, PartRace, -1, "there is no race %d: the races are %d to %d", race, FirstRace, LastRace)
	}
	r := race - FirstRace
	t := g.Track(race)
	if len(counts) != int(g.players) {
		return g.aboutRace(race, -1, "race %d gives %s for %s: one per column", race,
			Count(len(counts), "count", "counts"), Count(int(g.players), "player", "players"))
	}
	full := -1
	for s, c := range counts {
		if c < 0 || c > t.Spaces {
			return g.aboutRace(race, s, "race %d: %s has %d marks, but the track has %d spaces", race, engine.SeatName(s), c, t.Spaces)
		}
		if c == t.Spaces {
			if full >= 0 {
				return g.aboutRace(race, s, "race %d: the tracks of %s and %s are both full, but the race closes as the first one fills",
					race, engine.SeatName(full), engine.SeatName(s))
			}
			full = s
		}
	}
	if full < 0 && !open {
		return g.aboutRace(race, -1, "race %d has no full track (%d spaces): a finished race has exactly one, its winner's", race, t.Spaces)
	}
	if g.marksSet(r) {
		return g.aboutRace(race, -1, "race %d is given twice", race)
	}
	for s, c := range counts {
		g.marks[r][s] = int8(c)
	}
	g.filled |= 1 << r
	if full >= 0 {
		g.close(r, int8(full))
		g.closedAt[r] = 0
	}
	return nil
}

// aboutRace is a violation of the sheet in race, concerning seat (-1 for
// none).
func (g *Game) aboutRace(race, seat int, format string, args ...any) *engine.Violation {
	v := engine.About(RuleSheet, PartRace, seat, format, args...)
	v.Lane = race
	return v
}

func (g *Game) marksSet(r int) bool { return g.filled&(1<<r) != 0 }

// Filled reports whether race has been filled in from a sheet.
func (g *Game) Filled(race int) bool { return g.marksSet(race - FirstRace) }

// String draws the sheet as text, one race a line, for tests and
// debugging: "race 2: 3* 2 0 | 2nd column 2".
func (g *Game) String() string {
	var b strings.Builder
	for r := range Races {
		fmt.Fprintf(&b, "race %2d:", r+FirstRace)
		for s := range int(g.players) {
			mark := " "
			if int(g.winner[r]) == s+1 {
				mark = "*"
			}
			fmt.Fprintf(&b, " %2d%s", g.marks[r][s], mark)
		}
		if s := g.second[r]; s != 0 {
			fmt.Fprintf(&b, " | 2nd %s", Column(int(s)-1))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
