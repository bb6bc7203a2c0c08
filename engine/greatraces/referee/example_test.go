package referee_test

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/greatraces/referee"
)

// A transcript of a finished two-player sheet, judged and scored. Ana
// wins races 2 to 7, Ben races 8 to 12 and 2nd place in races 6 and 7: 63
// points each, and the tie goes to the later column.
func ExampleJudge() {
	sheet := `game greatraces
players Ana Ben
race 2 3 1
race 3 5 0
race 4 7 0
race 5 9 6
race 6 11 9
race 7 13 10
race 8 0 11
race 9 0 9
race 10 0 7
race 11 0 5
race 12 0 3
`
	res, err := referee.Judge(strings.NewReader(sheet), engine.JudgeOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Heading())
	// Output: The Great Races, 2 players, board standard, sheet transcript: Ben wins with 63 points
}

// The first problem is reported on its line, with its rule; the command
// line prints the rule's chapter of the rulebook after the message.
func ExampleJudge_error() {
	log := `game greatraces
players Ana Ben
roll Ana 1 2 3 4 split 12 34
roll Ana 1 2 3 4 split 12 34
`
	_, err := referee.Judge(strings.NewReader(log), engine.JudgeOptions{})
	fmt.Println(err)
	if e, ok := engine.AsError(err); ok {
		fmt.Printf("rulebook: %s\n", e.Rule.Chapter())
	}
	// Output:
	// line 4: roll Ana: it is Ben's turn (column 2), not Ana's: turns go by column, 1 to 2 and round again; a line may be missing above
	// rulebook: Turn order
}
