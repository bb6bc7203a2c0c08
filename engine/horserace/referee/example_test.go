package referee_test

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/horserace/referee"
)

// A log is judged as it is read: the chips of every player, or the first
// problem on its line.
func ExampleJudge() {
	log := `game horserace
players Ana Ben
dealer Ben
board D
deal Ana 2 2 2 4 4 4 5 5 6 6 7 7 7 8 9 9 9 10 J J Q Q
deal Ben 2 3 3 3 3 4 5 5 6 6 7 8 8 8 9 10 10 10 J J Q Q
scratch Ana 3 4
scratch Ben 4 4
scratch Ana 5 1
scratch Ben 6 3
roll Ana 1 1
roll Ben 3 4
roll Ana 2 1
roll Ben 6 2
roll Ana 5 4
roll Ben 1 2
roll Ana 4 2
roll Ben 6 6
roll Ana 2 2
roll Ben 2 1
`
	res, err := referee.Judge(strings.NewReader(log), engine.JudgeOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Players {
		fmt.Println(p.Name, p.Chips)
	}
	fmt.Println("pot", res.Pot)
	_, err = referee.Judge(strings.NewReader(strings.Replace(log, "roll Ben 6 2", "roll Ana 6 2", 1)), engine.JudgeOptions{})
	fmt.Println(err)
	// Output:
	// Ana -43
	// Ben 40
	// pot 3
	// line 14: it is Ben's race roll, not Ana's: each race roll passes the dice one seat to the left; a line may be missing above
}
