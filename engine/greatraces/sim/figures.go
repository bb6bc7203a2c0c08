package sim

import (
	"strings"

	gr "furlong/engine/greatraces"
)

// Figures are the reports of several tables played with the same games,
// seed and bots, side by side: what simulate prints when it plays more
// than one table size. The command line plays the tables, one Run each,
// and puts their reports here; Figures adds the game's heading and, once
// for all the tables, what sets furlong's figures apart from the design
// notes'.
type Figures struct {
	Seed    uint64    `json:"seed"`
	Games   int       `json:"games_per_table"`
	Partial bool      `json:"partial"` // interrupted: the last table holds fewer games
	Tables  []*Report `json:"tables"`
}

// Text writes every table's report, then what sets furlong's figures apart
// from the design notes'.
func (f *Figures) Text() string {
	var b strings.Builder
	b.WriteString(gr.Title)
	if f.Partial {
		b.WriteString(" (interrupted: partial figures)")
	}
	b.WriteString("\n")
	design := false
	for i := range f.Tables {
		b.WriteString("\n")
		b.WriteString(f.Tables[i].Text())
		design = design || f.Tables[i].Design != nil
	}
	if design {
		b.WriteString("\n")
		b.WriteString(DesignNote)
	}
	return b.String()
}

// JSON is the object --json prints.
func (f *Figures) JSON() any { return f }

// DesignNote says where furlong's figures and the design notes' part, and
// why, as measured with greedy bots, the kind of player the notes
// describe (other bots play differently and part further).
const DesignNote = `Beside the design notes (spec §6: 3,000 games a table of players who take the
split that most raises a simple estimate of their points, as greedy does):
- Game length, seat win rates (the first seat's edge at two players
  included) and tied games agree within a few percent.
- How often 2nd place is paid depends on how much a player's estimate
  credits it. furlong's counts the chance of passing the double line
  before the winner fills the track, so the runner-up of a long race keeps
  marking it: 2nd place is paid in about 62-93% of races at three players.
  The same bot crediting no 2nd place pays it in about 35-58%. The notes'
  57-79% lie between: their players gave the long races (5 to 9) up sooner.
- Races 2, 3, 11 and 12 close last more often than the notes say (about
  24% against 16% on board standard, 75% against 49% on board length, at
  three players), with more dead rolls at the end: greedy players leave
  the short races for later, the more so when they pay little.
`
