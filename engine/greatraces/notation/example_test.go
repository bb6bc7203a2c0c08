package notation_test

import (
	"fmt"
	"io"
	"strings"

	"furlong/engine/greatraces/notation"
)

// Reading a log a statement at a time: the decoder checks the words and
// names, never the rules.
func ExampleDecoder() {
	src := `game greatraces
players Ana Ben      # columns 1 and 2
roll Ana 2 5 3 6 split 25 36
roll Ben 1 1 4 4 split 14 14
`
	d := notation.NewDecoder(strings.NewReader(src))
	var st notation.Statement
	for {
		err := d.Next(&st)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("line %d: %s by column %d, pairs %s\n", st.Line, st.Kind, st.Seat+1, st.Move)
	}
	fmt.Println(d.Header().Names, d.Line())
	// Output:
	// line 3: roll by column 1, pairs 25 36
	// line 4: roll by column 2, pairs 14 14
	// [Ana Ben] 4
}

// A log prints back in canonical form: comments gone, one space between
// words, the default board left out.
func ExampleLog_MarshalText() {
	l, err := notation.Decode(strings.NewReader("game greatraces\nboard standard\nplayers  Ana\tBen\nroll Ana 2 5 3 6 split 52 36 # 7 and 9\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := l.MarshalText()
	fmt.Print(string(text))
	// Output:
	// game greatraces
	// players Ana Ben
	// roll Ana 2 5 3 6 split 52 36
}
