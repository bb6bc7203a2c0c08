package house

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// Mode is one of the ways to play on the furlong track.
type Mode uint8

// The games.
const (
	Duel Mode = iota + 1 // each rider races six horses on their own sheet
	Book                 // one field card of six horses; players back them
	Solo                 // one rider alone
)

// Modes lists every game in a stable order.
var Modes = []Mode{Duel, Book, Solo}

// modeRules is what sets one mode apart from the others (rulings §3, §5,
// §7, §8, §9): the table it seats and the parts of the game it has.
type modeRules struct {
	keyword, title string
	min, max       int  // seats; The Book's two players are a variant
	players        int  // the table printed and simulated when none is asked for
	field          bool // one field card that every seat moves: no BET, lanes shut at once
	drafts         bool // the others draft from the four dice
	alone          bool // one rider: no chooser, every horse home is first home
	jockeys        bool
	wagers         bool
	stakes         bool
	photoTimes     int // what photo sets are multiplied by
}

var modeTable = [...]modeRules{
	Duel: {keyword: "duel", title: "The Duel", min: 2, max: MaxPlayers, players: 2, drafts: true, jockeys: true, wagers: true, photoTimes: 1},
	Book: {keyword: "book", title: "The Book", min: 2, max: MaxPlayers, players: 3, field: true, stakes: true, photoTimes: BookPhotoTimes},
	Solo: {keyword: "solo", title: "Riding alone", min: 1, max: 1, players: 1, alone: true, wagers: true, photoTimes: 1},
}

// rules returns the mode's row of the table; an unknown mode has the zero
// row.
func (g Mode) rules() *modeRules {
	if int(g) < len(modeTable) {
		return &modeTable[g]
	}
	return &modeTable[0]
}

// String returns the game's keyword in the race-log notation.
func (g Mode) String() string {
	if k := g.rules().keyword; k != "" {
		return k
	}
	return fmt.Sprintf("Game(%d)", g)
}

// Title is the name players use for the game.
func (g Mode) Title() string {
	if t := g.rules().title; t != "" {
		return t
	}
	return g.String()
}

// ParseMode reads a game keyword (duel, book, solo).
func ParseMode(s string) (Mode, error) {
	for _, g := range Modes {
		if g.String() == s {
			return g, nil
		}
	}
	return 0, fmt.Errorf("unknown game %q (want %s)", s, modeWords())
}

// modeWords lists the keywords: "duel, book or solo".
func modeWords() string {
	var ws []string
	for _, g := range Modes {
		ws = append(ws, g.String())
	}
	return orList(ws)
}

// orList writes "a, b or c".
func orList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// MinPlayers and MaxPlayers give the table sizes a game allows. The Book
// allows two players only as a variant; MinPlayers reports that variant.
func (g Mode) MinPlayers() int { return g.rules().min }

// MaxPlayers is the largest table the game allows.
func (g Mode) MaxPlayers() int { return g.rules().max }

// DefaultPlayers is the table printed and simulated when none is asked
// for: two Duel riders, three bettors, one rider alone.
func (g Mode) DefaultPlayers() int { return g.rules().players }

// Jockeys reports whether riders may take jockeys (The Duel).
func (g Mode) Jockeys() bool { return g.rules().jockeys }

// Wagers reports whether players may make a side wager (The Duel, solo).
func (g Mode) Wagers() bool { return g.rules().wagers }

// Stakes reports whether players back horses (The Book).
func (g Mode) Stakes() bool { return g.rules().stakes }

// PhotoTimes is what photo sets are multiplied by: three in The Book.
func (g Mode) PhotoTimes() int { return g.rules().photoTimes }

// CheckPlayers says whether the game seats n players; the error is a
// *Violation about the players.
func (g Mode) CheckPlayers(n int) error {
	r := g.rules()
	switch {
	case n >= r.min && n <= r.max:
		return nil
	case r.min == r.max:
		return about(RuleSetup, PartPlayers, -1, "%s is for %s, not %d", g.Title(), engine.Count(r.min, "player", "players"), n)
	}
	return about(RuleSetup, PartPlayers, -1, "%s seats %d to %d players, not %d", g.Title(), r.min, r.max, n)
}
