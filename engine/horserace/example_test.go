package horserace_test

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/horserace"
)

// The mid-race example of spec §10: board A with 5, 6, 8 and 9
// scratched, horse 2 two spaces from its gate and horse 7 ten.
func ExampleChances() {
	f := horserace.Field{Board: horserace.BoardA}
	for _, h := range []int{5, 6, 8, 9} {
		f.Scratched[h] = true
	}
	f.Pos[2], f.Pos[7] = 2, 10
	c := horserace.Chances(&f)
	fmt.Printf("horse 2 %.2f%%, horse 7 %.2f%%, horse 12 %.2f%%\n", 100*c[2], 100*c[7], 100*c[12])
	// Output: horse 2 62.81%, horse 7 27.95%, horse 12 4.64%
}

// Three players share one deck: the two on the dealer's left get 15
// cards, the dealer 14.
func ExampleHandSize() {
	for i := range 3 {
		fmt.Print(horserace.HandSize(3, i, false), " ")
	}
	fmt.Println()
	// Output: 15 15 14
}

// A race is played one action at a time; an illegal action says why.
func ExampleGame_Scratch() {
	g, _ := horserace.New(horserace.Options{Players: 2, Board: horserace.BoardD, Dealer: 1})
	var ana, ben horserace.Hand
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		ana[h], ben[h] = 2, 2
	}
	g.Deal(0, &ana)
	g.Deal(1, &ben)
	err := g.Scratch(1, 3, 4)
	fmt.Println(err)
	if v, ok := engine.AsViolation(err); ok {
		fmt.Println(v.Rule, "-", v.Describe([]string{"Ana", "Ben"}))
	}
	fmt.Println(g.Scratch(0, 3, 4), g.Slot(7), g.Pot())
	// Output:
	// it is seat 1's scratch roll, not seat 2's: the first scratch roll is made by the player left of the dealer, seat 2
	// scratch - it is Ana's scratch roll, not Ben's: the first scratch roll is made by the player left of the dealer, Ben
	// <nil> 1 4
}
