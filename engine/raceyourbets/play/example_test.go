package play_test

import (
	"fmt"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/play"
)

// A turn is the seat's choice, then chance's roll: the log holds the line
// once the dice have completed it.
func ExampleState() {
	s, _ := play.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cal"}}})
	fmt.Println(s.Turn())
	x := play.Encode(ryb.BetOn(3))
	fmt.Printf("%+v\n", s.Choice(x))
	_ = s.Apply(x)
	fmt.Println(s.Turn())
	_ = s.Play("33") // the dice, as the log writes them
	log := s.AppendLog(nil)
	fmt.Printf("%s", log[len(log)-len("Ana bet 3 33\n"):])
	fmt.Println(s.Play("Ana pass 12"))
	// Output:
	// seat 1 act
	// {Text:Ana bet 3 Label:horse 3 Group:bet on Part:horse 3 Uses:[]}
	// chance roll
	// Ana bet 3 33
	// Ana pass: it is Ben's turn, not Ana's (seating order Ana, Ben, Cal)
}
