package house

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house/bot"
	"furlong/templates"
)

// rbReview is the review of the example race the rulebook's chapter on
// reviews reviews, worked out once: the race whose sheet the scoring
// chapter works out.
var rbReview = templates.ExampleReview("house/11_duel_scoring_example.log", bot.Review)

// rbReviewPlayers is the review's table of players: purse, decisions
// weighed, dollars lost and lost a decision.
var rbReviewPlayers = rbReview.Players("lrrrr", []string{"Player", "Purse", "Decisions", "Lost", "Lost a decision"},
	func(p *engine.ReviewPlayer) []string {
		return []string{p.Name, Money(p.Result), fmt.Sprint(p.Decisions), fmt.Sprintf("$%.1f", p.LossPoints), fmt.Sprintf("$%.2f", p.MeanPoints())}
	})

// rbReviewCostliest is the review's costliest decisions, in dollars: the
// house game weighs a decision by the purse, not the chance to win, so
// its table is its own rather than templates.CostliestRows.
var rbReviewCostliest = rbReview.Table("rllllrrr", []string{"Turn", "Player", "Decision", "Played", "Best", "Value", "Best value", "Lost"},
	func(rep *engine.ReviewReport) [][]string {
		var rows [][]string
		for _, k := range rep.Costliest {
			d := rep.Decisions[k]
			played, best := d.Short()
			rows = append(rows, []string{fmt.Sprint(d.Turn), d.Player, d.Kind, "`" + played + "`", "`" + best + "`",
				fmt.Sprintf("$%.1f", d.ValuePlayed.Points), fmt.Sprintf("$%.1f", d.ValueBest.Points), fmt.Sprintf("$%.1f", d.LossPoints)})
		}
		return rows
	})

// rbReviewValue is one number of the review, for {{value NAME}}:
// templates.ReviewFigure's, or "lead".
func rbReviewValue(what string) func() string {
	return rbReview.Value(what, func(rep *engine.ReviewReport, what string) (string, bool) {
		return fmt.Sprint(rep.Lead), what == "lead"
	})
}
