package greatraces

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	content "furlong/content/greatraces"
	"furlong/engine"
	"furlong/engine/greatraces/bot"
	"furlong/templates"
)

// rbReviewLog is the example game the rulebook's chapter on reviews
// reviews: three of furlong's bots at one table.
const rbReviewLog = "examples/three-bots.log"

// rbReview is the review of rbReviewLog, worked out once.
var rbReview = sync.OnceValues(func() (*engine.ReviewReport, error) {
	src, err := fs.ReadFile(content.FS, rbReviewLog)
	if err != nil {
		return nil, err
	}
	return bot.Review(bytes.NewReader(src), engine.JudgeOptions{}, engine.ReviewOptions{})
})

// pp writes a chance as points of win chance, to the tenth.
func pp(x float64) string { return fmt.Sprintf("%.1f", 100*x) }

// rbReviewPlayers is the review's table of players: points, decisions
// weighed, win chance lost in all and a decision, points lost.
func rbReviewPlayers() string {
	rep, err := rbReview()
	if err != nil {
		return "(" + err.Error() + ")"
	}
	var rows [][]string
	for _, p := range rep.Players {
		rows = append(rows, []string{p.Name, fmt.Sprint(p.Result), fmt.Sprint(p.Decisions), pp(p.LossWin), pp(p.Mean()), fmt.Sprintf("%.1f", p.LossPoints)})
	}
	return templates.GFM("lrrrrr", []string{"Player", "Points", "Splits", "Win chance lost", "A split", "Points lost"}, rows)
}

// split is the split a choice's log text makes: "36 15" of "roll Ana 3 6
// 1 5 split 36 15".
func split(text string) string {
	_, s, _ := strings.Cut(text, " split ")
	return s
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
		rows = append(rows, []string{fmt.Sprint(d.Turn), d.Player, "`" + split(d.Played) + "`", "`" + split(d.Best) + "`",
			pct(d.ValuePlayed.Win), pct(d.ValueBest.Win), pp(d.LossWin)})
	}
	return templates.GFM("rlllrrr", []string{"Turn", "Player", "Played", "Best", "Win chance", "Best's", "Lost"}, rows)
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
		case "decidedat":
			return pct(rep.DecidedAt)
		}
		return "(no review value " + what + ")"
	}
}
