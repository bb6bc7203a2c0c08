package engine

import (
	"fmt"
	"slices"
	"testing"
)

// TestThrowStatement: a throw's statement written from values and read
// back, for dice apart, dice written together, a draw of faces and a
// hand; what is not the throw alone does not read back, and the wrong
// number of values is no statement.
func TestThrowStatement(t *testing.T) {
	hand := &Hand{Seat: 1, Size: 3, Ranks: []string{"2", "3"}, Left: []int{4, 4}}
	for _, c := range []struct {
		throw  Throw
		values []string
		want   string
	}{
		{Throw{Kind: "roll", Dice: make([]Draw, 6), Text: "roll Ana {} {} {} {} {} {}"}, []string{"6", "1", "1", "1", "3", "3"}, "roll Ana 6 1 1 1 3 3"},
		{Throw{Kind: "rail", Dice: make([]Draw, 2), Text: "rail Ana {} Ben {}"}, []string{"3", "5"}, "rail Ana 3 Ben 5"},
		{Throw{Kind: "roll", Dice: make([]Draw, 2), Text: "Cal bet 3 {}{}"}, []string{"3", "4"}, "Cal bet 3 34"},
		{Throw{Kind: "jockey", Dice: []Draw{{Faces: []string{"ace", "spread"}}}, Text: "jockey Ana {}"}, []string{"ace"}, "jockey Ana ace"},
		{Throw{Kind: "deal", Hand: hand, Text: "deal Ben {}"}, []string{"2 2 3"}, "deal Ben 2 2 3"},
	} {
		have, err := c.throw.Statement(c.values...)
		if err != nil || have != c.want {
			t.Errorf("%q with %q: have %q (%v), want %q", c.throw.Text, c.values, have, err, c.want)
		}
		if back, ok := c.throw.Values(c.want + "   # a comment"); !ok || !slices.Equal(back, c.values) {
			t.Errorf("%q reads back as %q (%v)", c.want, back, ok)
		}
		if _, err := c.throw.Statement(c.values[1:]...); err == nil {
			t.Errorf("%q takes %d values", c.throw.Text, len(c.values)-1)
		}
		if _, ok := c.throw.Values(c.want + " split 11 22"); ok {
			t.Errorf("%q reads %q as the throw alone", c.throw.Text, c.want+" split 11 22")
		}
	}
	th := Throw{Kind: "roll", Dice: make([]Draw, 2), Text: "Cal bet 3 {}{}"}
	for _, s := range []string{"Cal bet 4 34", "Cal bet 3 345", "Cal bet 3 3 4", "Ben bet 3 34"} {
		if v, ok := th.Values(s); ok {
			t.Errorf("%q reads %q as %q", th.Text, s, v)
		}
	}
	for _, v := range []string{"", " ", "3\n4", "3 # 4"} {
		if _, err := (&Throw{Text: "layout {}"}).Statement(v); err == nil {
			t.Errorf("%q is a value", v)
		}
	}
	if _, err := (&Throw{Kind: "roll", Dice: []Draw{{Face: 3}}}).Statement("3"); err == nil {
		t.Error("a decision's dice are entered")
	}
}

// A throw at chance's turn says how the statement that enters it is
// written; the values are the dice as thrown at the table.
func ExampleThrow_Statement() {
	th := Throw{Kind: "roll", Thrower: 0, Dice: make([]Draw, 6), Text: "roll Ana {} {} {} {} {} {}"}
	s, err := th.Statement("6", "1", "1", "1", "3", "3")
	fmt.Println(s, err)
	// Output: roll Ana 6 1 1 1 3 3 <nil>
}
