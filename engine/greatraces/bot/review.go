package bot

import (
	"io"

	"furlong/engine"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/play"
)

// ReviewMethod says how a review of The Great Races weighs a decision,
// for the report's closing note.
const ReviewMethod = "The expert values a position as each player's chance of ending with the top score " +
	"and their expected final score: each player's score is taken as normal, with the mean and spread the race " +
	"model gives race by race, after the next player's best reply to each of the throws they can make."

// Review weighs every split of the game log r holds with the expert
// (engine.Review): the split played and the best one, as chances to win
// and expected points. The log is read as play.WalkWith reads it with
// jo (on the variant it names); o's unset fields are the game's own: its
// title, the expert in every seat for rollouts, the method's note.
func Review(r io.Reader, jo engine.JudgeOptions, o engine.ReviewOptions) (*engine.ReviewReport, error) {
	if o.Game == "" {
		o.Game = gr.Title
	}
	if o.Bots == nil {
		o.Bots = func(int) (engine.Bot, error) { return &Expert{}, nil }
	}
	if o.Method == "" {
		o.Method = ReviewMethod
	}
	if o.MaxSteps == 0 {
		o.MaxSteps = 4 * 5000
	}
	walk := func(visit func(*engine.Move) error) (engine.State, error) {
		s, err := play.WalkWith(r, jo, visit)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	return engine.Review(walk, &Expert{}, o)
}
