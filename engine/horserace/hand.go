package horserace

import "strings"

// Hand is a set of cards counted by rank: Hand[h] is the number of cards
// of horse h. Entries 0 and 1 stay zero.
type Hand [Highest + 1]int16

// Cards is the number of cards in the hand.
func (h *Hand) Cards() int {
	n := 0
	for r := Lowest; r <= Highest; r++ {
		n += int(h[r])
	}
	return n
}

// String lists the cards by rank, lowest first: "2 2 5 J Q".
func (h *Hand) String() string {
	var b strings.Builder
	for r := Lowest; r <= Highest; r++ {
		for range h[r] {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(Rank(r))
		}
	}
	return b.String()
}
