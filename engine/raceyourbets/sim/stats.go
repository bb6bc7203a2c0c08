package sim

import (
	"slices"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
)

// Hist is the engine's histogram.
type Hist = engine.Hist

// histTop is the largest value a histogram keeps a bin of; larger values
// count in the last bin.
const histTop = 399

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
func NewStats(players int) *Stats {
	return &Stats{Table: Table{Players: players},
		Rolls: engine.NewHist(0, histTop), Races: engine.NewHist(0, histTop),
		RaceRolls: engine.NewHist(0, histTop), WinnerPoints: engine.NewHist(0, histTop)}
}

// Reset empties the figures, keeping the histograms' memory.
func (st *Stats) Reset() {
	hists := [...]Hist{st.Rolls, st.Races, st.RaceRolls, st.WinnerPoints}
	*st = Stats{Table: Table{Players: st.Table.Players}}
	st.Rolls, st.Races, st.RaceRolls, st.WinnerPoints = hists[0], hists[1], hists[2], hists[3]
	for _, h := range [...]*Hist{&st.Rolls, &st.Races, &st.RaceRolls, &st.WinnerPoints} {
		h.Reset()
	}
}

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
	g := p.s.Game()
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
		b := p.botIndex[s]
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
