package engine

// Played is the board a table plays or a sheet prints, as a variant: v, a
// designer's numbers, when it is not nil, and otherwise board's own
// standard numbers.
func Played[V any, B interface{ Variant() *V }](board B, v *V) *V {
	if v != nil {
		return v
	}
	return board.Variant()
}
