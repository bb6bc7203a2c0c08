package notation_test

import (
	"fmt"
	"os"
	"strings"

	"furlong/engine/house/notation"
)

func ExampleDecode() {
	const src = `# A two-player Duel
game duel
players Ana Ben
layout 4
wager Ana 3
rail Ana 5 Ben 2

roll Ana 3 5 5 1 6 2
keep 3:5
cut 51 62
Ben 2:6          # Ben chose the 6-2 pair
Ana pass         # the leftover goes neither way
`
	log, err := notation.Decode(strings.NewReader(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range log.Statements {
		name := log.Header.Players[st.Seat]
		switch st.Kind {
		case notation.KindRoll:
			fmt.Printf("line %d: %s rolls %v\n", st.Line, name, st.Dice)
		case notation.KindPlay:
			fmt.Printf("line %d: %s plays %s\n", st.Line, name, st.Move)
		}
	}
	log.WriteTo(os.Stdout)

	_, err = notation.Decode(strings.NewReader("game duel\nplayers Ana Ben\nlayout 4\nroll Ana 1 2 3 4 5 6\nkeep 3:9\n"))
	fmt.Println(err)
	// Output:
	// line 8: Ana rolls [3 5 5 1 6 2]
	// line 11: Ben plays 2:6
	// line 12: Ana plays pass
	// game duel
	// players Ana Ben
	// layout 4
	// wager Ana 3
	// rail Ana 5 Ben 2
	//
	// roll Ana 3 5 5 1 6 2
	// keep 3:5
	// cut 51 62
	// Ben 2:6
	// Ana pass
	// line 5: "3:9" is not a move: stride 9 is not a die (1-6)
}

func ExampleDecodeTranscript() {
	const src = `game duel
players Ana Ben
layout 4
firsthome 1

sheet Ana
lane 1 2 3 3 3 5 6 6
lane 6 6 5x 6      # a struck number carries an x
photos 5
purse 50
`
	t, err := notation.DecodeTranscript(strings.NewReader(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	h := t.Header
	fmt.Println(h.Mode, h.Players, "first home in lane", h.FirstHome)
	for _, s := range t.Sheets {
		name := h.Players[s.Seat]
		for _, l := range s.Lanes {
			fmt.Printf("line %d: %s lane %d:", l.Line, name, l.Lane)
			for _, b := range l.Boxes {
				fmt.Print(" ", b.N)
				if b.Struck {
					fmt.Print("(struck)")
				}
			}
			fmt.Println()
		}
		fmt.Printf("line %d: %s's purse is %d\n", s.Purse.Line, name, s.Purse.N)
	}
	// Output:
	// duel [Ana Ben] first home in lane 1
	// line 7: Ana lane 1: 2 3 3 3 5 6 6
	// line 8: Ana lane 6: 6 5(struck) 6
	// line 10: Ana's purse is 50
}
