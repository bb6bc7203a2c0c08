package raceyourbets

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"sync"

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
var rbReview = sync.OnceValues(func() (*engine.ReviewReport, error) {
	src, err := fs.ReadFile(examples.FS, rbReviewLog)
	if err != nil {
		return nil, err
	}
	return bot.Review(bytes.NewReader(src), bot.ReviewOptions{})
})

// pp writes a chance as points of win chance to the tenth: "20.7".
func pp(x float64) string { return fmt.Sprintf("%.1f", 100*x) }

// rbReviewPlayers is the review's table of players: points, decisions
// weighed, win chance lost in all and a decision.
func rbReviewPlayers() string {
	rep, err := rbReview()
	if err != nil {
		return "(" + err.Error() + ")"
	}
	var rows [][]string
	for _, p := range rep.Players {
		name := p.Name
		if p.Place == 1 {
			name += " (winner)"
		}
		rows = append(rows, []string{name, fmt.Sprint(p.Result), fmt.Sprint(p.Decisions), pp(p.LossWin), pp(p.Mean())})
	}
	return templates.GFM("lrrrr", []string{"Player", "Points", "Decisions", "Win chance lost", "Lost a decision"}, rows)
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
		rows = append(rows, []string{fmt.Sprint(d.Turn), d.Player, "`" + d.Played + "`", "`" + d.Best + "`",
			pct(d.ValuePlayed.Win), pct(d.ValueBest.Win), pp(d.LossWin)})
	}
	return templates.GFM("rlllrrr", []string{"Turn", "Player", "Played", "Best", "Win chance", "Best chance", "Lost"}, rows)
}

// rbReviewValue is one number or sentence of the review, for {{value
// NAME}}.
func rbReviewValue(what string) func() string {
	return func() string {
		rep, err := rbReview()
		if err != nil {
			return "(" + err.Error() + ")"
		}
		switch what {
		case "turns":
			return fmt.Sprint(rep.Turns)
		case "decisions":
			return fmt.Sprint(len(rep.Decisions))
		case "decided":
			return fmt.Sprint(rep.Decided)
		case "decidedat":
			return pct(rep.DecidedAt)
		case "game":
			return reviewGame(rep)
		case "winner":
			for _, p := range rep.Players {
				if p.Place == 1 {
					return p.Name
				}
			}
			return "nobody"
		case "worst":
			return worstSentence(rep)
		}
		return "(no review value " + what + ")"
	}
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
		"to win from %s to %s, a loss of %s points.", d.Player, d.Turn, d.Played, d.Best, d.Player+"'s", pct(d.ValueBest.Win),
		pct(d.ValuePlayed.Win), pp(d.LossWin))
}
