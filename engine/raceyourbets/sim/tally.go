package sim

import (
	"encoding/json"
	"fmt"
	"slices"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// tally is Stats as a shard of a run writes them: the table they were
// played at, to be told apart from another's, and every count, whole
// numbers all, with the histograms' empty bins at the top left out.
type tally struct {
	Game    string   `json:"game"`
	Players int      `json:"players"`
	Bots    []string `json:"bots"`
	Board   string   `json:"board"`
	Finish  int      `json:"finish"`
	// Variant is the digest of the variant played (engine.Digest), empty
	// for a standard board.
	Variant string `json:"variant,omitempty"`
	Seed    uint64 `json:"seed"`

	Games        int64                 `json:"games"`
	Rolls        Hist                  `json:"rolls"`
	Races        Hist                  `json:"races"`
	RaceRolls    Hist                  `json:"race_rolls"`
	WinnerPoints Hist                  `json:"winner_points"`
	Wins         [ryb.MaxPlayers]int64 `json:"wins"`
	Shares       [ryb.MaxPlayers]int64 `json:"shares"`
	SharedWins   int64                 `json:"shared_wins"`
	BotShares    [3]int64              `json:"bot_shares"`
	BotSeats     [3]int64              `json:"bot_seats"`
	Passes       int64                 `json:"passes"`
	Gold         int64                 `json:"gold"`
	Silver       int64                 `json:"silver"`
	Medals       [ryb.Horses][2]int64  `json:"medals"`
	Paid         [ryb.Horses]int64     `json:"paid"`
	Nobody       int64                 `json:"nobody"`
	SharedMedals int64                 `json:"shared_medals"`
	Acts         [ryb.Early + 1]int64  `json:"acts"`
	EmptyHand    int64                 `json:"empty_hand"`
}

// head is the part of a tally that names its table.
func head(t *Table, seed uint64) tally {
	x := tally{Game: "raceyourbets", Players: t.Players, Bots: t.Bots, Board: t.Board.String(), Finish: t.Finish, Seed: seed}
	if t.Variant != nil {
		x.Variant = engine.Digest(t.Variant)
	}
	return x
}

// trim leaves out a histogram's empty bins at the top.
func trim(h Hist) Hist {
	n := len(h.Bins)
	for n > 0 && h.Bins[n-1] == 0 {
		n--
	}
	h.Bins = h.Bins[:n]
	return h
}

// MarshalJSON writes the counts and the table they were played at, for
// ReadStats to read back: what a shard of a run prints.
func (st *Stats) MarshalJSON() ([]byte, error) {
	x := head(&st.Table, st.Seed)
	x.Games, x.Wins, x.Shares, x.SharedWins = st.Games, st.Wins, st.Shares, st.SharedWins
	x.Rolls, x.Races, x.RaceRolls, x.WinnerPoints = trim(st.Rolls), trim(st.Races), trim(st.RaceRolls), trim(st.WinnerPoints)
	x.BotShares, x.BotSeats = st.BotShares, st.BotSeats
	x.Passes, x.Gold, x.Silver = st.Passes, st.Gold, st.Silver
	x.Medals, x.Paid, x.Nobody, x.SharedMedals = st.Medals, st.Paid, st.Nobody, st.SharedMedals
	x.Acts, x.EmptyHand = st.Acts, st.EmptyHand
	return json.Marshal(&x)
}

// ReadStats reads counts that MarshalJSON wrote for games at table t of
// the run seeded seed. Counts of another table or run, or that do not add
// up, are an error.
func ReadStats(t Table, seed uint64, data []byte) (*Stats, error) {
	t = t.Normal()
	var x tally
	if err := json.Unmarshal(data, &x); err != nil {
		return nil, fmt.Errorf("the counts of a run: %w", err)
	}
	want := head(&t, seed)
	switch {
	case x.Game != want.Game:
		return nil, fmt.Errorf("the counts are of %q, not of Race Your Bets", x.Game)
	case x.Players != want.Players || !slices.Equal(x.Bots, want.Bots) || x.Board != want.Board || x.Finish != want.Finish || x.Variant != want.Variant:
		return nil, fmt.Errorf("the counts are of %d players (%v) on the %s board to %d%s, not of the table asked for: %d players (%v) on the %s board to %d%s",
			x.Players, x.Bots, x.Board, x.Finish, variantNote(x.Variant), want.Players, want.Bots, want.Board, want.Finish, variantNote(want.Variant))
	case x.Seed != seed:
		return nil, fmt.Errorf("the counts are of the run seeded %d, not %d", x.Seed, seed)
	}
	st := NewStats(t.Players)
	st.Table, st.Seed = t, seed
	for _, h := range []struct {
		to   *Hist
		from Hist
	}{{&st.Rolls, x.Rolls}, {&st.Races, x.Races}, {&st.RaceRolls, x.RaceRolls}, {&st.WinnerPoints, x.WinnerPoints}} {
		if h.from.Lo != h.to.Lo || len(h.from.Bins) > len(h.to.Bins) {
			return nil, fmt.Errorf("the counts hold a histogram of other bins")
		}
		bins := h.to.Bins
		copy(bins, h.from.Bins)
		*h.to = h.from
		h.to.Bins = bins
	}
	st.Games, st.Wins, st.Shares, st.SharedWins = x.Games, x.Wins, x.Shares, x.SharedWins
	st.BotShares, st.BotSeats = x.BotShares, x.BotSeats
	st.Passes, st.Gold, st.Silver = x.Passes, x.Gold, x.Silver
	st.Medals, st.Paid, st.Nobody, st.SharedMedals = x.Medals, x.Paid, x.Nobody, x.SharedMedals
	st.Acts, st.EmptyHand = x.Acts, x.EmptyHand
	if st.Rolls.N != st.Games || st.Races.N != st.Games || st.Games < 0 {
		return nil, fmt.Errorf("the counts do not add up: %d games, %d lengths counted", st.Games, st.Rolls.N)
	}
	return st, nil
}

func variantNote(digest string) string {
	if digest == "" {
		return ""
	}
	return " (variant " + digest + ")"
}

// SameTable reports whether st and o count games of the same table and
// run, so that they may be merged.
func (st *Stats) SameTable(o *Stats) bool {
	a, b := head(&st.Table, st.Seed), head(&o.Table, o.Seed)
	return a.Players == b.Players && slices.Equal(a.Bots, b.Bots) && a.Board == b.Board && a.Finish == b.Finish && a.Variant == b.Variant && a.Seed == b.Seed
}
