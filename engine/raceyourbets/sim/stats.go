package sim

import (
	"math"
	"slices"

	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
)

// Hist is a histogram of whole numbers from 0 with its count, sum and sum
// of squares; values past the last bin count in it. All integers, so
// merging in any order gives the same figures.
type Hist struct {
	Bins         [400]int64
	N, Sum, Sq   int64
	Lowest, Most int64 // the smallest and largest values added
}

// Add counts v.
func (h *Hist) Add(v int) {
	h.Bins[min(max(v, 0), len(h.Bins)-1)]++
	if h.N == 0 || int64(v) < h.Lowest {
		h.Lowest = int64(v)
	}
	h.Most = max(h.Most, int64(v))
	h.N++
	h.Sum += int64(v)
	h.Sq += int64(v) * int64(v)
}

// Merge adds o's counts.
func (h *Hist) Merge(o *Hist) {
	for i, c := range o.Bins {
		h.Bins[i] += c
	}
	if o.N > 0 && (h.N == 0 || o.Lowest < h.Lowest) {
		h.Lowest = o.Lowest
	}
	h.Most = max(h.Most, o.Most)
	h.N += o.N
	h.Sum += o.Sum
	h.Sq += o.Sq
}

// Mean is the mean value, 0 when empty.
func (h *Hist) Mean() float64 {
	if h.N == 0 {
		return 0
	}
	return float64(h.Sum) / float64(h.N)
}

// Std is the standard deviation.
func (h *Hist) Std() float64 {
	if h.N < 2 {
		return 0
	}
	m := h.Mean()
	v := float64(h.Sq)/float64(h.N) - m*m
	return math.Sqrt(max(v, 0) * float64(h.N) / float64(h.N-1))
}

// Quantile is the smallest value with at least a share q of the counts at
// or below it.
func (h *Hist) Quantile(q float64) int {
	need := max(int64(math.Ceil(q*float64(h.N))), 1)
	var c int64
	for i, b := range h.Bins {
		if c += b; c >= need {
			return i
		}
	}
	return len(h.Bins) - 1
}

// shareUnit splits a win between tied players in whole numbers: 60 is
// divisible by every table size.
const shareUnit = 60

// Stats are the figures of a run at one table.
type Stats struct {
	Table Table
	Seed  uint64

	Games     int64
	Rolls     Hist // rolls (turns) per game
	Races     Hist // races per game, the last one counted though unfinished
	RaceRolls Hist // rolls of each finished race

	Wins       [ryb.MaxPlayers]int64 // sole wins by seat
	Shares     [ryb.MaxPlayers]int64 // wins by seat, a shared win split, in 60ths
	SharedWins int64                 // games ending in a shared win

	BotShares [3]int64 // wins by bot, in 60ths (bot.Names order)
	BotSeats  [3]int64 // seats played by each bot

	Passes, Gold, Silver int64 // points from passing, gold and silver

	Medals       [ryb.Horses][2]int64 // medals by horse: gold, silver
	Paid         [ryb.Horses]int64    // points paid by each horse's medals
	Nobody       int64                // medals on a track nobody bet on
	SharedMedals int64                // medals shared by two players or more
	Acts         [ryb.Early + 1]int64 // actions by kind
	EmptyHand    int64                // games where someone put all 9 counters down
	WinnerPoints Hist                 // the winner's points
}

// NewStats returns empty figures.
func NewStats(players int) *Stats { return &Stats{Table: Table{Players: players}} }

// Reset empties the figures.
func (st *Stats) Reset() { *st = Stats{Table: Table{Players: st.Table.Players}} }

// Merge adds the figures of another batch.
func (st *Stats) Merge(o *Stats) {
	st.Games += o.Games
	st.Rolls.Merge(&o.Rolls)
	st.Races.Merge(&o.Races)
	st.RaceRolls.Merge(&o.RaceRolls)
	st.WinnerPoints.Merge(&o.WinnerPoints)
	for s := range st.Wins {
		st.Wins[s] += o.Wins[s]
		st.Shares[s] += o.Shares[s]
	}
	for b := range st.BotShares {
		st.BotShares[b] += o.BotShares[b]
		st.BotSeats[b] += o.BotSeats[b]
	}
	st.SharedWins += o.SharedWins
	st.Passes += o.Passes
	st.Gold += o.Gold
	st.Silver += o.Silver
	for h := range st.Medals {
		st.Medals[h][0] += o.Medals[h][0]
		st.Medals[h][1] += o.Medals[h][1]
		st.Paid[h] += o.Paid[h]
	}
	st.Nobody += o.Nobody
	st.SharedMedals += o.SharedMedals
	for k := range st.Acts {
		st.Acts[k] += o.Acts[k]
	}
	st.EmptyHand += o.EmptyHand
}

// add counts the game p has just played.
func (st *Stats) add(p *player) {
	g := &p.g
	st.Games++
	st.Rolls.Add(g.Turns())
	st.Races.Add(p.races)
	for _, r := range p.raceRolls[:min(p.races-1, len(p.raceRolls))] {
		st.RaceRolls.Add(int(r))
	}
	lead := g.Leaders()
	k := 0
	for s := range g.Players() {
		if lead&(1<<s) != 0 {
			k++
		}
	}
	if k > 1 {
		st.SharedWins++
	}
	for s := range g.Players() {
		pa, go_, si := g.Breakdown(s)
		st.Passes += int64(pa)
		st.Gold += int64(go_)
		st.Silver += int64(si)
		b := slices.Index(bot.Names, p.bots[s].Name())
		st.BotSeats[b]++
		if lead&(1<<s) == 0 {
			continue
		}
		if k == 1 {
			st.Wins[s]++
			st.WinnerPoints.Add(g.Points(s))
		}
		st.Shares[s] += shareUnit / int64(k)
		st.BotShares[b] += shareUnit / int64(k)
	}
	for h := range st.Medals {
		st.Medals[h][0] += int64(p.medals[h][0])
		st.Medals[h][1] += int64(p.medals[h][1])
		st.Paid[h] += int64(p.paid[h])
	}
	st.Nobody += int64(p.nobody)
	st.SharedMedals += int64(p.sharedMeds)
	for kd := range st.Acts {
		st.Acts[kd] += int64(p.acts[kd])
	}
	if p.emptyHand {
		st.EmptyHand++
	}
}

// WinShare is seat s's share of the wins, a shared win split equally.
func (st *Stats) WinShare(s int) float64 {
	if st.Games == 0 {
		return 0
	}
	return float64(st.Shares[s]) / float64(shareUnit*st.Games)
}

// BotWinShare is the share of the wins a seat of the named bot took, on
// average per seat it played, or -1 if it did not play.
func (st *Stats) BotWinShare(name string) float64 {
	b := slices.Index(bot.Names, name)
	if b < 0 || st.BotSeats[b] == 0 {
		return -1
	}
	return float64(st.BotShares[b]) / float64(shareUnit) / float64(st.BotSeats[b])
}

// PassShare is the share of all points that came from passing.
func (st *Stats) PassShare() float64 {
	t := st.Passes + st.Gold + st.Silver
	if t == 0 {
		return 0
	}
	return float64(st.Passes) / float64(t)
}

// SharedWinShare is the share of games that ended in a shared win.
func (st *Stats) SharedWinShare() float64 {
	if st.Games == 0 {
		return 0
	}
	return float64(st.SharedWins) / float64(st.Games)
}
