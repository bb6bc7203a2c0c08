package engine

// SeatGroups groups n seats by what key says of each (a seat's bot, say):
// the keys in the order of their first seat, and the seats of each, in
// order. A simulator's figures by bot are built on it.
func SeatGroups(n int, key func(seat int) string) (keys []string, seats [][]int) {
	idx := map[string]int{}
	for p := range n {
		k := key(p)
		i, ok := idx[k]
		if !ok {
			i = len(keys)
			idx[k] = i
			keys = append(keys, k)
			seats = append(seats, nil)
		}
		seats[i] = append(seats[i], p)
	}
	return keys, seats
}
