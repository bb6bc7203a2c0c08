package bot

import (
	"bytes"
	"io"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
)

// ReviewMethod says how a review of the house game weighs a decision, for
// the report's closing note.
const ReviewMethod = "The expert bot's tables give the values: a choice adds to the player's expected purse what the " +
	"expert's exact one-lane tables expect of each horse with it, less half of what it hands a rival; a kept pair " +
	"counts the best cut of the dice it leaves. A player's expected purse is the purse as it stands and what each horse " +
	"still running may add. The tables weigh each horse on its own, which says nothing trustworthy of a chance to win: " +
	"the review weighs dollars. Riding alone, only the ways to play the pair the rider liked less are weighed."

// maxSteps bounds a rollout's decisions and draws.
const maxSteps = 40 * 400

// Review weighs every decision of the race log r holds with the expert
// (engine.Review, the Critic its engine.ChoiceValuer): the kept pairs,
// cuts, moves and refusals with their strikes and jockey declarations,
// and The Book's stakes and holds, each choice played beside the best as
// a chance to win and in dollars of expected purse. The log is judged as
// check judges it with jo first (on the variant it names; one that stops
// early only with jo.Partial), then walked through the play protocol
// (play.WalkWith); a sheet transcript, which records no decisions, is a
// problem too. o's unset fields are the game's own: the mode's title, the
// expert in every seat for rollouts, the unit, the method's note.
func Review(r io.Reader, jo engine.JudgeOptions, o engine.ReviewOptions) (*engine.ReviewReport, error) {
	src, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	d := notation.NewDecoder(bytes.NewReader(src))
	h, err := d.Header()
	if err != nil {
		return nil, err
	}
	if d.File() == notation.FileTranscript {
		return nil, engine.Errorf(d.Line(), house.RuleNotation, "a sheet transcript records the finished sheets, not the turns: this needs a race log")
	}
	if _, err := referee.Judge(bytes.NewReader(src), jo); err != nil {
		return nil, err
	}
	if o.Game == "" {
		o.Game = h.Mode.Title()
	}
	if o.Bots == nil {
		o.Bots = func(int) (engine.Bot, error) { return New("expert") }
	}
	if o.Unit == "" {
		o.Unit = "$"
	}
	if o.Method == "" {
		o.Method = ReviewMethod
	}
	if o.MaxSteps == 0 {
		o.MaxSteps = maxSteps
	}
	walk := func(visit func(*engine.Move) error) (engine.State, error) {
		s, err := play.WalkWith(bytes.NewReader(src), jo, visit)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	return engine.Review(walk, NewCritic(), o)
}
