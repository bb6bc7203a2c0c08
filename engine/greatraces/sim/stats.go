package sim

import (
	"furlong/engine"
	gr "furlong/engine/greatraces"
)

// maxHist is the longest game the length histogram tells apart; longer
// games count in its last bin (and in full in the mean).
const maxHist = 600

// stats are a table's running statistics: whole numbers,
// the same size however many games they count, so that merging them in
// any order gives the same figures to the last digit. Seats are columns:
// seat 0 rolled first.
type stats struct {
	Games      int64
	Turns      engine.Hist          // games by length in rolls
	Wins       [gr.MaxPlayers]int64 // games won, by seat
	Points     [gr.MaxPlayers]int64 // points scored, by seat
	Tied       int64                // games whose top score was shared before the tie rule
	SecondPaid [gr.Races]int64      // games in which the race paid 2nd place
	RacePoints [gr.Races]int64      // points the race paid, 1st and 2nd
	Decided    [gr.Races]int64      // games the race decided
	LastOpen   [gr.Races]int64      // games in which the race closed last
	DeadAfter  int64                // rolls that marked nothing once nine races were closed
	Offered    [gr.Races]int64      // rolls that offered a mark in the race
	Taken      [gr.Races]int64      // ... and whose chosen split took it
}

// Merge adds o's figures to s.
func (s *stats) Merge(o *stats) {
	s.Games += o.Games
	s.Turns.Merge(&o.Turns)
	for i := range s.Wins {
		s.Wins[i] += o.Wins[i]
		s.Points[i] += o.Points[i]
	}
	s.Tied += o.Tied
	for r := range gr.Races {
		s.SecondPaid[r] += o.SecondPaid[r]
		s.RacePoints[r] += o.RacePoints[r]
		s.Decided[r] += o.Decided[r]
		s.LastOpen[r] += o.LastOpen[r]
		s.Offered[r] += o.Offered[r]
		s.Taken[r] += o.Taken[r]
	}
	s.DeadAfter += o.DeadAfter
}

// newStats returns empty figures.
func newStats() *stats { return &stats{Turns: engine.NewHist(0, maxHist)} }

// Reset empties the figures, keeping the histogram's memory.
func (s *stats) Reset() {
	turns := s.Turns
	*s = stats{Turns: turns}
	s.Turns.Reset()
}

// add counts one game.
func (s *stats) add(g *game) {
	f := &g.Final
	s.Games++
	s.Turns.Add(g.Turns)
	s.Wins[f.Winner()]++
	for p := range f.Players() {
		s.Points[p] += int64(f.Points(p))
	}
	if g.Tied {
		s.Tied++
	}
	for r := gr.FirstRace; r <= gr.LastRace; r++ {
		i := r - gr.FirstRace
		t := f.Track(r)
		s.RacePoints[i] += int64(t.First)
		if f.RaceSecond(r) >= 0 {
			s.SecondPaid[i]++
			s.RacePoints[i] += int64(t.Second)
		}
		s.Offered[i] += int64(g.Offered[i])
		s.Taken[i] += int64(g.Taken[i])
	}
	s.Decided[g.Decider-gr.FirstRace]++
	s.LastOpen[f.Closing(gr.Races-1)-gr.FirstRace]++
	s.DeadAfter += int64(g.DeadAfter)
}
