package referee_test

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/raceyourbets/referee"
)

func ExampleJudge() {
	log := `game raceyourbets
players Ana Ben
Ana bet 3 33
Ben pass 44
Ana bet 4 12
`
	_, err := referee.Judge(strings.NewReader(log), engine.JudgeOptions{})
	fmt.Println(err)
	res, _ := referee.Judge(strings.NewReader(log), engine.JudgeOptions{Partial: true})
	fmt.Println(res.Summary())
	// Output:
	// line 5: the log stops before the game has ended: race 1 under way after 3 turns; Ana 0, Ben 1; no marker has reached the finish (20)
	// Race Your Bets, 2 players, graded board, finish 20, 3 turns, 1 race: unfinished, Ben leads with 1 point
}
