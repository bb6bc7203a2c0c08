package raceyourbets

import (
	"fmt"
	"strings"

	ryb "furlong/engine/raceyourbets"
)

// The rulebook's worked example: three players on the graded board, four
// bets, then Ben cheers horse 5 and rolls 3 and 6. The figures and the
// log in the rulebook are drawn from it by playing it through the engine.
var (
	exampleNames = []string{"Ana", "Ben", "Cal"}
	exampleTurns = []struct {
		a ryb.Action
		d ryb.Dice
	}{
		{ryb.BetOn(3), ryb.Dice{3, 3}},
		{ryb.BetOn(3), ryb.Dice{5, 5}},
		{ryb.BetOn(5), ryb.Dice{4, 2}},
		{ryb.BetOn(3), ryb.Dice{3, 1}},
		{ryb.CheerFor(5), ryb.Dice{3, 6}},
	}
)

// exampleState is the worked example after n turns: the game, and the
// owner (a seat, -1 for none) of the counter on each space of each track.
type exampleState struct {
	g      ryb.Game
	owners [ryb.Horses][ryb.MaxSpaces + 1]int
}

// playExample plays the first n turns of the example.
func playExample(n int) (*exampleState, error) {
	g, err := ryb.New(ryb.Graded, ryb.DefaultFinish, len(exampleNames))
	if err != nil {
		return nil, err
	}
	st := &exampleState{}
	for h := range st.owners {
		for s := range st.owners[h] {
			st.owners[h][s] = -1
		}
	}
	for i, t := range exampleTurns[:n] {
		seat := g.Turn()
		if t.a.Kind == ryb.Bet {
			st.owners[t.a.Horse-1][g.NextSpace(int(t.a.Horse))] = seat
		}
		if _, v := g.Play(seat, t.a, t.d); v != nil {
			return nil, fmt.Errorf("templates: the rulebook's example, turn %d: %v", i+1, v.Describe(exampleNames))
		}
	}
	st.g = g
	return st, nil
}

// exampleLog writes the example as a log, with a comment a turn saying
// what happens, from the engine's own moves.
func exampleLog() (string, error) {
	var b strings.Builder
	b.WriteString("game raceyourbets\nplayers " + strings.Join(exampleNames, " ") + "\n")
	for i, t := range exampleTurns {
		before, err := playExample(i)
		if err != nil {
			return "", err
		}
		after, err := playExample(i + 1)
		if err != nil {
			return "", err
		}
		g := &before.g
		line := fmt.Sprintf("%s %s %s", exampleNames[g.Turn()], t.a, t.d)
		var note []string
		if t.a.Kind == ryb.Bet {
			note = append(note, fmt.Sprintf("space %d of track %d", g.NextSpace(int(t.a.Horse)), t.a.Horse))
		}
		var moved []string
		for h := 1; h <= ryb.Horses; h++ {
			if d := after.g.Pos(h) - g.Pos(h); d > 0 {
				moved = append(moved, fmt.Sprintf("horse %d %d→%d", h, g.Pos(h), after.g.Pos(h)))
			}
		}
		note = append(note, strings.Join(moved, ", "))
		fmt.Fprintf(&b, "%-16s # %s\n", line, strings.Join(note, "; "))
	}
	return b.String(), nil
}
