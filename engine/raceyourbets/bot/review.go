package bot

import (
	"bytes"
	"fmt"
	"io"

	"furlong/engine"
	"furlong/engine/raceyourbets/play"
	"furlong/engine/raceyourbets/referee"
)

// ReviewOptions say how Review weighs a log.
type ReviewOptions struct {
	// Costliest is how many of the costliest decisions the report names;
	// 0 means 3.
	Costliest int
	// Rollouts, when above 0, plays each decision that lost some win
	// chance on to the end that many times from the choice played and from
	// the best, the expert in every seat, the dice seeded by Seed.
	Rollouts int
	Seed     uint64
	// Partial reviews a log that stops before the end of the game, as far
	// as it goes; without it such a log is the referee's error.
	Partial bool
	// Variant is the board the game was played on, as for the referee.
	Variant engine.Variant
	// Stop, when not nil, is asked before each decision is weighed, as
	// engine.ReviewOptions.Stop is.
	Stop func() error
}

// ReviewMethod says how a review's values are worked out, for its closing
// note.
const ReviewMethod = "Values are the expert bot's. A choice is played through all 36 rolls of the dice, " +
	"and each position after a roll is weighed by the exact chances of every pair of horses taking gold and " +
	"silver from there, with the counters on the tracks and the next player's answer as the greedy bot would " +
	"give it. A game still open after the race is shared out by the points, each point ahead weighing 1.4 " +
	"times as much (a softmax of temperature 3); one a medal ends goes to its winners. Expected points are " +
	"those held once the race under way is over."

// Review weighs every decision of a log of Race Your Bets, each seat's
// action before its roll, with the expert (engine.Review): the choice
// played, the best of the legal ones, what the difference cost in win
// chance and in expected points, each player's totals and the turn that
// decided the game. A log that breaks a rule is the referee's
// *engine.Error, and so is one that stops early unless o.Partial is set.
func Review(r io.Reader, o ReviewOptions) (*engine.ReviewReport, error) {
	src, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if _, err := referee.Judge(bytes.NewReader(src), engine.JudgeOptions{Partial: o.Partial, Variant: o.Variant}); err != nil {
		return nil, err
	}
	walk := func(visit func(*engine.Move) error) (engine.State, error) {
		s, err := play.WalkOn(bytes.NewReader(src), o.Variant, visit)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	rep, err := engine.Review(walk, NewExpert(), engine.ReviewOptions{
		Game:      "Race Your Bets",
		Costliest: o.Costliest,
		Rollouts:  o.Rollouts,
		Seed:      o.Seed,
		Bots:      func(int) (engine.Bot, error) { return NewExpert(), nil },
		MaxSteps:  2 * maxTurns,
		Method:    ReviewMethod,
		Stop:      o.Stop,
	})
	if err != nil {
		if _, ok := engine.AsError(err); ok {
			return nil, err
		}
		return nil, fmt.Errorf("reviewing: %w", err)
	}
	return rep, nil
}

// maxTurns bounds a rollout's game: none of the expert's comes near it.
const maxTurns = 20000
