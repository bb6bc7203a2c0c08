package serve

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"furlong/engine"
	"furlong/layout"
)

// The table draws its boards, and prints its sheets, with the faces the
// sheets embed, which have Latin, Greek, Cyrillic and Hebrew letters: a
// name they lack (李, Ａ) would leave the board blank and the sheets
// unprinted. Such a name is refused where it comes in, at the setup or
// in a log, with the seat or the line, before the game starts rather than
// when its sheets are printed.

// lacking are the runes of s the sheets' faces cannot draw, in regular or
// bold: none for ASCII, which they have.
func lacking(s []byte) []rune {
	ascii := true
	for _, c := range s {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return nil
	}
	var out []rune
	for _, st := range []layout.Style{layout.Regular, layout.Bold} {
		missing, err := layout.Uncovered(layout.Sans, st, string(s))
		if err != nil {
			panic(err) // the faces are embedded
		}
		for _, r := range missing {
			if !strings.ContainsRune(string(out), r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// lackWords says what a word holds that the faces lack, and why it
// matters.
func lackWords(word []byte, missing []rune) string {
	rs := make([]string, len(missing))
	for i, r := range missing {
		rs[i] = fmt.Sprintf("%q", r)
	}
	return fmt.Sprintf("%s holds %s, which the sheets' letters lack: the table draws its board and prints its sheets with them, and they have Latin, Greek, Cyrillic and Hebrew letters", engine.Quote(word), strings.Join(rs, ", "))
}

// drawableSeats refuses a setup whose seats' names the faces cannot draw.
func drawableSeats(seats []engine.Seat) *apiError {
	for i, s := range seats {
		if m := lacking([]byte(s.Name)); len(m) > 0 {
			return fieldErr(engine.PartNames, "seat %d's name %s", i+1, lackWords([]byte(s.Name), m))
		}
	}
	return nil
}

// drawable refuses a log one of whose statements holds a word the faces
// cannot draw: a player's name, or any other (comments are not drawn).
func drawable(log []byte) *apiError {
	sc := engine.NewScanner(bytes.NewReader(log))
	for sc.Next() {
		for _, w := range sc.Words() {
			if m := lacking(w); len(m) > 0 {
				return lineErr(sc.Line(), "%s", lackWords(w, m))
			}
		}
	}
	return nil
}
