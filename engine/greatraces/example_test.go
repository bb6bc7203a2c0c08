package greatraces_test

import (
	"fmt"

	gr "furlong/engine/greatraces"
)

// A turn: Ana throws 2 5 3 6 and uses 25 then 36, a mark in race 7 and
// one in race 9. The other splits were 23 56 (races 5 and 11) and 26 53
// (race 8 twice).
func ExampleGame_Play() {
	g, _ := gr.New(gr.Standard, 3)
	dice := [gr.Dice]int8{2, 5, 3, 6}
	for _, s := range gr.Splits(dice) {
		fmt.Printf("split %s feeds races %d and %d\n", s, s.A.Sum(), s.B.Sum())
	}
	o, err := g.Play(0, dice, gr.Move{A: gr.Pair{2, 5}, B: gr.Pair{3, 6}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Pairs[0].Race, o.Pairs[0].Result, o.Pairs[1].Race, o.Pairs[1].Result)
	fmt.Println("next:", gr.Column(g.Next()))
	// Output:
	// split 25 36 feeds races 7 and 9
	// split 23 56 feeds races 5 and 11
	// split 26 53 feeds races 8 and 8
	// 7 marked 9 marked
	// next: column 2
}

// The 2nd place of race 7 when column 3 fills its track: columns 1 and 2
// are both past the double line (10 marks needed) with 10 each, and the
// tie goes to the later seat.
func ExampleSecondPlace() {
	marks := [gr.MaxPlayers]int8{10, 10, 13}
	s := gr.SecondPlace(gr.Standard, 7, &marks, 3, 2)
	fmt.Println(gr.Column(s), "takes", gr.Standard.Track(7).Second, "points")
	// Output: column 2 takes 7 points
}
