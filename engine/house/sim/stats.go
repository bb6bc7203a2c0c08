package sim

import (
	"furlong/engine"
	"furlong/engine/house"
)

// Hist is the engine's histogram, kept here by its old name for the
// chart and the reports.
type Hist = engine.Hist

// Histogram ranges.
const (
	maxTurns = 400
	purseLo  = -500
	purseHi  = 1500
	// shares: a win shared by k riders counts shareUnit/k, so that tied
	// wins add up exactly.
	shareUnit = 60
)

// Stats are a run's running statistics: constant in size however many
// races it counts. Seats are counted from the first roller (seat 0 rolled
// first), except where a field says it is by the engine's seat.
type Stats struct {
	Races       int64
	Turns       Hist // rolls per race, the finishing round included
	CalledTurn  Hist // the roll that called the race
	Horses      Hist // horses home at the end
	Dead        Hist // dead turns per race, every seat's added up
	SeatDead    [house.MaxPlayers]int64
	Held        int64 // pairs held, every seat's added up
	FalseStarts Hist  // per rider per race
	Scratched   int64
	Purse       [house.MaxPlayers]Hist  // by seat from the first roller, at the end
	CalledPurse [house.MaxPlayers]Hist  // by seat from the first roller, when the race was called
	Wins        [house.MaxPlayers]int64 // win shares (in 1/60) by seat from the first roller
	CalledWins  [house.MaxPlayers]int64
	BotWins     [house.MaxPlayers]int64 // win shares by the engine's seat, whose bot is fixed
	BotPurse    [house.MaxPlayers]int64 // purse sums by the engine's seat
	Jockey      [house.Spread + 1]JockeyStats
}

// JockeyStats are one jockey's rides.
type JockeyStats struct {
	Rides     int64
	Purse     int64 // sum of purses
	Wins      int64 // win shares in 1/60
	FiveAlike int64 // rides in which a lane paid double for five alike
}

// NewStats returns empty statistics.
func NewStats() *Stats {
	s := &Stats{
		Turns:       engine.NewHist(0, maxTurns),
		CalledTurn:  engine.NewHist(0, maxTurns),
		Horses:      engine.NewHist(0, house.MaxPlayers*house.Lanes),
		Dead:        engine.NewHist(0, maxTurns),
		FalseStarts: engine.NewHist(0, house.FalseStartBox+1),
	}
	for i := range s.Purse {
		s.Purse[i] = engine.NewHist(purseLo, purseHi)
		s.CalledPurse[i] = engine.NewHist(purseLo, purseHi)
	}
	return s
}

// Reset empties s, keeping the memory of its histograms.
func (s *Stats) Reset() {
	for _, h := range [...]*Hist{&s.Turns, &s.CalledTurn, &s.Horses, &s.Dead, &s.FalseStarts} {
		h.Reset()
	}
	for i := range s.Purse {
		s.Purse[i].Reset()
		s.CalledPurse[i].Reset()
	}
	s.Races, s.Held, s.Scratched = 0, 0, 0
	s.SeatDead, s.Wins, s.CalledWins, s.BotWins, s.BotPurse = [house.MaxPlayers]int64{}, [house.MaxPlayers]int64{}, [house.MaxPlayers]int64{}, [house.MaxPlayers]int64{}, [house.MaxPlayers]int64{}
	s.Jockey = [house.Spread + 1]JockeyStats{}
}

// Add counts one race of n players.
func (s *Stats) Add(res *Result, n int) {
	s.Races++
	s.Turns.Add(res.Turns)
	if res.CalledTurn > 0 {
		s.CalledTurn.Add(res.CalledTurn)
	}
	s.Horses.Add(res.Horses)
	dead := 0
	for p := range n {
		dead += res.Dead[p]
		s.SeatDead[p] += int64(res.Dead[p])
		s.Held += int64(res.Held[p])
		s.FalseStarts.Add(res.FalseStarts[p])
		if res.Scratched[p] {
			s.Scratched++
		}
	}
	s.Dead.Add(dead)
	win := winShares(&res.Purse, n)
	cwin := winShares(&res.CalledPurse, n)
	for p := range n {
		rel := (p - res.First + n) % n
		s.Purse[rel].Add(res.Purse[p])
		s.CalledPurse[rel].Add(res.CalledPurse[p])
		s.Wins[rel] += win[p]
		s.CalledWins[rel] += cwin[p]
		s.BotWins[p] += win[p]
		s.BotPurse[p] += int64(res.Purse[p])
		if j := res.Jockeys[p]; j != house.NoJockey {
			js := &s.Jockey[j]
			js.Rides++
			js.Purse += int64(res.Purse[p])
			js.Wins += win[p]
			if res.FiveAlike[p] {
				js.FiveAlike++
			}
		}
	}
}

// winShares splits one win among the seats with the biggest purse.
func winShares(purse *[house.MaxPlayers]int, n int) [house.MaxPlayers]int64 {
	var w [house.MaxPlayers]int64
	best, k := top(purse[:n])
	for p := range n {
		if purse[p] == best {
			w[p] = shareUnit / int64(k)
		}
	}
	return w
}

// top is the biggest of purses, at least one, and how many seats hold it.
func top(purses []int) (best, k int) {
	best = purses[0]
	for _, v := range purses {
		switch {
		case v > best:
			best, k = v, 1
		case v == best:
			k++
		}
	}
	return best, k
}

// Merge adds o's counts to s.
func (s *Stats) Merge(o *Stats) {
	s.Races += o.Races
	s.Held += o.Held
	s.Turns.Merge(&o.Turns)
	s.CalledTurn.Merge(&o.CalledTurn)
	s.Horses.Merge(&o.Horses)
	s.Dead.Merge(&o.Dead)
	s.FalseStarts.Merge(&o.FalseStarts)
	s.Scratched += o.Scratched
	for i := range s.Purse {
		s.SeatDead[i] += o.SeatDead[i]
		s.Purse[i].Merge(&o.Purse[i])
		s.CalledPurse[i].Merge(&o.CalledPurse[i])
		s.Wins[i] += o.Wins[i]
		s.CalledWins[i] += o.CalledWins[i]
		s.BotWins[i] += o.BotWins[i]
		s.BotPurse[i] += o.BotPurse[i]
	}
	for j := range s.Jockey {
		a, b := &s.Jockey[j], &o.Jockey[j]
		a.Rides += b.Rides
		a.Purse += b.Purse
		a.Wins += b.Wins
		a.FiveAlike += b.FiveAlike
	}
}
