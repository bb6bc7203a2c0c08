package greatraces

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/greatraces/bot"
	"furlong/templates"
)

// rbReview is the review the rulebook's chapter on reviews tells of: of
// the example game of three of furlong's bots at one table.
var rbReview = templates.ExampleReview("greatraces/three-bots.log", bot.Review)

// rbReviewPlayers is the review's table of players: points, decisions
// weighed, win chance lost in all and a decision, points lost.
var rbReviewPlayers = rbReview.Players("lrrrrr", []string{"Player", "Points", "Splits", "Win chance lost", "A split", "Points lost"},
	func(p *engine.ReviewPlayer) []string {
		return []string{p.Name, fmt.Sprint(p.Result), fmt.Sprint(p.Decisions), templates.WinPoints(p.LossWin),
			templates.WinPoints(p.Mean()), fmt.Sprintf("%.1f", p.LossPoints)}
	})

// split is the split a choice's log text makes: "36 15" of "roll Ana 3 6
// 1 5 split 36 15".
func split(text string) string {
	_, s, _ := strings.Cut(text, " split ")
	return s
}

// rbReviewCostliest is the review's costliest decisions, each choice
// shown by its split.
var rbReviewCostliest = rbReview.Table("rlllrrr", []string{"Turn", "Player", "Played", "Best", "Win chance", "Best's", "Lost"},
	func(rep *engine.ReviewReport) [][]string { return templates.CostliestRows(rep, split) })

// rbReviewValue is one number of the review, for {{value NAME}}.
func rbReviewValue(what string) func() string { return rbReview.Value(what, nil) }
