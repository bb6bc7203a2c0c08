package raceyourbets

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"furlong/engine"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/play"
	"furlong/examples"
	"furlong/templates"
)

// rbReviewLog is the example game the rulebook's "Learning from a game"
// reviews.
const rbReviewLog = "raceyourbets/01_trio_to_ten.log"

// rbReview is the review of rbReviewLog, worked out once.
var rbReview = templates.NewReview(rbReviewLog, func(r io.Reader) (*engine.ReviewReport, error) {
	return bot.Review(r, bot.ReviewOptions{})
})

// rbReviewPlayers is the review's table of players: points, decisions
// weighed, win chance lost in all and a decision.
var rbReviewPlayers = rbReview.Players("lrrrr", []string{"Player", "Points", "Decisions", "Win chance lost", "Lost a decision"},
	func(p *engine.ReviewPlayer) []string {
		name := p.Name
		if p.Place == 1 {
			name += " (winner)"
		}
		return []string{name, fmt.Sprint(p.Result), fmt.Sprint(p.Decisions), templates.WinPoints(p.LossWin), templates.WinPoints(p.Mean())}
	})

// rbReviewCostliest is the review's costliest decisions, each choice
// shown as its log text.
var rbReviewCostliest = rbReview.Table("rlllrrr", []string{"Turn", "Player", "Played", "Best", "Win chance", "Best chance", "Lost"},
	func(rep *engine.ReviewReport) [][]string {
		return templates.CostliestRows(rep, func(text string) string { return text })
	})

// rbReviewValue is one number or sentence of the review, for {{value
// NAME}}.
func rbReviewValue(what string) func() string {
	return rbReview.Value(what, func(rep *engine.ReviewReport, what string) (string, bool) {
		switch what {
		case "game":
			return reviewGame(rep), true
		case "winner":
			for _, p := range rep.Players {
				if p.Place == 1 {
					return p.Name, true
				}
			}
			return "nobody", true
		case "worst":
			return worstSentence(rep), true
		}
		return "", false
	})
}

// reviewGame says who played the reviewed game, in seating order, to
// what finish on which board: "Cal, Ana and Ben to 10 points on the
// graded board".
func reviewGame(rep *engine.ReviewReport) string {
	src, err := fs.ReadFile(examples.FS, rbReviewLog)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	s, err := play.Read(bytes.NewReader(src))
	if err != nil {
		return "(" + err.Error() + ")"
	}
	var names []string
	for _, p := range rep.Players {
		names = append(names, p.Name)
	}
	h := s.Header()
	return fmt.Sprintf("%s and %s to %d points on the %s board", strings.Join(names[:len(names)-1], ", "), names[len(names)-1], h.Finish, h.Board)
}

// worstSentence says in a sentence what the costliest decision was and
// what it cost.
func worstSentence(rep *engine.ReviewReport) string {
	if len(rep.Costliest) == 0 {
		return "No decision of this game lost anything worth naming."
	}
	d := rep.Decisions[rep.Costliest[0]]
	return fmt.Sprintf("The costliest was %s's at turn %d: `%s`, where `%s` was best. By the expert's values it took %s chance "+
		"to win from %s to %s, a loss of %s points.", d.Player, d.Turn, d.Played, d.Best, d.Player+"'s", templates.Percent(d.ValueBest.Win),
		templates.Percent(d.ValuePlayed.Win), templates.WinPoints(d.LossWin))
}
