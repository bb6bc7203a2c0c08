package referee

import "furlong/engine/house/play"

// Result is a judged race: the players and their purses, as the play
// protocol scores the race as it stands (play.Result), and what score
// prints of it.
type Result struct {
	play.Result
}
