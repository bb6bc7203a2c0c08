package canter

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"furlong/engine"
)

// MaxSteps bounds the decisions and throws of one race: a race that has
// not ended by then is a bug.
const MaxSteps = 10000

// Count is what a run of simulated races adds up: the races, the wins of
// each seat (a tie counts for every winner) and the turns played.
type Count struct {
	Races int
	Wins  []int
	Turns int
}

// Merge adds the count of another batch of races.
func (c *Count) Merge(o *Count) {
	c.Races += o.Races
	c.Turns += o.Turns
	for i, w := range o.Wins {
		c.Wins[i] += w
	}
}

// Reset empties the count.
func (c *Count) Reset() {
	c.Races, c.Turns = 0, 0
	clear(c.Wins)
}

// Simulate plays o.Games races at setup su, every seat played by the bot
// its Seat names, with the engine's runner: the figures do not depend on
// the number of workers. log, when not nil, takes race i's log.
func Simulate(o engine.RunOptions, su engine.Setup, log func(i int, text []byte) error) (*Report, int, error) {
	if _, err := New(su); err != nil {
		return nil, 0, err
	}
	n := len(su.Seats)
	c, played, err := engine.Run(o, func() *Count { return &Count{Wins: make([]int, n)} }, func() (engine.Player[*Count], error) {
		bots := make([]engine.Bot, n)
		for i, seat := range su.Seats {
			b, err := NewBot(seat.Bot)
			if err != nil {
				return nil, err
			}
			bots[i] = b
		}
		return func(i int, rng *rand.Rand, c *Count) error {
			s, err := New(su)
			if err != nil {
				return err
			}
			if err := engine.PlayOut(s, bots, rng, MaxSteps); err != nil {
				return err
			}
			if log != nil {
				if err := log(i, s.AppendLog(nil)); err != nil {
					return err
				}
			}
			c.Races++
			c.Turns += s.turns
			for seat, place := range engine.Places(s.pos) {
				if place == 1 {
					c.Wins[seat]++
				}
			}
			return nil
		}, nil
	})
	if err != nil {
		return nil, 0, err
	}
	return &Report{Names: su.Names(), Count: *c}, played, nil
}

// Report is what simulate prints of a run: each seat's share of the wins
// and the mean length of a race.
type Report struct {
	Names []string
	Count
}

// Text is the report as simulate prints it, below the command's head.
func (r *Report) Text() string {
	var b strings.Builder
	for i, n := range r.Names {
		fmt.Fprintf(&b, "%-8s wins %5.1f%%\n", n, 100*float64(r.Wins[i])/float64(max(r.Races, 1)))
	}
	fmt.Fprintf(&b, "a race lasts %.1f turns\n", float64(r.Turns)/float64(max(r.Races, 1)))
	return b.String()
}

// JSON is simulate --json's object.
func (r *Report) JSON() any {
	return struct {
		Game  string   `json:"game"`
		Races int      `json:"races"`
		Seats []string `json:"seats"`
		Wins  []int    `json:"wins"`
		Turns int      `json:"turns"`
	}{Keyword, r.Races, r.Names, r.Wins, r.Turns}
}
