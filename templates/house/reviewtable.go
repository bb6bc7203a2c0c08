package house

import (
	"bytes"
	"fmt"
	"io/fs"
	"sync"

	"furlong/engine/house/review"
	"furlong/examples"
	"furlong/templates"
)

// rbReviewLog is the example race the rulebook's chapter on reviews
// reviews: the one whose sheet the scoring chapter works out.
const rbReviewLog = "house/11_duel_scoring_example.log"

// rbReview is the review of rbReviewLog, worked out once.
var rbReview = sync.OnceValues(func() (*review.Report, error) {
	src, err := fs.ReadFile(examples.FS, rbReviewLog)
	if err != nil {
		return nil, err
	}
	return review.Review(bytes.NewReader(src), review.Options{})
})

// rbReviewPlayers is the review's table of players: purse, decisions
// weighed, dollars lost and lost a decision.
func rbReviewPlayers() string {
	rep, err := rbReview()
	if err != nil {
		return "(" + err.Error() + ")"
	}
	var rows [][]string
	for _, p := range rep.Players {
		rows = append(rows, []string{p.Name, Money(p.Purse), fmt.Sprint(p.Decisions), fmt.Sprintf("$%.1f", p.Loss), fmt.Sprintf("$%.2f", p.MeanLoss())})
	}
	return templates.GFM("lrrrr", []string{"Player", "Purse", "Decisions", "Lost", "Lost a decision"}, rows)
}

// rbReviewCostliest is the review's costliest decisions.
func rbReviewCostliest() string {
	rep, err := rbReview()
	if err != nil {
		return "(" + err.Error() + ")"
	}
	var rows [][]string
	for _, k := range rep.Costliest {
		d := rep.Decisions[k]
		rows = append(rows, []string{fmt.Sprint(d.Turn), d.Player, d.Kind.String(), "`" + d.Played + "`", "`" + d.Best + "`",
			fmt.Sprintf("%+.1f", d.ValuePlayed), fmt.Sprintf("%+.1f", d.ValueBest), fmt.Sprintf("$%.1f", d.Loss)})
	}
	return templates.GFM("rllllrrr", []string{"Turn", "Player", "Decision", "Played", "Best", "Value", "Best value", "Lost"}, rows)
}

// rbReviewValue is one number of the review, for {{value NAME}}.
func rbReviewValue(what string) func() string {
	return func() string {
		rep, err := rbReview()
		if err != nil {
			return "(" + err.Error() + ")"
		}
		switch what {
		case "decided":
			return fmt.Sprint(rep.Decided)
		case "turns":
			return fmt.Sprint(rep.Turns)
		case "decisions":
			return fmt.Sprint(len(rep.Decisions))
		case "lead":
			return fmt.Sprint(review.DecidedLead)
		}
		return "(no review value " + what + ")"
	}
}
