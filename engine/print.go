package engine

// AppendGame appends the two lines every game's log opens with to b:
// "game GAME" and "players NAME...", the players in seat order.
func AppendGame(b []byte, game string, players []string) []byte {
	b = append(b, "game "...)
	b = append(b, game...)
	b = append(b, "\nplayers"...)
	for _, n := range players {
		b = append(b, ' ')
		b = append(b, n...)
	}
	return append(b, '\n')
}
